/**
 * The shipment detail (spec §2 "Shipment list and detail"): what GET /get/{id} adds to the record —
 * waybills, their lines, stops, tracking (business log), legs, print log, abnormal receipts and the live ETA.
 */
import type { Queryable } from '../../platform/db.ts';
import type { Row } from '../../platform/resource-engine.ts';
import { liveEta } from '../fleet/geofence.ts';

type Rows = Record<string, unknown>[];

const iso = (rows: Rows): Rows => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])));

/** One query per section; each takes the shipment id as $1 and its center as $2 (the distribution key: one shard). */
const PARTS = {
  people: `select d.mobile as "driverMobile", d2.mobile as "secondDriverMobile", c.code as "carrierCode",
              v.type_id as "vehicleTypeId", (select name from base_transport_means_type t where t.id = v.type_id) as "vehicleTypeName"
         from tms_shipment s left join base_driver d on d.id = s.driver_id_master left join base_driver d2 on d2.id = s.driver_id_second
         left join base_carrier c on c.id = s.carrier_id left join base_transport_means v on v.id = s.vehicle_id_main where s.id = $1 and s.dispatch_center_id = $2`,
  waybills: `select w.id, w.code, w.order_code as "orderCode", w.status, w.client_id as "clientId", cl.name as "clientName", w.carrier_id as "carrierId",
              ca.name as "carrierName", w.source_station_id as "sourceStationId", s1.name as "sourceStationName", w.dest_station_id as "destStationId",
              s2.name as "destStationName", w.etd, w.eta, w.atd, w.ata, w.total_weight as "totalWeight", w.total_volume as "totalVolume",
              w.total_quantity as "totalQuantity", w.total_cases as "totalCases", w.total_pallets as "totalPallets", w.version
         from tms_waybill w join base_client cl on cl.id = w.client_id left join base_carrier ca on ca.id = w.carrier_id
         join base_station s1 on s1.id = w.source_station_id join base_station s2 on s2.id = w.dest_station_id
        where w.shipment_id = $1 and w.dispatch_center_id = $2 order by w.id`,
  lines: `select l.id, l.waybill_id as "waybillId", w.code as "waybillCode", l.pos_no as "posNo", l.item_code as "itemCode", l.item_name as "itemName",
              l.quantity, l.weight, l.volume, l.cases, l.pallets, l.other, l.unit, l.real_quantity as "realQuantity", l.real_weight as "realWeight"
         from tms_waybill_line l join tms_waybill w on w.id = l.waybill_id and w.dispatch_center_id = l.dispatch_center_id
        where w.shipment_id = $1 and w.dispatch_center_id = $2 order by w.id, l.pos_no`,
  stops: `select p.id, p.seq, p.station_id as "stationId", st.code as "stationCode", st.name as "stationName", p.stop_type as "stopType",
              p.eta, p.ata, p.atd, st.longitude as lng, st.latitude as lat
         from tms_shipment_stop p join base_station st on st.id = p.station_id where p.shipment_id = $1 and p.dispatch_center_id = $2 order by p.seq`,
  tracking: `select t.id, t.operation_type as "operationType", t.related_code as "relatedCode", t.operator_name as "operatorName", t.operation_time as "operationTime",
              t.driver_id as "driverId", d.name as "driverName", t.waybill_id as "waybillId", w.code as "waybillCode", t.remark
         from tms_order_tracking t left join base_driver d on d.id = t.driver_id
         left join tms_waybill w on w.id = t.waybill_id and w.dispatch_center_id = t.dispatch_center_id
        where t.shipment_id = $1 and t.dispatch_center_id = $2 order by t.id`,
  // what happened to the orders of its waybills, before and after they joined the shipment
  orderTracking: `select t.id, t.operation_type as "operationType", t.related_code as "relatedCode", t.operator_name as "operatorName", t.operation_time as "operationTime",
              t.driver_id as "driverId", d.name as "driverName", o.code as "orderCode", t.remark
         from tms_order_tracking t join tms_order o on o.id = t.order_id and o.dispatch_center_id = t.dispatch_center_id left join base_driver d on d.id = t.driver_id
        where t.dispatch_center_id = $2 and t.order_id in (select order_id from tms_waybill where shipment_id = $1 and dispatch_center_id = $2) order by t.id`,
  legs: `select g.id, g.seq, g.start_time as "startTime", g.end_time as "endTime", g.handover_place as "handoverPlace", g.handover_lng as "handoverLng",
              g.handover_lat as "handoverLat", v.plate_number as "plateNumber", d.name as "driverName", g.remark
         from tms_shipment_leg g left join base_transport_means v on v.id = g.vehicle_id_main left join base_driver d on d.id = g.driver_id_master
        where g.shipment_id = $1 and g.dispatch_center_id = $2 order by g.seq`,
  prints: `select id, print_no as "printNo", reason, print_by as "printBy", print_time as "printTime" from tms_shipment_print_log where shipment_id = $1 and dispatch_center_id = $2 order by id`,
  abnormalReceipts: `select e.id, e.code, e.waybill_code as "waybillCode", e.status, e.report_by as "reportBy", e.report_time as "reportTime", e.handle_result as "handleResult",
              e.handle_remark as "handleRemark", l.item_code as "itemCode", l.item_name as "itemName", l.planned_quantity as "plannedQuantity",
              l.signed_quantity as "signedQuantity", l.shortage, l.damage, l.remark as "lineRemark"
         from tms_epod e join tms_epod_line l on l.epod_id = e.id and l.dispatch_center_id = e.dispatch_center_id
        where e.shipment_id = $1 and e.dispatch_center_id = $2 and e.is_abnormal and (l.shortage > 0 or l.damage > 0) order by e.id, l.pos_no`,
} as const;

export type DetailPart = keyof typeof PARTS;

/** One section of the detail (the shipment must already be known to be in scope, in the center given). */
export async function detailPart<T extends object = Record<string, unknown>>(q: Queryable, part: DetailPart, id: number, center: number): Promise<T[]> {
  // T names the section's columns as sent, as q.query<T> does everywhere: its SQL above selects them, iso() makes its times text
  return iso((await q.query<Record<string, unknown>>(PARTS[part], [id, center])).rows) as T[];
}

/** Everything the detail adds to the shipment record (of the center given). */
export async function shipmentDetail(q: Queryable, id: number, center: number): Promise<Row> {
  const names = Object.keys(PARTS) as DetailPart[];
  const got = await Promise.all(names.map((n) => detailPart(q, n, id, center)));
  const out: Row = {};
  names.forEach((n, i) => {
    if (n === 'people') Object.assign(out, got[i]![0] ?? {});
    else out[n] = got[i];
  });
  out.liveEta = await liveEta(q, id);
  return out;
}
