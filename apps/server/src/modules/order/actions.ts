/**
 * The order state machine (design/domain.md "Order"): review, retract, lock, unlock, delete,
 * assign carrier route, print verification. Each action takes a selection, locks its rows
 * (`for update`, 404 when one is outside the caller's scope) and changes all of them or none:
 * one order in a wrong state refuses the whole request with the spec's message (409).
 */
import { getResource, orderResource } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import { centerOf, type Caller } from '../../platform/auth.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { getManyInScope, scopeOf, type Row } from '../../platform/resource-engine.ts';
import { createWaybillsFromOrders } from '../waybill/create.ts';
import { trackOrders, trackWaybills } from './tracking.ts';

export interface ActionContext {
  q: Queryable;
  caller: Caller;
  now: Date;
  /** the server's domain events (absent in the demo seed: nothing subscribes there) */
  events?: DomainEvents;
}

const isOpen = (o: Row) => o.status === 'OPEN' && !o.is_lock;
const isEffective = (o: Row) => o.status === 'EFFECTIVE' && !o.is_lock;

/** A rule of an action: [the order may take it, the refusal's message key]. */
type Rule = readonly [(o: Row) => boolean, string];

/** Locks the selection; refuses all of it with the first rule an order breaks. */
async function lockSelection(ctx: ActionContext, ids: number[], ...rules: Rule[]): Promise<Row[]> {
  const rows = await getManyInScope(ctx.q, orderResource, ctx.caller, ids);
  for (const [allowed, key] of rules) {
    const bad = rows.find((o) => !allowed(o));
    if (bad) throw conflict(key, { code: bad.code });
  }
  return rows;
}

/** Sets columns on the selection and bumps their version (every action is a change of the record). */
async function setAll(ctx: ActionContext, ids: number[], sets: string, params: unknown[]): Promise<void> {
  const n = params.length;
  await ctx.q.query(
    `update tms_order set ${sets}, update_by = $${n + 1}, update_time = $${n + 2}, version = version + 1
      where id = any($${n + 3}::bigint[]) and dispatch_center_id = $${n + 4}`,
    [...params, ctx.caller.userName, ctx.now, ids, centerOf(ctx.caller)],
  );
}

/**
 * `setAll` on a selection whose every order is in scope and in the state `allowed` (SQL), in one pass: the update
 * takes the row locks itself instead of a `select … for update` of the whole selection first (a bulk review of
 * 10,000 orders read and locked them twice). When some order is not changed, nothing is (the caller's transaction
 * rolls back on the refusal): those orders answer as `lockSelection` does — 404 outside the scope, else the rule's
 * message for the first one in a wrong state.
 */
async function setAllWhere<R extends { id: number } = { id: number }>(ctx: ActionContext, ids: number[], allowed: string, rule: Rule, sets: string, params: unknown[], returning = 'id'): Promise<R[]> {
  const p = [...params, ctx.caller.userName, ctx.now, ids];
  const n = params.length;
  const where = [`id = any($${n + 3}::bigint[])`, allowed, ...scopeOf(orderResource, ctx.caller, p)].join(' and ');
  const r = await ctx.q.query<R>(
    `update tms_order set ${sets}, update_by = $${n + 1}, update_time = $${n + 2}, version = version + 1 where ${where} returning ${returning}`,
    p,
  );
  if (r.rows.length === ids.length) return r.rows;
  const done = new Set(r.rows.map((x) => Number(x.id)));
  const rest = ids.filter((id) => !done.has(id));
  if (rest.length) await lockSelection(ctx, rest, rule);
  throw notFound();
}

/** OPEN, unlocked → EFFECTIVE with one waybill per order (lines copied). */
export async function review(ctx: ActionContext, ids: number[]) {
  // the reviewed orders' centers and clients (the waybills' codes are numbered by them) from the update itself
  const orders = await setAllWhere<{ id: number; dispatch_center_id: number; client_id: number }>(
    ctx, ids, `status = 'OPEN' and not is_lock`, [isOpen, 'messages.order.auditOnlyOpen'], `status = 'EFFECTIVE', audit_by = $1, audit_time = $2`, [ctx.caller.userName, ctx.now], 'id, dispatch_center_id, client_id',
  );
  const waybills = await createWaybillsFromOrders(ctx.q, orders, ctx.caller, ctx.now);
  await trackWaybills(ctx.q, ctx.caller, ctx.now, ['ORDER_REVIEW', 'WAYBILL_CREATE'], waybills);
  await ctx.events?.emit(ctx, 'order.reviewed', { dispatchCenterId: centerOf(ctx.caller), orderIds: ids, waybills });
  return { changed: ids.length, waybills: waybills.length <= 100 ? waybills : waybills.length };
}

