/** A vehicle's own track over any time range (every position of the vehicle, whichever dispatch order it was on). */
import type { FastifyInstance } from 'fastify';
import { FleetApi as F, getResource, okOf } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import { route } from '../../platform/contract.ts';
import { requireCaller } from '../../platform/auth.ts';
import { ok } from '../../platform/http.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/resource-engine.ts';
import { simplifyTrack, type TrackPoint } from '../shipment/trajectory.ts';

const vehicleDef = getResource('transportMeans');
const MAX_RANGE_MS = 31 * 86_400_000;

export function registerFleetRoutes(app: FastifyInstance, db: Db): void {
  route(
    app,
    { method: 'GET', url: '/api/fleet/track/:id', operationId: 'fleet.vehicleTrack', summary: "A vehicle's track over a time range (at most 31 days)", tags: ['fleet'], permission: 'baseinfo:transportMeans:query', params: F.TrackParams, querystring: F.TrackQuery, response: okOf(F.VehicleTrack) },
    async (req) => {
      const { from, to, zoom } = req.query;
      if (to.getTime() < from.getTime() || to.getTime() - from.getTime() > MAX_RANGE_MS) throw badRequest('messages.validationFailed', { to: { key: 'validation.datetime' } });
      const params: unknown[] = [req.params.id];
      const where = ['t.id = $1', ...scopeOf(vehicleDef, requireCaller(req), params, 't')];
      const v = await db.query<{ id: number; code: string; plateNumber: string }>(`select t.id, t.code, t.plate_number as "plateNumber" from base_transport_means t where ${where.join(' and ')}`, params);
      if (!v.rows[0]) throw notFound();
      // the partitions outside the range are not read (reported_at is the partition key)
      const r = await db.query<{ p: TrackPoint[] | null; n: number }>(
        `select json_agg(json_build_array(lng, lat, (extract(epoch from reported_at) * 1000)::bigint, speed) order by reported_at) as p, count(*)::int as n
           from tms_position where vehicle_id = $1 and reported_at >= $2 and reported_at <= $3`,
        [req.params.id, from, to],
      );
      return ok(req, { vehicle: v.rows[0], total: r.rows[0]?.n ?? 0, points: simplifyTrack(r.rows[0]?.p ?? [], zoom ?? null) });
    },
  );
}
