/**
 * Address search for the address and station forms (spec §9 maps plugins: autocomplete). The browser
 * asks this server, which asks the geocoder configured in `sys.map.geocoderUrl` ({q} = the search
 * words; 'off' = none). Nominatim-style JSON arrays and GeoJSON feature collections (Photon, Pelias)
 * are both understood.
 */
import type { FastifyInstance } from 'fastify';
import { MiscApi as C, type GeoHit } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { route } from '../../platform/contract.ts';
import { ACCOUNT_CONFIG, configValues } from '../account/settings.ts';

const MAX_HITS = 8;

async function geocoderUrl(db: Db): Promise<string | null> {
  const v = (await configValues(db, [ACCOUNT_CONFIG.geocoderUrl])).get(ACCOUNT_CONFIG.geocoderUrl)?.trim() ?? '';
  return /^https?:\/\//.test(v) && v.includes('{q}') ? v : null;
}

type Obj = Record<string, unknown>;
const s = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
const n = (v: unknown): number | null => {
  const x = typeof v === 'string' ? Number(v) : v;
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
};

/** One hit of either answer shape; null when it has no usable point. */
function hitOf(it: Obj): GeoHit | null {
  const props = (it.properties ?? {}) as Obj;
  const coords = ((it.geometry as Obj | undefined)?.coordinates ?? []) as unknown[];
  const addr = (it.address ?? props) as Obj;
  const lng = n(it.lon ?? it.lng ?? coords[0]);
  const lat = n(it.lat ?? coords[1]);
  if (lng === null || lat === null || Math.abs(lng) > 180 || Math.abs(lat) > 90) return null;
  const label = s(it.display_name) ?? s(props.label) ?? [s(props.name), s(props.street), s(props.city), s(props.state)].filter(Boolean).join(', ');
  return {
    label: label || `${lat}, ${lng}`,
    lng,
    lat,
    province: s(addr.state ?? addr.province ?? addr.region),
    city: s(addr.city ?? addr.town ?? addr.locality),
    area: s(addr.city_district ?? addr.district ?? addr.county ?? addr.suburb),
    street: s(addr.road ?? addr.street),
    houseNumber: s(addr.house_number ?? addr.housenumber),
    postcode: s(addr.postcode ?? addr.postalcode),
  };
}

export function readGeocoderAnswer(body: unknown): GeoHit[] {
  const items = Array.isArray(body) ? body : Array.isArray((body as Obj | null)?.features) ? ((body as Obj).features as unknown[]) : [];
  return items
    .filter((x): x is Obj => !!x && typeof x === 'object')
    .map(hitOf)
    .filter((x): x is GeoHit => x !== null)
    .slice(0, MAX_HITS);
}

export function registerGeoRoutes(app: FastifyInstance, db: Db): void {
  route(app, C.endpoints.geoConfig, async (req) => ok(req, { enabled: (await geocoderUrl(db)) !== null }));

  route(app, { ...C.endpoints.geoSearch, config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (req) => {
    const q = req.query.q;
    const url = await geocoderUrl(db);
    if (!url) return ok(req, [] as GeoHit[]);
    try {
      const res = await fetch(url.replaceAll('{q}', encodeURIComponent(q.trim())), {
        headers: { accept: 'application/json', 'accept-language': req.lang, 'user-agent': 'TMS back office (address search)' },
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return ok(req, readGeocoderAnswer(await res.json()));
    } catch (e) {
      req.log.warn({ err: e }, 'geocoder failed');
      throw new AppError(502, 'messages.geoFailed');
    }
  });
}
