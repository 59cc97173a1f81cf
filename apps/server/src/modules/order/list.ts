/**
 * Order and order-line lists. The WHERE comes from the definitions (engine's listWhere: data scope
 * plus every search field), the page is a deferred join — ids first, by index, then only the page's
 * rows with their labels — so the first page and deep pages stay fast at a million orders.
 * The order list also answers the totals of the whole filtered set (spec §2: total weight, pieces), from the
 * order rollup when the filters allow (orderTotals).
 */
import type { z } from 'zod';
import { orderLineResource, orderResource, OrderApi } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import { centerOf, type Caller } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import { apiLabelJoins, apiRows, apiSelectList, equalityFiltersOnly, listWhere, orderBy, rangeOf, selectList, toApi, type ApiRow, type Row } from '../../platform/resource-engine.ts';

export interface OrderSummary {
  totalWeight: number;
  totalVolume: number;
  totalQuantity: number;
}

/**
 * Lines seen with their order's code, client and status (a line is in scope when its order is), of the center in
 * parameter $n (the distribution key, docs/scale-out.md "Past one machine": the line and its order in one shard).
 */
const lineSource = (n: number) => `(select l.*, o.code as order_code, o.client_id, o.status as order_status
  from tms_order_line l join tms_order o on o.id = l.order_id and o.dispatch_center_id = l.dispatch_center_id where l.dispatch_center_id = $${n})`;

interface PageQuery {
  /** the rows listed; `center()` adds the caller's center to the parameters (once) and answers its number */
  source: (center: () => number) => string;
  def: typeof orderResource;
  caller: Caller;
  query: Record<string, unknown>;
  limit: number;
  offset: number;
  /**
   * the order list: the page's rows joined to the (id, center) pairs of its keyed inner read, the page size written
   * into the statement; without: the rows by id (the lines', whose source is keyed inside), as before session 16
   */
  pairs?: boolean;
  /** the labels by left joins (apiLabelJoins): for a statement kept prepared, whose planning is paid once */
  joinLabels?: boolean;
}

/** Filters of a list request, plus the keyset cursor `afterId` (newest-first paging without offset). */
function whereOf(p: PageQuery, params: unknown[]): string {
  const where = listWhere(p.def, p.caller, p.query, params);
  const after = p.query.afterId;
  if (after !== undefined && after !== '') {
    const n = Number(after);
    if (!Number.isSafeInteger(n) || n <= 0) throw badRequest('messages.badFilter', { afterId: { key: 'validation.integer' } }, { field: 'afterId' });
    params.push(n);
    where.push(`"id" < $${params.length}`);
  }
  return where.length ? 'where ' + where.join(' and ') : '';
}

/** The statement of one page (its parameters added to `params`): ids by the filter and sort (index only where it can), then those rows with their labels. */
function pageSql(p: PageQuery, params: unknown[]): string {
  const w = whereOf(p, params);
  const ord = orderBy(p.def, p.query);
  // the caller's center as a parameter, for a source that names it (the lines'), once
  let c = 0;
  const source = p.source(() => (c ||= params.push(centerOf(p.caller))));
  if (!p.pairs) {
    params.push(p.limit, p.offset);
    return `select ${selectList(p.def)} from ${source} t
      where t."id" in (select "id" from ${source} s ${w} ${ord} limit $${params.length - 1} offset $${params.length}) ${ord}`;
  }
  // the page size written into the statement (an integer: the contract's pageSize, or an export's cap), the offset a
  // parameter: PostgreSQL then knows the page has at most that many rows, so a prepared list's generic plan (one plan
  // for any values) costs what a plan for the values does and is kept, planned once per connection, on an analysed
  // database too (with the size a parameter it guessed 10 % of the center: 15 times the cost, so it planned every
  // request again, 0.7 ms; bench/README.md, session 16, branch key22). A few page sizes, a few statement texts.
  if (!Number.isSafeInteger(p.limit) || p.limit < 0) throw new Error(`page size ${p.limit}`);
  params.push(p.offset);
  // the page's rows joined to the (id, center) pairs the keyed inner read found, on both columns: each row read in
  // the center its id came with (the distribution key, docs/scale-out.md "Past one machine"). The outer read gets no
  // center of its own (`and t.dispatch_center_id = $n` let PostgreSQL read the center's rows instead of the page's
  // ids on a database not analysed yet: 30 ms a list, bench/README.md "The order list's statement"), so its only
  // path is the page's ids, one index probe each (bench/README.md, session 16, branch key22)
  return `select ${apiSelectList(p.def, p.joinLabels)} from (select "id" as "__id", "dispatch_center_id" as "__center" from ${source} s ${w} ${ord} limit ${p.limit} offset $${params.length}) pg
      join ${source} t on t."id" = pg."__id" and t."dispatch_center_id" = pg."__center" ${p.joinLabels ? apiLabelJoins(p.def) : ''} ${ord}`;
}

