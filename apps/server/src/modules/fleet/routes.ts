/** A vehicle's own track over any time range (every position of the vehicle, whichever dispatch order it was on). */
import type { FastifyInstance } from 'fastify';
import { FleetApi as F, getResource } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import { route } from '../../platform/contract.ts';
import { requireCaller } from '../../platform/auth.ts';
import { ok } from '../../platform/http.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/resource-engine.ts';
import { simplifyTrack, type TrackPoint } from '../shipment/trajectory.ts';

const vehicleDef = getResource('transportMeans');
/**
 * A long range is sampled in the database: at most about this many points, one per time bucket (the first report of
 * each), so a year of 10-second reports is not sent whole. Up to about two days of 10-second reports every point comes.
 */
const SAMPLE_POINTS = 20_000;
const MIN_BUCKET_SECONDS = 10;

export function registerFleetRoutes(app: FastifyInstance, db: Db): void {
  route(
    app,
    F.endpoints.vehicleTrack,
    async (req) => {
      const { from, to, zoom } = req.query;
      if (to.getTime() < from.getTime()) throw badRequest('messages.validationFailed', { to: { key: 'validation.datetime' } });
      const params: unknown[] = [req.params.id];
      const where = ['t.id = $1', ...scopeOf(vehicleDef, requireCaller(req), params, 't')];
      const v = await db.query<{ id: number; code: string; plateNumber: string }>(`select t.id, t.code, t.plate_number as "plateNumber" from base_transport_means t where ${where.join(' and ')}`, params);
      if (!v.rows[0]) throw notFound();
      const bucket = Math.floor((to.getTime() - from.getTime()) / 1000 / SAMPLE_POINTS);
      const sampleSeconds = bucket >= MIN_BUCKET_SECONDS ? bucket : null;
      // the partitions outside the range are not read (reported_at is the partition key)
      const inRange = 'from tms_position where vehicle_id = $1 and reported_at >= $2 and reported_at <= $3';
      // sampled: the first report of each bucket from `from` on, found by one index probe per bucket (a year of
      // 10-second reports: 20,000 probes instead of sorting 3 million rows)
      const picked = sampleSeconds
        ? `generate_series($2::timestamptz, $3::timestamptz, make_interval(secs => $4)) b
             cross join lateral (select lng, lat, reported_at, speed from tms_position
                                  where vehicle_id = $1 and reported_at >= b and reported_at < b + make_interval(secs => $4) and reported_at <= $3
                                  order by reported_at limit 1) p`
        : `(select lng, lat, reported_at, speed ${inRange}) p`;
      const r = await db.query<{ p: TrackPoint[] | null; n: number }>(
        `select json_agg(json_build_array(p.lng, p.lat, (extract(epoch from p.reported_at) * 1000)::bigint, p.speed) order by p.reported_at) as p,
                (select count(*)::int ${inRange}) as n
           from ${picked}`,
        sampleSeconds ? [req.params.id, from, to, sampleSeconds] : [req.params.id, from, to],
      );
      return ok(req, { vehicle: v.rows[0], total: r.rows[0]?.n ?? 0, sampleSeconds, points: simplifyTrack(r.rows[0]?.p ?? [], zoom ?? null) });
    },
  );
}
