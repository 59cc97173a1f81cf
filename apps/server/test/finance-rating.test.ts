/**
 * Automatic rating on order review (issue 14): the waybills an order review creates get receivable
 * charges from their client's effective contract (most specific lane, breaks, minimum), with the trace;
 * no contract is a visible state; the charges read back in words in the caller's language, scoped like
 * the waybill; the quote prices a lane against every matching effective contract, cheapest first.
 */
import { describe, expect, it } from 'vitest';
import { getResource } from '@tms/domain';
import { centerId, checkDistributionKey, rand, type Json } from './helpers.ts';
import { call, ctx, freshId, useServer } from './resource-kit.ts';
import { buildShippedShipment } from '../src/modules/epod/demo.ts';
import { makeWaybill } from './waybills-fixtures.ts';
import { effectiveContract as contractFor, one } from './finance-kit.ts';
import { systemCaller } from '../src/platform/domain-events.ts';
import { RERATE_JOB } from '../src/modules/finance/rerate.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey('finance-rating.test.ts');

useServer();

const waybillRating = getResource('waybillRating');

async function openOrder(clientCode: string, from: string, to: string, weight: number, extra: { declaredValue?: string | null; orderDate?: string } = {}): Promise<number> {
  const center = await centerId(ctx.s.db, 'SH01');
  const clientId = await one(`select id from base_client where code = $1`, [clientCode]);
  const src = await one(`select id from base_station where code = $1`, [from]);
  const dst = await one(`select id from base_station where code = $1`, [to]);
  return one(
    `insert into tms_order(dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, total_weight, total_volume, total_quantity, declared_value, order_date, create_by)
     values ($1, $2, $3, $4, $5, 'OPEN', $6, 0.5, 3, $7, coalesce($8::date, current_date), 'admin') returning id`,
    [center, `T-ORD-${rand(8)}`, clientId, src, dst, weight, extra.declaredValue ?? null, extra.orderDate ?? null],
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
    const stationName = (await ctx.s.db.query<{ name: string }>(`select name from base_station where id = $1`, [station1])).rows[0]!.name;
    expect(byType.FREIGHT.explanation).toContain(`(station ${stationName} → any)`); // the lane's places by name
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
    // the cards are kept between quotes; a charge type disabled is read again at once (and back)
    const pickup = await one(`select id from fin_charge_type where code = 'PICKUP'`);
    const setPickup = async (status: '0' | '1') => expect((await ctx.s.api('POST', '/api/finance/chargeType/status', { token: ctx.admin, body: { id: pickup, status } })).status).toBe(200);
    const again = () => ctx.s.api('POST', '/api/finance/quote', { token: ctx.admin, body: { kind: 'RECEIVABLE', from: { stationId: station1 }, to: { stationId: station2 }, quantities: { weightKg: 150 }, date: '2026-03-01' } });
    await setPickup('1');
    try {
      expect((await again()).json.data[1].charges.map((c: Json) => c.chargeTypeCode)).toEqual(['FREIGHT']);
    } finally {
      await setPickup('0');
    }
    expect((await again()).json.data[1].charges.map((c: Json) => c.chargeTypeCode)).toEqual(['FREIGHT', 'PICKUP']);
    const none = await ctx.s.api('POST', '/api/finance/quote', { token: ctx.admin, body: { kind: 'PAYABLE', from: {}, to: {}, quantities: { weightKg: 1 }, date: '2026-03-01' } });
    expect(none.json.data).toEqual([]);
    const bad = await ctx.s.api('POST', '/api/finance/quote', { token: ctx.admin, body: { kind: 'RECEIVABLE', from: {}, to: {}, quantities: { weightKg: -1 }, date: 'soon' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors)).toEqual(expect.arrayContaining(['quantities.weightKg', 'date']));
  });
});

