/**
 * API fixtures of the dispatch tests: a reviewed waybill to dispatch, the dispatch order a waybill is
 * on, a driver's sign-in (driver API), and the demo simulator (scripts/simulate.ts) run against the
 * product as a child process.
 */
import { spawn } from 'node:child_process';
import { expect } from 'vitest';
import type { ProductServer } from './server.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface ShipmentRecord {
  id: number;
  shipmentCode: string;
  status: string;
  isReceive: string | null;
}

/** The id of a master-data record by its code. */
export async function idOf(server: ProductServer, path: string, code: string): Promise<number> {
  const r = await server.api<{ rows: { id: number }[] }>('GET', `/api/baseinfo/${path}/list?code=${code}`, undefined, await server.adminToken());
  return r.json.rows[0]!.id;
}

/** A reviewed waybill (S-SH-01 → S-SH-02) of a carrier (CR001 unless named): an order saved, given the carrier's route and reviewed, its waybill reviewed. */
export async function reviewedWaybillOf(server: ProductServer, carrier = 'CR001', quantity = 12, order: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
  const token = await server.adminToken();
  const body = {
    ...order,
    clientId: await idOf(server, 'client', 'C001'),
    sourceStationId: await idOf(server, 'station', 'S-SH-01'),
    destStationId: await idOf(server, 'station', 'S-SH-02'),
    isSplitAllowed: true,
    lines: [{ itemId: await idOf(server, 'item', 'I-XF-001'), quantity, weight: Math.round(quantity * 5.2 * 1000) / 1000, volume: Math.round(quantity * 0.012 * 1000) / 1000, cases: quantity, pallets: 0, other: 0 }],
  };
  const saved = await server.api<Envelope<{ id: number; code: string }>>('POST', '/api/order/order/save', body, token);
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const routes = await server.api<{ rows: { id: number }[] }>('GET', `/api/baseinfo/carrierRoute/list?carrierId=${await idOf(server, 'carrier', carrier)}`, undefined, token);
  expect((await server.api('POST', '/api/order/order/assignCarrierRoute', { ids: [saved.json.data.id], carrierRouteId: routes.json.rows[0]!.id }, token)).status).toBe(200);
  expect((await server.api('POST', '/api/order/order/review', { ids: [saved.json.data.id] }, token)).status).toBe(200);
  const w = await server.api<{ rows: { id: number; code: string }[] }>('GET', `/api/waybill/waybill/list?orderCode=${saved.json.data.code}`, undefined, token);
  const wb = w.json.rows[0]!;
  expect((await server.api('POST', '/api/waybill/waybill/review', { ids: [wb.id] }, token)).status).toBe(200);
  return { id: wb.id, code: wb.code };
}

/** A reviewed waybill of carrier CR001 (S-SH-01 → S-SH-02), 12 of I-XF-001: its code. */
export async function reviewedWaybill(server: ProductServer): Promise<string> {
  return (await reviewedWaybillOf(server)).code;
}

/** The dispatch order a waybill is on. */
export async function shipmentOf(server: ProductServer, waybillCode: string): Promise<ShipmentRecord> {
  const token = await server.adminToken();
  const w = await server.api<{ rows: { shipmentId: number }[] }>('GET', `/api/waybill/waybill/list?code=${waybillCode}`, undefined, token);
  const s = await server.api<Envelope<ShipmentRecord>>('GET', `/api/shipment/shipment/get/${w.json.rows[0]!.shipmentId}`, undefined, token);
  return s.json.data;
}

/** Signs in to the driver API as a demo driver (password driver123). */
export async function driverToken(server: ProductServer, loginName: string): Promise<string> {
  const login = await server.api<Envelope<{ token: string }>>('POST', '/api/driver/login', { loginName, password: 'driver123' });
  expect(login.status, JSON.stringify(login.json)).toBe(200);
  return login.json.data.token;
}

/**
 * Runs the demo simulator (`npm run simulate`) against the product with the given flags and waits
 * for it to end; answers its exit code and what it printed. The server's test hooks let it sign in.
 */
export async function runSimulator(server: ProductServer, args: string[]): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, SIM_URL: server.url };
  delete env.DATABASE_URL; // the simulator works through the API only: the named dispatch order is driven or the run fails
  delete env.SIM_ADMIN_TOKEN;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/simulate.ts', '--url', server.url, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout.on('data', (b: Buffer) => (output += b.toString()));
  proc.stderr.on('data', (b: Buffer) => (output += b.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    proc.once('error', reject);
    proc.once('exit', (c) => resolve(c));
  });
  return { code, output };
}

