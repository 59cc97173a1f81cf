/**
 * Layout settings of spec §2 (settings drawer), remembered per browser in local storage.
 * Page style: light (light menu), dark (dark menu on a light page) or realDark (everything dark).
 */
import { useSyncExternalStore } from 'react';

export type PageStyle = 'light' | 'dark' | 'realDark';

export interface LayoutSettings {
  pageStyle: PageStyle;
  colorPrimary: string;
  layout: 'side' | 'top';
  contentWidth: 'Fluid' | 'Fixed';
  fixedHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  /** sider menu type of the pro drawer */
  siderMenuType?: 'sub' | 'group';
  splitMenus?: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  pageStyle: 'dark',
  colorPrimary: '#1890ff',
  layout: 'side',
  contentWidth: 'Fluid',
  fixedHeader: true,
  fixSiderbar: true,
  colorWeak: false,
  siderMenuType: 'sub',
};

/** The primary colours offered (daybreak #1890ff is the default). */
export const COLOR_LIST = [
  { key: 'daybreak', color: '#1890ff' },
  { key: 'dust', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunset', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
  { key: 'geekblue', color: '#2F54EB' },
  { key: 'purple', color: '#722ED1' },
];

export const SETTINGS_KEY = 'tms.layoutSettings';

function load(): LayoutSettings {
  try {
    const raw = localStorage.getItem(SETTINGS_KEY);
    if (!raw) return DEFAULT_SETTINGS;
    const v = JSON.parse(raw) as Partial<LayoutSettings>;
    const s = { ...DEFAULT_SETTINGS, ...v };
    if (!['light', 'dark', 'realDark'].includes(s.pageStyle)) s.pageStyle = DEFAULT_SETTINGS.pageStyle;
    if (s.layout !== 'side' && s.layout !== 'top') s.layout = DEFAULT_SETTINGS.layout;
    return s;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

let current: LayoutSettings = load();
const listeners = new Set<() => void>();

export function getSettings(): LayoutSettings {
  return current;
}

export function updateSettings(patch: Partial<LayoutSettings>): void {
  const next = { ...current, ...patch };
  if (JSON.stringify(next) === JSON.stringify(current)) return;
  current = next;
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(current));
  } catch {
    // private mode: settings last for this page only
  }
  listeners.forEach((l) => l());
}

export function resetSettings(): void {
  updateSettings(DEFAULT_SETTINGS);
}

export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSettings,
  );
}
