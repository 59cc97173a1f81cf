/**
 * The demo operation (issue 18 §3, modules/demo/operation.ts): a first start with the demo on builds 60 days
 * of a living operation — every state of orders, dispatch orders and receipts, trajectories along roads,
 * alerts, rated charges — once; TMS_DEMO=off (the default of the test runs, vitest.config.ts) builds none.
 * One generation for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Json, type TestServer } from './helpers.ts';
import { haversineKm } from '../src/modules/demo/operation.ts';

let s: TestServer;
let admin: string;

const count = async (sql: string, params: unknown[] = []) => Number((await s.db.query<{ n: number }>(sql, params)).rows[0]!.n);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const before = process.env.TMS_DEMO;
  process.env.TMS_DEMO = 'on';
  try {
    s = await startServer();
  } finally {
    if (before === undefined) delete process.env.TMS_DEMO;
    else process.env.TMS_DEMO = before;
  }
  admin = await s.login('admin', 'admin123');
});

afterAll(async () => {
  await s?.close();
});

describe('the demo operation', () => {
  it('holds thousands of orders and hundreds of dispatch orders in every state, over 60 days', async () => {
    expect(await count(`select count(*)::int as n from tms_order`)).toBeGreaterThanOrEqual(3000);
    const orderStates = (await s.db.query<{ status: string }>(`select distinct status from tms_order`)).rows.map((r) => r.status).sort();
    expect(orderStates).toEqual(['CANCELLED', 'EFFECTIVE', 'OPEN']);
    expect(await count(`select count(*)::int as n from tms_order where is_lock`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from tms_waybill where status = 'OPEN'`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from tms_waybill where status = 'REVIEWED' and shipment_id is null`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from tms_shipment`)).toBeGreaterThanOrEqual(300);
    const shipmentStates = (await s.db.query<{ status: string }>(`select distinct status from tms_shipment`)).rows.map((r) => r.status).sort();
    expect(shipmentStates).toEqual(['COMPLETED', 'CONFIRMED', 'EFFECTIVE', 'OPEN', 'SHIPPED']);
    expect(await count(`select count(*)::int as n from tms_order where create_time < now() - interval '50 days'`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from tms_order where create_time < now() - interval '61 days'`)).toBe(0);
  });

  it('keeps every chain consistent: order → waybill → dispatch order → receipt, timestamps in order, codes from the number rules', async () => {
    // effective orders have their waybill, open and cancelled ones none
    expect(await count(`select count(*)::int as n from tms_order o where o.status = 'EFFECTIVE' and not exists (select 1 from tms_waybill w where w.order_id = o.id)`)).toBe(0);
    expect(await count(`select count(*)::int as n from tms_order o where o.status <> 'EFFECTIVE' and exists (select 1 from tms_waybill w where w.order_id = o.id)`)).toBe(0);
    // bound waybills are reviewed; a dispatch order that shipped has one receipt per waybill, the others none
    expect(await count(`select count(*)::int as n from tms_waybill where shipment_id is not null and status <> 'REVIEWED'`)).toBe(0);
    expect(
      await count(`select count(*)::int as n from tms_waybill w join tms_shipment s on s.id = w.shipment_id
                    where (s.status in ('SHIPPED', 'COMPLETED')) <> exists (select 1 from tms_epod e where e.waybill_id = w.id and e.shipment_id = s.id)`),
    ).toBe(0);
    // totals are the sums of the lines
    expect(
      await count(`select count(*)::int as n from tms_order o where o.total_quantity <> (select coalesce(sum(quantity), 0) from tms_order_line l where l.order_id = o.id)`),
    ).toBe(0);
    // times in order; no truck on two unfinished trips, nor on two overlapping ones
    expect(
      await count(`select count(*)::int as n from tms_shipment s join tms_waybill w on w.shipment_id = s.id join tms_order o on o.id = w.order_id
                    where not (o.create_time <= o.audit_time and o.audit_time <= w.audit_time and w.audit_time <= s.create_time and s.create_time <= s.schedule_time)`),
    ).toBe(0);
    expect(await count(`select count(*)::int as n from tms_shipment where status = 'COMPLETED' and not (atd < ata and ata < now())`)).toBe(0);
    expect(
      await count(`select count(*)::int as n from tms_shipment a join tms_shipment b on a.vehicle_id_main = b.vehicle_id_main and a.id < b.id
                    where tstzrange(coalesce(a.atd, a.etd), greatest(coalesce(a.ata, a.eta), coalesce(a.atd, a.etd) + interval '1 minute'))
                       && tstzrange(coalesce(b.atd, b.etd), greatest(coalesce(b.ata, b.eta), coalesce(b.atd, b.etd) + interval '1 minute'))`),
    ).toBe(0);
    expect(await count(`select count(*)::int as n from tms_order where code !~ '^OR[0-9]{14}$'`)).toBe(0);
    expect(await count(`select count(*)::int as n from tms_shipment where shipment_code !~ '^SP[0-9]{14}$'`)).toBe(0);
    // the counters moved past the demo's codes: the next code of each day is a new one
    for (const [table, column, type] of [['tms_order', 'code', 'ORDER'], ['tms_waybill', 'code', 'WAYBILL'], ['tms_shipment', 'shipment_code', 'SHIPMENT'], ['tms_epod', 'code', 'EPOD']])
      expect(
        await count(
          `select count(*)::int as n from (select substr(${column}, 3, 8) as period, max(right(${column}, 6)::int) as last from ${table} group by 1) x
             left join sys_number_seq q on q.rule_id = (select id from sys_number_rule where ref_type = $1 order by id limit 1) and q.period = x.period
            where coalesce(q.value, 0) < x.last`,
          [type],
        ),
      ).toBe(0);
  });

  it('has receipts in every state, abnormal ones handled, with a picture and a signature', async () => {
    const states = (await s.db.query<{ status: string }>(`select distinct status from tms_epod`)).rows.map((r) => r.status).sort();
    expect(states).toEqual(['AUDITED', 'PENDING', 'RECALLED', 'REJECTED', 'REPORTED']);
    expect(await count(`select count(*)::int as n from tms_epod where is_abnormal and handle_time is not null and status = 'AUDITED'`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from tms_epod where status = 'AUDITED' and is_abnormal and handle_time is null`)).toBe(0);
    expect(
      await count(`select count(*)::int as n from tms_epod e join tms_shipment s on s.id = e.shipment_id
                    where s.create_by = 'dispatcher' and e.report_time is not null and (select count(*) from tms_epod_picture p where p.epod_id = e.id) <> 2`),
    ).toBe(0);
    const picture = (await s.db.query<{ id: number }>(`select file_id as id from tms_epod_picture order by id limit 1`)).rows[0]!;
    expect(await count(`select size_bytes::int as n from sys_oss where id = $1`, [picture.id])).toBeGreaterThan(1000);
  });

  it('has trajectories along the roads (not straight lines) for the dispatch orders that left', async () => {
    expect(await count(`select count(*)::int as n from tms_shipment s where s.status in ('SHIPPED', 'COMPLETED') and not exists (select 1 from tms_position p where p.shipment_id = s.id)`)).toBe(0);
    const long = (
      await s.db.query<{ id: number }>(
        `select s.id from tms_shipment s where s.status = 'COMPLETED' order by (select count(*) from tms_position p where p.shipment_id = s.id) desc limit 1`,
      )
    ).rows[0]!;
    const t = await s.api('GET', `/api/shipment/shipment/trajectory/${long.id}`, { token: admin });
    expect(t.status).toBe(200);
    const points = t.json.data.points as [number, number][];
    expect(points.length).toBeGreaterThan(20);
    // the largest distance of a point from the straight segment between the first and the last (flat approximation, km)
    const [a, b] = [points[0]!, points.at(-1)!];
    const kx = haversineKm([a[0], a[1]], [a[0] + 1, a[1]]);
    const ky = haversineKm([a[0], a[1]], [a[0], a[1] + 1]);
    const off = (p: [number, number]) => {
      const [px, py, bx, by] = [(p[0] - a[0]) * kx, (p[1] - a[1]) * ky, (b[0] - a[0]) * kx, (b[1] - a[1]) * ky];
      const u = Math.max(0, Math.min(1, (px * bx + py * by) / (bx * bx + by * by)));
      return Math.hypot(px - u * bx, py - u * by);
    };
    expect(Math.max(...points.map(off))).toBeGreaterThan(1);
    // the trucks on the road report up to now, not beyond
    expect(await count(`select count(*)::int as n from tms_position p join tms_shipment s on s.id = p.shipment_id where s.create_by = 'dispatcher' and p.reported_at > now()`)).toBe(0);
  });

  it('has alerts open and handled, zones and e-fences with polygons', async () => {
    expect(await count(`select count(*)::int as n from shipment_alert where status = 'HANDLED' and alert_reason is not null`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from shipment_alert where status = 'NEW'`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from base_zone where shape_type = 'POLYGON' and jsonb_typeof(geometry -> 'coordinates') = 'array'`)).toBeGreaterThanOrEqual(3);
    expect(await count(`select count(*)::int as n from base_station where fence_type = 'POLYGON'`)).toBeGreaterThan(0);
  });

  it('rates every waybill and dispatch order: the margin report and the dashboards have figures', async () => {
    expect(await count(`select count(*)::int as n from fin_waybill_rating where state = 'RATED'`)).toBeGreaterThanOrEqual(3000);
    expect(await count(`select count(*)::int as n from fin_dispatch_rating where state = 'RATED'`)).toBeGreaterThanOrEqual(300);
    const margin = await s.api('GET', '/api/reports/margin/data', { token: admin, query: { from: day(-60), to: day(0) } });
    expect(margin.status).toBe(200);
    const rows = margin.json.data.rows as Json[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((x) => Number(x.revenue) > 0 && Number(x.cost) > 0)).toBe(true);
    const a = await s.api('GET', '/api/dashboard/analysis', { token: admin, query: { tz: 'UTC' } });
    expect(a.status).toBe(200);
    expect((a.json.data.ordersPerDay as Json[]).length).toBeGreaterThanOrEqual(10);
    expect((a.json.data.shipmentsByStatus as Json[]).length).toBe(5);
    expect((a.json.data.topCarriers as Json[]).length).toBe(3);
    expect(a.json.data.alertsOpen).toBeGreaterThan(0);
    const w = await s.api('GET', '/api/dashboard/workplace', { token: admin });
    expect(w.json.data.todo.ordersToReview).toBeGreaterThan(0);
    expect(w.json.data.todo.shipmentsInTransit).toBeGreaterThan(0);
    expect((w.json.data.recent as Json[]).length).toBe(10);
    const m = await s.api('GET', '/api/dashboard/monitor', { token: admin });
    expect((m.json.data.inProgress as Json[]).some((x) => x.lng !== null)).toBe(true);
  });

  it('is built once: a second start on the same database creates nothing', async () => {
    const tables = ['tms_order', 'tms_shipment', 'tms_epod', 'tms_position', 'shipment_alert', 'fin_charge'];
    const counts = async () => Promise.all(tables.map((t) => count(`select count(*)::int as n from ${t}`)));
    const before = await counts();
    const again = await startServer({ sameDatabaseAs: s });
    await again.close();
    expect(await counts()).toEqual(before);
  });

  it('is not built with TMS_DEMO=off', async () => {
    const plain = await startServer();
    try {
      const n = Number((await plain.db.query<{ n: number }>(`select count(*)::int as n from tms_order`)).rows[0]!.n);
      expect(n).toBeLessThan(50);
      expect((await plain.db.query(`select 1 from sys_seed where key = 'demo-operation-v1'`)).rows).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });
});
