/**
 * Issue 13, "500 on large sums": every quantity a line may carry (99,999,999 of each, up to ORDER_LINES_MAX lines)
 * must be storable and summable wherever it goes — order totals, the order summary and report, the waybill copied
 * from the order, a dispatch order summing several waybills, the receipts of a shipped dispatch order and the
 * receipt report — and what the validations refuse answers 400 naming the field, never 500.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_LINES_MAX } from '@tms/domain';
import { type ApiOptions, type Json } from './helpers.ts';
import { ctx, useServer } from './resource-kit.ts';
import { carrierId, driverId, vehicleId } from './shipments-fixtures.ts';

useServer();

const MAX = 99_999_999;
const DAY = '2030-03-03';
const QTY = ['quantity', 'cases', 'pallets', 'other'] as const;
const DEC = ['weight', 'volume'] as const;
const TOTAL: Record<string, string> = { quantity: 'totalQuantity', cases: 'totalCases', pallets: 'totalPallets', other: 'totalOther', weight: 'totalWeight', volume: 'totalVolume' };
const api = (method: string, path: string, o: ApiOptions = {}) => ctx.s.api(method, path, { token: ctx.admin, ...o });
const ok = (r: { status: number; json: Json }) => {
  expect(r.status, JSON.stringify(r.json).slice(0, 500)).toBe(200);
  return r.json;
};

const ref: Record<string, number> = {};
beforeAll(async () => {
  const one = async (sql: string, v: string) => (await ctx.s.db.query<{ id: number }>(sql, [v])).rows[0]!.id;
  ref.client = await one('select id from base_client where code = $1', 'C001');
  ref.from = await one('select id from base_station where code = $1', 'S-SH-01');
  ref.to = await one('select id from base_station where code = $1', 'S-SH-02');
  ref.item = await one('select id from base_item where code = $1', 'I-XF-001');
});

const fullLine = () => ({ itemId: ref.item, quantity: MAX, cases: MAX, pallets: MAX, other: MAX, weight: MAX, volume: MAX });
const orderBody = (lines: number) => ({
  clientId: ref.client,
  sourceStationId: ref.from,
  destStationId: ref.to,
  orderDate: DAY,
  lines: Array.from({ length: lines }, fullLine),
});

describe('quantities as large as the validations allow', () => {
  const PER_ORDER = ORDER_LINES_MAX * MAX; // 49,999,999,500: far beyond a 32-bit integer
  const ids: number[] = [];

  it('an order of 22 lines of 99,999,999 pieces is saved with its totals (was 500)', async () => {
    const r = ok(await api('POST', '/api/order/order/save', { body: { ...orderBody(22), orderDate: '2030-03-04' } }));
    const got = ok(await api('GET', `/api/order/order/get/${r.data.id}`)).data;
    for (const f of [...QTY, ...DEC]) expect(got[TOTAL[f]!], f).toBe(22 * MAX);
  });

  it('orders of the most lines, every quantity column at its maximum, keep exact totals', async () => {
    for (let i = 0; i < 3; i++) ids.push(ok(await api('POST', '/api/order/order/save', { body: orderBody(ORDER_LINES_MAX) })).data.id);
    for (const id of ids) {
      const got = ok(await api('GET', `/api/order/order/get/${id}`)).data;
      for (const f of [...QTY, ...DEC]) expect(got[TOTAL[f]!], f).toBe(PER_ORDER);
    }
  });

  it('the order summary and the order report of that day agree (report was 500)', async () => {
    const list = ok(await api('GET', '/api/order/order/list', { query: { orderDate: `${DAY},${DAY}`, pageSize: 10 } }));
    const mine = (list.rows as Json[]).filter((o) => ids.includes(o.id));
    expect(mine.length).toBe(3);
    const report = ok(await api('GET', '/api/reports/order/data', { query: { from: DAY, to: DAY, tz: 'UTC' } })).data;
    const row = (report.rows as Json[]).find((x) => x.day === DAY)!;
    expect(row.orders).toBe(3);
    expect(Number(row.quantity)).toBe(3 * PER_ORDER);
    expect(Number(row.weight)).toBe(3 * PER_ORDER);
    expect(Number(row.volume)).toBe(3 * PER_ORDER);
    expect(Number(report.totals.quantity)).toBe(3 * PER_ORDER);
  });

  let shipmentId = 0;
  it('their waybills copy the totals, and one dispatch order sums them (was 500)', async () => {
    ok(await api('POST', '/api/order/order/review', { body: { ids } }));
    const w = await ctx.s.db.query<{ id: number }>(`select id from tms_waybill where order_id = any($1::bigint[]) order by id`, [ids]);
    const wids = w.rows.map((x) => x.id);
    expect(wids.length).toBe(3);
    for (const id of wids) {
      const got = ok(await api('GET', `/api/waybill/waybill/get/${id}`)).data;
      for (const f of [...QTY, ...DEC]) expect(got[TOTAL[f]!], f).toBe(PER_ORDER);
    }
    ok(await api('POST', '/api/waybill/waybill/review', { body: { ids: wids } }));
    // two waybills make a dispatch order, the third is bound to it: 3 × 49,999,999,500 exceeds numeric(14,3) too
    shipmentId = ok(await api('POST', '/api/waybill/waybill/toRos', { body: { ids: wids.slice(0, 2) } })).data.id;
    ok(await api('POST', '/api/shipment/shipment/bind', { body: { id: shipmentId, waybillIds: wids.slice(2) } }));
    const s = ok(await api('GET', `/api/shipment/shipment/get/${shipmentId}`)).data;
    for (const f of [...QTY, ...DEC]) expect(s[TOTAL[f]!], f).toBe(3 * PER_ORDER);
  });

  it('shipping it makes receipts whose report sums every line', async () => {
    const db = ctx.s.db;
    const s = ok(await api('GET', `/api/shipment/shipment/get/${shipmentId}`)).data;
    ok(
      await api('POST', '/api/shipment/shipment/schedule', {
        body: {
          id: shipmentId,
          version: s.version,
          carrierId: await carrierId(db, 'CR001'),
          vehicleIdMain: await vehicleId(db, 'V001'),
          driverIdMaster: await driverId(db, 'D001'),
          etd: '2030-03-03T01:00:00Z',
          eta: '2030-03-03T09:00:00Z',
        },
      }),
    );
    ok(await api('POST', '/api/shipment/shipment/effect', { body: { ids: [shipmentId] } }));
    ok(await api('POST', '/api/shipment/shipment/ship', { body: { ids: [shipmentId], time: '2030-03-03T02:00:00Z' } }));
    const day = (await db.query<{ d: string }>(`select to_char(min(create_time) at time zone 'UTC', 'YYYY-MM-DD') as d from tms_epod where shipment_id = $1`, [shipmentId])).rows[0]!.d;
    const report = ok(await api('GET', '/api/reports/epod/data', { query: { from: day, to: day, tz: 'UTC' } })).data;
    expect(Number(report.totals.shippedQuantity)).toBeGreaterThanOrEqual(3 * PER_ORDER);
  });

  it('a line above the limit is refused with 400 naming the line and field, in each language', async () => {
    for (const f of [...QTY, ...DEC]) {
      const body = orderBody(2);
      (body.lines[1] as Record<string, number>)[f] = MAX + 1;
      const r = await api('POST', '/api/order/order/save', { body, headers: { lang: 'en-US' } });
      expect(r.status, f).toBe(400);
      expect(Object.keys(r.json.errors)).toEqual([`lines[1].${f}`]);
    }
  });
});
