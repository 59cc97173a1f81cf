/**
 * Vehicle history (issue 19): a vehicle's own track over any time range (in time order, a long range sampled in time buckets,
 * 404 outside the caller's data groups) and the daily mileage report (distance from great-circle steps with GPS
 * jumps left out, stops of 5 minutes within 100 m, first and last report, positions) with its Excel export.
 * Positions come in the way a truck's terminal sends them: a JT/T 808 batch upload over TCP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MILEAGE_RULES } from '@tms/domain';
import { checkDistributionKey, ADMIN, centerId, createUser, rand, startServer, type Json, type TestServer } from './helpers.ts';
import { Jt808Terminal, type LocationIn } from '../src/modules/fleet/client.ts';
import { RESULT } from '../src/modules/fleet/jt808.ts';

// every statement this file's servers run names its dispatch center, or is listed (docs/scale-out.md)
checkDistributionKey('vehicle-history.test.ts');

let s: TestServer;
let admin: string;
let vehicle: { id: number; plate: string };
/** 08:00 UTC two days ago: the day of the positions */
let B: number;
let DAY: string;

/** [lng, lat, minutes after B] — a stop of 6 minutes, a drive, a receiver jump (100 km in a minute) and back, a 4-minute halt (no stop), a drive */
const POINTS: [number, number, number][] = [
  [121.4, 31.2, 0],
  [121.40005, 31.2, 2],
  [121.4, 31.20005, 4],
  [121.40003, 31.20002, 6],
  [121.41, 31.2, 7],
  [121.42, 31.205, 8],
  [122.5, 31.2, 9], // the jump
  [121.43, 31.21, 10],
  [121.44, 31.21, 11],
  [121.44002, 31.21001, 13],
  [121.44001, 31.21, 15],
  [121.45, 31.215, 20],
];

const rad = (d: number) => (d * Math.PI) / 180;
function haversine([lng0, lat0]: [number, number, number], [lng1, lat1]: [number, number, number]): number {
  const a = Math.sin(rad(lat1 - lat0) / 2) ** 2 + Math.cos(rad(lat0)) * Math.cos(rad(lat1)) * Math.sin(rad(lng1 - lng0) / 2) ** 2;
  return 2 * MILEAGE_RULES.earthRadiusM * Math.asin(Math.min(1, Math.sqrt(a)));
}
/** the expected distance: every step not faster than 200 km/h */
function expectedMetres(): { metres: number; jumps: number } {
  let metres = 0;
  let jumps = 0;
  for (let i = 1; i < POINTS.length; i++) {
    const m = haversine(POINTS[i - 1]!, POINTS[i]!);
    const kmh = m / ((POINTS[i]![2] - POINTS[i - 1]![2]) * 60) * 3.6;
    if (kmh > MILEAGE_RULES.maxSpeedKmh) jumps++;
    else metres += m;
  }
  return { metres, jumps };
}

const at = (minutes: number) => new Date(B + minutes * 60_000);
const iso = (minutes: number) => at(minutes).toISOString();

