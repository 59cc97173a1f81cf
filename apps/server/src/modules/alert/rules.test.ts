/** The alerting rules' geometry and thresholds (pure functions). */
import { describe, expect, it } from 'vitest';
import { distanceKm, evaluate, offRoute, segmentDistanceKm, type ShipmentState, type Stop } from './rules.ts';

const SH: Stop = { name: 'SH', lng: 121.1669, lat: 31.2958, fence: 1.5 };
const SZ: Stop = { name: 'SZ', lng: 120.7202, lat: 31.3194, fence: 1.2 };
const T = new Date('2030-01-01T10:00:00Z');
const at = (minAgo: number) => new Date(T.getTime() - minAgo * 60_000);
const state = (o: Partial<ShipmentState>): ShipmentState => ({ status: 'SHIPPED', etd: null, eta: null, atd: null, stops: [SH, SZ], positions: [], lastAt: null, ...o });

describe('geometry', () => {
  it('measures great-circle and point-to-leg distances', () => {
    expect(distanceKm(SH, SZ)).toBeCloseTo(42.6, 0);
    const mid = { lng: (SH.lng + SZ.lng) / 2, lat: (SH.lat + SZ.lat) / 2 };
    expect(segmentDistanceKm(mid, SH, SZ)).toBeLessThan(0.05);
    expect(segmentDistanceKm({ lng: mid.lng, lat: mid.lat - 0.1 }, SH, SZ)).toBeCloseTo(11.1, 0);
    // beyond the end of the leg: the distance to its end
    expect(segmentDistanceKm({ lng: 120.5, lat: 31.3194 }, SH, SZ)).toBeCloseTo(distanceKm({ lng: 120.5, lat: 31.3194 }, SZ), 3);
  });

  it('the corridor is 15 % of the leg wide, and each station fence counts', () => {
    const mid = { lng: (SH.lng + SZ.lng) / 2, lat: (SH.lat + SZ.lat) / 2 };
    expect(offRoute({ ...mid, lat: mid.lat - 0.05 }, [SH, SZ]).excessKm).toBeLessThan(0); // 5.5 km off, 6.4 allowed
    expect(offRoute({ ...mid, lat: mid.lat - 0.08 }, [SH, SZ]).excessKm).toBeGreaterThan(0); // 8.9 km off
    expect(offRoute({ lng: SH.lng + 0.01, lat: SH.lat }, [SH, SZ]).nearest.name).toBe('SH');
  });
});

describe('rules', () => {
  it('late departure and arrival use the tolerance strictly', () => {
    expect(evaluate('LATE_DEPARTURE', state({ status: 'EFFECTIVE', etd: at(30) }), 30, T)).toBeNull();
    expect(evaluate('LATE_DEPARTURE', state({ status: 'EFFECTIVE', etd: at(31) }), 30, T)).toMatchObject({ params: { minutes: 31 } });
    expect(evaluate('LATE_DEPARTURE', state({ status: 'SHIPPED', etd: at(90) }), 30, T)).toBeNull();
    expect(evaluate('LATE_ARRIVAL', state({ eta: at(45) }), 30, T)).toMatchObject({ since: at(45) });
  });

  it('long stop needs positions proving the whole tolerance', () => {
    const still = [40, 30, 20, 10, 0].map((m) => ({ lng: 121.0, lat: 31.31, at: at(m) }));
    expect(evaluate('LONG_STOP', state({ positions: still }), 30, T)).toMatchObject({ since: at(40) });
    expect(evaluate('LONG_STOP', state({ positions: still.slice(2) }), 30, T)).toBeNull();
    const moving = still.map((p, i) => ({ ...p, lng: p.lng + i * 0.01 }));
    expect(evaluate('LONG_STOP', state({ positions: moving }), 30, T)).toBeNull();
  });

  it('no position counts from the last point, else from the departure', () => {
    expect(evaluate('NO_POSITION', state({ atd: at(20) }), 15, T)).toMatchObject({ params: { minutes: 20 } });
    expect(evaluate('NO_POSITION', state({ atd: at(20), lastAt: at(5) }), 15, T)).toBeNull();
    expect(evaluate('NO_POSITION', state({ status: 'EFFECTIVE', atd: null }), 15, T)).toBeNull();
  });
});
