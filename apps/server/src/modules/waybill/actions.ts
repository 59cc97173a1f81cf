/**
 * Waybill transitions (design/domain.md "Waybill"): review, retract and split. Each runs inside the
 * caller's transaction, locks the waybills it changes (an id outside the caller's data scope → 404)
 * and changes all of them or none; every change writes an order-tracking row.
 */
import { getResource, planSplit, type SplitChoice, type SplitLineInput, type SplitMeasures } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import { centerOf, type Caller } from '../../platform/auth.ts';
import { badRequest, conflict, type FieldMessage } from '../../platform/errors.ts';
import { getManyInScope, type Row } from '../../platform/resource-engine.ts';
import { nextCode } from '../system/number-rules.ts';
import { track } from '../shipment/tracking.ts';

export const waybillDef = getResource('waybill');

interface WaybillRow {
  id: number;
  code: string;
  order_id: number;
  status: string;
  dispatch_center_id: number;
  client_id: number;
  shipment_id: number | null;
  shipment_code: string | null;
  non_split_reason: string | null;
  version: number;
}

/** The waybills, locked in id order, all inside the caller's scope (else 404, nothing changes). */
export async function lockWaybills(q: Queryable, caller: Caller, ids: number[]): Promise<WaybillRow[]> {
  return (await getManyInScope(q, waybillDef, caller, ids)) as unknown as WaybillRow[];
}

const codes = (ws: WaybillRow[]) => ws.map((w) => w.code).join(', ');

async function trackAll(q: Queryable, caller: Caller, now: Date, ws: WaybillRow[], operationType: string, remark?: (w: WaybillRow) => string) {
  await track(
    q,
    caller,
    now,
    ws.map((w) => ({ dispatchCenterId: w.dispatch_center_id, operationType, relatedCode: w.code, waybillId: w.id, orderId: w.order_id, remark: remark?.(w) ?? null })),
  );
}

/** OPEN → REVIEWED, audit user and time set. */
export async function reviewWaybills(q: Queryable, caller: Caller, ids: number[], now: Date): Promise<number> {
  const ws = await lockWaybills(q, caller, ids);
  if (ws.some((w) => w.status !== 'OPEN')) throw conflict('messages.waybill.auditOnlyOpen');
  await q.query(
    `update tms_waybill set status = 'REVIEWED', audit_by = $1, audit_time = $2, update_by = $1, update_time = $2, version = version + 1 where id = any($3::bigint[]) and dispatch_center_id = $4`,
    [caller.userName, now, ids, centerOf(caller)],
  );
  await trackAll(q, caller, now, ws, 'WAYBILL_REVIEW');
  return ws.length;
}

/** REVIEWED and not on a dispatch order → OPEN, audit cleared. */
export async function retractWaybills(q: Queryable, caller: Caller, ids: number[], now: Date): Promise<number> {
  const ws = await lockWaybills(q, caller, ids);
  if (ws.some((w) => w.status !== 'REVIEWED')) throw conflict('messages.waybill.withdrawOnlyReviewed');
  const bound = ws.filter((w) => w.shipment_id !== null);
  if (bound.length) throw conflict('messages.waybill.withdrawBound', { codes: codes(bound), shipment: bound[0]!.shipment_code ?? '' });
  await q.query(
    `update tms_waybill set status = 'OPEN', audit_by = null, audit_time = null, update_by = $1, update_time = $2, version = version + 1 where id = any($3::bigint[]) and dispatch_center_id = $4`,
    [caller.userName, now, ids, centerOf(caller)],
  );
  await trackAll(q, caller, now, ws, 'WAYBILL_RETRACT');
  return ws.length;
}

// ---------------------------------------------------------------------------------------------
// Split

/** Line columns a split divides (SplitMeasures field → column). */
const MEASURE_COLUMNS: Record<keyof SplitMeasures, string> = {
  quantity: 'quantity',
  weight: 'weight',
  volume: 'volume',
  cases: 'cases',
  pallets: 'pallets',
  other: 'other',
  realWeight: 'real_weight',
  realVolume: 'real_volume',
  realQuantity: 'real_quantity',
  realCases: 'real_cases',
  realPallets: 'real_pallets',
  realOther: 'real_other',
};
const MEASURES = Object.keys(MEASURE_COLUMNS) as (keyof SplitMeasures)[];