beforeAll(async () => {
  s = await startServer({ env: { TMS_JT808_PORT: '0', TMS_JT808_FRAMES_PER_SECOND: '40' } });
  admin = await s.login(ADMIN.user, ADMIN.password);
  const day = new Date(Math.floor(s.clock.now().getTime() / 86_400_000) * 86_400_000 - 2 * 86_400_000);
  DAY = day.toISOString().slice(0, 10);
  B = day.getTime() + 8 * 3_600_000;
  const terminalNumber = String(Math.floor(Math.random() * 9e10) + 1e10);
  const plate = `沪H${rand(5)}`;
  const v = await s.db.query<{ id: number }>(
    `insert into base_transport_means(carrier_id, code, plate_number, terminal_number, terminal_protocol, effective)
     select id, $1, $2, $3, '2013', true from base_carrier where code = 'CR001' returning id`,
    [`T-VH-${rand(8)}`, plate, terminalNumber],
  );
  vehicle = { id: v.rows[0]!.id, plate };
  // the vehicle has run a dispatch order of SH01: it is in that center's mileage report
  await s.db.query(
    `insert into tms_shipment(dispatch_center_id, shipment_code, status, carrier_id, vehicle_id_main, create_by)
     select $1, $2, 'SHIPPED', carrier_id, id, 'test' from base_transport_means where id = $3`,
    [await centerId(s.db, 'SH01'), `T-VH-${rand(8)}`, vehicle.id],
  );
  const t = new Jt808Terminal({ host: '127.0.0.1', port: s.app.jt808!.port()!, phone: terminalNumber, version: 2013, timeoutMs: 15_000 });
  await t.connect();
  await t.signIn();
  // shuffled: the track and the report order them by time
  const ls: LocationIn[] = POINTS.map(([lng, lat, m]) => ({ lng, lat, at: at(m), speed: 40, direction: 0 }));
  expect(await t.batch([...ls.slice(6), ...ls.slice(0, 6)])).toBe(RESULT.OK);
  await t.close();
}, 120_000);

afterAll(async () => {
  await s?.close();
});

const track = (query: Record<string, string>, token = admin) => s.api('GET', `/api/fleet/track/${vehicle.id}`, { token, query });
const mileage = (query: Record<string, string | number> = {}, token = admin) =>
  s.api('GET', '/api/reports/mileage/data', { token, query: { from: DAY, to: DAY, tz: 'UTC', ...query } });

