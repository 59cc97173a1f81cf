/**
 * Order tracking rows (tms_order_tracking, dict tracking_operation) for order actions. Set-based:
 * one statement whatever the number of orders (a review of 10,000 orders writes 20,000 rows).
 */
import type { Queryable } from '../../platform/db.ts';
import type { Caller } from '../../platform/auth.ts';

/** who acts, and the center of the orders (the caller's, whose scope found them: the distribution key) */
type Operator = Pick<Caller, 'userId' | 'userName' | 'dispatchCenterId'>;

/** One row per order: its code as the related code. */
export async function trackOrders(q: Queryable, by: Operator, now: Date, type: string, orderIds: number[], remark: string | null = null): Promise<void> {
  if (!orderIds.length) return;
  await q.query(
    `insert into tms_order_tracking (dispatch_center_id, order_id, operation_type, related_code, operator_id, operator_name, operation_time, remark)
     select o.dispatch_center_id, o.id, $2, o.code, $3, $4, $5, $6 from tms_order o where o.id = any($1::bigint[]) and o.dispatch_center_id = $7`,
    [orderIds, type, by.userId, by.userName, now, remark?.slice(0, 300) ?? null, by.dispatchCenterId ?? -1],
  );
}

/**
 * One row per waybill made or removed for an order and per operation type (`types`, in that order: a review writes
 * ORDER_REVIEW then WAYBILL_CREATE for each waybill in one statement), the waybill's code as the related code. The
 * waybills are those of the caller's center (their orders were found in its scope), so no order is read again: the
 * tracking's order key is checked once per statement (migration 0096).
 */
export async function trackWaybills(
  q: Queryable,
  by: Operator,
  now: Date,
  types: string[],
  waybills: { orderId: number; waybillId: number; code: string }[],
): Promise<void> {
  if (!waybills.length || by.dispatchCenterId == null) return;
  await q.query(
    `insert into tms_order_tracking (dispatch_center_id, order_id, waybill_id, operation_type, related_code, operator_id, operator_name, operation_time)
     select $8, u.order_id, u.waybill_id, t.type, u.code, $5, $6, $7
       from unnest($4::text[]) with ordinality as t(type, k)
       cross join unnest($1::bigint[], $2::bigint[], $3::text[]) with ordinality as u(order_id, waybill_id, code, n)
      order by t.k, u.n`,
    [waybills.map((w) => w.orderId), waybills.map((w) => w.waybillId), waybills.map((w) => w.code), types, by.userId, by.userName, now, by.dispatchCenterId],
  );
}
