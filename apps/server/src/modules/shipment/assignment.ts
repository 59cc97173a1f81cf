/**
 * Transport assignment of a shipment (scheduling, driver reassignment, in-transit reassignment):
 * carrier, main vehicle, trailer, main and second driver over a time window.
 *
 * Race-free: the vehicle and driver rows are locked `for update` (vehicles, then drivers, each in id
 * order) before the overlap check, so of two dispatchers assigning the same vehicle or driver at the
 * same time the second waits for the first to commit and then sees its shipment.
 */
import { getResource } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import { centerOf, type Caller } from '../../platform/auth.ts';
import { scopeOf } from '../../platform/resource-engine.ts';
import { AppError, conflict, type FieldMessage } from '../../platform/errors.ts';

export interface Assignment {
  carrierId: number;
  vehicleIdMain: number;
  vehicleIdSlave: number | null;
  driverIdMaster: number;
  driverIdSecond: number | null;
}

export interface Window {
  from: Date;
  to: Date;
}

/** Statuses in which a shipment holds its vehicle and drivers. */
export const UNFINISHED = ['CONFIRMED', 'EFFECTIVE', 'SHIPPED'];

function id(body: Record<string, unknown>, key: string, required: boolean, errors: Record<string, FieldMessage>): number | null {
  const v = body[key];
  if (v === undefined || v === null || v === '' || v === 0) {
    if (required) errors[key] = { key: 'validation.required' };
    return null;
  }
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) errors[key] = { key: 'validation.integer' };
  return n;
}

export function time(body: Record<string, unknown>, key: string, required: boolean, errors: Record<string, FieldMessage>): Date | null {
  const v = body[key];
  if (v === undefined || v === null || v === '') {
    if (required) errors[key] = { key: 'validation.required' };
    return null;
  }
  const d = typeof v === 'string' ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime())) {
    errors[key] = { key: 'validation.datetime' };
    return null;
  }
  return d;
}

export function failIf(errors: Record<string, FieldMessage>): void {
  const first = Object.values(errors)[0];
  // a rule of its own (e.g. 'ETA must be later than ETD') is the message; plain field errors read generic
  if (first) throw new AppError(400, first.key.startsWith('messages.') ? first.key : 'messages.validationFailed', first.params, errors);
}

/** Reads and checks the shape of an assignment body; the carrier defaults to `carrierDefault`. */
export function parseAssignment(body: Record<string, unknown>, errors: Record<string, FieldMessage>, carrierDefault: number | null = null): Assignment {
  const a = {
    carrierId: id(body, 'carrierId', carrierDefault === null, errors) ?? carrierDefault ?? 0,
    vehicleIdMain: id(body, 'vehicleIdMain', true, errors) ?? 0,
    vehicleIdSlave: id(body, 'vehicleIdSlave', false, errors),
    driverIdMaster: id(body, 'driverIdMaster', true, errors) ?? 0,
    driverIdSecond: id(body, 'driverIdSecond', false, errors),
  };
  if (a.vehicleIdSlave !== null && a.vehicleIdSlave === a.vehicleIdMain) errors.vehicleIdSlave = { key: 'messages.shipment.sameVehicle' };
  if (a.driverIdSecond !== null && a.driverIdSecond === a.driverIdMaster) errors.driverIdSecond = { key: 'messages.shipment.sameDriver' };
  return a;
}

interface Vehicle {
  id: number;
  carrier_id: number;
  type_id: number | null;
  plate_number: string;
}
interface Driver {
  id: number;
  carrier_id: number;
  name: string;
}

const present = (xs: (number | null)[]) => [...new Set(xs.filter((x): x is number => x !== null))].sort((a, b) => a - b);
const fmt = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : '');

const carrierDef = getResource('carrier');

/**
 * Locks the vehicles and drivers and checks they exist and belong to the carrier (400 with field errors).
 * The carrier must be one the caller may see (its data groups): another group's carrier is unknown here.
 */
