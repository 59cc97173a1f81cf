/**
 * Geofence arrival / departure and the live ETA (issue 17), run by the one ingestion path (ingest.ts) on every
 * batch, in its transaction.
 *
 * Fences: each pickup and delivery station of a dispatch order in progress (EFFECTIVE or SHIPPED) — its stop
 * rows (LOAD = pickup, UNLOAD = delivery, BOTH), else its waybills' source and destination stations — with
 * the station's e-fence: a circle of `fence_distance` km around its point (1 km when unset) or its polygon.
 *
 * State per dispatch order and station (tms_shipment_geofence), so one crossing gives one event:
 * - positions are applied in reported-time order, and only those newer than the newest already applied: a
 *   repeated position, or one arriving late (older than what was seen), changes nothing;
 * - hysteresis: a position inside the fence is "in"; the vehicle is "out" again only once a position lies
 *   more than the margin (system config `tms.geofence.marginMeters`, default 100 m) outside the fence. A
 *   vehicle jittering on the boundary therefore stays in, and does not flap;
 * - the arrival (first time in) and the departure (first time out after it) are each recorded once per
 *   dispatch order and station, at the reported time of the position that made them: a tracking row
 *   (SHIPMENT_ARRIVE / SHIPMENT_DEPART, the timeline; related code = the station's code, remark = its name), the stop's actual arrival / departure when unset, and
 *   the domain events `shipment.arrived` / `shipment.departed`.
 *
 * ETA (tms_shipment_eta): from the newest position to the first delivery station not yet arrived at, the
 * straight-line distance at the vehicle's recent speed (`recentSpeed`: its road speed between positions, smoothed
 * over about 20 minutes, starting from the configured average `tms.eta.speedKmh`, default 60 km/h); a position not
 * newer than the one it was computed from changes nothing. Once per dispatch order, at the first position whose
 * remaining time is at most `tms.eta.arrivingMinutes` (default 30) — or that enters the delivery fence — a
 * tracking row SHIPMENT_ARRIVING and the domain event `shipment.arriving`.
 *
 * Late against the time window (alert rule ETA_LATE, alert/eta.ts): from the same newest position, the ETA of each
 * delivery station not yet arrived at (straight legs in route order at the same speed); one whose ETA passes the end
 * of its window (its planned arrival: the stop's ETA, else its waybills') by more than the rule's tolerance raises
 * the alert once — the station stays marked late (tms_shipment_geofence.eta_late) until its ETA comes back inside.
 */
import type { Queryable } from '../../platform/db.ts';
import { systemCaller, type DomainEvents, type GeofenceCrossing } from '../../platform/domain-events.ts';
import { configValues } from '../account/settings.ts';
import { DEFAULT_FENCE_KM, distanceKm, segmentDistanceKm } from '../alert/rules.ts';
import { etaLateRule, raiseEtaLate, type EtaLate } from '../alert/eta.ts';
import { track, type TrackRow } from '../shipment/tracking.ts';
import type { PositionRow } from './ingest.ts';

export const GEOFENCE_CONFIG = { margin: 'tms.geofence.marginMeters', speed: 'tms.eta.speedKmh', arriving: 'tms.eta.arrivingMinutes' } as const;
export const GEOFENCE_DEFAULTS = { marginMeters: 100, speedKmh: 60, arrivingMinutes: 30 } as const;
/** the recent speed: smoothing time constant, the road samples it takes, the speeds an ETA uses */
export const RECENT_SPEED = { tauMinutes: 20, minKmh: 5, maxKmh: 150, nearStationKm: 2, etaMinKmh: 10, etaMaxKmh: 120 } as const;

/**
 * The vehicle's recent speed after one more step from `prev` to `p` (exponentially smoothed: a step of t minutes moves
 * it 1 − e^(−t/20) of the way to the step's own speed). Only road steps count: a step touching a station's area
 * (`nearStation`: loading, unloading, the yard) or slower than 5 km/h (standing) would drag the average down though
 * the road ahead is not slower; one faster than 150 km/h is a GPS jump. A traffic jam at 8 km/h does count.
 */
