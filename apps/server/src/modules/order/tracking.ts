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

/** One row per waybill made or removed for an order: the waybill's code as the related code. */
export async function trackWaybills(
  q: Queryable,
  by: Operator,
  now: Date,
  type: string,
  waybills: { orderId: number; waybillId: number; code: string }[],
): Promise<void> {
  if (!waybills.length) return;
  await q.query(
    `insert into tms_order_tracking (dispatch_center_id, order_id, waybill_id, operation_type, related_code, operator_id, operator_name, operation_time)
     select o.dispatch_center_id, o.id, u.waybill_id, $4, u.code, $5, $6, $7
       from unnest($1::bigint[], $2::bigint[], $3::text[]) as u(order_id, waybill_id, code) join tms_order o on o.id = u.order_id and o.dispatch_center_id = $8`,
    [waybills.map((w) => w.orderId), waybills.map((w) => w.waybillId), waybills.map((w) => w.code), type, by.userId, by.userName, now, by.dispatchCenterId ?? -1],
  );
}
