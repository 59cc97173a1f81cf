/**
 * Waybills (design/domain.md "Waybill", spec §2 / §5 / §8): list, detail with lines, review and
 * retract with the spec's messages, all-or-nothing bulk actions, data scope (dispatch center and
 * data groups), split (conservation and refusals) and "to dispatch" (new dispatch order, binding to an
 * existing one, carrier mismatch needing a confirmation).
 */
import { describe, expect, it } from 'vitest';
import { translate } from '../src/platform/i18n.ts';
import { checkDistributionKey, createUser, rand, type Json } from './helpers.ts';
import { ctx, useServer, zh } from './resource-kit.ts';
import { linesOf, makeWaybill, waybillRow } from './waybills-fixtures.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey();

useServer();

const en = (key: string, params?: Record<string, unknown>) => translate('en-US', key, params);
const api = (method: string, path: string, o: { body?: unknown; query?: Record<string, string | number>; token?: string; lang?: string } = {}) =>
  ctx.s.api(method, `/api/waybill/${path}`, { token: o.token ?? ctx.admin, body: o.body, query: o.query, headers: o.lang ? { lang: o.lang } : {} });
const statusOf = async (id: number) => (await waybillRow(ctx.s.db, id)).status;
const trackingOf = async (waybillId: number) =>
  (await ctx.s.db.query<{ operation_type: string; operator_name: string; related_code: string }>(`select * from tms_order_tracking where waybill_id = $1 order by id`, [waybillId])).rows;

describe('list, detail and lines', () => {
  it('lists the session center’s waybills with filters; get answers the lines; another center’s waybill is 404', async () => {
    const a = await makeWaybill(ctx.s.db, { lines: [{ quantity: 4, weight: 20.8 }, { quantity: 6, weight: 6.3, itemCode: 'I-XF-002' }] });
    const b = await makeWaybill(ctx.s.db, { carrierCode: 'CR002' });
    const bj = await makeWaybill(ctx.s.db, { center: 'BJ01' });

    const byCode = await api('GET', 'waybill/list', { query: { code: a.code } });
    expect(byCode.status).toBe(200);
    expect(byCode.json.total).toBe(1);
    const row = byCode.json.rows[0];
    expect(row).toMatchObject({ code: a.code, orderCode: a.orderCode, status: 'OPEN', totalQuantity: 10, totalWeight: 27.1, isSplit: false });
    expect(row.clientIdLabel).toBe('鲜丰食品有限公司');
    expect(row.sourceStationIdLabel).toBe('上海嘉定配送站');

    expect((await api('GET', 'waybill/list', { query: { orderCode: b.orderCode } })).json.rows.map((r: Json) => r.id)).toEqual([b.waybillId]);
    const all = (await api('GET', 'waybill/list', { query: { pageSize: 500 } })).json.rows.map((r: Json) => r.id);
    expect(all).toEqual(expect.arrayContaining([a.waybillId, b.waybillId]));
    expect(all).not.toContain(bj.waybillId);
    const carrier2 = (await ctx.s.db.query<{ id: number }>(`select id from base_carrier where code = 'CR002'`)).rows[0]!.id;
    const byCarrier = (await api('GET', 'waybill/list', { query: { carrierId: carrier2, pageSize: 500 } })).json.rows.map((r: Json) => r.id);
    expect(byCarrier).toContain(b.waybillId);
    expect(byCarrier).not.toContain(a.waybillId);
    expect((await api('GET', 'waybill/list', { query: { code: a.code, status: 'REVIEWED' } })).json.total).toBe(0);
    expect((await api('GET', 'waybill/list', { query: { code: a.code, isSplit: 'false' } })).json.total).toBe(1);

    const got = await api('GET', `waybill/get/${a.waybillId}`);
    expect(got.status).toBe(200);
    expect(got.json.data.lines.map((l: Json) => [l.posNo, l.itemCode, l.quantity, l.weight])).toEqual([
      [1, 'I-XF-001', 4, 20.8],
      [2, 'I-XF-002', 6, 6.3],
    ]);
    expect(got.json.data.sourceContactName).toBe('站点值班');

    const lines = await api('GET', 'line/list', { query: { waybillId: a.waybillId } });
    expect(lines.status).toBe(200);
    expect(lines.json.total).toBe(2);
    expect(lines.json.rows[0].waybillIdLabel).toBe(a.code);

    expect((await api('GET', `waybill/get/${bj.waybillId}`)).status).toBe(404);
    expect((await api('GET', 'line/list', { query: { waybillId: bj.waybillId } })).json.total).toBe(0);
    const exported = await api('GET', 'waybill/export', { query: { code: a.code } });
    expect(exported.status).toBe(200);
  });

  it('data groups: a user bound to one client sees only that client’s waybills and lines', async () => {
    const mine = await makeWaybill(ctx.s.db, { clientCode: 'C002', lines: [{ quantity: 3, itemCode: 'I-SH-001' }] });
    const other = await makeWaybill(ctx.s.db, { clientCode: 'C001' });
    const u = await createUser(ctx.s.db, { perms: ['waybill:waybill:query', 'waybill:line:query', 'waybill:waybill:review'] });
    const g = await ctx.s.db.query<{ id: number }>(`insert into sys_data_group(code, name) values ($1, $1) returning id`, [`G_${rand(6)}`]);
    await ctx.s.db.query(`insert into sys_data_group_bind(data_group_id, target_type, target_id) select $1, 'CLIENT', id from base_client where code = 'C002'`, [g.rows[0]!.id]);
    await ctx.s.db.query(`insert into sys_user_data_group(user_id, data_group_id) values ($1,$2)`, [u.id, g.rows[0]!.id]);
    const token = await ctx.s.login(u.userName, u.password);

    const ids = (await api('GET', 'waybill/list', { token, query: { pageSize: 500 } })).json.rows.map((r: Json) => r.id);
    expect(ids).toContain(mine.waybillId);
    expect(ids).not.toContain(other.waybillId);
    expect((await api('GET', `waybill/get/${other.waybillId}`, { token })).status).toBe(404);
    expect((await api('GET', 'line/list', { token, query: { waybillId: other.waybillId } })).json.total).toBe(0);
    expect((await api('GET', 'line/list', { token, query: { waybillId: mine.waybillId } })).json.total).toBe(1);
    // acting on a waybill outside the scope: 404, and nothing changes (the in-scope one neither)
    expect((await api('POST', 'waybill/review', { token, body: { ids: [mine.waybillId, other.waybillId] } })).status).toBe(404);
    expect(await statusOf(mine.waybillId)).toBe('OPEN');
    expect(await statusOf(other.waybillId)).toBe('OPEN');
    // without the button: 403
    expect((await api('POST', 'waybill/retract', { token, body: { ids: [mine.waybillId] } })).status).toBe(403);
    expect((await api('POST', 'waybill/split', { token, body: { id: mine.waybillId, version: 0, lines: [] } })).status).toBe(403);
  });
});

