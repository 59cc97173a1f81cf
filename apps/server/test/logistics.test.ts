/**
 * Logistics accounts: the secret is write-only and encrypted; vehicles are bound to an account; signed
 * pushes land in tms_position on the vehicle's current shipment (bad signatures refused and logged);
 * the pull job fetches from a platform (a fake one on loopback), survives its outage with back-off and
 * the error shown on the account, and catches up afterwards.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody, verifyBody } from '../src/modules/logistics/adapters.ts';
import { PULL_JOB, backoffSeconds } from '../src/modules/logistics/pull.ts';
import { translate } from '../src/platform/i18n.ts';
import { ADMIN, centerId, rand, startServer, type TestServer } from './helpers.ts';

const zh = (key: string, params?: Record<string, unknown>) => translate('zh-CN', key, params);

let s: TestServer;
let admin: string;
let vehicles: { id: number; plate: string }[];

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  vehicles = (await s.db.query<{ id: number; plate: string }>(`select id, plate_number as plate from base_transport_means order by id limit 3`)).rows;
  expect(vehicles.length).toBe(3);
});
afterAll(async () => {
  await s?.close();
});

const api = (method: string, path: string, body?: unknown, query?: Record<string, string | number>) => s.api(method, path, { token: admin, body, query });

async function createAccount(over: Record<string, unknown> = {}): Promise<number> {
  const r = await api('POST', '/api/logistics/account/save', { platform: 'G7', accountName: `acc_${rand(6)}`, appKey: 'app-key-1', secret: 'the-secret-1', mode: 'PUSH', ...over });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id as number;
}

/** A dispatch order of the vehicle planned to leave after every seeded one (the ingestion takes the latest planned departure). */
async function shipmentFor(vehicleId: number, status: string): Promise<{ id: number; center: number }> {
  const center = await centerId(s.db, 'SH01');
  const r = await s.db.query<{ id: number }>(`insert into tms_shipment(dispatch_center_id, shipment_code, status, vehicle_id_main, etd) values ($1,$2,$3,$4,$5) returning id`, [
    center,
    `SP-T-${rand(8)}`,
    status,
    vehicleId,
    new Date(s.clock.now().getTime() + 7 * 86_400_000),
  ]);
  return { id: r.rows[0]!.id, center };
}

const ago = (ms: number) => new Date(s.clock.now().getTime() - ms).toISOString();

describe('logistics account records', () => {
  it('the secret is stored encrypted and never answered, listed or exported', async () => {
    const r = await api('POST', '/api/logistics/account/save', { platform: 'G7', accountName: `acc_${rand(6)}`, appKey: 'k', secret: 'top-secret-value', mode: 'PUSH' });
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.json)).not.toContain('top-secret-value');
    expect(r.json.data.secret).toBeUndefined();
    const id = r.json.data.id as number;
    const row = (await s.db.query<{ secret_enc: string }>(`select secret_enc from tms_logistics_account where id = $1`, [id])).rows[0]!;
    expect(row.secret_enc.startsWith('v1.')).toBe(true);
    expect(row.secret_enc).not.toContain('top-secret');
    const got = await api('GET', `/api/logistics/account/get/${id}`);
    expect(JSON.stringify(got.json)).not.toContain('secret');
    expect(JSON.stringify((await api('GET', '/api/logistics/account/list')).json)).not.toContain('top-secret-value');
    // an update without a secret keeps it
    const { platform, accountName, appKey, mode, version } = got.json.data;
    const upd = await api('POST', '/api/logistics/account/update', { id, version, platform, accountName, appKey, mode, remark: 'changed', secret: '' });
    expect(upd.status).toBe(200);
    expect((await s.db.query<{ secret_enc: string }>(`select secret_enc from tms_logistics_account where id = $1`, [id])).rows[0]!.secret_enc).toBe(row.secret_enc);
    const log = await s.db.query<{ oper_param: string }>(`select oper_param from sys_oper_log where title = 'logisticsAccount' order by id desc limit 2`);
    expect(log.rows.map((x) => x.oper_param).join()).not.toContain('top-secret-value');
  });

  it('a pull account needs an endpoint; a field mapping must be valid', async () => {
    const noUrl = await api('POST', '/api/logistics/account/save', { platform: 'G7', accountName: `acc_${rand(6)}`, appKey: 'k', mode: 'PULL' });
    expect(noUrl.status).toBe(400);
    expect(noUrl.json.errors.endpointUrl).toBe(zh('messages.logistics.endpointRequired'));
    const bad = await api('POST', '/api/logistics/account/save', { platform: 'G7', accountName: `acc_${rand(6)}`, appKey: 'k', mode: 'PUSH', fieldMapping: { lng: 'a b' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors)).toEqual(['fieldMapping']);
    const unknown = await api('POST', '/api/logistics/account/save', { platform: 'G7', accountName: `acc_${rand(6)}`, appKey: 'k', mode: 'PUSH', fieldMapping: { nope: 'x' } });
    expect(unknown.status).toBe(400);
  });

  it('binds and unbinds vehicles (their platform source follows)', async () => {
    const id = await createAccount();
    const v = vehicles[2]!;
    expect((await api('POST', '/api/logistics/account/bind', { id, vehicleIds: [v.id] })).json.data.changed).toBe(1);
    const list = await api('GET', '/api/logistics/account/vehicles', undefined, { id });
    expect(list.json.data.map((x: { id: number }) => x.id)).toEqual([v.id]);
    expect(list.json.data[0].platformSource).toBe('G7');
    expect((await api('POST', '/api/logistics/account/unbind', { id, vehicleIds: [v.id] })).json.data.changed).toBe(1);
    expect((await api('GET', '/api/logistics/account/vehicles', undefined, { id })).json.data).toEqual([]);
    expect((await api('POST', '/api/logistics/account/bind', { id, vehicleIds: [99999999] })).status).toBe(404);
  });
});

