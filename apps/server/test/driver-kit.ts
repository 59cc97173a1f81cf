/**
 * Test fixtures of the driver app and alert tests: dispatch orders written straight into the
 * database (the seeded carrier, vehicle and driver; stops between seeded stations), positions,
 * driver login.
 */
import type { Db } from '../src/platform/db.ts';
import { centerId, rand, type TestServer } from './helpers.ts';

export const DRIVER = { loginName: 'zhangwei', password: 'driver123' } as const;
export const OTHER_DRIVER = { loginName: 'liqiang', password: 'driver123' } as const;

export interface ShipmentFixture {
  status: 'CONFIRMED' | 'EFFECTIVE' | 'SHIPPED' | 'COMPLETED';
  driver?: string;
  /** the second driver's login name */
  second?: string;
  etd?: Date | null;
  eta?: Date | null;
  atd?: Date | null;
  /** alert rule code: the only rule checked on it */
  rule?: string;
  /** station codes of the stops, in order */
  stations?: string[];
  center?: string;
  isReceive?: string | null;
}

export async function driverId(db: Db, loginName: string): Promise<number> {
  return (await db.query<{ id: number }>(`select id from base_driver where login_name = $1`, [loginName])).rows[0]!.id;
}

export async function makeShipment(db: Db, f: ShipmentFixture): Promise<{ id: number; code: string }> {
  const d = await driverId(db, f.driver ?? DRIVER.loginName);
  const v = (await db.query<{ id: number; carrier_id: number }>(`select id, carrier_id from base_transport_means where driver_id = $1 order by id limit 1`, [d])).rows[0]!;
  const second = f.second ? await driverId(db, f.second) : null;
  const rule = f.rule ? (await db.query<{ id: number }>(`select id from base_alert_rule where code = $1`, [f.rule])).rows[0]!.id : null;
  const center = await centerId(db, f.center ?? 'SH01');
  const code = `T-SHP-${rand(8)}`;
  const r = await db.query<{ id: number }>(
    `insert into tms_shipment(dispatch_center_id, shipment_code, status, carrier_id, vehicle_id_main, driver_id_master, driver_id_second, etd, eta, atd, alert_rule_id, is_receive, create_by)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,'test') returning id`,
    [center, code, f.status, v.carrier_id, v.id, d, second, f.etd ?? null, f.eta ?? null, f.atd ?? null, rule, f.isReceive ?? null],
  );
  const id = r.rows[0]!.id;
  for (const [i, st] of (f.stations ?? ['S-SH-01', 'S-SZ-01']).entries()) {
    await db.query(
      `insert into tms_shipment_stop(dispatch_center_id, shipment_id, seq, station_id, stop_type) select $1, $2, $3, id, $4 from base_station where code = $5`,
      [center, id, i + 1, i === 0 ? 'LOAD' : 'UNLOAD', st],
    );
  }
  return { id, code };
}

/** Positions straight into the store: [minutes before `now`, lng, lat]. */
export async function addPositions(db: Db, shipmentId: number, now: Date, points: [number, number, number][]): Promise<void> {
  for (const [ago, lng, lat] of points) {
    await db.query(`insert into tms_position(dispatch_center_id, shipment_id, lng, lat, reported_at) select dispatch_center_id, id, $2, $3, $4 from tms_shipment where id = $1`, [
      shipmentId,
      lng,
      lat,
      new Date(now.getTime() - ago * 60_000),
    ]);
  }
}

export async function driverLogin(s: TestServer, who: { loginName: string; password: string } = DRIVER): Promise<string> {
  const r = await s.api('POST', '/api/driver/login', { body: who });
  if (r.status !== 200) throw new Error(`driver login failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data.token as string;
}
