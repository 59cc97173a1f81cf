/**
 * The generic resource engine (server half): from one ResourceDef it mounts
 * list / get / save / update / remove / status / effect / uneffect / export / importTemplate / import,
 * with validation, permission checks, data scope, optimistic locking and operation logs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  allFields,
  bodySchema,
  columnOf,
  issueToError,
  isSortable,
  permissionOf,
  resourceByName,
  sharedLocales,
  resourceEndpoints,
  setResourceNamer,
  type FieldDef,
  type ResourceBodySchema,
  type ResourceDef,
} from '@tms/domain';
import type { Db, Queryable } from './db.ts';
import { LAG_HEADER } from './replica.ts';
import { AppError, badRequest, conflict, forbidden, notFound, type FieldMessage } from './errors.ts';
import { idList, intParam, ok, page } from './http.ts';
import { onValidationError, route } from './contract.ts';
import { centerOf, hasPermission, hashPassword, requireCaller, type Caller } from './auth.ts';
import { mutate } from './audit.ts';
import { exportWorkbook, importTemplate, readImportUpload, type ImportRow } from './excel.ts';
import { translate } from './i18n.ts';
import type { Secrets } from './secrets.ts';
import type { z } from 'zod';


const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

export type Row = Record<string, unknown>;

/** A record as the API sends it: always with its id. */
export type ApiRow = Row & { id: number };

/** Per resource, what toApi copies: each field's name, column, whether a time, and (references) label keys, worked out once. */
const apiShapes = new WeakMap<ResourceDef, { name: string; column: string; time: boolean; label: [string, string] | null }[]>();
function apiShape(def: ResourceDef) {
  let shape = apiShapes.get(def);
  if (!shape) {
    shape = allFields(def)
      .filter((f) => !(f.secret || f.kind === 'password' || f.kind === 'secret'))
      .map((f) => ({ name: f.name, column: columnOf(f), time: f.kind === 'datetime', label: f.kind === 'ref' ? ([`${f.name}__label`, `${f.name}Label`] as [string, string]) : null }));
    apiShapes.set(def, shape);
  }
  return shape;
}

/**
 * Per resource, toApi compiled once from its shape: a function of one statement per field, with the field's keys as
 * constants (a list converts thousands of rows a second: no loop over the shape, every object built the same way).
 */
const apiCopiers = new WeakMap<ResourceDef, (row: Row) => ApiRow>();
function apiCopier(def: ResourceDef): (row: Row) => ApiRow {
  let copy = apiCopiers.get(def);
  if (!copy) {
    const k = JSON.stringify;
    const body = apiShape(def).map(
      (f) =>
        `v = r[${k(f.column)}]; o[${k(f.name)}] = v instanceof Date ? v.toISOString() : v ?? null;` +
        (f.label ? ` if (${k(f.label[0])} in r) o[${k(f.label[1])}] = r[${k(f.label[0])}] ?? null;` : ''),
    );
    copy = new Function('r', `const o = {}; let v;\n${body.join('\n')}\nreturn o;`) as (row: Row) => ApiRow;
    apiCopiers.set(def, copy);
  }
  return copy;
}

/**
 * A hot list's rows read as arrays (pg's `rowMode: 'array'`) and converted by position: `apiSelectList(def)` reads the
 * columns toApi copies, in its order, each reference's label after it, a time (kind `datetime`, a `timestamptz`) as the
 * text `toISOString` writes (UTC, milliseconds); `apiRows(def, rows)` makes of them what `toApi` makes of the rows of
 * `selectList`. The order list (issue 20): no Date parsed and written back, no row object of 80 keys built and read
 * again: 0.6–1.1 ms of the server's CPU per list of 20 orders instead of 1.1–1.5 ms, the same in PostgreSQL
 * (bench/README.md, session 19). Each column keeps its name (an ORDER BY over the rows names columns; a time then sorts
 * as its text, the same order to the millisecond, ties by id as before). `joined`: the
 * labels read from the left joins of apiLabelJoins(def), which the statement puts after its `t`. orders.test.ts holds
 * apiRows to toApi for every resource, both ways.
 */
export function apiSelectList(def: ResourceDef, joined = false): string {
  const cache = joined ? apiJoinedSelectLists : apiSelectLists;
  let list = cache.get(def);
  if (list === undefined) {
    // each label: its subquery, or (joined) the column of its left join (apiLabelJoins)
    const labels = joined ? new Map(labelReads(def).map((l, i) => [l.field, `l${i}.${l.column} as ${l.as}`])) : labelSelects(def);
    list = apiShape(def)
      .flatMap((f) => {
        const c = `t.${q(f.column)}`;
        const v = f.time ? `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${q(f.column)}` : c;
        const label = labels.get(f.name);
        return label ? [v, label] : [v];
      })
      .join(', ');
    cache.set(def, list);
  }
  return list;
}
const apiJoinedSelectLists = new WeakMap<ResourceDef, string>();
const apiSelectLists = new WeakMap<ResourceDef, string>();

/**
 * The rows of `apiSelectList(def)` in the API shape: what toApi makes of the same rows read as objects. Read as arrays
 * (`arrays`, db.ts) on PostgreSQL; as objects on PGlite, which toApi converts by name.
 */
export function apiRows(def: ResourceDef, rows: unknown[]): ApiRow[] {
  if (rows.length && !Array.isArray(rows[0])) return rows.map((r) => toApi(def, r as Row));
  let copy = arrayCopiers.get(def);
  if (!copy) {
    const k = JSON.stringify;
    // the fields whose label apiSelectList reads, right after them
    const labelled = new Set(labelReads(def).map((l) => l.field));
    let i = 0;
    const body = apiShape(def).map((f) => {
      const at = i++;
      const value = `v = r[${at}]; o[${k(f.name)}] = v instanceof Date ? v.toISOString() : v ?? null;`;
      return f.label && labelled.has(f.name) ? `${value} o[${k(f.label[1])}] = r[${i++}] ?? null;` : value;
    });
    copy = new Function('r', `const o = {}; let v;\n${body.join('\n')}\nreturn o;`) as (row: unknown[]) => ApiRow;
    arrayCopiers.set(def, copy);
  }
  return (rows as unknown[][]).map(copy);
}
const arrayCopiers = new WeakMap<ResourceDef, (row: unknown[]) => ApiRow>();

