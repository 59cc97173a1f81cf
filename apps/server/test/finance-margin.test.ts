/**
 * The margin report (issue 14): waybills rated through the product (order review → receivable charges,
 * dispatch order taking effect → payable charges allocated by weight), then every grouping against sums
 * computed here with decimals, to the cent: revenue, cost, margin = revenue − cost, the margin rate, and the
 * waybills with no contract / no charges counted, never a silent zero. The data scope (another dispatch
 * center sees none of it), the Excel export (same figures) and refused filters (400 naming the field).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { Decimal } from 'decimal.js';
import { rate } from '@tms/domain';
import { centerId, createUser, rand, type Json } from './helpers.ts';
import { ctx, useServer, XLSX, zh as zhText } from './resource-kit.ts';
import { effectiveContract, one } from './finance-kit.ts';
import { carrierId, driverId, vehicleId } from './shipments-fixtures.ts';

useServer();

const PERIOD = { from: '2033-01-01', to: '2033-02-28' };

const post = async (path: string, body: unknown) => {
  const r = await ctx.s.api('POST', path, { token: ctx.admin, body, headers: { lang: 'en-US' } });
  expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(200);
  return r.json;
};
const margin = (query: Record<string, string | number> = {}, token = ctx.admin, lang = 'en-US') =>
  ctx.s.api('GET', '/api/reports/margin/data', { token, query: { ...PERIOD, ...query }, headers: { lang } });

/** What a waybill should carry once rated: the expected figures of the report come from these. */
interface Made {
  id: number;
  code: string;
  client: string;
  carrier: string;
  shipment: string | null;
  route: string;
  month: string;
  revenue: string | null;
  cost: string | null;
  noContract: boolean;
}
const made: Made[] = [];
const name = async (table: string, id: number) => (await ctx.s.db.query<{ name: string }>(`select name from ${table} where id = $1`, [id])).rows[0]!.name;

let sh: number;
let bj: number;
let c001: number;
let c002: number;
let cr1: { carrierId: number; vehicleIdMain: number; driverIdMaster: number };
let cr3: { carrierId: number; vehicleIdMain: number; driverIdMaster: number };

/** An order of the day, reviewed through the API: its waybill is rated from the client's contract. */
async function reviewedWaybill(client: number, carrier: number, from: string, to: string, weight: number, day: string): Promise<number> {
  const src = await one(`select id from base_station where code = $1`, [from]);
  const dst = await one(`select id from base_station where code = $1`, [to]);
  const order = await one(
    `insert into tms_order(dispatch_center_id, code, client_id, carrier_id, source_station_id, dest_station_id, status, order_date, total_weight, total_volume, total_quantity, create_by)
     values ($1, $2, $3, $4, $5, $6, 'OPEN', $7, $8, 0.5, 3, 'admin') returning id`,
    [sh, `T-MRG-${rand(8)}`, client, carrier, src, dst, day, weight],
  );
  await post('/api/order/order/review', { ids: [order] });
  const waybill = await one(`select id from tms_waybill where order_id = $1`, [order]);
  await post('/api/waybill/waybill/review', { ids: [waybill] });
  return waybill;
}

let day = 0;
/** A dispatch order of the waybills, scheduled with the fleet and taking effect (its cost rated and allocated). */
async function effectiveShipment(waybillIds: number[], fleet: typeof cr3): Promise<number> {
  const id = (await post('/api/shipment/shipment/create', { waybillIds })).data.id as number;
  const version = (await ctx.s.api('GET', `/api/shipment/shipment/get/${id}`, { token: ctx.admin })).json.data.version;
  const etd = new Date(Date.UTC(2033, 0, 5) + ++day * 2 * 86400_000);
  await post('/api/shipment/shipment/schedule', { id, version, ...fleet, etd: etd.toISOString(), eta: new Date(etd.getTime() + 8 * 3600_000).toISOString() });
  await post('/api/shipment/shipment/effect', { ids: [id] });
  return id;
}

