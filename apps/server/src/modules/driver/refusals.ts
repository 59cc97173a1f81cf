/**
 * Refused outbox writes of the driver app, kept for the dispatcher (issue 16: "refuses with a clear message, kept on the
 * phone and visible to the dispatcher"). When an idempotent driver write about a dispatch order or one of its receipts
 * is answered 4xx (it can no longer apply: the order was reassigned, withdrawn or finished while the phone was offline,
 * the receipt was already reported …), one row goes to tms_driver_refusal in that dispatch order's center, with the
 * message the phone shows. Listed by the generic resource `driverRefusal` (Dispatch › Refused driver-app writes),
 * scoped by dispatch center. Not kept: 401 (signed out: nothing was refused) and 429 (slowed down: it is sent again).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';

/** The driver routes whose refusals are kept: route → action, and where the dispatch order comes from. */
const ACTIONS: Record<string, { action: string; via: 'shipment' | 'epod' }> = {
  '/api/driver/shipments/:id/accept': { action: 'ACCEPT', via: 'shipment' },
  '/api/driver/shipments/:id/refuse': { action: 'REFUSE', via: 'shipment' },
  '/api/driver/shipments/:id/vehicleCheck': { action: 'VEHICLE_CHECK', via: 'shipment' },
  '/api/driver/epods/:id/report': { action: 'EPOD_REPORT', via: 'epod' },
  '/api/driver/epods/:id/pictures': { action: 'EPOD_PICTURE', via: 'epod' },
};

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
  const what = ACTIONS[req.routeOptions.url ?? ''];
  const id = Number((req.params as { id?: unknown }).id);
  if (!what || !kept(status) || !Number.isSafeInteger(id)) return;
  const shipment = what.via === 'shipment' ? 's.id = $1' : 's.id = (select shipment_id from tms_epod where id = $1)';
  await db.query(
    `insert into tms_driver_refusal(dispatch_center_id, shipment_id, shipment_code, driver_id, action, status_code, message, idem_key)
     select s.dispatch_center_id, s.id, s.shipment_code, $2, $3, $4, $5, $6 from tms_shipment s where ${shipment}`,
    [id, driverId, what.action, status, messageOf(payload), key],
  );
}