export function recentSpeed(speed: number, prev: Pt & { at: Date }, p: Pt & { at: Date }, nearStation: (x: Pt) => boolean): number {
  const minutes = (p.at.getTime() - prev.at.getTime()) / 60_000;
  if (minutes <= 0 || nearStation(prev) || nearStation(p)) return speed;
  const kmh = (distanceKm(prev, p) / minutes) * 60;
  if (kmh < RECENT_SPEED.minKmh || kmh > RECENT_SPEED.maxKmh) return speed;
  return speed + (1 - Math.exp(-minutes / RECENT_SPEED.tauMinutes)) * (kmh - speed);
}
const etaSpeed = (speed: number) => Math.min(RECENT_SPEED.etaMaxKmh, Math.max(RECENT_SPEED.etaMinKmh, speed));

/** who the tracking rows name */
const ACTOR = { userId: 0, userName: 'geofence' };

type Role = GeofenceCrossing['role'];
type Pt = { lng: number; lat: number };

export type Fence = { kind: 'CIRCLE'; center: Pt; radiusKm: number } | { kind: 'POLYGON'; rings: Pt[][] };

/** Ray casting: is p inside the ring (closed or not)? */
function inRing(p: Pt, ring: Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.lat > p.lat !== b.lat > p.lat && p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside;
  }
  return inside;
}

/** Signed distance in km from a point to the fence's boundary: ≤ 0 inside, > 0 outside. */
export function fenceDistanceKm(p: Pt, f: Fence): number {
  if (f.kind === 'CIRCLE') return distanceKm(p, f.center) - f.radiusKm;
  let edge = Infinity;
  for (const ring of f.rings) for (let i = 0; i < ring.length; i++) edge = Math.min(edge, segmentDistanceKm(p, ring[i]!, ring[(i + 1) % ring.length]!));
  const [outer, ...holes] = f.rings;
  const inside = !!outer && inRing(p, outer) && !holes.some((h) => inRing(p, h));
  return inside ? -edge : edge;
}

/** The fence of a station row: its polygon when it has one, else the circle (1 km when unset). */
export function fenceOf(s: { lng: number; lat: number; fence_type: string | null; fence_km: number | null; fence_geometry: unknown }): Fence {
  const g = s.fence_geometry as { type?: string; coordinates?: number[][][] } | null;
  if (s.fence_type === 'POLYGON' && g?.type === 'Polygon' && Array.isArray(g.coordinates) && g.coordinates[0]?.length) {
    return { kind: 'POLYGON', rings: g.coordinates.map((ring) => ring.map(([lng, lat]) => ({ lng: lng!, lat: lat! }))) };
  }
  return { kind: 'CIRCLE', center: { lng: s.lng, lat: s.lat }, radiusKm: s.fence_km && s.fence_km > 0 ? s.fence_km : DEFAULT_FENCE_KM };
}

export interface FenceState {
  inside: boolean;
  lastAt: Date | null;
  arrivedAt: Date | null;
  departedAt: Date | null;
}

/**
 * Applies positions (any order) to a state: answers the new state and the crossings it recorded. Positions not
 * newer than `lastAt` are skipped; "in" at ≤ 0 km from the fence, "out" again only beyond `marginKm`.
 */
export function applyPositions(state: FenceState, fence: Fence, points: { lng: number; lat: number; at: Date }[], marginKm: number): { state: FenceState; crossings: { kind: 'ARRIVE' | 'DEPART'; at: Date }[] } {
  const s = { ...state };
  const crossings: { kind: 'ARRIVE' | 'DEPART'; at: Date }[] = [];
  for (const p of [...points].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    if (s.lastAt && p.at.getTime() <= s.lastAt.getTime()) continue;
    s.lastAt = p.at;
    const d = fenceDistanceKm(p, fence);
    if (!s.inside && d <= 0) {
      s.inside = true;
      if (!s.arrivedAt) {
        s.arrivedAt = p.at;
        crossings.push({ kind: 'ARRIVE', at: p.at });
      }
    } else if (s.inside && d > marginKm) {
      s.inside = false;
      if (s.arrivedAt && !s.departedAt) {
        s.departedAt = p.at;
        crossings.push({ kind: 'DEPART', at: p.at });
      }
    }
  }
  return { state: s, crossings };
}