beforeAll(async () => {
  const db = ctx.s.db;
  sh = await centerId(db, 'SH01');
  bj = await centerId(db, 'BJ01');
  c001 = await one(`select id from base_client where code = 'C001'`);
  c002 = await one(`select id from base_client where code = 'C002'`);
  cr3 = { carrierId: await carrierId(db, 'CR003'), vehicleIdMain: await vehicleId(db, 'V003'), driverIdMaster: await driverId(db, 'D003') };
  cr1 = { carrierId: await carrierId(db, 'CR001'), vehicleIdMain: await vehicleId(db, 'V001'), driverIdMaster: await driverId(db, 'D001') };
  // C001 pays 5 a kg (C002 has no contract); CR003 costs 1000 a trip shared by weight (CR001 has no contract)
  await effectiveContract({ clientId: c001 }, [{ chargeType: 'FREIGHT', basis: 'KG', unitPrice: 5 }]);
  await effectiveContract({ carrierId: cr3.carrierId }, [{ chargeType: 'FREIGHT', basis: 'TRIP', unitPrice: 1000 }], { allocationBasis: 'WEIGHT' });

  const w1 = await reviewedWaybill(c001, cr3.carrierId, 'S-SZ-01', 'S-HZ-01', 100, '2033-01-10');
  const w2 = await reviewedWaybill(c001, cr3.carrierId, 'S-SZ-01', 'S-HZ-01', 200, '2033-01-11');
  const w3 = await reviewedWaybill(c002, cr3.carrierId, 'S-SZ-01', 'S-HZ-01', 33.3, '2033-01-12');
  const w4 = await reviewedWaybill(c001, cr1.carrierId, 'S-SZ-01', 'S-HZ-02', 50.25, '2033-02-03');
  const w5 = await reviewedWaybill(c001, cr3.carrierId, 'S-SZ-01', 'S-HZ-02', 10.5, '2033-02-04');
  const a = await effectiveShipment([w1, w2, w3], cr3);
  const b = await effectiveShipment([w4], cr1);
  const code = async (table: string, col: string, id: number) => (await db.query<{ c: string }>(`select ${col} as c from ${table} where id = $1`, [id])).rows[0]!.c;
  const station = async (code: string) => name('base_station', await one(`select id from base_station where code = $1`, [code]));
  const there = `${await station('S-SZ-01')} → ${await station('S-HZ-01')}`;
  const back = `${await station('S-SZ-01')} → ${await station('S-HZ-02')}`;
  const [n1, n2, k1, k3] = [await name('base_client', c001), await name('base_client', c002), await name('base_carrier', cr1.carrierId), await name('base_carrier', cr3.carrierId)];
  const [sa, sb] = [await code('tms_shipment', 'shipment_code', a), await code('tms_shipment', 'shipment_code', b)];
  // 1000 × 100 / 333.3 = 300.030…, × 200 = 600.060…, × 33.3 = 99.909…: the cent left goes to the largest remainder
  const rows: [number, string, string, string | null, string, string, string | null, string | null, boolean][] = [
    [w1, n1, k3, sa, there, '2033-01', '500.00', '300.03', false],
    [w2, n1, k3, sa, there, '2033-01', '1000.00', '600.06', false],
    [w3, n2, k3, sa, there, '2033-01', null, '99.91', true], // no receivable contract
    [w4, n1, k1, sb, back, '2033-02', '251.25', null, true], // no payable contract
    [w5, n1, k3, null, back, '2033-02', '52.50', null, false], // not dispatched yet
  ];
  for (const [id, client, carrier, shipment, route, month, revenue, cost, noContract] of rows)
    made.push({ id, code: await code('tms_waybill', 'code', id), client, carrier, shipment, route, month, revenue, cost, noContract });
});

const GROUPS: Record<string, (m: Made) => string | null> = {
  waybill: (m) => m.code,
  dispatchOrder: (m) => m.shipment,
  client: (m) => m.client,
  carrier: (m) => m.carrier,
  route: (m) => m.route,
  month: (m) => m.month,
};

/** The row a group should show, summed here with decimals. */
function expected(ms: Made[]) {
  const revenue = ms.reduce((s, m) => s.plus(m.revenue ?? 0), new Decimal(0));
  const cost = ms.reduce((s, m) => s.plus(m.cost ?? 0), new Decimal(0));
  return {
    waybills: ms.length,
    revenue: revenue.toFixed(2),
    cost: cost.toFixed(2),
    margin: revenue.minus(cost).toFixed(2),
    marginRate: rate(revenue.minus(cost).toFixed(2), revenue.toFixed(2)),
    noContract: ms.filter((m) => m.noContract).length,
    noRevenue: ms.filter((m) => m.revenue === null).length,
    noCost: ms.filter((m) => m.cost === null).length,
  };
}