describe('push', () => {
  let id: number;
  const SECRET = 'push-secret-xyz';
  const push = (body: unknown, opts: { secret?: string; ts?: number; account?: number } = {}) => {
    const raw = JSON.stringify(body);
    const ts = String(opts.ts ?? s.clock.now().getTime());
    return s.api('POST', `/api/logistics/push/${opts.account ?? id}`, {
      body: raw,
      headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': signBody(opts.secret ?? SECRET, ts, raw) },
    });
  };

  beforeAll(async () => {
    id = await createAccount({ secret: SECRET });
    await s.db.query(`update base_transport_means set device_number = 'DEV-PUSH-1' where id = $1`, [vehicles[0]!.id]);
    await api('POST', '/api/logistics/account/bind', { id, vehicleIds: [vehicles[0]!.id] });
  });

  it('a signed push lands on the vehicle\'s current shipment; duplicates and strangers are skipped', async () => {
    const effective = await shipmentFor(vehicles[0]!.id, 'EFFECTIVE');
    const shipped = await shipmentFor(vehicles[0]!.id, 'SHIPPED');
    const t = ago(60_000);
    const body = {
      positions: [
        { deviceNo: 'DEV-PUSH-1', lng: 121.47, lat: 31.23, speed: 50, direction: 90, time: t },
        { deviceNo: 'UNKNOWN', lng: 121.5, lat: 31.2, time: t },
        { deviceNo: 'DEV-PUSH-1', lng: 999, lat: 31.2, time: t },
      ],
    };
    const r = await push(body);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({ accepted: 1, skipped: 2 });
    expect(r.json.msg).toBe(zh('messages.logistics.received', { accepted: 1, skipped: 2 }));
    const rows = (await s.db.query(`select * from tms_position where source = $1`, [`PLATFORM:${id}`])).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ vehicle_id: vehicles[0]!.id, shipment_id: shipped.id, dispatch_center_id: shipped.center, lng: 121.47, lat: 31.23 });
    expect(effective.id).not.toBe(shipped.id);
    // the same report again is stored once
    expect((await push(body)).json.data.accepted).toBe(0);
    const acc = await api('GET', `/api/logistics/account/get/${id}`);
    expect(acc.json.data.lastSyncTime).not.toBeNull();
  });

  it('refuses and logs a bad or stale signature', async () => {
    const before = (await s.db.query<{ n: number }>(`select count(*)::int as n from sys_oper_log where title = 'logisticsPush' and status = '1'`)).rows[0]!.n;
    const body = { positions: [{ deviceNo: 'DEV-PUSH-1', lng: 121, lat: 31, time: ago(1000) }] };
    const bad = await push(body, { secret: 'wrong' });
    expect(bad.status).toBe(401);
    expect(bad.json.msg).toBe(zh('messages.logistics.badSignature'));
    const stale = await push(body, { ts: s.clock.now().getTime() - 3600_000 });
    expect(stale.status).toBe(401);
    const unsigned = await s.api('POST', `/api/logistics/push/${id}`, { body });
    expect(unsigned.status).toBe(401);
    const after = (await s.db.query<{ n: number }>(`select count(*)::int as n from sys_oper_log where title = 'logisticsPush' and status = '1'`)).rows[0]!.n;
    expect(after - before).toBe(3);
    expect((await s.db.query<{ n: number }>(`select count(*)::int as n from tms_position where source = $1`, [`PLATFORM:${id}`])).rows[0]!.n).toBe(1);
  });

  it('a pushed batch goes through the fleet ingestion: crossing a station fence sets the stop arrival (and the ETA)', async () => {
    const code = `LG${rand(6)}`;
    const station = (
      await s.db.query<{ id: number }>(`insert into base_station(code, name, client_id, longitude, latitude, fence_type, fence_distance, create_by) select $1, $1, min(id), 121.5, 31, 'CIRCLE', 1, 'test' from base_client returning id`, [code])
    ).rows[0]!.id;
    const v = vehicles[1]!;
    await s.db.query(`update base_transport_means set device_number = 'DEV-PUSH-GF' where id = $1`, [v.id]);
    await api('POST', '/api/logistics/account/bind', { id, vehicleIds: [vehicles[0]!.id, v.id] });
    const { id: sh, center } = await shipmentFor(v.id, 'SHIPPED');
    await s.db.query(`insert into tms_shipment_stop(dispatch_center_id, shipment_id, seq, station_id, stop_type) values ($1, $2, 1, $3, 'UNLOAD')`, [center, sh, station]);
    const t0 = s.clock.now().getTime() - 10 * 60_000;
    const at = (i: number) => new Date(t0 + i * 60_000).toISOString();
    const r = await push({ positions: [121.4, 121.45, 121.49, 121.5].map((lng, i) => ({ deviceNo: 'DEV-PUSH-GF', lng, lat: 31, speed: 40, time: at(i) })) });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({ accepted: 4, skipped: 0 });
    const stop = (await s.db.query<{ ata: Date | null }>(`select ata from tms_shipment_stop where shipment_id = $1`, [sh])).rows[0]!;
    expect(stop.ata?.toISOString()).toBe(at(2)); // 121.49 is the first point within 1 km
    const timeline = (await s.db.query<{ operation_type: string }>(`select operation_type from tms_order_tracking where shipment_id = $1 and operation_type = 'SHIPMENT_ARRIVE'`, [sh])).rows;
    expect(timeline).toHaveLength(1);
    // the ETA follows the newest position (reached: nothing left to go)
    const eta = (await s.db.query<{ position_at: Date; station_id: number | null }>(`select position_at, station_id from tms_shipment_eta where shipment_id = $1`, [sh])).rows[0]!;
    expect([eta.position_at.toISOString(), eta.station_id]).toEqual([at(3), null]);
    // a point again: stored once, arrives once
    expect((await push({ positions: [{ deviceNo: 'DEV-PUSH-GF', lng: 121.49, lat: 31, time: at(2) }] })).json.data.accepted).toBe(0);
    expect((await s.db.query(`select 1 from tms_order_tracking where shipment_id = $1 and operation_type = 'SHIPMENT_ARRIVE'`, [sh])).rows).toHaveLength(1);
  });

  it('a pull account, a disabled account and an unknown account do not take pushes', async () => {
    const pull = await createAccount({ mode: 'PULL', endpointUrl: 'http://127.0.0.1:9/none', secret: SECRET });
    expect((await push({ positions: [] }, { account: pull })).status).toBe(409);
    expect((await api('POST', '/api/logistics/account/status', { id, status: '1' })).status).toBe(200);
    expect((await push({ positions: [] })).status).toBe(409);
    expect((await api('POST', '/api/logistics/account/status', { id, status: '0' })).status).toBe(200);
    expect((await push({ positions: [] }, { account: 99999999 })).status).toBe(404);
    expect((await push({ nothing: true })).status).toBe(400);
  });
});