/** One page of rows. */
async function pageRows(db: Queryable, p: PageQuery): Promise<Row[]> {
  const params: unknown[] = [];
  return (await db.query<Row>(pageSql(p, params), params)).rows;
}

/**
 * The filters the order rollup (migration 0076, tms_order_rollup) answers: its dimensions, under the same column
 * names. The data scope of orders is on dispatch_center_id and client_id, also dimensions.
 */
const ROLLUP_FIELDS = new Set(['clientId', 'carrierId', 'orderDate', 'status', 'source', 'isLock']);
const rollupDef: typeof orderResource = { ...orderResource, fields: orderResource.fields.filter((f) => ROLLUP_FIELDS.has(f.name)) };
/** The same without the period: the WHERE both levels of the rollup share, the period split between them apart. */
const undatedDef: typeof orderResource = { ...rollupDef, fields: rollupDef.fields.filter((f) => f.name !== 'orderDate') };
const orderDate = orderResource.fields.find((f) => f.name === 'orderDate')!;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The first day of the month `m` months after the month of `d` (YYYY-MM-DD, UTC calendar arithmetic). */
const monthStart = (d: string, m: number) => new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1 + m, 1)).toISOString().slice(0, 10);
const nextDay = (d: string) => new Date(Date.parse(d + 'T00:00:00Z') + 86_400_000).toISOString().slice(0, 10);

/**
 * The whole months of a period [begin, end] (either open): [from, to) as first days of months, null bounds open;
 * null when it holds no whole month.
 */
export function wholeMonths(begin: string | null, end: string | null): [string | null, string | null] | null {
  const from = begin === null ? null : begin.endsWith('-01') ? begin : monthStart(begin, 1);
  const to = end === null ? null : monthStart(nextDay(end), 0);
  return from !== null && to !== null && from >= to ? null : [from, to];
}

const SUMS = `coalesce(sum(orders), 0)::int8 as total, coalesce(sum(total_weight), 0) as weight, coalesce(sum(total_volume), 0) as volume,
                coalesce(sum(total_quantity), 0)::int8 as quantity`;

/**
 * The totals from the rollup (every filter one of its dimensions): the whole months of the period (all months when
 * the request has none) from the month level (0091), the days outside them from the day level (0076).
 */
