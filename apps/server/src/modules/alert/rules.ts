/**
 * The alerting rules (dict alert_rule_type, design/domain.md "Alert") as pure functions of one
 * shipment in progress, its stops and its recent positions, at the evaluation time `now`.
 * Each answers null (no alert) or when the condition began and the message parameters.
 *
 * - LATE_DEPARTURE: EFFECTIVE (not shipped) and now > ETD + tolerance.
 * - LATE_ARRIVAL: EFFECTIVE or SHIPPED (not completed) and now > ETA + tolerance.
 * - FENCE_EXIT (left the e-fence / off route): SHIPPED, and the positions have stayed outside the
 *   route corridor for at least the tolerance. The corridor follows the planned stops' stations in
 *   order: around each leg it is as wide as the larger e-fence distance of its two stations, or
 *   OFF_ROUTE_RATIO of the leg's length when that is more (roads are not straight lines); every
 *   station's own e-fence counts as inside. Needs two stations with coordinates.
 * - LONG_STOP: SHIPPED, the positions stayed within STOP_RADIUS_M of the latest one for at least
 *   the tolerance, away from every stop station's e-fence (stopping at a station is work).
 * - NO_POSITION: SHIPPED and no position for more than the tolerance since the last one (or since
 *   the actual departure when none came).
 */

export const OFF_ROUTE_RATIO = 0.15;
export const DEFAULT_FENCE_KM = 1;
export const STOP_RADIUS_M = 200;

export type RuleType = 'LATE_DEPARTURE' | 'LATE_ARRIVAL' | 'FENCE_EXIT' | 'LONG_STOP' | 'NO_POSITION';
export const RULE_TYPES: RuleType[] = ['LATE_DEPARTURE', 'LATE_ARRIVAL', 'FENCE_EXIT', 'LONG_STOP', 'NO_POSITION'];

export interface Stop {
  name: string;
  lng: number;
  lat: number;
  /** km */
  fence: number;
}
export interface Point {
  lng: number;
  lat: number;
  at: Date;
}
export interface ShipmentState {
  status: string;
  etd: Date | null;
  eta: Date | null;
  atd: Date | null;
  stops: Stop[];
  /** recent positions, oldest first */
  positions: Point[];
  /** the latest position ever reported (may be older than `positions`) */
  lastAt: Date | null;
}
export interface Finding {
  since: Date;
  params: Record<string, string | number>;
}

const MIN = 60_000;
const minutes = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / MIN);

/** Great-circle distance in km. */
export function distanceKm(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance in km from p to the segment a–b (local flat projection; legs are at most a few hundred km). */
export function segmentDistanceKm(p: { lng: number; lat: number }, a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const kx = 111.32 * Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180));
  const ky = 110.574;
  const [ax, ay, bx, by, px, py] = [a.lng * kx, a.lat * ky, b.lng * kx, b.lat * ky, p.lng * kx, p.lat * ky];
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
  if (t === 0) return distanceKm(p, a);
  if (t === 1) return distanceKm(p, b);
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** How far outside the corridor p is (≤ 0: inside), and the nearest stop. */
export function offRoute(p: { lng: number; lat: number }, stops: Stop[]): { excessKm: number; distanceKm: number; nearest: Stop } {
  let excess = Infinity;
  let dist = Infinity;
  let nearest = stops[0]!;
  let nearestKm = Infinity;
  for (const s of stops) {
    const d = distanceKm(p, s);
    if (d < nearestKm) [nearestKm, nearest] = [d, s];
    excess = Math.min(excess, d - s.fence);
  }
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1]!;
    const b = stops[i]!;
    const d = segmentDistanceKm(p, a, b);
    const width = Math.max(a.fence, b.fence, OFF_ROUTE_RATIO * distanceKm(a, b));
    dist = Math.min(dist, d);
    excess = Math.min(excess, d - width);
  }
  return { excessKm: excess, distanceKm: Math.min(dist, nearestKm), nearest };
}

const inStationFence = (p: { lng: number; lat: number }, stops: Stop[]) => stops.some((s) => distanceKm(p, s) <= s.fence);

/** The oldest position of the run that ends with the latest one and satisfies `ok`. */
function runStart(points: Point[], ok: (p: Point) => boolean): Point | null {
  let start: Point | null = null;
  for (let i = points.length - 1; i >= 0 && ok(points[i]!); i--) start = points[i]!;
  return start;
}

export function evaluate(type: RuleType, s: ShipmentState, toleranceMin: number, now: Date): Finding | null {
  const tol = toleranceMin * MIN;
  const late = (planned: Date | null) => (planned && now.getTime() > planned.getTime() + tol ? { since: planned, params: { minutes: minutes(planned, now) } } : null);
  switch (type) {
    case 'LATE_DEPARTURE':
      return s.status === 'EFFECTIVE' ? late(s.etd) : null;
    case 'LATE_ARRIVAL':
      return late(s.eta);
    case 'NO_POSITION': {
      const last = s.lastAt ?? s.atd;
      if (s.status !== 'SHIPPED' || !last || now.getTime() - last.getTime() <= tol) return null;
      return { since: last, params: { minutes: minutes(last, now) } };
    }
    case 'FENCE_EXIT': {
      if (s.status !== 'SHIPPED' || s.stops.length < 2 || !s.positions.length) return null;
      const latest = s.positions.at(-1)!;
      const start = runStart(s.positions, (p) => offRoute(p, s.stops).excessKm > 0);
      if (!start || latest.at.getTime() - start.at.getTime() < tol) return null;
      const o = offRoute(latest, s.stops);
      return { since: start.at, params: { minutes: minutes(start.at, now), km: Math.round(o.distanceKm * 10) / 10, station: o.nearest.name } };
    }
    case 'LONG_STOP': {
      if (s.status !== 'SHIPPED' || s.positions.length < 2) return null;
      const latest = s.positions.at(-1)!;
      if (inStationFence(latest, s.stops)) return null;
      const start = runStart(s.positions, (p) => distanceKm(p, latest) * 1000 <= STOP_RADIUS_M);
      if (!start || latest.at.getTime() - start.at.getTime() < tol) return null;
      return { since: start.at, params: { minutes: minutes(start.at, now) } };
    }
  }
}