function lineInput(r: Row): SplitLineInput {
  const out = { id: Number(r.id) } as SplitLineInput;
  for (const k of MEASURES) {
    const v = r[MEASURE_COLUMNS[k]];
    (out[k] as number | null) = v === null || v === undefined ? null : Number(v);
  }
  return out;
}

/** Columns of a table (cached): a copy carries every column, also those later migrations add. */
const columnCache = new Map<string, string[]>();
async function columnsOf(q: Queryable, table: string): Promise<string[]> {
  let cols = columnCache.get(table);
  if (!cols) {
    const r = await q.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
      [table],
    );
    cols = r.rows.map((x) => x.column_name);
    columnCache.set(table, cols);
  }
  return cols;
}

/**
 * insert … select copying a row of `table`, with `set` (column → parameter value) replacing columns;
 * id is left to the identity. Returns the new id.
 */
async function copyRow(q: Queryable, table: string, id: number, center: number, set: Record<string, unknown>): Promise<number> {
  const cols = (await columnsOf(q, table)).filter((c) => c !== 'id');
  const params: unknown[] = [id, center];
  const exprs = cols.map((c) => {
    if (!(c in set)) return `t."${c}"`;
    params.push(set[c]);
    return `$${params.length}`;
  });
  const r = await q.query<{ id: number }>(`insert into ${table} (${cols.map((c) => `"${c}"`).join(', ')}) select ${exprs.join(', ')} from ${table} t where t.id = $1 and t.dispatch_center_id = $2 returning id`, params);
  return r.rows[0]!.id;
}

const measureSet = (m: SplitMeasures) => Object.fromEntries(MEASURES.map((k) => [MEASURE_COLUMNS[k], m[k]]));

/** Totals (and real loaded totals) of waybills of one center from their lines. */
async function recomputeTotals(q: Queryable, center: number, ids: number[]): Promise<void> {
  await q.query(
    `update tms_waybill w set (total_weight, total_volume, total_quantity, total_cases, total_pallets, total_other,
                               real_weight, real_volume, real_cases, real_pallets, real_other) =
       (select coalesce(sum(weight), 0), coalesce(sum(volume), 0), coalesce(sum(quantity), 0), coalesce(sum(cases), 0),
               coalesce(sum(pallets), 0), coalesce(sum(other), 0),
               sum(real_weight), sum(real_volume), sum(real_cases), sum(real_pallets), sum(real_other)
          from tms_waybill_line l where l.waybill_id = w.id and l.dispatch_center_id = w.dispatch_center_id)
     where w.id = any($1::bigint[]) and w.dispatch_center_id = $2`,
    [ids, center],
  );
}

export interface SplitInput {
  id: number;
  version: number;
  lines: SplitChoice[];
}

/**
 * Splits an OPEN waybill whose order allows it: a new OPEN waybill (next WAYBILL code, parent = the
 * original) takes each line's split quantity and its share of every measure; the original keeps the
 * rest (a line split off whole leaves the original). Both are marked split and their totals recomputed.
 */
