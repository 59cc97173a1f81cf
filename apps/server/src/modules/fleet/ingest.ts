/**
 * The one path every position takes into tms_position, whatever sent it (the driver app, a JT/T 808 terminal, a
 * logistics platform account):
 * one set-based insert (unnest of column arrays) for the whole batch that also keeps each vehicle's newest position
 * (tms_vehicle_last_position, the fleet monitor's), then a live-map event with the newest
 * point of each dispatch order and one with the newest point of each vehicle (the fleet monitor's), then the geofences and ETA of the dispatch orders in progress (geofence.ts:
 * arrival, departure and 'arriving' events, in the same transaction). A position of a vehicle on a dispatch order in progress carries that order
 * (its trajectory); every position carries its vehicle (the vehicle's own track).
 */
import type { Queryable } from '../../platform/db.ts';
import type { Realtime, RealtimeEvent } from '../../platform/realtime.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import { applyGeofences } from './geofence.ts';
import { TERMINAL_ALARMS } from '../alert/terminal.ts';

export interface PositionRow {
  dispatchCenterId: number | null;
  shipmentId: number | null;
  vehicleId: number | null;
  driverId: number | null;
  lng: number;
  lat: number;
  /** km/h */
  speed: number | null;
  /** degrees */
  direction: number | null;
  at: Date;
  /** APP | JT808 | PLATFORM:<account id> */
  source: string;
  altitude?: number | null;
  alarm?: number | null;
  status?: number | null;
  mileage?: number | null;
  fuel?: number | null;
}

/** The dispatch order a vehicle is on: SHIPPED first, else EFFECTIVE (the newest). */
export interface VehicleTarget {
  vehicleId: number;
  shipmentId: number | null;
  dispatchCenterId: number | null;
  driverId: number | null;
}

export async function vehicleTargets(q: Queryable, vehicleIds: number[]): Promise<Map<number, VehicleTarget>> {
  const out = new Map<number, VehicleTarget>();
  if (!vehicleIds.length) return out;
  const r = await q.query<{ vehicle_id: number; id: number | null; dispatch_center_id: number | null; driver_id: number | null }>(
    `select v.id as vehicle_id, s.id, s.dispatch_center_id, coalesce(s.driver_id_master, v.driver_id) as driver_id
       from base_transport_means v
       left join lateral (select id, dispatch_center_id, driver_id_master from tms_shipment
                           where (vehicle_id_main = v.id or vehicle_id_slave = v.id) and status in ('SHIPPED', 'EFFECTIVE')
                           order by status = 'SHIPPED' desc, etd desc nulls last, id desc limit 1) s on true
      where v.id = any($1::bigint[])`,
    [vehicleIds],
  );
  for (const x of r.rows) out.set(x.vehicle_id, { vehicleId: x.vehicle_id, shipmentId: x.id, dispatchCenterId: x.dispatch_center_id, driverId: x.driver_id });
  return out;
}

/**
 * The newest position of each vehicle in `from` (rows of tms_position's columns) goes into tms_vehicle_last_position
 * unless a newer one is there. A report dated more than 10 minutes after it was received (a clock far ahead) is
 * stored but is no vehicle's last position: it would hide every true report until its time came.
 */
const LAST_POSITION_UPSERT = (from: string, notAfter = `received_at + interval '10 minutes'`) =>
  `insert into tms_vehicle_last_position as l(vehicle_id, shipment_id, driver_id, lng, lat, speed, direction, alarm, reported_at, received_at, source)
   select distinct on (vehicle_id) vehicle_id, shipment_id, driver_id, lng, lat, speed, direction, alarm, reported_at, received_at, source
     from ${from} where vehicle_id is not null and reported_at <= ${notAfter} order by vehicle_id, reported_at desc
   on conflict (vehicle_id) do update set shipment_id = excluded.shipment_id, driver_id = excluded.driver_id, lng = excluded.lng, lat = excluded.lat,
          speed = excluded.speed, direction = excluded.direction, alarm = excluded.alarm, reported_at = excluded.reported_at,
          received_at = excluded.received_at, source = excluded.source
    where excluded.reported_at >= l.reported_at`;

