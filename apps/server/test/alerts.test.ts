/**
 * The alert-rules job (modules/alert/job.ts): each rule raises exactly one alert per dispatch
 * order, not again while unhandled, again after handling when the condition still holds one
 * tolerance later; a due time runs once across a restart; the header bell hears new alerts
 * through the realtime stream, on every server of the database (PostgreSQL LISTEN / NOTIFY).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openStream } from './sse.ts';
import { ALERT_JOB, evaluateAlerts } from '../src/modules/alert/job.ts';
import { checkDistributionKey, ADMIN, createUser, startServer, type Json, type TestServer } from './helpers.ts';
import { addPositions, driverLogin, makeShipment } from './driver-kit.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey();

let s: TestServer;
let admin: string;
const MIN = 60_000;
/** the test's time: a whole minute, the due time of the last tick; the server clock follows it */
let t = 0;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  t = Math.floor(Date.now() / MIN) * MIN;
});
afterAll(async () => {
  await s?.close();
});

const now = () => new Date(t);
const ago = (m: number) => new Date(t - m * MIN);

/** Moves time `minutes` on and runs the job's tick for that due time. */
async function tick(minutes = 1): Promise<boolean> {
  t += minutes * MIN;
  s.clock.offsetMs = t - Date.now();
  return s.app.jobs.runScheduled(ALERT_JOB, now());
}

async function alertsOf(shipmentId: number): Promise<Json[]> {
  const r = await s.db.query(`select * from shipment_alert where shipment_id = $1 order by id`, [shipmentId]);
  return r.rows;
}

const SH01_STATION = { lng: 121.1669, lat: 31.2958 }; // S-SH-01 (fence 1.5 km)
const SZ01_STATION = { lng: 120.7202, lat: 31.3194 }; // S-SZ-01

