/**
 * Alerts raised by a vehicle terminal's alarm flags (JT/T 808 0x0200: emergency, overspeed, fatigue driving), on
 * the dispatch order the vehicle is on: one unhandled alert per order and alarm type (a terminal repeats the flag
 * in every report while the alarm lasts; the open alert's end time follows it). The bell of the order's dispatch
 * center hears it through realtime like the rules job's alerts. A vehicle on no order in progress has no
 * dispatch center to tell: its alarm stays in the position rows (tms_position.alarm).
 */
import type { Queryable } from '../../platform/db.ts';
import { alertTexts } from './job.ts';
import { SHIPMENT_FROM } from '../driver/shipments.ts';

export const TERMINAL_ALARMS = [
  { bit: 1 << 0, type: 'TERMINAL_EMERGENCY' },
  { bit: 1 << 1, type: 'TERMINAL_OVERSPEED' },
  { bit: 1 << 2, type: 'TERMINAL_FATIGUE' },
] as const;

export interface AlarmPoint {
  shipmentId: number | null;
  dispatchCenterId: number | null;
  alarm?: number | null;
  lng: number;
  lat: number;
  speed: number | null;
  at: Date;
}

/** Raises the alerts of the alarm flags of a batch; answers the new alerts. */
export async function raiseTerminalAlarms(q: Queryable, points: AlarmPoint[], now: Date): Promise<{ id: number; dispatchCenterId: number }[]> {
  // the first report of each (order, type) in the batch opens the alert, the last one is its end
  const found = new Map<string, { shipment_id: number; dispatch_center_id: number; alert_type: string; params: Record<string, string | number>; start: Date; end: Date }>();
  for (const p of points) {
    if (!p.alarm || p.shipmentId === null || p.dispatchCenterId === null) continue;
    for (const a of TERMINAL_ALARMS) {
      if (!(p.alarm & a.bit)) continue;
      const key = `${p.shipmentId}:${a.type}`;
      const f = found.get(key);
      const params = { speed: p.speed ?? 0, lat: p.lat.toFixed(6), lng: p.lng.toFixed(6) };
      if (!f) found.set(key, { shipment_id: p.shipmentId, dispatch_center_id: p.dispatchCenterId, alert_type: a.type, params, start: p.at, end: p.at });
      else if (p.at > f.end) Object.assign(f, { end: p.at, params });
    }
  }
  if (!found.size) return [];
  const rows = [...found.values()].map((f) => ({ ...f, ...alertTexts(f.alert_type, f.params) }));
  const json = JSON.stringify(rows);
  // an alarm still open follows the newest report (each point carries its dispatch order's center: the key, on both sides)
  await q.query(
    `update shipment_alert a set end_time = greatest(a.end_time, x."end"), alert_params = x.params, field3 = left(x.field3, 300)
       from jsonb_to_recordset($1::jsonb) x(shipment_id bigint, dispatch_center_id bigint, alert_type text, params jsonb, field3 text, "end" timestamptz)
      where a.shipment_id = x.shipment_id and a.dispatch_center_id = x.dispatch_center_id and a.alert_type = x.alert_type and a.status = 'NEW'`,
    [json],
  );
  const r = await q.query<{ id: number; dispatch_center_id: number }>(
    `insert into shipment_alert(dispatch_center_id, shipment_id, alert_type, alert_content, alert_params, start_place, end_place, carrier_name,
            vehicle_id_main_number_plates, driver_name, driver_mobile, start_time, end_time, field1, field2, field3, status, create_by, create_time)
     select x.dispatch_center_id, x.shipment_id, x.alert_type, left(coalesce(dd.dict_label, x.alert_type), 300), x.params, left(fl.name, 100), left(tl.name, 100),
            left(c.name, 100), left(v.plate_number, 30), left(d.name, 60), left(d.mobile, 11), x.start, x.end, 'N', left(x.field2, 60), left(x.field3, 300),
            'NEW', 'terminal', $2
       from ${SHIPMENT_FROM}
       join jsonb_to_recordset($1::jsonb) x(shipment_id bigint, dispatch_center_id bigint, alert_type text, params jsonb, start timestamptz, "end" timestamptz, field2 text, field3 text)
         on x.shipment_id = s.id and x.dispatch_center_id = s.dispatch_center_id
       left join base_driver d on d.id = s.driver_id_master
       left join sys_dict_data dd on dd.dict_type = 'alert_rule_type' and dd.dict_value = x.alert_type
      where not exists (select 1 from shipment_alert a where a.shipment_id = x.shipment_id and a.dispatch_center_id = x.dispatch_center_id and a.alert_type = x.alert_type and a.status = 'NEW')
     returning id, dispatch_center_id`,
    [json, now],
  );
  return r.rows.map((x) => ({ id: x.id, dispatchCenterId: x.dispatch_center_id }));
}