export async function splitWaybill(q: Queryable, caller: Caller, input: SplitInput, now: Date): Promise<{ id: number; code: string }> {
  const [w] = await lockWaybills(q, caller, [input.id]);
  if (w!.version !== input.version) throw conflict('messages.conflictVersion');
  if (w!.status !== 'OPEN') throw conflict('messages.waybill.splitOnlyOpen');
  const center = w!.dispatch_center_id;
  const order = await q.query<{ is_split_allowed: boolean }>(`select is_split_allowed from tms_order where id = $1 and dispatch_center_id = $2`, [w!.order_id, center]);
  if (order.rows[0] && !order.rows[0].is_split_allowed) {
    const reason = w!.non_split_reason;
    throw conflict(reason ? 'messages.waybill.splitNotAllowedReason' : 'messages.waybill.splitNotAllowed', reason ? { reason } : undefined);
  }
  const lines = (await q.query<Row>(`select * from tms_waybill_line where waybill_id = $1 and dispatch_center_id = $2 order by pos_no, id for update`, [w!.id, center])).rows;
  const outcome = planSplit(lines.map(lineInput), input.lines);
  if (!outcome.ok) {
    const errors: Record<string, FieldMessage> = {};
    for (const p of outcome.problems) errors[p.lineId !== undefined ? `lines.${p.lineId}.${p.field ?? 'splitNum'}` : 'lines'] ??= { key: p.key, params: p.params };
    throw badRequest(outcome.problems[0]!.key, errors, outcome.problems[0]!.params);
  }
  const moved = outcome.plan.lines.filter((l) => l.splitNum > 0);
  const total = moved.reduce((s, l) => s + l.splitNum, 0);
  const code = await nextCode(q, 'WAYBILL', w!.dispatch_center_id, w!.client_id, now);
  const audit = { create_by: caller.userName, create_time: now, update_by: null, update_time: null, version: 0 };
  const newId = await copyRow(q, 'tms_waybill', w!.id, center, {
    ...audit,
    code,
    parent_waybill_id: w!.id,
    status: 'OPEN',
    is_split: true,
    split_quantity: total,
    shipment_id: null,
    shipment_code: null,
    audit_by: null,
    audit_time: null,
  });
  for (const l of moved) {
    await copyRow(q, 'tms_waybill_line', l.lineId, center, { ...audit, ...measureSet(l.moved), waybill_id: newId, split_num: l.splitNum });
    if (l.keep.quantity === 0 && MEASURES.every((k) => !l.keep[k])) {
      await q.query(`delete from tms_waybill_line where id = $1 and dispatch_center_id = $2`, [l.lineId, center]);
    } else {
      const set = measureSet(l.keep);
      const cols = Object.keys(set);
      await q.query(
        `update tms_waybill_line set ${cols.map((c, i) => `"${c}" = $${i + 2}`).join(', ')}, split_num = split_num + $${cols.length + 2},
           update_by = $${cols.length + 3}, update_time = $${cols.length + 4}, version = version + 1 where id = $1 and dispatch_center_id = $${cols.length + 5}`,
        [l.lineId, ...cols.map((c) => set[c]), l.splitNum, caller.userName, now, center],
      );
    }
  }
  await q.query(`update tms_waybill set is_split = true, split_quantity = split_quantity + $2, update_by = $3, update_time = $4, version = version + 1 where id = $1 and dispatch_center_id = $5`, [
    w!.id,
    total,
    caller.userName,
    now,
    center,
  ]);
  await recomputeTotals(q, center, [w!.id, newId]);
  // the declared value follows the weight (else the pieces) split off, to the cent; the two parts add up to it
  await q.query(
    `with t as (
       select o.declared_value as v, o.total_weight + n.total_weight as wt, n.total_weight as nw, o.total_quantity + n.total_quantity as qt, n.total_quantity as nq
         from tms_waybill o, tms_waybill n where o.id = $1 and n.id = $2 and o.dispatch_center_id = $3 and n.dispatch_center_id = $3 and o.declared_value is not null
     ), s as (
       select round(v * case when wt > 0 then nw / wt when qt > 0 then nq::numeric / qt else 0 end, 2) as moved, v from t
     )
     update tms_waybill w set declared_value = case when w.id = $2 then s.moved else s.v - s.moved end from s where w.id in ($1, $2) and w.dispatch_center_id = $3`,
    [w!.id, newId, center],
  );
  await track(q, caller, now, [
    { dispatchCenterId: w!.dispatch_center_id, operationType: 'WAYBILL_SPLIT', relatedCode: w!.code, waybillId: w!.id, orderId: w!.order_id, remark: code },
    { dispatchCenterId: w!.dispatch_center_id, operationType: 'WAYBILL_SPLIT', relatedCode: code, waybillId: newId, orderId: w!.order_id, remark: w!.code },
  ]);
  return { id: newId, code };
}
