/**
 * Typed calls of a generic resource's routes (list / get / save / update / remove / status / effect / export /
 * import), from its definition in @tms/domain: the paths come from the definition (`resourceEndpoints(def)`, the
 * same objects the server registers the routes from), the rows are typed by the definition's row schema
 * (`resourceRow(def)`), the inputs by its query and body schemas. Instead of `list<Row>('/x/y/list', query)`:
 * `resourceCalls(getResource('y')).list(query)`.
 */
import type { z } from 'zod';
import { LIMITS, resourceEndpoints, type ResourceDef, type ResourceEndpoints } from '@tms/domain';
import { saveResponse, type RequestOptions } from './http.ts';
import { call, callData, type AnswerOf, type DataOf } from './api.ts';

type E = ResourceEndpoints;
type QueryOf<K extends keyof E> = E[K] extends { querystring?: infer Q } ? (Q extends z.ZodType ? z.input<Q> : never) : never;
type BodyOf<K extends keyof E> = E[K] extends { body?: infer B } ? (B extends z.ZodType ? z.input<B> : never) : never;

/** The list's query: paging, sorting and the resource's filters. */
export type ResourceListQuery = QueryOf<'list'>;
/** A page of a resource's list (`rows` typed by its row schema, `total`; extra members of the answer stay). */
export type ResourceListAnswer = AnswerOf<E['list']> & Record<string, unknown>;
/** The preview (or the result, on commit) of an import. */
export type ResourceImportPreview = DataOf<E['import']>;
/** A record as the list and the writes answer it. */
export type ResourceRecord = ResourceListAnswer['rows'][number];

function make(def: ResourceDef) {
  const e = resourceEndpoints(def);
  return {
    /** the definition's endpoints, for what the helpers below do not cover */
    endpoints: e,
    /** a page of the list */
    list: (query: ResourceListQuery = {}, opts?: RequestOptions): Promise<ResourceListAnswer> => call(e.list, { query }, opts),
    /** every row of the list, page after page of the server's largest page */
    all: async (query: ResourceListQuery = {}, opts?: RequestOptions): Promise<ResourceRecord[]> => {
      const pageSize = LIMITS.pageSizeMax;
      const first = await call(e.list, { query: { ...query, pageNum: 1, pageSize } }, opts);
      const rows = [...first.rows];
      for (let pageNum = 2; rows.length < first.total && (pageNum - 1) * pageSize < first.total; pageNum++) rows.push(...(await call(e.list, { query: { ...query, pageNum, pageSize } }, opts)).rows);
      return rows;
    },
    /** one record (with the detail sections of its get answer) */
    get: (id: number, opts?: RequestOptions): Promise<DataOf<E['get']>> => callData(e.get, { params: { id } }, opts),
    /** creates a record; `update` changes one (its id and the version read in the body) */
    save: (body: BodyOf<'save'>, opts?: RequestOptions): Promise<ResourceRecord> => callData(e.save, { body }, opts),
    update: (body: BodyOf<'update'>, opts?: RequestOptions): Promise<ResourceRecord> => callData(e.update, { body }, opts),
    /** removes records (all or nothing) */
    remove: (ids: number[], opts?: RequestOptions) => call(e.remove, { query: { ids: ids.join(',') } }, opts),
    /** enables ('0') or disables ('1') a record */
    status: (id: number, on: boolean, opts?: RequestOptions) => call(e.status, { body: { id, status: on ? '0' : '1' } }, opts),
    /** takes effect (on) or loses effect: records, all or nothing */
    effect: (ids: number[], on: boolean, opts?: RequestOptions) => call(e[on ? 'effect' : 'uneffect'], { body: { ids } }, opts),
    /** saves the filtered list as .xlsx under `filename` */
    export: async (query: QueryOf<'export'>, filename: string) => saveResponse(await call(e.export, { query }), filename),
    /** saves the import template under `filename` */
    importTemplate: async (filename: string) => saveResponse(await call(e.importTemplate), filename),
    /** sends an .xlsx (a form with its part `file`): the per-row preview, or (commit) the import, all or nothing */
    import: (form: FormData, commit: boolean, opts?: RequestOptions): Promise<ResourceImportPreview> => callData(e.import, { query: commit ? { commit: 'true' } : {}, body: form }, opts),
  };
}

export type ResourceCalls = ReturnType<typeof make>;
const cache = new WeakMap<ResourceDef, ResourceCalls>();

/** The typed calls of a resource's generic routes (one object per definition). */
export function resourceCalls(def: ResourceDef): ResourceCalls {
  let c = cache.get(def);
  if (!c) cache.set(def, (c = make(def)));
  return c;
}
