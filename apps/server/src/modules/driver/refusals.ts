/**
 * Refused outbox writes of the driver app, kept for the dispatcher (issue 16: "refuses with a clear message, kept on the
 * phone and visible to the dispatcher"). When an idempotent driver write about a dispatch order or one of its receipts
 * is answered 4xx (it can no longer apply: the order was reassigned, withdrawn or finished while the phone was offline,
 * the receipt was already reported …), one row goes to tms_driver_refusal in that dispatch order's center, with the
 * message the phone shows. Listed by the generic resource `driverRefusal` (Dispatch › Refused driver-app writes),
 * scoped by dispatch center. Not kept: 401 (signed out: nothing was refused) and 429 (slowed down: it is sent again).
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { IdParams } from '@tms/domain';
import type { Db } from '../../platform/db.ts';

/**
 * What a driver route declares to have its refusals kept (`config: { refusal }`, beside `idempotent`): the action, and
 * whether its `:id` (params IdParams) is the dispatch order or one of its receipts.
 */
export interface RefusalConfig {
  action: 'ACCEPT' | 'REFUSE' | 'VEHICLE_CHECK' | 'EPOD_REPORT' | 'EPOD_PICTURE' | 'EPOD_DEPARTURE';
  via: 'shipment' | 'epod';
}

const kept = (status: number) => status >= 400 && status < 500 && status !== 401 && status !== 429;

function messageOf(payload: string): string | null {
  try {
    const msg = (JSON.parse(payload) as { msg?: unknown }).msg;
    return typeof msg === 'string' ? msg.slice(0, 500) : null;
  } catch {
    return null;
  }
}

export async function recordRefusal(db: Db, req: FastifyRequest, driverId: number, key: string, status: number, payload: string): Promise<void> {
  const what = (req.routeOptions.config as { refusal?: RefusalConfig } | undefined)?.refusal;
  if (!what || !kept(status)) return;
  // the route's IdParams schema validated it before the handler ran; a 400 on the id itself leaves nothing to name
  const id = (req.params as Partial<z.output<typeof IdParams>>).id;
  if (id === undefined) return;
  const shipment = what.via === 'shipment' ? 's.id = $1' : 's.id = (select shipment_id from tms_epod where id = $1)';
  await db.query(
    `insert into tms_driver_refusal(dispatch_center_id, shipment_id, shipment_code, driver_id, action, status_code, message, idem_key)
     select s.dispatch_center_id, s.id, s.shipment_code, $2, $3, $4, $5, $6 from tms_shipment s where ${shipment}`,
    [id, driverId, what.action, status, messageOf(payload), key],
  );
}
