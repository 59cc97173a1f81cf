/**
 * Drives demo trucks against a running server, over HTTP only (`npm run simulate`):
 *
 * 1. signs in as the administrator and makes sure a few dispatch orders are EFFECTIVE: the
 *    effective ones first, then confirmed ones (take effect), then new ones from the waybills
 *    ready to dispatch — reviewing an open waybill, or creating and reviewing a demo order, when
 *    none is ready (create → schedule a free demo vehicle and its driver → take effect);
 * 2. signs in as each dispatch order's driver (demo drivers, password `driver123`), accepts it,
 *    lets the dispatcher ship it, and drives the truck along its stops' stations, posting
 *    positions in batches through the driver API;
 * 3. on arrival reports the trip's receipts (epods) when the server has the driver's epod routes,
 *    and finishes the dispatch order.
 *
 * Usage: npm run simulate -- [--url http://localhost:8080] [--user admin] [--password admin123]
 *          [--trips 3] [--minutes 5] [--interval 5] [--detour] [--keep] [--shipment SP…]
 *   --minutes   how long each trip takes (the trucks go as fast as needed; points are real-time)
 *   --interval  seconds between two position batches (one point per second of driving)
 *   --detour    the first truck leaves its route at 40 % of the way for 7 more minutes (the e-fence
 *               alert rule, tolerance 5 minutes, raises an alert on the header bell)
 *   --keep      leave the dispatch orders SHIPPED at the end (no receipts, no finish)
 *   --shipment  drive this one dispatch order (by its code) and no other, instead of step 1: a
 *               CONFIRMED one is taken into effect, an EFFECTIVE one accepted and shipped, a SHIPPED
 *               one driven as it is; any other state is an error (--trips is then 1)
 *
 * The login needs the slide captcha switched off (server started with TMS_CAPTCHA=off, or the
 * system config `sys.account.captchaEnabled` = false) or test hooks (TMS_TEST_HOOKS=1); or pass
 * an administrator token as SIM_ADMIN_TOKEN (copy it from a signed-in browser's local storage).
 *
 * SQL fallback: when the shipment routes cannot produce an EFFECTIVE dispatch order (no waybill
 * ready to dispatch, or an older server) and DATABASE_URL points at the server's PostgreSQL, the
 * simulator writes one straight into tms_shipment (+ stops) for a free demo vehicle and driver,
 * between the first two demo stations. It cannot reach an embedded PGlite (another process).
 */
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.SIM_URL ?? 'http://localhost:8080' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'admin123' },
    trips: { type: 'string', default: '3' },
    minutes: { type: 'string', default: '5' },
    interval: { type: 'string', default: '5' },
    'driver-password': { type: 'string', default: 'driver123' },
    detour: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    shipment: { type: 'string' },
  },
});
const BASE = opt.url!.replace(/\/$/, '');
const TRIPS = Number(opt.trips);
const TRIP_MS = Number(opt.minutes) * 60_000;
const INTERVAL_MS = Number(opt.interval) * 1000;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json | null,
  ) {
    super(`${status} ${body?.msg ?? ''}`);
  }
}