describe('bulk re-rating of a contract', () => {
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await ctx.s.api(method, path, { token: ctx.admin, body, headers: { lang: 'en-US' } });
    expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(200);
    return r.json;
  };
  const untilDone = async (contractId: number): Promise<Json> => {
    for (;;) {
      const job = (await api('GET', `/api/finance/contract/rerate/${contractId}`)).data;
      if (job && (job.status === 'DONE' || job.status === 'FAILED')) return job;
      await new Promise((r) => setImmediate(r));
    }
  };
  const snapshot = async (ids: number[]) =>
    (
      await ctx.s.db.query(
        `select r.waybill_id, r.state, r.contract_id, r.contract_version, r.total_amount::text,
                (select jsonb_agg(jsonb_build_object('type', c.charge_type_code, 'line', c.rate_line_id, 'amount', c.amount::text, 'tax', c.tax_rate::text, 'trace', coalesce(b.fixed, '{}'::jsonb) || c.trace) order by c.charge_type_code)
                   from fin_charge c left join fin_charge_basis b on b.id = c.basis_id where c.waybill_id = r.waybill_id and c.kind = 'RECEIVABLE' and c.source = 'RATED') as charges
           from fin_waybill_rating r where r.waybill_id = any($1::bigint[]) order by r.waybill_id`,
        [ids],
      )
    ).rows;

  it('a new version taking effect re-rates the open charges of the earlier one as a job, in SQL, with the same figures and traces as the engine', async () => {
    const clientCode = `RR${rand(6)}`;
    await one(`insert into base_client(code, name, create_by) values ($1, $2, 'test') returning id`, [clientCode, `rerate client ${clientCode}`]);
    const clientId = await one(`select id from base_client where code = $1`, [clientCode]);
    const station1 = await one(`select id from base_station where code = 'S-SH-01'`);
    const code = `RR_${rand(6)}`;
    const v1 = await contractFor({ clientId }, [{ chargeType: 'FREIGHT', basis: 'KG', unitPrice: 0.5, roundingStep: 1, minAmount: 30 }], { code });
    const weights = [0.4, 12.3, 52.3, 99.99, 100, 450.25, 3500, 1234.5];
    const orders = [];
    for (const [i, w] of weights.entries()) orders.push(await openOrder(clientCode, i % 2 ? 'S-SH-01' : 'S-SH-02', i % 2 ? 'S-SH-02' : 'S-SH-01', w));
    await api('POST', '/api/order/order/review', { ids: orders });
    const ids = (await ctx.s.db.query<{ id: number }>(`select id from tms_waybill where order_id = any($1::bigint[]) order by id`, [orders])).rows.map((r) => Number(r.id));
    expect((await snapshot(ids)).every((r) => Number(r.contract_id) === v1.id)).toBe(true);
    const chargeRows = async () =>
      (await ctx.s.db.query<{ id: number; waybill_id: number; code: string; version: string; create_time: Date }>(
        `select id, waybill_id, charge_type_code as code, xmin::text as version, create_time from fin_charge where waybill_id = any($1::bigint[]) and kind = 'RECEIVABLE' order by id`, [ids],
      )).rows;
    const v1Charges = await chargeRows();
    // what statement generation finds the un-stated charges by (0084): its rows of the charges written over in place
    // are left alone by a re-rating, which changes none of their fields (0094: the figures are read from the charge)
    const unstatedRows = async () =>
      (await ctx.s.db.query<{ id: number; version: string }>(`select charge_id as id, xmin::text as version from fin_charge_unstated where waybill_id = any($1::bigint[]) order by 1`, [ids])).rows;
    const v1Unstated = await unstatedRows();

    // version 2: breaks with rounding and a maximum, first / additional weight on the station lane, a per-trip and a per-tonne charge
    await api('POST', '/api/finance/contract/terminate', { ids: [v1.id] });
    const v2 = await contractFor(
      { clientId },
      [
        { chargeType: 'FREIGHT', basis: 'KG', breaks: '0-100:40 flat; 100-1000:0.8; 1000-:0.6', roundingStep: 0.5, maxAmount: 2000 },
        { chargeType: 'FREIGHT', basis: 'KG', fromStationId: station1, firstQty: 10, firstPrice: 20, addStep: 5, addPrice: 3, minAmount: 25 },
        { chargeType: 'PICKUP', basis: 'TRIP', unitPrice: 20 },
        { chargeType: 'DELIVERY', basis: 'TONNE', unitPrice: 33.3333, minAmount: 10 },
      ],
      { code, contractVersion: 2 },
    );
    const job = await untilDone(v2.id);
    expect(job).toMatchObject({ status: 'DONE', cause: 'NEW_VERSION', recordCount: ids.length, progress: { done: 5, total: 5 } });
    const bulk = await snapshot(ids);
    expect(bulk.every((r) => Number(r.contract_id) === v2.id && r.contract_version === 2 && r.state === 'RATED')).toBe(true);
    const history = await ctx.s.db.query(`select cause, after_state from fin_rating_history where waybill_id = any($1::bigint[])`, [ids]);
    expect(history.rows).toHaveLength(ids.length);
    expect(history.rows.every((h) => h.cause === 'CONTRACT' && h.after_state === 'RATED')).toBe(true);
    // the open charges were written over in place (the freight of each waybill keeps its row), the new types inserted
    const v2Charges = await chargeRows();
    expect(v2Charges.filter((c) => c.code === 'FREIGHT').map((c) => Number(c.id)).sort()).toEqual(v1Charges.map((c) => Number(c.id)).sort());
    expect(v2Charges.filter((c) => c.code !== 'FREIGHT').length).toBeGreaterThan(0);
    expect(v1Unstated.length).toBe(v1Charges.length);
    expect((await unstatedRows()).filter((u) => v1Unstated.some((v) => Number(v.id) === Number(u.id)))).toEqual(v1Unstated);
    expect(v2Charges.filter((c) => v1Charges.some((v) => Number(v.id) === Number(c.id))).every((c) => c.version !== v1Charges.find((v) => Number(v.id) === Number(c.id))!.version)).toBe(true);
    // a charge must name a basis of its own contract, charge type and line; a basis charges name is not deleted
    const named = (await ctx.s.db.query<{ id: number; basis_id: number }>(`select id, basis_id from fin_charge where id = $1`, [v2Charges[0]!.id])).rows[0]!;
    const otherBasis = await one(`select id from fin_charge_basis where contract_id = $1 limit 1`, [v1.id]);
    await expect(ctx.s.db.query(`update fin_charge set basis_id = $2 where id = $1`, [named.id, otherBasis])).rejects.toMatchObject({ code: '23503' });
    await expect(ctx.s.db.query(`delete from fin_charge_basis where id = $1`, [named.basis_id])).rejects.toMatchObject({ code: '23503' });
    const traces = bulk.flatMap((r) => (r.charges as Json[]).map((c) => c.trace));
    const kinds = new Set(traces.map((t) => `${t.chargeType}:${t.formula.kind}:${t.limit?.applied ?? ''}`));
    for (const k of ['FREIGHT:FIRST_ADDITIONAL:', 'FREIGHT:TIER_FLAT:', 'FREIGHT:TIER_UNIT:', 'FREIGHT:TIER_UNIT:MAX', 'PICKUP:UNIT:', 'DELIVERY:UNIT:MIN', 'DELIVERY:UNIT:']) expect(kinds).toContain(k);

    // the engine (the pure function behind review) rates the same waybills: the same states, totals, lines and traces;
    // and so does the set-based form review uses for many waybills
    const { rateWaybills } = await import('../src/modules/finance/rating.ts');
    const sh01 = await centerId(ctx.s.db, 'SH01');
    await ctx.s.db.tx((q) => rateWaybills({ q, caller: systemCaller('test'), now: new Date() }, sh01, ids, undefined, 'engine'));
    expect(await snapshot(ids)).toEqual(bulk);
    await ctx.s.db.tx((q) => rateWaybills({ q, caller: systemCaller('test'), now: new Date() }, sh01, ids, undefined, 'sql'));
    expect(await snapshot(ids)).toEqual(bulk);
    // as on review (`fresh`: waybills never rated, on no dispatch order, with no receipt, their look-ups left out), both forms
    for (const how of ['sql', 'engine'] as const) {
      await ctx.s.db.tx(async (q) => {
        await q.query(`delete from fin_charge where waybill_id = any($1::bigint[])`, [ids]);
        await q.query(`delete from fin_waybill_rating where waybill_id = any($1::bigint[])`, [ids]);
        await rateWaybills({ q, caller: systemCaller('test'), now: new Date() }, sh01, ids, undefined, how, true);
      });
      expect(await snapshot(ids), how).toEqual(bulk);
    }
    // each charge stores its own figures; the constant part of its trace is stored once per contract, line and lane
    const stored = (
      await ctx.s.db.query<{ charges: number; bases: number }>(`select count(*)::int as charges, count(distinct basis_id)::int as bases from fin_charge where waybill_id = any($1::bigint[]) and kind = 'RECEIVABLE'`, [ids])
    ).rows[0]!;
    expect(stored.bases).toBeLessThan(stored.charges);
    const ownKeys = (await ctx.s.db.query<{ k: string }>(`select distinct k from fin_charge c, jsonb_object_keys(c.trace) k where c.waybill_id = any($1::bigint[]) and c.kind = 'RECEIVABLE'`, [ids])).rows.map((r) => r.k);
    expect(ownKeys).toContain('amount');
    for (const k of ['chosen', 'lane', 'contractCode']) expect(ownKeys).not.toContain(k);

    // the user's "re-rate open charges" runs the same job on demand; a draft contract refuses it
    const manual = await api('POST', '/api/finance/contract/rerate', { id: v2.id });
    expect(manual.data).toMatchObject({ cause: 'MANUAL', contractId: v2.id });
    const before = await chargeRows();
    expect(await untilDone(v2.id)).toMatchObject({ status: 'DONE', cause: 'MANUAL', recordCount: ids.length });
    expect(await snapshot(ids)).toEqual(bulk);
    expect(await chargeRows()).toEqual(before); // nothing changed: no charge written
    // a message queued by the version before messages carried their center (the job alone) still runs the job
    const legacy = await one(`insert into fin_rerate_job (dispatch_center_id, contract_id, cause, create_by) select dispatch_center_id, id, 'MANUAL', 'admin' from fin_contract where id = $1 returning id`, [v2.id]);
    await ctx.s.app.jobs.send(RERATE_JOB, { jobId: legacy });
    expect(await untilDone(v2.id)).toMatchObject({ id: legacy, status: 'DONE', cause: 'MANUAL', recordCount: ids.length });
    expect(await chargeRows()).toEqual(before);
    const draft = await call('POST', getResource('contract'), 'save', { body: { code: `RR_${rand(6)}`, name: 'draft', kind: 'RECEIVABLE', clientId, validFrom: '2020-01-01', validTo: '2020-12-31' } });
    const refused = await ctx.s.api('POST', '/api/finance/contract/rerate', { token: ctx.admin, body: { id: draft.json.data.id }, headers: { lang: 'en-US' } });
    expect(refused.status).toBe(409);
  });
  it('prices percentages of the freight (per period) and of the declared value, waiting after free time, lanes by district, vehicle types and km, the SQL as the engine', async () => {
    const clientCode = `RD${rand(6)}`;
    const clientId = await one(`insert into base_client(code, name, create_by) values ($1, $2, 'test') returning id`, [clientCode, `district client ${clientCode}`]);
    const district = (name: string) => one(`select id from sys_district where name = $1 order by depth desc limit 1`, [name]);
    const [shanghai, suzhou, jiading, kunshan, sip] = [await one(`select id from sys_district where name = '上海市' and depth = 1`), await district('苏州市'), await district('嘉定区'), await district('昆山市'), await district('工业园区')];
    const station = async (districtId: number, lat: number | null = null, lng: number | null = null) => {
      const code = `SD${rand(8)}`;
      return one(`insert into base_station(code, name, client_id, district_id, latitude, longitude, status, create_by) values ($1, $1, $2, $3, $4, $5, '0', 'test') returning id`, [code, clientId, districtId, lat, lng]);
    };
    const [a, b, c] = [await station(jiading, 31.3747, 121.2655), await station(kunshan, 31.3856, 120.9808), await station(sip)];
    const vehicle = await one(`select id from base_transport_means where code = 'V001'`);
    const vehicleType = await one(`select type_id as id from base_transport_means where id = $1`, [vehicle]);
    const code = (id: number) => ctx.s.db.query<{ code: string }>(`select code from base_station where id = $1`, [id]).then((r) => r.rows[0]!.code);
    const contractCode = `RD_${rand(6)}`;
    const lines = [
      { chargeType: 'FREIGHT', basis: 'KG', unitPrice: 1 },
      { chargeType: 'FREIGHT', basis: 'KG', fromDistrictId: shanghai, toDistrictId: suzhou, unitPrice: 0.8 },
      { chargeType: 'FREIGHT', basis: 'KG', fromDistrictId: jiading, toDistrictId: kunshan, unitPrice: 0.6 },
      { chargeType: 'FREIGHT', basis: 'KG', fromDistrictId: jiading, toDistrictId: kunshan, vehicleTypeId: vehicleType, unitPrice: 0.5 },
      { chargeType: 'DELIVERY', basis: 'KM', unitPrice: 2 },
      { chargeType: 'FUEL', basis: 'PCT_FREIGHT', unitPrice: 10, validFrom: '2020-01-01', validTo: '2026-06-30' },
      { chargeType: 'FUEL', basis: 'PCT_FREIGHT', unitPrice: 12.5, validFrom: '2026-07-01' },
      { chargeType: 'INSURANCE', basis: 'PCT_VALUE', unitPrice: 0.3, minAmount: 5 },
      { chargeType: 'WAITING', basis: 'HOUR', unitPrice: 60, freeQty: 2, roundingStep: 0.5 },
    ];
    const v1 = await contractFor({ clientId }, lines, { code: contractCode });
    const o1 = await openOrder(clientCode, await code(a), await code(b), 100, { declaredValue: '20000', orderDate: '2026-03-01' });
    const o2 = await openOrder(clientCode, await code(a), await code(c), 100.5, { orderDate: '2026-08-01' });
    const o3 = await openOrder(clientCode, await code(b), await code(a), 50, { declaredValue: '1000', orderDate: '2026-08-01' });
    await api('POST', '/api/order/order/review', { ids: [o1, o2, o3] });
    const wb = new Map((await ctx.s.db.query<{ id: number; order_id: number }>(`select id, order_id from tms_waybill where order_id = any($1::bigint[])`, [[o1, o2, o3]])).rows.map((r) => [Number(r.order_id), Number(r.id)]));
    const ids = [o1, o2, o3].map((o) => wb.get(o)!);
    const amounts = async (waybillId: number, lang = 'en-US') => {
      const r = await charges(waybillId, lang);
      return Object.fromEntries((r.json.rows as Json[]).map((x) => [x.chargeTypeCode, x]));
    };

    // county → county beats city / province beats any; fuel by the order date's period; insurance on the declared value (or its minimum)
    const x1 = await amounts(ids[0]!);
    expect([x1.FREIGHT.amount, x1.FUEL.amount, x1.INSURANCE.amount, x1.WAITING.amount]).toEqual(['60.00', '6.00', '60.00', '0.00']);
    expect(x1.FREIGHT.explanation).toContain('(district 嘉定区 → district 昆山市), the most specific lane of 3 matching lines'); // the vehicle-type line waits for a vehicle
    // per km: the straight line between the two stations' coordinates (no route), none without coordinates
    expect(x1.DELIVERY.trace).toMatchObject({ kmSource: 'STRAIGHT_LINE', formula: { kind: 'UNIT', price: '2' } });
    expect(Number(x1.DELIVERY.trace.quantity)).toBeGreaterThan(25);
    expect(Number(x1.DELIVERY.trace.quantity)).toBeLessThan(30);
    expect(x1.DELIVERY.explanation).toContain(`${x1.DELIVERY.trace.quantity} km in a straight line between the stations`);
    expect(x1.FUEL.explanation).toContain('period 2020-01-01 to 2026-06-30; freight 60; 60 × 10% = 6; amount 6.00');
    expect(x1.INSURANCE.explanation).toContain('declared value 20000; 20000 × 0.3% = 60');
    expect((await amounts(ids[0]!, 'zh-CN')).FREIGHT.explanation).toContain('区县“嘉定区” → 区县“昆山市”');
    const x2 = await amounts(ids[1]!);
    expect([x2.FREIGHT.amount, x2.FUEL.amount, x2.INSURANCE.amount, x2.DELIVERY.amount]).toEqual(['80.40', '10.05', '5.00', '0.00']); // 100.5 × 0.8; 12.5 %; the minimum; no distance
    expect(x2.DELIVERY.trace.kmSource).toBeUndefined();
    expect(x2.FREIGHT.explanation).toContain('(province 上海市 → city 苏州市)');
    expect((await amounts(ids[2]!)).FREIGHT.amount).toBe('50.00');

    // the waiting on the audited receipt: 10:00 → 13:16 = 3.27 h, 2 h free, 1.27 rounded up to 1.5 h × 60
    const center = await centerId(ctx.s.db, 'SH01');
    const shipment = await one(`insert into tms_shipment(dispatch_center_id, shipment_code, status, vehicle_id_main) values ($1, $2, 'COMPLETED', $3) returning id`, [center, `RD-S-${rand(8)}`, vehicle]);
    // the first waybill travels on that dispatch order (its vehicle's type has a line of its own); the second on a route with a mileage
    await ctx.s.db.query(`update tms_waybill set shipment_id = $2 where id = $1`, [ids[0], shipment]);
    const route = (await ctx.s.db.query<{ id: number; mileage: string }>(`select id, trim_scale(mileage)::text as mileage from base_route where mileage > 0 order by id limit 1`)).rows[0]!;
    await ctx.s.db.query(`update tms_waybill set route_id = $2 where id = $1`, [ids[1], route.id]);
    await ctx.s.db.query(
      `insert into tms_epod(dispatch_center_id, code, shipment_id, waybill_id, client_id, status, arrival_time, departure_time) values ($1, $2, $3, $4, $5, 'AUDITED', '2026-03-02T10:00:00Z', '2026-03-02T13:16:00Z')`,
      [center, `RD-E-${rand(8)}`, shipment, ids[0], clientId],
    );

    // the bulk re-rating (SQL) and the engine give the same charges and traces
    await api('POST', '/api/finance/contract/rerate', { id: v1.id });
    expect(await untilDone(v1.id)).toMatchObject({ status: 'DONE', recordCount: 3 });
    const bulk = await snapshot(ids);
    const waiting = (bulk[0]!.charges as Json[]).find((ch) => ch.type === 'WAITING');
    expect(waiting).toMatchObject({ amount: '90.00', trace: { quantity: '3.27', freeQty: '2', roundedQuantity: '1.5', hoursSource: 'RECEIPT' } });
    expect((bulk[0]!.charges as Json[]).find((ch) => ch.type === 'FREIGHT')).toMatchObject({ amount: '50.00', trace: { vehicleTypeId: vehicleType, chosen: { candidates: [{}, {}, {}, {}] } } });
    expect((bulk[0]!.charges as Json[]).find((ch) => ch.type === 'FUEL')).toMatchObject({ amount: '5.00' });
    expect((bulk[1]!.charges as Json[]).find((ch) => ch.type === 'DELIVERY')).toMatchObject({ trace: { kmSource: 'ROUTE', quantity: route.mileage } });
    const { rateWaybills } = await import('../src/modules/finance/rating.ts');
    const sh01 = await centerId(ctx.s.db, 'SH01');
    await ctx.s.db.tx((q) => rateWaybills({ q, caller: systemCaller('test'), now: new Date() }, sh01, ids, undefined, 'sql'));
    expect(await snapshot(ids)).toEqual(bulk);
    await ctx.s.db.tx((q) => rateWaybills({ q, caller: systemCaller('test'), now: new Date() }, sh01, ids, undefined, 'engine'));
    expect(await snapshot(ids)).toEqual(bulk);
    const after = await amounts(ids[0]!);
    expect(after.WAITING.explanation).toContain('3.27 h from arrival to departure on the receipt; Per hour: quantity 3.27, 2 free, 1.5 charged; 1.5 × 60 = 90');
    const typeName = (await ctx.s.db.query<{ name: string }>(`select name from base_transport_means_type where id = $1`, [vehicleType])).rows[0]!.name;
    expect(after.FREIGHT.explanation).toContain(`for vehicle type ${typeName}`);
    expect((await amounts(ids[1]!)).DELIVERY.explanation).toContain(`${route.mileage} km, the route's mileage`);

    // the quote: the stations' districts, the date's fuel period, the vehicle type, the declared value
    const quote = await api('POST', '/api/finance/quote', { kind: 'RECEIVABLE', partyId: clientId, from: { stationId: a }, to: { stationId: b }, quantities: { weightKg: 100, declaredValue: 20000 }, vehicleTypeId: vehicleType, date: '2026-08-01' });
    expect(quote.data[0].charges.map((ch: Json) => [ch.chargeTypeCode, ch.amount])).toEqual([['DELIVERY', '0.00'], ['FREIGHT', '50.00'], ['FUEL', '6.25'], ['INSURANCE', '60.00'], ['WAITING', '0.00']]);
    expect(quote.data[0].total).toBe('116.25');

    // refused at save, naming the field: the same lane again (a tie), an overlapping fuel period, breaks on a percentage
    const draft = await call('POST', getResource('contract'), 'save', { body: { code: `RD_${rand(6)}`, name: 'draft', kind: 'RECEIVABLE', clientId, validFrom: '2030-01-01', validTo: '2030-12-31' } });
    const ct = async (code: string) => one(`select id from fin_charge_type where code = $1`, [code]);
    const save = (body: Record<string, unknown>) => ctx.s.api('POST', '/api/finance/rateLine/save', { token: ctx.admin, body: { contractId: draft.json.data.id, ...body }, headers: { lang: 'en-US' } });
    expect((await save({ chargeTypeId: await ct('FREIGHT'), basis: 'KG', fromDistrictId: jiading, toDistrictId: kunshan, unitPrice: 1 })).status).toBe(200);
    const tie = await save({ chargeTypeId: await ct('FREIGHT'), basis: 'TONNE', fromDistrictId: jiading, toDistrictId: kunshan, unitPrice: 2 });
    expect(tie.status).toBe(400);
    expect(tie.json.errors.fromStationId).toContain('same lane');
    // the same lane for a vehicle type is another line
    expect((await save({ chargeTypeId: await ct('FREIGHT'), basis: 'KG', fromDistrictId: jiading, toDistrictId: kunshan, vehicleTypeId: vehicleType, unitPrice: 1 })).status).toBe(200);
    expect((await save({ chargeTypeId: await ct('FUEL'), basis: 'PCT_FREIGHT', unitPrice: 10, validFrom: '2030-01-01', validTo: '2030-06-30' })).status).toBe(200);
    const overlap = await save({ chargeTypeId: await ct('FUEL'), basis: 'PCT_FREIGHT', unitPrice: 11, validFrom: '2030-06-30' });
    expect(overlap.status).toBe(400);
    expect(overlap.json.errors.validFrom).toContain('overlapping period');
    const breaks = await save({ chargeTypeId: await ct('INSURANCE'), basis: 'PCT_VALUE', breaks: '0-100:1; 100-:2' });
    expect(breaks.status).toBe(400);
    expect(breaks.json.errors.breaks).toContain('percentage basis');
  });
});

