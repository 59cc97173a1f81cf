/**
 * The typed HTTP contract: zod schemas of the envelope, of common inputs (ids, paging) and of every
 * generic resource route, shared by the server (validation, handler types, the OpenAPI document at
 * /api/docs/json) and the web client (request and response types). One schema, three uses.
 */
import { z } from 'zod';
import { allFields, bodySchema, isSortable, permissionOf, type Action, type FieldDef, type ResourceDef } from './resource.ts';
import { LIMITS } from './rules.ts';

// ---------------------------------------------------------------------------
// Envelope (api-contract.md)

/** Failure envelope: the HTTP status repeated in `code`, a translated `msg`, `errors` per field when the input is refused. */
export const ErrorEnvelope = z
  .object({
    code: z.number().int(),
    msg: z.string(),
    errors: z.record(z.string(), z.string()).optional().describe('a translated message per refused field (dotted path for nested fields)'),
    data: z.unknown().optional(),
  })
  .meta({ id: 'ErrorEnvelope', description: 'A failure: non-2xx status, `code` = the status, `msg` in the request language' });

/** Success envelope around a payload. */
export const okOf = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(0), msg: z.string(), data });
/** Success envelope with no payload worth describing (the action's result is in the status). */
export const OkEnvelope = okOf(z.unknown().optional()).meta({ id: 'OkEnvelope' });
/** Paged list envelope. */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ code: z.literal(0), msg: z.string(), rows: z.array(row), total: z.number().int() });

export type OkOf<T> = { code: 0; msg: string; data: T };
export type PageOf<T> = { code: 0; msg: string; rows: T[]; total: number };

// ---------------------------------------------------------------------------
// Common inputs. Query strings and path parameters are text: numbers are read from it, refused when not whole.

const INT_ERR = { error: (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? 'validation.required' : 'validation.integer') } as const;
/** A whole number from a query string or path (a JSON number in a body), within [min, max]. */
export const intText = (min = 1, max = Number.MAX_SAFE_INTEGER) =>
  z.union([z.number(), z.string().regex(/^-?\d{1,16}$/, INT_ERR)], INT_ERR).transform(Number).pipe(z.number().int(INT_ERR).min(min, INT_ERR).max(max, INT_ERR));

/** An optional text input of at most `max` characters: trimmed, empty → null (comments, reasons, filters). */
export const optText = (max: number) =>
  z
    .string({ error: 'validation.string' })
    .max(max, { error: 'validation.maxLength' })
    .nullish()
    .transform((v) => (v ? v.trim() || null : null));

/** A record id: a whole number ≥ 1. */
export const Id = intText(1);
export const IdParams = z.object({ id: intText(1) });
/** `{ id }` in a body. */
export const IdBody = z.object({ id: intText(1) });

/** A list of record ids: an array of ids, one id, or (query string) `1,2,3`. At least one, at most 10 000, duplicates dropped. */
export const IdList = z
  .union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()], { error: 'validation.required' })
  .transform((v, ctx) => {
    const raw = Array.isArray(v) ? v : typeof v === 'string' ? (v === '' ? [] : v.split(',')) : [v];
    const ids = raw.map((x) => Number(x));
    if (!ids.length) ctx.addIssue({ code: 'custom', message: 'validation.required', params: { msg: 'messages.selectRows' } });
    else if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0) || ids.length > 10_000) ctx.addIssue({ code: 'custom', message: 'validation.integer' });
    return [...new Set(ids)];
  })
  .meta({ description: 'record ids: an array, or `1,2,3` in a query string' });

/** Paging of every list: `pageNum` from 1, `pageSize` 1…LIMITS.pageSizeMax (default 10). */
export const PageParams = z.object({
  pageNum: intText(1, 1_000_000).optional(),
  pageSize: intText(1, LIMITS.pageSizeMax).optional(),
  orderByColumn: z.string().max(60).optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending', '']).optional(),
});
export type PageParamsInput = z.input<typeof PageParams>;

/** `lang` (GET requests may name the language in the query string instead of the header). */
export const LangQuery = z.object({ lang: z.string().max(10).optional().describe('zh-CN, en-US, en-GB or zh-TW; else the `lang` header, else Accept-Language') });

// ---------------------------------------------------------------------------
// Generic resources: the schemas of the routes the resource engine derives from a definition.

function valueSchema(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'int':
    case 'ref':
    case 'decimal':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'json':
      return z.unknown();
    case 'datetime':
      return z.string().meta({ format: 'date-time' });
    case 'date':
      return z.string().meta({ format: 'date' });
    default:
      return z.string();
  }
}

