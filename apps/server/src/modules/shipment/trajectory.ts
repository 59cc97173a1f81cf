/**
 * Trajectory playback data: a shipment's positions (tms_position), simplified for the map's zoom level
 * (simplify-js: radial distance + Douglas–Peucker, tolerance ≈ one screen pixel at that zoom), its stops
 * with their stations' coordinates (the planned "map driving" route), and the legs of an in-transit
 * reassignment. Points travel as compact arrays [lng, lat, epoch ms, speed] to keep 50,000 of them light.
 */
import simplify from 'simplify-js';
import type { z } from 'zod';
import { getResource, ShipmentApi as C } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import { centerOf, type Caller } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/resource-engine.ts';
import { detailPart } from './detail.ts';

export type TrackPoint = [lng: number, lat: number, t: number, speed: number | null];

interface P {
  x: number;
  y: number;
  t: number;
  s: number | null;
}

/** Degrees per screen pixel at a Web-Mercator zoom level (256-pixel tiles). */
export const degreesPerPixel = (zoom: number) => 360 / (256 * 2 ** zoom);

/** The track for a zoom level: every point whose removal would move the line by less than a pixel is dropped. */
export function simplifyTrack(points: TrackPoint[], zoom: number | null): TrackPoint[] {
  if (zoom === null || points.length <= 2) return points;
  const ps: P[] = points.map(([x, y, t, s]) => ({ x, y, t, s }));
  const out = simplify(ps, degreesPerPixel(zoom) * 0.5, false) as P[];
  return out.map((p) => [p.x, p.y, p.t, p.s]);
}

const shipmentDef = getResource('shipment');
const isoOf = (d: Date | null) => (d ? d.toISOString() : null);

export async function trajectory(q: Queryable, caller: Caller, id: number, zoom: number | null) {
  const params: unknown[] = [id];
  const where = ['t.id = $1', ...scopeOf(shipmentDef, caller, params, 't')];
  const s = await q.query<{ id: number; shipmentCode: string; status: string; etd: Date | null; eta: Date | null; atd: Date | null; ata: Date | null; vehicleIdMain: number | null }>(
    `select t.id, t.shipment_code as "shipmentCode", t.status, t.etd, t.eta, t.atd, t.ata, t.vehicle_id_main as "vehicleIdMain" from tms_shipment t where ${where.join(' and ')}`,
    params,
  );
  const row = s.rows[0];
  if (!row) throw notFound();
  // the raw rows as arrays: no per-row objects for 50,000 points
  const r = await q.query<{ p: TrackPoint[] | null; n: number }>(
    `select json_agg(json_build_array(lng, lat, (extract(epoch from reported_at) * 1000)::bigint, speed) order by reported_at) as p, count(*)::int as n
       from tms_position where shipment_id = $1 and dispatch_center_id = $2`,
    [id, centerOf(caller)],
  );
  const raw = r.rows[0]?.p ?? [];
  return {
    shipment: { ...row, etd: isoOf(row.etd), eta: isoOf(row.eta), atd: isoOf(row.atd), ata: isoOf(row.ata) },
    total: r.rows[0]?.n ?? 0,
    zoom,
    points: simplifyTrack(raw, zoom),
    stops: await detailPart<z.input<typeof C.TrajectoryStop>>(q, 'stops', id, centerOf(caller)),
    legs: await detailPart<z.input<typeof C.TrajectoryLeg>>(q, 'legs', id, centerOf(caller)),
  };
}
