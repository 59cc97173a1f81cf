/**
 * The driver app's outbox on the server (issue 16): a write with an Idempotency-Key is applied
 * exactly once; a repeat (a sync cut after the server applied it, then retried) gets the first
 * answer again; what can no longer apply (a dispatch order reassigned while the phone was offline)
 * is refused with a translated message, and the refusal is kept for the repeat too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDistributionKey, ADMIN, centerId, createUser, rand, startServer, type Json, type TestServer } from './helpers.ts';
import { driverLogin, makeShipment, OTHER_DRIVER, driverId } from './driver-kit.ts';
import { buildShippedShipment, type Fixture } from '../src/modules/epod/demo.ts';

// every statement this file's servers run names its dispatch center, or is listed (docs/scale-out.md)
checkDistributionKey('driver-outbox.test.ts');

let s: TestServer;
let sh: number;

beforeAll(async () => {
  s = await startServer();
  sh = await centerId(s.db, 'SH01');
});
afterAll(async () => {
  await s?.close();
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const picture = () => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'photo.png');
  return f;
};
const key = () => `t-${rand(12)}`;
const post = (path: string, token: string, k: string | null, body?: unknown, lang = 'zh-CN') =>
  s.api('POST', path, { token, body, headers: { lang, ...(k ? { 'idempotency-key': k } : {}) } });

async function shipped(): Promise<{ f: Fixture; token: string }> {
  const f = await s.db.tx((q) => buildShippedShipment(q, { dispatchCenterId: sh, waybills: [[10, 5]], now: s.clock.now(), by: { userId: 1, userName: 'admin' } }));
  const login = (await s.db.query<{ login_name: string }>(`select login_name from base_driver where id = $1`, [f.driverId])).rows[0]!.login_name;
  return { f, token: await driverLogin(s, { loginName: login, password: 'driver123' }) };
}

async function reportBody(token: string, epodId: number, shortage = 0) {
  const d = (await s.api('GET', `/api/driver/epods/${epodId}`, { token })).json.data as Json;
  const now = s.clock.now();
  return {
    arrivalTime: new Date(now.getTime() - 600_000).toISOString(),
    signTime: now.toISOString(),
    remark: 'outbox',
    lines: (d.lines as Json[]).map((l, i) => ({
      lineId: l.id,
      signedQuantity: l.shippedQuantity - (i === 0 ? shortage : 0),
      cases: l.plannedCases,
      pallets: l.plannedPallets,
      shortage: i === 0 ? shortage : 0,
      damage: 0,
      remark: i === 0 && shortage ? 'SHORT' : null,
    })),
  };
}

const tracked = async (code: string, type: string) =>
  (await s.db.query<{ n: number }>(`select count(*)::int as n from tms_order_tracking where related_code = $1 and operation_type = $2`, [code, type])).rows[0]!.n;

describe('driver outbox: each idempotency key applied once', () => {
  it('an epod report and its pictures sent twice are applied once, the repeat answers the first answer', async () => {
    const { f, token } = await shipped();
    const epod = f.epods[0]!;
    const body = await reportBody(token, epod.id, 2);
    const k = key();
    const path = `/api/driver/epods/${epod.id}/report`;
    const first = await post(path, token, k, body);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const again = await post(path, token, k, body, 'en-US');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    expect(again.json).toEqual(first.json); // the first answer, in the first language
    expect(await tracked(epod.code, 'EPOD_REPORT')).toBe(1);
    // pictures: the same key twice → one picture
    const pk = key();
    const p1 = await s.api('POST', `/api/driver/epods/${epod.id}/pictures`, { token, body: picture(), headers: { 'idempotency-key': pk } });
    const p2 = await s.api('POST', `/api/driver/epods/${epod.id}/pictures`, { token, body: picture(), headers: { 'idempotency-key': pk } });
    expect([p1.status, p2.status]).toEqual([200, 200]);
    expect(p2.json.data.id).toBe(p1.json.data.id);
    const n = await s.db.query<{ n: number }>(`select count(*)::int as n from tms_epod_picture where epod_id = $1`, [epod.id]);
    expect(n.rows[0]!.n).toBe(1);
    // the back office sees the receipt reported once, abnormal
    const e = (await s.db.query<Json>(`select status, is_abnormal, report_source from tms_epod where id = $1`, [epod.id])).rows[0];
    expect(e).toEqual({ status: 'REPORTED', is_abnormal: true, report_source: 'DRIVER' });
  });

  it('a sync cut mid-way: the request lands twice at once, or after the answer was lost: still applied once', async () => {
    const { f, token } = await shipped();
    const epod = f.epods[0]!;
    const body = await reportBody(token, epod.id);
    const k = key();
    const path = `/api/driver/epods/${epod.id}/report`;
    // the phone's request is cut (no answer reaches it) and the outbox sends it again at once
    const both = await Promise.all([post(path, token, k, body), post(path, token, k, body)]);
    const statuses = both.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const busy = both.find((r) => r.status === 409);
    if (busy) expect(busy.json.msg).toBe('这项操作正在提交，请稍后重试');
    // the later retry gets the answer of the first application
    const retry = await post(path, token, k, body);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replay')).toBe('true');
    expect(await tracked(epod.code, 'EPOD_REPORT')).toBe(1);
    // a new key for the same report is a new action (the state machine refuses it: already reported)
    expect((await post(path, token, key(), body)).status).toBe(409);
    // positions: a batch twice → stored once
    const pk = key();
    const points = { points: [{ shipmentId: f.shipmentId, lng: 121.47, lat: 31.23, time: s.clock.now().toISOString() }] };
    expect((await post('/api/driver/positions', token, pk, points)).status).toBe(200);
    expect((await post('/api/driver/positions', token, pk, points)).status).toBe(200);
    const pos = await s.db.query<{ n: number }>(`select count(*)::int as n from tms_position where shipment_id = $1`, [f.shipmentId]);
    expect(pos.rows[0]!.n).toBe(1);
  });

  it('accept twice with one key answers the same; a key reused on another route or malformed is refused', async () => {
    const token = await driverLogin(s);
    const sh1 = await makeShipment(s.db, { status: 'EFFECTIVE' });
    const k = key();
    const a1 = await post(`/api/driver/shipments/${sh1.id}/accept`, token, k);
    const a2 = await post(`/api/driver/shipments/${sh1.id}/accept`, token, k);
    expect([a1.status, a2.status]).toEqual([200, 200]);
    expect(a2.json).toEqual(a1.json);
    expect(await tracked(sh1.code, 'DRIVER_ACCEPT')).toBe(1);
    const reused = await post(`/api/driver/shipments/${sh1.id}/refuse`, token, k, { reason: 'x' }, 'en-US');
    expect(reused.status).toBe(422);
    expect(reused.json.msg).toBe('This idempotency key was already used for another action');
    const bad = await post(`/api/driver/shipments/${sh1.id}/accept`, token, 'bad key with spaces', undefined, 'en-US');
    expect(bad.status).toBe(400);
  });

  it('what can no longer apply (reassigned while offline) is refused with a clear message, and the repeat gets the same refusal', async () => {
    const { f, token } = await shipped();
    const epod = f.epods[0]!;
    const body = await reportBody(token, epod.id);
    // the dispatcher gives the dispatch order to another driver
    await s.db.query(`update tms_shipment set driver_id_master = $2 where id = $1`, [f.shipmentId, await driverId(s.db, OTHER_DRIVER.loginName)]);
    const k = key();
    const r = await post(`/api/driver/epods/${epod.id}/report`, token, k, body, 'en-US');
    expect(r.status).toBe(404);
    expect(r.json.msg).toBe('This dispatch order is no longer assigned to you (it may have been reassigned); this action cannot be applied');
    const again = await post(`/api/driver/epods/${epod.id}/report`, token, k, body, 'zh-CN');
    expect(again.status).toBe(404);
    expect(again.json.msg).toBe(r.json.msg);
    const kept = await s.db.query<Json>(`select status_code, state from tms_driver_applied where idem_key = $1`, [k]);
    expect(kept.rows).toEqual([{ status_code: 404, state: 'DONE' }]);
    const zh = await post(`/api/driver/shipments/${f.shipmentId}/accept`, token, key());
    expect(zh.json.msg).toBe('该调度单已不再分配给您（可能已改派），此项操作无法提交');

    // the dispatcher sees both refusals, once each, with what the phone showed; another center's user sees none
    const code = (await s.db.query<{ shipment_code: string }>(`select shipment_code from tms_shipment where id = $1`, [f.shipmentId])).rows[0]!.shipment_code;
    const list = async (token: string) => s.api('GET', '/api/shipment/driverRefusal/list', { token, query: { shipmentCode: code, orderByColumn: 'id', isAsc: 'asc' } });
    const seen = await list(await s.login(ADMIN.user, ADMIN.password));
    expect(seen.status, JSON.stringify(seen.json)).toBe(200);
    expect((seen.json.rows as Json[]).map((x) => [x.action, x.statusCode, x.message, x.idemKey])).toEqual([
      ['EPOD_REPORT', 404, r.json.msg, k],
      ['ACCEPT', 404, zh.json.msg, expect.any(String)],
    ]);
    const other = await createUser(s.db, { perms: ['shipment:driverRefusal:query'], centers: ['BJ01'] });
    expect((await list(await s.login(other.userName, other.password))).json.rows).toEqual([]);
  });
});
