/**
 * Orders (spec §2 / §4 / §8, design/domain.md "Order"): add / edit with lines and totals, every
 * action allowed and refused with the spec's messages, all-or-nothing bulk actions, optimistic
 * locking, data scope (dispatch center, data groups), totals of the filtered set, Excel import with
 * preview, printing with the reprint rule, and the tracking every action writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { RESOURCES, orderResource } from '@tms/domain';
import { translate } from '../src/platform/i18n.ts';
import { apiLabelJoins, apiRows, apiSelectList, selectList, toApi } from '../src/platform/resource-engine.ts';
import { checkDistributionKey, ADMIN, createUser, rand, startServer, type Json, type TestServer } from './helpers.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey();

let s: TestServer;
let admin: string;
const zh = (key: string, params?: Record<string, unknown>) => translate('zh-CN', key, params);
const en = (key: string, params?: Record<string, unknown>) => translate('en-US', key, params);

const ref = { clients: new Map<string, number>(), stations: new Map<string, number>(), items: new Map<string, number>() };

async function ids(table: string): Promise<Map<string, number>> {
  const r = await s.db.query<{ id: number; code: string }>(`select id, code from ${table}`);
  return new Map(r.rows.map((x) => [x.code, x.id]));
}

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  ref.clients = await ids('base_client');
  ref.stations = await ids('base_station');
  ref.items = await ids('base_item');
});
afterAll(async () => {
  await s?.close();
});

const api = (method: string, path: string, o: { body?: unknown; query?: Record<string, string | number>; token?: string; lang?: string } = {}) =>
  s.api(method, `/api/order${path}`, { token: o.token ?? admin, body: o.body, query: o.query, headers: o.lang ? { lang: o.lang } : {} });

/** A body of a C001 order (stations S-SH-01 → S-SH-02) with two lines. */
function body(extra: Record<string, unknown> = {}) {
  return {
    clientId: ref.clients.get('C001'),
    sourceStationId: ref.stations.get('S-SH-01'),
    destStationId: ref.stations.get('S-SH-02'),
    refNo: `R-${rand(8)}`,
    lines: [
      { itemId: ref.items.get('I-XF-001'), quantity: 10, weight: 52.5, volume: 0.12, cases: 1 },
      { itemId: ref.items.get('I-XF-002'), quantity: 5, weight: 5.25, volume: 0.015, pallets: 1 },
    ],
    ...extra,
  };
}

