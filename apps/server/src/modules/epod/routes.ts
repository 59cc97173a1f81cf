/**
 * Staff routes of the receipts (spec §2 epod screens): sign-for registration, audit, reject, recall,
 * check and handle, pictures and video, and the shipment-stop / waybill views of the receipts.
 * The lists (/epod/epod, /epod/check, /epod/opinion) are generic resources; the receipt's lines,
 * pictures, opinions and execution come with GET /epod/epod/get/{id} (afterGet hook).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { epodAudit, epodHandle, epodReject, epodReport, resourceByName } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { Storage } from '../../platform/storage.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { idList, intParam, ok } from '../../platform/http.ts';
import { requireCaller, type Caller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { getInScope, getManyInScope, scopeOf, toApi, type ResourceHooks } from '../../platform/resource-engine.ts';
import { auditEpods, handleEpod, recallEpod, rejectEpod, reportEpod, type EpodRow } from './service.ts';
import { epodDetail, linesOf, picturesOf } from './detail.ts';
import { editable, parseInput, receiveFile, UPLOAD_MAX, uploadPicture, VIDEO_TYPES } from './io.ts';

const epodDef = resourceByName.get('epod')!;
const checkDef = resourceByName.get('epodCheck')!;
const shipmentDef = resourceByName.get('shipment')!;
const waybillDef = resourceByName.get('waybill')!;

const body = (req: FastifyRequest) => (req.body ?? {}) as Record<string, unknown>;
const bodyId = (req: FastifyRequest, field = 'id') => intParam(body(req)[field], 0, 1, Number.MAX_SAFE_INTEGER, field);

/** Locks one receipt of the caller's scope (404 outside it). */
export const lockEpod = (q: Queryable, caller: Caller, id: number) => getInScope(q, epodDef, caller, id, true) as Promise<unknown> as Promise<EpodRow>;

export function epodHooks(storage: Storage): Record<string, ResourceHooks> {
  const afterGet: ResourceHooks['afterGet'] = async (q, row) => epodDetail(q, storage, row);
  return { epod: { afterGet }, epodCheck: { afterGet } };
}