type RowSchema = z.ZodObject<{ id: z.ZodNumber }, z.core.$loose>;
const rowCache = new WeakMap<ResourceDef, RowSchema>();
/** A record as the API sends it: camelCase fields, ISO times, the label of every reference, no secret. */
export function resourceRow(def: ResourceDef): RowSchema {
  let s = rowCache.get(def);
  if (s) return s;
  const shape: Record<string, z.ZodType> = {};
  for (const f of allFields(def)) {
    if (f.secret || f.kind === 'password' || f.kind === 'secret') continue;
    shape[f.name] = f.name === 'id' ? z.number().int() : valueSchema(f).nullable();
    if (f.kind === 'ref') shape[`${f.name}Label`] = z.string().nullable().optional();
  }
  s = z.object(shape).loose().meta({ id: `${cap(def.name)}Row` }) as unknown as RowSchema;
  rowCache.set(def, s);
  return s;
}

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The live ETA of a dispatch order (server fleet/geofence.ts): from its newest position to the next delivery station not reached yet. */
export const LiveEta = z
  .object({
    stationId: z.number().int().nullable().describe('the delivery station it is heading for (null: every delivery station reached)'),
    stationName: z.string().nullable(),
    distanceKm: z.number().nullable().describe('straight-line distance from the newest position, km (0.1)'),
    eta: z.string().nullable().describe('the newest position time + distance / the configured average speed (tms.eta.speedKmh, default 60 km/h)'),
    positionAt: z.string().describe('reported time of the position it was computed from'),
    arrivingAt: z.string().nullable().describe("when the one 'arriving' event was raised (ETA under tms.eta.arrivingMinutes, default 30)"),
    speedKmh: z.number().nullable().describe("the vehicle's recent speed the ETA used, km/h (smoothed over about 20 minutes, from tms.eta.speedKmh)"),
  })
  .meta({ id: 'LiveEta' });

/** What the get answer of a resource adds to its row (sections a server hook adds), by resource name: see resourceGet. */
const DETAIL_EXTRAS: Record<string, z.ZodRawShape> = {};
const detailCache = new WeakMap<ResourceDef, RowSchema>();
/** The get answer of a resource: its row, with the detail sections declared in DETAIL_EXTRAS. */
export function resourceDetail(def: ResourceDef): RowSchema {
  const extra = DETAIL_EXTRAS[def.name];
  if (!extra) return resourceRow(def);
  let s = detailCache.get(def);
  if (!s) detailCache.set(def, (s = resourceRow(def).extend(extra).loose().meta({ id: `${cap(def.name)}Detail` }) as unknown as RowSchema));
  return s;
}

/** A filter value in a query string, described by the field's kind (checked by the engine, which names the filter). */
function filterSchema(f: FieldDef): z.ZodType {
  const s = z.string();
  switch (f.kind) {
    case 'int':
    case 'ref':
    case 'decimal':
      return s.describe(f.search === 'in' ? 'numbers, comma separated' : 'a number');
    case 'boolean':
      return s.describe('true or false');
    case 'date':
    case 'datetime':
      return s.describe('ISO-8601');
    default:
      return s.describe(f.search === 'like' ? 'contains (case-insensitive)' : f.search === 'in' ? 'values, comma separated' : 'equals');
  }
}

const ListQueryBase = PageParams.extend(LangQuery.shape).loose();
export type ListQuery = z.output<typeof ListQueryBase>;
const listCache = new WeakMap<ResourceDef, typeof ListQueryBase>();
/** The list's query: paging, sorting (sortable fields) and a filter per searchable field (ranges as `<field>Begin` / `<field>End`). */
export function resourceListQuery(def: ResourceDef): typeof ListQueryBase {
  let s = listCache.get(def);
  if (s) return s;
  const shape: Record<string, z.ZodType> = {};
  for (const f of allFields(def)) {
    if (!f.search) continue;
    if (f.search === 'range') {
      shape[`${f.name}Begin`] = filterSchema(f).optional();
      shape[`${f.name}End`] = filterSchema(f).optional();
    } else shape[f.name] = filterSchema(f).optional();
  }
  const sortable = allFields(def).filter((f) => isSortable(f) || ['id', 'createTime', 'updateTime'].includes(f.name)).map((f) => f.name);
  // the legacy spelling params[beginX] / params[endX] of ranges passes through (loose)
  s = PageParams.extend({ ...LangQuery.shape, orderByColumn: z.string().max(60).optional().describe(`one of: ${sortable.join(', ')}`), ...shape }).loose() as unknown as typeof ListQueryBase;
  listCache.set(def, s);
  return s;
}