async function api(method: string, path: string, token?: string | null, body?: unknown): Promise<Json> {
  const res = await fetch(BASE + path, {
    method,
    headers: { lang: 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (res.headers.get('content-type') ?? '').includes('json') ? ((await res.json()) as Json) : null;
  if (!res.ok) throw new ApiError(res.status, json);
  return json ?? {};
}

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function adminLogin(): Promise<string> {
  if (process.env.SIM_ADMIN_TOKEN) return process.env.SIM_ADMIN_TOKEN;
  const body: Json = { username: opt.user, password: opt.password };
  try {
    return (await api('POST', '/api/auth/login', null, body)).data.token;
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 400) throw e;
  }
  // a captcha is asked: only a server with test hooks tells the answer
  const img = await api('GET', '/api/auth/captcha/captchaImage');
  try {
    const ans = await api('GET', `/api/auth/captcha/testAnswer?token=${encodeURIComponent(img.data.token)}`);
    return (await api('POST', '/api/auth/login', null, { ...body, captchaToken: img.data.token, x: ans.data.x })).data.token;
  } catch {
    throw new Error('the server asks for the slide captcha: start it with TMS_CAPTCHA=off, or pass SIM_ADMIN_TOKEN');
  }
}

const list = async (token: string, path: string, params: Record<string, string | number>) =>
  (await api('GET', `${path}/list?${new URLSearchParams({ pageNum: '1', pageSize: '100', ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`, token)).rows as Json[];

/** The dispatch order named by --shipment, ready to drive (see the header). */
async function named(token: string, code: string): Promise<Json> {
  const S = '/api/shipment/shipment';
  const find = async () => (await list(token, S, { shipmentCode: code })).find((s) => s.shipmentCode === code);
  let s = await find();
  if (!s) throw new Error(`dispatch order ${code} not found`);
  if (s.status === 'CONFIRMED') {
    await api('POST', `${S}/effect`, token, { ids: [s.id] });
    log(`took effect: ${code}`);
    s = (await find())!;
  }
  if (!['EFFECTIVE', 'SHIPPED'].includes(s.status) || !s.driverIdMaster) throw new Error(`dispatch order ${code} is ${s.status}${s.driverIdMaster ? '' : ' without a driver'}: it cannot be driven`);
  return s;
}

/** Dispatch orders EFFECTIVE for the trip, making more when there are too few. */
async function ensureEffective(token: string): Promise<Json[]> {
  const S = '/api/shipment/shipment';
  if (opt.shipment) return [await named(token, opt.shipment)];
  const effective = async () => (await list(token, S, { status: 'EFFECTIVE' })).filter((s) => s.driverIdMaster && s.isReceive !== 'REFUSED');
  let trips = await effective();
  if (trips.length < TRIPS) {
    const confirmed = (await list(token, S, { status: 'CONFIRMED' })).filter((s) => s.driverIdMaster).slice(0, TRIPS - trips.length);
    if (confirmed.length) {
      await api('POST', `${S}/effect`, token, { ids: confirmed.map((s) => s.id) });
      log(`took effect: ${confirmed.map((s) => s.shipmentCode).join(', ')}`);
    }
    trips = await effective();
  }
  for (let tries = 0; trips.length < TRIPS && tries < TRIPS * 2; tries++) {
    const made = await fromWaybills(token).catch((e) => (log('creating from waybills failed:', e.message), null));
    if (!made) break;
    trips = await effective();
  }
  if (trips.length < TRIPS && process.env.DATABASE_URL) {
    await sqlFallback(TRIPS - trips.length);
    trips = await effective();
  }
  return trips.slice(0, TRIPS);
}

const tried = new Set<number>();

/**
 * One more EFFECTIVE dispatch order: an OPEN one (left by an earlier run) or a new one from a
 * waybill ready to dispatch (reviewing an open waybill when none is), scheduled with a free demo
 * vehicle and its driver, then taken into effect.
 */
async function fromWaybills(token: string): Promise<boolean> {
  for (const s of await list(token, '/api/shipment/shipment', { status: 'OPEN' })) {
    if (tried.has(s.id)) continue;
    tried.add(s.id);
    if (await scheduleFree(token, s.id)) return true;
  }
  let ready = await list(token, '/api/shipment/ros', {});
  if (!ready.length) {
    let open = await list(token, '/api/waybill/waybill', { status: 'OPEN' });
    if (!open.length && (await newOrder(token))) open = await list(token, '/api/waybill/waybill', { status: 'OPEN' });
    if (!open.length) return false;
    await api('POST', '/api/waybill/waybill/review', token, { ids: [open[0]!.id] });
    ready = await list(token, '/api/shipment/ros', {});
    if (!ready.length) return false;
  }
  const created = (await api('POST', '/api/shipment/shipment/create', token, { waybillIds: [ready[0]!.id] })).data;
  const id = Number(created?.id ?? created?.ids?.[0] ?? created);
  tried.add(id);
  await scheduleFree(token, id);
  return true; // even when no vehicle fits, the waybill is used: try the next one
}

/** A demo order between two stations of the first client, reviewed (which makes its waybill). */
async function newOrder(token: string): Promise<boolean> {
  for (const client of await list(token, '/api/baseinfo/client', {})) {
    const stations = (await list(token, '/api/baseinfo/station', { clientId: client.id })).filter((x) => x.longitude != null);
    const items = await list(token, '/api/baseinfo/item', { clientId: client.id });
    if (stations.length < 2 || !items.length) continue;
    const [from, to] = Math.random() < 0.5 ? [stations[0]!, stations[1]!] : [stations[1]!, stations[0]!];
    const order = (
      await api('POST', '/api/order/order/save', token, {
        clientId: client.id,
        sourceStationId: from.id,
        destStationId: to.id,
        remark: 'simulate',
        lines: [{ itemId: items[0]!.id, quantity: 10 + Math.round(Math.random() * 40) }],
      })
    ).data;
    await api('POST', '/api/order/order/review', token, { ids: [order.id] });
    log(`order ${order.code}: created and reviewed (${from.name} → ${to.name})`);
    return true;
  }
  return false;
}

async function scheduleFree(token: string, id: number): Promise<boolean> {
  const shipment = (await api('GET', `/api/shipment/shipment/get/${id}`, token)).data;
  const vehicles = (await list(token, '/api/baseinfo/transportMeans', {})).filter((v) => v.driverId);
  const etd = new Date(Date.now() + 60_000);
  const eta = new Date(etd.getTime() + TRIP_MS + 30 * 60_000);
  for (const v of vehicles) {
    try {
      await api('POST', '/api/shipment/shipment/schedule', token, {
        id,
        version: shipment.version,
        carrierId: v.carrierId,
        vehicleIdMain: v.id,
        driverIdMaster: v.driverId,
        etd: etd.toISOString(),
        eta: eta.toISOString(),
      });
      await api('POST', '/api/shipment/shipment/effect', token, { ids: [id] });
      log(`dispatch order ${shipment.shipmentCode}: scheduled ${v.plateNumber ?? v.code}, effective`);
      return true;
    } catch (e) {
      if (!(e instanceof ApiError) || (e.status !== 400 && e.status !== 409)) throw e; // busy or not allowed there: the next vehicle
    }
  }
  log(`dispatch order ${shipment.shipmentCode}: no free vehicle fits it (left OPEN)`);
  return false;
}

/** Writes EFFECTIVE dispatch orders straight into PostgreSQL (see the header). */
async function sqlFallback(n: number): Promise<void> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    for (let i = 0; i < n; i++) {
      const r = await c.query(
        `with free as (
           select v.id as vehicle_id, v.carrier_id, v.driver_id from base_transport_means v
            where v.driver_id is not null and not exists (
              select 1 from tms_shipment s where s.status in ('CONFIRMED', 'EFFECTIVE', 'SHIPPED') and (s.vehicle_id_main = v.id or s.driver_id_master = v.driver_id))
            order by v.id limit 1),
         ins as (
           insert into tms_shipment(dispatch_center_id, shipment_code, status, carrier_id, vehicle_id_main, driver_id_master, etd, eta, create_by)
           select (select id from sys_dispatch_center order by id limit 1), 'SIM-' || to_char(now(), 'YYMMDDHH24MISS') || '-' || $1, 'EFFECTIVE',
                  carrier_id, vehicle_id, driver_id, now() + interval '1 minute', now() + interval '2 hour', 'simulate' from free
           returning id, dispatch_center_id)
         insert into tms_shipment_stop(dispatch_center_id, shipment_id, seq, station_id, stop_type)
         select ins.dispatch_center_id, ins.id, st.n, st.id, case when st.n = 1 then 'LOAD' else 'UNLOAD' end
           from ins cross join lateral (select id, row_number() over (order by id) as n from base_station where longitude is not null order by id limit 2) st
         returning shipment_id`,
        [i],
      );
      if (!r.rowCount) break;
      log(`SQL fallback: dispatch order ${r.rows[0].shipment_id} written EFFECTIVE`);
    }
  } finally {
    await c.end();
  }
}

