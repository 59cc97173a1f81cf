/**
 * Automatic rating on order review (issue 14): the waybills an order review creates get receivable
 * charges from their client's effective contract (most specific lane, breaks, minimum), with the trace;
 * no contract is a visible state; the charges read back in words in the caller's language, scoped like
 * the waybill; the quote prices a lane against every matching effective contract, cheapest first.
 */
import { describe, expect, it } from 'vitest';
import { getResource } from '@tms/domain';
import { centerId, rand, type Json } from './helpers.ts';
import { call, ctx, useServer } from './resource-kit.ts';
import { makeWaybill } from './waybills-fixtures.ts';
import { effectiveContract as contractFor, one } from './finance-kit.ts';

useServer();

const waybillRating = getResource('waybillRating');

async function openOrder(clientCode: string, from: string, to: string, weight: number): Promise<number> {
  const center = await centerId(ctx.s.db, 'SH01');
  const clientId = await one(`select id from base_client where code = $1`, [clientCode]);
  const src = await one(`select id from base_station where code = $1`, [from]);
  const dst = await one(`select id from base_station where code = $1`, [to]);
  return one(
    `insert into tms_order(dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, total_weight, total_volume, total_quantity, create_by)
     values ($1, $2, $3, $4, $5, 'OPEN', $6, 0.5, 3, 'admin') returning id`,
    [center, `T-ORD-${rand(8)}`, clientId, src, dst, weight],
  );
}

const effectiveContract = async (clientCode: string, lines: Record<string, unknown>[]) => contractFor({ clientId: await one(`select id from base_client where code = $1`, [clientCode]) }, lines);

const charges = (waybillId: number, lang = 'en-US') => ctx.s.api('GET', '/api/finance/charge/list', { token: ctx.admin, query: { waybillId }, headers: { lang } });

describe('rating on order review', () => {
  it('rates the reviewed waybills from the client contract, keeps "no contract" visible, explains each charge', async () => {
    const station1 = await one(`select id from base_station where code = 'S-SH-01'`);
    const c1 = await effectiveContract('C001', [
      { chargeType: 'FREIGHT', basis: 'KG', unitPrice: 0.5, roundingStep: 1, minAmount: 30 },
      { chargeType: 'FREIGHT', basis: 'KG', fromStationId: station1, breaks: '0-100:40 flat; 100-:0.8' },
      { chargeType: 'PICKUP', basis: 'TRIP', unitPrice: 20 },
    ]);
    const viaStation = await openOrder('C001', 'S-SH-01', 'S-SH-02', 52.3);
    const viaAny = await openOrder('C001', 'S-SH-02', 'S-SH-01', 52);
    const noContract = await openOrder('C002', 'S-SH-01', 'S-SH-02', 10);
    const review = await ctx.s.api('POST', '/api/order/order/review', { token: ctx.admin, body: { ids: [viaStation, viaAny, noContract] } });
    expect(review.status, JSON.stringify(review.json)).toBe(200);
    const wb = new Map((await ctx.s.db.query<{ id: number; order_id: number }>(`select id, order_id from tms_waybill where order_id = any($1::bigint[])`, [[viaStation, viaAny, noContract]])).rows.map((r) => [Number(r.order_id), Number(r.id)]));

    const a = await charges(wb.get(viaStation)!);
    expect(a.status).toBe(200);
    expect(a.json.rating).toMatchObject({ state: 'RATED', contractId: c1.id, contractVersion: 1, currency: 'CNY', totalAmount: '60.00' });
    const byType = Object.fromEntries((a.json.rows as Json[]).map((r) => [r.chargeTypeCode, r]));
    expect(byType.FREIGHT).toMatchObject({ amount: '40.00', taxRate: '9.00', contractVersion: 1 });
    expect(byType.FREIGHT.trace).toMatchObject({ tier: { index: 0, mode: 'FLAT' }, chosen: { specificity: 5 } });
    expect(byType.FREIGHT.explanation).toContain(`Contract ${c1.code} version 1`);
    expect(byType.FREIGHT.explanation).toContain('station #');
    expect(byType.FREIGHT.explanation).toContain('break 0–100: flat 40');
    expect(byType.PICKUP.amount).toBe('20.00');
    const zh = await charges(wb.get(viaStation)!, 'zh-CN');
    expect((zh.json.rows as Json[]).find((r) => r.chargeTypeCode === 'FREIGHT').explanation).toContain('区间 0–100：整票 40');

    const b = await charges(wb.get(viaAny)!);
    const freight = (b.json.rows as Json[]).find((r) => r.chargeTypeCode === 'FREIGHT');
    expect(freight.amount).toBe('30.00'); // 52 kg × 0.5 = 26, raised to the minimum
    expect(freight.explanation).toContain('below the minimum: 30 charged');
    expect(b.json.rating.totalAmount).toBe('50.00');

    const c = await charges(wb.get(noContract)!);
    expect(c.json.rows).toEqual([]);
    expect(c.json.rating).toMatchObject({ state: 'NO_CONTRACT', contractId: null, totalAmount: null });
    const missing = await call('GET', waybillRating, 'list', { query: { state: 'NO_CONTRACT' } });
    expect((missing.json.rows as Json[]).map((r) => r.waybillId)).toContain(wb.get(noContract));
    expect((missing.json.rows as Json[]).map((r) => r.waybillId)).not.toContain(wb.get(viaStation));

    // retracting the orders deletes their waybills, and with them the charges
    expect((await ctx.s.api('POST', '/api/order/order/retract', { token: ctx.admin, body: { ids: [viaStation] } })).status).toBe(200);
    expect(Number((await ctx.s.db.query<{ n: number }>(`select count(*)::int as n from fin_charge where waybill_id = $1`, [wb.get(viaStation)])).rows[0]!.n)).toBe(0);
  });

  it("a waybill outside the caller's scope answers 404; a missing waybillId 400", async () => {
    const other = await makeWaybill(ctx.s.db, { center: 'BJ01' });
    expect((await charges(other.waybillId)).status).toBe(404);
    expect((await ctx.s.api('GET', '/api/finance/charge/list', { token: ctx.admin })).status).toBe(400);
  });
});