/**
 * The vehicles (alias `s`: their dispatch orders, as main vehicle) with an open terminal alarm alert: the monitor's
 * ALARM until someone handles it. The types are written out so the partial index of migration 0065 serves it.
 */
export const OPEN_ALARM_FROM = `shipment_alert a join tms_shipment s on s.id = a.shipment_id and s.dispatch_center_id = a.dispatch_center_id
  where a.status = 'NEW' and a.alert_type in (${TERMINAL_ALARMS.map((x) => `'${x.type}'`).join(', ')})`;

export interface Inserted {
  /** rows stored (a platform position already stored is stored once: unique index) */
  stored: number;
  /** the vehicles of the batch with an open terminal alarm alert (fleet monitor: ALARM until it is handled) */
  alarmOpen: Set<number>;
}

/**
 * Inserts the batch and keeps each vehicle's newest position (tms_vehicle_last_position, for the fleet monitor) in one
 * statement, which also names the vehicles of the batch with an open terminal alarm.
 */
export async function insertPositions(q: Queryable, rows: PositionRow[], receivedAt: Date): Promise<Inserted> {
  if (!rows.length) return { stored: 0, alarmOpen: new Set() };
  const col = <K extends keyof PositionRow>(k: K) => rows.map((r) => r[k] ?? null);
  const r = await q.query<{ n: number; alarmed: (number | string)[] | null }>(
    `with ins as (
       insert into tms_position(dispatch_center_id, shipment_id, vehicle_id, driver_id, lng, lat, speed, direction, reported_at, source, altitude, alarm, status, mileage, fuel, received_at)
       select * , $16::timestamptz from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::float8[], $6::float8[], $7::real[], $8::real[], $9::timestamptz[],
                            $10::varchar[], $11::real[], $12::int[], $13::int[], $14::float8[], $15::real[])
       on conflict (vehicle_id, reported_at, source) where source like 'PLATFORM:%' do nothing
       returning vehicle_id, shipment_id, driver_id, lng, lat, speed, direction, alarm, reported_at, received_at, source
     ), last as (${LAST_POSITION_UPSERT('ins')})
     select (select count(*)::int from ins) as n,
            (select array_agg(distinct s.vehicle_id_main) from ${OPEN_ALARM_FROM} and s.vehicle_id_main = any($3::bigint[])) as alarmed`,
    [
      col('dispatchCenterId'),
      col('shipmentId'),
      col('vehicleId'),
      col('driverId'),
      col('lng'),
      col('lat'),
      col('speed'),
      col('direction'),
      col('at'),
      col('source'),
      col('altitude'),
      col('alarm'),
      col('status'),
      col('mileage'),
      col('fuel'),
      receivedAt,
    ],
  );
  return { stored: r.rows[0]?.n ?? 0, alarmOpen: new Set((r.rows[0]?.alarmed ?? []).map(Number)) };
}

/** Refreshes the newest position of every vehicle from tms_position, up to now: for positions written outside insertPositions (the demo's, some ahead of time). */
export async function refreshLastPositions(q: Queryable): Promise<void> {
  await q.query(LAST_POSITION_UPSERT('tms_position', 'now()'));
}

/** The newest row of each dispatch order of the batch. */
export function latestByShipment(rows: PositionRow[]): Map<number, PositionRow> {
  const latest = new Map<number, PositionRow>();
  for (const p of rows) if (p.shipmentId !== null && p.dispatchCenterId !== null && (latest.get(p.shipmentId)?.at.getTime() ?? -Infinity) <= p.at.getTime()) latest.set(p.shipmentId, p);
  return latest;
}

/**
 * The live monitor's event: data { rows: [[vehicle id, lng, lat, speed, direction, epoch ms, alarm flags, open alarm 0|1]] }
 * (realtime: batched per stream and second). Sent for each new newest position, and when a vehicle's alarm alert is
 * handled (its last position again, with open alarm 0): the page recolours the vehicle from the row alone.
 */
