/**
 * Drives demo trucks against a running server, over HTTP only (`npm run simulate`): every change goes
 * through the product's API and its rules, nothing is written into the database directly.
 *
 * 1. signs in as the administrator and makes sure a few dispatch orders are EFFECTIVE: the
 *    effective ones first, then confirmed ones (take effect), then new ones from the waybills
 *    ready to dispatch — reviewing an open waybill, or creating and reviewing a demo order, when
 *    none is ready (create → schedule a free demo vehicle and its driver → take effect). When not
 *    one can be had this way it says why and exits with code 1 (fewer than --trips: it drives those);
 * 2. signs in as each dispatch order's driver (demo drivers, password `driver123`), accepts it,
 *    reports the vehicle check when asked (--check), lets the dispatcher ship it, and drives the
 *    truck along its stops' stations, posting positions in batches through the driver API;
 * 3. on arrival the driver reports the trip's receipts (epods) — signed as shipped, or with the
 *    shortage and pictures asked for — and the dispatcher finishes the dispatch order.
 * The exit code is 0 when every trip went through, 1 otherwise (each failure is printed).
 *
 * Usage: npm run simulate -- [--url http://localhost:8080] [--user admin] [--password admin123]
 *          [--trips 3] [--minutes 5] [--interval 5] [--detour] [--keep] [--shipment SP…]
 *          [--check] [--check-fail TYRES] [--shortage 2] [--epod-picture]
 *   --minutes      how long each trip takes (the trucks go as fast as needed; points are real-time)
 *   --interval     seconds between two position batches (one point per second of driving)
 *   --detour       the first truck leaves its route at 40 % of the way for 7 more minutes (the e-fence
 *                  alert rule, tolerance 5 minutes, raises an alert on the header bell)
 *   --keep         leave the dispatch orders SHIPPED at the end (no receipts, no finish)
 *   --shipment     drive this one dispatch order (by its code) and no other, instead of step 1: a
 *                  CONFIRMED one is taken into effect, an EFFECTIVE one accepted and shipped, a SHIPPED
 *                  one driven as it is; any other state is an error (--trips is then 1)
 *   --check        before departure the driver reports the vehicle check (POST /api/driver/shipments/:id/
 *                  vehicleCheck): every item of the checklist (dict vehicle_check_item) passes, and the
 *                  first one carries a picture uploaded first (POST /api/driver/files)
 *   --check-fail   with --check implied: this checklist item fails, with a remark and the picture
 *   --shortage     at arrival the first line of the trip's first receipt is signed this many short
 *                  (shortage, with a remark), which makes the receipt abnormal
 *   --epod-picture at arrival the driver adds a picture to every receipt before reporting it (on the
 *                  short line when there is one)
 *
 *
 * JT/T 808 terminals instead of the driver app: npm run simulate -- --jt808 [--devices 10] [--jt808-port 8808]
 *          [--interval 5] [--minutes 5]  (the server listens with TMS_JT808_PORT; see scripts/simulate-jt808.ts)
 *
 * The login needs the slide captcha switched off (server started with TMS_CAPTCHA=off, or the
 * system config `sys.account.captchaEnabled` = false) or test hooks (TMS_TEST_HOOKS=1); or pass
 * an administrator token as SIM_ADMIN_TOKEN (copy it from a signed-in browser's local storage).
 */
import { parseArgs } from 'node:util';
import { deflateSync } from 'node:zlib';

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
    check: { type: 'boolean', default: false },
    'check-fail': { type: 'string' },
    shortage: { type: 'string', default: '0' },
    'epod-picture': { type: 'boolean', default: false },
    jt808: { type: 'boolean', default: false },
    devices: { type: 'string', default: '10' },
    'jt808-port': { type: 'string', default: process.env.TMS_JT808_PORT ?? '8808' },
  },
});
const BASE = opt.url!.replace(/\/$/, '');
const TRIPS = Number(opt.trips);
const TRIP_MS = Number(opt.minutes) * 60_000;
const INTERVAL_MS = Number(opt.interval) * 1000;
const CHECK_FAIL = opt['check-fail']?.trim() || null;
const CHECK = opt.check || CHECK_FAIL !== null;
const SHORTAGE = Number(opt.shortage);
for (const [name, v, min] of [['trips', TRIPS, 1], ['minutes', TRIP_MS, 1], ['interval', INTERVAL_MS, 1], ['shortage', SHORTAGE, 0]] as const) {
  if (!Number.isFinite(v) || v < min) {
    console.error(`--${name}: not a number of at least ${min}`);
    process.exit(1);
  }
}

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

/** Why no more dispatch orders could be had through the API (said when there are too few). */
const shortfall: string[] = [];

