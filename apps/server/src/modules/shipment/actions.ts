/**
 * The shipment state machine (design/domain.md "Shipment"):
 * OPEN → (scheduling) CONFIRMED → (take effect) EFFECTIVE → (ship) SHIPPED → (finish) COMPLETED,
 * with cancel scheduling, withdraw, administrator return and the reassignments. Every action locks
 * its shipments, refuses with the domain message when any is in the wrong state (all or nothing),
 * and writes one tracking row per shipment.
 */
import type { Queryable } from '../../platform/db.ts';
import { centerOf, type Caller } from '../../platform/auth.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import { conflict, type FieldMessage } from '../../platform/errors.ts';
import { createEpodsForShipments } from '../epod/create.ts';
import { track } from './tracking.ts';
import { lockShipment, lockShipments, type ShipmentRow } from './store.ts';
import { checkAssignment, describeAssignment, failIf, parseAssignment, time, type Assignment } from './assignment.ts';

export interface Ctx {
  q: Queryable;
  caller: Caller;
  now: Date;
  /** the server's domain events (finance prices a dispatch order taking effect; absent in the demo seed) */
  events?: DomainEvents;
}

type Body = Record<string, unknown>;

/** The assignment is cleared when a shipment goes back to OPEN. */
const CLEAR_ASSIGNMENT = `vehicle_id_main = null, vehicle_id_slave = null, driver_id_master = null, driver_id_second = null, operating_driver_id = null,
  etd = null, eta = null, is_receive = null, reject_reasons = null, schedule_by = null, schedule_time = null`;

/** Refuses the whole action when one shipment is not in an allowed state. */
function guard(rows: ShipmentRow[], allowed: string[], key: string): void {
  const bad = rows.find((r) => !allowed.includes(r.status));
  if (bad) throw conflict(key, { code: bad.shipment_code });
}

function checkVersion(s: ShipmentRow, body: Body): void {
  if (Number(body.version) !== s.version) throw conflict('messages.conflictVersion');
}

/** Updates the shipments (of the caller's center, whose scope locked them): `set` may use $4… for `params` ($1 ids, $2 user, $3 time). */
async function update(c: Ctx, ids: number[], set: string, params: unknown[] = []): Promise<void> {
  await c.q.query(
    `update tms_shipment set ${set}, update_by = $2, update_time = $3, version = version + 1 where id = any($1::bigint[]) and dispatch_center_id = $${params.length + 4}`,
    [ids, c.caller.userName, c.now, ...params, centerOf(c.caller)],
  );
}

async function log(c: Ctx, rows: ShipmentRow[], operationType: string, remark?: string | ((r: ShipmentRow) => string)): Promise<void> {
  await track(
    c.q,
    c.caller,
    c.now,
    rows.map((r) => ({
      dispatchCenterId: r.dispatch_center_id,
      operationType,
      relatedCode: r.shipment_code,
      shipmentId: r.id,
      driverId: r.driver_id_master,
      remark: typeof remark === 'function' ? remark(r) : remark,
    })),
  );
}

const ids = (rows: ShipmentRow[]) => rows.map((r) => r.id);

function reasonOf(body: Body, key: string, max: number, required: boolean, errors: Record<string, FieldMessage>): string | null {
  const v = typeof body[key] === 'string' ? (body[key] as string).trim() : '';
  if (!v && required) errors[key] = { key: 'validation.required' };
  if (v.length > max) errors[key] = { key: 'validation.maxLength', params: { max } };
  return v || null;
}

function versionField(body: Body, errors: Record<string, FieldMessage>): void {
  if (!Number.isInteger(body.version)) errors.version = { key: 'validation.required' };
}

