/**
 * The visitor's "reduce motion" setting (prefers-reduced-motion, an operating-system accessibility
 * option): antd's slides, fades and zooms are switched off for them (WCAG 2.3.3), and follow the
 * setting when it changes while the page is open.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const m = media();
  m?.addEventListener('change', onChange);
  return () => m?.removeEventListener('change', onChange);
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}
