/**
 * Live fleet monitor (issue 19): the last position and state of every vehicle in the caller's scope (moving, stopped,
 * offline after the configured minutes, alarm from a terminal's alarm flags), its filters, a vehicle's card, the
 * scope (a vehicle belongs to the dispatch centers whose dispatch orders it ran, within the caller's carrier data
 * groups; outside: 404), the newest position kept by the ingestion's batch statement, and the live 'fleet' events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDistributionKey, ADMIN, centerId, createUser, rand, startServer, type Json, type TestServer } from './helpers.ts';
import { driverId, DRIVER } from './driver-kit.ts';
import { openStream } from './sse.ts';
import { Jt808Terminal } from '../src/modules/fleet/client.ts';
import { RESULT } from '../src/modules/fleet/jt808.ts';
import { insertPositions } from '../src/modules/fleet/ingest.ts';

// every statement this file's servers run names its dispatch center, or is listed (docs/scale-out.md)
checkDistributionKey('fleet-monitor.test.ts');

let s: TestServer;
let admin: string;
/** a dispatcher of SH01 with the monitor */
let sh: string;
const v: Record<'moving' | 'stopped' | 'offline' | 'beijing' | 'silent', { id: number; plate: string; terminal: string; shipment: string }> = {} as never;
const tag = rand(4).toUpperCase();

async function vehicle(carrier: string, center: string, status = 'SHIPPED') {
  const plate = `沪M${tag}${rand(3)}`;
  const terminal = String(Math.floor(Math.random() * 9e10) + 1e10);
  const r = await s.db.query<{ id: number }>(
    `insert into base_transport_means(carrier_id, code, plate_number, terminal_number, terminal_protocol, effective)
     select id, $1, $2, $3, '2013', true from base_carrier where code = $4 returning id`,
    [`T-FM-${rand(8)}`, plate, terminal, carrier],
  );
  const id = r.rows[0]!.id;
  const shipment = `T-FM-${rand(8)}`;
  await s.db.query(
    `insert into tms_shipment(dispatch_center_id, shipment_code, status, carrier_id, vehicle_id_main, driver_id_master, etd, create_by)
     select $1, $2, $3, carrier_id, id, $5, now(), 'test' from base_transport_means where id = $4`,
    [await centerId(s.db, center), shipment, status, id, await driverId(s.db, DRIVER.loginName)],
  );
  return { id, plate, terminal, shipment };
}

async function terminal(x: { terminal: string }) {
  const t = new Jt808Terminal({ host: '127.0.0.1', port: s.app.jt808!.port()!, phone: x.terminal, version: 2013, timeoutMs: 15_000 });
  await t.connect();
  await t.signIn();
  return t;
}

const monitor = (query: Record<string, string | number> = {}, token = sh) => s.api('GET', '/api/fleet/monitor', { token, query });
const card = (id: number, token = sh) => s.api('GET', `/api/fleet/monitor/${id}`, { token });
/** the rows of a monitor answer by vehicle id: [id, plate, code, carrier, lng, lat, speed, direction, at, state] */
const byId = (r: Json) => new Map<number, unknown[]>((r.json.data.rows as unknown[][]).map((x) => [x[0] as number, x]));
const ago = (minutes: number) => new Date(s.clock.now().getTime() - minutes * 60_000);