describe('margin report', () => {
  it('sums revenue, cost and margin to the cent for every grouping, and counts the waybills not rated', async () => {
    for (const [groupBy, keyOf] of Object.entries(GROUPS)) {
      const r = await margin({ groupBy });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.data.filters.groupBy).toBe(groupBy);
      const rows = r.json.data.rows as Json[];
      const keys = [...new Set(made.map(keyOf))];
      expect(rows.map((x) => x.groupName).sort(), groupBy).toEqual([...keys].sort());
      for (const key of keys) {
        const row = rows.find((x) => x.groupName === key)!;
        expect(row, `${groupBy} ${key}`).toEqual({ groupName: key, ...expected(made.filter((m) => keyOf(m) === key)) });
        expect(new Decimal(row.revenue).minus(row.cost).toFixed(2)).toBe(row.margin);
      }
      expect(r.json.data.totals, groupBy).toEqual(expected(made));
    }
    const totals = (await margin()).json.data.totals;
    expect(totals).toMatchObject({ waybills: 5, revenue: '1803.75', cost: '1000.00', margin: '803.75', marginRate: 44.6, noContract: 2, noRevenue: 1, noCost: 2 });
  });

  it('filters by client, carrier and period; the default grouping is the client', async () => {
    const byClient = await margin({ clientId: c002 });
    expect(byClient.json.data.filters.groupBy).toBe('client');
    expect(byClient.json.data.rows).toEqual([{ groupName: made[2]!.client, ...expected([made[2]!]) }]);
    const byCarrier = await margin({ carrierId: cr1.carrierId, groupBy: 'waybill' });
    expect(byCarrier.json.data.rows).toEqual([{ groupName: made[3]!.code, ...expected([made[3]!]) }]);
    const february = await margin({ from: '2033-02-01', groupBy: 'month' });
    expect(february.json.data.totals).toEqual(expected(made.filter((m) => m.month === '2033-02')));
  });

  it("shows another dispatch center's user none of it", async () => {
    const u = await createUser(ctx.s.db, { perms: ['reports:margin:query'], centers: ['BJ01'] });
    const token = await ctx.s.login(u.userName, u.password);
    const own = await margin({ groupBy: 'waybill' }, token);
    expect(own.status).toBe(200);
    expect(own.json.data.filters.dispatchCenterId).toBe(bj);
    expect(own.json.data.rows).toEqual([]);
    expect(own.json.data.totals).toMatchObject({ waybills: 0, revenue: '0.00', cost: '0.00', margin: '0.00', marginRate: null });
    expect((await margin({ dispatchCenterId: sh }, token)).status).toBe(403);
    // querying is not exporting
    expect((await ctx.s.api('GET', '/api/reports/margin/export', { token, query: PERIOD })).status).toBe(403);
  });

  it('exports the same figures as xlsx, titled by the grouping', async () => {
    const r = await ctx.s.api('GET', '/api/reports/margin/export', { token: ctx.admin, query: { ...PERIOD, groupBy: 'dispatchOrder' }, headers: { lang: 'en-US' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain(XLSX);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const data = (await margin({ groupBy: 'dispatchOrder' })).json.data;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Dispatch order', 'Waybills', 'Revenue', 'Cost', 'Margin', 'Margin rate (%)', 'Waybills without contract', 'Waybills without receivable charges', 'Waybills without payable charges']);
    expect(ws.rowCount).toBe(1 + data.rows.length + 1);
    const cents = (v: unknown) => (v === null || v === undefined ? null : new Decimal(String(v)).toFixed(2));
    for (const [i, row] of (data.rows as Json[]).entries()) {
      const x = ws.getRow(i + 2);
      expect(x.getCell(1).value ?? null).toBe(row.groupName);
      expect([2, 3, 4, 5].map((c) => (c === 2 ? x.getCell(c).value : cents(x.getCell(c).value)))).toEqual([row.waybills, row.revenue, row.cost, row.margin]);
      expect(x.getCell(6).value ?? null).toBe(row.marginRate);
      expect(x.getCell(3).numFmt).toBe('#,##0.00');
    }
    const total = ws.getRow(ws.rowCount);
    expect(total.getCell(1).value).toBe('Total');
    expect([cents(total.getCell(3).value), cents(total.getCell(4).value), cents(total.getCell(5).value)]).toEqual(['1803.75', '1000.00', '803.75']);
    expect([7, 8, 9].map((c) => total.getCell(c).value)).toEqual([2, 1, 2]);
    const zh = await ctx.s.api('GET', '/api/reports/margin/export', { token: ctx.admin, query: { ...PERIOD, groupBy: 'route' }, headers: { lang: 'zh-CN' } });
    const zwb = new ExcelJS.Workbook();
    await zwb.xlsx.load(zh.body as unknown as ArrayBuffer);
    expect(zwb.worksheets[0]!.name).toBe('毛利报表');
    expect(zwb.worksheets[0]!.getRow(1).getCell(1).value).toBe('线路（起点 → 终点）');
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const [query, field] of [
      [{ groupBy: 'planet' }, 'groupBy'],
      [{ from: '2033-13-01' }, 'from'],
      [{ from: '2033-02-01', to: '2033-01-01' }, 'to'],
      [{ clientId: 'abc' }, 'clientId'],
      [{ carrierId: '-1' }, 'carrierId'],
      [{ dispatchCenterId: 'x' }, 'dispatchCenterId'],
    ] as const) {
      const r = await margin(query);
      expect(r.status, `${field}: ${JSON.stringify(r.json)}`).toBe(400);
      expect(Object.keys(r.json.errors ?? {}), JSON.stringify(r.json)).toContain(field);
    }
    const zh = await margin({ groupBy: 'planet' }, ctx.admin, 'zh-CN');
    expect(zh.json.errors.groupBy).toBe(zhText('validation.invalid'));
    expect((await ctx.s.api('GET', '/api/reports/margin/export', { token: ctx.admin, query: { ...PERIOD, groupBy: 'planet' } })).status).toBe(400);
  });
});

describe('margin report with manual charges and adjustments', () => {
  it('adds the approved ones: a waybill its own, a dispatch order its adjustments shared among its waybills by weight to the cent; pending and rejected ones stay out', async () => {
    const byCode = new Map(made.map((m) => [m.code, m]));
    const [m1, m2, m3, m4] = made;
    const shipment = await one(`select shipment_id as id from tms_waybill where id = $1`, [m1!.id]);
    const other = await one(`select id from fin_charge_type where code = 'OTHER'`);
    const adjust = (body: Record<string, unknown>) => post('/api/finance/adjustment/save', { chargeTypeId: other, reason: 'margin test', ...body });
    await adjust({ kind: 'RECEIVABLE', waybillId: m1!.id, amount: '20.50' });
    await adjust({ kind: 'PAYABLE', waybillId: m4!.id, amount: '-15.00' }); // a credit on a waybill without cost
    await adjust({ kind: 'PAYABLE', shipmentId: shipment, amount: '100.00' }); // 100 × 100 / 333.3, × 200, × 33.3: 30.00, 60.01, 9.99
    const pending = await adjust({ kind: 'RECEIVABLE', waybillId: m2!.id, amount: '5000.00' }); // above the approval limit: waits
    expect(pending.data.status).toBe('PENDING');
    const rejected = await adjust({ kind: 'RECEIVABLE', waybillId: m3!.id, amount: '9000.00' });
    await post('/api/finance/adjustment/decide', { ids: [rejected.data.id], approve: false, opinion: 'no' });

    const rows = (await margin({ groupBy: 'waybill' })).json.data.rows as Json[];
    const row = (m: Made) => rows.find((x) => x.groupName === m.code)!;
    expect(row(m1!)).toMatchObject({ revenue: '520.50', cost: '330.03', margin: '190.47' });
    expect(row(m2!)).toMatchObject({ revenue: '1000.00', cost: '660.07' });
    expect(row(m3!)).toMatchObject({ revenue: '0.00', cost: '109.90' });
    expect(row(m4!)).toMatchObject({ revenue: '251.25', cost: '-15.00', margin: '266.25' });
    const totals = (await margin()).json.data.totals;
    expect(totals).toMatchObject({ revenue: '1824.25', cost: '1085.00', margin: '739.25' });
    // grouped by dispatch order, the shares add up exactly to the adjustment
    const orders = (await margin({ groupBy: 'dispatchOrder' })).json.data.rows as Json[];
    expect(orders.find((x) => x.groupName === m1!.shipment)).toMatchObject({ cost: '1100.00' });
    expect(byCode.size).toBe(made.length);
  });
});
