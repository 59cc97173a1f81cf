/**
 * Printing dispatch sheets (spec §5): a selection is required, and a reason when a sheet was printed before.
 * Each print counts (print_qty + 1), leaves a print-log row and a tracking row, and renders the enabled
 * DISPATCH print template (Mustache: values are HTML-escaped) once per shipment. Each waybill of the sheet may show
 * its public tracking link and QR code ({{#waybills}}{{trackingUrl}} <img src="{{trackingQr}}">{{/waybills}}: portal/print-links.ts).
 */
import Mustache from 'mustache';
import dayjs from 'dayjs';
import type { FieldMessage } from '../../platform/errors.ts';
import { conflict } from '../../platform/errors.ts';
import { centerOf } from '../../platform/auth.ts';
import { track } from './tracking.ts';
import { lockShipments } from './store.ts';
import { failIf } from './assignment.ts';
import type { Ctx } from './actions.ts';
import { printTracking, usesTracking, type LinkSource, type Tracking } from '../portal/print-links.ts';

interface SheetRow {
  id: number;
  shipment_code: string;
  status: string;
  carrier_name: string | null;
  plate_number: string | null;
  trailer_plate: string | null;
  driver_name: string | null;
  driver_mobile: string | null;
  second_driver_name: string | null;
  etd: Date | null;
  eta: Date | null;
  station_num: number;
  total_weight: number;
  total_volume: number;
  total_quantity: number;
  total_cases: number;
  total_pallets: number;
  print_qty: number;
  remark: string | null;
}

const when = (d: Date | null) => (d ? dayjs(d).format('YYYY-MM-DD HH:mm') : '');

async function sheetData(c: Ctx, ids: number[], tracking: (waybillIds: number[]) => Promise<Map<number, Tracking>>) {
  const r = await c.q.query<SheetRow>(
    `select s.id, s.shipment_code, s.status, c.name as carrier_name, v.plate_number, v2.plate_number as trailer_plate, d.name as driver_name, d.mobile as driver_mobile,
            d2.name as second_driver_name, s.etd, s.eta, s.station_num, s.total_weight, s.total_volume, s.total_quantity, s.total_cases, s.total_pallets, s.print_qty, s.remark
       from tms_shipment s
       left join base_carrier c on c.id = s.carrier_id
       left join base_transport_means v on v.id = s.vehicle_id_main
       left join base_transport_means v2 on v2.id = s.vehicle_id_slave
       left join base_driver d on d.id = s.driver_id_master
       left join base_driver d2 on d2.id = s.driver_id_second
      where s.id = any($1::bigint[]) and s.dispatch_center_id = $2 order by s.id`,
    [ids, centerOf(c.caller)],
  );
  const stops = await c.q.query<{ shipment_id: number; seq: number; station: string; stop_type: string; eta: Date | null }>(
    `select p.shipment_id, p.seq, st.name as station, p.stop_type, p.eta from tms_shipment_stop p join base_station st on st.id = p.station_id
      where p.shipment_id = any($1::bigint[]) and p.dispatch_center_id = $2 order by p.shipment_id, p.seq`,
    [ids, centerOf(c.caller)],
  );
  const waybills = await c.q.query<{ shipment_id: number; id: number; code: string; source: string; dest: string; total_quantity: number; total_weight: number; total_volume: number }>(
    `select w.shipment_id, w.id, w.code, s1.name as source, s2.name as dest, w.total_quantity, w.total_weight, w.total_volume
       from tms_waybill w join base_station s1 on s1.id = w.source_station_id join base_station s2 on s2.id = w.dest_station_id
      where w.shipment_id = any($1::bigint[]) and w.dispatch_center_id = $2 order by w.shipment_id, w.id`,
    [ids, centerOf(c.caller)],
  );
  const links = await tracking(waybills.rows.map((w) => Number(w.id)));
  return r.rows.map((s) => ({
    code: s.shipment_code,
    shipmentCode: s.shipment_code,
    status: s.status,
    carrierName: s.carrier_name ?? '',
    plateNumber: s.plate_number ?? '',
    trailerPlate: s.trailer_plate ?? '',
    driverName: s.driver_name ?? '',
    driverMobile: s.driver_mobile ?? '',
    secondDriverName: s.second_driver_name ?? '',
    etd: when(s.etd),
    eta: when(s.eta),
    stationNum: s.station_num,
    totalWeight: s.total_weight,
    totalVolume: s.total_volume,
    totalQuantity: s.total_quantity,
    totalCases: s.total_cases,
    totalPallets: s.total_pallets,
    remark: s.remark ?? '',
    printQty: s.print_qty + 1,
    printTime: when(c.now),
    stops: stops.rows.filter((x) => x.shipment_id === s.id).map((x) => ({ seq: x.seq, station: x.station, stopType: x.stop_type, eta: when(x.eta) })),
    waybills: waybills.rows.filter((x) => x.shipment_id === s.id).map((x) => ({ code: x.code, sourceStation: x.source, destStation: x.dest, quantity: x.total_quantity, weight: x.total_weight, volume: x.total_volume, ...links.get(Number(x.id)) })),
  }));
}

export async function printSheets(c: Ctx, shipmentIds: number[], body: Record<string, unknown>, links?: LinkSource): Promise<{ html: string; count: number }> {
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (reason.length > 100) failIf({ reason: { key: 'validation.maxLength', params: { max: 100 } } satisfies FieldMessage });
  const rows = await lockShipments(c.q, c.caller, shipmentIds);
  const reprint = rows.find((r) => r.print_qty > 0);
  if (reprint && !reason) throw conflict('messages.shipment.printReasonRequired', { code: reprint.shipment_code });
  const tpl = await c.q.query<{ id: number; content: string | null }>(
    `select id, content from base_print_template where type = 'DISPATCH' and status = '0' order by is_default desc nulls last, id limit 1`,
  );
  const template = tpl.rows[0];
  if (!template?.content) throw conflict('messages.shipment.noPrintTemplate');
  // each waybill's public tracking link and its QR code, when the template shows them
  const tracking = (ids: number[]) => (links && usesTracking(template.content!) ? printTracking({ ...links, q: c.q, by: c.caller.userName, center: centerOf(c.caller) }, 'WAYBILL', ids) : Promise.resolve(new Map<number, Tracking>()));
  const sheets = await sheetData(c, rows.map((r) => r.id), tracking);
  await c.q.query(`update tms_shipment set print_qty = print_qty + 1, last_print_by = $2, last_print_time = $3 where id = any($1::bigint[]) and dispatch_center_id = $4`, [
    rows.map((r) => r.id),
    c.caller.userName,
    c.now,
    centerOf(c.caller),
  ]);
  await c.q.query(
    `insert into tms_shipment_print_log(dispatch_center_id, shipment_id, print_no, reason, template_id, print_by, print_time)
     select dispatch_center_id, id, print_qty, $2, $3, $4, $5 from tms_shipment where id = any($1::bigint[]) and dispatch_center_id = $6`,
    [rows.map((r) => r.id), reason || null, template.id, c.caller.userName, c.now, centerOf(c.caller)],
  );
  await track(
    c.q,
    c.caller,
    c.now,
    rows.map((r) => ({ dispatchCenterId: r.dispatch_center_id, operationType: 'SHIPMENT_PRINT', relatedCode: r.shipment_code, shipmentId: r.id, driverId: r.driver_id_master, remark: reason || null })),
  );
  const html = sheets.map((s) => `<section class="dispatch-sheet" style="page-break-after:always">${Mustache.render(template.content!, s)}</section>`).join('\n');
  return { html, count: rows.length };
}
