/**
 * The rule ETA_LATE (issue 17): the ETA of a remaining delivery stop, recomputed by the geofence step of the position
 * ingestion (fleet/geofence.ts), passes the end of the stop's time window — its planned arrival (the stop's ETA,
 * else its waybills') — by more than the rule's tolerance. Raised there, in the ingestion's transaction, through the
 * same rule rows as the rules job (base_alert_rule: an administrator disables it or tunes the tolerance; a dispatch
 * order bound to another rule is not checked), one unhandled alert per dispatch order and rule, announced like theirs
 * (domain event 'alert.raised', the bell through realtime).
 */
import type { Queryable } from '../../platform/db.ts';
import { SHIPMENT_FROM } from '../driver/shipments.ts';
import { alertTexts } from './job.ts';

export const ETA_LATE = 'ETA_LATE';

export interface EtaRule {
  id: number;
  name: string;
  toleranceMinutes: number;
}

/** The effective ETA_LATE rule (the first one), or null when none is. */
export async function etaLateRule(q: Queryable): Promise<EtaRule | null> {
  const r = await q.query<{ id: number; name: string; tolerance_minutes: number }>(`select id, name, tolerance_minutes from base_alert_rule where effective and type = $1 order by id limit 1`, [ETA_LATE]);
  const x = r.rows[0];
  return x ? { id: Number(x.id), name: x.name, toleranceMinutes: x.tolerance_minutes } : null;
}

export interface EtaLate {
  /** the dispatch order's center */
  dispatchCenterId: number;
  shipmentId: number;
  stationName: string;
  windowEnd: Date;
  eta: Date;
}

/** Raises the alerts of the stops found late; answers the new alerts. */
export async function raiseEtaLate(q: Queryable, rule: EtaRule, late: EtaLate[], now: Date): Promise<{ id: number; dispatchCenterId: number }[]> {
  if (!late.length) return [];
  // one alert per dispatch order and rule (the first stop found late)
  const first = new Map<number, EtaLate>();
  for (const l of late) if (!first.has(l.shipmentId)) first.set(l.shipmentId, l);
  const rows = [...first.values()].map((l) => {
    const params = { station: l.stationName, minutes: Math.max(0, Math.round((l.eta.getTime() - l.windowEnd.getTime()) / 60_000)), eta: l.eta.toISOString() };
    return { dispatch_center_id: l.dispatchCenterId, shipment_id: l.shipmentId, params, start: l.windowEnd, ...alertTexts(ETA_LATE, params) };
  });
  const r = await q.query<{ id: number; dispatch_center_id: number }>(
    `insert into shipment_alert(dispatch_center_id, shipment_id, rule_id, alert_type, alert_content, alert_params, start_place, end_place, carrier_name,
            vehicle_id_main_number_plates, driver_name, driver_mobile, start_time, end_time, field1, field2, field3, status, create_by, create_time)
     select s.dispatch_center_id, s.id, $2, $3, left($4, 300), x.params, left(fl.name, 100), left(tl.name, 100), left(c.name, 100), left(v.plate_number, 30),
            left(d.name, 60), left(d.mobile, 11), x.start, $5, 'N', left(x.field2, 60), left(x.field3, 300), 'NEW', 'system', $5
       from ${SHIPMENT_FROM}
       join jsonb_to_recordset($1::jsonb) x(dispatch_center_id bigint, shipment_id bigint, params jsonb, start timestamptz, field2 text, field3 text)
         on x.shipment_id = s.id and s.dispatch_center_id = x.dispatch_center_id
       left join base_driver d on d.id = s.driver_id_master
     on conflict (shipment_id, rule_id) where status = 'NEW' do nothing
     returning id, dispatch_center_id`,
    [JSON.stringify(rows), rule.id, ETA_LATE, rule.name, now],
  );
  return r.rows.map((x) => ({ id: Number(x.id), dispatchCenterId: Number(x.dispatch_center_id) }));
}