/** Converts a DB row to the API shape: camelCase, ISO times, secrets dropped; the references' labels when read. */
export function toApi(def: ResourceDef, row: Row): ApiRow {
  return apiCopier(def)(row);
}

/** The record a reference field points at and the field that names it (its label in a list), if it has one. */
function labelOf(f: FieldDef): { target: ResourceDef; label: FieldDef } | null {
  if (f.kind !== 'ref' || !f.ref) return null;
  const target = resourceByName.get(f.ref);
  const label = target && allFields(target).find((x) => x.name === target.labelField);
  return target && label ? { target, label } : null;
}

/**
 * The select list of a resource: its columns plus the label of every referenced record. `center`, when given, adds the
 * caller's center to the statement's parameters and answers its placeholder: the rows read are in the caller's scope,
 * so a record without a center of its own (a statement line) has its scoping parent (the statement) in that center.
 */
export function selectList(def: ResourceDef, center?: () => string): string {
  if (center) return selectListOf(def, center);
  let list = selectLists.get(def);
  if (list === undefined) selectLists.set(def, (list = selectListOf(def)));
  return list;
}
/** Per resource, its select list without the caller's center (worked out once). */
const selectLists = new WeakMap<ResourceDef, string>();
function selectListOf(def: ResourceDef, center?: () => string): string {
  return ['t.*', ...labelSelects(def, center).values()].join(', ');
}

/**
 * The label of every referenced record a list shows, by reference field: `(select r.<label> from <target> r where …) as
 * "<field>__label"` (see selectList for `center`).
 */
function labelSelects(def: ResourceDef, center?: () => string): Map<string, string> {
  return new Map(labelReads(def, center).map((l) => [l.field, `(select r.${l.column} from ${l.table} r where r."id" = t.${l.fk}${l.match('r')}) as ${l.as}`]));
}

/** How each reference field's label is read: its table and column, the row's column naming it, and the center's match. */
function labelReads(def: ResourceDef, center?: () => string) {
  const out: { field: string; table: string; column: string; fk: string; as: string; match: (alias: string) => string }[] = [];
  for (const f of def.fields) {
    const labelled = labelOf(f);
    if (!labelled) continue;
    const { target, label } = labelled;
    // a record of a center points at records of its own center: said, so that a distributed database joins in one shard;
    // a record scoped by its parent only (no center column) has the parent in the caller's center, the scope says so
    const parentOnly = !def.scope?.dispatchCenter && def.scope?.parent?.resource === target.name && def.scope.parent.column === columnOf(f);
    let match = (_alias: string) => '';
    if (def.scope?.dispatchCenter && target.scope?.dispatchCenter) match = (r) => ` and ${r}.${q(target.scope!.dispatchCenter!)} = t.${q(def.scope!.dispatchCenter!)}`;
    else if (parentOnly && center && target.scope?.dispatchCenter) {
      const at = center();
      match = (r) => ` and ${r}.${q(target.scope!.dispatchCenter!)} = ${at}`;
    }
    out.push({ field: f.name, table: q(target.table), column: q(columnOf(label)), fk: q(columnOf(f)), as: q(f.name + '__label'), match });
  }
  return out;
}

/**
 * The labels of apiSelectList(def, true): one left join a reference (`left join <target> l<n> on l<n>."id" = t.<fk>`), after
 * the row's `t` in the FROM. PostgreSQL reads a page's repeated references once (a Memoize over the index probe, or a
 * small table kept in memory): half the backend's CPU of an order list page (10 labels a row: 0.31–0.34 against
 * 0.68–0.77 ms). Planning the joins costs more (2.7 against 0.4 ms): for a statement kept prepared (planned once per
 * connection).
 */
export function apiLabelJoins(def: ResourceDef): string {
  let joins = apiLabelJoinLists.get(def);
  if (joins === undefined) {
    joins = labelReads(def)
      .map((l, i) => `left join ${l.table} l${i} on l${i}."id" = t.${l.fk}${l.match(`l${i}`)}`)
      .join(' ');
    apiLabelJoinLists.set(def, joins);
  }
  return joins;
}
const apiLabelJoinLists = new WeakMap<ResourceDef, string>();

export interface ScopeSql {
  where: string[];
  params: unknown[];
}

/** Data scope of a resource for a caller: the session's dispatch center (for everyone), data groups (non-admins). */
export function scopeOf(def: ResourceDef, caller: Caller, params: unknown[], alias = ''): string[] {
  return scopeParts(def, caller, params, alias).map((x) => x.sql);
}

