/**
 * Live fleet monitor (issue 19): the newest position and state of every vehicle of the caller's scope in one
 * set-based query over tms_vehicle_last_position (kept by the ingestion's batch statement, fleet/ingest.ts), a
 * vehicle's card, and the scope of the live 'fleet' events (one event a second per monitor stream, platform/realtime.ts).
 *
 * Scope, as the vehicle mileage report: a vehicle of the caller's carrier data groups (the vehicle master data's scope)
 * that ran a dispatch order (as its main vehicle) of one of the caller's dispatch centers (an administrator's: every
 * center). A vehicle outside answers 404.
 *
 * State: ALARM when a terminal alarm alert of one of its dispatch orders is open or its last report, not older than
 * the offline minutes, carries an alarm flag; else OFFLINE when it has not reported for the offline minutes
 * (config tms.monitor.offlineMinutes, default 10) or never; else MOVING at or above 3 km/h, else STOPPED.
 */
import type { FastifyInstance } from 'fastify';
import { FleetApi as F, getResource } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import { route } from '../../platform/contract.ts';
import { hasPermission, requireCaller, type Caller } from '../../platform/auth.ts';
import { ok } from '../../platform/http.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/resource-engine.ts';
import { configValues } from '../account/settings.ts';
import { OPEN_ALARM_FROM } from './ingest.ts';

const { MONITOR_STATE_CODE, MONITOR_RULES, MONITOR_PERMISSION } = F;
type MonitorState = F.MonitorState;
const vehicleDef = getResource('transportMeans');
export const OFFLINE_CONFIG = 'tms.monitor.offlineMinutes';

async function offlineMinutes(q: Queryable): Promise<number> {
  const v = Number((await configValues(q, [OFFLINE_CONFIG])).get(OFFLINE_CONFIG));
  return Number.isFinite(v) && v > 0 ? v : MONITOR_RULES.offlineMinutes;
}

/** The caller's dispatch centers (an administrator's: every one), or the one asked when it is among them (else 403). */
async function centersOf(q: Queryable, caller: Caller, asked?: number): Promise<{ id: number; name: string }[]> {
  const r = caller.isAdmin
    ? await q.query<{ id: number; name: string }>(`select id, name from sys_dispatch_center order by id`)
    : await q.query<{ id: number; name: string }>(
        `select c.id, c.name from sys_user_dispatch_center u join sys_dispatch_center c on c.id = u.dispatch_center_id where u.user_id = $1 order by c.id`,
        [caller.userId],
      );
  if (asked === undefined) return r.rows;
  const one = r.rows.filter((c) => c.id === asked);
  if (!one.length) throw forbidden();
  return one;
}

/** The conditions putting vehicle `v` in the caller's scope: its carrier data groups, and a dispatch order of one of `centers`. */
function vehicleScope(caller: Caller, centers: number[], params: unknown[]): string[] {
  params.push(centers);
  return [`exists (select 1 from tms_shipment sc where sc.vehicle_id_main = v.id and sc.dispatch_center_id = any($${params.length}::bigint[]))`, ...scopeOf(vehicleDef, caller, params, 'v')];
}

/** The vehicle ids a monitor stream may hear of (the 'fleet' events' scope). */
export async function monitorScope(db: Queryable, caller: Caller): Promise<Set<number>> {
  if (!hasPermission(caller, MONITOR_PERMISSION)) return new Set();
  const centers = (await centersOf(db, caller)).map((c) => c.id);
  const params: unknown[] = [];
  const r = await db.query<{ id: number }>(`select v.id from base_transport_means v where ${vehicleScope(caller, centers, params).join(' and ')}`, params);
  return new Set(r.rows.map((x) => Number(x.id)));
}

/** The state of vehicle `v` with last position `lp` and open alarm `al` (SQL): a state letter. */
function stateSql(params: unknown[], now: Date, offline: number): string {
  params.push(new Date(now.getTime() - offline * 60_000), MONITOR_RULES.alarmBits, MONITOR_RULES.movingKmh);
  const [since, bits, moving] = [params.length - 2, params.length - 1, params.length].map((i) => `$${i}`);
  const C = MONITOR_STATE_CODE;
  return `case when al.vehicle_id is not null or (lp.reported_at >= ${since} and coalesce(lp.alarm, 0) & ${bits}::int <> 0) then '${C.ALARM}'
               when lp.reported_at is null or lp.reported_at < ${since} then '${C.OFFLINE}'
               when coalesce(lp.speed, 0) >= ${moving}::real then '${C.MOVING}' else '${C.STOPPED}' end`;
}

/** the vehicles with an open terminal alarm alert on one of their dispatch orders */
const OPEN_ALARMS = `(select distinct s.vehicle_id_main as vehicle_id from ${OPEN_ALARM_FROM})`;