beforeAll(async () => {
  s = await startServer({ env: { TMS_JT808_PORT: '0', TMS_JT808_FRAMES_PER_SECOND: '40' } });
  admin = await s.login(ADMIN.user, ADMIN.password);
  v.moving = await vehicle('CR001', 'SH01');
  v.stopped = await vehicle('CR001', 'SH01', 'COMPLETED');
  v.offline = await vehicle('CR002', 'SH01', 'COMPLETED');
  v.beijing = await vehicle('CR001', 'BJ01');
  v.silent = await vehicle('CR001', 'SH01', 'COMPLETED');
  const u = await createUser(s.db, { perms: ['shipment:monitor:query'], centers: ['SH01'] });
  sh = await s.login(u.userName, u.password);
  // a terminal's batch upload, shuffled: the newest report is kept whatever the order
  const t = await terminal(v.moving);
  expect(await t.batch([
    { lng: 121.5, lat: 31.25, at: ago(1), speed: 62, direction: 90 },
    { lng: 121.4, lat: 31.2, at: ago(3), speed: 40, direction: 80 },
  ])).toBe(RESULT.OK);
  await t.close();
  // the driver app's and a platform's path: the same batch statement
  const row = (id: number, lng: number, at: Date, speed: number) => ({ dispatchCenterId: null, shipmentId: null, vehicleId: id, driverId: null, lng, lat: 31.1, speed, direction: 0, at, source: 'APP' });
  await s.db.tx((q) => insertPositions(q, [row(v.stopped.id, 121.3, ago(2), 0), row(v.offline.id, 121.2, ago(30), 50), row(v.beijing.id, 116.4, ago(1), 30)], s.clock.now()));
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('the fleet monitor', () => {
  it('keeps the newest position of each vehicle in one row, updated by the batch statement (an older report changes nothing)', async () => {
    const last = async (id: number) => (await s.db.query(`select lng, lat, speed, reported_at from tms_vehicle_last_position where vehicle_id = $1`, [id])).rows;
    expect(await last(v.moving.id)).toEqual([{ lng: 121.5, lat: 31.25, speed: 62, reported_at: expect.any(Date) }]);
    await s.db.tx((q) => insertPositions(q, [{ dispatchCenterId: null, shipmentId: null, vehicleId: v.moving.id, driverId: null, lng: 100, lat: 20, speed: 1, direction: 0, at: ago(20), source: 'APP' }], s.clock.now()));
    expect((await last(v.moving.id))[0]).toMatchObject({ lng: 121.5, speed: 62 });
    expect(await last(v.silent.id)).toEqual([]);
  });

  it("answers every vehicle of the caller's scope with its state: moving, stopped, offline (no report for the configured minutes), alarm", async () => {
    const r = await monitor();
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.offlineMinutes).toBe(10);
    expect(r.json.data.columns).toEqual(['id', 'plate', 'code', 'carrierId', 'lng', 'lat', 'speed', 'direction', 'reportedAt', 'state']);
    const rows = byId(r);
    expect(rows.get(v.moving.id)).toEqual([v.moving.id, v.moving.plate, expect.any(String), expect.any(Number), 121.5, 31.25, 62, 90, expect.any(Number), 'M']);
    expect(rows.get(v.stopped.id)?.[9]).toBe('S');
    expect(rows.get(v.offline.id)?.[9]).toBe('O');
    expect(rows.get(v.silent.id)).toEqual([v.silent.id, v.silent.plate, expect.any(String), expect.any(Number), null, null, null, null, null, 'O']);
    // a vehicle that ran no dispatch order of the caller's centers is not there; the administrator has every center
    expect(rows.has(v.beijing.id)).toBe(false);
    expect(byId(await monitor({}, admin)).get(v.beijing.id)?.[9]).toBe('M');
    // the offline minutes are a setting
    await s.db.query(`update sys_config set config_value = '40' where config_key = 'tms.monitor.offlineMinutes'`);
    try {
      expect(byId(await monitor()).get(v.offline.id)?.[9]).toBe('M');
    } finally {
      await s.db.query(`update sys_config set config_value = '10' where config_key = 'tms.monitor.offlineMinutes'`);
    }
    // an emergency flag from the terminal: alarm, and its alert stays open until handled
    const t = await terminal(v.moving);
    expect(await t.report({ lng: 121.51, lat: 31.26, at: ago(0), speed: 0, direction: 90, alarm: 1 })).toBe(RESULT.OK);
    expect(await t.report({ lng: 121.52, lat: 31.26, at: new Date(s.clock.now().getTime() + 1000), speed: 55, direction: 90, alarm: 0 })).toBe(RESULT.OK);
    await t.close();
    expect(byId(await monitor()).get(v.moving.id)?.[9]).toBe('A');
    await s.db.query(`update shipment_alert set status = 'HANDLED' where shipment_id = (select id from tms_shipment where shipment_code = $1)`, [v.moving.shipment]);
    expect(byId(await monitor()).get(v.moving.id)?.[9]).toBe('M');
  });

  it('filters by dispatch center, carrier, state and plate, and counts per state', async () => {
    const all = await monitor();
    const counts = all.json.data.counts as Record<string, number>;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(all.json.data.rows.length);
    const ids = (r: Json) => (r.json.data.rows as unknown[][]).map((x) => x[0]).filter((id) => Object.values(v).some((x) => x.id === id));
    expect(ids(await monitor({ plate: `M${tag}` }))).toEqual([v.moving.id, v.stopped.id, v.offline.id, v.silent.id].sort((a, b) => a - b));
    expect(ids(await monitor({ plate: `M${tag}`, state: 'OFFLINE' }))).toEqual([v.offline.id, v.silent.id].sort((a, b) => a - b));
    const cr002 = (await s.db.query<{ id: number }>(`select id from base_carrier where code = 'CR002'`)).rows[0]!.id;
    expect(ids(await monitor({ plate: `M${tag}`, carrierId: cr002 }))).toEqual([v.offline.id]);
    expect(ids(await monitor({ plate: `M${tag}`, dispatchCenterId: await centerId(s.db, 'BJ01') }, admin))).toEqual([v.beijing.id]);
    // a center that is not the caller's: refused; a state that does not exist: 400
    expect((await monitor({ dispatchCenterId: await centerId(s.db, 'BJ01') })).status).toBe(403);
    expect((await monitor({ state: 'FLYING' })).status).toBe(400);
    expect(all.json.data.centers.map((c: [number, string]) => c[0])).toEqual([await centerId(s.db, 'SH01')]);
  });

  it("opens a vehicle's card (driver, dispatch order in progress, speed, last report); outside the scope 404", async () => {
    const r = await card(v.moving.id);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ id: v.moving.id, plateNumber: v.moving.plate, speed: 55, shipment: { code: v.moving.shipment, status: 'SHIPPED' }, driver: { name: expect.any(String) } });
    expect(Date.parse(r.json.data.reportedAt)).toBeGreaterThan(ago(1).getTime());
    // another center's vehicle, another carrier's (data groups), one that does not exist, no permission
    expect((await card(v.beijing.id)).status).toBe(404);
    expect((await card(v.beijing.id, admin)).status).toBe(200);
    const u = await createUser(s.db, { perms: ['shipment:monitor:query'], centers: ['SH01'] });
    const g = (await s.db.query<{ id: number }>(`insert into sys_data_group(code, name, create_by) values ($1, $1, 'test') returning id`, [`DG_${rand(6)}`])).rows[0]!;
    await s.db.query(`insert into sys_data_group_bind(data_group_id, target_type, target_id) select $1::bigint, 'CARRIER', id from base_carrier where code = 'CR002'`, [g.id]);
    await s.db.query(`insert into sys_user_data_group(user_id, data_group_id) values ($1, $2)`, [u.id, g.id]);
    const cr002 = await s.login(u.userName, u.password);
    expect((await card(v.moving.id, cr002)).status).toBe(404);
    expect((await card(v.offline.id, cr002)).status).toBe(200);
    expect(byId(await monitor({}, cr002)).has(v.moving.id)).toBe(false);
    expect((await card(999_999_999)).status).toBe(404);
    const none = await createUser(s.db, { perms: ['baseinfo:transportMeans:query'], centers: ['SH01'] });
    expect((await card(v.moving.id, await s.login(none.userName, none.password))).status).toBe(403);
  });

  it("streams the vehicles' new positions once a second to the monitor's subscribers in scope, and to nobody else", async () => {
    const ticket = async (token: string) => (await s.api('POST', '/api/realtime/ticket', { token })).json.data.ticket as string;
    const fleet = await openStream(s.url, await ticket(sh), 'fleet');
    const bell = await openStream(s.url, await ticket(sh), 'alert,alertHandled,shipment');
    const everything = await openStream(s.url, await ticket(sh));
    try {
      await Promise.all([fleet.waitFor('ready'), bell.waitFor('ready'), everything.waitFor('ready')]);
      // Beijing's vehicle first (out of scope), then ours twice: the stream carries ours, newest, and never Beijing's
      const row = (id: number, lng: number, at: Date) => ({ dispatchCenterId: null, shipmentId: null, vehicleId: id, driverId: null, lng, lat: 31.1, speed: 33, direction: 0, at, source: 'APP' });
      await s.db.tx((q) => insertPositions(q, [row(v.beijing.id, 116.5, s.clock.now())], s.clock.now()));
      const t = await terminal(v.stopped);
      expect(await t.report({ lng: 121.31, lat: 31.1, at: new Date(s.clock.now().getTime() + 2000), speed: 20, direction: 0 })).toBe(RESULT.OK);
      await t.close();
      const rows = () => fleet.events.filter((e) => e.event === 'fleet').flatMap((e) => e.data.rows as unknown[][]);
      await fleet.until('no fleet row of the stopped vehicle', () => rows().some((x) => x[0] === v.stopped.id && x[1] === 121.31));
      expect(rows().find((x) => x[0] === v.stopped.id)).toEqual([v.stopped.id, 121.31, 31.1, 20, 0, expect.any(Number), 0, 0]);
      expect(rows().some((x) => x[0] === v.beijing.id)).toBe(false);
      // one event a second at most
      const times = fleet.events.filter((e) => e.event === 'fleet').length;
      expect(times).toBeLessThanOrEqual(3);
      expect(bell.events.some((e) => e.event === 'fleet')).toBe(false);
      expect(everything.events.some((e) => e.event === 'fleet')).toBe(false);
    } finally {
      await Promise.all([fleet.close(), bell.close(), everything.close()]);
    }
  });

  it("says in each live row whether the vehicle's alarm goes on: its flags, and its open alarm alert until someone handles it", async () => {
    const ticket = async (token: string) => (await s.api('POST', '/api/realtime/ticket', { token })).json.data.ticket as string;
    const fleet = await openStream(s.url, await ticket(sh), 'fleet');
    // a dispatcher of SH01 who handles alerts
    const u = await createUser(s.db, { perms: ['shipment:alert:query', 'shipment:alert:edit'], centers: ['SH01'] });
    const handler = await s.login(u.userName, u.password);
    const t = await terminal(v.moving);
    try {
      await fleet.waitFor('ready');
      /** the newest live row of the moving vehicle once its report of `lng` came: [.., alarm flags, open alarm] */
      const rowOf = async (lng: number, why: string) => {
        const mine = () => fleet.events.filter((e) => e.event === 'fleet').flatMap((e) => e.data.rows as unknown[][]).filter((x) => x[0] === v.moving.id && x[1] === lng);
        await fleet.until(why, () => mine().length > 0);
        return mine().at(-1)!;
      };
      const at = (seconds: number) => new Date(s.clock.now().getTime() + seconds * 1000);
      // overspeed: flagged, and its alert is open in the same row
      expect(await t.report({ lng: 121.601, lat: 31.26, at: at(10), speed: 120, direction: 90, alarm: 2 })).toBe(RESULT.OK);
      expect((await rowOf(121.601, 'the alarm report')).slice(6)).toEqual([2, 1]);
      // the flag ends, the alert is still open: the monitor keeps the vehicle in alarm, as the list says
      expect(await t.report({ lng: 121.602, lat: 31.26, at: at(11), speed: 60, direction: 90, alarm: 0 })).toBe(RESULT.OK);
      const quiet = await rowOf(121.602, 'the report after the alarm');
      expect(quiet.slice(6)).toEqual([0, 1]);
      expect(byId(await monitor()).get(v.moving.id)?.[9]).toBe('A');
      // handled in the back office: the vehicle's row again (same position), no alarm left
      const open = await s.api('GET', '/api/shipment/shipmentAlert/getAlert', { token: handler });
      const alert = (open.json.data as { id: number; alertType: string; shipmentId: number }[]).find((a) => a.alertType === 'TERMINAL_OVERSPEED' && a.shipmentId !== null);
      expect(alert, JSON.stringify(open.json)).toBeDefined();
      const before = fleet.events.length;
      const dealt = await s.api('POST', '/api/shipment/shipmentAlert/deal', { token: handler, body: { id: alert!.id, alertReason: 'TRAFFIC', alertRemark: 'slowed down' } });
      expect(dealt.status, JSON.stringify(dealt.json)).toBe(200);
      await fleet.until('the row after the handling', () => fleet.events.slice(before).some((e) => e.event === 'fleet' && (e.data.rows as unknown[][]).some((x) => x[0] === v.moving.id && x[7] === 0)));
      const after = fleet.events.slice(before).flatMap((e) => (e.event === 'fleet' ? (e.data.rows as unknown[][]) : [])).find((x) => x[0] === v.moving.id)!;
      expect(after).toEqual([...quiet.slice(0, 7), 0]);
      expect(byId(await monitor()).get(v.moving.id)?.[9]).toBe('M');
      // a vehicle on no dispatch order: no alert, its alarm is its flags alone, and the next report ends it
      const free = await terminal(v.silent);
      try {
        expect(await free.report({ lng: 121.701, lat: 31.3, at: at(12), speed: 0, direction: 0, alarm: 1 })).toBe(RESULT.OK);
        await fleet.until('the silent vehicle in alarm', () => fleet.events.some((e) => e.event === 'fleet' && (e.data.rows as unknown[][]).some((x) => x[0] === v.silent.id && x[1] === 121.701)));
        expect(byId(await monitor()).get(v.silent.id)?.[9]).toBe('A');
        expect(await free.report({ lng: 121.702, lat: 31.3, at: at(13), speed: 0, direction: 0, alarm: 0 })).toBe(RESULT.OK);
        await fleet.until('the silent vehicle out of alarm', () =>
          fleet.events.some((e) => e.event === 'fleet' && (e.data.rows as unknown[][]).some((x) => x[0] === v.silent.id && x[1] === 121.702 && x[6] === 0 && x[7] === 0)),
        );
        expect(byId(await monitor()).get(v.silent.id)?.[9]).toBe('S');
      } finally {
        await free.close();
      }
    } finally {
      await t.close();
      await fleet.close();
    }
  });
});
