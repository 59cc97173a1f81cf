/**
 * Waybills on a dispatch order (domain.md "Shipment"): create a shipment from reviewed waybills,
 * bind and unbind waybills, and recompute the shipment's totals and stops from its waybills.
 * Every function runs inside the caller's transaction and locks the rows it changes.
 * The waybill module calls createShipmentFromWaybills for its "to dispatch" action.
 */
import { getResource } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import { centerOf, type Caller } from '../../platform/auth.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { nextCode } from '../system/number-rules.ts';
import { track } from './tracking.ts';
import { lockShipment } from './store.ts';
import { checkAssignedVehiclesFit } from './assignment.ts';
import { scopeOf } from '../../platform/resource-engine.ts';

interface WaybillRow {
  id: number;
  code: string;
  order_id: number;
  status: string;
  shipment_id: number | null;
  shipment_code: string | null;
  carrier_id: number | null;
  client_id: number;
  order_type_id: number | null;
  trans_type: string | null;
  route_id: number | null;
}

const BINDABLE = new Set(['OPEN', 'CONFIRMED']);

const waybillDef = getResource('waybill');

/** The waybills, locked in id order (no deadlocks between concurrent binders), all in the caller's scope (center, data groups) else 404. */
async function lockWaybills(q: Queryable, caller: Caller, ids: number[]): Promise<WaybillRow[]> {
  if (!ids.length) throw badRequest('messages.selectRows', { ids: { key: 'validation.required' } });
  const params: unknown[] = [ids];
  const where = ['t.id = any($1::bigint[])', ...scopeOf(waybillDef, caller, params, 't')];
  const r = await q.query<WaybillRow>(
    `select t.id, t.code, t.order_id, t.status, t.shipment_id, t.shipment_code, t.carrier_id, t.client_id, t.order_type_id, t.trans_type, t.route_id
       from tms_waybill t where ${where.join(' and ')} order by t.id for update`,
    params,
  );
  if (r.rows.length !== new Set(ids).size) throw notFound();
  return r.rows;
}

const codes = (ws: WaybillRow[]) => ws.map((w) => w.code).join(', ');

/** Reviewed and unbound, or a 409 naming the offending waybills. */
function assertBindable(ws: WaybillRow[]): void {
  const notReviewed = ws.filter((w) => w.status !== 'REVIEWED');
  if (notReviewed.length) throw conflict('messages.shipment.waybillNotReviewed', { codes: codes(notReviewed) });
  const bound = ws.filter((w) => w.shipment_id !== null);
  if (bound.length) throw conflict('messages.shipment.waybillAlreadyBound', { codes: codes(bound), shipment: bound[0]!.shipment_code ?? '' });
}

/** The one value every waybill shares, else null. */
function common<K extends keyof WaybillRow>(ws: WaybillRow[], key: K): WaybillRow[K] | null {
  const vals = new Set(ws.map((w) => w[key]));
  return vals.size === 1 ? ws[0]![key] : null;
}

type ShipmentRef = { id: number; shipment_code: string; dispatch_center_id: number };

/** One tracking row per waybill joining or leaving the shipment. */
function trackWaybills(q: Queryable, caller: Caller, now: Date, s: ShipmentRef, ws: WaybillRow[], operationType: string) {
  return track(
    q,
    caller,
    now,
    ws.map((w) => ({ dispatchCenterId: s.dispatch_center_id, operationType, relatedCode: s.shipment_code, shipmentId: s.id, waybillId: w.id, orderId: w.order_id, remark: w.code })),
  );
}

async function attach(q: Queryable, caller: Caller, s: ShipmentRef, ws: WaybillRow[], now: Date) {
  await q.query(
    `update tms_waybill set shipment_id = $1, shipment_code = $2, update_by = $3, update_time = $4, version = version + 1 where id = any($5::bigint[]) and dispatch_center_id = $6`,
    [s.id, s.shipment_code, caller.userName, now, ws.map((w) => w.id), s.dispatch_center_id],
  );
  await trackWaybills(q, caller, now, s, ws, 'SHIPMENT_BIND');
}