async function create(extra: Record<string, unknown> = {}, token = admin): Promise<Json> {
  const r = await api('POST', '/order/save', { body: body(extra), token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
}

const order = async (id: number): Promise<Json> => (await api('GET', `/order/get/${id}`)).json.data;
const act = (name: string, orderIds: number[], extra: Record<string, unknown> = {}, lang?: string) => api('POST', `/order/${name}`, { body: { ids: orderIds, ...extra }, lang });

/** A refusal: 409 with the message in both languages. */
async function refused(name: string, orderIds: number[], key: string, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const r = await act(name, orderIds, extra);
  expect(r.status, JSON.stringify(r.json)).toBe(409);
  expect(r.json.msg).toBe(zh(key, params));
  const e = await act(name, orderIds, extra, 'en-US');
  expect(e.status).toBe(409);
  expect(e.json.msg).toBe(en(key, params));
}

describe('seeded demo orders', () => {
  it('has open, locked and effective orders; effective ones have their waybill', async () => {
    const r = await api('GET', '/order/list', { query: { pageSize: 50 } });
    expect(r.status).toBe(200);
    const rows = (r.json.rows as Json[]).filter((o) => /^(XF|SH|HW)-2026-/.test(o.refNo ?? ''));
    expect(rows.length).toBe(6);
    expect(rows.some((o) => o.status === 'OPEN' && !o.isLock)).toBe(true);
    expect(rows.some((o) => o.isLock)).toBe(true);
    const effective = rows.find((o) => o.status === 'EFFECTIVE')!;
    const d = await order(effective.id);
    expect(d.waybills).toHaveLength(1);
    expect(d.tracking.map((t: Json) => t.operationType)).toEqual(expect.arrayContaining(['ORDER_CREATE', 'ORDER_REVIEW', 'WAYBILL_CREATE']));
  });
});

describe('add and edit', () => {
  it('creates an order with lines; totals are the sums of the lines; code from the ORDER rule; tracked', async () => {
    const o = await create({ remark: '测试备注' });
    expect(o.code).toMatch(/^OR\d{8}\d{6}$/);
    expect(o).toMatchObject({ status: 'OPEN', source: 'MANUAL', isLock: false, totalQuantity: 15, totalWeight: 57.75, totalVolume: 0.135, totalCases: 1, totalPallets: 1, version: 0 });
    expect(o.lines.map((l: Json) => [l.posNo, l.itemCode, l.quantity])).toEqual([
      [1, 'I-XF-001', 10],
      [2, 'I-XF-002', 5],
    ]);
    expect(o.lines[0].itemName).toBeTruthy();
    expect(o.clientIdLabel).toBeTruthy();
    expect(o.tracking.map((t: Json) => t.operationType)).toEqual(['ORDER_CREATE']);
    expect(o.tracking[0]).toMatchObject({ relatedCode: o.code, operatorName: 'admin' });
  });

  it("refuses items without a client ('Please select the owner first'), same stations, another client's items, a long remark", async () => {
    const noClient = await api('POST', '/order/save', { body: body({ clientId: null }) });
    expect(noClient.status).toBe(400);
    expect(noClient.json.msg).toBe(zh('messages.order.selectOwnerFirst'));
    expect(noClient.json.errors.clientId).toBe(zh('messages.order.selectOwnerFirst'));
    const noClientEn = await api('POST', '/order/save', { body: body({ clientId: undefined }), lang: 'en-US' });
    expect(noClientEn.json.msg).toBe('Please select the owner first');

    const same = await api('POST', '/order/save', { body: body({ destStationId: ref.stations.get('S-SH-01') }) });
    expect(same.status).toBe(400);
    expect(same.json.errors.destStationId).toBe(zh('messages.order.sameStations'));

    const missing = await api('POST', '/order/save', { body: body({ sourceStationId: null }) });
    expect(missing.status).toBe(400);
    expect(missing.json.errors.sourceStationId).toBeTruthy();

    const other = await api('POST', '/order/save', { body: body({ lines: [{ itemId: ref.items.get('I-SH-001'), quantity: 1 }] }) });
    expect(other.status).toBe(400);
    expect(other.json.errors['lines[0].itemId']).toBe(zh('messages.order.itemNotOfClient'));

    const long = await api('POST', '/order/save', { body: body({ remark: 'x'.repeat(101) }) });
    expect(long.status).toBe(400);
    expect(long.json.errors.remark).toBe(zh('validation.maxLength', { max: 100 }));

    const noLines = await api('POST', '/order/save', { body: body({ lines: [] }) });
    expect(noLines.status).toBe(400);
    expect(noLines.json.msg).toBe(zh('messages.order.linesRequired'));

    const badQty = await api('POST', '/order/save', { body: body({ lines: [{ itemId: ref.items.get('I-XF-001'), quantity: -1 }] }) });
    expect(badQty.status).toBe(400);
    expect(badQty.json.errors['lines[0].quantity']).toBeTruthy();
  });

  it('edits with the version read; a second save of the same version answers 409 and loses nothing', async () => {
    const o = await create();
    const edit = (refNo: string, qty: number) =>
      api('POST', '/order/update', { body: { ...body({ refNo, lines: [{ itemId: ref.items.get('I-XF-001'), quantity: qty, weight: qty }] }), clientId: undefined, id: o.id, version: 0 } });
    const [a, b] = await Promise.all([edit('FIRST', 3), edit('SECOND', 4)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    const winner = a.status === 200 ? a : b;
    expect(loser.json.msg).toBe(zh('messages.conflictVersion'));
    const d = await order(o.id);
    expect(d.version).toBe(1);
    expect(d.refNo).toBe(winner.json.data.refNo);
    expect(d.lines).toHaveLength(1);
    expect(d.totalQuantity).toBe(d.lines[0].quantity);
    expect(d.totalWeight).toBe(d.lines[0].weight);
    expect(d.tracking.map((t: Json) => t.operationType)).toEqual(['ORDER_UPDATE', 'ORDER_CREATE']);
    // a stale version again
    expect((await edit('THIRD', 1)).status).toBe(409);
  });

  it('edits only open, unlocked orders', async () => {
    const o = await create();
    expect((await act('lock', [o.id], { reason: '核对中' })).status).toBe(200);
    const locked = await api('POST', '/order/update', { body: { ...body(), id: o.id, version: 1 } });
    expect(locked.status).toBe(409);
    expect(locked.json.msg).toBe(zh('messages.order.editUnlockFirst'));
    expect((await act('unlock', [o.id])).status).toBe(200);
    expect((await act('review', [o.id])).status).toBe(200);
    const effective = await api('POST', '/order/update', { body: { ...body(), id: o.id, version: 3 } });
    expect(effective.status).toBe(409);
    expect(effective.json.msg).toBe(zh('messages.order.editOnlyOpen'));
  });
});

describe('review and retract', () => {
  it('review makes the order effective and creates one waybill with the lines copied', async () => {
    const o = await create({ etd: '2026-12-01T08:00:00.000Z', eta: '2026-12-02T08:00:00.000Z', transType: 'ROAD', loadMode: 'FTL' });
    const r = await act('review', [o.id]);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const d = await order(o.id);
    expect(d).toMatchObject({ status: 'EFFECTIVE', auditBy: 'admin' });
    expect(d.auditTime).toBeTruthy();
    expect(d.waybills).toHaveLength(1);
    const wb = (await s.db.query<Json>(`select * from tms_waybill where order_id = $1`, [o.id])).rows[0];
    expect(wb).toMatchObject({
      order_code: o.code, status: 'OPEN', client_id: o.clientId, source_station_id: o.sourceStationId, dest_station_id: o.destStationId,
      trans_type: 'ROAD', load_mode: 'FTL', total_quantity: 15, total_weight: 57.75, total_cases: 1, total_pallets: 1, dispatch_center_id: (await s.db.query<Json>(`select dispatch_center_id from tms_order where id = $1`, [o.id])).rows[0].dispatch_center_id,
    });
    expect(wb.code).toMatch(/^WB\d{14}$/);
    expect(wb.source_contact_name).toBe('站点值班');
    expect(new Date(wb.etd).toISOString()).toBe('2026-12-01T08:00:00.000Z');
    const lines = (await s.db.query<Json>(`select * from tms_waybill_line where waybill_id = $1 order by pos_no`, [wb.id])).rows;
    expect(lines.map((l) => [l.item_code, l.quantity, l.weight, l.volume, l.cases, l.pallets])).toEqual([
      ['I-XF-001', 10, 52.5, 0.12, 1, 0],
      ['I-XF-002', 5, 5.25, 0.015, 0, 1],
    ]);
    expect(lines[0].order_line_id).toBe(o.lines[0].id);
    expect(lines[0].temperature).toBe('COLD');
    expect(d.tracking.map((t: Json) => t.operationType)).toEqual(expect.arrayContaining(['ORDER_REVIEW', 'WAYBILL_CREATE']));
    expect(d.tracking.find((t: Json) => t.operationType === 'WAYBILL_CREATE').relatedCode).toBe(wb.code);

    await refused('review', [o.id], 'messages.order.auditOnlyOpen');
  });

  it('a selection with one effective order refuses the review of all', async () => {
    const a = await create();
    const b = await create();
    expect((await act('review', [b.id])).status).toBe(200);
    await refused('review', [a.id, b.id], 'messages.order.auditOnlyOpen');
    expect((await order(a.id)).status).toBe('OPEN');
    expect((await s.db.query(`select 1 from tms_waybill where order_id = $1`, [a.id])).rows).toHaveLength(0);
  });

  it('a review of several orders, given in any order, tracks each: ORDER_REVIEW then WAYBILL_CREATE with its waybill, in the order of the orders', async () => {
    const a = await create();
    const b = await create();
    const r = await act('review', [b.id, a.id]);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const wb = (await s.db.query<Json>(`select id, order_id, code, dispatch_center_id from tms_waybill where order_id = any($1::bigint[]) order by id`, [[a.id, b.id]])).rows;
    // the waybills' ids follow their orders'
    expect(wb.map((w) => Number(w.order_id))).toEqual([a.id, b.id]);
    const t = (
      await s.db.query<Json>(
        `select order_id, waybill_id, operation_type, related_code, operator_name, dispatch_center_id from tms_order_tracking
          where order_id = any($1::bigint[]) and operation_type <> 'ORDER_CREATE' order by id`,
        [[a.id, b.id]],
      )
    ).rows;
    const row = (type: string, w: Json) => ({ order_id: w.order_id, waybill_id: w.id, operation_type: type, related_code: w.code, operator_name: 'admin', dispatch_center_id: w.dispatch_center_id });
    expect(t).toEqual([row('ORDER_REVIEW', wb[0]!), row('ORDER_REVIEW', wb[1]!), row('WAYBILL_CREATE', wb[0]!), row('WAYBILL_CREATE', wb[1]!)]);
  });

  it('retract needs effective orders whose waybill is still open and unbound; it deletes the waybill', async () => {
    const o = await create();
    await refused('retract', [o.id], 'messages.order.recallOnlyEffective');
    expect((await act('review', [o.id])).status).toBe(200);
    const wb = (await s.db.query<{ id: number; code: string }>(`select id, code from tms_waybill where order_id = $1`, [o.id])).rows[0]!;
    await s.db.query(`update tms_waybill set status = 'REVIEWED' where id = $1`, [wb.id]);
    await refused('retract', [o.id], 'messages.order.waybillInUse', { code: o.code, waybill: wb.code });
    await s.db.query(`update tms_waybill set status = 'OPEN' where id = $1`, [wb.id]);
    const r = await act('retract', [o.id]);
    expect(r.status).toBe(200);
    const d = await order(o.id);
    expect(d).toMatchObject({ status: 'OPEN', auditBy: null, waybills: [] });
    expect(d.tracking.map((t: Json) => t.operationType)).toEqual(expect.arrayContaining(['ORDER_RETRACT', 'WAYBILL_DELETE']));
    // and it can be reviewed again
    expect((await act('review', [o.id])).status).toBe(200);
  });

  it('all or nothing: a failure on the third order of a review leaves every order and counter unchanged', async () => {
    const os = [await create(), await create(), await create()];
    const before = (await s.db.query<Json>(`select value from sys_number_seq q join sys_number_rule r on r.id = q.rule_id where r.ref_type = 'WAYBILL'`)).rows;
    const tracking = (await s.db.query<{ n: number }>(`select count(*)::int as n from tms_order_tracking`)).rows[0]!.n;
    await s.db.exec(`create function h1_fail() returns trigger language plpgsql as $$ begin
        if new.order_id = ${os[2].id} then raise exception 'forced failure on the third order'; end if; return new; end $$;
      create trigger h1_fail before insert on tms_waybill_line for each row execute function h1_fail();`);
    try {
      const r = await act('review', os.map((o) => o.id));
      expect(r.status).toBe(500);
    } finally {
      await s.db.exec(`drop trigger h1_fail on tms_waybill_line; drop function h1_fail();`);
    }
    for (const o of os) expect((await order(o.id))).toMatchObject({ status: 'OPEN', version: 0, waybills: [] });
    const after = (await s.db.query<Json>(`select value from sys_number_seq q join sys_number_rule r on r.id = q.rule_id where r.ref_type = 'WAYBILL'`)).rows;
    expect(after).toEqual(before);
    expect((await s.db.query<{ n: number }>(`select count(*)::int as n from tms_order_tracking`)).rows[0]!.n).toBe(tracking);
  });

  it('all or nothing: a failing lock (trigger on the n-th row) changes none', async () => {
    const os = [await create(), await create()];
    await s.db.exec(`create function h1_fail2() returns trigger language plpgsql as $$ begin
        if new.id = ${os[1].id} and new.is_lock then raise exception 'forced'; end if; return new; end $$;
      create trigger h1_fail2 before update on tms_order for each row execute function h1_fail2();`);
    try {
      expect((await act('lock', os.map((o) => o.id), { reason: 'x' })).status).toBe(500);
    } finally {
      await s.db.exec(`drop trigger h1_fail2 on tms_order; drop function h1_fail2();`);
    }
    for (const o of os) expect(await order(o.id)).toMatchObject({ isLock: false, version: 0 });
  });
});

describe('lock, unlock, delete, assign carrier route', () => {
  it('lock needs a reason and an open or effective unlocked order; a locked order takes no action but unlock', async () => {
    const o = await create();
    const noReason = await act('lock', [o.id]);
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors.reason).toBe(zh('validation.required'));
    expect((await act('lock', [o.id], { reason: '客户暂停' })).status).toBe(200);
    expect(await order(o.id)).toMatchObject({ isLock: true, lockReason: '客户暂停' });
    await refused('lock', [o.id], 'messages.order.lockOnlyOpenEffective', {}, { reason: 'again' });
    await refused('review', [o.id], 'messages.order.auditOnlyOpen');
    await refused('remove', [o.id], 'messages.order.deleteUnlockFirst');
    await refused('assignCarrierRoute', [o.id], 'messages.order.selectOpen', {}, { carrierRouteId: 1 });
    expect((await act('unlock', [o.id])).status).toBe(200);
    expect(await order(o.id)).toMatchObject({ isLock: false, lockReason: null });
    await refused('unlock', [o.id], 'messages.order.unlockOnlyLocked');
    const types = (await order(o.id)).tracking.map((t: Json) => t.operationType);
    expect(types).toEqual(expect.arrayContaining(['ORDER_LOCK', 'ORDER_UNLOCK']));
  });

  it('delete: only open, manual, unlocked orders (each refusal with its message)', async () => {
    const imported = await create();
    await s.db.query(`update tms_order set source = 'IMPORT' where id = $1`, [imported.id]);
    await refused('remove', [imported.id], 'messages.order.deleteOnlyManual');
    const effective = await create();
    expect((await act('review', [effective.id])).status).toBe(200);
    await refused('remove', [effective.id], 'messages.order.deleteOnlyOpen');
    const open = await create();
    await refused('remove', [open.id, effective.id], 'messages.order.deleteOnlyOpen');
    expect((await api('GET', `/order/get/${open.id}`)).status).toBe(200);
    const r = await api('POST', '/order/remove', { query: { ids: String(open.id) } });
    expect(r.status).toBe(200);
    expect((await api('GET', `/order/get/${open.id}`)).status).toBe(404);
    expect((await s.db.query(`select 1 from tms_order_line where order_id = $1`, [open.id])).rows).toHaveLength(0);
  });

  it('assign carrier route: open orders take its carrier and route', async () => {
    const cr = (await s.db.query<Json>(`select cr.id, cr.carrier_id, cr.route_id, r.code from base_carrier_route cr join base_route r on r.id = cr.route_id order by cr.id limit 1`)).rows[0];
    const o = await create();
    expect((await act('assignCarrierRoute', [o.id], { carrierRouteId: cr.id })).status).toBe(200);
    expect(await order(o.id)).toMatchObject({ carrierId: cr.carrier_id, routeId: cr.route_id, routeCode: cr.code, carrierRouteId: cr.id });
    expect((await act('assignCarrierRoute', [o.id], { carrierRouteId: 999999 })).status).toBe(400);
    expect((await act('review', [o.id])).status).toBe(200);
    const wb = (await s.db.query<Json>(`select carrier_id, route_id from tms_waybill where order_id = $1`, [o.id])).rows[0];
    expect(wb).toEqual({ carrier_id: cr.carrier_id, route_id: cr.route_id });
    await refused('assignCarrierRoute', [o.id], 'messages.order.selectOpen', {}, { carrierRouteId: cr.id });
  });

  it('answers 403 without the action permission and 400 without a selection', async () => {
    const u = await createUser(s.db, { perms: ['order:order:query'] });
    const token = await s.login(u.userName, u.password);
    const o = await create();
    expect((await api('POST', '/order/review', { body: { ids: [o.id] }, token })).status).toBe(403);
    expect((await api('GET', '/order/list', { token })).status).toBe(200);
    const none = await act('review', []);
    expect(none.status).toBe(400);
    expect(none.json.msg).toBe(zh('messages.selectRows'));
  });
});

describe('data scope', () => {
  it("an order of another dispatch center answers 404 and is not listed", async () => {
    const u = await createUser(s.db, { centers: ['BJ01'], perms: ['order:order:query', 'order:order:add', 'order:order:review'] });
    const bj = await s.login(u.userName, u.password);
    const o = await create({ refNo: `BJ-${rand(6)}` }, bj);
    expect((await api('GET', `/order/get/${o.id}`, { token: bj })).status).toBe(200);
    expect((await api('GET', `/order/get/${o.id}`)).status).toBe(404);
    expect((await api('GET', '/order/list', { query: { refNo: o.refNo } })).json.total).toBe(0);
    expect((await api('GET', '/order/list', { query: { refNo: o.refNo }, token: bj })).json.total).toBe(1);
    expect((await act('review', [o.id])).status).toBe(404);
    expect((await api('GET', '/tracking/list', { query: { orderId: o.id } })).status).toBe(404);
    // the tracking list needs its order: without it 400 naming orderId (not 404 "record not found")
    const missing = await api('GET', '/tracking/list', { lang: 'en-US' });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: 400, msg: 'Filter "orderId" is not valid', errors: { orderId: 'This field is required' } });
    expect((await api('GET', '/tracking/list', { query: { orderId: 'x' } })).json.errors.orderId).toBe(zh('validation.integer'));
    // the SH list's totals do not count it
    const sum = (await api('GET', '/order/list', { query: { pageSize: 1 } })).json.summary;
    const db = (await s.db.query<Json>(`select sum(total_quantity)::int as q from tms_order o join sys_dispatch_center c on c.id = o.dispatch_center_id where c.code = 'SH01'`)).rows[0];
    expect(sum.totalQuantity).toBe(db.q);
  });

  it("a user whose data group binds client C001 sees only C001's orders", async () => {
    const g = await s.api('POST', '/api/system/dataGroup/save', { token: admin, body: { code: `G_${rand(6)}`, name: 'C001 only' } });
    expect(g.status).toBe(200);
    const bind = await s.api('POST', '/api/system/dataGroup/bind', { token: admin, body: { id: g.json.data.id, targetType: 'CLIENT', targetIds: [ref.clients.get('C001')] } });
    expect(bind.status).toBe(200);
    const u = await createUser(s.db, { perms: ['order:order:query', 'order:line:query'] });
    await s.db.query(`insert into sys_user_data_group(user_id, data_group_id) values ($1,$2)`, [u.id, g.json.data.id]);
    const token = await s.login(u.userName, u.password);
    const list = await api('GET', '/order/list', { query: { pageSize: 500 }, token });
    expect(list.status).toBe(200);
    expect(list.json.rows.length).toBeGreaterThan(0);
    expect(new Set(list.json.rows.map((r: Json) => r.clientId))).toEqual(new Set([ref.clients.get('C001')]));
    // the totals (from the order rollup) are those of the orders the user sees
    const seen = (
      await s.db.query<Json>(`select count(*)::int8 as n, coalesce(sum(total_weight), 0) as w from tms_order where client_id = $1 and dispatch_center_id = (select dispatch_center_id from tms_order where id = $2)`, [
        ref.clients.get('C001'),
        list.json.rows[0].id,
      ])
    ).rows[0];
    expect([list.json.total, list.json.summary.totalWeight]).toEqual([Number(seen.n), Number(seen.w)]);
    const other = (await s.db.query<{ id: number }>(`select id from tms_order where client_id = $1 limit 1`, [ref.clients.get('C002')])).rows[0]!;
    expect((await api('GET', `/order/get/${other.id}`, { token })).status).toBe(404);
    const lines = await api('GET', '/line/list', { query: { pageSize: 500 }, token });
    expect(new Set(lines.json.rows.map((r: Json) => r.clientId))).toEqual(new Set([ref.clients.get('C001')]));
  });
});

describe('list', () => {
  it('filters and answers the totals of the whole filtered set', async () => {
    const tag = `T-${rand(6)}`;
    const a = await create({ refNo: `${tag}-a`, refNo3: `${tag}-x`, prepDate: '2026-03-04' });
    await create({ refNo: `${tag}-b`, refNo4: `${tag}-y` });
    const r = await api('GET', '/order/list', { query: { refNo: tag, pageSize: 1 } });
    expect(r.json.total).toBe(2);
    expect(r.json.rows).toHaveLength(1);
    expect(r.json.summary).toMatchObject({ totalQuantity: 30, totalWeight: 115.5 });
    expect((await api('GET', '/order/summary', { query: { refNo: tag } })).json.data).toMatchObject({ total: 2, totalQuantity: 30, totalWeight: 115.5 });
    expect((await api('GET', '/order/list', { query: { refNo3: `${tag}-x` } })).json.rows.map((x: Json) => x.id)).toEqual([a.id]);
    expect((await api('GET', '/order/list', { query: { refNo4: `${tag}-y` } })).json.total).toBe(1);
    expect((await api('GET', '/order/list', { query: { refNo: tag, prepDateBegin: '2026-03-01', prepDateEnd: '2026-03-31' } })).json.total).toBe(1);
    expect((await api('GET', '/order/list', { query: { refNo: tag, status: 'EFFECTIVE' } })).json.total).toBe(0);
    expect((await api('GET', '/order/list', { query: { refNo: tag, isPrint: 'false', printQty: 0 } })).json.total).toBe(2);
    // keyset paging: the page after the first row
    const first = await api('GET', '/order/list', { query: { refNo: tag, pageSize: 1 } });
    const next = await api('GET', '/order/list', { query: { refNo: tag, pageSize: 1, afterId: first.json.rows[0].id } });
    expect(next.json.rows[0].id).toBeLessThan(first.json.rows[0].id);
    expect((await api('GET', '/order/list', { query: { orderByColumn: 'nope' } })).status).toBe(400);
    // order lines page
    const lines = await api('GET', '/line/list', { query: { orderCode: a.code } });
    expect(lines.json.rows.map((l: Json) => l.itemCode).sort()).toEqual(['I-XF-001', 'I-XF-002']);
    // export
    const x = await api('GET', '/order/export', { query: { refNo: tag } });
    expect(x.status).toBe(200);
    expect(x.headers.get('content-type')).toContain('spreadsheetml');
  });
});

describe('the list read as arrays', () => {
  // the order list reads its rows as arrays of the columns the API shows, its times as text (resource-engine.ts
  // apiSelectList / apiRows, issue 20): the same values toApi gives, for every resource (each table's rows as the seed
  // and the tests before left them), and for an order holding what a conversion could get wrong (microseconds, another
  // time zone, decimals' trailing zeros, quotes, line breaks, Chinese, nulls). On PGlite the rows come as objects.
  it('holds the same values as the rows converted by name, for every resource', async () => {
    const tag = `J-${rand(6)}`;
    const a = await create({ refNo: `${tag}"q\\`, remark: 'a "quote", \\ a line\nbreak, 中文' });
    await s.db.query(`update tms_order set etd = '2026-03-04 05:06:07+00', eta = '2026-03-04 05:06:07.891234+08', audit_time = '1999-12-31 23:59:59.9999+00', declared_value = 12.300 where id = $1`, [a.id]);
    let compared = 0;
    for (const def of RESOURCES) {
      const rows = (await s.db.query<Record<string, unknown>>(`select ${selectList(def)} from ${def.table} t order by t.id desc limit 200`)).rows.map((r) => toApi(def, r));
      // the labels by subqueries, and by left joins (apiLabelJoins)
      for (const sql of [`select ${apiSelectList(def)} from ${def.table} t`, `select ${apiSelectList(def, true)} from ${def.table} t ${apiLabelJoins(def)}`]) {
        const read = await s.db.query<unknown[]>(`${sql} order by t.id desc limit 200`, [], { arrays: true });
        if (s.db.kind === 'pg' && read.rows.length) expect(Array.isArray(read.rows[0])).toBe(true);
        expect(apiRows(def, read.rows), def.name).toEqual(rows);
      }
      compared += rows.length;
    }
    expect(compared).toBeGreaterThan(500);
    // and over HTTP: the list's page holds the order as the server reads it alone, key for key
    const listed = (await api('GET', '/order/list', { query: { refNo: tag } })).json.rows;
    expect(listed).toHaveLength(1);
    const one = (await api('GET', `/order/get/${a.id}`)).json.data;
    expect(listed[0]).toEqual(Object.fromEntries(Object.keys(listed[0]).map((k) => [k, one[k]])));
    // unfiltered (kept prepared on PostgreSQL: its labels by joins), the newest order first: the same row
    expect((await api('GET', '/order/list', { query: { pageSize: 1 } })).json.rows).toEqual(listed);
    expect(listed[0]).toMatchObject({ refNo: `${tag}"q\\`, remark: 'a "quote", \\ a line\nbreak, 中文', etd: '2026-03-04T05:06:07.000Z', eta: '2026-03-03T21:06:07.891Z', auditTime: '1999-12-31T23:59:59.999Z', declaredValue: 12.3 });
    expect(Object.keys(listed[0])).toEqual(Object.keys(toApi(orderResource, (await s.db.query(`select ${selectList(orderResource)} from tms_order t where id = $1`, [a.id])).rows[0]!)));
  });
});

describe('print', () => {
  it('prints with a template and a printer; a reprint needs a reset reason; verification needs a printed order', async () => {
    const opts = (await api('GET', '/order/printOptions')).json.data;
    const tpl = opts.templates.find((t: Json) => t.code === 'TPL-ORDER-LINES');
    const printer = opts.printers[0];
    expect(tpl && printer).toBeTruthy();
    const o = await create({ remark: '<b>bold</b>' });
    await refused('printVerify', [o.id], 'messages.order.verifyNotPrinted', { code: o.code });
    expect((await act('print', [o.id], { printerId: printer.id })).status).toBe(400);
    const p = await act('print', [o.id], { templateId: tpl.id, printerId: printer.id });
    expect(p.status, JSON.stringify(p.json)).toBe(200);
    const html = p.json.data.html as string;
    expect(html).toContain(o.code);
    expect(html).toContain('I-XF-002');
    expect(html).toContain('&lt;b&gt;bold'); // values are escaped
    expect(html).not.toContain('<b>bold');
    const d = await order(o.id);
    expect(d).toMatchObject({ isPrint: true, printQty: 1, printBy: 'admin', printerId: printer.id, resetPrint: false });
    expect(d.printDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.printTime).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const byPrint = await api('GET', '/order/list', { query: { printTime: d.printTime.slice(0, 5), printDateBegin: d.printDate, printDateEnd: d.printDate, printerId: printer.id, isPrint: 'true' } });
    expect(byPrint.json.rows.map((x: Json) => x.id)).toContain(o.id);
    await refused('print', [o.id], 'messages.order.reprintNeedsReason', { code: o.code }, { templateId: tpl.id, printerId: printer.id });
    const again = await act('print', [o.id], { templateId: tpl.id, printerId: printer.id, resetReason: '纸张卡纸' });
    expect(again.status).toBe(200);
    expect(await order(o.id)).toMatchObject({ printQty: 2, resetPrint: true, resetReason: '纸张卡纸' });
    expect((await api('GET', '/order/list', { query: { resetReason: '卡纸', printQty: 2 } })).json.rows.map((x: Json) => x.id)).toEqual([o.id]);
    expect((await act('printVerify', [o.id])).status).toBe(200);
    expect(await order(o.id)).toMatchObject({ isPrintCheck: true });
    const types = (await order(o.id)).tracking.map((t: Json) => t.operationType);
    expect(types.filter((t: string) => t === 'ORDER_PRINT')).toHaveLength(2);
    expect(types).toContain('ORDER_PRINT_CHECK');
  });
});

describe('import', () => {
  const HEAD = ['customerOrderNo', 'clientCode', 'sourceStationCode', 'destStationCode', 'refNo', 'itemCode', 'quantity', 'weight'];
  async function sheet(rows: unknown[][]): Promise<FormData> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('orders');
    ws.addRow(HEAD.map((h) => translate('zh-CN', `resources.orderImport.fields.${h}`)));
    for (const r of rows) ws.addRow(r);
    const buf = await wb.xlsx.writeBuffer();
    const fd = new FormData();
    fd.append('file', new Blob([buf]), 'orders.xlsx');
    return fd;
  }
  const upload = async (rows: unknown[][], path = '/order/import') => s.api('POST', `/api/order${path}`, { token: admin, body: await sheet(rows) });

  it('previews rows grouped into orders with their errors; commits all or nothing', async () => {
    const key = `IMP-${rand(6)}`;
    const good = [
      [`${key}-1`, 'C001', 'S-SH-01', 'S-SH-02', 'R1', 'I-XF-001', 10, 50],
      [`${key}-1`, 'C001', 'S-SH-01', 'S-SH-02', 'R1', 'I-XF-002', 4, null],
      [`${key}-2`, 'C002', 'S-SZ-01', 'S-SZ-02', 'R2', 'I-SH-001', 7, 15.4],
    ];
    const bad = [...good, [`${key}-3`, 'C002', 'S-SZ-01', 'S-SZ-01', 'R3', 'I-XF-001', 1, 1], [`${key}-1`, 'C001', 'S-SH-02', 'S-SH-01', 'R1', 'NOPE', 1, 1]];
    const preview = await upload(bad);
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    const p = preview.json.data;
    expect(p).toMatchObject({ total: 5, errors: 2, committed: false });
    expect(p.orders.map((o: Json) => [o.key, o.lines])).toEqual([
      [`${key}-1`, 3],
      [`${key}-2`, 1],
      [`${key}-3`, 1],
    ]);
    const row4 = p.rows.find((r: Json) => r.rowNum === 5);
    expect(row4.errors.destStationCode).toBe(zh('messages.order.sameStations'));
    expect(row4.errors.itemCode).toBe(zh('messages.order.itemNotOfClient'));
    const row5 = p.rows.find((r: Json) => r.rowNum === 6);
    expect(row5.errors.itemCode).toBe(zh('messages.order.unknownCode', { value: 'NOPE' }));
    expect(row5.errors.sourceStationCode).toBe(zh('messages.order.importHeaderMismatch', { key: `${key}-1` }));
    const refusedCommit = await upload(bad, '/order/import/commit');
    expect(refusedCommit.status).toBe(400);
    expect(refusedCommit.json.data.errors).toBe(2);
    expect((await api('GET', '/order/list', { query: { customerOrderNo: key } })).json.total).toBe(0);

    const ok = await upload(good, '/order/import/commit');
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data.committed).toBe(true);
    const list = (await api('GET', '/order/list', { query: { customerOrderNo: key } })).json;
    expect(list.total).toBe(2);
    expect(list.rows.every((r: Json) => r.source === 'IMPORT')).toBe(true);
    const first = await order(list.rows.find((r: Json) => r.customerOrderNo === `${key}-1`).id);
    expect(first.lines).toHaveLength(2);
    // weight left empty: the item's weight per piece × quantity (1.05 × 4)
    expect(first.totalWeight).toBe(54.2);
    expect(first.tracking[0].operationType).toBe('ORDER_IMPORT');
    // imported orders cannot be deleted
    await refused('remove', [first.id], 'messages.order.deleteOnlyManual');
  });

  it("commits what its preview showed: the preview's token with the same file, by the same user, within the time kept; else the file is read again", async () => {
    const key = `TOK-${rand(6)}`;
    // weight left empty: the item's weight per piece × quantity, as the preview computed it
    const rows = (k: string) => [[`${key}-${k}`, 'C001', 'S-SH-01', 'S-SH-02', 'R1', 'I-XF-002', 4, null]];
    const file = await sheet(rows('a'));
    const send = (fd: FormData, path: string, token = admin) => s.api('POST', `/api/order${path}`, { token, body: fd });
    const weightOf = async (customerOrderNo: string) => (await api('GET', '/order/list', { query: { customerOrderNo } })).json.rows.map((r: Json) => r.totalWeight);
    const itemWeight = async (w: number) => s.db.query(`update base_item set weight = $1 where code = 'I-XF-002'`, [w]);
    const before = Number((await s.db.query<{ weight: string }>(`select weight from base_item where code = 'I-XF-002'`)).rows[0]!.weight);
    try {
      const preview = await send(file, '/order/import');
      expect(preview.status, JSON.stringify(preview.json)).toBe(200);
      const token = preview.json.data.token as string;
      expect(token).toMatch(/^[0-9a-f-]{36}$/);
      expect(preview.json.data.orders[0].totalWeight).toBe(4.2);
      // the item master changes after the preview: the commit writes what was previewed, without reading the file again
      await itemWeight(2);
      const ok = await send(file, `/order/import/commit?token=${token}`);
      expect(ok.status, JSON.stringify(ok.json)).toBe(200);
      expect(ok.json.data).toMatchObject({ committed: true, total: 1 });
      expect(ok.json.data.token).toBeUndefined();
      expect(await weightOf(`${key}-a`)).toEqual([4.2]);

      // a token is taken once: the same commit again reads the file (today's item weight)
      const again = await send(file, `/order/import/commit?token=${token}`);
      expect(again.status, JSON.stringify(again.json)).toBe(200);
      expect(await weightOf(`${key}-a`)).toEqual([8, 4.2]);

      // another file with a preview's token: that file is read
      const other = await sheet(rows('b'));
      const t2 = (await send(file, '/order/import')).json.data.token as string;
      expect((await send(other, `/order/import/commit?token=${t2}`)).status).toBe(200);
      expect(await weightOf(`${key}-b`)).toEqual([8]);

      // another user with this user's token and file: read for that user
      await itemWeight(1.05);
      const t3 = (await send(await sheet(rows('c')), '/order/import')).json.data.token as string;
      await itemWeight(3);
      const u = await createUser(s.db, { perms: ['order:order:import', 'order:order:query'] });
      const other3 = await s.login(u.userName, u.password);
      const byOther = await send(await sheet(rows('c')), `/order/import/commit?token=${t3}`, other3);
      expect(byOther.status, JSON.stringify(byOther.json)).toBe(200);
      expect(await weightOf(`${key}-c`)).toEqual([12]);

      // kept for PREVIEW_KEPT.ms (15 minutes): later, the file is read again
      const t4 = (await send(await sheet(rows('d')), '/order/import')).json.data.token as string;
      await itemWeight(1.05);
      s.clock.advance(15 * 60_000 + 1000);
      expect((await send(await sheet(rows('d')), `/order/import/commit?token=${t4}`)).status).toBe(200);
      expect(await weightOf(`${key}-d`)).toEqual([4.2]);

      // a preview with errors is not kept: no token
      const bad = await send(await sheet([[`${key}-e`, 'C001', 'S-SH-01', 'S-SH-01', 'R1', 'I-XF-002', 4, null]]), '/order/import');
      expect(bad.json.data).toMatchObject({ errors: 1 });
      expect(bad.json.data.token).toBeUndefined();
    } finally {
      s.clock.reset();
      await itemWeight(before);
    }
  });

  it('downloads the template', async () => {
    const r = await api('GET', '/order/importTemplate');
    expect(r.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.body as unknown as ArrayBuffer);
    const head = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(head).toContain(zh('resources.orderImport.fields.customerOrderNo'));
  });
});