/** Create / update bodies: the definition's form fields (update: with `id` and the `version` read). Other keys pass through to the resource's hooks. */
export function resourceBody(def: ResourceDef, mode: 'create' | 'update'): ResourceBodySchema {
  return bodySchema(def, mode).loose() as unknown as ResourceBodySchema;
}
export type ResourceBodySchema = z.ZodObject<Record<string, z.ZodType>, z.core.$loose>;

/** The body of a write that takes none (absent, or an empty object). */
export const NoBody = z.object({}).nullish().meta({ description: 'no input: send no body or {}' });
export const StatusBody = z.object({ id: intText(1), status: z.enum(['0', '1'], { error: 'validation.invalid' }) });
export const IdsBody = z.object({ ids: IdList });
/** Removal: ids in the query string (`?ids=1,2`) or in the body. */
export const RemoveQuery = z.object({ ids: IdList.optional() });
export const RemoveBody = z.object({ ids: IdList.optional() }).loose().nullish();
export const ImportQuery = z.object({ commit: z.enum(['true', 'false']).optional(), lang: z.string().max(10).optional() });
/** An .xlsx upload (multipart/form-data, one part named `file`). */
export const FileUpload = z.object({ file: z.string().meta({ format: 'binary' }) }).meta({ id: 'FileUpload' });
export const ImportPreview = z
  .object({
    total: z.number().int(),
    errors: z.number().int(),
    headers: z.array(z.object({ name: z.string(), label: z.string() })),
    rows: z.array(z.object({ rowNum: z.number().int(), raw: z.record(z.string(), z.unknown()), errors: z.record(z.string(), z.string()) })),
    committed: z.boolean(),
  })
  .meta({ id: 'ImportPreview' });
export const Removed = z.object({ removed: z.number().int() });
export const Changed = z.object({ changed: z.number().int() });

/** The permission of a generic route (re-exported for the client's gating). */
export const resourcePermission = (def: ResourceDef, action: Action) => permissionOf(def, action);

/** Types of a resource's records and bodies for clients that hold the definition statically. */
export type ResourceRow = z.output<ReturnType<typeof resourceRow>>;

// ---------------------------------------------------------------------------
// Endpoints: one object per route, read by the server (route registration, validation, document) and by
// the web client (path, method, input and answer types). Paths are below /api, as the web client writes them.

/** A file answer (export, template, picture): its content types. */
export interface BinaryAnswer {
  binary: string[];
  /** what the answer is (default: 'The file') */
  description?: string;
}
export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | BinaryAnswer = z.ZodType | BinaryAnswer,
> {
  method: 'GET' | 'POST';
  /** below /api; `:name` for path parameters */
  path: string;
  /** unique and stable: `<area>.<action>` */
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** 'public', 'authenticated', a permission key, or another principal's (e.g. 'driver:app') */
  permission: string;
  params?: P;
  querystring?: Q;
  /** a zod schema, or 'upload' for a multipart/form-data file */
  body?: B | 'upload';
  response: R;
}
/** Declares an endpoint with its types kept (see Endpoint). */
export const endpoint = <P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, R extends z.ZodType | BinaryAnswer = z.ZodType>(
  e: Endpoint<P, Q, B, R>,
): Endpoint<P, Q, B, R> => e;

export const XLSX_ANSWER: BinaryAnswer = { binary: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] };

/** The English name of a resource for summaries (its key when it has none). */
let resourceName: (def: ResourceDef) => string = (def) => def.name;
export function setResourceNamer(fn: (def: ResourceDef) => string): void {
  resourceName = fn;
}