/** EFFECTIVE, unlocked, its waybills still OPEN and on no dispatch order → OPEN, waybills deleted. */
export async function retract(ctx: ActionContext, ids: number[]) {
  await setAllWhere(ctx, ids, `status = 'EFFECTIVE' and not is_lock`, [isEffective, 'messages.order.recallOnlyEffective'], `status = 'OPEN', audit_by = null, audit_time = null`, []);
  const wb = await ctx.q.query<{ id: number; order_id: number; code: string; status: string; shipment_id: number | null; order_code: string }>(
    `select id, order_id, code, status, shipment_id, order_code from tms_waybill where order_id = any($1::bigint[]) and dispatch_center_id = $2 order by id for update`,
    [ids, centerOf(ctx.caller)],
  );
  const busy = wb.rows.find((w) => w.status !== 'OPEN' || w.shipment_id !== null);
  if (busy) throw conflict('messages.order.waybillInUse', { code: busy.order_code, waybill: busy.code });
  // split parts first: they refer to the waybill they were split from
  await ctx.q.query(`delete from tms_waybill where order_id = any($1::bigint[]) and dispatch_center_id = $2 and parent_waybill_id is not null`, [ids, centerOf(ctx.caller)]);
  await ctx.q.query(`delete from tms_waybill where order_id = any($1::bigint[]) and dispatch_center_id = $2`, [ids, centerOf(ctx.caller)]);
  const removed = wb.rows.map((w) => ({ orderId: w.order_id, waybillId: w.id, code: w.code }));
  await trackOrders(ctx.q, ctx.caller, ctx.now, 'ORDER_RETRACT', ids);
  await trackWaybills(ctx.q, ctx.caller, ctx.now, ['WAYBILL_DELETE'], removed);
  return { changed: ids.length };
}

export function reasonOf(v: unknown, field: string): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw badRequest('messages.validationFailed', { [field]: { key: 'validation.required' } });
  if (s.length > 100) throw badRequest('messages.validationFailed', { [field]: { key: 'validation.maxLength', params: { max: 100 } } });
  return s;
}

export async function lock(ctx: ActionContext, ids: number[], reason: string) {
  await lockSelection(ctx, ids, [(o) => (o.status === 'OPEN' || o.status === 'EFFECTIVE') && !o.is_lock, 'messages.order.lockOnlyOpenEffective']);
  await setAll(ctx, ids, 'is_lock = true, lock_reason = $1', [reason]);
  await trackOrders(ctx.q, ctx.caller, ctx.now, 'ORDER_LOCK', ids, reason);
  return { changed: ids.length };
}

export async function unlock(ctx: ActionContext, ids: number[]) {
  await lockSelection(ctx, ids, [(o) => o.is_lock === true, 'messages.order.unlockOnlyLocked']);
  await setAll(ctx, ids, 'is_lock = false, lock_reason = null', []);
  await trackOrders(ctx.q, ctx.caller, ctx.now, 'ORDER_UNLOCK', ids);
  return { changed: ids.length };
}

/** Only OPEN, manual, unlocked orders; the refusal names the first rule broken (locked, manual, open). */
export async function remove(ctx: ActionContext, ids: number[]) {
  await lockSelection(
    ctx,
    ids,
    [(o) => !o.is_lock, 'messages.order.deleteUnlockFirst'],
    [(o) => o.source === 'MANUAL', 'messages.order.deleteOnlyManual'],
    [(o) => o.status === 'OPEN', 'messages.order.deleteOnlyOpen'],
  );
  await ctx.q.query(`delete from tms_order_tracking where order_id = any($1::bigint[]) and dispatch_center_id = $2`, [ids, centerOf(ctx.caller)]);
  await ctx.q.query(`delete from tms_order where id = any($1::bigint[]) and dispatch_center_id = $2`, [ids, centerOf(ctx.caller)]);
  return { removed: ids.length };
}

/** OPEN, unlocked orders take the carrier and the route of a carrier route. */
export async function assignCarrierRoute(ctx: ActionContext, ids: number[], carrierRouteId: number) {
  await lockSelection(ctx, ids, [isOpen, 'messages.order.selectOpen']);
  // a carrier route of a carrier outside the caller's data groups is unknown here
  const params: unknown[] = [carrierRouteId];
  const inScope = ['true', ...scopeOf(getResource('carrierRoute'), ctx.caller, params, 'cr')].join(' and ');
  const cr = await ctx.q.query<{ id: number; carrier_id: number; route_id: number; route_code: string }>(
    `select cr.id, cr.carrier_id, cr.route_id, r.code as route_code
       from base_carrier_route cr join base_route r on r.id = cr.route_id where cr.id = $1 and ${inScope}`,
    params,
  );
  const route = cr.rows[0];
  if (!route) throw badRequest('messages.validationFailed', { carrierRouteId: { key: 'validation.invalid' } });
  await setAll(ctx, ids, 'carrier_route_id = $1, carrier_id = $2, route_id = $3, route_code = $4', [route.id, route.carrier_id, route.route_id, route.route_code]);
  await trackOrders(ctx.q, ctx.caller, ctx.now, 'ORDER_ASSIGN', ids, route.route_code);
  return { changed: ids.length };
}

/** Print verification: the printed paper was checked. Needs printed, unlocked orders. */
export async function printVerify(ctx: ActionContext, ids: number[]) {
  await lockSelection(ctx, ids, [(o) => !o.is_lock, 'messages.order.lockedNoAction'], [(o) => o.is_print === true, 'messages.order.verifyNotPrinted']);
  await setAll(ctx, ids, 'is_print_check = true', []);
  await trackOrders(ctx.q, ctx.caller, ctx.now, 'ORDER_PRINT_CHECK', ids);
  return { changed: ids.length };
}
