/** Order tracking / business log rows (tms_order_tracking) written by every shipment transition. */
import type { Queryable } from '../../platform/db.ts';
import type { Caller } from '../../platform/auth.ts';

export interface TrackRow {
  dispatchCenterId: number;
  operationType: string;
  relatedCode: string | null;
  shipmentId?: number | null;
  waybillId?: number | null;
  orderId?: number | null;
  driverId?: number | null;
  remark?: string | null;
}

/** Writes tracking rows in one statement; all rows share operator and time. */
export async function track(q: Queryable, caller: Pick<Caller, 'userId' | 'userName'>, now: Date, rows: TrackRow[]): Promise<void> {
  if (!rows.length) return;
  const params: unknown[] = [];
  const values = rows.map((r) => {
    const vals = [r.dispatchCenterId, r.orderId ?? null, r.waybillId ?? null, r.shipmentId ?? null, r.operationType, r.relatedCode, r.driverId ?? null, r.remark?.slice(0, 300) ?? null, caller.userId, caller.userName, now];
    const start = params.length;
    params.push(...vals);
    return `(${vals.map((_, i) => `$${start + i + 1}`).join(',')})`;
  });
  await q.query(
    `insert into tms_order_tracking(dispatch_center_id, order_id, waybill_id, shipment_id, operation_type, related_code, driver_id, remark, operator_id, operator_name, operation_time)
     values ${values.join(',')}`,
    params,
  );
}
