/**
 * The driver's dispatch orders (design/domain.md "Shipment", driver accept / refuse): the driver
 * sees the EFFECTIVE and SHIPPED ones they drive (main, second or operating driver) and answers an
 * EFFECTIVE one: accept (isReceive = ACCEPTED) or refuse with a reason (isReceive = REFUSED,
 * rejectReasons, back to CONFIRMED so the dispatcher reassigns it). An accepted one cannot be
 * answered again (nor withdrawn by the dispatcher); one refused earlier and made effective again
 * can. Someone else's dispatch order answers 404.
 */
import type { z } from 'zod';
import { DriverApi } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { shipmentStops } from '../alert/stops.ts';
import { driverActor, notYours, type DriverCaller } from './auth.ts';

export const DRIVES = (param: string) => `${param} in (s.driver_id_master, s.driver_id_second, s.operating_driver_id)`;
export const REJECT_REASON_MAX = DriverApi.REJECT_REASON_MAX;

const COLUMNS = `s.id, s.shipment_code as "shipmentCode", s.status, s.is_receive as "isReceive", s.receive_time as "receiveTime", s.reject_reasons as "rejectReasons",
  s.etd, s.eta, s.atd, s.ata, s.station_num as "stationNum", s.trans_type as "transType", s.remark,
  s.total_weight as "totalWeight", s.total_volume as "totalVolume", s.total_quantity as "totalQuantity", s.total_cases as "totalCases", s.total_pallets as "totalPallets",
  c.name as "carrierName", v.plate_number as "vehiclePlate", vs.plate_number as "trailerPlate", fl.name as "fromLocation", tl.name as "toLocation",
  case when s.driver_id_master = $1 then 'MASTER' when s.driver_id_second = $1 then 'SECOND' else 'OPERATING' end as "driverRole",
  (select json_build_object('id', vc.id, 'result', vc.result, 'checkTime', vc.check_time) from tms_vehicle_check vc where vc.shipment_id = s.id and vc.dispatch_center_id = s.dispatch_center_id order by vc.check_time desc, vc.id desc limit 1) as "lastCheck"`;
/** A shipment `s` with its carrier `c`, vehicles `v` / `vs` and locations `fl` / `tl`. */
export const SHIPMENT_FROM = `tms_shipment s
  left join base_carrier c on c.id = s.carrier_id
  left join base_transport_means v on v.id = s.vehicle_id_main
  left join base_transport_means vs on vs.id = s.vehicle_id_slave
  left join base_location fl on fl.id = s.from_location_id
  left join base_location tl on tl.id = s.to_location_id`;

type Shipment = z.input<typeof DriverApi.Shipment>;
type Waybill = z.input<typeof DriverApi.DriverWaybill>;
type Dated<T, K extends keyof T> = Omit<T, K> & { [k in K]: Date | null };
/** A dispatch order as read: its times are dates until they are written as ISO-8601. */
type Row = Dated<Omit<Shipment, 'stops' | 'waybills'>, 'receiveTime' | 'etd' | 'eta' | 'atd' | 'ata'>;
type WaybillRow = Dated<Waybill, 'etd' | 'eta' | 'epodDepartureTime'> & { shipmentId: number };
const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * What the driver app shows at each stop: the station's address and contact, and the waybills of
 * the dispatch order (loaded at their source station, delivered at their destination) with their
 * contacts, planned times, goods and receipt (epod), so the app works offline from this one answer.
 */
async function stopDetails(q: Queryable, ids: number[], stationIds: number[]) {
  const stations = await q.query<{ id: number; address: string | null; contactName: string | null }>(
    `select b.id, coalesce(l.address, b.description) as address, b.contact_name as "contactName"
       from base_station b left join base_location l on l.id = b.location_id where b.id = any($1::bigint[])`,
    [stationIds],
  );
  const waybills = await q.query<WaybillRow>(
    `select w.shipment_id as "shipmentId", w.id, w.code, w.source_station_id as "sourceStationId", w.dest_station_id as "destStationId",
            w.source_contact_name as "sourceContact", coalesce(w.source_contact_mobile, w.source_contact_phone) as "sourcePhone",
            w.dest_contact_name as "destContact", coalesce(w.dest_contact_mobile, w.dest_contact_phone) as "destPhone",
            w.etd, w.eta, w.total_quantity as "totalQuantity",
            coalesce((select json_agg(json_build_object('itemName', l.item_name, 'quantity', l.quantity, 'unit', l.unit) order by l.pos_no) from tms_waybill_line l where l.waybill_id = w.id), '[]'::json) as goods,
            e.id as "epodId", e.code as "epodCode", e.status as "epodStatus", e.departure_time as "epodDepartureTime"
       from tms_waybill w left join tms_epod e on e.waybill_id = w.id and e.shipment_id = w.shipment_id
      where w.shipment_id = any($1::bigint[]) order by w.id`,
    [ids],
  );
  return { stations: new Map(stations.rows.map((s) => [s.id, s])), waybills: waybills.rows };
}

async function withStops(q: Queryable, rows: Row[]): Promise<Shipment[]> {
  const ids = rows.map((r) => r.id);
  const stops = await shipmentStops(q, ids);
  const { stations, waybills } = await stopDetails(q, ids, [...new Set([...stops.values()].flat().map((s) => s.stationId))]);
  return rows.map((r) => ({
    ...r,
    receiveTime: iso(r.receiveTime),
    etd: iso(r.etd),
    eta: iso(r.eta),
    atd: iso(r.atd),
    ata: iso(r.ata),
    stops: (stops.get(r.id) ?? []).map((s, i) => ({ seq: i + 1, ...s, address: stations.get(s.stationId)?.address ?? null, contactName: stations.get(s.stationId)?.contactName ?? null })),
    waybills: waybills
      .filter((w) => w.shipmentId === r.id)
      .map(({ shipmentId: _, ...w }) => ({ ...w, etd: iso(w.etd), eta: iso(w.eta), epodDepartureTime: iso(w.epodDepartureTime) })),
  }));
}

/** EFFECTIVE and SHIPPED dispatch orders of the driver, next departure first. */
export async function driverShipments(q: Queryable, driverId: number): Promise<Shipment[]> {
  const r = await q.query<Row>(
    `select ${COLUMNS} from ${SHIPMENT_FROM} where ${DRIVES('$1')} and s.status in ('EFFECTIVE', 'SHIPPED') order by s.etd nulls last, s.id limit 100`,
    [driverId],
  );
  return withStops(q, r.rows);
}

/** One of the driver's dispatch orders in progress or finished. */
export async function driverShipment(q: Queryable, driverId: number, id: number): Promise<Shipment> {
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
  if (!s) throw notYours();
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
