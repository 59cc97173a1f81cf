/**
 * Payable rating and re-rating (issue 14): a dispatch order taking effect is priced from its carrier's
 * contract and the cost allocated to its waybills by the contract's rule, summing exactly to the cent;
 * unbinding, a carrier change, a split and an audited receipt's signed quantities re-rate the open charges,
 * with the figures before kept in the history; the summary counts "no contract" in scope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { checkDistributionKey, type Json } from './helpers.ts';
import { ctx, useServer } from './resource-kit.ts';
import { effectiveContract, one, unstatedStaysExact } from './finance-kit.ts';
import { carrierId, driverId, reviewedWaybill, vehicleId } from './shipments-fixtures.ts';
import { linesOf, makeWaybill } from './waybills-fixtures.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey();

useServer();
unstatedStaysExact();

const post = async (path: string, body: unknown) => {
  const r = await ctx.s.api('POST', path, { token: ctx.admin, body, headers: { lang: 'en-US' } });
  expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(200);
  return r.json;
};
const get = async (path: string, query: Record<string, string | number | undefined>, lang = 'en-US') => {
  const r = await ctx.s.api('GET', path, { token: ctx.admin, query, headers: { lang } });
  expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(200);
  return r.json;
};

let day = 0;
function window(): { etd: string; eta: string } {
  day += 2;
  const etd = new Date(Date.UTC(2032, 0, 1) + day * 86400_000);
  return { etd: etd.toISOString(), eta: new Date(etd.getTime() + 8 * 3600_000).toISOString() };
}

interface Fleet { carrierId: number; vehicleIdMain: number; driverIdMaster: number }
let cr3: Fleet;
let cr1: Fleet;
let c001: number;
const sum = (xs: string[]) => xs.reduce((s, x) => s.plus(x), new Decimal(0)).toFixed(2);

beforeAll(async () => {
  const db = ctx.s.db;
  cr3 = { carrierId: await carrierId(db, 'CR003'), vehicleIdMain: await vehicleId(db, 'V003'), driverIdMaster: await driverId(db, 'D003') };
  cr1 = { carrierId: await carrierId(db, 'CR001'), vehicleIdMain: await vehicleId(db, 'V001'), driverIdMaster: await driverId(db, 'D001') };
  c001 = await one(`select id from base_client where code = 'C001'`);
  // CR003 costs 1000 a trip plus 0.1 a kg of pick-up, shared by weight; the client C001 pays 2 a kg, at least 50
  await effectiveContract({ carrierId: cr3.carrierId }, [
    { chargeType: 'FREIGHT', basis: 'TRIP', unitPrice: 1000 },
    { chargeType: 'PICKUP', basis: 'KG', unitPrice: 0.1 },
  ], { allocationBasis: 'WEIGHT' });
  await effectiveContract({ clientId: c001 }, [{ chargeType: 'FREIGHT', basis: 'KG', unitPrice: 2, minAmount: 50 }]);
});

async function effectiveShipment(weights: number[]): Promise<{ id: number; waybills: number[] }> {
  const waybills: number[] = [];
  for (const weight of weights) waybills.push((await reviewedWaybill(ctx.s.db, { carrierCode: 'CR003', weight })).id);
  const id = (await post('/api/shipment/shipment/create', { waybillIds: waybills })).data.id as number;
  const version = (await get(`/api/shipment/shipment/get/${id}`, {})).data.version;
  await post('/api/shipment/shipment/schedule', { id, version, ...cr3, ...window() });
  await post('/api/shipment/shipment/effect', { ids: [id] });
  return { id, waybills };
}

const dispatchCharges = (shipmentId: number, lang = 'en-US') => get('/api/finance/dispatch/charge/list', { shipmentId }, lang);

describe('payable rating on take effect', () => {
  it('prices the dispatch order from the carrier contract and allocates each charge to its waybills by weight, to the cent', async () => {
    const { id, waybills } = await effectiveShipment([100, 200, 33.3]);
    const r = await dispatchCharges(id);
    // 1000 a trip + 333.3 kg × 0.1 = 33.33
    expect(r.rating).toMatchObject({ state: 'RATED', carrierId: cr3.carrierId, allocationBasis: 'WEIGHT', totalAmount: '1033.33', currency: 'CNY' });
    const rows = r.rows as Json[];
    const freight = rows.filter((x) => x.chargeTypeCode === 'FREIGHT');
    expect(freight.map((x) => x.waybillId)).toEqual(waybills);
    // 1000 × 100 / 333.3 = 300.030…, × 200 = 600.060…, × 33.3 = 99.909…: the cent left goes to the largest remainder
    expect(freight.map((x) => x.amount)).toEqual(['300.03', '600.06', '99.91']);
    expect(sum(freight.map((x) => x.amount))).toBe('1000.00');
    expect(sum(rows.filter((x) => x.chargeTypeCode === 'PICKUP').map((x) => x.amount))).toBe('33.33');
    expect(sum(rows.map((x) => x.amount))).toBe(r.rating.totalAmount);
    expect(freight[0].dispatchOrderAmount).toBe('1000.00');
    expect(freight[0].explanation).toContain("the dispatch order's 1000.00 allocated (By weight): 300.03 to this waybill");
    const zh = await dispatchCharges(id, 'zh-CN');
    expect((zh.rows as Json[])[0].explanation).toContain('按重量分摊到本运单');
    // the waybill's payable share reads with kind=PAYABLE; its receivable list stays receivable only
    const payable = await get('/api/finance/charge/list', { waybillId: waybills[0], kind: 'PAYABLE' });
    expect((payable.rows as Json[]).map((x) => x.amount).sort()).toEqual(['10.00', '300.03']);
    expect((await get('/api/finance/charge/list', { waybillId: waybills[0] })).rows).toEqual([]);
  });

  it('re-rates on unbind and on a carrier change, keeping the figures before; no contract is counted', async () => {
    const { id, waybills } = await effectiveShipment([100, 300]);
    await post('/api/shipment/shipment/withdraw', { ids: [id] });
    await post('/api/shipment/shipment/unbind', { id, waybillIds: [waybills[1]] });
    let r = await dispatchCharges(id);
    expect(r.rating).toMatchObject({ state: 'RATED', totalAmount: '1010.00' }); // 1000 + 100 kg × 0.1
    expect(new Set((r.rows as Json[]).map((x) => x.waybillId))).toEqual(new Set([waybills[0]]));
    expect(await ctx.s.db.query(`select 1 from fin_charge where waybill_id = $1`, [waybills[1]]).then((x) => x.rows.length)).toBe(0);

    const before = (await get('/api/shipment/shipment/get/' + id, {})).data.version;
    await post('/api/shipment/shipment/reassignDriver', { id, version: before, ...cr1 });
    r = await dispatchCharges(id);
    expect(r.rating).toMatchObject({ state: 'NO_CONTRACT', carrierId: cr1.carrierId, totalAmount: null });
    expect(r.rows).toEqual([]);

    const read = (await get('/api/finance/rating/history', { shipmentId: id })).data;
    expect(read.recordCode).toBe(r.shipmentCode);
    const history = read.rows as Json[];
    expect(history.map((h) => [h.cause, h.beforeState, h.beforeTotal, h.afterState, h.afterTotal])).toEqual([
      ['CARRIER_CHANGED', 'RATED', '1010.00', 'NO_CONTRACT', null],
      ['UNBIND', 'RATED', '1040.00', 'RATED', '1010.00'],
    ]);
    expect(history[1].beforeCharges).toEqual([{ chargeTypeCode: 'FREIGHT', amount: '1000.00' }, { chargeTypeCode: 'PICKUP', amount: '40.00' }]);
    expect(history[0].causeLabel).toBe('Carrier changed');

    const summary = (await get('/api/finance/rating/summary', {})).data;
    expect(summary.payable.NO_CONTRACT).toBeGreaterThanOrEqual(1);
    expect(summary.payable.RATED).toBeGreaterThanOrEqual(1);
    expect(Object.keys(summary.receivable)).toEqual(['RATED', 'NO_CONTRACT', 'NO_RATE']);
  });
});

describe('receivable re-rating', () => {
  it('a split re-rates both waybills; the original keeps its figures before', async () => {
    const w = await makeWaybill(ctx.s.db, { lines: [{ quantity: 10, weight: 100, volume: 1 }] });
    await ctx.s.db.query(`update tms_waybill set declared_value = 1000.01 where id = $1`, [w.waybillId]);
    const split = async (pieces: number) => {
      const line = (await linesOf(ctx.s.db, w.waybillId))[0]!;
      const version = (await ctx.s.db.query<{ version: number }>(`select version from tms_waybill where id = $1`, [w.waybillId])).rows[0]!.version;
      return (await post('/api/waybill/waybill/split', { id: w.waybillId, version, lines: [{ lineId: line.id, splitNum: pieces }] })).data.id as number;
    };
    const first = await split(4); // 60 kg stay, 40 kg go
    expect((await get('/api/finance/charge/list', { waybillId: w.waybillId })).rating).toMatchObject({ state: 'RATED', totalAmount: '120.00' });
    expect((await get('/api/finance/charge/list', { waybillId: first })).rating).toMatchObject({ state: 'RATED', totalAmount: '80.00' });
    const value = async (id: number) => (await ctx.s.db.query<{ v: string }>(`select declared_value::text as v from tms_waybill where id = $1`, [id])).rows[0]!.v;
    expect([await value(w.waybillId), await value(first)]).toEqual(['600.01', '400.00']); // the declared value follows the weight, adding up to the cent
    await split(3); // 30 kg stay: 60
    const after = await get('/api/finance/charge/list', { waybillId: w.waybillId });
    expect(after.rating.totalAmount).toBe('60.00');
    const history = (await get('/api/finance/rating/history', { waybillId: w.waybillId }, 'zh-CN')).data.rows as Json[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: 'RECEIVABLE', cause: 'SPLIT', causeLabel: '运单拆分', beforeTotal: '120.00', afterTotal: '60.00', beforeCharges: [{ chargeTypeCode: 'FREIGHT', amount: '120.00' }] });
  });

  it("an audited receipt's signed quantities re-rate the waybill; a history query needs one record", async () => {
    const { id, waybills } = await effectiveShipment([100]);
    await post('/api/shipment/shipment/ship', { ids: [id], time: new Date(ctx.s.clock.now().getTime() - 7200_000).toISOString() });
    const epod = (await ctx.s.db.query<{ id: number; version: number }>(`select id, version from tms_epod where waybill_id = $1`, [waybills[0]])).rows[0]!;
    const lines = (await ctx.s.db.query<{ id: number; shipped_quantity: number }>(`select id, shipped_quantity from tms_epod_line where epod_id = $1 order by pos_no`, [epod.id])).rows;
    expect(lines.map((l) => l.shipped_quantity)).toEqual([10]);
    const now = ctx.s.clock.now().getTime();
    await post('/api/epod/epod/signFor', {
      id: epod.id, version: epod.version, arrivalTime: new Date(now - 3600_000).toISOString(), signTime: new Date(now - 1800_000).toISOString(),
      lines: [{ lineId: lines[0]!.id, signedQuantity: 6, cases: 6, pallets: 0, shortage: 0, damage: 0 }],
    });
    await post('/api/epod/epod/audit', { ids: [epod.id] });
    const r = await get('/api/finance/charge/list', { waybillId: waybills[0] });
    // 6 of 10 pieces signed: 60 kg × 2 = 120
    expect(r.rating).toMatchObject({ state: 'RATED', totalAmount: '120.00' });
    expect(r.rows[0].trace).toMatchObject({ quantity: '60', quantitySource: 'SIGNED' });
    const bad = await ctx.s.api('GET', '/api/finance/rating/history', { token: ctx.admin });
    expect(bad.status).toBe(400);
  });
});

describe('allocation by declared value', () => {
  it("shares a dispatch order's cost by the waybills' declared values, to the cent, and insures their sum", async () => {
    // a carrier of its own, contracted by declared value: 1000 a trip, insurance 0.1 % of the declared value
    const carrier = await one(`insert into base_carrier(code, name, create_by) values ($1, $1, 'test') returning id`, [`DV${Date.now() % 1e8}`]);
    await effectiveContract({ carrierId: carrier }, [
      { chargeType: 'FREIGHT', basis: 'TRIP', unitPrice: 1000 },
      { chargeType: 'INSURANCE', basis: 'PCT_VALUE', unitPrice: 0.1 },
    ], { allocationBasis: 'DECLARED_VALUE' });
    const waybills: number[] = [];
    for (const [weight, value] of [[100, '10000'], [200, '5000'], [33.3, null], [10, '0.01']] as const) {
      const w = (await reviewedWaybill(ctx.s.db, { carrierCode: 'CR003', weight })).id;
      await ctx.s.db.query(`update tms_waybill set declared_value = $2 where id = $1`, [w, value]);
      waybills.push(w);
    }
    const id = (await post('/api/shipment/shipment/create', { waybillIds: waybills })).data.id as number;
    const version = (await get(`/api/shipment/shipment/get/${id}`, {})).data.version;
    await post('/api/shipment/shipment/schedule', { id, version, ...cr3, ...window() });
    await ctx.s.db.query(`update tms_shipment set carrier_id = $2 where id = $1`, [id, carrier]);
    await post('/api/shipment/shipment/effect', { ids: [id] });

    const r = await dispatchCharges(id);
    expect(r.rating).toMatchObject({ state: 'RATED', carrierId: carrier, allocationBasis: 'DECLARED_VALUE', totalAmount: '1015.00' });
    const rows = r.rows as Json[];
    const of = (type: string) => rows.filter((x) => x.chargeTypeCode === type).map((x) => x.amount);
    // 1000 × 10000 / 15000.01 = 666.666…, × 5000 = 333.333…, nothing for no declared value, 0.000666… for 0.01: the cent left to the largest remainder
    expect(of('FREIGHT')).toEqual(['666.67', '333.33', '0.00', '0.00']);
    expect(of('INSURANCE')).toEqual(['10.00', '5.00', '0.00', '0.00']); // 15000.01 × 0.1 % = 15.00001
    expect(sum(rows.map((x) => x.amount))).toBe('1015.00');
    const insurance = rows.find((x) => x.chargeTypeCode === 'INSURANCE');
    expect(insurance.explanation).toContain('declared value 15000.01; 15000.01 × 0.1% = 15.00001; amount 15.00');
    expect(insurance.explanation).toContain("the dispatch order's 15.00 allocated (By declared value): 10.00 to this waybill");
  });
});

describe('manual charges and adjustments', () => {
  it('take effect at once up to the configured amount, wait for approval above it, and name the field when refused', async () => {
    const w = await reviewedWaybill(ctx.s.db, { carrierCode: 'CR003' });
    const other = await one(`select id from fin_charge_type where code = 'OTHER'`);
    const add = (body: Record<string, unknown>) => ctx.s.api('POST', '/api/finance/adjustment/save', { token: ctx.admin, body: { kind: 'RECEIVABLE', waybillId: w.id, chargeTypeId: other, reason: '客户加急', ...body }, headers: { lang: 'en-US' } });
    await ctx.s.db.query(`update sys_config set config_value = '500' where config_key = 'fin.adjustment.approvalAbove'`);
    const small = await add({ amount: '-120.5' });
    expect(small.status, JSON.stringify(small.json)).toBe(200);
    expect(small.json.data.status).toBe('APPROVED');
    const big = await add({ amount: 800 });
    expect(big.json).toMatchObject({ msg: 'Above 500.00: the adjustment waits for approval', data: { status: 'PENDING' } });
    const bad = await add({ amount: 0, reason: ' ' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['amount', 'reason']);
    const receivableOnShipment = await ctx.s.api('POST', '/api/finance/adjustment/save', { token: ctx.admin, body: { kind: 'RECEIVABLE', shipmentId: 1, chargeTypeId: other, amount: 1, reason: 'x' } });
    expect(receivableOnShipment.status).toBe(400);

    await post('/api/finance/adjustment/decide', { ids: [big.json.data.id], approve: true, opinion: '同意' });
    const again = await ctx.s.api('POST', '/api/finance/adjustment/decide', { token: ctx.admin, body: { ids: [big.json.data.id], approve: false } });
    expect(again.status).toBe(409);
    // an id the caller's center does not have answers 404 (as one of another center would), and nothing changes
    const pending = (await add({ amount: 900 })).json.data.id;
    const unknown = await ctx.s.api('POST', '/api/finance/adjustment/decide', { token: ctx.admin, body: { ids: [pending, 999_999_999], approve: true } });
    expect(unknown.status).toBe(404);
    expect((await ctx.s.db.query<{ status: string }>(`select status from fin_adjustment where id = $1`, [pending])).rows[0]!.status).toBe('PENDING');
    await post('/api/finance/adjustment/decide', { ids: [pending], approve: false, opinion: 'no' });
    const read = (await get('/api/finance/adjustment/list', { waybillId: w.id })).data;
    expect(read.recordCode).toBe(w.code);
    const list = read.rows as Json[];
    expect(list.map((a) => [a.amount, a.status, a.statusLabel, a.approveBy])).toEqual([
      ['900.00', 'REJECTED', 'Rejected', 'admin'],
      ['800.00', 'APPROVED', 'Approved', 'admin'],
      ['-120.50', 'APPROVED', 'Approved', 'admin'],
    ]);
  });
});
