/**
 * The driver app API: login, the driver principal kept apart from staff, the driver's dispatch
 * orders with accept / refuse, position batches and vehicle checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { checkDistributionKey, ADMIN, startServer, type Json, type TestServer } from './helpers.ts';
import { DRIVER, OTHER_DRIVER, driverId, driverLogin, makeShipment } from './driver-kit.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey();

let s: TestServer;
let token: string;
let adminToken: string;

beforeAll(async () => {
  s = await startServer();
  token = await driverLogin(s);
  adminToken = await s.login(ADMIN.user, ADMIN.password);
});
afterAll(async () => {
  await s?.close();
});

const inHours = (h: number) => new Date(s.clock.now().getTime() + h * 3600_000);

describe('driver login', () => {
  it('signs in with the login name and password of the driver', async () => {
    const r = await s.api('POST', '/api/driver/login', { body: DRIVER });
    expect(r.status).toBe(200);
    expect(r.json.data.token).toMatch(/^[\w-]{40,}$/);
    const me = await s.api('GET', '/api/driver/me', { token: r.json.data.token });
    expect(me.json.data).toMatchObject({ loginName: 'zhangwei', name: '张伟', code: 'D001', carrierName: '顺达物流' });
  });

  it('refuses a wrong password, an unknown name and missing fields', async () => {
    const wrong = await s.api('POST', '/api/driver/login', { body: { loginName: DRIVER.loginName, password: 'nope-nope' }, headers: { lang: 'en-US' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.msg).toBe('Wrong login name or password');
    expect((await s.api('POST', '/api/driver/login', { body: { loginName: 'nobody', password: 'x12345' } })).status).toBe(401);
    const missing = await s.api('POST', '/api/driver/login', { body: { loginName: '' } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.errors)).toEqual(['loginName', 'password']);
    const logged = await s.db.query(`select status from sys_login_log where user_name = 'driver:zhangwei' and status = '1'`);
    expect(logged.rowCount).toBeGreaterThan(0);
  });

  it('refuses a driver who is not effective, and their open sessions stop working', async () => {
    const t = await driverLogin(s, { loginName: 'zhaolei', password: 'driver123' });
    await s.db.query(`update base_driver set effective = false where login_name = 'zhaolei'`);
    try {
      const r = await s.api('POST', '/api/driver/login', { body: { loginName: 'zhaolei', password: 'driver123' }, headers: { lang: 'en-US' } });
      expect(r.status).toBe(403);
      expect(r.json.msg).toBe('This driver is not effective; please contact the dispatcher');
      expect((await s.api('GET', '/api/driver/me', { token: t })).status).toBe(401);
    } finally {
      await s.db.query(`update base_driver set effective = true where login_name = 'zhaolei'`);
    }
  });

  it('logout ends the session', async () => {
    const t = await driverLogin(s);
    expect((await s.api('POST', '/api/driver/logout', { token: t })).status).toBe(200);
    expect((await s.api('GET', '/api/driver/me', { token: t })).status).toBe(401);
  });
});

describe('driver and staff tokens are apart', () => {
  it('a staff token opens no driver route, a driver token no staff route', async () => {
    const staffOnDriver = await s.api('GET', '/api/driver/shipments', { token: adminToken, headers: { lang: 'en-US' } });
    expect(staffOnDriver.status).toBe(403);
    expect(staffOnDriver.json.msg).toBe('This call is for the driver app only');
    expect((await s.api('GET', '/api/driver/shipments')).status).toBe(401);
    expect((await s.api('GET', '/api/driver/shipments', { token: 'made-up-token' })).status).toBe(401);
    for (const path of ['/api/system/user/info', '/api/shipment/shipmentAlert/getAlert']) {
      expect((await s.api('GET', path, { token })).status).toBe(401);
    }
  });

  it('every /api/driver route but login belongs to the driver principal', () => {
    const routes = s.app.routeTable.filter((r) => r.url.startsWith('/api/driver/'));
    expect(routes.length).toBeGreaterThan(5);
    for (const r of routes) {
      if (r.url === '/api/driver/login') expect(r.permission).toBe('public');
      else expect(r).toMatchObject({ permission: 'driver:app', principal: 'driver' });
    }
  });
});

describe('the driver’s dispatch orders', () => {
  it('lists the EFFECTIVE and SHIPPED ones the driver drives, main or second', async () => {
    const eff = await makeShipment(s.db, { status: 'EFFECTIVE', etd: inHours(1), eta: inHours(5) });
    const shipped = await makeShipment(s.db, { status: 'SHIPPED', etd: inHours(-1), eta: inHours(3), atd: inHours(-1) });
    const asSecond = await makeShipment(s.db, { status: 'EFFECTIVE', driver: OTHER_DRIVER.loginName, second: DRIVER.loginName });
    const confirmed = await makeShipment(s.db, { status: 'CONFIRMED' });
    const others = await makeShipment(s.db, { status: 'EFFECTIVE', driver: OTHER_DRIVER.loginName });
    const r = await s.api('GET', '/api/driver/shipments', { token });
    expect(r.status).toBe(200);
    const ids = r.json.data.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([eff.id, shipped.id, asSecond.id]));
    expect(ids).not.toContain(confirmed.id);
    expect(ids).not.toContain(others.id);
    const one = r.json.data.find((x: { id: number }) => x.id === eff.id);
    expect(one).toMatchObject({ shipmentCode: eff.code, status: 'EFFECTIVE', vehiclePlate: '沪A12345', driverRole: 'MASTER', carrierName: '顺达物流' });
    expect(one.stops.map((x: { name: string }) => x.name)).toEqual(['上海嘉定配送站', '苏州工业园区站']);
    expect(one.stops[0]).toMatchObject({ seq: 1, lng: 121.1669, lat: 31.2958 });
    expect(r.json.data.find((x: { id: number }) => x.id === asSecond.id).driverRole).toBe('SECOND');
    expect((await s.api('GET', `/api/driver/shipments/${others.id}`, { token })).status).toBe(404);
    expect((await s.api('GET', `/api/driver/shipments/${eff.id}`, { token })).json.data.id).toBe(eff.id);
  });

  it('accepts an EFFECTIVE dispatch order once', async () => {
    const sh = await makeShipment(s.db, { status: 'EFFECTIVE' });
    const r = await s.api('POST', `/api/driver/shipments/${sh.id}/accept`, { token, headers: { lang: 'en-US' } });
    expect(r.status).toBe(200);
    expect(r.json.msg).toBe('Dispatch order accepted');
    const row = (await s.db.query(`select status, is_receive, receive_time from tms_shipment where id = $1`, [sh.id])).rows[0];
    expect(row).toMatchObject({ status: 'EFFECTIVE', is_receive: 'ACCEPTED' });
    expect(row!.receive_time).toBeTruthy();
    const again = await s.api('POST', `/api/driver/shipments/${sh.id}/accept`, { token, headers: { lang: 'en-US' } });
    expect(again.status).toBe(409);
    expect(again.json.msg).toBe('This dispatch order has already been accepted');
    expect((await s.api('POST', `/api/driver/shipments/${sh.id}/refuse`, { token, body: { reason: 'too late' } })).status).toBe(409);
    const log = await s.db.query(`select operation_type, driver_id, operator_name from tms_order_tracking where shipment_id = $1`, [sh.id]);
    expect(log.rows).toEqual([{ operation_type: 'DRIVER_ACCEPT', driver_id: await driverId(s.db, DRIVER.loginName), operator_name: '张伟' }]);
  });

  it('refusing needs a reason and returns the dispatch order to CONFIRMED', async () => {
    const sh = await makeShipment(s.db, { status: 'EFFECTIVE' });
    const none = await s.api('POST', `/api/driver/shipments/${sh.id}/refuse`, { token, body: { reason: '  ' } });
    expect(none.status).toBe(400);
    expect(none.json.errors.reason).toBeTruthy();
    const long = await s.api('POST', `/api/driver/shipments/${sh.id}/refuse`, { token, body: { reason: 'x'.repeat(201) } });
    expect(long.status).toBe(400);
    const r = await s.api('POST', `/api/driver/shipments/${sh.id}/refuse`, { token, body: { reason: '车辆故障' } });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ id: sh.id, status: 'CONFIRMED' });
    const row = (await s.db.query(`select status, is_receive, reject_reasons from tms_shipment where id = $1`, [sh.id])).rows[0];
    expect(row).toEqual({ status: 'CONFIRMED', is_receive: 'REFUSED', reject_reasons: '车辆故障' });
    const again = await s.api('POST', `/api/driver/shipments/${sh.id}/accept`, { token, headers: { lang: 'en-US' } });
    expect(again.status).toBe(409);
    expect(again.json.msg).toBe('Only an effective dispatch order can be accepted or refused');
    // made effective again by the dispatcher, it can be answered again
    await s.db.query(`update tms_shipment set status = 'EFFECTIVE' where id = $1`, [sh.id]);
    expect((await s.api('POST', `/api/driver/shipments/${sh.id}/accept`, { token })).status).toBe(200);
  });

  it('answers 404 for a dispatch order of another driver, 409 for one not effective', async () => {
    const theirs = await makeShipment(s.db, { status: 'EFFECTIVE', driver: OTHER_DRIVER.loginName });
    expect((await s.api('POST', `/api/driver/shipments/${theirs.id}/accept`, { token })).status).toBe(404);
    const shipped = await makeShipment(s.db, { status: 'SHIPPED' });
    expect((await s.api('POST', `/api/driver/shipments/${shipped.id}/accept`, { token })).status).toBe(409);
    expect((await s.db.query(`select is_receive from tms_shipment where id = $1`, [theirs.id])).rows[0]!.is_receive).toBeNull();
  });
});

describe('positions', () => {
  const now = () => s.clock.now();
  const pt = (o: Record<string, unknown> = {}) => ({ lng: 121.2, lat: 31.3, speed: 60, direction: 90, time: now().toISOString(), ...o });

  it('validates the batch', async () => {
    const post = (body: unknown) => s.api('POST', '/api/driver/positions', { token, body, headers: { lang: 'en-US' } });
    expect((await post([])).status).toBe(400);
    const tooMany = await post(Array.from({ length: 1001 }, () => pt()));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.msg).toBe('At most 1000 positions per call');
    const bad = await post([pt(), pt({ lng: 181 }), pt({ lat: 'x' }), pt({ time: 'yesterday' }), pt({ speed: -1 }), pt({ time: new Date(now().getTime() + 3600_000).toISOString() })]);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['points.1.lng', 'points.2.lat', 'points.3.time', 'points.4.speed', 'points.5.time']);
    const theirs = await makeShipment(s.db, { status: 'SHIPPED', driver: OTHER_DRIVER.loginName });
    const foreign = await post([pt({ shipmentId: theirs.id })]);
    expect(foreign.status).toBe(400);
    expect(foreign.json.errors['points.0.shipmentId']).toBeTruthy();
    expect((await s.db.query(`select 1 from tms_position where shipment_id = $1`, [theirs.id])).rowCount).toBe(0);
  });

  it('stores a batch with the dispatch order’s center and vehicle; points without one go to the trip in progress', async () => {
    await s.db.query(`update tms_shipment set status = 'COMPLETED' where driver_id_master = $1 and status in ('SHIPPED', 'EFFECTIVE')`, [await driverId(s.db, DRIVER.loginName)]);
    const sh = await makeShipment(s.db, { status: 'SHIPPED', atd: inHours(-1) });
    const t0 = now().getTime() - 60_000;
    const batch = [
      pt({ shipmentId: sh.id, time: new Date(t0).toISOString() }),
      pt({ shipmentId: sh.id, lng: 121.21, time: new Date(t0 + 10_000).toISOString() }),
      pt({ lng: 121.22, speed: null, direction: null, time: new Date(t0 + 20_000).toISOString() }),
    ];
    const r = await s.api('POST', '/api/driver/positions', { token, body: { points: batch }, headers: { lang: 'en-US' } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ msg: 'Received 3 positions', data: { count: 3 } });
    const rows = await s.db.query<Record<string, unknown>>(
      `select p.dispatch_center_id, p.shipment_id, p.vehicle_id, p.driver_id, p.lng, p.speed, p.source, c.code as center
         from tms_position p join sys_dispatch_center c on c.id = p.dispatch_center_id where p.shipment_id = $1 order by p.reported_at`,
      [sh.id],
    );
    const vehicle = (await s.db.query<{ vehicle_id_main: number }>(`select vehicle_id_main from tms_shipment where id = $1`, [sh.id])).rows[0]!.vehicle_id_main;
    expect(rows.rows).toHaveLength(3);
    expect(rows.rows.map((x) => x.lng)).toEqual([121.2, 121.21, 121.22]);
    for (const row of rows.rows) expect(row).toMatchObject({ center: 'SH01', vehicle_id: vehicle, driver_id: await driverId(s.db, DRIVER.loginName), source: 'APP' });
    expect(rows.rows[2]!.speed).toBeNull();
  });
});

describe('vehicle check', () => {
  let picture: number;
  beforeAll(async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3a6' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'tyre.png');
    const r = await s.api('POST', '/api/driver/files', { token, body: form });
    expect(r.status).toBe(200);
    picture = r.json.data.id;
  });

  it('records the checklist; one failing item fails the check', async () => {
    const sh = await makeShipment(s.db, { status: 'EFFECTIVE' });
    const body = {
      items: [
        { code: 'TYRES', passed: false, remark: '左后胎磨损', pictureIds: [picture] },
        { code: 'BRAKES', passed: true },
        { code: 'LIGHTS', passed: true },
      ],
      remark: '出车前检查',
      lng: 121.17,
      lat: 31.29,
    };
    const r = await s.api('POST', `/api/driver/shipments/${sh.id}/vehicleCheck`, { token, body, headers: { lang: 'en-US' } });
    expect(r.status).toBe(200);
    expect(r.json.msg).toBe('Vehicle check submitted');
    expect(r.json.data.result).toBe('FAIL');
    const check = (await s.db.query(`select shipment_id, shipment_code, result, failed_count, remark, vehicle_id is not null as has_vehicle from tms_vehicle_check where id = $1`, [r.json.data.id]))
      .rows[0];
    expect(check).toEqual({ shipment_id: sh.id, shipment_code: sh.code, result: 'FAIL', failed_count: 1, remark: '出车前检查', has_vehicle: true });
    const items = await s.db.query<Json>(`select seq, item_code, passed, remark, picture_ids from tms_vehicle_check_item where check_id = $1 order by seq`, [r.json.data.id]);
    expect(items.rows[0]).toMatchObject({ seq: 1, item_code: 'TYRES', passed: false, remark: '左后胎磨损' });
    expect(items.rows[0]!.picture_ids.map(Number)).toEqual([picture]);
    expect(items.rows.map((x) => x.item_code)).toEqual(['TYRES', 'BRAKES', 'LIGHTS']);
    const log = await s.db.query(`select operation_type from tms_order_tracking where shipment_id = $1`, [sh.id]);
    expect(log.rows).toEqual([{ operation_type: 'VEHICLE_CHECK' }]);
  });

  it('refuses unknown items, pictures of others and dispatch orders not in progress', async () => {
    const sh = await makeShipment(s.db, { status: 'SHIPPED' });
    const post = (id: number, body: unknown) => s.api('POST', `/api/driver/shipments/${id}/vehicleCheck`, { token, body });
    expect((await post(sh.id, { items: [] })).status).toBe(400);
    const unknown = await post(sh.id, { items: [{ code: 'WINGS', passed: true }] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors['items.0.code']).toBeTruthy();
    expect((await post(sh.id, { items: [{ code: 'TYRES', passed: true }, { code: 'TYRES', passed: false }] })).status).toBe(400);
    const other = await driverLogin(s, OTHER_DRIVER);
    const theirShipment = await makeShipment(s.db, { status: 'EFFECTIVE', driver: OTHER_DRIVER.loginName });
    const stolen = await s.api('POST', `/api/driver/shipments/${theirShipment.id}/vehicleCheck`, { token: other, body: { items: [{ code: 'TYRES', passed: true, pictureIds: [picture] }] } });
    expect(stolen.status).toBe(400);
    expect(stolen.json.errors.pictureIds).toBeTruthy();
    expect((await post(theirShipment.id, { items: [{ code: 'TYRES', passed: true }] })).status).toBe(404);
    const confirmed = await makeShipment(s.db, { status: 'CONFIRMED' });
    expect((await post(confirmed.id, { items: [{ code: 'TYRES', passed: true }] })).status).toBe(409);
    expect((await s.db.query(`select 1 from tms_vehicle_check where shipment_id = any($1)`, [[sh.id, theirShipment.id, confirmed.id]])).rowCount).toBe(0);
  });

  it('gives the checklist in the driver\'s language and the last check on the dispatch order', async () => {
    const zh = await s.api('GET', '/api/driver/checkItems', { token });
    expect(zh.status).toBe(200);
    expect(zh.json.data[0]).toEqual({ code: 'TYRES', label: '轮胎' });
    const en = await s.api('GET', '/api/driver/checkItems', { token, headers: { lang: 'en-US' } });
    expect(en.json.data.map((i: Json) => i.code)).toEqual(zh.json.data.map((i: Json) => i.code));
    expect(en.json.data[1]).toEqual({ code: 'BRAKES', label: 'Brakes' });
    expect((await s.api('GET', '/api/driver/checkItems')).status).toBe(401);

    const sh = await makeShipment(s.db, { status: 'EFFECTIVE' });
    const before = await s.api('GET', `/api/driver/shipments/${sh.id}`, { token });
    expect(before.json.data.lastCheck).toBeNull();
    const r = await s.api('POST', `/api/driver/shipments/${sh.id}/vehicleCheck`, { token, body: { items: [{ code: 'TYRES', passed: true }] } });
    expect(r.json.data.result).toBe('PASS');
    const after = await s.api('GET', `/api/driver/shipments/${sh.id}`, { token });
    expect(after.json.data.lastCheck).toMatchObject({ id: r.json.data.id, result: 'PASS' });
  });

  it('stores a picture sent twice with the same idempotency key once', async () => {
    const png = await sharp({ create: { width: 3, height: 3, channels: 3, background: '#36a' } }).png().toBuffer();
    const send = () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'seal.png');
      return s.api('POST', '/api/driver/files', { token, body: form, headers: { 'idempotency-key': 'check-photo-twice-p0' } });
    };
    const first = await send();
    const again = await send();
    expect(first.status).toBe(200);
    expect(again.json.data.id).toBe(first.json.data.id);
    expect((await s.db.query(`select 1 from sys_oss where original_name = 'seal.png'`)).rowCount).toBe(1);
  });

  it('accepts pictures only', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'a.txt');
    expect((await s.api('POST', '/api/driver/files', { token, body: form })).status).toBe(400);
  });
});
