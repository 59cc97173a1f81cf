/**
 * Positions while a dispatch order is in transit: the browser's geolocation (watchPosition), a
 * point at most every 15 seconds, batched into the outbox every minute or 20 points (queued while
 * offline, sent in order when the network returns).
 */
import { useEffect } from 'react';
import type { Shipment } from './data.ts';
import { enqueue, type Point } from './outbox.ts';

const MIN_GAP_MS = 15_000;
const BATCH = 20;
const FLUSH_MS = 60_000;

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

/** Records positions for the dispatch order in transit, if there is one. */
export function useTracking(list: Shipment[]): void {
  const shipped = list.find((s) => s.status === 'SHIPPED') ?? null;
  useEffect(() => track(shipped), [shipped?.id]);
}

export const isTracking = () => current !== null && watch !== null;