/** The conditions of `scopeOf`, each with the column of the record it restricts. */
function scopeParts(def: ResourceDef, caller: Caller, params: unknown[], alias = ''): { column: string; sql: string }[] {
  const parts: { column: string; sql: string }[] = [];
  const p = alias ? alias + '.' : '';
  if (def.scope?.dispatchCenter) {
    params.push(caller.dispatchCenterId ?? -1);
    parts.push({ column: def.scope.dispatchCenter, sql: `${p}${q(def.scope.dispatchCenter)} = $${params.length}` });
  }
  const parent = def.scope?.parent && resourceByName.get(def.scope.parent.resource);
  if (parent && def.scope?.parent) {
    const inner = scopeOf(parent, caller, params, 'sp');
    if (inner.length) parts.push({ column: def.scope.parent.column, sql: `${p}${q(def.scope.parent.column)} in (select sp."id" from ${q(parent.table)} sp where ${inner.join(' and ')})` });
  }
  if (!caller.isAdmin) {
    for (const [kind, col] of [
      ['CLIENT', def.scope?.client],
      ['CARRIER', def.scope?.carrier],
      ['ZONE', def.scope?.zone],
    ] as const) {
      if (!col) continue;
      // A user whose data groups bind nothing of this kind sees every record of it; otherwise only the bound ones.
      params.push(caller.userId, kind);
      const u = `$${params.length - 1}`;
      const k = `$${params.length}`;
      const bound = `select b.target_id from sys_user_data_group g join sys_data_group_bind b on b.data_group_id = g.data_group_id where g.user_id = ${u} and b.target_type = ${k}`;
      const open = def.scope?.openWhenNull ? ` or ${p}${q(col)} is null` : '';
      parts.push({ column: col, sql: `(not exists (${bound})${open} or ${p}${q(col)} in (${bound}))` });
    }
    const userCol = def.scope?.user;
    const users = userCol && resourceByName.get('user');
    if (userCol && users) {
      const inner = scopeOf(users, caller, params, 'su');
      if (inner.length) parts.push({ column: userCol, sql: `${p}${q(userCol)} in (select su."user_name" from "sys_user" su where ${inner.join(' and ')})` });
    }
    const deptCol = def.scope?.dept;
    if (deptCol && !caller.dataScopes.includes('1')) {
      // roles' data scopes add up: a record is visible when any of them allows it
      const any: string[] = [];
      for (const ds of new Set(caller.dataScopes)) {
        if (ds === '2') {
          // the departments of the caller's enabled roles whose scope is 'custom' (a disabled role grants nothing)
          params.push(caller.userId);
          any.push(
            `${p}${q(deptCol)} in (select rd.dept_id from sys_role_dept rd join sys_user_role ur on ur.role_id = rd.role_id` +
              ` join sys_role r on r.id = rd.role_id and r.status = '0' and r.data_scope = '2' where ur.user_id = $${params.length})`,
          );
        } else if (ds === '3') {
          params.push(caller.deptId ?? -1);
          any.push(`${p}${q(deptCol)} = $${params.length}`);
        } else if (ds === '4') {
          params.push(caller.deptId ?? -1);
          any.push(`${p}${q(deptCol)} in (with recursive d(id) as (select $${params.length}::bigint union all select c.id from sys_dept c join d on c.parent_id = d.id) select id from d)`);
        } else if (ds === '5' && def.scope?.self) {
          params.push(caller.userName);
          any.push(`${p}${q(def.scope.self)} = $${params.length}`);
        }
      }
      parts.push({ column: deptCol, sql: any.length ? `(${any.join(' or ')})` : 'false' });
    }
  }
  return parts;
}

/**
 * A write may only create or leave records inside the caller's scope (dispatch center, data groups, departments):
 * checked on the rows as they are after the write, in its transaction. A row outside answers 403 naming the fields
 * that put it there, and the transaction rolls back.
 */
export async function assertWrittenInScope(db: Queryable, def: ResourceDef, caller: Caller, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const params: unknown[] = [];
  const parts = scopeParts(def, caller, params, 't');
  if (!parts.length) return;
  params.push(ids);
  const r = await db.query<Row>(
    `select ${parts.map((x, i) => `coalesce((${x.sql}), false) as c${i}`).join(', ')} from ${q(def.table)} t where t."id" = any($${params.length})`,
    params,
  );
  const errors: Record<string, FieldMessage> = {};
  for (const row of r.rows) {
    parts.forEach((x, i) => {
      if (row[`c${i}`] === true) return;
      const f = def.fields.find((fd) => columnOf(fd) === x.column);
      errors[f?.name ?? x.column] = { key: 'messages.outsideScope' };
    });
  }
  if (Object.keys(errors).length) throw new AppError(403, 'messages.outsideScope', undefined, errors);
}

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