interface LngLat {
  lng: number;
  lat: number;
}
const km = (a: LngLat, b: LngLat) => {
  const r = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * r) / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lng - a.lng) * r) / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
};
const bearing = (a: LngLat, b: LngLat) => (Math.atan2(b.lng - a.lng, b.lat - a.lat) * (180 / Math.PI) + 360) % 360;

const DETOUR_MS = 7 * 60_000;
const DETOUR_AT = 0.4;

/**
 * Where the truck is `ms` after departure. A detouring truck stops making progress at 40 % of the
 * way for DETOUR_MS and swings up to 20 km to the side of its route meanwhile.
 */
function position(stops: LngLat[], ms: number, detour: boolean): LngLat & { direction: number; progress: number } {
  const detourStart = DETOUR_AT * TRIP_MS;
  if (!detour || ms < detourStart) return { ...along(stops, Math.min(1, ms / TRIP_MS)), progress: ms / TRIP_MS };
  if (ms > detourStart + DETOUR_MS) return { ...along(stops, Math.min(1, (ms - DETOUR_MS) / TRIP_MS)), progress: (ms - DETOUR_MS) / TRIP_MS };
  // sideways: perpendicular to the leg, up to 20 km
  const p = along(stops, DETOUR_AT);
  const off = 20 * Math.sin(((ms - detourStart) / DETOUR_MS) * Math.PI);
  const side = ((p.direction + 90) * Math.PI) / 180;
  return { ...p, lat: p.lat + (off * Math.cos(side)) / 111, lng: p.lng + (off * Math.sin(side)) / (111 * Math.cos((p.lat * Math.PI) / 180)), progress: DETOUR_AT };
}

/** Where the truck is after `f` (0…1) of the route. */
function along(stops: LngLat[], f: number): LngLat & { direction: number } {
  const legs = stops.slice(1).map((b, i) => km(stops[i]!, b));
  const total = legs.reduce((x, y) => x + y, 0) || 1;
  let d = f * total;
  let i = 0;
  while (i < legs.length - 1 && d > legs[i]!) d -= legs[i++]!;
  const a = stops[i]!;
  const b = stops[i + 1] ?? a;
  const t = legs[i] ? Math.min(1, d / legs[i]!) : 1;
  return { lng: a.lng + (b.lng - a.lng) * t, lat: a.lat + (b.lat - a.lat) * t, direction: bearing(a, b) };
}

