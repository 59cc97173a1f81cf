/** The header alert bell: unhandled alerts of the caller's dispatch center, and handling one. */
import type { FastifyInstance } from 'fastify';
import { getResource, MiscApi as C, NotifyApi } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { issuesToError, onValidationError, route } from '../../platform/contract.ts';
import { centerOf, requireCaller, type Caller } from '../../platform/auth.ts';
import { scopeOf } from '../../platform/resource-engine.ts';
import { mutate } from '../../platform/audit.ts';
import { alertTexts, registerAlertJob } from './job.ts';
import { TERMINAL_ALARMS } from './terminal.ts';
import { announceVehicles } from '../fleet/ingest.ts';

const shipmentDef = getResource('shipment');

/**
 * `where` of the alerts (alias `a`) the caller may see: its session's dispatch center, and the alert's shipment
 * within its scope (the shipment's carrier in its data groups).
 */
export function alertScope(caller: Caller, params: unknown[]): string[] {
  params.push(caller.dispatchCenterId ?? -1);
  const where = [`a.dispatch_center_id = $${params.length}`];
  const shipment = scopeOf(shipmentDef, caller, params, 'ash');
  where.push(`(a.shipment_id is null or exists (select 1 from tms_shipment ash where ash.id = a.shipment_id and ${shipment.join(' and ')}))`);
  return where;
}

/** A refused handling names each field; the message is the first field's (as the bell shows it). */
const DealBody = onValidationError(C.DealAlert, (issues, part) => {
  if (issues.some((i) => i.path[0] === 'id')) return issuesToError(issues, part);
  const e = issuesToError(issues, part);
  return new AppError(400, Object.values(e.fieldErrors ?? {})[0]?.key ?? e.key, undefined, e.fieldErrors);
});

export async function registerAlertRoutes(app: FastifyInstance, db: Db, clock: Clock, alertEverySeconds: number): Promise<void> {
  await registerAlertJob(app, db, alertEverySeconds);

  route(app, NotifyApi.endpoints.alertBell, async (req) => {
    const caller = requireCaller(req);
    const params: unknown[] = [];
    const r = await db.query<{
      id: number; shipmentId: number | null; alertType: string | null; alertParams: Record<string, unknown> | null; alertContent: string | null; startPlace: string | null; endPlace: string | null;
      carrierName: string | null; vehicleIdMainNumberPlates: string | null; driverName: string | null; driverMobile: string | null; startTime: Date | null; endTime: Date | null;
      field1: string; field2: string | null; field3: string | null; status: string; createTime: Date;
    }>(
      `select id, shipment_id as "shipmentId", alert_type as "alertType", alert_params as "alertParams", alert_content as "alertContent", start_place as "startPlace", end_place as "endPlace", carrier_name as "carrierName",
              vehicle_id_main_number_plates as "vehicleIdMainNumberPlates", driver_name as "driverName", driver_mobile as "driverMobile",
              start_time as "startTime", end_time as "endTime", field1, field2, field3, status, create_time as "createTime"
         from shipment_alert a where ${alertScope(caller, params).join(' and ')} and status = 'NEW' order by id desc limit 200`,
      params,
    );
    // alerts raised by the rules job read in the caller's language
    const rows = r.rows.map(({ alertParams, startTime, endTime, createTime, ...a }) => ({
      ...(a.alertType && alertParams ? { ...a, ...alertTexts(a.alertType, alertParams, req.lang) } : a),
      startTime: startTime?.toISOString() ?? null,
      endTime: endTime?.toISOString() ?? null,
      createTime: createTime.toISOString(),
    }));
    return ok(req, rows);
  });

  route(app, { ...NotifyApi.endpoints.alertDeal, body: DealBody }, async (req) => {
    const caller = requireCaller(req);
    const { id, alertReason: reason, alertRemark: remark } = req.body;
    const known = await db.query(`select 1 from sys_dict_data where dict_type = 'shipment_alert_reason' and dict_value = $1 and status = '0'`, [reason]);
    if (!known.rows.length) throw new AppError(400, 'validation.invalid', undefined, { alertReason: { key: 'validation.invalid' } });
    await mutate(db, req, { title: 'shipmentAlert', businessType: 'UPDATE' }, async (q) => {
      const params: unknown[] = [id];
      const r = await q.query<{ status: string; vehicle_id: number | null; terminal: boolean }>(
        `select a.status, (select s.vehicle_id_main from tms_shipment s where s.id = a.shipment_id and s.dispatch_center_id = a.dispatch_center_id) as vehicle_id, a.alert_type = any($${params.push(TERMINAL_ALARMS.map((x) => x.type))}::text[]) as terminal
           from shipment_alert a where a.id = $1 and ${alertScope(caller, params).join(' and ')} for update`,
        params,
      );
      if (!r.rows[0]) throw notFound();
      if (r.rows[0].status !== 'NEW') throw conflict('messages.alert.alreadyHandled');
      await q.query(
        `update shipment_alert set status = 'HANDLED', alert_reason = $1, alert_remark = $2, handle_by = $3, handle_time = $5, update_by = $3, update_time = $5, version = version + 1 where id = $4 and dispatch_center_id = $6`,
        [reason, remark, caller.userName, id, clock.now(), centerOf(caller)],
      );
      // the other bells of the center drop it too; the signal names nothing, each browser asks again within its scope
      await app.realtime.publish({ type: 'alertHandled', dispatchCenterId: caller.dispatchCenterId, data: {} }, q);
      // a terminal alarm handled: the fleet monitors recolour its vehicle (still ALARM only if another is open)
      if (r.rows[0].terminal && r.rows[0].vehicle_id !== null) await announceVehicles(q, app.realtime, [Number(r.rows[0].vehicle_id)]);
      return { id };
    });
    return ok(req, { id }, 'messages.alert.handled');
  });
}
