/**
 * The driver's dispatch orders and receipts as the app keeps them: fetched when online, kept in
 * localStorage for offline use (the last answer), and refreshed in the background.
 */
import { call } from './api.ts';

export interface Goods {
  itemName: string | null;
  quantity: number;
  unit: string | null;
}
export interface Waybill {
  id: number;
  code: string;
  sourceStationId: number;
  destStationId: number;
  sourceContact: string | null;
  sourcePhone: string | null;
  destContact: string | null;
  destPhone: string | null;
  etd: string | null;
  eta: string | null;
  totalQuantity: number;
  goods: Goods[];
  epodId: number | null;
  epodCode: string | null;
  epodStatus: string | null;
  /** when the driver left the stop after this receipt was signed */
  epodDepartureTime?: string | null;
}
export interface Stop {
  seq: number;
  stationId: number;
  name: string;
  lng: number;
  lat: number;
  address: string | null;
  contactName: string | null;
}
export interface Shipment {
  id: number;
  shipmentCode: string;
  status: 'EFFECTIVE' | 'SHIPPED' | 'COMPLETED';
  isReceive: string | null;
  etd: string | null;
  eta: string | null;
  vehiclePlate: string | null;
  fromLocation: string | null;
  toLocation: string | null;
  totalQuantity: number | null;
  remark: string | null;
  stops: Stop[];
  waybills: Waybill[];
  /** the latest vehicle check reported on it */
  lastCheck?: CheckDone | null;
}
export interface CheckDone {
  id: number;
  result: 'PASS' | 'FAIL';
  checkTime: string;
}
export interface CheckItem {
  code: string;
  label: string;
}
export interface EpodLine {
  id: number;
  posNo: number;
  itemName: string | null;
  itemCode: string | null;
  unit: string | null;
  shippedQuantity: number;
  plannedCases: number;
  plannedPallets: number;
}
export interface Epod {
  id: number;
  code: string;
  waybillCode: string;
  status: string;
  lines: EpodLine[];
}

const TASKS = 'tms-driver-tasks';
const EPOD = 'tms-driver-epod-';

export function cachedTasks(): { at: number; list: Shipment[] } | null {
  return JSON.parse(localStorage.getItem(TASKS) ?? 'null') as { at: number; list: Shipment[] } | null;
}

export async function fetchTasks(): Promise<Shipment[]> {
  const list = await call<Shipment[]>('GET', '/shipments');
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
  const list = await call<CheckItem[]>('GET', '/checkItems');
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
        const e = await call<Epod>('GET', `/epods/${w.epodId}`);
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
