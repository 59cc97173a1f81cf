/**
 * From the driver to the vehicle check report: a driver uploads a picture and posts a checklist through
 * the driver API; staff then read the report, drill down to the checks behind a row and open the check
 * with its items and the picture (a signed link that serves the uploaded bytes without a session).
 * Staff of another dispatch center or another data group see nothing of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { centerId, createUser, rand, startServer, type Json, type TestServer } from './helpers.ts';
import { DRIVER, driverLogin, makeShipment } from './driver-kit.ts';

let s: TestServer;
let shipment: { id: number; code: string };
let checkId: number;
let pictureId: number;
let png: Buffer;
const remark = `出车前检查 ${rand(6)}`;

/** one day either side of today, so the check falls in the period whatever the time zone */
const period = () => {
  const day = (d: number) => new Date(s.clock.now().getTime() + d * 86400e3).toISOString().slice(0, 10);
  return { from: day(-1), to: day(1), tz: 'Asia/Shanghai' };
};

async function staff(centers: string[], perms = ['reports:check:query']): Promise<{ id: number; token: string }> {
  const u = await createUser(s.db, { perms, centers });
  return { id: u.id, token: await s.login(u.userName, u.password) };
}

beforeAll(async () => {
  s = await startServer();
  const token = await driverLogin(s);
  shipment = await makeShipment(s.db, { status: 'EFFECTIVE', driver: DRIVER.loginName });

  // the driver app: the picture first, then the checklist naming it
  png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c33' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'left-rear-tyre.png');
  const up = await s.api('POST', '/api/driver/files', { token, body: form });
  expect(up.status).toBe(200);
  pictureId = up.json.data.id;
  const r = await s.api('POST', `/api/driver/shipments/${shipment.id}/vehicleCheck`, {
    token,
    body: {
      items: [
        { code: 'TYRES', passed: false, remark: '左后胎磨损', pictureIds: [pictureId] },
        { code: 'BRAKES', passed: true },
        { code: 'LIGHTS', passed: true },
      ],
      remark,
      lng: 121.17,
      lat: 31.29,
    },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.data.result).toBe('FAIL');
  checkId = r.json.data.id;
});

afterAll(async () => {
  await s?.close();
});

describe('the vehicle check report, from the driver app', () => {
  it('counts the check per item in the report', async () => {
    const { token } = await staff(['SH01']);
    const r = await s.api('GET', '/api/reports/check/data', { token, query: period() });
    expect(r.status).toBe(200);
    const rows = Object.fromEntries((r.json.data.rows as Json[]).map((x) => [x.itemCode, x]));
    expect(rows.TYRES).toEqual({ itemCode: 'TYRES', checks: 1, failed: 1, failRate: 100 });
    expect(rows.BRAKES).toEqual({ itemCode: 'BRAKES', checks: 1, failed: 0, failRate: 0 });
    expect(rows.LIGHTS).toEqual({ itemCode: 'LIGHTS', checks: 1, failed: 0, failRate: 0 });
    expect(r.json.data.totals).toMatchObject({ checks: 3, failed: 1 });
  });

  it('drills down from a row to its checks: all of the item, or those in which it failed', async () => {
    const { token } = await staff(['SH01']);
    const list = (q: Record<string, string>) => s.api('GET', '/api/reports/check/checks', { token, query: { ...period(), ...q } });
    const tyres = await list({ itemCode: 'TYRES', failedOnly: 'true' });
    expect(tyres.status).toBe(200);
    expect(tyres.json.total).toBe(1);
    expect(tyres.json.rows[0]).toMatchObject({
      id: checkId,
      shipmentId: shipment.id,
      shipmentCode: shipment.code,
      vehiclePlate: '沪A12345',
      driverName: '张伟',
      carrierName: '顺达物流',
      result: 'FAIL',
      failedCount: 1,
      itemCount: 3,
      pictureCount: 1,
      remark,
    });
    expect(new Date(tyres.json.rows[0].checkTime).getTime()).toBeLessThanOrEqual(s.clock.now().getTime());
    expect((await list({ itemCode: 'BRAKES' })).json.total).toBe(1);
    expect((await list({ itemCode: 'BRAKES', failedOnly: 'true' })).json.total).toBe(0);
    expect((await list({ failedOnly: 'true' })).json.total).toBe(1);
    expect((await list({ itemCode: 'SEAL' })).json.total).toBe(0);
    // another period, another carrier: none
    expect((await list({ from: '2020-01-01', to: '2020-01-31' })).json.total).toBe(0);
    const other = (await s.db.query<{ id: number }>(`select id from base_carrier where code = 'CR002'`)).rows[0]!.id;
    expect((await list({ carrierId: String(other) })).json.total).toBe(0);
  });

  it('opens the check with its items, and the picture through a signed link', async () => {
    const { token } = await staff(['SH01']);
    const r = await s.api('GET', `/api/reports/check/checks/${checkId}`, { token });
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d).toMatchObject({ id: checkId, shipmentCode: shipment.code, result: 'FAIL', failedCount: 1, remark, lng: 121.17, lat: 31.29, driverName: '张伟' });
    expect(d.items.map((i: Json) => [i.seq, i.itemCode, i.passed, i.remark])).toEqual([
      [1, 'TYRES', false, '左后胎磨损'],
      [2, 'BRAKES', true, null],
      [3, 'LIGHTS', true, null],
    ]);
    expect(d.items[1].pictures).toEqual([]);
    const [pic] = d.items[0].pictures;
    expect(pic).toMatchObject({ id: pictureId, name: 'left-rear-tyre.png' });
    expect(pic.url).toMatch(new RegExp(`^/api/files/${pictureId}\\?exp=\\d+&sig=`));
    // the link serves the driver's bytes to an <img> without the bearer header
    const file = await fetch(s.url + pic.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    // a link with another signature is refused
    expect((await fetch(s.url + pic.url.replace(/sig=./, (m: string) => (m.endsWith('0') ? 'sig=1' : 'sig=0')))).status).toBe(404);
  });

  it('shows nothing of it to another dispatch center, another data group, or without the permission', async () => {
    const bj = await staff(['BJ01']);
    expect((await s.api('GET', `/api/reports/check/checks/${checkId}`, { token: bj.token })).status).toBe(404);
    const bjList = await s.api('GET', '/api/reports/check/checks', { token: bj.token, query: period() });
    expect(bjList.status).toBe(200);
    expect(bjList.json.total).toBe(0);
    expect(JSON.stringify(bjList.json)).not.toContain(shipment.code);
    // asking for the other center by name: not one of theirs
    const sh = await centerId(s.db, 'SH01');
    expect((await s.api('GET', `/api/reports/check/checks/${checkId}`, { token: bj.token, query: { dispatchCenterId: sh } })).status).toBe(403);
    expect((await s.api('GET', '/api/reports/check/checks', { token: bj.token, query: { ...period(), dispatchCenterId: sh } })).status).toBe(403);
    expect((await s.api('GET', '/api/reports/check/data', { token: bj.token, query: period() })).json.data.rows).toEqual([]);

    // the same center, bound to another carrier's data group
    const g = await staff(['SH01']);
    const group = (await s.db.query<{ id: number }>(`insert into sys_data_group(code, name, create_by) values ($1, $1, 'test') returning id`, [`DG_${rand(6)}`])).rows[0]!.id;
    await s.db.query(`insert into sys_data_group_bind(data_group_id, target_type, target_id) select $1::bigint, 'CARRIER', id from base_carrier where code = 'CR002'`, [group]);
    await s.db.query(`insert into sys_user_data_group(user_id, data_group_id) values ($1, $2)`, [g.id, group]);
    expect((await s.api('GET', `/api/reports/check/checks/${checkId}`, { token: g.token })).status).toBe(404);
    expect((await s.api('GET', '/api/reports/check/checks', { token: g.token, query: period() })).json.total).toBe(0);

    // a user of the center without the report's permission
    const none = await staff(['SH01'], ['reports:order:query']);
    expect((await s.api('GET', `/api/reports/check/checks/${checkId}`, { token: none.token })).status).toBe(403);
    expect((await s.api('GET', '/api/reports/check/checks', { token: none.token })).status).toBe(403);
  });
});
