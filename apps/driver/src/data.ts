/**
 * The driver's dispatch orders and receipts as the app keeps them: fetched when online, kept in
 * localStorage for offline use (the last answer), and refreshed in the background.
 */
import { send } from './api.ts';
import type { Schema } from './routes.ts';

export type Goods = Schema<'DriverGoods'>;
export type Waybill = Schema<'DriverWaybill'>;
export type Stop = Schema<'DriverStop'>;
export type Shipment = Schema<'Shipment'>;
export type CheckDone = Schema<'CheckDone'>;
export type CheckItem = Schema<'CheckItem'>;
/** What the phone keeps of a receipt to fill it in offline. */
export type Epod = Pick<Schema<'Receipt'>, 'id' | 'code' | 'waybillCode' | 'status' | 'lines'>;
export type EpodLine = Epod['lines'][number];

const TASKS = 'tms-driver-tasks';
const EPOD = 'tms-driver-epod-';

export function cachedTasks(): { at: number; list: Shipment[] } | null {
  return JSON.parse(localStorage.getItem(TASKS) ?? 'null') as { at: number; list: Shipment[] } | null;
}

export async function fetchTasks(): Promise<Shipment[]> {
  const list = await send('shipments');
  localStorage.setItem(TASKS, JSON.stringify({ at: Date.now(), list }));
  return list;
}

/** Keeps a sent answer in the cached list until the next refresh brings the server's own. */
export function answered(shipmentId: number, isReceive: 'ACCEPTED' | 'REFUSED'): void {
  const cache = cachedTasks();
  if (!cache) return;
  localStorage.setItem(TASKS, JSON.stringify({ ...cache, list: cache.list.map((s) => (s.id === shipmentId ? { ...s, isReceive } : s)) }));
}

/** Keeps a sent departure in the cached list until the next refresh brings the server's own. */
export function departed(epodId: number, time: string): void {
  const cache = cachedTasks();
  if (!cache) return;
  const list = cache.list.map((s) => ({ ...s, waybills: s.waybills?.map((w) => (w.epodId === epodId ? { ...w, epodDepartureTime: time } : w)) }));
  localStorage.setItem(TASKS, JSON.stringify({ ...cache, list }));
}

/** Keeps a sent vehicle check in the cached list until the next refresh brings the server's own. */
export function checked(shipmentId: number, check: CheckDone): void {
  const cache = cachedTasks();
  if (!cache) return;
  localStorage.setItem(TASKS, JSON.stringify({ ...cache, list: cache.list.map((s) => (s.id === shipmentId ? { ...s, lastCheck: check } : s)) }));
}

const CHECK_ITEMS = 'tms-driver-check-items-';

/** The vehicle checklist in the app's language, as last fetched (kept for offline use). */
export const cachedCheckItems = (lang: string): CheckItem[] | null => JSON.parse(localStorage.getItem(CHECK_ITEMS + lang) ?? 'null') as CheckItem[] | null;

export async function fetchCheckItems(lang: string): Promise<CheckItem[]> {
  const list = await send('checkItems');
  localStorage.setItem(CHECK_ITEMS + lang, JSON.stringify(list));
  return list;
}

export function cachedEpod(id: number): Epod | null {
  return JSON.parse(localStorage.getItem(EPOD + id) ?? 'null') as Epod | null;
}

/** Keeps the receipts of a dispatch order on the phone, so they can be filled in offline. */
export async function prefetchEpods(s: Shipment): Promise<void> {
  await Promise.all(
    s.waybills
      .filter((w) => w.epodId)
      .map(async (w) => {
        const e = await send('epod', { params: { id: w.epodId! } });
        localStorage.setItem(EPOD + w.epodId, JSON.stringify({ id: e.id, code: e.code, waybillCode: e.waybillCode, status: e.status, lines: e.lines }));
      }),
  );
}

export const fmtTime = (v: string | null | undefined) => {
  if (!v) return '—';
  const d = new Date(v);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};
