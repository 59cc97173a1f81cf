/**
 * The outbox: every write of the app (accept, refuse, a proof of delivery with its photos and
 * signature, the departure from its stop, a vehicle check with its photos, a batch of positions) is first stored in IndexedDB with an idempotency key, then sent
 * in order when the network allows. The server applies each key once and answers a repeat with the
 * first answer, so a send cut mid-way is simply sent again. An item the server refuses (4xx) stays
 * on the phone as refused, with the server's message; a network failure or 5xx leaves it waiting.
 */
import { openDB, type IDBPDatabase } from 'idb';
import { ApiError, NetworkError, savedMe, send as call } from './api.ts';
import { answered, checked, departed } from './data.ts';
import type { Input } from './routes.ts';

export interface Point {
  shipmentId: number | null;
  lng: number;
  lat: number;
  speed: number | null;
  direction: number | null;
  time: string;
}

export interface OutboxItem {
  key: string;
  driverId: number;
  type: 'accept' | 'refuse' | 'epod' | 'positions' | 'vehicleCheck' | 'depart';
  createdAt: number;
  state: 'waiting' | 'refused';
  message?: string;
  /** what the driver recognises it by: a dispatch order or receipt code */
  label: string;
  shipmentId?: number;
  reason?: string;
  epodId?: number;
  /** a receipt's report (epodId) */
  report?: NonNullable<Input<'epodReport'>['body']>;
  /** photos then the signature, uploaded before the report */
  pictures?: Blob[];
  /** pictures already uploaded */
  sent?: number;
  points?: Point[];
  /** a departure from the stop of a signed receipt (epodId) */
  departureTime?: string;
  /** a vehicle check: the checklist's answers (pictures apart) */
  check?: { items: { code: string; passed: boolean; remark: string | null }[]; remark: string | null; lng: number | null; lat: number | null };
  /** for each picture of a vehicle check, the index of its item */
  pictureOf?: number[];
  /** ids of the vehicle check's pictures already uploaded */
  uploaded?: number[];
}

let dbp: Promise<IDBPDatabase> | null = null;
const db = () => (dbp ??= openDB('tms-driver', 1, { upgrade: (d) => d.createObjectStore('outbox', { keyPath: 'key' }) }));

/** A random key (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

const listeners = new Set<() => void>();
export function subscribe(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}
const changed = () => listeners.forEach((f) => f());

export async function items(): Promise<OutboxItem[]> {
  const me = savedMe();
  const all = (await (await db()).getAll('outbox')) as OutboxItem[];
  return all.filter((i) => !me || i.driverId === me.driverId).sort((a, b) => a.createdAt - b.createdAt);
}

export async function enqueue(item: Omit<OutboxItem, 'key' | 'driverId' | 'createdAt' | 'state'>): Promise<OutboxItem> {
  const me = savedMe();
  if (!me) throw new Error('not signed in');
  const full: OutboxItem = { ...item, key: newKey(), driverId: me.driverId, createdAt: Date.now(), state: 'waiting' };
  await (await db()).put('outbox', full);
  changed();
  void sync();
  return full;
}

export async function remove(key: string): Promise<void> {
  await (await db()).delete('outbox', key);
  changed();
}

async function save(item: OutboxItem): Promise<void> {
  await (await db()).put('outbox', item);
  changed();
}

async function send(item: OutboxItem): Promise<void> {
  switch (item.type) {
    case 'accept':
      await call('accept', { params: { id: item.shipmentId! }, body: {} }, { key: item.key });
      answered(item.shipmentId!, 'ACCEPTED');
      return;
    case 'refuse':
      await call('refuse', { params: { id: item.shipmentId! }, body: { reason: item.reason! } }, { key: item.key });
      answered(item.shipmentId!, 'REFUSED');
      return;
    case 'positions':
      await call('positions', { body: { points: item.points! } }, { key: item.key });
      return;
    case 'depart':
      await call('epodDeparture', { params: { id: item.epodId! }, body: { departureTime: item.departureTime! } }, { key: item.key });
      departed(item.epodId!, item.departureTime!);
      return;
    case 'epod': {
      const pictures = item.pictures ?? [];
      for (let i = item.sent ?? 0; i < pictures.length; i++) {
        const form = new FormData();
        const blob = pictures[i]!;
        form.append('file', blob, `${i === pictures.length - 1 ? 'signature' : 'photo'}-${i + 1}.${blob.type === 'image/png' ? 'png' : 'jpg'}`);
        await call('epodPicture', { params: { id: item.epodId! }, form }, { key: `${item.key}-p${i}` });
        item.sent = i + 1;
        await save(item);
      }
      await call('epodReport', { params: { id: item.epodId! }, body: item.report! }, { key: `${item.key}-r` });
      return;
    }
    case 'vehicleCheck': {
      const pictures = item.pictures ?? [];
      const ids = item.uploaded ?? [];
      for (let i = ids.length; i < pictures.length; i++) {
        const form = new FormData();
        form.append('file', pictures[i]!, `check-${i + 1}.jpg`);
        ids.push((await call('uploadFile', { form }, { key: `${item.key}-p${i}` })).id);
        item.uploaded = ids;
        item.sent = ids.length;
        await save(item);
      }
      const c = item.check!;
      const body = { ...c, items: c.items.map((x, n) => ({ ...x, pictureIds: ids.filter((_, k) => item.pictureOf?.[k] === n) })) };
      const saved = await call('vehicleCheck', { params: { id: item.shipmentId! }, body }, { key: `${item.key}-c` });
      checked(item.shipmentId!, { ...saved, checkTime: new Date(item.createdAt).toISOString() });
      return;
    }
  }
}

let running: Promise<void> | null = null;
/** something was queued (or a sync asked for) while a pass ran: its list was read before, so another pass follows */
let again = false;
export let syncing = false;

/** One pass over what is waiting, oldest first; false when it stopped at a network failure or a lost session. */
async function pass(): Promise<boolean> {
  for (const item of await items()) {
    if (item.state !== 'waiting') continue;
    try {
      await send(item);
      await remove(item.key);
    } catch (e) {
      if (e instanceof NetworkError || !(e instanceof ApiError)) return false;
      if (e.status === 401) return false; // signed out: kept for the next sign-in
      await save({ ...item, state: 'refused', message: e.message });
    }
  }
  return true;
}

/**
 * Sends what is waiting, oldest first; stops at the first network failure (the rest waits for the next try). Asked
 * while a pass runs, it answers that run, which makes one more pass for what was queued meanwhile (it would
 * otherwise wait for the next try, 20 seconds later).
 */
export function sync(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    syncing = true;
    changed();
    try {
      let online = true;
      do {
        again = false;
        online = await pass();
      } while (again && online);
    } finally {
      again = false;
      syncing = false;
      running = null;
      changed();
    }
  })();
  return running;
}

/** Tries again when the network comes back, and every 20 seconds. */
export function startSyncing(): void {
  window.addEventListener('online', () => void sync());
  setInterval(() => {
    if (navigator.onLine) void sync();
  }, 20_000);
  void sync();
}
