/**
 * Staff routes of the receipts (spec §2 epod screens): sign-for registration, audit, reject, recall,
 * check and handle, pictures and video, and the shipment-stop / waybill views of the receipts.
 * The lists (/epod/epod, /epod/check, /epod/opinion) are generic resources; the receipt's lines,
 * pictures, opinions and execution come with GET /epod/epod/get/{id} (afterGet hook).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EpodApi as C, okOf, resourceByName } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import type { Storage } from '../../platform/storage.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { onValidationError, route } from '../../platform/contract.ts';
import { centerOf, requireCaller, type Caller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { getInScope, getManyInScope, scopeOf, toApi, type ResourceHooks } from '../../platform/resource-engine.ts';
import { auditEpods, handleEpod, recallEpod, rejectEpod, reportEpod, type EpodRow } from './service.ts';
import { epodDetail, linesOf, picturesOf } from './detail.ts';
import { editable, inputErrors, receiveFile, UPLOAD_MAX, uploadPicture, VIDEO_TYPES } from './io.ts';

const epodDef = resourceByName.get('epod')!;
const checkDef = resourceByName.get('epodCheck')!;
const shipmentDef = resourceByName.get('shipment')!;
const waybillDef = resourceByName.get('waybill')!;

/** Receipt inputs answer refusals as they always did (see io.ts inputErrors). */
const input = <S extends z.ZodType>(schema: S) => onValidationError(schema, (issues) => inputErrors(issues));
const SignFor = input(C.SignFor);
const Audit = input(C.Audit);
const Reject = input(C.Reject);
const Handle = input(C.Handle);

/** Locks one receipt of the caller's scope (404 outside it). */
export const lockEpod = (q: Queryable, caller: Caller, id: number) => getInScope(q, epodDef, caller, id, true) as Promise<unknown> as Promise<EpodRow>;

export function epodHooks(storage: Storage): Record<string, ResourceHooks> {
  const afterGet: ResourceHooks['afterGet'] = async (q, row) => epodDetail(q, storage, row);
  return { epod: { afterGet }, epodCheck: { afterGet } };
}

export function registerEpodRoutes(app: FastifyInstance, db: Db, storage: Storage, clock: Clock, events?: DomainEvents): void {
  const base = '/api/epod/epod';
  const tags = ['epod'];

  route(app, { ...C.actions.signFor, body: SignFor }, async (req) => {
    const caller = requireCaller(req);
    const { id, version, ...input } = req.body;
    await mutate(db, req, { title: 'epod', businessType: 'SIGN_FOR' }, async (q) => {
      const e = await lockEpod(q, caller, id);
      if (e.version !== version) throw conflict('messages.conflictVersion');
      await reportEpod(q, e, input, caller, 'STAFF', clock.now());
      await app.events.emit({ q, caller, now: clock.now() }, 'epod.reported', { dispatchCenterId: e.dispatch_center_id, epodIds: [id], abnormal: input.lines.some((l) => l.shortage > 0 || l.damage > 0) });
      return { id };
    });
    return ok(req, { id }, 'messages.epod.reported');
  });

  route(app, { ...C.actions.audit, body: Audit }, async (req) => {
    const caller = requireCaller(req);
    const { ids, opinion } = req.body;
    await mutate(db, req, { title: 'epod', businessType: 'AUDIT' }, async (q) => {
      const rows = (await getManyInScope(q, epodDef, caller, ids)) as unknown as EpodRow[];
      const now = clock.now();
      await auditEpods(q, rows, opinion?.trim() || null, caller, now);
      // the signed quantities are confirmed: finance re-rates what they move
      await events?.emit({ q, caller, now }, 'epod.signed', { dispatchCenterId: centerOf(caller), waybillIds: rows.map((r) => Number(r.waybill_id)) });
      return { ids };
    });
    return ok(req, { ids }, 'messages.epod.audited');
  });

  route(app, { ...C.actions.reject, body: Reject }, async (req) => {
    const caller = requireCaller(req);
    const { id, opinion } = req.body;
    await mutate(db, req, { title: 'epod', businessType: 'REJECT' }, async (q) => {
      await rejectEpod(q, await lockEpod(q, caller, id), opinion, caller, clock.now());
      return { id };
    });
    return ok(req, { id }, 'messages.epod.rejected');
  });

  route(app, C.actions.recall, async (req) => {
    const caller = requireCaller(req);
    const { id } = req.body;
    await mutate(db, req, { title: 'epod', businessType: 'RECALL' }, async (q) => {
      await recallEpod(q, await lockEpod(q, caller, id), caller, clock.now());
      return { id };
    });
    return ok(req, { id }, 'messages.epod.recalled');
  });

  route(app, { ...C.actions.handle, body: Handle }, async (req) => {
    const caller = requireCaller(req);
    const { id, result, remark } = req.body;
    const known = await db.query(`select 1 from sys_dict_data where dict_type = 'epod_handle_result' and dict_value = $1 and status = '0'`, [result]);
    if (!known.rows.length) throw badRequest('messages.validationFailed', { result: { key: 'validation.invalid' } });
    await mutate(db, req, { title: 'epod', businessType: 'HANDLE' }, async (q) => {
      await handleEpod(q, await lockEpod(q, caller, id), result, remark, caller, clock.now());
      return { id };
    });
    return ok(req, { id }, 'messages.epod.handled');
  });

  // Pictures (of the receipt, or of one line) and the stop's video, while the receipt is not audited.
  route(app, { ...C.endpoints.uploadPicture, config: { upload: UPLOAD_MAX } }, async (req) => {
    const caller = requireCaller(req);
    const { epodId, lineId } = req.query;
    return ok(req, await uploadPicture(req, db, storage, caller.userName, (q) => lockEpod(q, caller, epodId), lineId ?? null));
  });

  route(app, { method: 'POST', url: `${base}/picture/remove`, operationId: 'epod.removePicture', summary: 'Remove a picture of a receipt that is not audited', tags, permission: 'epod:epod:signFor', body: C.IdBody, response: okOf(C.Done) }, async (req) => {
    const caller = requireCaller(req);
    const { id } = req.body;
    await mutate(db, req, { title: 'epod', businessType: 'DELETE' }, async (q) => {
      // a picture of another center is unknown here, as its receipt would be
      const p = (await q.query<{ epod_id: number }>(`select epod_id from tms_epod_picture where id = $1 and dispatch_center_id = $2`, [id, centerOf(caller)])).rows[0];
      if (!p) throw notFound();
      await editable(lockEpod(q, caller, p.epod_id));
      await q.query(`delete from tms_epod_picture where id = $1 and dispatch_center_id = $2`, [id, centerOf(caller)]);
      return { id };
    });
    return ok(req, { id });
  });

  route(app, { ...C.endpoints.uploadVideo, config: { upload: UPLOAD_MAX } }, async (req) => {
    const caller = requireCaller(req);
    const { epodId } = req.query;
    await editable(lockEpod(db, caller, epodId));
    const stored = await receiveFile(req, storage, VIDEO_TYPES, 'messages.epod.videoOnly', caller.userName);
    await mutate(db, req, { title: 'epod', businessType: 'UPLOAD' }, async (q) => {
      await editable(lockEpod(q, caller, epodId));
      await q.query(`update tms_epod set video_file_id = $2, update_by = $3, update_time = now(), version = version + 1 where id = $1 and dispatch_center_id = $4`, [
        epodId,
        stored.id,
        caller.userName,
        centerOf(caller),
      ]);
      return { id: epodId };
    });
    return ok(req, { id: epodId, url: stored.url });
  });

  // The receipts of a shipment by stop, and of a waybill with their lines.
  route(app, C.byShipment, async (req) => {
    const caller = requireCaller(req);
    return ok(req, await receiptsByStop(db, caller, req.params.shipmentId));
  });

  route(app, { method: 'GET', url: `${base}/byWaybill/:waybillId`, operationId: 'epod.byWaybill', summary: 'The receipts of a waybill with their lines', tags, permission: 'epod:epod:query', params: C.WaybillParams, response: okOf(C.WithLines) }, async (req) => {
    const caller = requireCaller(req);
    const waybillId = req.params.waybillId;
    await getInScope(db, waybillDef, caller, waybillId); // a waybill out of the caller's scope → 404
    const rows = await receiptsWhere(db, caller, 't.waybill_id', waybillId);
    const lines = await linesOf(db, rows.map((r) => Number(r.id)), centerOf(caller));
    const pictures = await picturesOf(db, storage, rows.map((r) => Number(r.id)), centerOf(caller));
    return ok(
      req,
      rows.map((r) => ({
        ...toApi(epodDef, r),
        lines: lines.filter((l) => l.epodId === r.id),
        pictureCount: pictures.filter((p) => p.epodId === r.id).length,
      })),
    );
  });
}