describe('the waiting after the receipt was audited', () => {
  it("a departure the driver reports after the receipt's audit re-rates the waiting (per hour) charge, with its history", async () => {
    const s = ctx.s;
    const clientId = await freshId('client');
    const contract = await contractFor({ clientId }, [
      { chargeType: 'FREIGHT', basis: 'TRIP', unitPrice: 100 },
      { chargeType: 'WAITING', basis: 'HOUR', unitPrice: 60, freeQty: 2, roundingStep: 0.5 },
    ]);
    const center = await centerId(s.db, 'SH01');
    const f = await s.db.tx((q) => buildShippedShipment(q, { dispatchCenterId: center, waybills: [[3]], now: s.clock.now(), by: { userId: 1, userName: 'admin' } }));
    // the fixture's waybill belongs to the client of the contract
    await s.db.query(`update tms_waybill set client_id = $2 where id = any($1::bigint[])`, [f.waybillIds, clientId]);
    await s.db.query(`update tms_order set client_id = $2 where id in (select order_id from tms_waybill where id = any($1::bigint[]))`, [f.waybillIds, clientId]);
    const id = f.epods[0]!.id;
    const waybillId = f.waybillIds[0]!;
    const login = (await s.db.query<{ login_name: string }>(`select login_name from base_driver where id = $1`, [f.driverId])).rows[0]!.login_name;
    const token = (await s.api('POST', '/api/driver/login', { body: { loginName: login, password: 'driver123' } })).json.data.token as string;
    const base = s.clock.now().getTime();
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    const d = (await s.api('GET', `/api/driver/epods/${id}`, { token })).json.data;
    const report = await s.api('POST', `/api/driver/epods/${id}/report`, { token, body: { arrivalTime: at(-180), signTime: at(-170), lines: d.lines.map((l: Json) => ({ lineId: l.id, signedQuantity: l.shippedQuantity })) } });
    expect(report.status, JSON.stringify(report.json)).toBe(200);
    expect((await s.api('POST', '/api/epod/epod/audit', { token: ctx.admin, body: { ids: [id] } })).status).toBe(200);
    const waiting = async () => ((await charges(waybillId)).json.rows as Json[]).find((r) => r.chargeTypeCode === 'WAITING')!;
    // audited without a departure: no waiting yet
    expect((await waiting()).amount).toBe('0.00');
    expect((await charges(waybillId)).json.rating).toMatchObject({ state: 'RATED', contractId: contract.id, totalAmount: '100.00' });

    // the driver reports leaving 175 minutes after arriving: 2.92 h, 2 h free, 0.92 rounded up to 1 h × 60
    const depart = await s.api('POST', `/api/driver/epods/${id}/departure`, { token, body: { departureTime: at(-5) } });
    expect(depart.status, JSON.stringify(depart.json)).toBe(200);
    const after = await waiting();
    expect(after).toMatchObject({ amount: '60.00', trace: { quantity: '2.92', freeQty: '2', roundedQuantity: '1', hoursSource: 'RECEIPT' } });
    expect((await charges(waybillId)).json.rating.totalAmount).toBe('160.00');
    const history = (await s.db.query<{ cause: string; before_total: string; after_total: string }>(`select cause, before_total::text, after_total::text from fin_rating_history where waybill_id = $1 order by id desc limit 1`, [waybillId])).rows[0];
    expect(history).toEqual({ cause: 'EPOD_DEPARTED', before_total: '100.00', after_total: '160.00' });
  });
});

