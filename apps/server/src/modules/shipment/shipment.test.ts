/** Pure pieces of the shipment module: stop planning and track simplification. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { planStops } from './binding.ts';
import { degreesPerPixel, simplifyTrack, type TrackPoint } from './trajectory.ts';

const d = (iso: string) => new Date(iso);
const wb = (from: number, to: number, etd: string | null = null, eta: string | null = null) => ({
  source_station_id: from,
  dest_station_id: to,
  source_location_id: null,
  dest_location_id: null,
  etd: etd ? d(etd) : null,
  eta: eta ? d(eta) : null,
});

describe('planStops', () => {
  it('loads by departure, then unloads by arrival; a station both loaded and unloaded is one BOTH stop', () => {
    const stops = planStops([wb(1, 3, '2031-01-01T09:00Z', '2031-01-01T12:00Z'), wb(2, 4, '2031-01-01T08:00Z', '2031-01-01T11:00Z'), wb(3, 5)]);
    expect(stops.map((s) => [s.stationId, s.stopType])).toEqual([
      [2, 'LOAD'],
      [1, 'LOAD'],
      [3, 'BOTH'],
      [4, 'UNLOAD'],
      [5, 'UNLOAD'],
    ]);
    expect(stops[0]!.eta).toEqual(d('2031-01-01T08:00Z'));
  });

  it('every station of every waybill is exactly one stop', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 })), { maxLength: 12 }), (pairs) => {
        const stops = planStops(pairs.map(([a, b]) => wb(a, b)));
        const expected = new Set(pairs.flat());
        expect(new Set(stops.map((s) => s.stationId))).toEqual(expected);
        expect(stops).toHaveLength(expected.size);
      }),
    );
  });
});

describe('simplifyTrack', () => {
  const line = (n: number, wiggle: number): TrackPoint[] => Array.from({ length: n }, (_, i) => [120 + i * 1e-4 + wiggle * Math.sin(i / 5), 30 + i * 1e-4, i * 10_000, 60]);

  it('keeps the ends and the time order, drops what moves the line by less than half a pixel', () => {
    const pts = line(10_000, 1e-5);
    const out = simplifyTrack(pts, 10);
    expect(out[0]).toEqual(pts[0]);
    expect(out.at(-1)).toEqual(pts.at(-1));
    expect(out.length).toBeLessThan(50);
    expect(out.every((p, i) => i === 0 || p[2] > out[i - 1]![2])).toBe(true);
  });

  it('keeps more at a closer zoom, everything without a zoom', () => {
    const pts = line(5_000, 5e-4);
    expect(simplifyTrack(pts, 16).length).toBeGreaterThan(simplifyTrack(pts, 10).length);
    expect(simplifyTrack(pts, null)).toBe(pts);
    expect(degreesPerPixel(0)).toBeCloseTo(360 / 256);
  });
});