/** Scheduling: OPEN → CONFIRMED with carrier, vehicles, drivers and ETD / ETA. */
export async function schedule(c: Ctx, id: number, body: Body): Promise<ShipmentRow> {
  const errors: Record<string, FieldMessage> = {};
  versionField(body, errors);
  const a = parseAssignment(body, errors);
  const etd = time(body, 'etd', true, errors);
  const eta = time(body, 'eta', true, errors);
  failIf(errors);
  const s = await lockShipment(c.q, c.caller, id);
  guard([s], ['OPEN'], 'messages.shipment.selectOpen');
  checkVersion(s, body);
  await checkAssignment(c.q, c.caller, s.id, a, { from: etd!, to: eta! });
  await update(
    c,
    [s.id],
    `status = 'CONFIRMED', carrier_id = $4, vehicle_id_main = $5, vehicle_id_slave = $6, driver_id_master = $7, driver_id_second = $8,
     operating_driver_id = $7, etd = $9, eta = $10, is_receive = null, reject_reasons = null, schedule_by = $2, schedule_time = $3`,
    [a.carrierId, a.vehicleIdMain, a.vehicleIdSlave, a.driverIdMaster, a.driverIdSecond, etd, eta],
  );
  await c.q.query(`update tms_waybill set actual_carrier_id = $2 where shipment_id = $1 and dispatch_center_id = $3`, [s.id, a.carrierId, s.dispatch_center_id]);
  await log(c, [{ ...s, driver_id_master: a.driverIdMaster }], 'SHIPMENT_SCHEDULE', await describeAssignment(c.q, a));
  return s;
}

export async function cancelSchedule(c: Ctx, shipmentIds: number[]): Promise<void> {
  const rows = await lockShipments(c.q, c.caller, shipmentIds);
  guard(rows, ['CONFIRMED'], 'messages.shipment.selectConfirmed');
  await update(c, ids(rows), `status = 'OPEN', ${CLEAR_ASSIGNMENT}`);
  await log(c, rows, 'SHIPMENT_CANCEL_SCHEDULE');
}

export async function effect(c: Ctx, shipmentIds: number[]): Promise<void> {
  const rows = await lockShipments(c.q, c.caller, shipmentIds);
  guard(rows, ['CONFIRMED'], 'messages.shipment.selectConfirmed');
  await update(c, ids(rows), `status = 'EFFECTIVE', audit_by = $2, audit_time = $3`);
  await log(c, rows, 'SHIPMENT_EFFECT');
  await c.events?.emit(c, 'shipment.effected', { dispatchCenterId: centerOf(c.caller), shipmentIds: ids(rows) });
}

/** EFFECTIVE → CONFIRMED, unless the driver has accepted it. */
export async function withdraw(c: Ctx, shipmentIds: number[]): Promise<void> {
  const rows = await lockShipments(c.q, c.caller, shipmentIds);
  guard(rows, ['EFFECTIVE'], 'messages.shipment.selectEffective');
  const accepted = rows.find((r) => r.is_receive === 'ACCEPTED');
  if (accepted) throw conflict('messages.shipment.withdrawAccepted', { code: accepted.shipment_code });
  await update(c, ids(rows), `status = 'CONFIRMED', is_receive = null, reject_reasons = null`);
  await log(c, rows, 'SHIPMENT_WITHDRAW');
}

function actionTime(body: Body): Date {
  const errors: Record<string, FieldMessage> = {};
  const t = time(body, 'time', true, errors);
  failIf(errors);
  return t!;
}

/** EFFECTIVE → SHIPPED at the given time; one receipt (epod) per waybill. */
export async function ship(c: Ctx, shipmentIds: number[], body: Body): Promise<void> {
  const at = actionTime(body);
  const rows = await lockShipments(c.q, c.caller, shipmentIds);
  guard(rows, ['EFFECTIVE'], 'messages.shipment.shipNotEffective');
  await update(c, ids(rows), `status = 'SHIPPED', atd = $4`, [at]);
  await c.q.query(`update tms_waybill set atd = $2 where shipment_id = any($1::bigint[]) and dispatch_center_id = $3`, [ids(rows), at, centerOf(c.caller)]);
  await log(c, rows, 'SHIPMENT_SHIP');
  // H4b's epod module: one PENDING receipt per waybill of each shipment
  await createEpodsForShipments(c.q, ids(rows), centerOf(c.caller), c.now, c.caller);
}

