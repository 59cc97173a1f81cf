import { describe, expect, it } from 'vitest';
import { polygonSchema, zoneShapeSchema } from '@tms/domain';
import { boundsOf, fromGeoJson, stationFence, toGeoJson, zoneShape, type LatLng } from './shapes.ts';

const ring: LatLng[] = [
  [31.2, 121.4],
  [31.2, 121.5],
  [31.3, 121.5],
];

describe('map shapes', () => {
  it('turns a Leaflet ring into a closed GeoJSON polygon the server accepts, and back', () => {
    const g = toGeoJson(ring);
    expect(g.coordinates[0]).toEqual([
      [121.4, 31.2],
      [121.5, 31.2],
      [121.5, 31.3],
      [121.4, 31.2],
    ]);
    expect(polygonSchema.safeParse(g).success).toBe(true);
    expect(fromGeoJson(g)).toEqual(ring);
    expect(fromGeoJson({ type: 'Polygon', coordinates: [[[1, 2]]] })).toBeNull();
    expect(fromGeoJson(null)).toBeNull();
  });

  it('reads zone and station records', () => {
    expect(zoneShape({ shapeType: 'POLYGON', geometry: toGeoJson(ring) })).toEqual({ type: 'POLYGON', ring });
    expect(zoneShape({ shapeType: 'CIRCLE', centerLongitude: '121.47', centerLatitude: '31.23', radius: '2.5' })).toEqual({ type: 'CIRCLE', center: [31.23, 121.47], radiusKm: 2.5 });
    expect(zoneShape({ shapeType: null })).toBeNull();
    expect(stationFence({ fenceType: 'CIRCLE', longitude: 121.5, latitude: 31.2, fenceDistance: 0.8 })).toEqual({ type: 'CIRCLE', center: [31.2, 121.5], radiusKm: 0.8 });
    expect(stationFence({ fenceType: 'CIRCLE', longitude: null, latitude: 31.2, fenceDistance: 0.8 })).toBeNull();
    expect(stationFence({ fenceType: 'POLYGON', fenceGeometry: toGeoJson(ring), longitude: 121.45, latitude: 31.25 })).toEqual({ type: 'POLYGON', ring });
  });

  it('bounds cover the shape and the extra points', () => {
    expect(boundsOf(null)).toBeNull();
    expect(boundsOf({ type: 'POLYGON', ring }, [[31.0, 121.0]])).toEqual([
      [31.0, 121.0],
      [31.3, 121.5],
    ]);
    const [[s, w], [n, e]] = boundsOf({ type: 'CIRCLE', center: [31.2, 121.5], radiusKm: 11.132 })!;
    expect(n - s).toBeCloseTo(0.2, 3);
    expect(e - w).toBeGreaterThan(0.2); // a degree of longitude is shorter than one of latitude
  });

  it('the zone shape body schema takes a polygon, a circle or nothing', () => {
    expect(zoneShapeSchema.safeParse({ id: 1, version: 0, shapeType: 'POLYGON', geometry: toGeoJson(ring) }).success).toBe(true);
    expect(zoneShapeSchema.safeParse({ id: 1, version: 0, shapeType: 'CIRCLE', centerLongitude: 121, centerLatitude: 31, radius: 3 }).success).toBe(true);
    expect(zoneShapeSchema.safeParse({ id: 1, version: 0, shapeType: null }).success).toBe(true);
    expect(zoneShapeSchema.safeParse({ id: 1, version: 0, shapeType: 'CIRCLE', centerLongitude: 121, centerLatitude: 31 }).success).toBe(false);
  });
});
