/**
 * The driver app's side of the receipts: a driver sees the receipts of the dispatch orders they
 * drive (main, second or operating driver), reports signed quantities, shortage, damage, remarks and
 * pictures (PENDING / REJECTED / RECALLED → REPORTED) and may recall a report (REPORTED → RECALLED).
 * A receipt of someone else's dispatch order answers 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EpodApi, IdParams, NoBody, okOf, resourceByName, resourceRow } from '@tms/domain';
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

async function driverEpod(q: Queryable, driverId: number, id: number, lock: boolean): Promise<EpodRow & Record<string, unknown>> {
  const r = await q.query<EpodRow & Record<string, unknown>>(
    `select t.* from tms_epod t join tms_shipment s on s.id = t.shipment_id where t.id = $1 and ${DRIVES}${lock ? ' for update of t' : ''}`,
    [id, driverId],
  );
  if (!r.rows[0]) throw lock ? notYours() : notFound();
  return r.rows[0];
}

const who = (d: DriverCaller): Who => ({ userId: null, userName: driverActor(d), driverId: d.driverId });
const Report = onValidationError(EpodApi.Report, (issues) => inputErrors(issues));

export function registerEpodDriverRoutes(app: FastifyInstance, db: Db, storage: Storage, clock: Clock): void {
  const cfg = { tags: ['driver'], permission: DRIVER_PERMISSION };

  route(app, { method: 'GET', url: '/api/driver/epods', operationId: 'driver.epods', summary: "The driver's receipts of shipped and completed dispatch orders (newest 200)", ...cfg, querystring: EpodApi.DriverListQuery, response: okOf(z.array(resourceRow(epodDef))) }, async (req) => {
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

  route(app, { method: 'GET', url: '/api/driver/epods/:id', operationId: 'driver.epod', summary: 'One receipt of the driver with its lines and pictures', ...cfg, params: IdParams, response: okOf(EpodApi.Receipt) }, async (req) => {
    const d = requireDriver(req);
    const e = await driverEpod(db, d.driverId, req.params.id, false);
    return ok(req, { ...toApi(epodDef, e), ...(await epodDetail(db, storage, e)) });
  });

  route(app, { method: 'POST', url: '/api/driver/epods/:id/report', operationId: 'driver.epodReport', summary: "The driver's report of a receipt: times and every line's signed figures (Idempotency-Key: applied once)", ...cfg, config: { idempotent: true, refusal: { action: 'EPOD_REPORT', via: 'epod' } }, params: IdParams, body: Report, response: okOf(EpodApi.Done) }, async (req) => {
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

  route(app, { method: 'POST', url: '/api/driver/epods/:id/departure', operationId: 'driver.epodDeparture', summary: 'The driver left the stop of a signed receipt: its departure time (Idempotency-Key: applied once)', ...cfg, config: { idempotent: true, refusal: { action: 'EPOD_DEPARTURE', via: 'epod' } }, params: IdParams, body: EpodApi.Departure, response: okOf(EpodApi.Done) }, async (req) => {
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

  route(app, { method: 'POST', url: '/api/driver/epods/:id/recall', operationId: 'driver.epodRecall', summary: 'The driver recalls a reported receipt', ...cfg, params: IdParams, body: NoBody, response: okOf(EpodApi.Done) }, async (req) => {
    const d = requireDriver(req);
    const id = req.params.id;
    await mutate(db, req, { title: 'epod', businessType: 'RECALL' }, async (q) => {
      await recallEpod(q, await driverEpod(q, d.driverId, id, true), who(d), clock.now());
      return { id };
    });
    return ok(req, { id }, 'messages.epod.recalled');
  });

  route(app, { method: 'POST', url: '/api/driver/epods/:id/pictures', operationId: 'driver.epodPicture', summary: 'The driver adds a picture to a receipt or one of its lines (Idempotency-Key: applied once)', ...cfg, config: { upload: UPLOAD_MAX, idempotent: true, refusal: { action: 'EPOD_PICTURE', via: 'epod' } }, params: IdParams, querystring: EpodApi.LineQuery, body: 'upload', response: okOf(EpodApi.Picture) }, async (req) => {
    const d = requireDriver(req);
    const id = req.params.id;
    return ok(req, await uploadPicture(req, db, storage, driverActor(d), (q) => driverEpod(q, d.driverId, id, true), req.query.lineId ?? null));
  });
}