export const FLEET_EVENT = 'fleet';
export type FleetRow = [number, number, number, number | null, number | null, number, number | null, 0 | 1];
const FLEET_CHUNK = 100;
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Where an ingested batch is announced: the live maps and the domain events. */
export interface IngestSinks {
  realtime: Realtime;
  events: DomainEvents;
}

/** The monitor's events of these rows, a few rows to an event (a notification's payload stays under 8 000 bytes). */
function fleetEvents(fleet: FleetRow[]): RealtimeEvent[] {
  const out: RealtimeEvent[] = [];
  for (let i = 0; i < fleet.length; i += FLEET_CHUNK) out.push({ type: FLEET_EVENT, dispatchCenterId: null, data: { rows: fleet.slice(i, i + FLEET_CHUNK) } });
  return out;
}

/**
 * Tells the monitors the state of these vehicles again (their newest kept position and whether an alarm alert is
 * still open): after an alarm alert is handled, so the vehicle leaves ALARM without a reload. Vehicles that never
 * reported have nothing to draw and are skipped.
 */
export async function announceVehicles(q: Queryable, realtime: Realtime, vehicleIds: number[]): Promise<void> {
  if (!vehicleIds.length) return;
  const r = await q.query<{ vehicle_id: number; lng: number; lat: number; speed: number | null; direction: number | null; at: string; alarm: number | null; open: boolean }>(
    `select l.vehicle_id, l.lng, l.lat, l.speed, l.direction, (extract(epoch from l.reported_at) * 1000)::bigint as at, l.alarm,
            exists (select 1 from ${OPEN_ALARM_FROM} and s.vehicle_id_main = l.vehicle_id) as open
       from tms_vehicle_last_position l where l.vehicle_id = any($1::bigint[])`,
    [vehicleIds],
  );
  await realtime.publishAll(fleetEvents(r.rows.map((x) => [Number(x.vehicle_id), round6(x.lng), round6(x.lat), x.speed, x.direction, Number(x.at), x.alarm, x.open ? 1 : 0])), q);
}

/** Stores the batch, tells the live maps where each dispatch order is now, and runs the geofences (call it in a transaction). */
export async function ingestPositions(q: Queryable, { realtime, events }: IngestSinks, rows: PositionRow[], receivedAt: Date): Promise<number> {
  const { stored: n, alarmOpen } = await insertPositions(q, rows, receivedAt);
  const alerts = await applyGeofences(q, events, rows, receivedAt);
  // the live maps of the dispatch orders: the newest point of each; the fleet monitor: the newest point of each vehicle,
  // and whether an alarm alert of it is open. All in one statement, in the caller's transaction (delivered on commit;
  // on PGlite, one connection, the pool is that transaction's until it ends).
  const newest = new Map<number, PositionRow>();
  for (const p of rows) if (p.vehicleId !== null && (newest.get(p.vehicleId)?.at.getTime() ?? -Infinity) <= p.at.getTime()) newest.set(p.vehicleId, p);
  await realtime.publishAll(
    [
      ...[...latestByShipment(rows).values()].map((p): RealtimeEvent => ({
        type: 'position',
        dispatchCenterId: p.dispatchCenterId,
        subject: { resource: 'shipment', id: p.shipmentId! },
        data: { shipmentId: p.shipmentId, vehicleId: p.vehicleId, lng: p.lng, lat: p.lat, speed: p.speed, time: p.at.toISOString() },
      })),
      ...fleetEvents([...newest.values()].map((p): FleetRow => [p.vehicleId!, round6(p.lng), round6(p.lat), p.speed, p.direction, p.at.getTime(), p.alarm ?? null, alarmOpen.has(p.vehicleId!) ? 1 : 0])),
    ],
    q,
  );
  // the bells of the dispatch centers with new alerts (ETA past a time window) ask again, as for the rules job's
  for (const center of new Set(alerts.map((a) => a.dispatchCenterId))) await realtime.publish({ type: 'alert', dispatchCenterId: center, data: {} }, q);
  return n;
}