describe('review and retract', () => {
  it('review: OPEN → REVIEWED with audit user and time and a tracking row; again → the spec’s message (zh-CN, en-US)', async () => {
    const w = await makeWaybill(ctx.s.db);
    const r = await api('POST', 'waybill/review', { body: { ids: [w.waybillId] } });
    expect(r.status).toBe(200);
    expect(r.json.msg).toBe(zh('messages.waybill.reviewDone', { count: 1 }));
    const row = await waybillRow(ctx.s.db, w.waybillId);
    expect(row).toMatchObject({ status: 'REVIEWED', audit_by: 'admin', version: 1 });
    expect(row.audit_time).toBeInstanceOf(Date);
    expect((await trackingOf(w.waybillId)).map((t) => [t.operation_type, t.operator_name, t.related_code])).toContainEqual(['WAYBILL_REVIEW', 'admin', w.code]);

    const again = await api('POST', 'waybill/review', { body: { ids: [w.waybillId] } });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 409, msg: '审核失败，请选择打开状态的运单！' });
    const againEn = await api('POST', 'waybill/review', { body: { ids: [w.waybillId] }, lang: 'en-US' });
    expect(againEn.json.msg).toBe('Failed to audit, please select the open waybill!');
  });

  it('retract: REVIEWED → OPEN, audit cleared; an OPEN one → the spec’s message (zh-CN, en-US)', async () => {
    const w = await makeWaybill(ctx.s.db);
    const open = await api('POST', 'waybill/retract', { body: { ids: [w.waybillId] }, lang: 'en-US' });
    expect(open.status).toBe(409);
    expect(open.json.msg).toBe('Failed to withdraw, please select the waybill in review status!');
    expect((await api('POST', 'waybill/retract', { body: { ids: [w.waybillId] } })).json.msg).toBe('撤回失败，请选择审核状态的运单！');

    expect((await api('POST', 'waybill/review', { body: { ids: [w.waybillId] } })).status).toBe(200);
    const r = await api('POST', 'waybill/retract', { body: { ids: [w.waybillId] } });
    expect(r.status).toBe(200);
    expect(await waybillRow(ctx.s.db, w.waybillId)).toMatchObject({ status: 'OPEN', audit_by: null, audit_time: null });
    expect((await trackingOf(w.waybillId)).map((t) => t.operation_type)).toEqual(['WAYBILL_REVIEW', 'WAYBILL_RETRACT']);
  });

  for (const n of [1, 2, 3]) {
    it(`all or nothing: the ${n}. of three waybills in the wrong state changes none of them`, async () => {
      const ws = [await makeWaybill(ctx.s.db), await makeWaybill(ctx.s.db), await makeWaybill(ctx.s.db)];
      const ids = ws.map((w) => w.waybillId);
      // review: the n-th is already reviewed
      await api('POST', 'waybill/review', { body: { ids: [ids[n - 1]] } });
      const rv = await api('POST', 'waybill/review', { body: { ids } });
      expect(rv.status).toBe(409);
      expect(rv.json.msg).toBe(zh('messages.waybill.auditOnlyOpen'));
      expect(await Promise.all(ids.map(statusOf))).toEqual(ids.map((_, i) => (i === n - 1 ? 'REVIEWED' : 'OPEN')));
      // retract: all reviewed but the n-th
      await api('POST', 'waybill/review', { body: { ids: ids.filter((_, i) => i !== n - 1) } });
      await api('POST', 'waybill/retract', { body: { ids: [ids[n - 1]] } });
      const rt = await api('POST', 'waybill/retract', { body: { ids }, lang: 'en-US' });
      expect(rt.status).toBe(409);
      expect(rt.json.msg).toBe(en('messages.waybill.withdrawOnlyReviewed'));
      expect(await Promise.all(ids.map(statusOf))).toEqual(ids.map((_, i) => (i === n - 1 ? 'OPEN' : 'REVIEWED')));
    });
  }

  it('another dispatch center’s waybill: 404, and the rest of the selection is untouched', async () => {
    const here = await makeWaybill(ctx.s.db);
    const bj = await makeWaybill(ctx.s.db, { center: 'BJ01' });
    const r = await api('POST', 'waybill/review', { body: { ids: [here.waybillId, bj.waybillId] } });
    expect(r.status).toBe(404);
    expect(await statusOf(here.waybillId)).toBe('OPEN');
    expect(await statusOf(bj.waybillId)).toBe('OPEN');
    // a user working in BJ01 reaches it
    const u = await createUser(ctx.s.db, { perms: ['waybill:waybill:query', 'waybill:waybill:review'], centers: ['BJ01'] });
    const token = await ctx.s.login(u.userName, u.password);
    expect((await api('POST', 'waybill/review', { token, body: { ids: [bj.waybillId] } })).status).toBe(200);
    expect((await api('GET', `waybill/get/${here.waybillId}`, { token })).status).toBe(404);
  });

  it('no selection → 400 asking to tick rows', async () => {
    const r = await api('POST', 'waybill/review', { body: { ids: [] } });
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe(zh('messages.selectRows'));
  });
});

