/**
 * Reports and dashboards (issue 7): a generated data set in one dispatch center (and a little in
 * another), then every report's rows and totals against figures computed by hand from the same data,
 * the Excel export of exactly what is filtered, filter validation, data scope and the dashboards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { checkDistributionKey, createUser, startServer, type Json, type TestServer } from './helpers.ts';

// every statement this file's servers run names its dispatch center, or is listed (docs/scale-out.md)
checkDistributionKey();

let s: TestServer;
let admin: string;
let sh: number; // the admin's session center
let bj: number;
let clients: { id: number; name: string }[];
let carriers: { id: number; name: string }[];
let stations: number[];
let item: number;

const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];

/** What the generator wrote, to compute the expected figures by hand. */
const orders: { center: number; day: string; client: number; carrier: number; status: string; weight: number; quantity: number; lines: number }[] = [];
const shipments: { center: number; day: string; carrier: number; etd: Date; atd: Date | null; eta: Date; ata: Date | null; weight: number }[] = [];
const epods: { client: number; carrier: number; status: string; abnormal: boolean; lines: { shipped: number; signed: number; shortage: number; damage: number }[] }[] = [];
const checks: { item: string; passed: boolean }[] = [];

async function one<T = Json>(sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]!;
}

let seq = 0;
async function addOrder(center: number, day: string, client: number, carrier: number, status: string, lines: number[]) {
  const weight = lines.reduce((a, q) => a + q * 1.5, 0);
  const quantity = lines.reduce((a, q) => a + q, 0);
  const o = await one<{ id: number }>(
    `insert into tms_order(dispatch_center_id, code, client_id, carrier_id, source_station_id, dest_station_id, status, order_date, total_weight, total_quantity)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [center, `RPT-O-${++seq}`, client, carrier, stations[0], stations[1], status, day, weight, quantity],
  );
  for (const [i, q] of lines.entries())
    await s.db.query(`insert into tms_order_line(dispatch_center_id, order_id, pos_no, item_id, quantity, weight) values ($1,$2,$3,$4,$5,$6)`, [center, o.id, i + 1, item, q, q * 1.5]);
  orders.push({ center, day, client, carrier, status, weight, quantity, lines: lines.length });
  return o.id;
}

async function addShipment(center: number, day: string, carrier: number, lateDepartMin: number | null, lateArriveMin: number | null, weight: number) {
  const etd = new Date(`${day}T08:00:00Z`);
  const eta = new Date(`${day}T16:00:00Z`);
  const atd = lateDepartMin === null ? null : new Date(etd.getTime() + lateDepartMin * 60e3);
  const ata = lateArriveMin === null ? null : new Date(eta.getTime() + lateArriveMin * 60e3);
  const status = ata ? 'COMPLETED' : atd ? 'SHIPPED' : 'CONFIRMED';
  const r = await one<{ id: number }>(
    `insert into tms_shipment(dispatch_center_id, shipment_code, status, carrier_id, etd, eta, atd, ata, total_weight) values ($1,$2,$3,$4,$5,$6,$7,$8,$9) returning id`,
    [center, `RPT-S-${++seq}`, status, carrier, etd, eta, atd, ata, weight],
  );
  shipments.push({ center, day, carrier, etd, atd, eta, ata, weight });
  return r.id;
}

beforeAll(async () => {
  s = await startServer();
  admin = await s.login('admin', 'admin123');
  sh = (await one<{ id: number }>(`select id from sys_dispatch_center where code = 'SH01'`)).id;
  bj = (await one<{ id: number }>(`select id from sys_dispatch_center where code = 'BJ01'`)).id;
  clients = (await s.db.query<{ id: number; name: string }>(`select id, name from base_client order by id limit 2`)).rows;
  carriers = (await s.db.query<{ id: number; name: string }>(`select id, name from base_carrier order by id limit 2`)).rows;
  stations = (await s.db.query<{ id: number }>(`select id from base_station order by id limit 2`)).rows.map((r) => r.id);
  item = (await one<{ id: number }>(`select id from base_item order by id limit 1`)).id;
  // a clean slate for the report tables (demo data may exist)
  await s.db.exec(`delete from tms_vehicle_check_item; delete from tms_vehicle_check; delete from tms_epod_line; delete from tms_epod;
                   update tms_waybill set shipment_id = null; delete from tms_waybill_line; delete from tms_waybill; delete from shipment_alert;
                   delete from tms_shipment_stop; delete from tms_position; delete from tms_order_tracking; delete from tms_shipment;
                   delete from tms_order_line; delete from tms_order`);

  const [c1, c2] = clients.map((c) => c.id) as [number, number];
  const [k1, k2] = carriers.map((c) => c.id) as [number, number];
  // orders: three days, two clients, mixed status, and one in another center
  await addOrder(sh, DAYS[0]!, c1, k1, 'OPEN', [10, 5]);
  await addOrder(sh, DAYS[0]!, c1, k2, 'EFFECTIVE', [4]);
  await addOrder(sh, DAYS[0]!, c2, k1, 'EFFECTIVE', [7, 7, 1]);
  await addOrder(sh, DAYS[1]!, c2, k2, 'OPEN', [3]);
  await addOrder(sh, DAYS[2]!, c1, k1, 'EFFECTIVE', [20]);
  await addOrder(bj, DAYS[1]!, c1, k1, 'OPEN', [99]);

  // shipments: on time, late (> 30 min), within tolerance, not departed
  const s1 = await addShipment(sh, DAYS[0]!, k1, 0, 10, 100);
  await addShipment(sh, DAYS[0]!, k1, 45, 90, 200);
  await addShipment(sh, DAYS[0]!, k2, 25, null, 50);
  await addShipment(sh, DAYS[1]!, k2, null, null, 70);
  await addShipment(bj, DAYS[1]!, k1, 0, 0, 999);

  // receipts on shipment s1 (needs waybills of an order)
  const o = await addOrder(sh, DAYS[0]!, c2, k1, 'EFFECTIVE', [1]);
  const mkEpod = async (client: number, carrier: number, status: string, lines: { shipped: number; signed: number; shortage: number; damage: number }[]) => {
    const wb = await one<{ id: number }>(
      `insert into tms_waybill(dispatch_center_id, code, order_id, order_code, client_id, carrier_id, status, source_station_id, dest_station_id, shipment_id)
       values ($1,$2,$3,'x',$4,$5,'REVIEWED',$6,$7,$8) returning id`,
      [sh, `RPT-W-${++seq}`, o, client, carrier, stations[0], stations[1], s1],
    );
    const abnormal = lines.some((l) => l.shortage > 0 || l.damage > 0);
    const e = await one<{ id: number }>(
      `insert into tms_epod(dispatch_center_id, code, shipment_id, waybill_id, client_id, carrier_id, status, is_abnormal, create_time)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9) returning id`,
      [sh, `RPT-E-${++seq}`, s1, wb.id, client, carrier, status, abnormal, `${DAYS[0]}T10:00:00Z`],
    );
    for (const [i, l] of lines.entries())
      await s.db.query(
        `insert into tms_epod_line(dispatch_center_id, epod_id, pos_no, planned_quantity, shipped_quantity, signed_quantity, shortage, damage) values ($1,$2,$3,$4,$4,$5,$6,$7)`,
        [sh, e.id, i + 1, l.shipped, l.signed, l.shortage, l.damage],
      );
    epods.push({ client, carrier, status, abnormal, lines });
  };
  await mkEpod(c1, k1, 'AUDITED', [{ shipped: 10, signed: 10, shortage: 0, damage: 0 }]);
  await mkEpod(c1, k2, 'REPORTED', [{ shipped: 20, signed: 17, shortage: 2, damage: 1 }]);
  await mkEpod(c2, k1, 'PENDING', [{ shipped: 8, signed: 0, shortage: 0, damage: 0 }, { shipped: 2, signed: 1, shortage: 1, damage: 0 }]);

  // vehicle checks on s1
  for (const [items, when] of [[[['TYRES', true], ['LIGHTS', false]], `${DAYS[0]}T07:00:00Z`], [[['TYRES', false], ['LIGHTS', false], ['BRAKES', true]], `${DAYS[0]}T07:30:00Z`]] as const) {
    const failed = items.filter(([, p]) => !p).length;
    const v = await one<{ id: number }>(
      `insert into tms_vehicle_check(dispatch_center_id, shipment_id, check_time, result, failed_count) values ($1,$2,$3,$4,$5) returning id`,
      [sh, s1, when, failed ? 'FAIL' : 'PASS', failed],
    );
    for (const [i, [code, passed]] of items.entries()) {
      await s.db.query(`insert into tms_vehicle_check_item(dispatch_center_id, check_id, seq, item_code, passed) values ($1,$2,$3,$4,$5)`, [sh, v.id, i + 1, code, passed]);
      checks.push({ item: code, passed });
    }
  }
});
afterAll(async () => {
  await s?.close();
});

const period = { from: DAYS[0]!, to: DAYS[2]!, tz: 'UTC' };
const report = async (name: string, query: Record<string, string | number> = {}, token = admin) =>
  s.api('GET', `/api/reports/${name}/data`, { token, query: { ...period, ...query } });
const pct = (n: number, d: number) => (d ? Math.round((n / d) * 1000) / 10 : null);

describe('order report', () => {
  it('groups the session center’s orders by day and client, with totals', async () => {
    const r = await report('order');
    expect(r.status).toBe(200);
    const mine = orders.filter((o) => o.center === sh);
    const keys = [...new Set(mine.map((o) => `${o.day}|${o.client}`))].sort();
    const name = (id: number) => clients.find((c) => c.id === id)!.name;
    const expected = keys.map((k) => {
      const [day, client] = k.split('|');
      const g = mine.filter((o) => o.day === day && o.client === Number(client));
      return {
        day,
        clientName: name(Number(client)),
        orders: g.length,
        effective: g.filter((o) => o.status === 'EFFECTIVE').length,
        weight: g.reduce((a, o) => a + o.weight, 0),
        quantity: g.reduce((a, o) => a + o.quantity, 0),
      };
    });
    const got = (r.json.data.rows as Json[]).map(({ volume: _v, ...x }) => x);
    expect(got.sort((a, b) => `${a.day}|${a.clientName}`.localeCompare(`${b.day}|${b.clientName}`))).toEqual(
      expected.sort((a, b) => `${a.day}|${a.clientName}`.localeCompare(`${b.day}|${b.clientName}`)),
    );
    expect(r.json.data.totals).toMatchObject({ orders: mine.length, quantity: mine.reduce((a, o) => a + o.quantity, 0), weight: mine.reduce((a, o) => a + o.weight, 0) });
  });

  it('filters by status, client and period, and by another of the caller’s centers', async () => {
    const eff = await report('order', { status: 'EFFECTIVE' });
    expect(eff.json.data.totals.orders).toBe(orders.filter((o) => o.center === sh && o.status === 'EFFECTIVE').length);
    const c2 = clients[1]!.id;
    const byClient = await report('order', { clientId: c2 });
    expect(byClient.json.data.totals.orders).toBe(orders.filter((o) => o.center === sh && o.client === c2).length);
    const oneDay = await report('order', { from: DAYS[1]!, to: DAYS[1]! });
    expect(oneDay.json.data.totals.orders).toBe(orders.filter((o) => o.center === sh && o.day === DAYS[1]).length);
    const other = await report('order', { dispatchCenterId: bj });
    expect(other.json.data.totals.orders).toBe(1);
  });

  it('exports exactly the filtered rows and the total line', async () => {
    const r = await s.api('GET', '/api/reports/order/export', { token: admin, query: { ...period, status: 'EFFECTIVE' } });
    expect(r.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const data = (await report('order', { status: 'EFFECTIVE' })).json.data;
    expect(ws.rowCount).toBe(1 + data.rows.length + 1);
    expect(ws.getRow(1).getCell(1).value).toBe('日期');
    expect(ws.getRow(ws.rowCount).getCell(1).value).toBe('合计');
    expect(ws.getRow(ws.rowCount).getCell(3).value).toBe(data.totals.orders);
  });
});

describe('shipment report', () => {
  it('counts departures and arrivals on time within the tolerance, per day and carrier', async () => {
    const r = await report('shipment', { toleranceMinutes: 30 });
    const mine = shipments.filter((x) => x.center === sh);
    const tol = 30 * 60e3;
    const departed = mine.filter((x) => x.atd);
    const onTimeDep = departed.filter((x) => x.atd!.getTime() <= x.etd.getTime() + tol).length;
    const arrived = mine.filter((x) => x.ata);
    const onTimeArr = arrived.filter((x) => x.ata!.getTime() <= x.eta.getTime() + tol).length;
    expect(r.json.data.totals).toMatchObject({
      shipments: mine.length,
      departed: departed.length,
      onTimeDepartures: onTimeDep,
      onTimeDepartureRate: pct(onTimeDep, departed.length),
      arrived: arrived.length,
      onTimeArrivals: onTimeArr,
      onTimeArrivalRate: pct(onTimeArr, arrived.length),
    });
    const k1Day0 = (r.json.data.rows as Json[]).find((x) => x.day === DAYS[0] && x.carrierName === carriers[0]!.name);
    expect(k1Day0).toMatchObject({ shipments: 2, departed: 2, onTimeDepartures: 1, onTimeDepartureRate: 50 });
    // a stricter tolerance changes the figure
    expect((await report('shipment', { toleranceMinutes: 0 })).json.data.totals.onTimeDepartures).toBe(mine.filter((x) => x.atd && x.atd.getTime() <= x.etd.getTime()).length);
  });
});

describe('epod report', () => {
  it('gives receipts, shortage and damage rates by client and by carrier', async () => {
    for (const groupBy of ['client', 'carrier'] as const) {
      const r = await report('epod', { groupBy });
      const list = groupBy === 'client' ? clients : carriers;
      for (const g of list) {
        const es = epods.filter((e) => (groupBy === 'client' ? e.client : e.carrier) === g.id);
        if (!es.length) continue;
        const lines = es.flatMap((e) => e.lines);
        const shipped = lines.reduce((a, l) => a + l.shipped, 0);
        const shortage = lines.reduce((a, l) => a + l.shortage, 0);
        const damage = lines.reduce((a, l) => a + l.damage, 0);
        expect((r.json.data.rows as Json[]).find((x) => x.groupName === g.name), `${groupBy} ${g.name}`).toEqual({
          groupName: g.name,
          receipts: es.length,
          audited: es.filter((e) => e.status === 'AUDITED').length,
          abnormal: es.filter((e) => e.abnormal).length,
          shippedQuantity: shipped,
          signedQuantity: lines.reduce((a, l) => a + l.signed, 0),
          shortage,
          damage,
          shortageRate: pct(shortage, shipped),
          damageRate: pct(damage, shipped),
        });
      }
      expect(r.json.data.totals.receipts).toBe(epods.length);
    }
  });
});

describe('vehicle check report', () => {
  it('counts checks and failures per item', async () => {
    const r = await report('check');
    const items = [...new Set(checks.map((c) => c.item))];
    for (const it of items) {
      const cs = checks.filter((c) => c.item === it);
      const failed = cs.filter((c) => !c.passed).length;
      expect((r.json.data.rows as Json[]).find((x) => x.itemCode === it)).toEqual({ itemCode: it, checks: cs.length, failed, failRate: pct(failed, cs.length) });
    }
    expect(r.json.data.totals).toMatchObject({ checks: checks.length, failed: checks.filter((c) => !c.passed).length });
  });

  it('exports the items as their dictionary labels in the reader\'s language, as the screen shows them', async () => {
    const items = async (lang: string) => {
      const r = await s.api('GET', '/api/reports/check/export', { token: admin, query: period, headers: { 'accept-language': lang } });
      expect(r.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.body as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      return { head: ws.getRow(1).getCell(1).value, items: Array.from({ length: ws.rowCount - 2 }, (_, i) => ws.getRow(i + 2).getCell(1).value).sort() };
    };
    expect(await items('zh-CN')).toEqual({ head: expect.any(String), items: ['制动', '灯光', '轮胎'].sort() });
    expect(await items('en-US,en;q=0.8')).toEqual({ head: expect.any(String), items: ['Brakes', 'Lights', 'Tyres'] });
  });
});

describe('periods in the report’s time zone', () => {
  // the dispatch orders leave at 08:00 UTC: midnight in Los Angeles (UTC−8 in early March), 22:00 the day before in
  // Honolulu (UTC−10); the receipts are made at 10:00 UTC (midnight in Honolulu), the checks at 07:00 and 07:30 UTC
  const sum = async (name: string, key: string, query: Record<string, string>) => (await report(name, query)).json.data.totals[key];
  const mine = (pred: (x: (typeof shipments)[number]) => boolean) => shipments.filter((x) => x.center === sh && pred(x)).length;

  it('takes a timestamp on its local day, its first and last instants included or not as the day says', async () => {
    // a period of one local day holds the departures at its midnight, and not those at the next one
    expect(await sum('shipment', 'shipments', { tz: 'America/Los_Angeles', from: DAYS[0]!, to: DAYS[0]! })).toBe(mine((x) => x.day === DAYS[0]));
    expect(await sum('shipment', 'shipments', { tz: 'America/Los_Angeles', from: DAYS[1]!, to: DAYS[2]! })).toBe(mine((x) => x.day !== DAYS[0]));
    // in Honolulu the first day's departures are on the day before, and the second day's on the first, under its date
    const hnl = await report('shipment', { tz: 'Pacific/Honolulu', from: DAYS[0]!, to: DAYS[2]! });
    expect(hnl.json.data.totals.shipments).toBe(mine((x) => x.day !== DAYS[0]));
    expect(new Set((hnl.json.data.rows as Json[]).map((x) => x.day))).toEqual(new Set([DAYS[0]]));
    expect(await sum('shipment', 'shipments', { tz: 'Pacific/Honolulu', from: '2026-02-28', to: '2026-02-28' })).toBe(mine((x) => x.day === DAYS[0]));
  });

  it('does the same for the receipts and the vehicle checks', async () => {
    expect(await sum('epod', 'receipts', { tz: 'Pacific/Honolulu', from: DAYS[0]!, to: DAYS[0]! })).toBe(epods.length);
    expect(await sum('epod', 'receipts', { tz: 'Pacific/Honolulu', from: '2026-02-28', to: '2026-02-28' })).toBe(0);
    expect(await sum('check', 'checks', { tz: 'Pacific/Honolulu', from: DAYS[0]!, to: DAYS[2]! })).toBe(0);
    expect(await sum('check', 'checks', { tz: 'Pacific/Honolulu', from: '2026-02-28', to: '2026-02-28' })).toBe(checks.length);
  });
});

describe('filters and access', () => {
  it('refuses a bad period, a bad time zone and a center the caller does not have', async () => {
    expect((await report('order', { from: '2026-02-30x' })).status).toBe(400);
    const backwards = await report('order', { from: DAYS[2]!, to: DAYS[0]! });
    expect(backwards.status).toBe(400);
    expect(backwards.json.errors.to).toBeTruthy();
    expect((await report('order', { tz: 'Mars/Olympus' })).status).toBe(400);
    const u = await createUser(s.db, { perms: ['reports:order:query'], centers: ['SH01'] });
    const token = await s.login(u.userName, u.password);
    expect((await report('order', {}, token)).status).toBe(200);
    expect((await report('order', { dispatchCenterId: bj }, token)).status).toBe(403);
    expect((await report('shipment', {}, token)).status).toBe(403);
  });
});

describe('dashboards', () => {
  it('show real figures of the session center', async () => {
    const a = await s.api('GET', '/api/dashboard/analysis', { token: admin, query: { tz: 'UTC' } });
    expect(a.status).toBe(200);
    const mine = shipments.filter((x) => x.center === sh);
    const byStatus = Object.fromEntries((a.json.data.shipmentsByStatus as Json[]).map((x) => [x.status, x.count]));
    expect(byStatus).toEqual({ COMPLETED: 2, SHIPPED: 1, CONFIRMED: 1 });
    expect(Object.values(byStatus).reduce((x: number, y) => x + Number(y), 0)).toBe(mine.length);
    expect(a.json.data.topCarriers.length).toBeGreaterThan(0);
    const w = await s.api('GET', '/api/dashboard/workplace', { token: admin });
    expect(w.json.data.todo).toMatchObject({
      ordersToReview: orders.filter((o) => o.center === sh && o.status === 'OPEN').length,
      shipmentsToRelease: 1,
      shipmentsInTransit: 1,
      epodsToAudit: epods.filter((e) => e.status === 'REPORTED').length,
    });
    const m = await s.api('GET', '/api/dashboard/monitor', { token: admin });
    expect(m.json.data.inProgress.map((x: Json) => x.status)).toEqual(['SHIPPED']);
  });
});