describe('each rule raises one alert', () => {
  it('late departure: EFFECTIVE past ETD + tolerance; one alert, kept up to date, not duplicated', async () => {
    const sh = await makeShipment(s.db, { status: 'EFFECTIVE', etd: ago(20), eta: ago(-200), rule: 'AR-LATE-DEP' });
    await tick();
    expect(await alertsOf(sh.id)).toHaveLength(0); // 21 min late, tolerance 30
    await tick(10);
    const [a, ...more] = await alertsOf(sh.id);
    expect(more).toHaveLength(0);
    expect(a).toMatchObject({
      status: 'NEW',
      alert_type: 'LATE_DEPARTURE',
      alert_content: '晚点发车',
      start_place: '上海嘉定配送站',
      end_place: '苏州工业园区站',
      carrier_name: '顺达物流',
      vehicle_id_main_number_plates: '沪A12345',
      driver_name: '张伟',
      driver_mobile: '13800138000',
      field1: 'N',
      field2: '31分钟',
      field3: '计划发车时间已过 31 分钟仍未发车',
    });
    await tick();
    await tick();
    const after = await alertsOf(sh.id);
    expect(after).toHaveLength(1);
    expect(after[0].field2).toBe('33分钟');
    // the bell shows it in the reader's language
    const bell = await s.api('GET', '/api/shipment/shipmentAlert/getAlert', { token: admin, query: { field1: 'N' }, headers: { lang: 'en-US' } });
    const mine = bell.json.data.find((x: Json) => x.id === a.id);
    expect(mine).toMatchObject({ alertContent: '晚点发车', field2: '33 min', field3: 'Not departed 33 minutes after the planned departure time', shipmentId: sh.id });
    // shipped: no longer late to depart, and the open alert stays for staff to handle
    await s.db.query(`update tms_shipment set status = 'SHIPPED', atd = $2 where id = $1`, [sh.id, now()]);
    await tick();
    expect(await alertsOf(sh.id)).toHaveLength(1);
  });

  it('late arrival: not completed past ETA + tolerance', async () => {
    const sh = await makeShipment(s.db, { status: 'SHIPPED', etd: ago(300), atd: ago(300), eta: ago(29), rule: 'AR-LATE-ARR' });
    await addPositions(s.db, sh.id, now(), [[0, 121.0, 31.3]]);
    await tick();
    expect(await alertsOf(sh.id)).toHaveLength(0);
    await tick(2);
    expect(await alertsOf(sh.id)).toMatchObject([{ alert_type: 'LATE_ARRIVAL', field3: '计划到达时间已过 32 分钟仍未到达' }]);
  });

  it('no position: SHIPPED and silent for longer than the tolerance', async () => {
    const sh = await makeShipment(s.db, { status: 'SHIPPED', atd: ago(10), rule: 'AR-NOPOS' });
    await tick();
    expect(await alertsOf(sh.id)).toHaveLength(0);
    await tick(5); // 16 minutes since departure, nothing reported (tolerance 15)
    expect(await alertsOf(sh.id)).toMatchObject([{ alert_type: 'NO_POSITION', field2: '16分钟' }]);
    const other = await makeShipment(s.db, { status: 'SHIPPED', atd: ago(60), rule: 'AR-NOPOS' });
    await addPositions(s.db, other.id, now(), [[5, 121.0, 31.3]]);
    await tick();
    expect(await alertsOf(other.id)).toHaveLength(0);
  });

  it('long stop: no movement for the tolerance, away from the stations', async () => {
    const sh = await makeShipment(s.db, { status: 'SHIPPED', atd: ago(90), rule: 'AR-STOP' });
    const spot = { lng: 120.95, lat: 31.31 }; // on the way, far from both stations
    await addPositions(s.db, sh.id, now(), [
      [50, 121.1, 31.3],
      [40, 121.0, 31.31],
      ...[28, 20, 10, 5, 1].map((m) => [m, spot.lng + (m % 2) * 0.0005, spot.lat] as [number, number, number]),
    ]);
    await tick();
    expect(await alertsOf(sh.id)).toHaveLength(0); // stopped ~28 min (tolerance 30)
    await addPositions(s.db, sh.id, now(), [[-3, spot.lng, spot.lat]]);
    await tick(4);
    expect(await alertsOf(sh.id)).toMatchObject([{ alert_type: 'LONG_STOP' }]);
    // waiting at a station is not a long stop
    const atStation = await makeShipment(s.db, { status: 'SHIPPED', atd: ago(90), rule: 'AR-STOP' });
    await addPositions(s.db, atStation.id, now(), [50, 35, 20, 5, 0].map((m) => [m, SZ01_STATION.lng, SZ01_STATION.lat] as [number, number, number]));
    await tick();
    expect(await alertsOf(atStation.id)).toHaveLength(0);
  });

  it('e-fence: off the planned route for the tolerance (positions through the driver app)', async () => {
    const driver = await driverLogin(s);
    const sh = await makeShipment(s.db, { status: 'SHIPPED', atd: ago(30), rule: 'AR-FENCE' });
    const post = (points: [number, number, number][]) =>
      s.api('POST', '/api/driver/positions', {
        token: driver,
        body: points.map(([m, lng, lat]) => ({ shipmentId: sh.id, lng, lat, speed: 50, direction: 270, time: ago(m).toISOString() })),
      });
    // along the route (a straight line between the stations, ~43 km): inside the corridor
    const along = (f: number) => [SH01_STATION.lng + (SZ01_STATION.lng - SH01_STATION.lng) * f, SH01_STATION.lat + (SZ01_STATION.lat - SH01_STATION.lat) * f + 0.02] as const;
    expect((await post([[20, ...along(0.1)], [15, ...along(0.3)], [10, ...along(0.5)]])).status).toBe(200);
    await tick();
    expect(await alertsOf(sh.id)).toHaveLength(0);
    // 30 km south of the route for 6 minutes (tolerance 5)
    expect((await post([[7, 120.95, 31.05], [4, 120.95, 31.04], [0, 120.94, 31.03]])).status).toBe(200);
    await tick();
    const [a] = await alertsOf(sh.id);
    expect(a).toMatchObject({ alert_type: 'FENCE_EXIT' });
    expect(a.field3).toMatch(/^车辆偏离计划路线 \d+ 分钟，距路线 \d+(\.\d)? 公里（最近站点 .+）$/);
    expect(Number(a.alert_params.km)).toBeGreaterThan(20);
  });

  it('a dispatch order without an alert rule is checked against every effective rule', async () => {
    const sh = await makeShipment(s.db, { status: 'EFFECTIVE', etd: ago(45), eta: ago(35) });
    await tick();
    expect((await alertsOf(sh.id)).map((a) => a.alert_type).sort()).toEqual(['LATE_ARRIVAL', 'LATE_DEPARTURE']);
    await s.db.query(`update base_alert_rule set effective = false where code = 'AR-LATE-ARR'`);
    try {
      const other = await makeShipment(s.db, { status: 'EFFECTIVE', etd: ago(45), eta: ago(35) });
      await tick();
      expect((await alertsOf(other.id)).map((a) => a.alert_type)).toEqual(['LATE_DEPARTURE']);
    } finally {
      await s.db.query(`update base_alert_rule set effective = true where code = 'AR-LATE-ARR'`);
    }
  });
});