/** Receipts of the caller's scope whose column equals a value. */
async function receiptsWhere(q: Queryable, caller: Caller, column: string, value: number) {
  const params: unknown[] = [value];
  const where = [`${column} = $1`, ...scopeOf(epodDef, caller, params, 't')];
  return (await q.query<Record<string, unknown>>(`select t.* from tms_epod t where ${where.join(' and ')} order by t.id`, params)).rows;
}

/** The stops of a shipment of the caller's scope (in its route order) with the receipts delivered there; 404 outside the scope. */
async function receiptsByStop(q: Queryable, caller: Caller, shipmentId: number) {
  await getInScope(q, shipmentDef, caller, shipmentId);
  const rows = await receiptsWhere(q, caller, 't.shipment_id', shipmentId);
  const stops = await q.query<{ id: number; seq: number; stationId: number; stationName: string | null; stopType: string; eta: Date | null; ata: Date | null; atd: Date | null }>(
    `select st.id, st.seq, st.station_id as "stationId", b.name as "stationName", st.stop_type as "stopType", st.eta, st.ata, st.atd
       from tms_shipment_stop st left join base_station b on b.id = st.station_id
      where st.shipment_id = $1 and st.dispatch_center_id = $2 order by st.seq`,
    [shipmentId, centerOf(caller)],
  );
  const receipt = (r: Record<string, unknown>) => ({ ...toApi(checkDef, { ...r, is_handled: r.handle_time != null }), isAbnormal: r.is_abnormal === null ? null : r.is_abnormal === true });
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const out = stops.rows.map((s) => ({
    ...s,
    eta: iso(s.eta),
    ata: iso(s.ata),
    atd: iso(s.atd),
    receipts: rows.filter((r) => r.stop_id === s.id || (r.stop_id == null && r.station_id === s.stationId)).map(receipt),
  }));
  // receipts whose stop is not on the shipment any more
  const placed = new Set(out.flatMap((s) => s.receipts.map((r) => r.id)));
  const rest = rows.filter((r) => !placed.has(r.id as number)).map(receipt);
  return { stops: out, unplaced: rest };
}
