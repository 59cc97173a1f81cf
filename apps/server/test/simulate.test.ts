/**
 * The demo simulator (scripts/simulate.ts, `npm run simulate`) run as a child process against a real
 * server: in its default mode it makes a dispatch order effective through the API, and the driver
 * accepts it, the dispatcher ships it, the truck reports positions, the driver reports the receipts
 * and the dispatcher finishes it. Its options add a vehicle check with a picture before departure and
 * a short receipt with pictures at arrival. When nothing can be dispatched it says so and fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Json, type TestServer } from './helpers.ts';
import { runSimulator } from './simulator.ts';

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

const simulate = (args: string[]) => runSimulator(s.url, args);

const rows = async (sql: string, params: unknown[] = []): Promise<Json[]> => (await s.db.query<Json>(sql, params)).rows;
const completed = async () => new Set((await rows(`select id from tms_shipment where status = 'COMPLETED'`)).map((r) => Number(r.id)));

/** The one dispatch order a run finished, with what happened to it. */
async function finishedBy(before: Set<number>): Promise<Json> {
  const now = [...(await completed())].filter((id) => !before.has(id));
  expect(now).toHaveLength(1);
  const [sh] = await rows(
    `select s.id, s.shipment_code, s.is_receive, s.atd, s.ata, s.driver_id_master, d.login_name from tms_shipment s join base_driver d on d.id = s.driver_id_master where s.id = $1`,
    [now[0]],
  );
  return sh;
}

describe('the simulator', () => {
  it('by default dispatches a trip through the API: accepted, shipped, driven, receipts reported, finished', async () => {
    const before = await completed();
    const run = await simulate([]);
    expect(run.code, run.output).toBe(0);
    const sh = await finishedBy(before);
    expect(run.output).toContain(`${sh.shipment_code}: finished`);
    expect(sh.is_receive).toBe('ACCEPTED');
    expect(sh.atd).toBeTruthy();
    expect(sh.ata.getTime()).toBeGreaterThanOrEqual(sh.atd.getTime());
    // positions of the truck through the driver API, moving from the first station towards the last
    const points = await rows(`select lng, lat, driver_id, source from tms_position where shipment_id = $1 order by reported_at`, [sh.id]);
    expect(points.length).toBeGreaterThanOrEqual(2);
    for (const p of points) expect(p).toMatchObject({ driver_id: sh.driver_id_master, source: 'APP' });
    expect(points.some((p) => p.lng !== points[0]!.lng || p.lat !== points[0]!.lat)).toBe(true);
    // the receipts the shipping created, reported by the driver as shipped
    const epods = await rows(
      `select e.status, e.report_source, e.report_by, e.is_abnormal, sum(l.shipped_quantity)::int as shipped, sum(l.signed_quantity)::int as signed, sum(l.shortage)::int as shortage
         from tms_epod e join tms_epod_line l on l.epod_id = e.id where e.shipment_id = $1 group by e.id`,
      [sh.id],
    );
    expect(epods.length).toBeGreaterThan(0);
    for (const e of epods) {
      expect(e).toMatchObject({ status: 'REPORTED', report_source: 'DRIVER', is_abnormal: false, shortage: 0 });
      expect(e.signed).toBe(e.shipped);
    }
    // the default mode reports no vehicle check
    expect(await rows(`select 1 from tms_vehicle_check where shipment_id = $1`, [sh.id])).toEqual([]);
    // through the geofences of its stations, GPS noise included: one departure from the first, one arrival at the last
    const crossings = await rows(
      `select t.operation_type, t.related_code from tms_order_tracking t where t.shipment_id = $1 and t.operation_type in ('SHIPMENT_ARRIVE', 'SHIPMENT_DEPART') order by t.operation_time, t.id`,
      [sh.id],
    );
    const stops = await rows(`select b.code from tms_shipment_stop p join base_station b on b.id = p.station_id where p.shipment_id = $1 order by p.seq`, [sh.id]);
    expect(crossings.filter((c) => c.operation_type === 'SHIPMENT_DEPART' && c.related_code === stops[0]!.code)).toHaveLength(1);
    expect(crossings.filter((c) => c.operation_type === 'SHIPMENT_ARRIVE' && c.related_code === stops.at(-1)!.code)).toHaveLength(1);
    // no station is arrived at or left twice
    const keys = crossings.map((c) => `${c.operation_type} ${c.related_code}`);
    expect(new Set(keys).size).toBe(keys.length);
  }, 180_000);

  it('with --check-fail, --shortage and --epod-picture: a vehicle check with a picture before departure, a short receipt with pictures at arrival', async () => {
    const before = await completed();
    const run = await simulate(['--check-fail', 'TYRES', '--shortage', '2', '--epod-picture']);
    expect(run.code, run.output).toBe(0);
    const sh = await finishedBy(before);
    const [check] = await rows(`select id, result, failed_count, check_time from tms_vehicle_check where shipment_id = $1`, [sh.id]);
    expect(check).toMatchObject({ result: 'FAIL', failed_count: 1 });
    // before departure
    expect(check.check_time.getTime()).toBeLessThanOrEqual(sh.atd.getTime());
    const items = await rows(`select item_code, passed, picture_ids from tms_vehicle_check_item where check_id = $1 order by seq`, [check.id]);
    const codes = (await rows(`select dict_value from sys_dict_data where dict_type = 'vehicle_check_item' and status = '0'`)).map((r) => r.dict_value);
    expect(items.map((i) => i.item_code).sort()).toEqual([...codes].sort());
    const tyres = items.find((i) => i.item_code === 'TYRES')!;
    expect(tyres.passed).toBe(false);
    expect(tyres.picture_ids).toHaveLength(1);
    const [file] = await rows(`select content_type, create_by from sys_oss where id = $1`, [tyres.picture_ids[0]]);
    expect(file).toEqual({ content_type: 'image/png', create_by: `driver:${sh.login_name}` });
    // the first line of the first receipt two short; every receipt with a picture
    const lines = await rows(
      `select e.id as epod_id, e.is_abnormal, e.status, l.id, l.shipped_quantity, l.signed_quantity, l.shortage from tms_epod e join tms_epod_line l on l.epod_id = e.id
        where e.shipment_id = $1 order by e.id, l.pos_no`,
      [sh.id],
    );
    const short = lines.filter((l) => l.shortage > 0);
    expect(short).toHaveLength(1);
    expect(short[0]).toMatchObject({ shortage: 2, signed_quantity: short[0]!.shipped_quantity - 2, is_abnormal: true, status: 'REPORTED' });
    const epodIds = [...new Set(lines.map((l) => l.epod_id))];
    const pictures = await rows(`select epod_id, epod_line_id from tms_epod_picture where epod_id = any($1::bigint[])`, [epodIds]);
    expect(new Set(pictures.map((p) => p.epod_id)).size).toBe(epodIds.length);
    expect(pictures.find((p) => p.epod_id === short[0]!.epod_id)!.epod_line_id).toBe(short[0]!.id);
  }, 180_000);

  it('says so and fails when nothing can be dispatched through the API, writing no dispatch order in progress', async () => {
    // no vehicle has a driver: no dispatch order can be scheduled
    await s.db.query(`update base_transport_means set driver_id = null`);
    const inProgress = async () => (await rows(`select count(*)::int as n from tms_shipment where status in ('CONFIRMED', 'EFFECTIVE', 'SHIPPED')`))[0]!.n;
    const before = await inProgress();
    const run = await simulate([]);
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain('nothing can be dispatched through the API');
    expect(run.output).toContain('no vehicle has a driver');
    expect(await inProgress()).toBe(before);
  }, 180_000);
});