function coerceFilter(f: FieldDef, raw: string): unknown {
  switch (f.kind) {
    case 'int':
    case 'ref':
    case 'decimal': {
      const n = Number(raw);
      if (!Number.isFinite(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER) throw badRequest('messages.badFilter', { [f.name]: { key: 'validation.number' } }, { field: f.name });
      return n;
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw badRequest('messages.badFilter', { [f.name]: { key: 'validation.boolean' } }, { field: f.name });
      return raw === 'true';
    case 'datetime':
    case 'date': {
      const d = new Date(raw);
      if (Number.isNaN(d.getTime())) throw badRequest('messages.badFilter', { [f.name]: { key: 'validation.datetime' } }, { field: f.name });
      return f.kind === 'date' ? raw.slice(0, 10) : d;
    }
    default:
      if (raw.length > 200) throw badRequest('messages.badFilter', { [f.name]: { key: 'validation.maxLength' } }, { field: f.name });
      return raw;
  }
}

/** The bounds a request gives a range filter (`orderDateBegin` / `params[beginOrderDate]` …), coerced; null when absent. */
export function rangeOf(f: FieldDef, query: Record<string, unknown>): [unknown, unknown] {
  const cap = f.name[0]!.toUpperCase() + f.name.slice(1);
  const b = query[`${f.name}Begin`] ?? query[`params[begin${cap}]`];
  const e = query[`${f.name}End`] ?? query[`params[end${cap}]`];
  return [typeof b === 'string' && b ? coerceFilter(f, b) : null, typeof e === 'string' && e ? coerceFilter(f, e) : null];
}

/** Builds the WHERE of a list from the query string; only fields the definition allows. */
export function listWhere(def: ResourceDef, caller: Caller, query: Record<string, unknown>, params: unknown[]): string[] {
  const where = scopeOf(def, caller, params);
  for (const f of allFields(def)) {
    if (!f.search) continue;
    const col = q(columnOf(f));
    if (f.search === 'range') {
      const [b, e] = rangeOf(f, query);
      if (b !== null) {
        params.push(b);
        where.push(`${col} >= $${params.length}`);
      }
      if (e !== null) {
        params.push(e);
        where.push(`${col} <= $${params.length}`);
      }
      continue;
    }
    const raw = query[f.name];
    if (raw === undefined || raw === null || raw === '') continue;
    if (typeof raw !== 'string') throw badRequest('messages.badFilter', { [f.name]: { key: 'validation.invalid' } }, { field: f.name });
    if (f.search === 'like') {
      params.push(`%${escapeLike(String(coerceFilter(f, raw)))}%`);
      where.push(`${col}::text ilike $${params.length}`);
    } else if (f.search === 'in') {
      params.push(raw.split(',').map((x) => coerceFilter(f, x)));
      where.push(`${col} = any($${params.length})`);
    } else {
      params.push(coerceFilter(f, raw));
      where.push(`${col} = $${params.length}`);
    }
  }
  return where;
}

/**
 * Whether a list request filters by equalities alone (no range, text search or set of values): the statements of such a
 * request may keep one plan for any values (a prepared statement's generic plan: each filter has its index, whatever
 * the value), where a range's best plan depends on how wide it is (a day two years back and the last year want others).
 */
export function equalityFiltersOnly(def: ResourceDef, query: Record<string, unknown>): boolean {
  for (const f of allFields(def)) {
    if (!f.search || f.search === 'eq') continue;
    if (f.search === 'range') {
      const [b, e] = rangeOf(f, query);
      if (b !== null || e !== null) return false;
    } else if (query[f.name] !== undefined && query[f.name] !== null && query[f.name] !== '') return false;
  }
  return true;
}

export function orderBy(def: ResourceDef, query: Record<string, unknown>): string {
  const by = query.orderByColumn;
  const dir = query.isAsc === 'desc' || query.isAsc === 'descending' ? 'desc' : query.isAsc === undefined || query.isAsc === '' || query.isAsc === 'asc' || query.isAsc === 'ascending' ? 'asc' : null;
  if (dir === null) throw badRequest('messages.badSort', { isAsc: { key: 'validation.invalid' } }, { field: String(query.isAsc) });
  if (by !== undefined && by !== '') {
    const f = allFields(def).find((x) => x.name === by || columnOf(x) === by);
    if (!f || !(isSortable(f) || f.name === 'id' || f.name === 'createTime' || f.name === 'updateTime')) {
      throw badRequest('messages.badSort', { orderByColumn: { key: 'validation.invalid' } }, { field: String(by).slice(0, 60) });
    }
    return `order by ${q(columnOf(f))} ${dir}, "id" ${dir}`;
  }
  const s = def.defaultSort ?? { field: 'id', order: 'desc' };
  const f = allFields(def).find((x) => x.name === s.field)!;
  return `order by ${q(columnOf(f))} ${s.order}, "id" ${s.order}`;
}

export async function listRows(db: Queryable, def: ResourceDef, caller: Caller, query: Record<string, unknown>, limit: number, offset: number) {
  const params: unknown[] = [];
  const where = listWhere(def, caller, query, params);
  const w = where.length ? 'where ' + where.join(' and ') : '';
  const ord = orderBy(def, query);
  const filtered = params.length;
  const select = selectList(def, callerCenter(caller, params));
  params.push(limit, offset);
  const r = await db.query<Row & { __total: number }>(
    `select ${select}, count(*) over() as __total from ${q(def.table)} t ${w} ${ord} limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  let total = r.rows[0]?.__total ?? 0;
  if (!r.rows.length && offset > 0) {
    const c = await db.query<{ n: number }>(`select count(*)::int8 as n from ${q(def.table)} ${w}`, params.slice(0, filtered));
    total = c.rows[0]!.n;
  }
  return { rows: r.rows, total: Number(total) };
}

export async function getInScope(db: Queryable, def: ResourceDef, caller: Caller, id: number, forUpdate = false): Promise<Row> {
  const params: unknown[] = [id];
  const where = ['"id" = $1', ...scopeOf(def, caller, params)];
  const r = await db.query<Row>(`select ${forUpdate ? 't.*' : selectList(def, callerCenter(caller, params))} from ${q(def.table)} t where ${where.join(' and ')}${forUpdate ? ' for update' : ''}`, params);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/** For `selectList`: adds the caller's center to `params` (once, when a label needs it) and answers its placeholder. */
function callerCenter(caller: Caller, params: unknown[]): () => string {
  let n = 0;
  return () => `$${(n ||= params.push(centerOf(caller)))}::bigint`;
}

/** Locks the rows of a bulk action in one statement; any id outside the caller's scope answers 404 and nothing changes. */
export async function getManyInScope(db: Queryable, def: ResourceDef, caller: Caller, ids: number[]): Promise<Row[]> {
  const params: unknown[] = [ids];
  const where = ['"id" = any($1)', ...scopeOf(def, caller, params)];
  const r = await db.query<Row>(`select t.* from ${q(def.table)} t where ${where.join(' and ')} order by "id" for update`, params);
  if (r.rows.length !== ids.length) throw notFound();
  return r.rows;
}

/**
 * A reference written by a create / update to a record restricted by the roles' data scope (a user's department,
 * a department's parent) must be one the caller may see: nobody places records outside their own scope.
 * An update that keeps the current value passes (a self-scoped user may keep their department).
 */
async function checkRefsInScope(db: Queryable, def: ResourceDef, caller: Caller, values: Row, existing: Row | null): Promise<void> {
  for (const f of def.fields) {
    let v = values[f.name];
    // a tree node without a parent is a root, which no restricted scope contains
    if (def.tree?.parentField === f.name && (v === null || (v === undefined && !existing))) v = 0;
    if (f.kind !== 'ref' || !f.ref || v === undefined || v === null) continue;
    const target = resourceByName.get(f.ref);
    if (!target?.scope?.dept) continue;
    if (existing && Number(existing[columnOf(f)] ?? 0) === Number(v)) continue;
    const params: unknown[] = [];
    const where = scopeOf(target, caller, params, 't');
    if (!where.length) continue; // the caller sees every record of it
    params.push(v);
    const r = await db.query(`select 1 from ${q(target.table)} t where t."id" = $${params.length} and ${where.join(' and ')}`, params);
    if (!r.rows.length) throw badRequest('messages.validationFailed', { [f.name]: { key: 'validation.invalid' } });
  }
}

/** The 400 of a refused create / update body: one message per field, with the field's limits (max length, bounds, decimals). */
export function bodyIssuesToError(def: ResourceDef, issues: z.core.$ZodIssue[]): AppError {
  const errors: Record<string, FieldMessage> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? 'body');
    if (errors[name]) continue;
    errors[name] = issueToError(def.fields.find((f) => f.name === name), issue);
  }
  return badRequest('messages.validationFailed', errors);
}

/** Validates a create / update body; returns the parsed values or throws 400 with field errors. */
export function parseBody(def: ResourceDef, mode: 'create' | 'update', body: unknown): Row {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest();
  const r = bodySchema(def, mode).safeParse(body);
  if (r.success) return r.data as Row;
  throw bodyIssuesToError(def, r.error.issues);
}

/** The definition's fields of a validated body (what parseBody returns), without the other keys. */
export function formValues(def: ResourceDef, mode: 'create' | 'update', body: Row): Row {
  const keys = Object.keys(bodySchema(def, mode).shape);
  return Object.fromEntries(keys.filter((k) => k in body).map((k) => [k, body[k]]));
}

async function checkUnique(db: Queryable, def: ResourceDef, caller: Caller, values: Row, exceptId: number | null, lang: FastifyRequest['lang']) {
  for (const f of def.fields) {
    if (!f.unique || values[f.name] === undefined || values[f.name] === null) continue;
    const params: unknown[] = [values[f.name]];
    let sql = `select 1 from ${q(def.table)} where ${q(columnOf(f))} = $1`;
    if (def.scope?.dispatchCenter) {
      params.push(caller.dispatchCenterId ?? -1);
      sql += ` and ${q(def.scope.dispatchCenter)} = $${params.length}`;
    }
    if (exceptId) {
      params.push(exceptId);
      sql += ` and "id" <> $${params.length}`;
    }
    const r = await db.query(sql + ' limit 1', params);
    if (r.rows.length) {
      const label = translate(lang, `resources.${def.name}.fields.${f.name}`);
      throw conflict('messages.duplicate', { field: label, value: values[f.name] }, { [f.name]: { key: 'messages.duplicate', params: { field: label, value: values[f.name] } } });
    }
  }
}

/** Encrypts 'secret' fields; set once at start from TMS_SECRET. */
let secrets: Secrets | null = null;
export function setEngineSecrets(s: Secrets): void {
  secrets = s;
}

async function toColumns(def: ResourceDef, values: Row): Promise<Row> {
  const cols: Row = {};
  for (const f of def.fields) {
    if (!(f.name in values)) continue;
    let v = values[f.name];
    if (f.kind === 'password') {
      if (v === undefined || v === null || v === '') continue;
      v = await hashPassword(String(v));
    }
    if (f.kind === 'secret') {
      if (v === undefined || v === null || v === '') continue;
      if (!secrets) throw new Error('engine secrets not set');
      v = secrets.encrypt(String(v));
    }
    if (f.kind === 'json' && v !== null && v !== undefined) v = JSON.stringify(v);
    if (def.tree?.parentField === f.name && (v === null || v === undefined)) v = 0;
    cols[columnOf(f)] = v === undefined ? null : v;
  }
  return cols;
}

export interface ResourceHooks {
  /** checks and adjustments before a save / update; `body` is the raw request body (extra, non-column inputs) */
  beforeSave?: (q: Queryable, values: Row, caller: Caller, existing: Row | null, body: Record<string, unknown>) => Promise<void>;
  /** work in the same transaction after the row is written (links to other tables) */
  afterSave?: (q: Queryable, row: Row, caller: Caller, body: Record<string, unknown>, created: boolean) => Promise<Row | void>;
  beforeRemove?: (q: Queryable, rows: Row[], caller: Caller) => Promise<void>;
  beforeStatus?: (q: Queryable, row: Row, status: '0' | '1', caller: Caller) => Promise<void>;
  /** what GET /get/{id} adds to the record (its lines, …) */
  afterGet?: (q: Queryable, row: Row, caller: Caller) => Promise<Row>;
}

/** The columns of a new row: defaults, hashed / encrypted secrets, dispatch center and creator. */
async function insertColumns(def: ResourceDef, caller: Caller, values: Row): Promise<Row> {
  const withDefaults: Row = { ...values };
  for (const f of allFields(def)) {
    if (f.default !== undefined && (withDefaults[f.name] === undefined || withDefaults[f.name] === null)) withDefaults[f.name] = f.default;
  }
  const cols = await toColumns(def, withDefaults);
  for (const f of allFields(def)) if ((f.name === 'status' || f.name === 'effective') && f.default !== undefined) cols[columnOf(f)] = f.default;
  if (def.scope?.dispatchCenter) cols[def.scope.dispatchCenter] = caller.dispatchCenterId;
  if (!def.noAudit) cols.create_by = caller.userName;
  return cols;
}

export async function insertRow(db: Queryable, def: ResourceDef, caller: Caller, values: Row): Promise<Row> {
  const cols = await insertColumns(def, caller, values);
  const keys = Object.keys(cols);
  const r = await db.query<Row>(
    `insert into ${q(def.table)} (${keys.map(q).join(',')}) values (${keys.map((_, i) => `$${i + 1}`).join(',')}) returning *`,
    keys.map((k) => cols[k]),
  );
  return r.rows[0]!;
}

/** Many new rows in multi-row inserts (a column a row leaves out takes the table default). */
export async function insertRows(db: Queryable, def: ResourceDef, caller: Caller, list: Row[]): Promise<number[]> {
  const prepared: Row[] = [];
  for (const v of list) prepared.push(await insertColumns(def, caller, v)); // one at a time: password hashing is heavy
  const keys = [...new Set(prepared.flatMap((c) => Object.keys(c)))];
  const per = Math.max(1, Math.floor(30_000 / Math.max(1, keys.length))); // well under the 65 535 parameters of a statement
  const ids: number[] = [];
  for (let i = 0; i < prepared.length; i += per) {
    const params: unknown[] = [];
    const tuples = prepared.slice(i, i + per).map((c) => `(${keys.map((k) => (k in c ? (params.push(c[k]), `$${params.length}`) : 'default')).join(',')})`);
    const r = await db.query<{ id: number }>(`insert into ${q(def.table)} (${keys.map(q).join(',')}) values ${tuples.join(',')} returning "id"`, params).catch(mapDbError);
    ids.push(...r.rows.map((x) => Number(x.id)));
  }
  return ids;
}

/** The SQL type of each column of a table (without modifiers: `character varying`, `numeric`), read once per table. */
const columnTypes = new Map<string, Promise<Map<string, string>>>();
function columnTypesOf(db: Queryable, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table);
  if (!types) {
    types = db
      .query<{ name: string; type: string }>(`select attname as name, format_type(atttypid, null) as type from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped`, [table])
      .then((r) => new Map(r.rows.map((x) => [x.name, x.type])));
    columnTypes.set(table, types);
    types.catch(() => columnTypes.delete(table));
  }
  return types;
}

/**
 * `n` new rows given field by field (`values[field][i]` is row i's), with insertRows' rules per column: a field given
 * takes its default where a row has none (null), one not given the table's default; the dispatch center and creator are
 * the caller's. One statement, each column one typed array (`insert … select from unnest(…)`), so the statement-level
 * triggers run once and the server parses one short statement whatever `n` (issue 20: 100,000 imported orders took
 * 97 multi-row inserts of ~1,000 rows and 30,000 parameters each, and building their rows in the server as long
 * again). No password or secret fields, no array columns. Answers the `returning` columns of the new rows.
 */
export async function insertMany<T extends Row = Row>(db: Queryable, def: ResourceDef, caller: Caller, n: number, values: Record<string, unknown[]>, returning: string[] = ['id']): Promise<T[]> {
  if (!n) return [];
  const arrays = new Map<string, unknown[]>();
  const constants = new Map<string, unknown>();
  for (const f of def.fields) {
    const given = values[f.name];
    if (given === undefined && f.default === undefined) continue;
    if (f.kind === 'password' || f.kind === 'secret') throw new Error(`insertMany: ${def.name}.${f.name} is a ${f.kind}`);
    const fill = f.default ?? (def.tree?.parentField === f.name ? 0 : null);
    const json = f.kind === 'json';
    const col = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      const v = given?.[i];
      col[i] = v === undefined || v === null ? fill : json ? JSON.stringify(v) : v;
    }
    arrays.set(columnOf(f), col);
  }
  const constant = (col: string, v: unknown) => {
    arrays.delete(col);
    constants.set(col, v);
  };
  for (const f of allFields(def)) if ((f.name === 'status' || f.name === 'effective') && f.default !== undefined) constant(columnOf(f), f.default);
  if (def.scope?.dispatchCenter) constant(def.scope.dispatchCenter, caller.dispatchCenterId);
  if (!def.noAudit) constant('create_by', caller.userName);
  if (!arrays.size) throw new Error(`insertMany: no column of ${def.name} given`);
  const types = await columnTypesOf(db, def.table);
  const type = (col: string) => {
    const t = types.get(col);
    if (!t || t.endsWith('[]')) throw new Error(`insertMany: ${def.table}.${col} is ${t ?? 'unknown'}`);
    return t;
  };
  const params: unknown[] = [];
  const param = (v: unknown, t: string) => (params.push(v), `$${params.length}::${t}`);
  const from = [...arrays].map(([col, v]) => param(v, `${type(col)}[]`));
  const exprs = [...[...arrays.keys()].map((_, i) => `u.c${i}`), ...[...constants].map(([col, v]) => param(v, type(col)))];
  const r = await db
    .query<T>(
      `insert into ${q(def.table)} (${[...arrays.keys(), ...constants.keys()].map(q).join(',')})
       select ${exprs.join(', ')} from unnest(${from.join(', ')}) as u(${from.map((_, i) => `c${i}`).join(', ')})
       returning ${returning.map(q).join(', ')}`,
      params,
    )
    .catch(mapDbError);
  return r.rows;
}

function mapDbError(e: unknown): never {
  const code = (e as { code?: string }).code;
  if (code === '23505') throw conflict('messages.duplicate', { field: '', value: '' });
  if (code === '23503') throw conflict('messages.referenced');
  throw e;
}

// the document's summaries name resources in English
setResourceNamer((def) => ((sharedLocales['en-US'].resources as Record<string, { name?: string }>)[def.name]?.name ?? def.name).toLowerCase());

/** The generic routes of a resource, each with its schemas from the definition (see platform/contract.ts). */
export function registerResource(app: FastifyInstance, db: Db, def: ResourceDef, hooks: ResourceHooks = {}): void {
  const perm = (a: Parameters<typeof permissionOf>[1]) => permissionOf(def, a);
  const features = def.features ?? {};
  const title = def.name;
  const E = resourceEndpoints(def);

  route(app, E.list, async (req) => {
    const caller = requireCaller(req);
    const pageSize = req.query.pageSize ?? 10;
    const pageNum = req.query.pageNum ?? 1;
    const { rows, total } = await listRows(db, def, caller, req.query, pageSize, (pageNum - 1) * pageSize);
    return page(req, rows.map((r) => toApi(def, r)), total);
  });

  route(app, E.get, async (req) => {
    const caller = requireCaller(req);
    const row = await getInScope(db, def, caller, req.params.id);
    return ok(req, { ...toApi(def, row), ...(hooks.afterGet ? await hooks.afterGet(db, row, caller) : {}) });
  });

  if (features.create !== false) {
    const Body = onValidationError(E.save.body as ResourceBodySchema, (issues) => bodyIssuesToError(def, issues));
    route(app, { ...E.save, body: Body }, async (req) => {
      const caller = requireCaller(req);
      const values = formValues(def, 'create', req.body);
      const saved = await mutate(db, req, { title, businessType: 'INSERT' }, async (tx) => {
        await checkUnique(tx, def, caller, values, null, req.lang);
        await checkRefsInScope(tx, def, caller, values, null);
        await hooks.beforeSave?.(tx, values, caller, null, req.body);
        const row = await insertRow(tx, def, caller, values).catch(mapDbError);
        const extra = await hooks.afterSave?.(tx, row, caller, req.body, true);
        await assertWrittenInScope(tx, def, caller, [Number(row.id)]);
        return { row, extra };
      });
      // `extra` carries what is shown once (a generated secret); it is not in the operation log
      return ok(req, { ...toApi(def, saved.row), ...(saved.extra ?? {}) });
    });
  }

  if (features.update !== false) {
    const Body = onValidationError(E.update.body as ResourceBodySchema, (issues) => bodyIssuesToError(def, issues));
    route(app, { ...E.update, body: Body }, async (req) => {
      const caller = requireCaller(req);
      const values = formValues(def, 'update', req.body);
      const id = values.id as number;
      const version = values.version as number;
      delete values.id;
      delete values.version;
      const row = await mutate(db, req, { title, businessType: 'UPDATE' }, async (tx) => {
        const existing = await getInScope(tx, def, caller, id, true);
        if (existing.version !== version) throw conflict('messages.conflictVersion');
        await checkUnique(tx, def, caller, values, id, req.lang);
        await checkRefsInScope(tx, def, caller, values, existing);
        await hooks.beforeSave?.(tx, values, caller, existing, req.body);
        const cols = await toColumns(def, values);
        const keys = Object.keys(cols);
        const params = [...keys.map((k) => cols[k]), caller.userName, id, version];
        const sets = [...keys.map((k, i) => `${q(k)} = $${i + 1}`), `"update_by" = $${keys.length + 1}`, `"update_time" = now()`, `"version" = "version" + 1`];
        const r = await tx
          .query<Row>(`update ${q(def.table)} set ${sets.join(', ')} where "id" = $${keys.length + 2} and "version" = $${keys.length + 3} returning *`, params)
          .catch(mapDbError);
        if (!r.rows[0]) throw conflict('messages.conflictVersion');
        await hooks.afterSave?.(tx, r.rows[0], caller, req.body, false);
        await assertWrittenInScope(tx, def, caller, [id]);
        return r.rows[0];
      });
      return ok(req, toApi(def, row));
    });
  }

  if (features.remove !== false) {
    const remove = async (req: FastifyRequest, ids: number[]) => {
      const caller = requireCaller(req);
      await mutate(db, req, { title, businessType: 'DELETE' }, async (tx) => {
        const rows = await getManyInScope(tx, def, caller, ids);
        if (def.builtinField) {
          const col = columnOf(def.fields.find((f) => f.name === def.builtinField)!);
          if (rows.some((r) => r[col] === true || r[col] === 'Y' || r[col] === '1')) throw conflict('messages.builtinCannotRemove');
        }
        await hooks.beforeRemove?.(tx, rows, caller);
        await tx.query(`delete from ${q(def.table)} where "id" = any($1)`, [ids]).catch(mapDbError);
        return { removed: ids.length };
      });
      return ok(req, { removed: ids.length });
    };
    route(app, E.remove, (req) =>
      remove(req, req.query.ids ?? req.body?.ids ?? idList(undefined)),
    );
    // spec §7 spells some removals with the id in the path (menu, dept)
    route(app, E.removeById, (req) => remove(req, [req.params.id]));
  }

  if (features.status) {
    route(app, E.status, async (req) => {
      const caller = requireCaller(req);
      const { id, status } = req.body;
      if (status === '1' && !hasPermission(caller, perm('disable'))) throw forbidden();
      const row = await mutate(db, req, { title, businessType: 'STATUS' }, async (tx) => {
        const existing = await getInScope(tx, def, caller, id, true);
        await hooks.beforeStatus?.(tx, existing, status, caller);
        const r = await tx.query<Row>(`update ${q(def.table)} set "status" = $1, "update_by" = $2, "update_time" = now(), "version" = "version" + 1 where "id" = $3 returning *`, [status, caller.userName, id]);
        return r.rows[0]!;
      });
      return ok(req, toApi(def, row));
    });
  }

  if (features.effect) {
    for (const [action, target] of [
      ['effect', true],
      ['uneffect', false],
    ] as const) {
      route(app, E[action], async (req) => {
        const caller = requireCaller(req);
        const ids = req.body?.ids ?? req.query.ids ?? idList(undefined);
        await mutate(db, req, { title, businessType: action.toUpperCase() }, async (tx) => {
          const rows = await getManyInScope(tx, def, caller, ids);
          if (rows.some((row) => row.effective === target)) throw conflict(target ? 'messages.alreadyEffective' : 'messages.alreadyIneffective');
          await tx.query(`update ${q(def.table)} set "effective" = $1, "update_by" = $2, "update_time" = now(), "version" = "version" + 1 where "id" = any($3)`, [target, caller.userName, ids]);
          return { changed: ids.length };
        });
        return ok(req, { changed: ids.length });
      });
    }
  }

  if (features.export !== false) {
    route(app, E.export, async (req, reply) => {
      const caller = requireCaller(req);
      // a list export reads a lot and changes nothing: on the replica when one is fit (platform/replica.ts)
      const { value: rows, lagSeconds } = await app.reads.run(async (q) => (await listRows(q, def, caller, req.query, 100_000, 0)).rows);
      const buf = await exportWorkbook(def, rows.map((r) => toApi(def, r)), req.lang, db);
      if (lagSeconds !== null) void reply.header(LAG_HEADER, String(lagSeconds));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${def.name}.xlsx"`)
        .send(buf);
    });
  }

  if (features.import) {
    route(app, E.importTemplate, async (req, reply) => {
      const buf = await importTemplate(def, req.lang, db);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${def.name}-template.xlsx"`)
        .send(buf);
    });

    // a declared oversize upload is refused before it is read (platform/auth.ts, `config.upload`)
    route(app, { ...E.import, config: { upload: 20 * 1024 * 1024 } }, async (req) => {
      const caller = requireCaller(req);
      const commit = req.query.commit === 'true';
      const preview = await readImportUpload(req, def, db, caller);
      await checkImportUnique(db, def, caller, preview.rows, req.lang);
      const hooked = !!(hooks.beforeSave || hooks.afterSave);
      const summarize = (committed: boolean) => {
        const bad = preview.rows.filter((r) => Object.keys(r.errors).length);
        // at most 1000 rows go back: every row with an error first (up to that many), then the first others
        const shown = new Set(bad.slice(0, 1000));
        for (const r of preview.rows) if (shown.size < 1000) shown.add(r);
        const rows = preview.rows.filter((r) => shown.has(r)).map(({ rowNum, raw, errors }) => ({ rowNum, raw, errors }));
        return { total: preview.rows.length, errors: bad.length, headers: preview.headers, rows, committed };
      };
      // the preview runs the resource's own save rules too (e.g. time-window overlaps), in a transaction rolled back
      if (!commit) {
        if (hooked) await db.tx((tx) => importRows(tx, def, caller, hooks, preview.rows, req.lang).then(() => Promise.reject(ROLLBACK))).catch((e: unknown) => {
          if (e !== ROLLBACK) throw e;
        });
        return ok(req, summarize(false));
      }
      if (!preview.rows.length) return ok(req, summarize(false));
      if (preview.rows.some((r) => Object.keys(r.errors).length)) throw new AppError(400, 'messages.validationFailed', undefined, undefined, summarize(false));
      // all or nothing: a row the save rules refuse rolls the whole import back
      await mutate(db, req, { title, businessType: 'IMPORT' }, async (tx) => {
        await importRows(tx, def, caller, hooks, preview.rows, req.lang);
        if (preview.rows.some((r) => Object.keys(r.errors).length)) throw new AppError(400, 'messages.validationFailed', undefined, undefined, summarize(false));
        return { imported: preview.rows.length };
      });
      return ok(req, summarize(true));
    });
  }
}