/** A new OPEN shipment holding the given reviewed, unbound waybills of the caller's dispatch center. */
export async function createShipmentFromWaybills(q: Queryable, caller: Caller, waybillIds: number[], now: Date): Promise<{ id: number; shipmentCode: string }> {
  const ws = await lockWaybills(q, caller, waybillIds);
  assertBindable(ws);
  const center = centerOf(caller);
  const code = await nextCode(q, 'SHIPMENT', center, common(ws, 'client_id'), now);
  const r = await q.query<{ id: number }>(
    `insert into tms_shipment(dispatch_center_id, shipment_code, status, order_type_id, carrier_id, trans_type, route_id, create_by, create_time)
     values ($1,$2,'OPEN',$3,$4,$5,$6,$7,$8) returning id`,
    [center, code, common(ws, 'order_type_id'), common(ws, 'carrier_id'), common(ws, 'trans_type'), common(ws, 'route_id'), caller.userName, now],
  );
  const s = { id: r.rows[0]!.id, shipment_code: code, dispatch_center_id: center };
  await track(q, caller, now, [{ dispatchCenterId: center, operationType: 'SHIPMENT_CREATE', relatedCode: code, shipmentId: s.id }]);
  await attach(q, caller, s, ws, now);
  await recomputeShipment(q, s.id, center);
  return { id: s.id, shipmentCode: code };
}

/**
 * Binds reviewed, unbound waybills to an OPEN or CONFIRMED shipment. A waybill whose carrier differs from the
 * shipment's needs opts.confirmCarrierMismatch (spec §5), else 409 messages.shipment.carrierMismatch.
 */
export async function bindWaybills(
  q: Queryable,
  caller: Caller,
  shipmentId: number,
  waybillIds: number[],
  opts: { confirmCarrierMismatch?: boolean } = {},
  now: Date = new Date(),
): Promise<{ id: number; shipmentCode: string }> {
  const s = await lockShipment(q, caller, shipmentId);
  if (!BINDABLE.has(s.status)) throw conflict('messages.shipment.bindOnlyOpenConfirmed');
  const ws = await lockWaybills(q, caller, waybillIds);
  assertBindable(ws);
  const mismatch = s.carrier_id !== null && ws.some((w) => w.carrier_id !== null && w.carrier_id !== s.carrier_id);
  // data.confirm tells a client to ask the question of spec §5 and send again with confirmCarrierMismatch
  if (mismatch && !opts.confirmCarrierMismatch) throw new AppError(409, 'messages.shipment.carrierMismatch', undefined, undefined, { confirm: 'carrierMismatch' });
  await attach(q, caller, s, ws, now);
  // an open shipment without a carrier takes the one its waybills agree on
  const carrier = s.carrier_id === null && s.status === 'OPEN' ? common(ws, 'carrier_id') : null;
  await q.query(`update tms_shipment set carrier_id = coalesce(carrier_id, $2), update_by = $3, update_time = $4, version = version + 1 where id = $1 and dispatch_center_id = $5`, [
    s.id,
    carrier,
    caller.userName,
    now,
    s.dispatch_center_id,
  ]);
  await recomputeShipment(q, s.id, s.dispatch_center_id);
  // a scheduled shipment keeps its vehicles: the new stops must accept them, as scheduling requires (409 rolls the bind back)
  if (s.vehicle_id_main !== null && s.carrier_id !== null) {
    await checkAssignedVehiclesFit(q, s.id, s.dispatch_center_id, { carrierId: s.carrier_id, vehicleIdMain: s.vehicle_id_main, vehicleIdSlave: s.vehicle_id_slave });
  }
  return { id: s.id, shipmentCode: s.shipment_code };
}

/** Takes waybills off an OPEN or CONFIRMED shipment. */
export async function unbindWaybills(q: Queryable, caller: Caller, shipmentId: number, waybillIds: number[], now: Date = new Date()): Promise<{ id: number; shipmentCode: string }> {
  const s = await lockShipment(q, caller, shipmentId);
  if (!BINDABLE.has(s.status)) throw conflict('messages.shipment.bindOnlyOpenConfirmed');
  const ws = await lockWaybills(q, caller, waybillIds);
  const foreign = ws.filter((w) => w.shipment_id !== s.id);
  if (foreign.length) throw conflict('messages.shipment.waybillNotOnShipment', { codes: codes(foreign), shipment: s.shipment_code });
  await q.query(
    `update tms_waybill set shipment_id = null, shipment_code = null, update_by = $1, update_time = $2, version = version + 1 where id = any($3::bigint[]) and dispatch_center_id = $4`,
    [caller.userName, now, ws.map((w) => w.id), s.dispatch_center_id],
  );
  await trackWaybills(q, caller, now, s, ws, 'SHIPMENT_UNBIND');
  await q.query(`update tms_shipment set update_by = $2, update_time = $3, version = version + 1 where id = $1 and dispatch_center_id = $4`, [s.id, caller.userName, now, s.dispatch_center_id]);
  await recomputeShipment(q, s.id, s.dispatch_center_id);
  return { id: s.id, shipmentCode: s.shipment_code };
}