/** The generic routes of a resource (whether each exists follows the definition's features). */
export function resourceEndpoints(def: ResourceDef) {
  let e = endpointCache.get(def) as ReturnType<typeof makeResourceEndpoints> | undefined;
  if (!e) endpointCache.set(def, (e = makeResourceEndpoints(def)));
  return e;
}
const endpointCache = new WeakMap<ResourceDef, unknown>();
function makeResourceEndpoints(def: ResourceDef) {
  const name = resourceName(def);
  const tags = [def.name];
  const op = (action: string) => `${def.name}.${action}`;
  const p = (a: Action) => permissionOf(def, a);
  const Row = resourceRow(def);
  const ListQuery = resourceListQuery(def);
  const base = def.path;
  return {
    list: endpoint({ method: 'GET', path: `${base}/list`, operationId: op('list'), summary: `List ${name} records (paged, filtered, sorted)`, tags, permission: p('query'), querystring: ListQuery, response: pageOf(Row) }),
    get: endpoint({ method: 'GET', path: `${base}/get/:id`, operationId: op('get'), summary: `Get one ${name} record`, tags, permission: p('query'), params: IdParams, response: okOf(resourceDetail(def)) }),
    save: endpoint({ method: 'POST', path: `${base}/save`, operationId: op('save'), summary: `Create a ${name} record`, tags, permission: p('add'), body: resourceBody(def, 'create'), response: okOf(Row) }),
    update: endpoint({ method: 'POST', path: `${base}/update`, operationId: op('update'), summary: `Update a ${name} record (with the version read)`, tags, permission: p('edit'), body: resourceBody(def, 'update'), response: okOf(Row) }),
    remove: endpoint({ method: 'POST', path: `${base}/remove`, operationId: op('remove'), summary: `Remove ${name} records (ids in the query or the body; all or nothing)`, tags, permission: p('delete'), querystring: RemoveQuery, body: RemoveBody, response: okOf(Removed) }),
    removeById: endpoint({ method: 'POST', path: `${base}/remove/:id`, operationId: op('removeById'), summary: `Remove one ${name} record`, tags, permission: p('delete'), params: IdParams, body: NoBody, response: okOf(Removed) }),
    status: endpoint({ method: 'POST', path: `${base}/status`, operationId: op('status'), summary: `Enable ('0') or disable ('1') a ${name} record`, description: 'Disabling also needs the `disable` permission of the resource.', tags, permission: p('enable'), body: StatusBody, response: okOf(Row) }),
    effect: endpoint({ method: 'POST', path: `${base}/effect`, operationId: op('effect'), summary: `Take effect: ${name} records (all or nothing)`, tags, permission: p('enable'), querystring: RemoveQuery, body: RemoveBody, response: okOf(Changed) }),
    uneffect: endpoint({ method: 'POST', path: `${base}/uneffect`, operationId: op('uneffect'), summary: `Lose effect: ${name} records (all or nothing)`, tags, permission: p('disable'), querystring: RemoveQuery, body: RemoveBody, response: okOf(Changed) }),
    export: endpoint({ method: 'GET', path: `${base}/export`, operationId: op('export'), summary: `Export the filtered ${name} list as .xlsx`, tags, permission: p('export'), querystring: ListQuery, response: XLSX_ANSWER }),
    importTemplate: endpoint({ method: 'GET', path: `${base}/importTemplate`, operationId: op('importTemplate'), summary: `The .xlsx import template of ${name}`, tags, permission: p('import'), querystring: LangQuery, response: XLSX_ANSWER }),
    import: endpoint({ method: 'POST', path: `${base}/import`, operationId: op('import'), summary: `Import ${name} records from .xlsx: a per-row preview, or (commit=true) all or nothing`, tags, permission: p('import'), querystring: ImportQuery, body: 'upload', response: okOf(ImportPreview) }),
  };
}
export type ResourceEndpoints = ReturnType<typeof resourceEndpoints>;

/** A resource's get answer with the sections its server hook adds to the row. */
type DetailAnswer<S extends z.ZodRawShape> = z.ZodObject<{ code: z.ZodLiteral<0>; msg: z.ZodString; data: z.ZodObject<{ id: z.ZodNumber } & S, z.core.$loose> }>;
/**
 * Declares the sections a resource's get answer adds to its row (its server hook's afterGet) and answers its get
 * endpoint, typed with them. Its contract module calls it as it loads.
 */
export function resourceGet<S extends z.ZodRawShape>(def: ResourceDef, sections: S): Endpoint<typeof IdParams, undefined, undefined, DetailAnswer<S>> {
  // Made before (a bundle may evaluate this module after a screen made the resource's endpoints): made again with the
  // sections. Only the document's answer schema depends on them; the server loads every contract before its routes.
  endpointCache.delete(def);
  detailCache.delete(def);
  DETAIL_EXTRAS[def.name] = sections;
  const get = resourceEndpoints(def).get;
  // the same endpoint the server registers: resourceDetail built its answer from these sections at run time, which
  // TypeScript cannot follow through DETAIL_EXTRAS, so the answer's type is said here
  return { ...get, response: get.response as z.ZodType as DetailAnswer<S> };
}
