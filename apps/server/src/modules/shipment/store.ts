/** Shipment rows inside the caller's data scope (dispatch center, carrier data groups), locked for a change. */
import { getResource } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import type { Caller } from '../../platform/auth.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/resource-engine.ts';

export interface ShipmentRow {
  id: number;
  dispatch_center_id: number;
  shipment_code: string;
  status: string;
  carrier_id: number | null;
  vehicle_id_main: number | null;
  vehicle_id_slave: number | null;
  driver_id_master: number | null;
  driver_id_second: number | null;
  etd: Date | null;
  eta: Date | null;
  atd: Date | null;
  is_receive: string | null;
  print_qty: number;
  version: number;
  [k: string]: unknown;
}

const shipmentDef = getResource('shipment');

/** The shipments, locked in id order (no deadlock between concurrent bulk actions); any outside the scope → 404. */
export async function lockShipments(q: Queryable, caller: Caller, ids: number[]): Promise<ShipmentRow[]> {
  const params: unknown[] = [ids];
  const where = ['t.id = any($1::bigint[])', ...scopeOf(shipmentDef, caller, params, 't')];
  const r = await q.query<ShipmentRow>(`select t.* from tms_shipment t where ${where.join(' and ')} order by t.id for update`, params);
  if (r.rows.length !== new Set(ids).size) throw notFound();
  return r.rows;
}

export async function lockShipment(q: Queryable, caller: Caller, id: number): Promise<ShipmentRow> {
  return (await lockShipments(q, caller, [id]))[0]!;
}

/** The selection of a bulk shipment action; none → 'Please select dispatch order first!'. */
export function selection(v: unknown): number[] {
  const raw = Array.isArray(v) ? v : typeof v === 'string' && v ? v.split(',') : typeof v === 'number' ? [v] : [];
  if (!raw.length) throw badRequest('messages.shipment.selectFirst', { ids: { key: 'messages.shipment.selectFirst' } });
  const ids = raw.map(Number);
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0) || ids.length > 1000) throw badRequest('messages.validationFailed', { ids: { key: 'validation.integer' } });
  return [...new Set(ids)];
}