async function lockResources(q: Queryable, caller: Caller, a: Assignment): Promise<{ vehicles: Map<number, Vehicle>; drivers: Map<number, Driver> }> {
  const v = await q.query<Vehicle>(
    `select id, carrier_id, type_id, plate_number from base_transport_means where id = any($1::bigint[]) order by id for update`,
    [present([a.vehicleIdMain, a.vehicleIdSlave])],
  );
  const d = await q.query<Driver>(`select id, carrier_id, name from base_driver where id = any($1::bigint[]) order by id for update`, [
    present([a.driverIdMaster, a.driverIdSecond]),
  ]);
  const vehicles = new Map(v.rows.map((x) => [x.id, x]));
  const drivers = new Map(d.rows.map((x) => [x.id, x]));
  const params: unknown[] = [a.carrierId];
  const carrier = await q.query(`select 1 from base_carrier c where c.id = $1 and ${['true', ...scopeOf(carrierDef, caller, params, 'c')].join(' and ')}`, params);
  const errors: Record<string, FieldMessage> = {};
  if (!carrier.rows.length) errors.carrierId = { key: 'validation.invalid' };
  const check = (key: keyof Assignment, row: { carrier_id: number } | undefined, what: string) => {
    const value = a[key];
    if (value === null) return;
    if (!row) errors[key] = { key: 'validation.invalid' };
    else if (row.carrier_id !== a.carrierId) errors[key] = { key: 'messages.shipment.notOfCarrier', params: { what } };
  };
  check('vehicleIdMain', vehicles.get(a.vehicleIdMain), vehicles.get(a.vehicleIdMain)?.plate_number ?? '');
  if (a.vehicleIdSlave !== null) check('vehicleIdSlave', vehicles.get(a.vehicleIdSlave), vehicles.get(a.vehicleIdSlave)?.plate_number ?? '');
  check('driverIdMaster', drivers.get(a.driverIdMaster), drivers.get(a.driverIdMaster)?.name ?? '');
  if (a.driverIdSecond !== null) check('driverIdSecond', drivers.get(a.driverIdSecond), drivers.get(a.driverIdSecond)?.name ?? '');
  failIf(errors);
  return { vehicles, drivers };
}

interface Busy {
  shipment_code: string;
  etd: Date | null;
  eta: Date | null;
  vehicle_id_main: number | null;
  vehicle_id_slave: number | null;
  driver_id_master: number | null;
  driver_id_second: number | null;
}

/** Refuses a vehicle or driver already on another unfinished shipment whose [etd, eta] overlaps the window. */
async function checkOverlap(q: Queryable, shipmentId: number, a: Assignment, w: Window, res: Awaited<ReturnType<typeof lockResources>>): Promise<void> {
  const vehicles = present([a.vehicleIdMain, a.vehicleIdSlave]);
  const drivers = present([a.driverIdMaster, a.driverIdSecond]);
  const r = await q.query<Busy>(
    `select shipment_code, etd, eta, vehicle_id_main, vehicle_id_slave, driver_id_master, driver_id_second
       from tms_shipment
      where id <> $1 and status = any($2::text[])
        and (vehicle_id_main = any($3::bigint[]) or vehicle_id_slave = any($3::bigint[]) or driver_id_master = any($4::bigint[]) or driver_id_second = any($4::bigint[]))
        and coalesce(etd, '-infinity') < $6 and coalesce(eta, 'infinity') > $5
      order by etd limit 1`,
    [shipmentId, UNFINISHED, vehicles, drivers, w.from, w.to],
  );
  const b = r.rows[0];
  if (!b) return;
  const window = { shipment: b.shipment_code, etd: fmt(b.etd), eta: fmt(b.eta) };
  const vehicle = vehicles.find((v) => v === b.vehicle_id_main || v === b.vehicle_id_slave);
  if (vehicle !== undefined) throw conflict('messages.shipment.vehicleBusy', { plate: res.vehicles.get(vehicle)!.plate_number, ...window });
  const driver = drivers.find((d) => d === b.driver_id_master || d === b.driver_id_second)!;
  throw conflict('messages.shipment.driverBusy', { name: res.drivers.get(driver)!.name, ...window });
}

/** A station refuses a vehicle type it forbids, or any type but its allowed ones when it has those. */
const REFUSES = (station: string, type: string) => `(exists (select 1 from base_station_limit l where l.station_id = ${station} and l.transport_means_type_id = ${type} and l.type = 'FORBID')
  or (exists (select 1 from base_station_limit l where l.station_id = ${station} and l.type = 'ALLOW')
      and not exists (select 1 from base_station_limit l where l.station_id = ${station} and l.type = 'ALLOW' and l.transport_means_type_id = ${type})))`;