/** Dispatch orders EFFECTIVE for the trip, making more through the API when there are too few. */
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
    const made = await fromWaybills(token).catch((e: Error) => (shortfall.push(`making one from the waybills failed: ${e.message}`), false));
    if (!made) break;
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
    if (!open.length) {
      shortfall.push('no waybill is ready to dispatch or open to review, and no demo order could be made (a client with two stations with coordinates and an item)');
      return false;
    }
    await api('POST', '/api/waybill/waybill/review', token, { ids: [open[0]!.id] });
    ready = await list(token, '/api/shipment/ros', {});
    if (!ready.length) {
      shortfall.push(`waybill ${open[0]!.code} was reviewed but is not ready to dispatch`);
      return false;
    }
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
  let refused = vehicles.length ? '' : ' (no vehicle has a driver)';
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
      refused = ` (last refusal: ${e.body?.msg ?? e.status})`;
    }
  }
  const why = `dispatch order ${shipment.shipmentCode}: no free vehicle with a driver fits it, left OPEN${refused}`;
  log(why);
  shortfall.push(why);
  return false;
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

/** A small PNG (a photo of the driver app, as far as the server can tell): a coloured band on grey. */
function picture(hue: number): Buffer {
  const w = 96;
  const h = 64;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const [r, g, b] = [Math.round(127 + 127 * Math.sin(hue)), Math.round(127 + 127 * Math.sin(hue + 2.1)), Math.round(127 + 127 * Math.sin(hue + 4.2))];
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const band = y > h / 3 && y < (2 * h) / 3;
      raw.set(band ? [r, g, b] : [200 - y, 200 - y, 200 - y], y * (w * 3 + 1) + 1 + x * 3);
    }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Uploads a picture as multipart (the driver app's camera): the stored file's id. */
async function upload(path: string, token: string, name: string, hue: number): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(picture(hue))], { type: 'image/png' }), name);
  const res = await fetch(BASE + path, { method: 'POST', headers: { lang: 'en-US', authorization: `Bearer ${token}` }, body: form });
  const json = (res.headers.get('content-type') ?? '').includes('json') ? ((await res.json()) as Json) : null;
  if (!res.ok) throw new ApiError(res.status, json);
  return Number(json?.data?.id);
}

/** The checklist items (dict vehicle_check_item), read with the administrator's session. */
let checklist: Promise<string[]> | null = null;
const checkItems = (adminToken: string) =>
  (checklist ??= api('GET', '/api/system/dict/data/type?dictType=vehicle_check_item', adminToken).then((r) => (r.data as Json[]).map((d) => String(d.dictValue))));

/** --check: the driver reports the vehicle check before departure, a picture on the first (or failing) item. */
async function vehicleCheck(adminToken: string, token: string, s: Json, at: LngLat): Promise<void> {
  const codes = await checkItems(adminToken);
  if (!codes.length) throw new Error('the checklist (dict vehicle_check_item) is empty');
  if (CHECK_FAIL && !codes.includes(CHECK_FAIL)) throw new Error(`--check-fail ${CHECK_FAIL}: not an item of the checklist (${codes.join(', ')})`);
  const pictured = CHECK_FAIL ?? codes[0]!;
  const pictureId = await upload('/api/driver/files', token, `check-${s.shipmentCode}-${pictured}.png`.toLowerCase(), s.id);
  const items = codes.map((code) => ({
    code,
    passed: code !== CHECK_FAIL,
    remark: code === CHECK_FAIL ? 'simulate: needs attention' : null,
    pictureIds: code === pictured ? [pictureId] : [],
  }));
  const r = await api('POST', `/api/driver/shipments/${s.id}/vehicleCheck`, token, { items, remark: 'simulate: check before departure', lng: at.lng, lat: at.lat });
  log(`${s.shipmentCode}: vehicle check ${r.data.result} (${items.length} items, a picture on ${pictured})`);
}

