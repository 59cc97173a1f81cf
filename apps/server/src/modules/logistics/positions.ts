/**
 * Positions from a platform account land in tms_position (source 'PLATFORM:<accountId>'): matched to a
 * vehicle bound to the account by device number, else plate number; the shipment, dispatch center and
 * driver come from the vehicle's current shipment (SHIPPED first, then EFFECTIVE).
 */
import type { Queryable } from '../../platform/db.ts';
import type { RawPosition } from './adapters.ts';

/** A report more than this far in the future is a clock error of the device, not a position. */
const FUTURE_SLACK_MS = 10 * 60_000;

export interface IngestResult {
  accepted: number;
  skipped: number;
  /** the newest report time accepted (the pull cursor) */
  newest: Date | null;
}

interface Vehicle {
  id: number;
  device_number: string | null;
  plate_number: string;
  driver_id: number | null;
}
interface Current {
  shipment_id: number | null;
  dispatch_center_id: number | null;
  driver_id: number | null;
}

async function currentShipment(q: Queryable, v: Vehicle): Promise<Current> {
  const r = await q.query<{ id: number; dispatch_center_id: number; driver_id_master: number | null }>(
    `select id, dispatch_center_id, driver_id_master from tms_shipment
      where (vehicle_id_main = $1 or vehicle_id_slave = $1) and status in ('SHIPPED', 'EFFECTIVE')
      order by case status when 'SHIPPED' then 0 else 1 end, id desc limit 1`,
    [v.id],
  );
  const s = r.rows[0];
  return { shipment_id: s?.id ?? null, dispatch_center_id: s?.dispatch_center_id ?? null, driver_id: s?.driver_id_master ?? v.driver_id };
}

export async function ingestPositions(q: Queryable, accountId: number, positions: RawPosition[], now: Date): Promise<IngestResult> {
  const vehicles = (
    await q.query<Vehicle>(`select id, device_number, plate_number, driver_id from base_transport_means where logistics_account_id = $1`, [accountId])
  ).rows;
  const byDevice = new Map(vehicles.filter((v) => v.device_number).map((v) => [v.device_number!, v]));
  const byPlate = new Map(vehicles.map((v) => [v.plate_number, v]));
  const current = new Map<number, Current>();
  const source = `PLATFORM:${accountId}`;
  let accepted = 0;
  let newest: Date | null = null;
  for (const p of positions) {
    const v = (p.device ? byDevice.get(p.device) : undefined) ?? (p.plate ? byPlate.get(p.plate) : undefined);
    if (!v || p.reportedAt.getTime() > now.getTime() + FUTURE_SLACK_MS) continue;
    if (!current.has(v.id)) current.set(v.id, await currentShipment(q, v));
    const c = current.get(v.id)!;
    const r = await q.query(
      `insert into tms_position(dispatch_center_id, shipment_id, vehicle_id, driver_id, lng, lat, speed, direction, reported_at, received_at, source)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)
       on conflict (vehicle_id, reported_at, source) where source like 'PLATFORM:%' do nothing`,
      [c.dispatch_center_id, c.shipment_id, v.id, c.driver_id, p.lng, p.lat, p.speed, p.direction, p.reportedAt, now, source],
    );
    accepted += r.rowCount;
    if (!newest || p.reportedAt > newest) newest = p.reportedAt;
  }
  return { accepted, skipped: positions.length - accepted, newest };
}
