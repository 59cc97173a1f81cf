import { describe, expect, it } from 'vitest';
import { applyPositions, fenceDistanceKm, fenceOf, recentSpeed, type FenceState } from './geofence.ts';

const square = (lng: number, lat: number, d: number) => [
  [lng - d, lat - d],
  [lng + d, lat - d],
  [lng + d, lat + d],
  [lng - d, lat + d],
  [lng - d, lat - d],
];
const EMPTY: FenceState = { inside: false, lastAt: null, arrivedAt: null, departedAt: null };
const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 8, m));

describe('fences', () => {
  it('a circle: signed distance to its edge; 1 km when the radius is unset', () => {
    const f = fenceOf({ lng: 121, lat: 31, fence_type: 'CIRCLE', fence_km: null, fence_geometry: null });
    expect(f).toMatchObject({ kind: 'CIRCLE', radiusKm: 1 });
    expect(fenceDistanceKm({ lng: 121, lat: 31 }, f)).toBeCloseTo(-1, 5);
    expect(fenceDistanceKm({ lng: 121.02, lat: 31 }, f)).toBeCloseTo(0.906, 2);
  });

  it('a polygon with a hole: inside is negative, the hole and the outside positive', () => {
    const f = fenceOf({ lng: 121, lat: 31, fence_type: 'POLYGON', fence_km: null, fence_geometry: { type: 'Polygon', coordinates: [square(121, 31, 0.02), square(121, 31, 0.005)] } });
    expect(fenceDistanceKm({ lng: 121.01, lat: 31 }, f)).toBeLessThan(0);
    expect(fenceDistanceKm({ lng: 121, lat: 31 }, f)).toBeGreaterThan(0);
    expect(fenceDistanceKm({ lng: 121.03, lat: 31 }, f)).toBeCloseTo(0.95, 1);
    // a polygon type without its geometry falls back to the circle
    expect(fenceOf({ lng: 121, lat: 31, fence_type: 'POLYGON', fence_km: 2, fence_geometry: null })).toMatchObject({ kind: 'CIRCLE', radiusKm: 2 });
  });

  it('hysteresis, order and repeats: one arrival, one departure', () => {
    const f = fenceOf({ lng: 121, lat: 31, fence_type: 'CIRCLE', fence_km: 1, fence_geometry: null });
    const pts = [121.02, 121.0095, 121.0112, 121.0099, 121.0112, 121.02, 121.0].map((lng, i) => ({ lng, lat: 31, at: at(i) }));
    const { state, crossings } = applyPositions(EMPTY, f, [...pts].reverse(), 0.1);
    expect(crossings).toEqual([
      { kind: 'ARRIVE', at: at(1) },
      { kind: 'DEPART', at: at(5) },
    ]);
    expect(state).toMatchObject({ inside: true, lastAt: at(6), arrivedAt: at(1), departedAt: at(5) });
    // the same positions again, and an older one: nothing
    expect(applyPositions(state, f, [...pts, { lng: 121.02, lat: 31, at: at(3) }], 0.1).crossings).toEqual([]);
    // without a margin the jitter would have left at minute 2
    expect(applyPositions(EMPTY, f, pts, 0).crossings[1]).toEqual({ kind: 'DEPART', at: at(2) });
  });
});

describe('the recent speed of the ETA', () => {
  const far = () => false;
  // along latitude 31°: 0.005236° of longitude is 0.5 km
  const step = (m: number, km: number) => ({ lng: 121.1 + (km / 0.5) * 0.005236, lat: 31, at: at(m) });

  it('moves towards each road step by 1 − e^(−minutes/20): a minute at 30 km/h from 60', () => {
    expect(recentSpeed(60, step(0, 0), step(1, 0.5), far)).toBeCloseTo(60 - 30 * (1 - Math.exp(-1 / 20)), 1);
    // twenty minutes crawling: most of the way to 30
    let v = 60;
    for (let m = 0; m < 20; m++) v = recentSpeed(v, step(m, m * 0.5), step(m + 1, (m + 1) * 0.5), far);
    expect(v).toBeCloseTo(30 + 30 * Math.exp(-1), 0);
  });

  it('leaves it as it was for a standing vehicle, a GPS jump, a step at a station, or a repeated time', () => {
    expect(recentSpeed(60, step(0, 0), step(1, 0.05), far)).toBe(60); // 3 km/h: standing
    expect(recentSpeed(60, step(0, 0), step(1, 5), far)).toBe(60); // 300 km/h: a jump
    expect(recentSpeed(60, step(0, 0), step(1, 0.5), () => true)).toBe(60); // in a station's area
    expect(recentSpeed(60, step(1, 0), step(1, 0.5), far)).toBe(60);
    // a jam at 8 km/h counts
    expect(recentSpeed(60, step(0, 0), step(1, 8 / 60), far)).toBeLessThan(60);
  });
});