describe('split', () => {
  it('moves the split quantities to a new OPEN waybill; every measure of every line is conserved; totals recomputed', async () => {
    const w = await makeWaybill(ctx.s.db, {
      lines: [
        { quantity: 10, weight: 52, volume: 0.12, cases: 10, pallets: 1, other: 3 },
        { quantity: 7, weight: 7.35, volume: 0.021, cases: 7, pallets: 0, other: 1, itemCode: 'I-XF-002' },
        { quantity: 5, weight: 26, volume: 0.06, cases: 5, pallets: 1, other: 0 },
      ],
    });
    const before = await linesOf(ctx.s.db, w.waybillId);
    const r = await api('POST', 'waybill/split', {
      body: {
        id: w.waybillId,
        version: 0,
        lines: [
          { lineId: before[0]!.id, splitNum: 3 },
          { lineId: before[1]!.id, splitNum: 7 }, // whole line
          { lineId: before[2]!.id, splitNum: 0 },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const { id: newId, code } = r.json.data;
    expect(code).toMatch(/^WB/);
    expect(r.json.msg).toBe(zh('messages.waybill.splitDone', { code }));

    const part = await waybillRow(ctx.s.db, newId);
    const orig = await waybillRow(ctx.s.db, w.waybillId);
    expect(part).toMatchObject({ status: 'OPEN', parent_waybill_id: w.waybillId, is_split: true, split_quantity: 10, order_id: w.orderId, client_id: orig.client_id });
    expect(orig).toMatchObject({ is_split: true, split_quantity: 10, version: 1 });

    const keep = await linesOf(ctx.s.db, w.waybillId);
    const moved = await linesOf(ctx.s.db, newId);
    // the whole line left the original
    expect(keep.map((l) => l.order_line_id)).toEqual([before[0]!.order_line_id, before[2]!.order_line_id]);
    expect(moved.map((l) => [l.order_line_id, l.quantity, l.split_num])).toEqual([
      [before[0]!.order_line_id, 3, 3],
      [before[1]!.order_line_id, 7, 7],
    ]);
    for (const b of before) {
      const k = keep.find((l) => l.order_line_id === b.order_line_id);
      const m = moved.find((l) => l.order_line_id === b.order_line_id);
      for (const f of ['quantity', 'cases', 'pallets', 'other'] as const) expect((k?.[f] ?? 0) + (m?.[f] ?? 0), f).toBe(b[f]);
      for (const f of ['weight', 'volume'] as const) expect(Math.round((k?.[f] ?? 0) * 1000) + Math.round((m?.[f] ?? 0) * 1000), f).toBe(Math.round(b[f] * 1000));
    }
    expect(keep[0]).toMatchObject({ quantity: 7, weight: 36.4, split_num: 3 });
    expect(moved[0]).toMatchObject({ weight: 15.6, volume: 0.036, cases: 3, pallets: 0, other: 1 });
    // totals are the sums of the lines
    for (const [row, ls] of [
      [orig, keep],
      [part, moved],
    ] as const) {
      expect(row.total_quantity).toBe(ls.reduce((s, l) => s + l.quantity, 0));
      expect(Math.round(Number(row.total_weight) * 1000)).toBe(ls.reduce((s, l) => s + Math.round(l.weight * 1000), 0));
    }
    expect(Number(orig.total_quantity) + Number(part.total_quantity)).toBe(22);
    expect((await trackingOf(w.waybillId)).map((t) => t.operation_type)).toContain('WAYBILL_SPLIT');

    // the detail names the parts; the new part can be split again and reviewed
    const got = await api('GET', `waybill/get/${w.waybillId}`);
    expect(got.json.data.splitParts).toEqual([{ id: newId, code, status: 'OPEN' }]);
    expect((await api('GET', `waybill/get/${newId}`)).json.data.parentWaybillIdLabel).toBe(w.code);
    expect((await api('POST', 'waybill/review', { body: { ids: [w.waybillId, newId] } })).status).toBe(200);
  });

  it('explicit weight / volume of the part are kept; the original keeps the rest', async () => {
    const w = await makeWaybill(ctx.s.db, { lines: [{ quantity: 10, weight: 100, volume: 1, cases: 10 }] });
    const [l] = await linesOf(ctx.s.db, w.waybillId);
    const r = await api('POST', 'waybill/split', { body: { id: w.waybillId, version: 0, lines: [{ lineId: l!.id, splitNum: 4, weight: 55.5, volume: 0.25 }] } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((await linesOf(ctx.s.db, r.json.data.id))[0]).toMatchObject({ quantity: 4, weight: 55.5, volume: 0.25, cases: 4 });
    expect((await linesOf(ctx.s.db, w.waybillId))[0]).toMatchObject({ quantity: 6, weight: 44.5, volume: 0.75, cases: 6 });
  });

  it('refused: not OPEN, order does not allow splitting (with its reason), stale version, nothing or everything split, bad numbers', async () => {
    const reviewed = await makeWaybill(ctx.s.db);
    await api('POST', 'waybill/review', { body: { ids: [reviewed.waybillId] } });
    const [rl] = await linesOf(ctx.s.db, reviewed.waybillId);
    const notOpen = await api('POST', 'waybill/split', { body: { id: reviewed.waybillId, version: 1, lines: [{ lineId: rl!.id, splitNum: 1 }] }, lang: 'en-US' });
    expect(notOpen.status).toBe(409);
    expect(notOpen.json.msg).toBe('Split failed, please select the open waybill!');

    const locked = await makeWaybill(ctx.s.db, { splitAllowed: false });
    const [ll] = await linesOf(ctx.s.db, locked.waybillId);
    const na = await api('POST', 'waybill/split', { body: { id: locked.waybillId, version: 0, lines: [{ lineId: ll!.id, splitNum: 1 }] } });
    expect(na.status).toBe(409);
    expect(na.json.msg).toBe(zh('messages.waybill.splitNotAllowed'));
    const reasoned = await makeWaybill(ctx.s.db, { splitAllowed: false, nonSplitReason: '整车冷链，不可拆分' });
    const [rsl] = await linesOf(ctx.s.db, reasoned.waybillId);
    const withReason = await api('POST', 'waybill/split', { body: { id: reasoned.waybillId, version: 0, lines: [{ lineId: rsl!.id, splitNum: 1 }] } });
    expect(withReason.json.msg).toBe('该运单的订单不允许拆分：整车冷链，不可拆分');

    const w = await makeWaybill(ctx.s.db, { lines: [{ quantity: 5, weight: 10 }, { quantity: 2, weight: 4 }] });
    const [a, b] = await linesOf(ctx.s.db, w.waybillId);
    const split = (lines: unknown[], version = 0) => api('POST', 'waybill/split', { body: { id: w.waybillId, version, lines } });
    const stale = await split([{ lineId: a!.id, splitNum: 1 }], 3);
    expect(stale.status).toBe(409);
    expect(stale.json.msg).toBe(zh('messages.conflictVersion'));
    const nothing = await split([{ lineId: a!.id, splitNum: 0 }]);
    expect(nothing.status).toBe(400);
    expect(nothing.json.msg).toBe(zh('messages.waybill.splitNothing'));
    const everything = await split([
      { lineId: a!.id, splitNum: 5 },
      { lineId: b!.id, splitNum: 2 },
    ]);
    expect(everything.status).toBe(400);
    expect(everything.json.msg).toBe(zh('messages.waybill.splitAll'));
    const tooMany = await split([{ lineId: a!.id, splitNum: 6 }]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.errors[`lines.${a!.id}.splitNum`]).toBe(zh('messages.waybill.splitNumRange', { max: 5 }));
    expect((await split([{ lineId: a!.id, splitNum: 1.5 }])).status).toBe(400);
    expect((await split([{ lineId: a!.id, splitNum: -1 }])).status).toBe(400);
    const heavy = await split([{ lineId: a!.id, splitNum: 1, weight: 11 }]);
    expect(heavy.status).toBe(400);
    expect(heavy.json.errors[`lines.${a!.id}.weight`]).toBe(zh('messages.waybill.splitMeasureRange', { max: 10 }));
    const foreign = await split([{ lineId: rl!.id, splitNum: 1 }]);
    expect(foreign.status).toBe(400);
    expect((await split([{ lineId: 'x', splitNum: 1 }])).status).toBe(400);
    // nothing changed by the refusals
    expect(await waybillRow(ctx.s.db, w.waybillId)).toMatchObject({ version: 0, is_split: false });
    expect((await linesOf(ctx.s.db, w.waybillId)).map((l) => l.quantity)).toEqual([5, 2]);
    // another center's waybill
    const bj = await makeWaybill(ctx.s.db, { center: 'BJ01' });
    const [bl] = await linesOf(ctx.s.db, bj.waybillId);
    expect((await api('POST', 'waybill/split', { body: { id: bj.waybillId, version: 0, lines: [{ lineId: bl!.id, splitNum: 1 }] } })).status).toBe(404);
  });
});

describe('to dispatch (toRos)', () => {
  const reviewed = async (carrierCode: string | null = 'CR001') => {
    const w = await makeWaybill(ctx.s.db, { carrierCode });
    expect((await api('POST', 'waybill/review', { body: { ids: [w.waybillId] } })).status).toBe(200);
    return w;
  };

  it('creates a new dispatch order from reviewed waybills; an OPEN waybill is refused; a bound one cannot be retracted', async () => {
    const a = await reviewed();
    const b = await reviewed();
    const r = await api('POST', 'waybill/toRos', { body: { ids: [a.waybillId, b.waybillId] } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const { id: shipmentId, shipmentCode } = r.json.data;
    expect(r.json.msg).toBe(zh('messages.waybill.toRosDone', { code: shipmentCode }));
    const s = (await ctx.s.db.query<Record<string, unknown>>(`select * from tms_shipment where id = $1`, [shipmentId])).rows[0]!;
    expect(s).toMatchObject({ status: 'OPEN', total_quantity: 20 });
    expect(await waybillRow(ctx.s.db, a.waybillId)).toMatchObject({ shipment_id: shipmentId, shipment_code: shipmentCode });
    expect((await api('GET', 'waybill/list', { query: { shipmentCode } })).json.total).toBe(2);

    const retract = await api('POST', 'waybill/retract', { body: { ids: [a.waybillId] } });
    expect(retract.status).toBe(409);
    expect(retract.json.msg).toBe(zh('messages.waybill.withdrawBound', { codes: a.code, shipment: shipmentCode }));

    const open = await makeWaybill(ctx.s.db);
    const refused = await api('POST', 'waybill/toRos', { body: { ids: [open.waybillId] } });
    expect(refused.status).toBe(409);
    expect((await waybillRow(ctx.s.db, open.waybillId)).shipment_id).toBeNull();
    // the dialog's list of dispatch orders to bind to holds the new one
    const ros = await api('GET', 'waybill/rosShipments', { query: { shipmentCode } });
    expect(ros.status).toBe(200);
    expect(ros.json.rows).toMatchObject([{ id: shipmentId, shipmentCode, status: 'OPEN', waybillCount: 2 }]);
  });

  it('binds to an existing dispatch order; a different carrier needs the confirmation (409, data.confirm), then binds', async () => {
    const first = await reviewed('CR001');
    const made = await api('POST', 'waybill/toRos', { body: { ids: [first.waybillId] } });
    const shipmentId = made.json.data.id as number;

    const same = await reviewed('CR001');
    const bound = await api('POST', 'waybill/toRos', { body: { ids: [same.waybillId], shipmentId } });
    expect(bound.status, JSON.stringify(bound.json)).toBe(200);
    expect((await waybillRow(ctx.s.db, same.waybillId)).shipment_id).toBe(shipmentId);

    const other = await reviewed('CR002');
    const ask = await api('POST', 'waybill/toRos', { body: { ids: [other.waybillId], shipmentId }, lang: 'en-US' });
    expect(ask.status).toBe(409);
    expect(ask.json.msg).toBe('The carrier of the dispatch order is inconsistent with that of the waybill. Do you want to continue binding?');
    expect(ask.json.data).toEqual({ confirm: 'carrierMismatch' });
    expect((await waybillRow(ctx.s.db, other.waybillId)).shipment_id).toBeNull();
    const zhAsk = await api('POST', 'waybill/toRos', { body: { ids: [other.waybillId], shipmentId } });
    expect(zhAsk.json.msg).toBe(zh('messages.shipment.carrierMismatch'));

    const confirmed = await api('POST', 'waybill/toRos', { body: { ids: [other.waybillId], shipmentId, confirmCarrierMismatch: true } });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect((await waybillRow(ctx.s.db, other.waybillId)).shipment_id).toBe(shipmentId);
    const s = (await ctx.s.db.query<{ total_quantity: number }>(`select total_quantity from tms_shipment where id = $1`, [shipmentId])).rows[0]!;
    expect(s.total_quantity).toBe(30);
  });

  it('another center’s waybill or dispatch order: 404', async () => {
    const here = await reviewed();
    const bj = await makeWaybill(ctx.s.db, { center: 'BJ01' });
    expect((await api('POST', 'waybill/toRos', { body: { ids: [here.waybillId, bj.waybillId] } })).status).toBe(404);
    expect((await waybillRow(ctx.s.db, here.waybillId)).shipment_id).toBeNull();
  });
});