/** SHIPPED → COMPLETED at the given time (not before departure). */
export async function finish(c: Ctx, shipmentIds: number[], body: Body): Promise<void> {
  const at = actionTime(body);
  const rows = await lockShipments(c.q, c.caller, shipmentIds);
  guard(rows, ['SHIPPED'], 'messages.shipment.finishNotShipped');
  const early = rows.find((r) => r.atd && r.atd.getTime() > at.getTime());
  if (early) failIf({ time: { key: 'messages.shipment.finishBeforeShip', params: { code: early.shipment_code } } });
  await update(c, ids(rows), `status = 'COMPLETED', ata = $4`, [at]);
  await c.q.query(`update tms_waybill set ata = $2 where shipment_id = any($1::bigint[]) and dispatch_center_id = $3`, [ids(rows), at, centerOf(c.caller)]);
  await c.q.query(`update tms_shipment_leg set end_time = $2 where shipment_id = any($1::bigint[]) and dispatch_center_id = $3 and end_time is null`, [ids(rows), at, centerOf(c.caller)]);
  await log(c, rows, 'SHIPMENT_FINISH');
}

/** Administrator return: CONFIRMED or EFFECTIVE → OPEN with a reason; the assignment is cleared. */
export async function adminReturn(c: Ctx, shipmentIds: number[], body: Body): Promise<void> {
  const errors: Record<string, FieldMessage> = {};
  const reason = reasonOf(body, 'reason', 200, true, errors);
  failIf(errors);
  const rows = await lockShipments(c.q, c.caller, shipmentIds);
  guard(rows, ['CONFIRMED', 'EFFECTIVE'], 'messages.shipment.selectConfirmedOrEffective');
  await update(c, ids(rows), `status = 'OPEN', ${CLEAR_ASSIGNMENT}, return_reasons = $4`, [reason]);
  await log(c, rows, 'SHIPMENT_RETURN', reason!);
}

const current = (s: ShipmentRow): Body => ({
  carrierId: s.carrier_id,
  vehicleIdMain: s.vehicle_id_main,
  vehicleIdSlave: s.vehicle_id_slave,
  driverIdMaster: s.driver_id_master,
  driverIdSecond: s.driver_id_second,
});

/** The body's assignment over the shipment's current one (keys the body leaves out keep their value). */
function mergedAssignment(s: ShipmentRow, body: Body, errors: Record<string, FieldMessage>): Assignment {
  const merged: Body = { ...current(s) };
  for (const k of Object.keys(merged)) if (k in body) merged[k] = body[k];
  return parseAssignment(merged, errors, s.carrier_id);
}

async function assign(c: Ctx, s: ShipmentRow, a: Assignment): Promise<void> {
  await update(
    c,
    [s.id],
    `carrier_id = $4, vehicle_id_main = $5, vehicle_id_slave = $6, driver_id_master = $7, driver_id_second = $8, operating_driver_id = $7, is_receive = null, reject_reasons = null`,
    [a.carrierId, a.vehicleIdMain, a.vehicleIdSlave, a.driverIdMaster, a.driverIdSecond],
  );
  if ((s.carrier_id ?? null) !== (a.carrierId ?? null)) {
    await c.events?.emit(c, 'shipment.carrierChanged', { dispatchCenterId: s.dispatch_center_id, shipmentId: s.id, carrierBefore: s.carrier_id ?? null, carrierAfter: a.carrierId ?? null });
  }
}

async function change(c: Ctx, s: ShipmentRow, a: Assignment, reason: string | null): Promise<string> {
  const before = await describeAssignment(c.q, { vehicleIdMain: s.vehicle_id_main ?? undefined, vehicleIdSlave: s.vehicle_id_slave, driverIdMaster: s.driver_id_master ?? undefined, driverIdSecond: s.driver_id_second });
  const after = await describeAssignment(c.q, a);
  return [`${before} → ${after}`, reason].filter(Boolean).join('; ');
}

