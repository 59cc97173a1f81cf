/**
 * Position ingestion from the driver app: a batch of up to MAX_POINTS points, validated, then one
 * multi-row insert (unnest of column arrays) into tms_position with the shipment's dispatch center
 * and main vehicle (the shared ingestion of fleet/ingest.ts). A point names its shipment, or goes to the driver's shipment in progress
 * (SHIPPED first, else EFFECTIVE); a named shipment must be the driver's and not finished long ago.
 */
import type { Db } from '../../platform/db.ts';
import type { PositionRow } from '../fleet/ingest.ts';
import { badRequest, type FieldMessage } from '../../platform/errors.ts';

export const MAX_POINTS = 1000;
/** a point may not claim a time further ahead than this (device clocks drift) */
const MAX_AHEAD_MS = 5 * 60_000;
/** nor be older than this (offline buffers) */
const MAX_AGE_MS = 7 * 86_400_000;
const MAX_ERRORS = 20;

export interface PositionIn {
  shipmentId: number | null;
  lng: number;
  lat: number;
  speed: number | null;
  direction: number | null;
  at: Date;
}

const num = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

function parsePoint(raw: unknown, now: number, err: (field: string, key: string, params?: Record<string, unknown>) => void): PositionIn | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    err('', 'validation.invalid');
    return null;
  }
  const p = raw as Record<string, unknown>;
  let problems = 0;
  const bad = (field: string, key: string, params?: Record<string, unknown>) => {
    problems++;
    err(field, key, params);
  };
  if (!num(p.lng, -180, 180)) bad('lng', p.lng === undefined ? 'validation.required' : 'validation.number');
  if (!num(p.lat, -90, 90)) bad('lat', p.lat === undefined ? 'validation.required' : 'validation.number');
  if (p.speed != null && !num(p.speed, 0, 400)) bad('speed', 'validation.max', { maxValue: 400 });
  if (p.direction != null && !num(p.direction, 0, 360)) bad('direction', 'validation.max', { maxValue: 360 });
  if (p.shipmentId != null && !(Number.isSafeInteger(p.shipmentId) && (p.shipmentId as number) > 0)) bad('shipmentId', 'validation.integer');
  const at = typeof p.time === 'string' || typeof p.time === 'number' ? new Date(p.time) : null;
  if (!at || Number.isNaN(at.getTime())) bad('time', p.time === undefined ? 'validation.required' : 'validation.datetime');
  else if (at.getTime() > now + MAX_AHEAD_MS || at.getTime() < now - MAX_AGE_MS) bad('time', 'validation.datetime');
  if (problems) return null;
  return {
    shipmentId: (p.shipmentId as number | null | undefined) ?? null,
    lng: p.lng as number,
    lat: p.lat as number,
    speed: (p.speed as number | null | undefined) ?? null,
    direction: (p.direction as number | null | undefined) ?? null,
    at: at!,
  };
}

/** The batch: a JSON array, or `{ points: [...] }`. 400 names the first problems as `points.<i>.<field>`. */
export function parsePositions(body: unknown, now: Date): PositionIn[] {
  const list = Array.isArray(body) ? body : (body as { points?: unknown } | null)?.points;
  if (!Array.isArray(list) || !list.length) throw badRequest('messages.validationFailed', { points: { key: 'validation.required' } });
  if (list.length > MAX_POINTS) throw badRequest('messages.driver.tooManyPositions', { points: { key: 'messages.driver.tooManyPositions', params: { max: MAX_POINTS } } }, { max: MAX_POINTS });
  const errors: Record<string, FieldMessage> = {};
  let count = 0;
  const out: PositionIn[] = [];
  const t = now.getTime();
  list.forEach((raw, i) => {
    const p = parsePoint(raw, t, (field, key, params) => {
      if (count++ < MAX_ERRORS) errors[`points.${i}${field ? '.' + field : ''}`] = { key, params };
    });
    if (p) out.push(p);
  });
  if (count) throw badRequest('messages.validationFailed', errors);
  return out;
}

interface Target {
  id: number;
  dispatch_center_id: number;
  vehicle_id_main: number | null;
}

const DRIVES = `$2 in (driver_id_master, driver_id_second, operating_driver_id)`;

/** The rows of the batch for the shared ingestion (fleet/ingest.ts): each point with its dispatch order, center and vehicle. */
export async function driverPositionRows(db: Db, driverId: number, points: PositionIn[]): Promise<PositionRow[]> {
  const named = [...new Set(points.map((p) => p.shipmentId).filter((x): x is number => x !== null))];
  const targets = new Map<number, Target>();
  if (named.length) {
    const r = await db.query<Target>(
      `select id, dispatch_center_id, vehicle_id_main from tms_shipment where id = any($1::bigint[]) and ${DRIVES} and status in ('EFFECTIVE', 'SHIPPED', 'COMPLETED')`,
      [named, driverId],
    );
    for (const s of r.rows) targets.set(s.id, s);
    const foreign = named.filter((id) => !targets.has(id));
    if (foreign.length) {
      const i = points.findIndex((p) => p.shipmentId === foreign[0]);
      throw badRequest('messages.driver.shipmentNotYours', { [`points.${i}.shipmentId`]: { key: 'messages.driver.shipmentNotYours', params: { id: foreign[0] } } }, { id: foreign[0] });
    }
  }
  let current: Target | null = null;
  if (points.some((p) => p.shipmentId === null)) {
    const r = await db.query<Target>(
      `select id, dispatch_center_id, vehicle_id_main from tms_shipment where ${DRIVES.replace('$2', '$1')} and status in ('SHIPPED', 'EFFECTIVE')
        order by status = 'SHIPPED' desc, etd desc nulls last, id desc limit 1`,
      [driverId],
    );
    current = r.rows[0] ?? null;
  }
  return points.map((p) => {
    const t = p.shipmentId !== null ? targets.get(p.shipmentId)! : current;
    return {
      dispatchCenterId: t?.dispatch_center_id ?? null,
      shipmentId: t?.id ?? null,
      vehicleId: t?.vehicle_id_main ?? null,
      driverId,
      lng: p.lng,
      lat: p.lat,
      speed: p.speed,
      direction: p.direction,
      at: p.at,
      source: 'APP',
    };
  });
}