const num = (v: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(v);
  return v !== undefined && v.trim() !== '' && Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

export async function geofenceSettings(q: Queryable): Promise<{ marginKm: number; speedKmh: number; arrivingMinutes: number }> {
  const c = await configValues(q, Object.values(GEOFENCE_CONFIG));
  return {
    marginKm: num(c.get(GEOFENCE_CONFIG.margin), GEOFENCE_DEFAULTS.marginMeters, 0, 10_000) / 1000,
    speedKmh: num(c.get(GEOFENCE_CONFIG.speed), GEOFENCE_DEFAULTS.speedKmh, 1, 300),
    arrivingMinutes: num(c.get(GEOFENCE_CONFIG.arriving), GEOFENCE_DEFAULTS.arrivingMinutes, 0, 24 * 60),
  };
}

interface StationRow {
  shipment_id: number;
  station_id: number;
  role: Role;
  name: string;
  code: string;
  lng: number;
  lat: number;
  fence_type: string | null;
  fence_km: number | null;
  fence_geometry: unknown;
  /** the end of the stop's time window: its planned arrival */
  window_end: Date | null;
}

/** The pickup and delivery stations of dispatch orders (of the centers given), in route order, one row per order and station. */
async function stationsOf(q: Queryable, ids: number[], centers: number[]): Promise<Map<number, StationRow[]>> {
  const r = await q.query<StationRow>(
    `with stops as (
       select p.shipment_id, p.seq::bigint as ord, p.station_id,
              case p.stop_type when 'LOAD' then 'PICKUP' when 'UNLOAD' then 'DELIVERY' else 'BOTH' end as role,
              case when p.stop_type <> 'LOAD' then p.eta end as window_end
         from tms_shipment_stop p where p.shipment_id = any($1::bigint[]) and p.dispatch_center_id = any($2::bigint[])
       union all
       select w.shipment_id, x.ord, x.station_id, x.role, x.window_end
         from tms_waybill w cross join lateral (values (w.id * 2, w.source_station_id, 'PICKUP', null::timestamptz), (1000000000000 + w.id * 2, w.dest_station_id, 'DELIVERY', w.eta)) x(ord, station_id, role, window_end)
        where w.shipment_id = any($1::bigint[]) and w.dispatch_center_id = any($2::bigint[])
          and not exists (select 1 from tms_shipment_stop p where p.shipment_id = w.shipment_id and p.dispatch_center_id = w.dispatch_center_id)
     )
     select st.shipment_id, st.station_id, st.role, b.name, b.code, b.longitude::float8 as lng, b.latitude::float8 as lat, b.fence_type,
            b.fence_distance::float8 as fence_km, b.fence_geometry, st.window_end
       from stops st join base_station b on b.id = st.station_id
      where b.longitude is not null and b.latitude is not null
      order by st.shipment_id, st.ord`,
    [ids, centers],
  );
  const out = new Map<number, StationRow[]>();
  for (const row of r.rows) {
    const list = out.get(Number(row.shipment_id)) ?? [];
    const seen = list.find((x) => Number(x.station_id) === Number(row.station_id));
    if (seen) {
      if (seen.role !== row.role) seen.role = 'BOTH';
      seen.window_end ??= row.window_end;
    } else list.push({ ...row, shipment_id: Number(row.shipment_id), station_id: Number(row.station_id) });
    out.set(Number(row.shipment_id), list);
  }
  return out;
}

interface ShipmentRow {
  id: number;
  dispatch_center_id: number;
  shipment_code: string;
  driver_id_master: number | null;
  alert_rule_id: number | null;
}

/** Runs the geofences and the ETA of the dispatch orders in progress the batch's positions belong to; answers the alerts raised. */
export async function applyGeofences(q: Queryable, events: DomainEvents, rows: PositionRow[], now: Date): Promise<{ id: number; dispatchCenterId: number }[]> {
  const byShipment = new Map<number, PositionRow[]>();
  for (const p of rows) {
    if (p.shipmentId === null) continue;
    const list = byShipment.get(p.shipmentId);
    if (list) list.push(p);
    else byShipment.set(p.shipmentId, [p]);
  }
  if (!byShipment.size) return [];
  // the centers of the batch's dispatch orders: a position carries its dispatch order's center (the distribution key)
  const batchCenters = [...new Set(rows.filter((p) => p.shipmentId !== null).map((p) => p.dispatchCenterId))];
  const shipments = (
    await q.query<ShipmentRow>(
      `select id, dispatch_center_id, shipment_code, driver_id_master, alert_rule_id from tms_shipment
        where id = any($1::bigint[]) and dispatch_center_id = any($2::bigint[]) and status in ('EFFECTIVE', 'SHIPPED') order by id`,
      [[...byShipment.keys()], batchCenters],
    )
  ).rows.map((s) => ({ ...s, id: Number(s.id) }));
  if (!shipments.length) return [];
  const ids = shipments.map((s) => s.id);
  // the ETA row of each dispatch order is its lock: batches of one order (the driver app and a terminal) run one after the other
  await q.query(`insert into tms_shipment_eta(shipment_id, update_time) select unnest($1::bigint[]), $2 on conflict do nothing`, [ids, now]);
  const etaRows = new Map(
    (
      await q.query<{ shipment_id: number; position_at: Date | null; arriving_at: Date | null; speed_kmh: number | null; last_lng: number | null; last_lat: number | null }>(
        `select shipment_id, position_at, arriving_at, speed_kmh, last_lng, last_lat from tms_shipment_eta where shipment_id = any($1::bigint[]) order by shipment_id for update`,
        [ids],
      )
    ).rows.map((r) => [Number(r.shipment_id), r]),
  );
  const settings = await geofenceSettings(q);
  const stations = await stationsOf(q, ids, [...new Set(shipments.map((s) => Number(s.dispatch_center_id)))]);
  const pairs = shipments.flatMap((s) => (stations.get(s.id) ?? []).map((st) => [s.id, st.station_id] as const));
  const states = new Map<string, FenceState>();
  const lateBefore = new Set<string>();
  if (pairs.length) {
    await q.query(`insert into tms_shipment_geofence(shipment_id, station_id) select * from unnest($1::bigint[], $2::bigint[]) on conflict do nothing`, [pairs.map((x) => x[0]), pairs.map((x) => x[1])]);
    const r = await q.query<{ shipment_id: number; station_id: number; inside: boolean; last_at: Date | null; arrived_at: Date | null; departed_at: Date | null; eta_late: boolean }>(
      `select * from tms_shipment_geofence where shipment_id = any($1::bigint[])`,
      [ids],
    );
    for (const x of r.rows) {
      states.set(`${x.shipment_id}:${x.station_id}`, { inside: x.inside, lastAt: x.last_at, arrivedAt: x.arrived_at, departedAt: x.departed_at });
      if (x.eta_late) lateBefore.add(`${x.shipment_id}:${x.station_id}`);
    }
  }

  const changed: Record<string, unknown>[] = [];
  const tracks: { at: Date; row: TrackRow }[] = [];
  const crossed: { name: 'shipment.arrived' | 'shipment.departed'; payload: GeofenceCrossing }[] = [];
  const arriving: { shipment: ShipmentRow; stationId: number; stationName: string; at: Date; eta: Date; distanceKm: number }[] = [];
  const etaUpdates: Record<string, unknown>[] = [];
  const rule = await etaLateRule(q);
  const late: EtaLate[] = [];
  const lateFlags: { shipment_id: number; station_id: number; eta_late: boolean }[] = [];
  for (const s of shipments) {
    const points = byShipment.get(s.id)!;
    const list = stations.get(s.id) ?? [];
    for (const st of list) {
      const key = `${s.id}:${st.station_id}`;
      const before = states.get(key) ?? { inside: false, lastAt: null, arrivedAt: null, departedAt: null };
      const { state, crossings } = applyPositions(before, fenceOf(st), points, settings.marginKm);
      states.set(key, state);
      if (state.lastAt?.getTime() !== before.lastAt?.getTime()) {
        changed.push({ shipment_id: s.id, station_id: st.station_id, inside: state.inside, last_at: state.lastAt, arrived_at: state.arrivedAt, departed_at: state.departedAt });
      }
      for (const c of crossings) {
        tracks.push({ at: c.at, row: { dispatchCenterId: s.dispatch_center_id, operationType: c.kind === 'ARRIVE' ? 'SHIPMENT_ARRIVE' : 'SHIPMENT_DEPART', relatedCode: st.code, shipmentId: s.id, driverId: s.driver_id_master, remark: st.name } });
        crossed.push({ name: c.kind === 'ARRIVE' ? 'shipment.arrived' : 'shipment.departed', payload: { dispatchCenterId: Number(s.dispatch_center_id), shipmentId: s.id, stationId: st.station_id, role: st.role, at: c.at } });
        await q.query(`update tms_shipment_stop set ${c.kind === 'ARRIVE' ? 'ata = coalesce(ata, $3)' : 'atd = coalesce(atd, $3)'} where shipment_id = $1 and station_id = $2 and dispatch_center_id = $4`, [
          s.id,
          st.station_id,
          c.at,
          s.dispatch_center_id,
        ]);
      }
    }
    // the ETA: positions newer than the one it was last computed from, in order
    const eta = etaRows.get(s.id);
    const newer = points.filter((p) => !eta?.position_at || p.at.getTime() > eta.position_at.getTime()).sort((a, b) => a.at.getTime() - b.at.getTime());
    if (!newer.length) continue;
    const deliveries = list.filter((st) => st.role !== 'PICKUP');
    // the first delivery station not reached at the time of p (`reaching`: the position that reached it still heads for it)
    const targetAt = (p: PositionRow, reaching: boolean) =>
      deliveries.find((st) => {
        const a = states.get(`${s.id}:${st.station_id}`)?.arrivedAt?.getTime();
        return a === undefined || a > p.at.getTime() || (reaching && a === p.at.getTime());
      });
    // the recent speed at each new position, from the one the ETA was last computed from
    const nearStation = (x: Pt) => list.some((st) => distanceKm(x, st) < RECENT_SPEED.nearStationKm);
    let speed = eta?.speed_kmh ?? settings.speedKmh;
    let prev = eta?.position_at && eta.last_lng !== null && eta.last_lat !== null ? { lng: eta.last_lng, lat: eta.last_lat, at: eta.position_at } : null;
    const speedAt = new Map<PositionRow, number>();
    for (const p of newer) {
      if (prev) speed = recentSpeed(speed, prev, p, nearStation);
      speedAt.set(p, speed);
      prev = p;
    }
    const hours = (km: number, kmh = speed) => (km / etaSpeed(kmh)) * 3_600_000;
    let arrivingAt = eta?.arriving_at ?? null;
    for (const p of arrivingAt ? [] : newer) {
      const target = targetAt(p, true);
      const km = target ? distanceKm(p, target) : Infinity;
      if (!target || hours(km, speedAt.get(p)) > settings.arrivingMinutes * 60_000) continue;
      arrivingAt = p.at;
      arriving.push({ shipment: s, stationId: target.station_id, stationName: target.name, at: p.at, eta: new Date(p.at.getTime() + hours(km, speedAt.get(p))), distanceKm: km });
      tracks.push({ at: p.at, row: { dispatchCenterId: s.dispatch_center_id, operationType: 'SHIPMENT_ARRIVING', relatedCode: target.code, shipmentId: s.id, driverId: s.driver_id_master, remark: target.name } });
      break;
    }
    const latest = newer.at(-1)!;
    const target = targetAt(latest, false);
    const km = target ? distanceKm(latest, target) : null;
    etaUpdates.push({
      shipment_id: s.id, station_id: target?.station_id ?? null, position_at: latest.at, distance_km: km, eta: km === null ? null : new Date(latest.at.getTime() + hours(km)), arriving_at: arrivingAt,
      speed_kmh: speed, last_lng: latest.lng, last_lat: latest.lat,
    });
    // the ETA of every delivery station still ahead, against its window (a dispatch order bound to another rule is not checked)
    if (!rule || (s.alert_rule_id !== null && Number(s.alert_rule_id) !== rule.id)) continue;
    let from: Pt = latest;
    let total = 0;
    for (const st of deliveries.slice(target ? deliveries.indexOf(target) : deliveries.length)) {
      const key = `${s.id}:${st.station_id}`;
      if (states.get(key)?.arrivedAt) continue;
      total += distanceKm(from, st);
      from = st;
      const eta = new Date(latest.at.getTime() + hours(total));
      const isLate = !!st.window_end && eta.getTime() > st.window_end.getTime() + rule.toleranceMinutes * 60_000;
      if (isLate && !lateBefore.has(key)) late.push({ dispatchCenterId: Number(s.dispatch_center_id), shipmentId: s.id, stationName: st.name, windowEnd: st.window_end!, eta });
      if (isLate !== lateBefore.has(key)) lateFlags.push({ shipment_id: s.id, station_id: st.station_id, eta_late: isLate });
    }
  }

  if (changed.length) {
    await q.query(
      `update tms_shipment_geofence g set inside = x.inside, last_at = x.last_at, arrived_at = x.arrived_at, departed_at = x.departed_at
         from jsonb_to_recordset($1::jsonb) x(shipment_id bigint, station_id bigint, inside boolean, last_at timestamptz, arrived_at timestamptz, departed_at timestamptz)
        where g.shipment_id = x.shipment_id and g.station_id = x.station_id`,
      [JSON.stringify(changed)],
    );
  }
  if (etaUpdates.length) {
    await q.query(
      `update tms_shipment_eta e set station_id = x.station_id, position_at = x.position_at, distance_km = x.distance_km, eta = x.eta, arriving_at = x.arriving_at,
              speed_kmh = x.speed_kmh, last_lng = x.last_lng, last_lat = x.last_lat, update_time = $2
         from jsonb_to_recordset($1::jsonb) x(shipment_id bigint, station_id bigint, position_at timestamptz, distance_km float8, eta timestamptz, arriving_at timestamptz,
                                              speed_kmh float8, last_lng float8, last_lat float8)
        where e.shipment_id = x.shipment_id`,
      [JSON.stringify(etaUpdates), now],
    );
  }
  if (lateFlags.length) {
    await q.query(
      `update tms_shipment_geofence g set eta_late = x.eta_late from jsonb_to_recordset($1::jsonb) x(shipment_id bigint, station_id bigint, eta_late boolean)
        where g.shipment_id = x.shipment_id and g.station_id = x.station_id`,
      [JSON.stringify(lateFlags)],
    );
  }
  const alerts = rule ? await raiseEtaLate(q, rule, late, now) : [];
  // the timeline in the order things happened
  for (const t of tracks.sort((a, b) => a.at.getTime() - b.at.getTime())) await track(q, ACTOR, t.at, [t.row]);
  const ctx = { q, caller: systemCaller(ACTOR.userName), now };
  for (const c of crossed.sort((a, b) => a.payload.at.getTime() - b.payload.at.getTime())) await events.emit(ctx, c.name, c.payload);
  for (const a of arriving) await events.emit(ctx, 'shipment.arriving', { dispatchCenterId: Number(a.shipment.dispatch_center_id), shipmentId: a.shipment.id, stationId: a.stationId, at: a.at, eta: a.eta, distanceKm: a.distanceKm });
  if (alerts.length) await events.emit(ctx, 'alert.raised', { alertIds: alerts.map((a) => a.id), dispatchCenterIds: [...new Set(alerts.map((a) => a.dispatchCenterId))] });
  return alerts;
}

/** The live ETA of a dispatch order (null before any position, or when every delivery station is reached). */
export async function liveEta(q: Queryable, shipmentId: number): Promise<{ stationId: number | null; stationName: string | null; distanceKm: number | null; eta: string | null; positionAt: string | null; arrivingAt: string | null; speedKmh: number | null } | null> {
  const r = (
    await q.query<{ station_id: number | null; name: string | null; distance_km: number | null; eta: Date | null; position_at: Date | null; arriving_at: Date | null; speed_kmh: number | null }>(
      `select e.station_id, b.name, e.distance_km, e.eta, e.position_at, e.arriving_at, e.speed_kmh from tms_shipment_eta e left join base_station b on b.id = e.station_id where e.shipment_id = $1`,
      [shipmentId],
    )
  ).rows[0];
  if (!r?.position_at) return null;
  return {
    stationId: r.station_id === null ? null : Number(r.station_id),
    stationName: r.name,
    distanceKm: r.distance_km === null ? null : Math.round(r.distance_km * 10) / 10,
    eta: r.eta?.toISOString() ?? null,
    positionAt: r.position_at.toISOString(),
    arrivingAt: r.arriving_at?.toISOString() ?? null,
    // the speed the ETA was computed at
    speedKmh: r.speed_kmh === null ? null : Math.round(etaSpeed(r.speed_kmh)),
  };
}