async function drive(adminToken: string, trip: Json, drivers: Map<number, string>, detour: boolean): Promise<void> {
  const loginName = drivers.get(Number(trip.driverIdMaster));
  if (!loginName) return log(`${trip.shipmentCode}: driver ${trip.driverIdMaster} unknown, skipped`);
  const token = (await api('POST', '/api/driver/login', null, { loginName, password: opt['driver-password'] })).data.token;
  const mine = (await api('GET', '/api/driver/shipments', token)).data as Json[];
  const s = mine.find((x) => x.id === trip.id);
  if (!s) return log(`${trip.shipmentCode}: not in ${loginName}'s list, skipped`);
  const stops = (s.stops as LngLat[]).map((p) => ({ lng: Number(p.lng), lat: Number(p.lat) }));
  if (stops.length < 2) return log(`${trip.shipmentCode}: fewer than two stations with coordinates, skipped`);
  if (s.status === 'EFFECTIVE') {
    if (s.isReceive !== 'ACCEPTED') await api('POST', `/api/driver/shipments/${s.id}/accept`, token);
    await api('POST', '/api/shipment/shipment/ship', adminToken, { ids: [s.id], time: new Date().toISOString() });
  }
  const route = stops.map((p) => `(${p.lng.toFixed(3)},${p.lat.toFixed(3)})`).join(' → ');
  log(`${s.shipmentCode}: ${loginName} (${s.vehiclePlate}) accepted and departed ${route}${detour ? ' — with a detour' : ''}`);
  const start = Date.now();
  const duration = TRIP_MS + (detour ? DETOUR_MS : 0);
  let sent = 0;
  for (let done = false; !done; ) {
    await sleep(INTERVAL_MS);
    const now = Date.now();
    done = now - start >= duration;
    const points = [];
    for (let t = Math.max(start, now - INTERVAL_MS); t <= now; t += 1000) {
      const p = position(stops, t - start, detour);
      const moving = p.progress < 1;
      points.push({ shipmentId: s.id, lng: +p.lng.toFixed(6), lat: +p.lat.toFixed(6), speed: moving ? 55 + Math.round(Math.random() * 20) : 0, direction: Math.round(p.direction), time: new Date(t).toISOString() });
    }
    await api('POST', '/api/driver/positions', token, points);
    sent += points.length;
  }
  log(`${s.shipmentCode}: arrived after ${sent} positions`);
  if (opt.keep) return;
  await reportEpods(token, s.id).catch((e) => log(`${s.shipmentCode}: receipts not reported (${e.message})`));
  await api('POST', '/api/shipment/shipment/finish', adminToken, { ids: [s.id], time: new Date().toISOString() });
  log(`${s.shipmentCode}: finished`);
}

/** The driver signs every pending receipt of the trip as shipped (when the epod routes exist). */
async function reportEpods(token: string, shipmentId: number): Promise<void> {
  let epods: Json[];
  try {
    epods = (await api('GET', `/api/driver/epods?shipmentId=${shipmentId}`, token)).data;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return; // a server without the driver's receipts
    throw e;
  }
  const now = new Date().toISOString();
  for (const e of epods.filter((x) => ['PENDING', 'REJECTED', 'RECALLED'].includes(x.status))) {
    const detail = (await api('GET', `/api/driver/epods/${e.id}`, token)).data;
    const lines = (detail.lines as Json[]).map((l) => ({ lineId: Number(l.id), signedQuantity: Number(l.shippedQuantity ?? l.plannedQuantity ?? 0), shortage: 0, damage: 0 }));
    await api('POST', `/api/driver/epods/${e.id}/report`, token, { arrivalTime: now, signTime: now, lines });
  }
  if (epods.length) log(`shipment ${shipmentId}: ${epods.length} receipt(s) reported by the driver`);
}

async function main(): Promise<void> {
  log(`simulating ${TRIPS} trip(s) of ${opt.minutes} min against ${BASE}`);
  const admin = await adminLogin();
  const trips = await ensureEffective(admin);
  if (!trips.length) throw new Error('no EFFECTIVE dispatch order could be found or made (see the SQL fallback in scripts/simulate.ts)');
  const drivers = new Map((await list(admin, '/api/baseinfo/driver', {})).map((d) => [Number(d.id), String(d.loginName)]));
  const results = await Promise.allSettled(trips.map((t, i) => drive(admin, t, drivers, opt.detour && i === 0)));
  for (const r of results) if (r.status === 'rejected') log('a trip failed:', (r.reason as Error).message);
  log('done');
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
