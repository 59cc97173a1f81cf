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

/** A reviewed waybill of carrier CR001 (S-SH-01 → S-SH-02): an order saved, given a carrier route and reviewed, its waybill reviewed. */
export async function reviewedWaybill(server: ProductServer): Promise<string> {
  const token = await server.adminToken();
  const body = {
    clientId: await idOf(server, 'client', 'C001'),
    sourceStationId: await idOf(server, 'station', 'S-SH-01'),
    destStationId: await idOf(server, 'station', 'S-SH-02'),
    isSplitAllowed: true,
    lines: [{ itemId: await idOf(server, 'item', 'I-XF-001'), quantity: 12, weight: 62.4, volume: 0.144, cases: 12, pallets: 0, other: 0 }],
  };
  const saved = await server.api<Envelope<{ id: number; code: string }>>('POST', '/api/order/order/save', body, token);
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const routes = await server.api<{ rows: { id: number }[] }>('GET', `/api/baseinfo/carrierRoute/list?carrierId=${await idOf(server, 'carrier', 'CR001')}`, undefined, token);
  expect((await server.api('POST', '/api/order/order/assignCarrierRoute', { ids: [saved.json.data.id], carrierRouteId: routes.json.rows[0]!.id }, token)).status).toBe(200);
  expect((await server.api('POST', '/api/order/order/review', { ids: [saved.json.data.id] }, token)).status).toBe(200);
  const w = await server.api<{ rows: { id: number; code: string }[] }>('GET', `/api/waybill/waybill/list?orderCode=${saved.json.data.code}`, undefined, token);
  const wb = w.json.rows[0]!;
  expect((await server.api('POST', '/api/waybill/waybill/review', { ids: [wb.id] }, token)).status).toBe(200);
  return wb.code;
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