interface StopSource {
  source_station_id: number;
  dest_station_id: number;
  source_location_id: number | null;
  dest_location_id: number | null;
  etd: Date | null;
  eta: Date | null;
}

export interface PlannedStop {
  stationId: number;
  stopType: 'LOAD' | 'UNLOAD' | 'BOTH';
  eta: Date | null;
}

const time = (d: Date | null) => (d ? d.getTime() : Number.POSITIVE_INFINITY);

/**
 * Route order: every loading station (by planned departure), then every unloading station (by planned arrival).
 * A station that is both loaded and unloaded is one BOTH stop at its first place.
 */
export function planStops(ws: StopSource[]): PlannedStop[] {
  const loads = [...ws].sort((a, b) => time(a.etd) - time(b.etd)).map((w) => ({ stationId: w.source_station_id, type: 'LOAD' as const, at: w.etd }));
  const unloads = [...ws].sort((a, b) => time(a.eta) - time(b.eta)).map((w) => ({ stationId: w.dest_station_id, type: 'UNLOAD' as const, at: w.eta }));
  const stops = new Map<number, PlannedStop>();
  for (const x of [...loads, ...unloads]) {
    const seen = stops.get(x.stationId);
    if (!seen) stops.set(x.stationId, { stationId: x.stationId, stopType: x.type, eta: x.at });
    else if (seen.stopType !== x.type) seen.stopType = 'BOTH';
  }
  return [...stops.values()];
}

/** Totals, stops, stationNum and from/to location of a shipment (of the center given), from the waybills bound to it. */
export async function recomputeShipment(q: Queryable, shipmentId: number, center: number): Promise<void> {
  const ws = await q.query<StopSource>(
    `select source_station_id, dest_station_id, source_location_id, dest_location_id, etd, eta from tms_waybill where shipment_id = $1 and dispatch_center_id = $2 order by id`,
    [shipmentId, center],
  );
  const stops = planStops(ws.rows);
  await q.query(`delete from tms_shipment_stop where shipment_id = $1 and dispatch_center_id = $2`, [shipmentId, center]);
  if (stops.length) {
    await q.query(
      `insert into tms_shipment_stop(dispatch_center_id, shipment_id, seq, station_id, stop_type, eta)
       select s.dispatch_center_id, s.id, x.seq, x.station_id, x.stop_type, x.eta
         from tms_shipment s, unnest($2::int[], $3::bigint[], $4::text[], $5::timestamptz[]) as x(seq, station_id, stop_type, eta)
        where s.id = $1 and s.dispatch_center_id = $6`,
      [shipmentId, stops.map((_, i) => i + 1), stops.map((x) => x.stationId), stops.map((x) => x.stopType), stops.map((x) => x.eta), center],
    );
  }
  const first = ws.rows.find((w) => w.source_station_id === stops[0]?.stationId);
  const last = ws.rows.find((w) => w.dest_station_id === stops[stops.length - 1]?.stationId);
  await q.query(
    `update tms_shipment s set
       total_weight = coalesce(t.w, 0), total_volume = coalesce(t.v, 0), total_quantity = coalesce(t.qty, 0),
       total_cases = coalesce(t.c, 0), total_pallets = coalesce(t.p, 0), total_other = coalesce(t.o, 0),
       station_num = $2, from_location_id = $3, to_location_id = $4
       from (select sum(total_weight) w, sum(total_volume) v, sum(total_quantity) qty, sum(total_cases) c, sum(total_pallets) p, sum(total_other) o
               from tms_waybill where shipment_id = $1 and dispatch_center_id = $5) t
      where s.id = $1 and s.dispatch_center_id = $5`,
    [shipmentId, stops.length, first?.source_location_id ?? null, last?.dest_location_id ?? null, center],
  );
}