function rollupTotals(caller: Caller, query: Record<string, unknown>, params: unknown[]): string | null {
  const [b, e] = rangeOf(orderDate, query) as [string | null, string | null];
  if ((b !== null && !DAY.test(b)) || (e !== null && !DAY.test(e))) return null;
  const where = listWhere(undatedDef, caller, query, params);
  const months = wholeMonths(b, e);
  const cond = (c: string[]) => (c.length ? 'where ' + c.join(' and ') : '');
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}::date`;
  };
  const bounds = (col: string, lo: string | null, loOp: string, hi: string | null, hiOp: string) => [
    ...(lo === null ? [] : [`${col} ${loOp} ${param(lo)}`]),
    ...(hi === null ? [] : [`${col} ${hiOp} ${param(hi)}`]),
  ];
  const parts: string[] = [];
  if (months) parts.push(`select orders, total_weight, total_volume, total_quantity from tms_order_rollup_month ${cond([...where, ...bounds('order_month', months[0], '>=', months[1], '<')])}`);
  // the days of the period outside its whole months: before them, after them (or the whole period when none)
  const days = (lo: string | null, hi: string | null, hiOp: string) =>
    parts.push(`select orders, total_weight, total_volume, total_quantity from tms_order_rollup ${cond([...where, ...bounds('order_date', lo, '>=', hi, hiOp)])}`);
  if (!months) days(b, e, '<=');
  else {
    if (b !== null && months[0] !== b) days(b, months[0], '<');
    if (e !== null && months[1] !== null) days(months[1], e, '<=');
  }
  return `select ${SUMS} from (${parts.join(' union all ')}) r`;
}

/**
 * The statement of the totals of the whole filtered set (the keyset cursor pages, it does not filter), its parameters
 * added to `params`: from the rollup when every filter of the request is one of its dimensions (the same WHERE: the
 * one the list builds from those fields alone has as many conditions), else the exact aggregate over the matching
 * orders. Both are exact.
 */
function totalsSql(caller: Caller, query: Record<string, unknown>, params: unknown[]): string {
  if (listWhere(rollupDef, caller, query, []).length === listWhere(orderResource, caller, query, []).length) {
    const rolled = rollupTotals(caller, query, params);
    if (rolled) return rolled;
  }
  const where = listWhere(orderResource, caller, query, params);
  return `select count(*)::int8 as total, coalesce(sum(total_weight), 0) as weight, coalesce(sum(total_volume), 0) as volume,
                coalesce(sum(total_quantity), 0)::int8 as quantity
           from tms_order ${where.length ? 'where ' + where.join(' and ') : ''}`;
}

/**
 * A page of orders with the totals of the filtered set, in one statement (one round trip, one connection): the totals'
 * single row joined to the page's rows (kept when the page is empty). The rows are read as arrays of the columns the
 * API shows (resource-engine.ts apiSelectList / apiRows: the server's CPU per list request, issue 20).
 */
export async function listOrders(db: Queryable, caller: Caller, query: Record<string, unknown>, limit: number, offset: number) {
  // kept prepared (parsed and planned once per connection) when its plan fits any values: equality filters only; its
  // labels then by joins, planned once (bench/README.md, session 19)
  const prepare = equalityFiltersOnly(orderResource, query);
  const p: PageQuery = { source: () => 'tms_order', def: orderResource, caller, query, limit, offset, pairs: true, joinLabels: prepare && db.keepsPrepared === true };
  const params: unknown[] = [];
  const totals = totalsSql(caller, query, params);
  const page = pageSql(p, params);
  const r = await db.query<unknown[] | Record<string, unknown>>(
    `select pg.*, tot.total as __total, tot.weight as __weight, tot.volume as __volume, tot.quantity as __quantity
       from (${totals}) tot left join lateral (${page}) pg on true ${orderBy(orderResource, query)}`,
    params,
    { prepare, arrays: true },
  );
  // the totals: the last four columns (arrays, PostgreSQL) or by name (objects, PGlite); the page's columns before them
  const first = r.rows[0]!;
  const [total, weight, volume, quantity, id] = Array.isArray(first) ? [...first.slice(-4), first[0]] : [first.__total, first.__weight, first.__volume, first.__quantity, first.id];
  const summary: OrderSummary = { totalWeight: Number(weight), totalVolume: Number(volume), totalQuantity: Number(quantity) };
  const rows = id === null ? [] : apiRows(orderResource, r.rows);
  return { rows, total: Number(total), summary };
}

export async function listLines(db: Queryable, caller: Caller, query: Record<string, unknown>, limit: number, offset: number) {
  const p: PageQuery = { source: (center) => lineSource(center()), def: orderLineResource, caller, query, limit, offset };
  const params: unknown[] = [];
  const w = whereOf(p, params);
  params.push(centerOf(caller));
  const [rows, count] = await Promise.all([pageRows(db, p), db.query<{ n: number }>(`select count(*)::int8 as n from ${lineSource(params.length)} s ${w}`, params)]);
  return { rows: rows.map((r) => toApi(orderLineResource, r)), total: Number(count.rows[0]!.n) };
}

/** The lines of one order (already known to be in scope, of the center given), in position order. */
export async function linesOf(db: Queryable, orderId: number, center: number): Promise<ApiRow[]> {
  const r = await db.query<Row>(`select ${selectList(orderLineResource)} from ${lineSource(2)} t where t.order_id = $1 order by t.pos_no`, [orderId, center]);
  return r.rows.map((x) => ({ ...toApi(orderLineResource, x), orderId }));
}

/** The tracking rows of one order (of the center given), newest first. */
type TrackingEntry = z.input<typeof OrderApi.OrderTrackingEntry>;
export async function trackingOf(db: Queryable, orderId: number, center: number): Promise<TrackingEntry[]> {
  const r = await db.query<Omit<TrackingEntry, 'operationTime'> & { operationTime: Date | string }>(
    `select id, operation_type as "operationType", related_code as "relatedCode", operator_name as "operatorName", operation_time as "operationTime",
            remark, waybill_id as "waybillId", shipment_id as "shipmentId"
       from tms_order_tracking where order_id = $1 and dispatch_center_id = $2 order by operation_time desc, id desc limit 500`,
    [orderId, center],
  );
  return r.rows.map((x) => ({ ...x, operationTime: x.operationTime instanceof Date ? x.operationTime.toISOString() : x.operationTime }));
}

/** The waybills made from an order (one, or more after a split), of the center given. */
export async function waybillsOf(db: Queryable, orderId: number, center: number): Promise<z.input<typeof OrderApi.OrderWaybill>[]> {
  const r = await db.query<z.input<typeof OrderApi.OrderWaybill>>(
    `select id, code, status, shipment_code as "shipmentCode", total_weight as "totalWeight", total_quantity as "totalQuantity"
       from tms_waybill where order_id = $1 and dispatch_center_id = $2 order by id`,
    [orderId, center],
  );
  return r.rows;
}