async function drive(adminToken: string, trip: Json, drivers: Map<number, string>, detour: boolean, first: boolean): Promise<void> {
  const loginName = drivers.get(Number(trip.driverIdMaster));
  if (!loginName) throw new Error(`${trip.shipmentCode}: driver ${trip.driverIdMaster} is not among the drivers`);
  const token = (await api('POST', '/api/driver/login', null, { loginName, password: opt['driver-password'] })).data.token;
  const mine = (await api('GET', '/api/driver/shipments', token)).data as Json[];
  const s = mine.find((x) => x.id === trip.id);
  if (!s) throw new Error(`${trip.shipmentCode}: not in ${loginName}'s list of dispatch orders`);
  const stops = (s.stops as LngLat[]).filter((p) => p.lng != null && p.lat != null).map((p) => ({ lng: Number(p.lng), lat: Number(p.lat) }));
  if (stops.length < 2) throw new Error(`${trip.shipmentCode}: fewer than two stations with coordinates, nothing to drive`);
  if (s.status === 'EFFECTIVE' && s.isReceive !== 'ACCEPTED') await api('POST', `/api/driver/shipments/${s.id}/accept`, token);
  if (CHECK) await vehicleCheck(adminToken, token, s, stops[0]!);
  if (s.status === 'EFFECTIVE') await api('POST', '/api/shipment/shipment/ship', adminToken, { ids: [s.id], time: new Date().toISOString() });
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
      // a receiver's GPS noise: up to about 10 m each way (the geofences' hysteresis keeps it from flapping at a station's edge)
      const [nLng, nLat] = [(Math.random() - 0.5) * 0.0002, (Math.random() - 0.5) * 0.0002];
      points.push({ shipmentId: s.id, lng: +(p.lng + nLng).toFixed(6), lat: +(p.lat + nLat).toFixed(6), speed: moving ? 55 + Math.round(Math.random() * 20) : 0, direction: Math.round(p.direction), time: new Date(t).toISOString() });
    }
    await api('POST', '/api/driver/positions', token, points);
    sent += points.length;
  }
  log(`${s.shipmentCode}: arrived after ${sent} positions`);
  if (opt.keep) return;
  // the dispatch order is finished even when a receipt could not be reported; the run then fails
  const receipts = await reportEpods(token, s, first).then(
    () => null,
    (e: Error) => e,
  );
  await api('POST', '/api/shipment/shipment/finish', adminToken, { ids: [s.id], time: new Date().toISOString() });
  log(`${s.shipmentCode}: finished`);
  if (receipts) throw new Error(`${s.shipmentCode}: receipts not reported (${receipts.message})`);
}

/**
 * At arrival the driver reports every receipt of the trip still to report: signed as shipped, the
 * first line of the first one short by --shortage (the first trip's only), a picture on each with --epod-picture.
 */
async function reportEpods(token: string, s: Json, first: boolean): Promise<void> {
  const epods = ((await api('GET', `/api/driver/epods?shipmentId=${s.id}`, token)).data as Json[]).filter((x) => ['PENDING', 'REJECTED', 'RECALLED'].includes(x.status));
  const now = new Date().toISOString();
  let short = first ? SHORTAGE : 0;
  for (const e of epods) {
    const detail = (await api('GET', `/api/driver/epods/${e.id}`, token)).data;
    const lines = (detail.lines as Json[]).map((l) => {
      const shipped = Number(l.shippedQuantity ?? l.plannedQuantity ?? 0);
      const shortage = Math.min(short, shipped);
      short -= shortage;
      return { lineId: Number(l.id), signedQuantity: shipped - shortage, shortage, damage: 0, remark: shortage ? `simulate: ${shortage} short` : null };
    });
    const shortLine = lines.find((l) => l.shortage > 0);
    if (opt['epod-picture']) await upload(`/api/driver/epods/${e.id}/pictures${shortLine ? `?lineId=${shortLine.lineId}` : ''}`, token, `receipt-${e.code ?? e.id}.png`.toLowerCase(), e.id);
    await api('POST', `/api/driver/epods/${e.id}/report`, token, { arrivalTime: now, signTime: now, lines });
    if (shortLine) log(`${s.shipmentCode}: receipt ${e.code ?? e.id} reported ${shortLine.shortage} short`);
  }
  log(`${s.shipmentCode}: ${epods.length} receipt(s) reported by the driver${opt['epod-picture'] ? ', each with a picture' : ''}`);
}

async function main(): Promise<void> {
  if (opt.jt808) {
    const { simulateJt808 } = await import('./simulate-jt808.ts');
    const devices = Number(opt.devices);
    if (!Number.isSafeInteger(devices) || devices < 1) throw new Error('--devices: not a number of at least 1');
    return simulateJt808({ api, token: await adminLogin(), host: new URL(BASE).hostname, port: Number(opt['jt808-port']), devices, intervalMs: INTERVAL_MS, minutes: Number(opt.minutes), log });
  }
  log(`simulating ${TRIPS} trip(s) of ${opt.minutes} min against ${BASE}`);
  const admin = await adminLogin();
  const trips = await ensureEffective(admin);
  if (!trips.length) {
    const why = shortfall.length ? shortfall.map((x) => `  - ${x}`).join('\n') : '  - no EFFECTIVE or CONFIRMED dispatch order with a driver, and nothing to make one from';
    throw new Error(
      `nothing can be dispatched through the API, so no truck was driven:\n${why}\n` +
        'Make a dispatch order EFFECTIVE (or leave a reviewed waybill and a free vehicle with a driver), or name one with --shipment.',
    );
  }
  if (trips.length < TRIPS) log(`only ${trips.length} of ${TRIPS} trip(s) could be dispatched: ${shortfall.join('; ') || 'no more to make'}`);
  const drivers = new Map((await list(admin, '/api/baseinfo/driver', {})).map((d) => [Number(d.id), String(d.loginName)]));
  const results = await Promise.allSettled(trips.map((t, i) => drive(admin, t, drivers, opt.detour && i === 0, i === 0)));
  const failed = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
  for (const f of failed) log('a trip failed:', f);
  log(failed.length ? `done: ${failed.length} of ${trips.length} trip(s) failed` : 'done');
  if (failed.length) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
