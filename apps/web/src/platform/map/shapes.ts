/**
 * Shapes edited on the map, in the API's form: polygons as GeoJSON ([longitude, latitude] positions,
 * closed ring), circles as centre + radius in km (spec §9: e-fence distance in km).
 */
import type { PolygonGeometry, Position } from '@tms/domain';

export type LatLng = [lat: number, lng: number];
export type Shape = { type: 'POLYGON'; ring: LatLng[] } | { type: 'CIRCLE'; center: LatLng; radiusKm: number };

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Leaflet's open ring of [lat, lng] → a closed GeoJSON polygon. */
export function toGeoJson(ring: LatLng[]): PolygonGeometry {
  const pos: Position[] = ring.map(([lat, lng]) => [round6(lng), round6(lat)]);
  if (pos.length && (pos[0]![0] !== pos[pos.length - 1]![0] || pos[0]![1] !== pos[pos.length - 1]![1])) pos.push([...pos[0]!] as Position);
  return { type: 'Polygon', coordinates: [pos] };
}

/** A GeoJSON polygon (as stored) → Leaflet's open ring; null when it is not a usable polygon. */
export function fromGeoJson(g: unknown): LatLng[] | null {
  const ring = (g as PolygonGeometry | null)?.coordinates?.[0];
  if (!Array.isArray(ring) || ring.length < 4) return null;
  const out = ring.map(([lng, lat]) => [Number(lat), Number(lng)] as LatLng);
  const [a, b] = [out[0]!, out[out.length - 1]!];
  if (a[0] === b[0] && a[1] === b[1]) out.pop();
  return out.every(([lat, lng]) => Number.isFinite(lat) && Number.isFinite(lng)) ? out : null;
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

/** The point of a record with longitude / latitude fields, if both are set. */
export function pointOf(row: Record<string, unknown> | null | undefined, lngField = 'longitude', latField = 'latitude'): LatLng | null {
  const lng = num(row?.[lngField]);
  const lat = num(row?.[latField]);
  return lng === null || lat === null ? null : [lat, lng];
}

/** A zone record's shape. */
export function zoneShape(row: Record<string, unknown>): Shape | null {
  if (row.shapeType === 'POLYGON') {
    const ring = fromGeoJson(row.geometry);
    return ring ? { type: 'POLYGON', ring } : null;
  }
  const center = pointOf(row, 'centerLongitude', 'centerLatitude');
  const r = num(row.radius);
  return row.shapeType === 'CIRCLE' && center && r ? { type: 'CIRCLE', center, radiusKm: r } : null;
}

/** A station record's e-fence. */
export function stationFence(row: Record<string, unknown>): Shape | null {
  if (row.fenceType === 'POLYGON') {
    const ring = fromGeoJson(row.fenceGeometry);
    if (ring) return { type: 'POLYGON', ring };
  }
  const center = pointOf(row);
  const r = num(row.fenceDistance);
  return center && r ? { type: 'CIRCLE', center, radiusKm: r } : null;
}

/** The bounds that show a shape (and extra points) whole, as [[south, west], [north, east]]. */
export function boundsOf(shape: Shape | null, extra: (LatLng | null)[] = []): [LatLng, LatLng] | null {
  const pts: LatLng[] = extra.filter((p): p is LatLng => !!p);
  if (shape?.type === 'POLYGON') pts.push(...shape.ring);
  if (shape?.type === 'CIRCLE') {
    const dLat = shape.radiusKm / 111.32;
    const dLng = dLat / Math.max(0.01, Math.cos((shape.center[0] * Math.PI) / 180));
    pts.push([shape.center[0] - dLat, shape.center[1] - dLng], [shape.center[0] + dLat, shape.center[1] + dLng]);
  }
  if (!pts.length) return null;
  const lats = pts.map((p) => p[0]);
  const lngs = pts.map((p) => p[1]);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}

export const roundKm = (km: number) => Math.round(km * 1000) / 1000;
export { round6 };