/** Driver reassignment (CONFIRMED or EFFECTIVE): new driver / vehicle; the driver's acceptance is reset. */
export async function reassignDriver(c: Ctx, id: number, body: Body): Promise<void> {
  const errors: Record<string, FieldMessage> = {};
  versionField(body, errors);
  const reason = reasonOf(body, 'reason', 100, false, errors);
  failIf(errors);
  const s = await lockShipment(c.q, c.caller, id);
  guard([s], ['CONFIRMED', 'EFFECTIVE'], 'messages.shipment.selectConfirmedOrEffective');
  checkVersion(s, body);
  const a = mergedAssignment(s, body, errors);
  failIf(errors);
  await checkAssignment(c.q, c.caller, s.id, a, { from: s.etd!, to: s.eta! });
  const remark = await change(c, s, a, reason);
  await assign(c, s, a);
  await log(c, [{ ...s, driver_id_master: a.driverIdMaster }], 'SHIPMENT_REASSIGN', remark);
  const driversBefore = [s.driver_id_master, s.driver_id_second].filter((d): d is number => d != null);
  await c.events?.emit(c, 'shipment.reassigned', { dispatchCenterId: s.dispatch_center_id, shipmentId: s.id, status: s.status, driversBefore });
}

/**
 * In-transit reassignment (SHIPPED): another vehicle / driver takes over at a handover time and place.
 * The legs keep who drove which part: the first handover closes the original leg and opens the next.
 */
export async function reassignInTransit(c: Ctx, id: number, body: Body): Promise<void> {
  const errors: Record<string, FieldMessage> = {};
  versionField(body, errors);
  const at = time(body, 'handoverTime', true, errors);
  const place = reasonOf(body, 'handoverPlace', 100, true, errors);
  const lng = body.handoverLng === undefined || body.handoverLng === null ? null : Number(body.handoverLng);
  const lat = body.handoverLat === undefined || body.handoverLat === null ? null : Number(body.handoverLat);
  if (lng !== null && !(Math.abs(lng) <= 180)) errors.handoverLng = { key: 'validation.number' };
  if (lat !== null && !(Math.abs(lat) <= 90)) errors.handoverLat = { key: 'validation.number' };
  failIf(errors);
  const s = await lockShipment(c.q, c.caller, id);
  guard([s], ['SHIPPED'], 'messages.shipment.selectShipped');
  checkVersion(s, body);
  if (s.atd && at!.getTime() < s.atd.getTime()) failIf({ handoverTime: { key: 'messages.shipment.handoverBeforeShip' } });
  const a = mergedAssignment(s, body, errors);
  failIf(errors);
  const until = s.eta && s.eta.getTime() > at!.getTime() ? s.eta : new Date(at!.getTime() + 60_000);
  await checkAssignment(c.q, c.caller, s.id, a, { from: at!, to: until });
  const legs = await c.q.query<{ n: number }>(`select count(*)::int as n from tms_shipment_leg where shipment_id = $1 and dispatch_center_id = $2`, [s.id, s.dispatch_center_id]);
  let seq = legs.rows[0]!.n;
  if (seq === 0) {
    seq = 1;
    await c.q.query(
      `insert into tms_shipment_leg(dispatch_center_id, shipment_id, seq, vehicle_id_main, vehicle_id_slave, driver_id_master, driver_id_second, start_time, end_time, create_by, create_time)
       values ($1,$2,1,$3,$4,$5,$6,$7,$8,$9,$10)`,
      [s.dispatch_center_id, s.id, s.vehicle_id_main, s.vehicle_id_slave, s.driver_id_master, s.driver_id_second, s.atd ?? at, at, c.caller.userName, c.now],
    );
  } else {
    await c.q.query(`update tms_shipment_leg set end_time = $2 where shipment_id = $1 and dispatch_center_id = $3 and end_time is null`, [s.id, at, s.dispatch_center_id]);
  }
  await c.q.query(
    `insert into tms_shipment_leg(dispatch_center_id, shipment_id, seq, vehicle_id_main, vehicle_id_slave, driver_id_master, driver_id_second, start_time, handover_place, handover_lng, handover_lat, remark, create_by, create_time)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
    [s.dispatch_center_id, s.id, seq + 1, a.vehicleIdMain, a.vehicleIdSlave, a.driverIdMaster, a.driverIdSecond, at, place, lng, lat, typeof body.remark === 'string' ? body.remark.slice(0, 200) : null, c.caller.userName, c.now],
  );
  const remark = await change(c, s, a, place);
  await assign(c, s, a);
  await log(c, [{ ...s, driver_id_master: a.driverIdMaster }], 'SHIPMENT_REASSIGN_TRANSIT', remark);
}