describe('handling and raising again', () => {
  it('after handling, the alert comes back only when the condition still holds one tolerance later', async () => {
    const sh = await makeShipment(s.db, { status: 'EFFECTIVE', etd: ago(40), rule: 'AR-LATE-DEP' });
    await tick();
    const [first] = await alertsOf(sh.id);
    const deal = await s.api('POST', '/api/shipment/shipmentAlert/deal', { token: admin, body: { id: first.id, alertReason: 'TRAFFIC', alertRemark: '高速拥堵，已联系司机' } });
    expect(deal.status).toBe(200);
    await tick(); // still late, but just handled
    expect(await alertsOf(sh.id)).toHaveLength(1);
    await tick(29);
    expect(await alertsOf(sh.id)).toHaveLength(1);
    await tick(1); // 31 minutes after handling (tolerance 30) and still not departed
    const all = await alertsOf(sh.id);
    expect(all.map((a) => a.status)).toEqual(['HANDLED', 'NEW']);
    await tick();
    expect(await alertsOf(sh.id)).toHaveLength(2);
  });
});

const listen = openStream;

describe('realtime', () => {
  it('an SSE client of the dispatch center hears new and handled alerts; another center does not', async () => {
    const ticket = await s.api('POST', '/api/realtime/ticket', { token: admin });
    expect(ticket.status).toBe(200);
    const bj = await createUser(s.db, { perms: ['shipment:alert:query'], centers: ['BJ01'] });
    const bjTicket = await s.api('POST', '/api/realtime/ticket', { token: await s.login(bj.userName, bj.password) });
    const sse = await listen(s.url, ticket.json.data.ticket);
    const other = await listen(s.url, bjTicket.json.data.ticket);
    const secondTicket = await s.api('POST', '/api/realtime/ticket', { token: admin });
    const onlyHandled = await listen(s.url, secondTicket.json.data.ticket, 'alertHandled');
    try {
      expect(sse.res.status).toBe(200);
      expect(sse.res.headers.get('content-type')).toContain('text/event-stream');
      await sse.waitFor('ready');
      await other.waitFor('ready');
      const sh = await makeShipment(s.db, { status: 'EFFECTIVE', etd: ago(45), rule: 'AR-LATE-DEP' });
      await tick();
      const [a] = await alertsOf(sh.id);
      const [ev] = await sse.waitFor('alert');
      // a signal only: what a browser may see comes from its scoped list
      expect(ev!.data).toEqual({});
      expect(a.id).toBeGreaterThan(0);
      // logged in the transaction that inserted the alert (the same transaction id), so a server lost after the commit
      // loses no announcement: a stream reopened on another server replays it (Last-Event-ID)
      const logged = await s.db.query<{ same: boolean }>(
        `select e.xmin::text = a.xmin::text as same from sys_realtime_event e, shipment_alert a where e.id = $1 and a.id = $2`,
        [Number(ev!.id), a.id],
      );
      expect(logged.rows).toEqual([{ same: true }]);
      await s.api('POST', '/api/shipment/shipmentAlert/deal', { token: admin, body: { id: a.id, alertReason: 'OTHER', alertRemark: '已处理' } });
      const [handled] = await sse.waitFor('alertHandled');
      expect(handled!.data).toEqual({});
      expect(other.events.map((e) => e.event)).toEqual(['ready']);
      await onlyHandled.waitFor('alertHandled');
      expect(onlyHandled.events.map((e) => e.event)).toEqual(['ready', 'alertHandled']);
    } finally {
      await sse.close();
      await other.close();
      await onlyHandled.close();
    }
  });

  it('fans out through LISTEN / NOTIFY: an alert handled on server A reaches a stream of server B', async () => {
    // on a PostgreSQL server B is another node of the cluster; on embedded PGlite a second server of
    // the same process on the same database: either way the event goes through the database
    // server B: another node of the cluster on the same database, listening on its own port
    const config = loadConfig({ ...process.env, TMS_CAPTCHA: 'off', NODE_ENV: 'test' });
    const b = await buildApp({ db: s.db, config, clock: s.clock, logger: false });
    await b.listen({ port: 0, host: '127.0.0.1' });
    const addr = b.server.address();
    const bUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    let sse: Awaited<ReturnType<typeof listen>> | null = null;
    try {
      // signed in, and given the stream's ticket, by server B
      const bLogin = await fetch(`${bUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: ADMIN.user, password: ADMIN.password }) });
      const bToken = ((await bLogin.json()) as Json).data.token as string;
      const ticket = await fetch(`${bUrl}/api/realtime/ticket`, { method: 'POST', headers: { authorization: `Bearer ${bToken}` } });
      expect(ticket.status).toBe(200);
      sse = await listen(bUrl, ((await ticket.json()) as Json).data.ticket, 'alert,alertHandled');
      await sse.waitFor('ready');

      // the job runs and the alert is handled on server A only
      const sh = await makeShipment(s.db, { status: 'EFFECTIVE', etd: ago(45), rule: 'AR-LATE-DEP' });
      await tick();
      await sse.waitFor('alert');
      const [a] = await alertsOf(sh.id);
      const deal = await s.api('POST', '/api/shipment/shipmentAlert/deal', { token: admin, body: { id: a.id, alertReason: 'OTHER', alertRemark: '在 A 服务器处理' } });
      expect(deal.status).toBe(200);
      const [handled] = await sse.waitFor('alertHandled');
      expect(handled!.data).toEqual({});
      expect(sse.events.map((e) => e.event)).toEqual(['ready', 'alert', 'alertHandled']);
    } finally {
      await sse?.close();
      await b.close();
    }
  });

  it('the stream needs a valid, unexpired ticket of a live session', async () => {
    expect((await s.api('GET', '/api/realtime/stream')).status).toBe(401);
    // the ticket is the only credential: a session token instead answers 403
    expect((await s.api('GET', '/api/realtime/stream', { token: admin })).status).toBe(403);
    expect((await s.api('GET', '/api/realtime/stream', { query: { ticket: 'forged.123.abc' } })).status).toBe(401);
    expect((await s.api('POST', '/api/realtime/ticket')).status).toBe(401);
    const token = await s.login(ADMIN.user, ADMIN.password);
    const first = (await s.api('POST', '/api/realtime/ticket', { token })).json.data.ticket as string;
    const [sid, exp, sig] = first.split('.');
    expect((await s.api('GET', '/api/realtime/stream', { query: { ticket: `${Number(sid) + 1}.${exp}.${sig}` } })).status).toBe(401);
    await tick(2);
    expect((await s.api('GET', '/api/realtime/stream', { query: { ticket: first } })).status).toBe(401);
    const t2 = (await s.api('POST', '/api/realtime/ticket', { token })).json.data.ticket as string;
    await s.api('POST', '/api/auth/logout', { token });
    expect((await s.api('GET', '/api/realtime/stream', { query: { ticket: t2 } })).status).toBe(401);
  });
});

describe('idempotence', () => {
  it('a due time runs once, even on a restarted server; a second evaluation never duplicates', async () => {
    const sh = await makeShipment(s.db, { status: 'EFFECTIVE', etd: ago(40), rule: 'AR-LATE-DEP' });
    expect(await tick()).toBe(true);
    const due = now();
    expect(await alertsOf(sh.id)).toHaveLength(1);
    // the server restarts: a new app on the same database (the last test of the file: the old one is gone)
    await s.app.close();
    const config = loadConfig({ ...process.env, TMS_CAPTCHA: 'off', NODE_ENV: 'test' });
    const restarted = await buildApp({ db: s.db, config, clock: s.clock, logger: false });
    try {
      await restarted.ready();
      expect(await restarted.jobs.runScheduled(ALERT_JOB, due)).toBe(false);
      // even evaluated again outside the job, the unique index keeps one open alert per rule
      await evaluateAlerts(s.db, due);
      await Promise.all([evaluateAlerts(s.db, due), evaluateAlerts(s.db, due)]);
      expect(await alertsOf(sh.id)).toHaveLength(1);
      const runs = await s.db.query(`select status from sys_job_run where name = $1 and due_at = $2`, [ALERT_JOB, due]);
      expect(runs.rows).toEqual([{ status: 'DONE' }]);
      // the next due time runs on the restarted server
      t += MIN;
      s.clock.offsetMs = t - Date.now();
      expect(await restarted.jobs.runScheduled(ALERT_JOB, now())).toBe(true);
      expect(await alertsOf(sh.id)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});