describe('pull job against a platform on loopback', () => {
  let platform: Server;
  let up = true;
  const SECRET = 'pull-secret-abc';
  const store: { deviceNo: string; lng: number; lat: number; time: string }[] = [];
  const calls: { since: string | null; signed: boolean }[] = [];
  let id: number;

  beforeAll(async () => {
    platform = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw) as { since: string | null; devices: string[] };
        calls.push({ since: body.since, signed: verifyBody(SECRET, String(req.headers['x-timestamp']), raw, String(req.headers['x-signature'])) });
        if (!up) {
          res.statusCode = 503;
          return res.end('down');
        }
        const since = body.since ? Date.parse(body.since) : 0;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ code: 0, data: { list: store.filter((p) => body.devices.includes(p.deviceNo) && Date.parse(p.time) > since) } }));
      });
    });
    await new Promise<void>((r) => platform.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(platform.address() as { port: number }).port}/positions`;
    id = await createAccount({ mode: 'PULL', endpointUrl: url, secret: SECRET, pullInterval: 60, fieldMapping: { list: 'data.list', time: 'time' } });
    await s.db.query(`update base_transport_means set device_number = 'DEV-PULL-1' where id = $1`, [vehicles[1]!.id]);
    await api('POST', '/api/logistics/account/bind', { id, vehicleIds: [vehicles[1]!.id] });
  });
  afterAll(async () => {
    await new Promise((r) => platform?.close(r));
  });

  const account = async () =>
    (await s.db.query<{ failure_count: number; last_error: string | null; next_pull_at: Date | null; last_sync_time: Date | null; last_error_time: Date | null }>(`select * from tms_logistics_account where id = $1`, [id])).rows[0]!;
  const stored = async () => (await s.db.query<{ n: number }>(`select count(*)::int as n from tms_position where source = $1`, [`PLATFORM:${id}`])).rows[0]!.n;
  /** one scheduled tick at the test clock's time; waits for the queued pull to finish */
  let tick = 0;
  async function runTick(expectCall: boolean) {
    const before = calls.length;
    const started = s.clock.now().getTime();
    const due = new Date(Math.floor(started / 30_000) * 30_000 + ++tick);
    expect(await s.app.jobs.runScheduled(PULL_JOB, due)).toBe(true);
    if (!expectCall) {
      await new Promise((r) => setTimeout(r, 1500));
      expect(calls.length).toBe(before);
      return;
    }
    for (let i = 0; i < 200 && calls.length === before; i++) await new Promise((r) => setTimeout(r, 100));
    expect(calls.length).toBe(before + 1);
    // the outcome is written right after the platform answers
    for (let i = 0; i < 100; i++) {
      const a = await account();
      if (Math.max(a.last_sync_time?.getTime() ?? 0, a.last_error_time?.getTime() ?? 0) >= started) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the pull did not finish');
  }
  const add = (msAgo: number) => store.push({ deviceNo: 'DEV-PULL-1', lng: 120 + store.length / 100, lat: 30, time: ago(msAgo) });

  it('pulls, backs off through an outage with the error on the account, and catches up', async () => {
    add(120_000);
    add(90_000);
    await runTick(true);
    expect(calls.at(-1)).toEqual({ since: null, signed: true });
    expect(await stored()).toBe(2);
    const ok1 = await account();
    expect(ok1.failure_count).toBe(0);
    expect(ok1.last_sync_time).not.toBeNull();

    // the platform goes down; positions keep being reported there
    up = false;
    s.clock.advance(61_000);
    add(10_000);
    add(5_000);
    await runTick(true);
    let a = await account();
    expect(a.failure_count).toBe(1);
    expect(a.last_error).toBe('HTTP 503');
    expect(a.next_pull_at!.getTime() - s.clock.now().getTime()).toBeGreaterThan((backoffSeconds(60, 1) - 10) * 1000);
    const shown = await api('GET', `/api/logistics/account/get/${id}`);
    expect(shown.json.data).toMatchObject({ lastError: 'HTTP 503', failureCount: 1 });

    // not due yet: the tick does not call the platform
    s.clock.advance(60_000);
    await runTick(false);

    // due again, still down: the wait doubles
    s.clock.advance(61_000);
    await runTick(true);
    a = await account();
    expect(a.failure_count).toBe(2);
    expect(a.next_pull_at!.getTime() - s.clock.now().getTime()).toBeGreaterThan((backoffSeconds(60, 2) - 10) * 1000);

    // back up: the next due pull fetches everything since the newest stored position
    up = true;
    s.clock.advance(backoffSeconds(60, 2) * 1000 + 1000);
    await runTick(true);
    a = await account();
    expect(a.failure_count).toBe(0);
    expect(a.last_error).toBeNull();
    expect(calls.at(-1)!.since).toBe(store[1]!.time);
    expect(await stored()).toBe(4);
  });

  it('sync now pulls at once; a failure answers 502 with the reason', async () => {
    add(1000);
    const r = await api('POST', '/api/logistics/account/sync', { id });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ ok: true, accepted: 1 });
    up = false;
    const down = await api('POST', '/api/logistics/account/sync', { id });
    up = true;
    expect(down.status).toBe(502);
    expect(down.json.msg).toBe(zh('messages.logistics.syncFailed', { reason: 'HTTP 503' }));
    const push = await createAccount({ mode: 'PUSH' });
    expect((await api('POST', '/api/logistics/account/sync', { id: push })).status).toBe(409);
  });
});