describe('the keys of charges and ratings (checked once per statement, migration 0095)', () => {
  it('refuses a charge or rating naming a missing waybill, a center not its waybill\'s or a missing dispatch order, and re-keying what they name; deleting a waybill or dispatch order deletes its charges', async () => {
    const db = ctx.s.db;
    const sh01 = await centerId(db, 'SH01');
    const bj01 = await centerId(db, 'BJ01');
    const w = await makeWaybill(db);
    const w2 = await makeWaybill(db);
    const other = await makeWaybill(db, { center: 'BJ01' });
    const clientId = await one(`select client_id as id from tms_waybill where id = $1`, [w.waybillId]);
    const contractId = await one(
      `insert into fin_contract(dispatch_center_id, code, name, kind, client_id, valid_from, valid_to, status, create_by)
       values ($1, $2, 'keys', 'RECEIVABLE', $3, '2020-01-01', '2099-12-31', 'EFFECTIVE', 'test') returning id`,
      [sh01, `KK${rand(8)}`, clientId],
    );
    const shipment = await one(`insert into tms_shipment(dispatch_center_id, shipment_code, status) values ($1, $2, 'EFFECTIVE') returning id`, [sh01, `KY-S-${rand(8)}`]);
    // rows: [waybill, center, dispatch order], inserted by one statement
    const charges = (rows: [number, number, number | null][]) =>
      db.query<{ id: number }>(
        `insert into fin_charge(dispatch_center_id, waybill_id, dispatch_order_id, kind, contract_id, contract_version, charge_type_id, charge_type_code, currency, amount, tax_rate, trace)
         select x.c, x.w, x.s, 'RECEIVABLE', $2, 1, t.id, t.code, 'CNY', 10, 9, '{}'::jsonb
           from jsonb_to_recordset($1::jsonb) as x(w bigint, c bigint, s bigint) cross join fin_charge_type t where t.code = 'FREIGHT' returning id`,
        [JSON.stringify(rows.map(([w, c, s]) => ({ w, c, s }))), contractId],
      );
    const refused = { code: '23503' };
    // a missing waybill, a center that is not the waybill's, a missing dispatch order: the whole statement refused
    await expect(charges([[w.waybillId, sh01, null], [-1, sh01, null]])).rejects.toMatchObject({ ...refused, message: expect.stringContaining('fin_charge_waybill_fkey') });
    await expect(charges([[w.waybillId, sh01, null], [other.waybillId, sh01, null]])).rejects.toMatchObject(refused);
    await expect(charges([[w.waybillId, -1, null]])).rejects.toMatchObject(refused);
    await expect(charges([[w.waybillId, sh01, -1]])).rejects.toMatchObject({ ...refused, message: expect.stringContaining('fin_charge_dispatch_order_fkey') });
    const ok = (await charges([[w.waybillId, sh01, shipment], [w2.waybillId, sh01, null], [other.waybillId, bj01, null]])).rows.map((r) => Number(r.id));
    expect(ok).toHaveLength(3);
    // an update that moves a key checks it; one that does not (a re-rating's) is not refused
    await expect(db.query(`update fin_charge set waybill_id = $2 where id = $1`, [ok[1], other.waybillId])).rejects.toMatchObject(refused);
    await expect(db.query(`update fin_charge set dispatch_order_id = -1 where id = $1`, [ok[1]])).rejects.toMatchObject(refused);
    await expect(db.query(`update fin_charge set dispatch_center_id = $2 where id = $1`, [ok[1], bj01])).rejects.toMatchObject(refused);
    expect((await db.query(`update fin_charge set waybill_id = $2, amount = 11 where id = $1`, [ok[1], w.waybillId])).rowCount).toBe(1);
    expect((await db.query(`update fin_charge set waybill_id = $2 where id = $1`, [ok[1], w2.waybillId])).rowCount).toBe(1);
    // a rating: its waybill of its center, its client (one nothing else names)
    const ratingClient = await freshId('client');
    const rating = (waybillId: number, center: number) =>
      db.query(`insert into fin_waybill_rating(dispatch_center_id, waybill_id, waybill_code, client_id, state) values ($1, $2, 'X', $3, 'NO_CONTRACT')`, [center, waybillId, ratingClient]);
    await expect(rating(-1, sh01)).rejects.toMatchObject({ ...refused, message: expect.stringContaining('fin_waybill_rating_waybill_fkey') });
    await expect(rating(w2.waybillId, bj01)).rejects.toMatchObject(refused);
    await expect(db.query(`insert into fin_waybill_rating(dispatch_center_id, waybill_id, waybill_code, client_id, state) values ($1, $2, 'X', -1, 'NO_CONTRACT')`, [sh01, w2.waybillId])).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining('fin_waybill_rating_client_id_fkey'),
    });
    await rating(w2.waybillId, sh01);
    await expect(db.query(`update fin_waybill_rating set client_id = -1 where waybill_id = $1`, [w2.waybillId])).rejects.toMatchObject(refused);
    await expect(db.query(`delete from base_client where id = $1`, [ratingClient])).rejects.toMatchObject({ ...refused, message: expect.stringContaining('fin_waybill_rating_client_id_fkey') });
    await expect(db.query(`update base_client set id = -$1 where id = $1`, [ratingClient])).rejects.toMatchObject(refused);
    await expect(db.query(`update fin_waybill_rating set dispatch_center_id = $2 where waybill_id = $1`, [w2.waybillId, bj01])).rejects.toMatchObject(refused);
    // what they name is not re-keyed
    await expect(db.query(`update tms_waybill set dispatch_center_id = $2 where id = $1`, [w.waybillId, bj01])).rejects.toMatchObject(refused);
    await expect(db.query(`update tms_waybill set id = -$1 where id = $1`, [w2.waybillId])).rejects.toMatchObject(refused);
    await expect(db.query(`update tms_shipment set id = -$1 where id = $1`, [shipment])).rejects.toMatchObject(refused);
    const left = async () => (await db.query<{ n: number }>(`select (select count(*) from fin_charge where id = any($1::bigint[]))::int + (select count(*) from fin_waybill_rating where waybill_id = $2)::int as n`, [ok, w2.waybillId])).rows[0]!.n;
    expect(await left()).toBe(4);
    // deleting the dispatch order deletes its charges; deleting a waybill its charges and rating
    await db.query(`delete from tms_shipment where id = $1`, [shipment]);
    expect(await left()).toBe(3);
    await db.query(`delete from tms_waybill_line where waybill_id = $1`, [w2.waybillId]);
    await db.query(`delete from tms_waybill where id = $1`, [w2.waybillId]);
    expect(await left()).toBe(1);
  });
});
