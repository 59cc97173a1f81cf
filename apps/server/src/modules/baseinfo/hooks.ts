/**
 * Master-data rules beyond plain CRUD (spec §3 station limit / time window / extra window) and the
 * station detail route (spec §2 "Station detail": profile, site restrictions, delivery time windows,
 * extra receiving windows, bound location).
 */
import type { FastifyInstance } from 'fastify';
import { BaseinfoApi, getResource } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { intParam, ok } from '../../platform/http.ts';
import { requireCaller } from '../../platform/auth.ts';
import { registerMapRoutes } from './map-routes.ts';
import { getInScope, selectList, toApi, type ApiRow, type ResourceHooks, type Row } from '../../platform/resource-engine.ts';
import { route } from '../../platform/contract.ts';

/** 'HH:mm' or 'HH:mm:ss' → seconds of the day. */
const secondsOf = (t: unknown): number => {
  const [h, m, s] = String(t).split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
};

/**
 * A window starts before it ends, and windows of one station on one weekday do not overlap
 * (touching ends are fine). Extra windows overlap only when their day ranges overlap too.
 */
async function checkWindow(q: Queryable, table: 'base_time_window' | 'base_extra_window', values: Row, existing: Row | null): Promise<void> {
  const start = secondsOf(values.startTime);
  const end = secondsOf(values.endTime);
  if (start >= end) throw badRequest('messages.windowOrder', { endTime: { key: 'messages.windowOrder' } });
  const withDays = table === 'base_extra_window';
  if (withDays && values.startDay && values.endDay && String(values.startDay) > String(values.endDay)) {
    throw badRequest('messages.dayOrder', { endDay: { key: 'messages.dayOrder' } });
  }
  const params: unknown[] = [values.stationId, values.weekday, existing ? existing.id : 0];
  let sql = `select id, start_time, end_time from ${table} where station_id = $1 and weekday = $2 and id <> $3`;
  if (withDays) {
    // open ends (null) reach forever
    params.push(values.startDay ?? null, values.endDay ?? null);
    sql += ` and (end_day is null or $4::date is null or end_day >= $4::date) and (start_day is null or $5::date is null or start_day <= $5::date)`;
  }
  const r = await q.query<{ id: number; start_time: string; end_time: string }>(sql, params);
  const clash = r.rows.find((w) => secondsOf(w.start_time) < end && start < secondsOf(w.end_time));
  if (clash) {
    const p = { start: clash.start_time, end: clash.end_time };
    throw badRequest('messages.windowOverlap', { startTime: { key: 'messages.windowOverlap', params: p } }, p);
  }
}

export const baseinfoHooks: Record<string, ResourceHooks> = {
  // one default template per type: setting a default clears the previous one
  printTemplate: {
    afterSave: async (q, row) => {
      if (row.is_default === true) await q.query(`update base_print_template set is_default = false where type = $1 and id <> $2 and is_default`, [row.type, row.id]);
    },
  },
  timeWindow: { beforeSave: (q, values, _c, existing) => checkWindow(q, 'base_time_window', values, existing) },
  extraWindow: { beforeSave: (q, values, _c, existing) => checkWindow(q, 'base_extra_window', values, existing) },
  stationLimit: {
    beforeSave: async (q, values, _c, existing) => {
      const r = await q.query(`select 1 from base_station_limit where station_id = $1 and transport_means_type_id = $2 and id <> $3 limit 1`, [
        values.stationId,
        values.transportMeansTypeId,
        existing ? existing.id : 0,
      ]);
      if (r.rows.length) throw conflict('messages.stationLimitExists', undefined, { transportMeansTypeId: { key: 'messages.stationLimitExists' } });
    },
  },
};

export function registerBaseinfoRoutes(app: FastifyInstance, db: Db): void {
  registerMapRoutes(app, db);
  const station = getResource('station');
  const children = [
    ['limits', getResource('stationLimit'), 'transport_means_type_id'],
    ['timeWindows', getResource('timeWindow'), 'weekday, start_time'],
    ['extraWindows', getResource('extraWindow'), 'weekday, start_time'],
  ] as const;

  // the station with its detail tabs in one answer; the station's data scope applies (404 outside it)
  route(app, BaseinfoApi.endpoints.stationDetail, async (req) => {
    const id = req.params.id;
    const row = await getInScope(db, station, requireCaller(req), id);
    const tabs: Record<string, ApiRow[]> = {};
    for (const [key, def, order] of children) {
      const r = await db.query<Row>(`select ${selectList(def)} from ${def.table} t where station_id = $1 order by ${order}, id`, [id]);
      tabs[key] = r.rows.map((x) => toApi(def, x));
    }
    const location = getResource('location');
    const loc = row.location_id ? await db.query<Row>(`select ${selectList(location)} from ${location.table} t where id = $1`, [row.location_id]) : null;
    return ok(req, { station: toApi(station, row), limits: tabs.limits!, timeWindows: tabs.timeWindows!, extraWindows: tabs.extraWindows!, location: loc?.rows[0] ? toApi(location, loc.rows[0]) : null });
  });
}
