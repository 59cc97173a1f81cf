/**
 * `npm run simulate -- --jt808 --devices N`: N JT/T 808 terminals drive around Shanghai against a running
 * server (TMS_JT808_PORT set). The vehicles SIM808-0001 … are created through the API when missing, each with
 * the terminal number 1380000NNNN (even ones speak the 2013 edition, odd ones 2019); each terminal registers,
 * authenticates and reports its position every --interval seconds (and a batch of what it missed after a
 * reconnection), until Ctrl-C or --minutes have passed.
 */
import { Jt808Terminal } from '../apps/server/src/modules/fleet/client.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Api = (method: string, path: string, token?: string | null, body?: unknown) => Promise<Json>;

export interface Jt808Options {
  api: Api;
  token: string;
  host: string;
  port: number;
  devices: number;
  intervalMs: number;
  minutes: number;
  log: (...a: unknown[]) => void;
}

const terminalNumber = (i: number) => `1380000${String(i).padStart(4, '0')}`;
const code = (i: number) => `SIM808-${String(i).padStart(4, '0')}`;

/** The simulated vehicles, created through the API when missing. */
async function ensureVehicles(o: Jt808Options): Promise<void> {
  const T = '/api/baseinfo/transportMeans';
  const have = new Set<string>();
  for (let page = 1; ; page++) {
    const r = await o.api('GET', `${T}/list?code=SIM808-&pageNum=${page}&pageSize=500`, o.token);
    for (const v of r.rows as Json[]) have.add(String(v.code));
    if ((r.rows as Json[]).length < 500) break;
  }
  const carrier = ((await o.api('GET', '/api/baseinfo/carrier/list?pageNum=1&pageSize=1', o.token)).rows as Json[])[0];
  if (!carrier) throw new Error('no carrier to put the simulated vehicles under');
  let made = 0;
  for (let i = 1; i <= o.devices; i++) {
    if (have.has(code(i))) continue;
    await o.api('POST', `${T}/save`, o.token, { carrierId: carrier.id, code: code(i), plateNumber: `沪S${String(i).padStart(5, '0')}`, terminalNumber: terminalNumber(i), terminalProtocol: i % 2 ? '2019' : '2013' });
    made++;
  }
  if (made) o.log(`created ${made} simulated vehicle(s) with 808 terminals`);
}

export async function simulateJt808(o: Jt808Options): Promise<void> {
  await ensureVehicles(o);
  const until = Date.now() + o.minutes * 60_000;
  let reports = 0;
  let failures = 0;
  const one = async (i: number) => {
    const t = new Jt808Terminal({ host: o.host, port: o.port, phone: terminalNumber(i), version: i % 2 ? 2019 : 2013 });
    await t.connect();
    await t.signIn();
    // a circle around People's Square, each truck at its own place and pace
    const centre = { lng: 121.4737 + ((i % 50) - 25) * 0.01, lat: 31.2304 + (Math.floor(i / 50) % 50 - 25) * 0.01 };
    let angle = (i * 37) % 360;
    let mileage = 1000 + i;
    while (Date.now() < until) {
      angle = (angle + 3) % 360;
      mileage += 0.2;
      const rad = (angle * Math.PI) / 180;
      const r = await t.report({ lng: centre.lng + 0.02 * Math.cos(rad), lat: centre.lat + 0.02 * Math.sin(rad), speed: 40 + (i % 40), direction: (angle + 90) % 360, altitude: 5, at: new Date(), mileage, fuel: 120 - (mileage % 100) });
      if (r === 0) reports++;
      else failures++;
      await new Promise((done) => setTimeout(done, o.intervalMs));
    }
    await t.close();
  };
  o.log(`${o.devices} terminal(s) connecting to ${o.host}:${o.port}`);
  const ticker = setInterval(() => o.log(`${reports} report(s) acknowledged${failures ? `, ${failures} refused` : ''}`), 10_000);
  // connect gradually: a few hundred a second
  const runs: Promise<void>[] = [];
  for (let i = 1; i <= o.devices; i++) {
    runs.push(one(i));
    if (i % 200 === 0) await new Promise((done) => setTimeout(done, 500));
  }
  const results = await Promise.allSettled(runs);
  clearInterval(ticker);
  const failed = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
  for (const f of failed.slice(0, 5)) o.log('a terminal failed:', (f.reason as Error).message);
  o.log(`done: ${reports} report(s) acknowledged, ${failures} refused, ${failed.length} terminal(s) failed`);
  if (failed.length || failures) process.exitCode = 1;
}