describe('vehicle history', () => {
  it("answers the vehicle's track over a range, oldest first, and only that range", async () => {
    const all = await track({ from: iso(-60), to: iso(60) });
    expect(all.status, JSON.stringify(all.json)).toBe(200);
    expect(all.json.data.vehicle).toMatchObject({ id: vehicle.id, plateNumber: vehicle.plate });
    expect(all.json.data.total).toBe(POINTS.length);
    expect(all.json.data.sampleSeconds).toBeNull();
    expect(all.json.data.points.map((p: number[]) => p[2])).toEqual(POINTS.map(([, , m]) => at(m).getTime()));
    expect(all.json.data.points[0]).toEqual([121.4, 31.2, at(0).getTime(), 40]);
    const part = await track({ from: iso(7), to: iso(11) });
    expect(part.json.data.points.map((p: number[]) => p[2])).toEqual([7, 8, 9, 10, 11].map((m) => at(m).getTime()));
  });

  it('answers a year: one point per time bucket, the first report of each, with the count of all stored', async () => {
    const from = B - 300 * 86_400_000;
    const year = await track({ from: new Date(from).toISOString(), to: new Date(B + 65 * 86_400_000).toISOString() });
    expect(year.status, JSON.stringify(year.json)).toBe(200);
    const bucket = Math.floor((365 * 86_400) / 20_000);
    expect(year.json.data.sampleSeconds).toBe(bucket);
    expect(year.json.data.total).toBe(POINTS.length);
    const times: number[] = year.json.data.points.map((p: number[]) => p[2]);
    const all = POINTS.map(([, , m]) => at(m).getTime()).sort((a, b) => a - b);
    const bucketOf = (t: number) => Math.floor((t - from) / 1000 / bucket);
    expect(times).toEqual(all.filter((t, i) => i === 0 || bucketOf(all[i - 1]!) !== bucketOf(t)));
    expect(times.length).toBeLessThan(POINTS.length);
  });

  it('refuses a range ending before it starts (400 naming "to") and a vehicle outside the caller\'s data groups (404)', async () => {
    const backwards = await track({ from: iso(10), to: iso(0) });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.json.errors ?? {})).toContain('to');
    const bad = await track({ from: 'yesterday', to: iso(0) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors ?? {})).toContain('from');

    // a user bound to another carrier's data group
    const u = await createUser(s.db, { perms: ['baseinfo:transportMeans:query', 'reports:mileage:query'] });
    const g = await s.db.query<{ id: number }>(`insert into sys_data_group(code, name, create_by) values ($1, $1, 'test') returning id`, [`DG_${rand(6)}`]);
    await s.db.query(`insert into sys_data_group_bind(data_group_id, target_type, target_id) select $1::bigint, 'CARRIER', id from base_carrier where code = 'CR002'`, [g.rows[0]!.id]);
    await s.db.query(`insert into sys_user_data_group(user_id, data_group_id) values ($1, $2)`, [u.id, g.rows[0]!.id]);
    const token = await s.login(u.userName, u.password);
    expect((await track({ from: iso(-60), to: iso(60) }, token)).status).toBe(404);
    const theirs = await mileage({}, token);
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.json.data.rows)).not.toContain(vehicle.plate);
  });

  it('reports the day: distance to the metre without the jump, stops by the rule, first and last report, positions', async () => {
    const { metres, jumps } = expectedMetres();
    expect(jumps).toBe(2); // to the jump and back
    const r = await mileage({ vehicleId: vehicle.id });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.rows).toHaveLength(1);
    const row = r.json.data.rows[0] as Json;
    expect(row).toMatchObject({ day: DAY, plateNumber: vehicle.plate, stops: 1, firstReport: '08:00:00', lastReport: '08:20:00', positions: POINTS.length });
    expect(Math.abs(row.distanceKm * 1000 - metres)).toBeLessThan(1.5);
    // the jump would have added ~200 km
    expect(row.distanceKm).toBeLessThan(10);
    expect(r.json.data.totals).toMatchObject({ stops: 1, positions: POINTS.length, distanceKm: row.distanceKm });
    // the plate filter of another vehicle, the carrier filter and the next day leave it out
    expect((await mileage({ vehicleId: vehicle.id + 100000 })).json.data.rows).toEqual([]);
    const carrier2 = (await s.db.query<{ id: number }>(`select id from base_carrier where code = 'CR002'`)).rows[0]!.id;
    expect(JSON.stringify((await mileage({ carrierId: carrier2 })).json.data.rows)).not.toContain(vehicle.plate);
    // another dispatch center, where the vehicle ran no dispatch order
    expect(JSON.stringify((await mileage({ dispatchCenterId: await centerId(s.db, 'BJ01') })).json.data.rows)).not.toContain(vehicle.plate);
    // a time zone 8 hours ahead: the same positions, 16:00 to 16:20 local time of the same day
    const cn = await mileage({ vehicleId: vehicle.id, tz: 'Asia/Shanghai' });
    expect(cn.json.data.rows[0]).toMatchObject({ day: DAY, firstReport: '16:00:00', lastReport: '16:20:00', stops: 1 });
  });

  it('exports the same figures as xlsx', async () => {
    const data = (await mileage({ vehicleId: vehicle.id })).json.data;
    const r = await s.api('GET', '/api/reports/mileage/export', { token: admin, query: { from: DAY, to: DAY, tz: 'UTC', vehicleId: vehicle.id }, headers: { lang: 'en-US' } });
    expect(r.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Vehicle mileage report');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Day', 'Plate number', 'Carrier', 'Distance (km)', 'Stops (≥ 5 min within 100 m)', 'First report', 'Last report', 'Positions']);
    const row = data.rows[0] as Json;
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual([row.day, row.plateNumber, row.carrierName, row.distanceKm, row.stops, row.firstReport, row.lastReport, row.positions]);
    expect(ws.getRow(3).getCell(1).value).toBe('Total');
    expect(ws.getRow(3).getCell(4).value).toBe(row.distanceKm);
  });

  it('has its own export permission: the report without it answers 403 to the export', async () => {
    const u = await createUser(s.db, { perms: ['reports:mileage:query'] });
    const token = await s.login(u.userName, u.password);
    expect((await mileage({}, token)).status).toBe(200);
    expect((await s.api('GET', '/api/reports/mileage/export', { token, query: { from: DAY, to: DAY } })).status).toBe(403);
  });
});
