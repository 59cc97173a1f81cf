/**
 * Positions while a dispatch order is in transit: the browser's geolocation (watchPosition), a
 * point at most every 15 seconds, batched into the outbox every minute or 20 points (queued while
 * offline, sent in order when the network returns).
 */
import { useEffect, useState } from 'react';
import type { Shipment } from './data.ts';
import { enqueue, type Point } from './outbox.ts';

/** The defaults, or a tuning kept on the phone under `tms-driver-tracking` ({ gapMs, batch, flushMs }; the browser test records every point). */
const tuning = (() => {
  try {
    return JSON.parse(localStorage.getItem('tms-driver-tracking') ?? '{}') as { gapMs?: number; batch?: number; flushMs?: number };
  } catch {
    return {};
  }
})();
const MIN_GAP_MS = tuning.gapMs ?? 15_000;
const BATCH = tuning.batch ?? 20;
const FLUSH_MS = tuning.flushMs ?? 60_000;

let watch: number | null = null;
let current: { id: number; code: string } | null = null;
let buffer: Point[] = [];
let timer: ReturnType<typeof setInterval> | null = null;

export function flushPositions(): void {
  if (!buffer.length || !current) return;
  const points = buffer;
  buffer = [];
  void enqueue({ type: 'positions', points, shipmentId: current.id, label: current.code });
}

function onPosition(p: GeolocationPosition) {
  if (!current) return;
  const last = buffer.at(-1);
  if (last && p.timestamp - new Date(last.time).getTime() < MIN_GAP_MS) return;
  const c = p.coords;
  buffer.push({
    shipmentId: current.id,
    lng: c.longitude,
    lat: c.latitude,
    speed: c.speed != null && c.speed >= 0 ? Math.min(400, c.speed * 3.6) : null,
    direction: c.heading != null && c.heading >= 0 ? c.heading : null,
    time: new Date(p.timestamp).toISOString(),
  });
  if (buffer.length >= BATCH) flushPositions();
}

export function track(s: { id: number; shipmentCode: string } | null): void {
  if (current?.id === s?.id) return;
  flushPositions();
  current = s ? { id: s.id, code: s.shipmentCode } : null;
  if (!s) {
    if (watch !== null) navigator.geolocation.clearWatch(watch);
    if (timer) clearInterval(timer);
    watch = null;
    timer = null;
    return;
  }
  if (!('geolocation' in navigator) || watch !== null) return;
  watch = navigator.geolocation.watchPosition(onPosition, () => undefined, { enableHighAccuracy: true, maximumAge: 10_000 });
  timer = setInterval(flushPositions, FLUSH_MS);
  window.addEventListener('pagehide', flushPositions);
}

/** Records positions for the dispatch order in transit, if there is one; answers its code while recording. */
export function useTracking(list: Shipment[]): string | null {
  const shipped = list.find((s) => s.status === 'SHIPPED') ?? null;
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => {
    track(shipped);
    setCode(tracked()?.code ?? null);
  }, [shipped?.id]);
  return code;
}

/** The dispatch order whose positions are recorded now, if any. */
export const tracked = () => (watch !== null ? current : null);
