/**
 * The driver app's side of the receipts: a driver sees the receipts of the dispatch orders they
 * drive (main, second or operating driver), reports signed quantities, shortage, damage, remarks and
 * pictures (PENDING / REJECTED / RECALLED → REPORTED) and may recall a report (REPORTED → RECALLED).
 * A receipt of someone else's dispatch order answers 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DriverApi, EpodApi, resourceByName } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { Storage } from '../../platform/storage.ts';
import { notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { onValidationError, route } from '../../platform/contract.ts';
import { mutate } from '../../platform/audit.ts';
import { toApi } from '../../platform/resource-engine.ts';
import { DRIVER_PERMISSION, driverActor, notYours, requireDriver, type DriverCaller } from '../driver/auth.ts';
import { departEpod, recallEpod, reportEpod, type EpodRow, type Who } from './service.ts';
import { systemCaller } from '../../platform/domain-events.ts';
import { epodDetail } from './detail.ts';
import { inputErrors, UPLOAD_MAX, uploadPicture } from './io.ts';

const epodDef = resourceByName.get('epod')!;
const DRIVES = `$2 in (s.driver_id_master, s.driver_id_second, s.operating_driver_id)`;

type DriverEpodRow = EpodRow & { waybill_code: string | null } & Record<string, unknown>;
async function driverEpod(q: Queryable, driverId: number, id: number, lock: boolean): Promise<DriverEpodRow> {
  const r = await q.query<DriverEpodRow>(
    `select t.* from tms_epod t join tms_shipment s on s.id = t.shipment_id where t.id = $1 and ${DRIVES}${lock ? ' for update of t' : ''}`,
    [id, driverId],
  );
  if (!r.rows[0]) throw lock ? notYours() : notFound();
  return r.rows[0];
}

const who = (d: DriverCaller): Who => ({ userId: null, userName: driverActor(d), driverId: d.driverId });
const Report = onValidationError(EpodApi.Report, (issues) => inputErrors(issues));

export function registerEpodDriverRoutes(app: FastifyInstance, db: Db, storage: Storage, clock: Clock): void {

  route(app, DriverApi.endpoints.epods, async (req) => {
    const d = requireDriver(req);
    const shipmentId = req.query.shipmentId ?? 0;
    const r = await db.query<Record<string, unknown>>(
      `select t.* from tms_epod t join tms_shipment s on s.id = t.shipment_id
        where ${DRIVES.replace('$2', '$1')} and ($2::bigint = 0 or t.shipment_id = $2) and s.status in ('SHIPPED', 'COMPLETED')
        order by t.id desc limit 200`,
      [d.driverId, shipmentId],
    );
    return ok(req, r.rows.map((row) => toApi(epodDef, row)));
  });

  route(app, DriverApi.endpoints.epod, async (req) => {
    const d = requireDriver(req);
    const e = await driverEpod(db, d.driverId, req.params.id, false);
    return ok(req, { ...toApi(epodDef, e), ...(await epodDetail(db, storage, e)), code: e.code, waybillCode: e.waybill_code, status: e.status });
  });

  route(app, { ...DriverApi.endpoints.epodReport, config: { idempotent: true, refusal: { action: 'EPOD_REPORT', via: 'epod' } }, body: Report }, async (req) => {
    const d = requireDriver(req);
    const id = req.params.id;
    const input = req.body;
    await mutate(db, req, { title: 'epod', businessType: 'REPORT' }, async (q) => {
      const e = await driverEpod(q, d.driverId, id, true);
      await reportEpod(q, e, input, who(d), 'DRIVER', clock.now());
      await app.events.emit({ q, caller: systemCaller(who(d).userName), now: clock.now() }, 'epod.reported', { dispatchCenterId: e.dispatch_center_id, epodIds: [id], abnormal: input.lines.some((l) => l.shortage > 0 || l.damage > 0) });
      return { id };
    });
    return ok(req, { id }, 'messages.epod.reported');
  });

  route(app, { ...DriverApi.endpoints.epodDeparture, config: { idempotent: true, refusal: { action: 'EPOD_DEPARTURE', via: 'epod' } } }, async (req) => {
    const d = requireDriver(req);
    const id = req.params.id;
    await mutate(db, req, { title: 'epod', businessType: 'UPDATE' }, async (q) => {
      const e = await driverEpod(q, d.driverId, id, true);
      await departEpod(q, e, req.body.departureTime, clock.now());
      await app.events.emit({ q, caller: systemCaller(who(d).userName), now: clock.now() }, 'epod.departed', { dispatchCenterId: e.dispatch_center_id, epodIds: [id], waybillIds: [Number(e.waybill_id)] });
      return { id };
    });
    return ok(req, { id }, 'messages.epod.departed');
  });

  route(app, DriverApi.endpoints.epodRecall, async (req) => {
    const d = requireDriver(req);
    const id = req.params.id;
    await mutate(db, req, { title: 'epod', businessType: 'RECALL' }, async (q) => {
      await recallEpod(q, await driverEpod(q, d.driverId, id, true), who(d), clock.now());
      return { id };
    });
    return ok(req, { id }, 'messages.epod.recalled');
  });

  route(app, { ...DriverApi.endpoints.epodPicture, config: { upload: UPLOAD_MAX, idempotent: true, refusal: { action: 'EPOD_PICTURE', via: 'epod' } } }, async (req) => {
    const d = requireDriver(req);
    const id = req.params.id;
    return ok(req, await uploadPicture(req, db, storage, driverActor(d), (q) => driverEpod(q, d.driverId, id, true), req.query.lineId ?? null));
  });
}