export function registerEpodRoutes(app: FastifyInstance, db: Db, storage: Storage, clock: Clock): void {
  const base = '/api/epod/epod';
  const tag = { schema: { tags: ['epod'] } };
  const cfg = (permission: string) => ({ config: { permission }, ...tag });
  const uploadCfg = (permission: string) => ({ config: { permission, upload: UPLOAD_MAX }, ...tag });

  app.post(`${base}/signFor`, cfg('epod:epod:signFor'), async (req) => {
    const caller = requireCaller(req);
    const id = bodyId(req);
    const version = intParam(body(req).version, -1, 0, Number.MAX_SAFE_INTEGER, 'version');
    if (version < 0) throw badRequest('messages.validationFailed', { version: { key: 'validation.required' } });
    const input = parseInput(epodReport, body(req));
    await mutate(db, req, { title: 'epod', businessType: 'SIGN_FOR' }, async (q) => {
      const e = await lockEpod(q, caller, id);
      if (e.version !== version) throw conflict('messages.conflictVersion');
      await reportEpod(q, e, input, caller, 'STAFF', clock.now());
      return { id };
    });
    return ok(req, { id }, 'messages.epod.reported');
  });

  app.post(`${base}/audit`, cfg('epod:epod:audit'), async (req) => {
    const caller = requireCaller(req);
    const ids = idList(body(req).ids);
    const { opinion } = parseInput(epodAudit, body(req));
    await mutate(db, req, { title: 'epod', businessType: 'AUDIT' }, async (q) => {
      const rows = (await getManyInScope(q, epodDef, caller, ids)) as unknown as EpodRow[];
      await auditEpods(q, rows, opinion?.trim() || null, caller, clock.now());
      return { ids };
    });
    return ok(req, { ids }, 'messages.epod.audited');
  });

  app.post(`${base}/reject`, cfg('epod:epod:reject'), async (req) => {
    const caller = requireCaller(req);
    const id = bodyId(req);
    const { opinion } = parseInput(epodReject, body(req));
    await mutate(db, req, { title: 'epod', businessType: 'REJECT' }, async (q) => {
      await rejectEpod(q, await lockEpod(q, caller, id), opinion, caller, clock.now());
      return { id };
    });
    return ok(req, { id }, 'messages.epod.rejected');
  });

  app.post(`${base}/recall`, cfg('epod:epod:recall'), async (req) => {
    const caller = requireCaller(req);
    const id = bodyId(req);
    await mutate(db, req, { title: 'epod', businessType: 'RECALL' }, async (q) => {
      await recallEpod(q, await lockEpod(q, caller, id), caller, clock.now());
      return { id };
    });
    return ok(req, { id }, 'messages.epod.recalled');
  });

  app.post(`${base}/handle`, cfg('epod:epod:handle'), async (req) => {
    const caller = requireCaller(req);
    const id = bodyId(req);
    const { result, remark } = parseInput(epodHandle, body(req));
    const known = await db.query(`select 1 from sys_dict_data where dict_type = 'epod_handle_result' and dict_value = $1 and status = '0'`, [result]);
    if (!known.rows.length) throw badRequest('messages.validationFailed', { result: { key: 'validation.invalid' } });
    await mutate(db, req, { title: 'epod', businessType: 'HANDLE' }, async (q) => {
      await handleEpod(q, await lockEpod(q, caller, id), result, remark, caller, clock.now());
      return { id };
    });
    return ok(req, { id }, 'messages.epod.handled');
  });

  // Pictures (of the receipt, or of one line) and the stop's video, while the receipt is not audited.
  app.post(`${base}/picture/upload`, uploadCfg('epod:epod:signFor'), async (req) => {
    const caller = requireCaller(req);
    const epodId = intParam((req.query as Record<string, unknown>).epodId, 0, 1, Number.MAX_SAFE_INTEGER, 'epodId');
    return ok(req, await uploadPicture(req, db, storage, caller.userName, (q) => lockEpod(q, caller, epodId)));
  });

  app.post(`${base}/picture/remove`, cfg('epod:epod:signFor'), async (req) => {
    const caller = requireCaller(req);
    const id = bodyId(req);
    await mutate(db, req, { title: 'epod', businessType: 'DELETE' }, async (q) => {
      const p = (await q.query<{ epod_id: number }>(`select epod_id from tms_epod_picture where id = $1`, [id])).rows[0];
      if (!p) throw notFound();
      await editable(lockEpod(q, caller, p.epod_id));
      await q.query(`delete from tms_epod_picture where id = $1`, [id]);
      return { id };
    });
    return ok(req, { id });
  });

  app.post(`${base}/video/upload`, uploadCfg('epod:epod:signFor'), async (req) => {
    const caller = requireCaller(req);
    const epodId = intParam((req.query as Record<string, unknown>).epodId, 0, 1, Number.MAX_SAFE_INTEGER, 'epodId');
    await editable(lockEpod(db, caller, epodId));
    const stored = await receiveFile(req, storage, VIDEO_TYPES, 'messages.epod.videoOnly', caller.userName);
    await mutate(db, req, { title: 'epod', businessType: 'UPLOAD' }, async (q) => {
      await editable(lockEpod(q, caller, epodId));
      await q.query(`update tms_epod set video_file_id = $2, update_by = $3, update_time = now(), version = version + 1 where id = $1`, [epodId, stored.id, caller.userName]);
      return { id: epodId };
    });
    return ok(req, { id: epodId, url: stored.url });
  });

  // The receipts of a shipment by stop, and of a waybill with their lines.
  app.get(`${base}/byShipment/:shipmentId`, cfg('epod:epod:query'), async (req) => {
    const caller = requireCaller(req);
    const shipmentId = intParam((req.params as { shipmentId: string }).shipmentId, 0, 1, Number.MAX_SAFE_INTEGER, 'shipmentId');
    return ok(req, await receiptsByStop(db, caller, shipmentId));
  });

  app.get(`${base}/byWaybill/:waybillId`, cfg('epod:epod:query'), async (req) => {
    const caller = requireCaller(req);
    const waybillId = intParam((req.params as { waybillId: string }).waybillId, 0, 1, Number.MAX_SAFE_INTEGER, 'waybillId');
    await getInScope(db, waybillDef, caller, waybillId); // a waybill out of the caller's scope → 404
    const rows = await receiptsWhere(db, caller, 't.waybill_id', waybillId);
    const lines = await linesOf(db, rows.map((r) => Number(r.id)));
    const pictures = await picturesOf(db, storage, rows.map((r) => Number(r.id)));
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
  const stops = await q.query<Record<string, unknown>>(
    `select st.id, st.seq, st.station_id as "stationId", b.name as "stationName", st.stop_type as "stopType", st.eta, st.ata, st.atd
       from tms_shipment_stop st left join base_station b on b.id = st.station_id
      where st.shipment_id = $1 order by st.seq`,
    [shipmentId],
  );
  const receipt = (r: Record<string, unknown>): Record<string, unknown> => ({ ...toApi(checkDef, { ...r, is_handled: r.handle_time != null }), isAbnormal: r.is_abnormal });
  const out = stops.rows.map((s) => ({
    ...Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
    receipts: rows.filter((r) => r.stop_id === s.id || (r.stop_id == null && r.station_id === s.stationId)).map(receipt),
  }));
  // receipts whose stop is not on the shipment any more
  const placed = new Set(out.flatMap((s) => s.receipts.map((r) => r.id)));
  const rest = rows.filter((r) => !placed.has(r.id as number)).map(receipt);
  return { stops: out, unplaced: rest };
}