describe('quote', () => {
  it('prices a lane against every matching effective contract, cheapest first, with the trace in words', async () => {
    await effectiveContract('C003', [{ chargeType: 'FREIGHT', basis: 'TONNE', unitPrice: 100 }]);
    const station1 = await one(`select id from base_station where code = 'S-SH-01'`);
    const station2 = await one(`select id from base_station where code = 'S-SH-02'`);
    const q = await ctx.s.api('POST', '/api/finance/quote', {
      token: ctx.admin,
      headers: { lang: 'en-US' },
      body: { kind: 'RECEIVABLE', from: { stationId: station1 }, to: { stationId: station2 }, quantities: { weightKg: 150 }, date: '2026-03-01' },
    });
    expect(q.status, JSON.stringify(q.json)).toBe(200);
    const totals = (q.json.data as Json[]).map((r) => r.total);
    expect(totals.slice(0, 2)).toEqual(['15.00', '140.00']); // 0.15 t × 100; 150 kg × 0.8 + 20 pick-up
    expect(q.json.data[1].charges.map((c: Json) => c.chargeTypeCode)).toEqual(['FREIGHT', 'PICKUP']);
    expect(q.json.data[0].charges[0].explanation).toContain('Per tonne: quantity 0.15');
    const none = await ctx.s.api('POST', '/api/finance/quote', { token: ctx.admin, body: { kind: 'PAYABLE', from: {}, to: {}, quantities: { weightKg: 1 }, date: '2026-03-01' } });
    expect(none.json.data).toEqual([]);
    const bad = await ctx.s.api('POST', '/api/finance/quote', { token: ctx.admin, body: { kind: 'RECEIVABLE', from: {}, to: {}, quantities: { weightKg: -1 }, date: 'soon' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors)).toEqual(expect.arrayContaining(['quantities.weightKg', 'date']));
  });
});