/** An API call as the admin that must succeed: answers the body. */
export async function adminCall<T = unknown>(server: ProductServer, method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  const r = await server.api<Envelope<T>>(method, path, body, await server.adminToken());
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.json)}`).toBe(200);
  return r.json;
}

/** The demo vehicles and drivers of carrier CR001 (顺达物流), by their codes. */
export const CREW = {
  zhangwei: { vehicle: 'V001', plate: '沪A12345', driver: 'D001', name: '张伟', login: 'zhangwei' },
  zhaolei: { vehicle: 'V004', plate: '浙A88888', driver: 'D004', name: '赵磊', login: 'zhaolei' },
} as const;
export type Crew = (typeof CREW)[keyof typeof CREW];

export interface Window {
  etd: Date;
  eta: Date;
}

const DAY = 86_400_000;
let pastDays = 0;
let futureDays = 0;
/**
 * A planned window (ETD → ETA, ten hours) no other dispatch order of the file gets: a vehicle or driver
 * may not be on two unfinished dispatch orders whose windows overlap, and the two demo crews of CR001
 * serve every test. Past windows lie ten days back and more (before the seeded demo trips, which run
 * around the time the run seeded its database); future ones ten days ahead and more.
 */
export function pastWindow(): Window {
  const etd = new Date(Date.now() - (10 + pastDays++) * DAY);
  return { etd, eta: new Date(etd.getTime() + 10 * 3_600_000) };
}
export function futureWindow(): Window {
  const etd = new Date(Date.now() + (10 + futureDays++) * DAY);
  return { etd, eta: new Date(etd.getTime() + 10 * 3_600_000) };
}

export interface DispatchOrder {
  id: number;
  shipmentCode: string;
  waybillCode: string;
}

const versionOf = async (server: ProductServer, id: number) => (await adminCall<{ version: number }>(server, 'GET', `/api/shipment/shipment/get/${id}`)).data.version;

/** An open dispatch order of CR001 made from a new reviewed waybill (through the API). */
export async function openDispatchOrder(server: ProductServer, order: Record<string, unknown> = {}): Promise<DispatchOrder> {
  const wb = await reviewedWaybillOf(server, 'CR001', 12, order);
  const made = await adminCall<{ id: number }>(server, 'POST', '/api/shipment/shipment/create', { waybillIds: [wb.id] });
  const s = await adminCall<{ shipmentCode: string }>(server, 'GET', `/api/shipment/shipment/get/${made.data.id}`);
  return { id: made.data.id, shipmentCode: s.data.shipmentCode, waybillCode: wb.code };
}

/** Schedules an open dispatch order: a crew of CR001 over a window. */
export async function schedule(server: ProductServer, id: number, crew: Crew, w: Window): Promise<void> {
  await adminCall(server, 'POST', '/api/shipment/shipment/schedule', {
    id,
    version: await versionOf(server, id),
    carrierId: await idOf(server, 'carrier', 'CR001'),
    vehicleIdMain: await idOf(server, 'transportMeans', crew.vehicle),
    driverIdMaster: await idOf(server, 'driver', crew.driver),
    etd: w.etd.toISOString(),
    eta: w.eta.toISOString(),
  });
}

export const effect = (server: ProductServer, id: number) => adminCall(server, 'POST', '/api/shipment/shipment/effect', { ids: [id] });
export const ship = (server: ProductServer, id: number, at: Date) => adminCall(server, 'POST', '/api/shipment/shipment/ship', { ids: [id], time: at.toISOString() });
export const finish = (server: ProductServer, id: number, at: Date) => adminCall(server, 'POST', '/api/shipment/shipment/finish', { ids: [id], time: at.toISOString() });

/** In-transit reassignment of a shipped dispatch order to another crew at a handover time and place. */
export async function reassignInTransit(server: ProductServer, id: number, crew: Crew, at: Date, place: string): Promise<void> {
  await adminCall(server, 'POST', '/api/shipment/shipment/reassignInTransit', {
    id,
    version: await versionOf(server, id),
    vehicleIdMain: await idOf(server, 'transportMeans', crew.vehicle),
    driverIdMaster: await idOf(server, 'driver', crew.driver),
    handoverTime: at.toISOString(),
    handoverPlace: place,
  });
}

export type DispatchState = 'OPEN' | 'CONFIRMED' | 'EFFECTIVE' | 'SHIPPED';

/**
 * A dispatch order of CR001 brought to `state` through the API: made from a new reviewed waybill,
 * scheduled with `crew` over `window` (a past window of its own unless given), taken into effect,
 * shipped at `shippedAt` (an hour ago unless given).
 */
export async function dispatchOrderIn(
  server: ProductServer,
  state: DispatchState,
  o: { crew?: Crew; window?: Window; shippedAt?: Date; order?: Record<string, unknown> } = {},
): Promise<DispatchOrder> {
  const order = await openDispatchOrder(server, o.order);
  if (state === 'OPEN') return order;
  await schedule(server, order.id, o.crew ?? CREW.zhangwei, o.window ?? pastWindow());
  if (state === 'CONFIRMED') return order;
  await effect(server, order.id);
  if (state === 'EFFECTIVE') return order;
  await ship(server, order.id, o.shippedAt ?? new Date(Date.now() - 3_600_000));
  return order;
}

/**
 * The driver app reports positions of a dispatch order (driver API): `count` points `everyMs` apart up
 * to now, on the straight line from S-SH-01 to S-SH-02 (with a small wiggle when `wiggle`).
 */
export async function reportPositions(server: ProductServer, login: string, shipmentId: number, count: number, everyMs: number, wiggle = false): Promise<void> {
  const token = await driverToken(server, login);
  const now = Date.now();
  const points = Array.from({ length: count }, (_, i) => ({
    shipmentId,
    lng: 121.1669 + (i / count) * (121.5447 - 121.1669),
    lat: 31.2958 + (i / count) * (31.2304 - 31.2958) + (wiggle ? 0.003 * Math.sin(i / 20) : 0),
    speed: 50 + (i % 20),
    time: new Date(now - (count - i) * everyMs).toISOString(),
  }));
  const sent = await server.api('POST', '/api/driver/positions', { points }, token);
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
}

/** The driver app reports the receipt of a dispatch order with its first line two short (driver API). */
export async function reportReceiptShort(server: ProductServer, login: string, shipmentId: number): Promise<{ id: number; code: string }> {
  const token = await driverToken(server, login);
  const mine = await server.api<Envelope<{ id: number }[]>>('GET', `/api/driver/epods?shipmentId=${shipmentId}`, undefined, token);
  expect(mine.json.data).toHaveLength(1);
  const epod = (await server.api<Envelope<{ id: number; code: string; lines: { id: number; shippedQuantity: number }[] }>>('GET', `/api/driver/epods/${mine.json.data[0]!.id}`, undefined, token)).json.data;
  const at = new Date().toISOString();
  const lines = epod.lines.map((l, i) => ({ lineId: l.id, signedQuantity: Number(l.shippedQuantity) - (i === 0 ? 2 : 0), shortage: i === 0 ? 2 : 0, damage: 0, remark: i === 0 ? '少两箱' : null }));
  const r = await server.api('POST', `/api/driver/epods/${epod.id}/report`, { arrivalTime: at, signTime: at, lines }, token);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { id: epod.id, code: epod.code };
}

/** The open (unhandled) alerts of the admin's dispatch center, as the header bell lists them. */
export async function openAlerts(server: ProductServer): Promise<{ id: number; shipmentId: number | null; alertType: string | null }[]> {
  const r = await server.api<Envelope<{ id: number; shipmentId: number | null; alertType: string | null }[]>>('GET', '/api/shipment/shipmentAlert/getAlert?field1=N', undefined, await server.adminToken());
  return r.json.data;
}

/**
 * At least `n` open alerts in the admin's dispatch center, whatever the files run before on the same server handled:
 * while there are fewer, a dispatch order whose delivery window ended a day ago gets its driver's positions on the
 * way, and the real ingestion raises its ETA_LATE alert (the stop's ETA is past the window). Answers the open alerts.
 */
export async function openAlertsAtLeast(server: ProductServer, n: number): Promise<{ id: number; shipmentId: number | null; alertType: string | null }[]> {
  let open = await openAlerts(server);
  while (open.length < n) {
    // its delivery window (the order's planned arrival, the stop's ETA) ended a day ago
    const window = pastWindow();
    const order = await dispatchOrderIn(server, 'SHIPPED', { window, order: { etd: window.etd.toISOString(), eta: new Date(Date.now() - 86_400_000).toISOString() } });
    await reportPositions(server, 'zhangwei', order.id, 2, 60_000);
    await expect.poll(async () => (open = await openAlerts(server)).some((a) => a.shipmentId === order.id), { timeout: 15_000, message: `no ETA_LATE alert for dispatch order ${order.id}` }).toBe(true);
  }
  return open;
}
