/**
 * Map settings for every Leaflet map of the web (spec issue 4 "Maps"): the tile source comes from system
 * config (`sys.map.tileUrl`, OpenStreetMap by default; 'none' = no tiles, shapes on a plain grid) and its
 * attribution (`sys.map.tileAttribution`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BaseinfoApi as B, MAX_RADIUS_KM, MAX_SHAPE_VERTICES, MiscApi as C, getResource, okOf, type ResourceDef } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import { ok } from '../../platform/http.ts';
import { badRequest, conflict, type FieldMessage } from '../../platform/errors.ts';
import { requireCaller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { getInScope, toApi, type ApiRow, type Row } from '../../platform/resource-engine.ts';
import { onValidationError, route } from '../../platform/contract.ts';

export const DEFAULT_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

export function registerMapRoutes(app: FastifyInstance, db: Db): void {
  route(app, C.endpoints.mapConfig, async (req) => {
    const r = await db.query<{ config_key: string; config_value: string | null }>(
      `select config_key, config_value from sys_config where config_key in ('sys.map.tileUrl', 'sys.map.tileAttribution')`,
    );
    const byKey = new Map(r.rows.map((x) => [x.config_key, x.config_value]));
    const raw = byKey.has('sys.map.tileUrl') ? (byKey.get('sys.map.tileUrl') ?? '').trim() : DEFAULT_TILE_URL;
    // 'none' (or empty) switches tiles off: an offline installation shows shapes on the plain grid
    const tileUrl = raw.toLowerCase() === 'none' ? '' : raw;
    const attribution = byKey.get('sys.map.tileAttribution') ?? (tileUrl === DEFAULT_TILE_URL ? DEFAULT_TILE_ATTRIBUTION : '');
    return ok(req, { tileUrl, attribution });
  });

  // the zone's polygon or circle (or none), drawn with the zone editor
  route(app, { ...B.endpoints.zoneShape, body: ZoneShape }, async (req) => {
    const b = req.body;
    const cols: Row = { shape_type: b.shapeType, geometry: null, center_longitude: null, center_latitude: null, radius: null };
    if (b.shapeType === 'POLYGON') cols.geometry = JSON.stringify(b.geometry);
    if (b.shapeType === 'CIRCLE') Object.assign(cols, { center_longitude: b.centerLongitude, center_latitude: b.centerLatitude, radius: b.radius });
    return ok(req, await saveShape(db, req, getResource('zone'), b, cols));
  });

  // the station's point and its e-fence: a circle of fenceDistance km or a polygon
  route(app, { ...B.endpoints.stationFence, body: StationFence }, async (req) => {
    const b = req.body;
    const cols: Row = { longitude: b.longitude, latitude: b.latitude, fence_type: b.fenceType };
    if (b.fenceType === 'CIRCLE') Object.assign(cols, { fence_distance: b.fenceDistance, fence_geometry: null });
    else Object.assign(cols, { fence_geometry: JSON.stringify(b.fenceGeometry), ...(b.fenceDistance != null ? { fence_distance: b.fenceDistance } : {}) });
    return ok(req, await saveShape(db, req, getResource('station'), b, cols));
  });
}

/** A refused shape: each failing field gets its message key (a polygon's nested positions report on the polygon). */
function shapeErrors(issues: z.core.$ZodIssue[]) {
  const errors: Record<string, FieldMessage> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? 'body');
    const key = issue.message?.startsWith('validation.') ? issue.message : 'validation.invalid';
    errors[name] ??= { key, params: { max: MAX_SHAPE_VERTICES, maxValue: MAX_RADIUS_KM } };
  }
  return badRequest('messages.validationFailed', errors);
}
const ZoneShape = onValidationError(B.ZoneShape, shapeErrors);
const StationFence = onValidationError(B.StationFence, shapeErrors);

/** Writes shape columns of one record in the caller's scope, with the optimistic lock and an operation-log row. */
async function saveShape(db: Db, req: FastifyRequest, def: ResourceDef, b: { id: number; version: number }, cols: Row): Promise<ApiRow> {
  const caller = requireCaller(req);
  const row = await mutate(db, req, { title: def.name, businessType: 'UPDATE' }, async (tx) => {
    const existing = await getInScope(tx, def, caller, b.id, true);
    if (existing.version !== b.version) throw conflict('messages.conflictVersion');
    const keys = Object.keys(cols);
    const sets = keys.map((k, i) => `${k} = $${i + 1}`);
    const r = await tx.query<Row>(
      `update ${def.table} set ${sets.join(', ')}, update_by = $${keys.length + 1}, update_time = now(), version = version + 1 where id = $${keys.length + 2} returning *`,
      [...keys.map((k) => cols[k]), caller.userName, b.id],
    );
    return r.rows[0]!;
  });
  return toApi(def, row);
}