const ROLLBACK = Symbol('rollback');

/** Values already taken in the table (per unique field, in the caller's dispatch center when the table has one). */
async function checkImportUnique(db: Queryable, def: ResourceDef, caller: Caller, rows: ImportRow[], lang: FastifyRequest['lang']): Promise<void> {
  for (const f of def.fields.filter((x) => x.unique)) {
    const vals = rows.filter((r) => r.values && r.values[f.name] != null).map((r) => r.values![f.name]);
    if (!vals.length) continue;
    const params: unknown[] = [vals];
    let sql = `select ${q(columnOf(f))} as v from ${q(def.table)} where ${q(columnOf(f))} = any($1)`;
    if (def.scope?.dispatchCenter) {
      params.push(caller.dispatchCenterId ?? -1);
      sql += ` and ${q(def.scope.dispatchCenter)} = $2`;
    }
    const taken = new Set((await db.query<Row>(sql, params)).rows.map((r) => r.v));
    const label = translate(lang, `resources.${def.name}.fields.${f.name}`);
    for (const r of rows) if (r.values && taken.has(r.values[f.name])) r.errors[f.name] ??= translate(lang, 'messages.duplicate', { field: label, value: r.values[f.name] });
  }
}

/**
 * Writes the valid rows of an import. A resource with save hooks gets them row by row, in file order, so
 * each row meets the rows before it (overlaps inside the file count too); a refusal becomes that row's
 * errors. Others go in batched multi-row inserts.
 */
async function importRows(tx: Queryable, def: ResourceDef, caller: Caller, hooks: ResourceHooks, rows: ImportRow[], lang: FastifyRequest['lang']): Promise<void> {
  const valid = rows.filter((r) => r.values && !Object.keys(r.errors).length);
  if (!hooks.beforeSave && !hooks.afterSave) return assertWrittenInScope(tx, def, caller, await insertRows(tx, def, caller, valid.map((r) => r.values!)));
  for (const r of valid) {
    try {
      await hooks.beforeSave?.(tx, r.values!, caller, null, r.values!);
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      const fields = Object.entries(e.fieldErrors ?? {});
      if (fields.length) for (const [name, m] of fields) r.errors[name] = translate(lang, m.key, m.params);
      else r.errors[importFieldNames(def)[0] ?? 'id'] = translate(lang, e.key, e.params);
      continue;
    }
    const row = await insertRow(tx, def, caller, r.values!).catch(mapDbError);
    await hooks.afterSave?.(tx, row, caller, r.values!, true);
    await assertWrittenInScope(tx, def, caller, [Number(row.id)]);
  }
}

const importFieldNames = (def: ResourceDef) => def.fields.filter((f) => f.kind !== 'json' && f.form !== false).map((f) => f.name);