export function registerMonitorRoutes(app: FastifyInstance, db: Db, clock: Clock): void {
  route(
    app,
    F.endpoints.monitor,
    async (req) => {
      const caller = requireCaller(req);
      const { dispatchCenterId, carrierId, state, plate } = req.query;
      const allCenters = await centersOf(db, caller);
      const centers = dispatchCenterId === undefined ? allCenters : await centersOf(db, caller, dispatchCenterId);
      const offline = await offlineMinutes(db);
      const now = clock.now();
      const params: unknown[] = [];
      const where = vehicleScope(caller, centers.map((c) => c.id), params);
      if (carrierId !== undefined) where.push(`v.carrier_id = $${params.push(carrierId)}`);
      if (plate?.trim()) where.push(`v.plate_number ilike $${params.push(`%${plate.trim().replace(/[\\%_]/g, (m) => '\\' + m)}%`)}`);
      const st = stateSql(params, now, offline);
      // every vehicle of the scope and filters with its state (one pass), then the rows of the state asked and the counts
      params.push(state ? MONITOR_STATE_CODE[state as MonitorState] : null);
      const stateParam = `$${params.length}`;
      const r = await db.query<{ rows: unknown[][] | null; counts: Record<string, number> | null; carriers: [number, string][] | null }>(
        `with x as (
           select v.id, v.plate_number, v.code, v.carrier_id, lp.lng, lp.lat, lp.speed, lp.direction, lp.reported_at, ${st} as st
             from base_transport_means v
             left join tms_vehicle_last_position lp on lp.vehicle_id = v.id
             left join ${OPEN_ALARMS} al on al.vehicle_id = v.id
            where ${where.join(' and ')}
         )
         select (select json_agg(json_build_array(id, plate_number, code, carrier_id, round(lng::numeric, 6), round(lat::numeric, 6), round(speed::numeric, 1), round(direction::numeric),
                                                  (extract(epoch from reported_at) * 1000)::bigint, st) order by id)
                   from x where ${stateParam}::text is null or st = ${stateParam}::text) as rows,
                (select json_object_agg(st, n) from (select st, count(*)::int as n from x group by st) c) as counts,
                (select json_agg(json_build_array(c.id, c.name) order by c.name) from base_carrier c where c.id in (select carrier_id from x)) as carriers`,
        params,
      );
      const row = r.rows[0];
      return ok(req, {
        now: now.getTime(),
        offlineMinutes: offline,
        movingKmh: MONITOR_RULES.movingKmh,
        columns: [...F.MONITOR_COLUMNS],
        rows: (row?.rows ?? []).map((x) => x.map((v, i) => (i === 1 || i === 2 || i === 9 || v === null ? v : Number(v)))) as never,
        counts: row?.counts ?? {},
        carriers: row?.carriers ?? [],
        centers: allCenters.map((c) => [Number(c.id), c.name] as [number, string]),
      });
    },
  );

  route(
    app,
    F.endpoints.monitorVehicle,
    async (req) => {
      const caller = requireCaller(req);
      const centers = (await centersOf(db, caller)).map((c) => c.id);
      const offline = await offlineMinutes(db);
      const params: unknown[] = [req.params.id];
      const where = ['v.id = $1', ...vehicleScope(caller, centers, params)];
      const st = stateSql(params, clock.now(), offline);
      const r = await db.query<Record<string, unknown>>(
        `select v.id, v.plate_number as "plateNumber", v.code, c.name as "carrierName", ${st} as st,
                lp.lng, lp.lat, lp.speed, lp.direction, lp.reported_at as "reportedAt", lp.alarm,
                coalesce((select json_agg(distinct a.alert_type) from ${OPEN_ALARM_FROM} and s.vehicle_id_main = v.id), '[]'::json) as "openAlarms",
                sh.id as shipment_id, sh.shipment_code, sh.status as shipment_status,
                d.id as driver_id, d.name as driver_name, d.mobile as driver_mobile
           from base_transport_means v
           left join base_carrier c on c.id = v.carrier_id
           left join tms_vehicle_last_position lp on lp.vehicle_id = v.id
           left join ${OPEN_ALARMS} al on al.vehicle_id = v.id
           left join lateral (select s.id, s.shipment_code, s.status, s.driver_id_master from tms_shipment s
                               where (s.vehicle_id_main = v.id or s.vehicle_id_slave = v.id) and s.status in ('SHIPPED', 'EFFECTIVE')
                                 and s.dispatch_center_id = any($2::bigint[])
                               order by s.status = 'SHIPPED' desc, s.etd desc nulls last, s.id desc limit 1) sh on true
           left join base_driver d on d.id = coalesce(sh.driver_id_master, v.driver_id)
          where ${where.join(' and ')}`,
        params,
      );
      const x = r.rows[0];
      if (!x) throw notFound();
      const letter = Object.entries(MONITOR_STATE_CODE).find(([, l]) => l === x.st)![0] as MonitorState;
      const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      return ok(req, {
        id: Number(x.id),
        plateNumber: String(x.plateNumber),
        code: String(x.code),
        carrierName: (x.carrierName as string | null) ?? null,
        state: letter,
        lng: num(x.lng),
        lat: num(x.lat),
        speed: num(x.speed),
        direction: num(x.direction),
        reportedAt: x.reportedAt ? new Date(x.reportedAt as string).toISOString() : null,
        alarm: num(x.alarm),
        openAlarms: (x.openAlarms as string[]) ?? [],
        driver: x.driver_id ? { id: Number(x.driver_id), name: String(x.driver_name), mobile: (x.driver_mobile as string | null) ?? null } : null,
        shipment: x.shipment_id ? { id: Number(x.shipment_id), code: String(x.shipment_code), status: String(x.shipment_status) } : null,
      });
    },
  );
}
