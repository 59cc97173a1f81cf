/**
 * The driver's dispatch orders (design/domain.md "Shipment", driver accept / refuse): the driver
 * sees the EFFECTIVE and SHIPPED ones they drive (main, second or operating driver) and answers an
 * EFFECTIVE one: accept (isReceive = ACCEPTED) or refuse with a reason (isReceive = REFUSED,
 * rejectReasons, back to CONFIRMED so the dispatcher reassigns it). An accepted one cannot be
 * answered again (nor withdrawn by the dispatcher); one refused earlier and made effective again
 * can. Someone else's dispatch order answers 404.
 */
import type { Queryable } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { shipmentStops } from '../alert/stops.ts';
import { driverActor, type DriverCaller } from './auth.ts';

export const DRIVES = (param: string) => `${param} in (s.driver_id_master, s.driver_id_second, s.operating_driver_id)`;
export const REJECT_REASON_MAX = 200;

const COLUMNS = `s.id, s.shipment_code as "shipmentCode", s.status, s.is_receive as "isReceive", s.receive_time as "receiveTime", s.reject_reasons as "rejectReasons",
  s.etd, s.eta, s.atd, s.ata, s.station_num as "stationNum", s.trans_type as "transType", s.remark,
  s.total_weight as "totalWeight", s.total_volume as "totalVolume", s.total_quantity as "totalQuantity", s.total_cases as "totalCases", s.total_pallets as "totalPallets",
  c.name as "carrierName", v.plate_number as "vehiclePlate", vs.plate_number as "trailerPlate", fl.name as "fromLocation", tl.name as "toLocation",
  case when s.driver_id_master = $1 then 'MASTER' when s.driver_id_second = $1 then 'SECOND' else 'OPERATING' end as "driverRole"`;
/** A shipment `s` with its carrier `c`, vehicles `v` / `vs` and locations `fl` / `tl`. */
export const SHIPMENT_FROM = `tms_shipment s
  left join base_carrier c on c.id = s.carrier_id
  left join base_transport_means v on v.id = s.vehicle_id_main
  left join base_transport_means vs on vs.id = s.vehicle_id_slave
  left join base_location fl on fl.id = s.from_location_id
  left join base_location tl on tl.id = s.to_location_id`;

type Row = Record<string, unknown> & { id: number };

async function withStops(q: Queryable, rows: Row[]): Promise<Row[]> {
  const stops = await shipmentStops(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, stops: (stops.get(r.id) ?? []).map((s, i) => ({ seq: i + 1, ...s })) }));
}

/** EFFECTIVE and SHIPPED dispatch orders of the driver, next departure first. */
export async function driverShipments(q: Queryable, driverId: number): Promise<Row[]> {
  const r = await q.query<Row>(
    `select ${COLUMNS} from ${SHIPMENT_FROM} where ${DRIVES('$1')} and s.status in ('EFFECTIVE', 'SHIPPED') order by s.etd nulls last, s.id limit 100`,
    [driverId],
  );
  return withStops(q, r.rows);
}

/** One of the driver's dispatch orders in progress or finished. */
export async function driverShipment(q: Queryable, driverId: number, id: number): Promise<Row> {
  const r = await q.query<Row>(`select ${COLUMNS} from ${SHIPMENT_FROM} where s.id = $2 and ${DRIVES('$1')} and s.status in ('EFFECTIVE', 'SHIPPED', 'COMPLETED')`, [driverId, id]);
  if (!r.rows[0]) throw notFound();
  return (await withStops(q, r.rows))[0]!;
}

export interface ShipmentRef {
  dispatchCenterId: number;
  shipmentId: number;
  code: string;
}

/** A business-log row for what the driver did. */
export async function trackDriver(q: Queryable, d: DriverCaller, now: Date, s: ShipmentRef, operationType: string, remark: string | null): Promise<void> {
  await q.query(
    `insert into tms_order_tracking(dispatch_center_id, shipment_id, operation_type, related_code, operator_name, operation_time, driver_id, remark)
     values ($1,$2,$3,$4,$5,$6,$7,$8)`,
    [s.dispatchCenterId, s.shipmentId, operationType, s.code, d.name.slice(0, 64), now, d.driverId, remark?.slice(0, 300) ?? null],
  );
}

/** Accept (reason null) or refuse (with reason) an EFFECTIVE dispatch order. */
export async function answerShipment(q: Queryable, d: DriverCaller, id: number, reason: string | null, now: Date): Promise<ShipmentRef & { status: string }> {
  const s = (
    await q.query<{ id: number; dispatch_center_id: number; shipment_code: string; status: string; is_receive: string | null }>(
      `select s.id, s.dispatch_center_id, s.shipment_code, s.status, s.is_receive from tms_shipment s where s.id = $2 and ${DRIVES('$1')} for update`,
      [d.driverId, id],
    )
  ).rows[0];
  if (!s) throw notFound();
  if (s.status !== 'EFFECTIVE') throw conflict('messages.driver.onlyEffective');
  if (s.is_receive === 'ACCEPTED') throw conflict('messages.driver.alreadyAccepted');
  const refuse = reason !== null;
  await q.query(
    `update tms_shipment set is_receive = $2, reject_reasons = $3, receive_time = $4, status = $5, update_by = $6, update_time = $4, version = version + 1 where id = $1`,
    [s.id, refuse ? 'REFUSED' : 'ACCEPTED', reason, now, refuse ? 'CONFIRMED' : 'EFFECTIVE', driverActor(d)],
  );
  const ref = { dispatchCenterId: s.dispatch_center_id, shipmentId: s.id, code: s.shipment_code };
  await trackDriver(q, d, now, ref, refuse ? 'DRIVER_REFUSE' : 'DRIVER_ACCEPT', reason);
  return { ...ref, status: refuse ? 'CONFIRMED' : 'EFFECTIVE' };
}