/**
 * The vehicle types must fit every stop's station limits. When the main vehicle does not fit and the
 * carrier has no other vehicle that would, the answer is 'no vehicle alternative for the current model'.
 */
async function checkStationLimits(q: Queryable, shipmentId: number, center: number, a: Assignment, res: Awaited<ReturnType<typeof lockResources>>): Promise<void> {
  const types = present([res.vehicles.get(a.vehicleIdMain)?.type_id ?? null, a.vehicleIdSlave ? (res.vehicles.get(a.vehicleIdSlave)?.type_id ?? null) : null]);
  if (!types.length) return;
  const r = await q.query<{ station: string; type: string; type_id: number }>(
    `select st.name as station, t.name as type, t.id as type_id
       from tms_shipment_stop s join base_station st on st.id = s.station_id cross join base_transport_means_type t
      where s.shipment_id = $1 and s.dispatch_center_id = $3 and t.id = any($2::bigint[]) and ${REFUSES('st.id', 't.id')}
      order by s.seq limit 1`,
    [shipmentId, types, center],
  );
  const refused = r.rows[0];
  if (!refused) return;
  const alt = await q.query(
    `select 1 from base_transport_means v
      where v.carrier_id = $2 and v.type_id is not null and v.type_id <> $3 and not coalesce(v.lock_flag, false)
        and not exists (select 1 from tms_shipment_stop s where s.shipment_id = $1 and s.dispatch_center_id = $4 and ${REFUSES('s.station_id', 'v.type_id')})
      limit 1`,
    [shipmentId, a.carrierId, refused.type_id, center],
  );
  if (!alt.rows.length) throw conflict('messages.shipment.noVehicleAlternative', { type: refused.type, station: refused.station });
  throw conflict('messages.shipment.vehicleTypeNotAllowed', { type: refused.type, station: refused.station });
}

/** Every check of an assignment for a shipment over a time window (locks the vehicles and drivers). */
export async function checkAssignment(q: Queryable, caller: Caller, shipmentId: number, a: Assignment, w: Window): Promise<void> {
  if (w.to.getTime() <= w.from.getTime()) failIf({ eta: { key: 'messages.shipment.etaBeforeEtd' } });
  const res = await lockResources(q, caller, a);
  await checkOverlap(q, shipmentId, a, w, res);
  await checkStationLimits(q, shipmentId, centerOf(caller), a, res);
}

/**
 * The vehicles already assigned to a shipment must fit the station limits of its stops as they are now
 * (after waybills were bound to it): the same rule and messages as scheduling.
 */
export async function checkAssignedVehiclesFit(q: Queryable, shipmentId: number, center: number, a: Pick<Assignment, 'carrierId' | 'vehicleIdMain' | 'vehicleIdSlave'>): Promise<void> {
  const v = await q.query<Vehicle>(`select id, carrier_id, type_id, plate_number from base_transport_means where id = any($1::bigint[]) order by id`, [
    present([a.vehicleIdMain, a.vehicleIdSlave]),
  ]);
  const full: Assignment = { ...a, driverIdMaster: 0, driverIdSecond: null };
  await checkStationLimits(q, shipmentId, center, full, { vehicles: new Map(v.rows.map((x) => [x.id, x])), drivers: new Map() });
}

/** Plate and driver names of an assignment, for the tracking remark. */
export async function describeAssignment(q: Queryable, a: Partial<Assignment>): Promise<string> {
  const r = await q.query<{ plates: string | null; drivers: string | null }>(
    `select (select string_agg(plate_number, '/' order by id) from base_transport_means where id = any($1::bigint[])) as plates,
            (select string_agg(name, '/' order by id) from base_driver where id = any($2::bigint[])) as drivers`,
    [present([a.vehicleIdMain ?? null, a.vehicleIdSlave ?? null]), present([a.driverIdMaster ?? null, a.driverIdSecond ?? null])],
  );
  return [r.rows[0]?.plates, r.rows[0]?.drivers].filter(Boolean).join(' ');
}
