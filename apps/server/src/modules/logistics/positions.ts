/**
 * Positions from a platform account land in tms_position (source 'PLATFORM:<accountId>') through the one
 * ingestion path (fleet/ingest.ts: the live map, the geofences and the ETA): matched to a vehicle bound to
 * the account by device number, else plate number; the shipment, dispatch center and driver come from the
 * vehicle's current shipment (fleet/ingest.ts vehicleTargets). A position fetched twice is stored once.
 */
import type { Queryable } from '../../platform/db.ts';
import { ingestPositions as ingest, vehicleTargets, type IngestSinks, type PositionRow } from '../fleet/ingest.ts';
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
}

export async function ingestPositions(q: Queryable, sinks: IngestSinks, accountId: number, positions: RawPosition[], now: Date): Promise<IngestResult> {
  const vehicles = (await q.query<Vehicle>(`select id, device_number, plate_number from base_transport_means where logistics_account_id = $1`, [accountId])).rows;
  const byDevice = new Map(vehicles.filter((v) => v.device_number).map((v) => [v.device_number!, v]));
  const byPlate = new Map(vehicles.map((v) => [v.plate_number, v]));
  const source = `PLATFORM:${accountId}`;
  const matched: { v: Vehicle; p: RawPosition }[] = [];
  for (const p of positions) {
    const v = (p.device ? byDevice.get(p.device) : undefined) ?? (p.plate ? byPlate.get(p.plate) : undefined);
    if (v && p.reportedAt.getTime() <= now.getTime() + FUTURE_SLACK_MS) matched.push({ v, p });
  }
  const targets = await vehicleTargets(q, [...new Set(matched.map((m) => Number(m.v.id)))]);
  let newest: Date | null = null;
  const rows: PositionRow[] = matched.map(({ v, p }) => {
    const t = targets.get(Number(v.id));
    if (!newest || p.reportedAt > newest) newest = p.reportedAt;
    return { dispatchCenterId: t?.dispatchCenterId ?? null, shipmentId: t?.shipmentId ?? null, vehicleId: Number(v.id), driverId: t?.driverId ?? null, lng: p.lng, lat: p.lat, speed: p.speed, direction: p.direction, at: p.reportedAt, source };
  });
  const accepted = await ingest(q, sinks, rows, now);
  return { accepted, skipped: positions.length - accepted, newest };
}
