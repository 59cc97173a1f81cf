/**
 * Request plumbing shared by the staff and driver routes of the receipts: action bodies parsed
 * with their zod schema, and picture uploads (stored first, then recorded on the receipt; a
 * refused recording removes the stored file again).
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { EPOD_LIMITS } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Storage } from '../../platform/storage.ts';
import { AppError, badRequest, conflict, type FieldMessage } from '../../platform/errors.ts';
import { intParam } from '../../platform/http.ts';
import { uploadLimit } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import type { EpodRow } from './service.ts';

/** Parses an action body with its schema; zod issues become 400 field errors ('lines.0.shortage'). */
export function parseInput<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  throw inputErrors(r.error.issues);
}

/** A refused receipt input: each field by path with its bounds; a domain message of the first field comes on top. */
export function inputErrors(issues: z.core.$ZodIssue[]) {
  const errors: Record<string, FieldMessage> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join('.') || 'body';
    const bound = issue as { maximum?: unknown; minimum?: unknown };
    errors[name] ??= { key: issue.message.includes('.') ? issue.message : 'validation.invalid', params: { max: bound.maximum, maxValue: bound.maximum, min: bound.minimum } };
  }
  const first = Object.values(errors)[0]!;
  return badRequest(first.key.startsWith('messages.') ? first.key : 'messages.validationFailed', errors);
}

/** pictures, videos and driver files: the most bytes of one upload */
export const UPLOAD_MAX = 20 * 1024 * 1024;

export const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
export const VIDEO_TYPES = new Set(['video/mp4', 'video/webm', 'video/ogg']);

/** Stores the multipart file of the request when its type is one of `types`. */
export async function receiveFile(req: FastifyRequest, storage: Storage, types: Set<string>, typeKey: string, actor: string) {
  if (!req.isMultipart()) throw badRequest('messages.validationFailed', { file: { key: 'validation.required' } });
  const file = await req.file({ limits: { fileSize: uploadLimit(req) } });
  if (!file) throw badRequest('messages.validationFailed', { file: { key: 'validation.required' } });
  if (!types.has(file.mimetype)) {
    file.file.resume();
    throw badRequest(typeKey, { file: { key: typeKey } });
  }
  return storage.storeFile(file, actor).catch((e: { statusCode?: number }) => {
    if (e.statusCode === 413) throw new AppError(413, 'messages.tooLarge');
    throw e;
  });
}

/** A receipt that may still change (not audited), locked. */
export async function editable(lock: Promise<EpodRow>): Promise<EpodRow> {
  const e = await lock;
  if (e.status === 'AUDITED') throw conflict('messages.epod.alreadyAudited');
  return e;
}

async function addPicture(q: Queryable, e: EpodRow, lineId: number | null, fileId: number, actor: string) {
  if (lineId) {
    const l = await q.query(`select 1 from tms_epod_line where id = $1 and epod_id = $2 and dispatch_center_id = $3`, [lineId, e.id, e.dispatch_center_id]);
    if (!l.rows.length) throw badRequest('messages.epod.lineNotOfEpod', { lineId: { key: 'messages.epod.lineNotOfEpod', params: { lineId } } }, { lineId });
  }
  const n = (await q.query<{ n: number }>(`select count(*)::int as n from tms_epod_picture where epod_id = $1 and dispatch_center_id = $2`, [e.id, e.dispatch_center_id])).rows[0]!.n;
  if (n >= EPOD_LIMITS.pictures) throw conflict('messages.epod.pictureLimit', { max: EPOD_LIMITS.pictures });
  const r = await q.query<{ id: number }>(
    `insert into tms_epod_picture(dispatch_center_id, epod_id, epod_line_id, file_id, sort, create_by) values ($1,$2,$3,$4,$5,$6) returning id`,
    [e.dispatch_center_id, e.id, lineId, fileId, n + 1, actor],
  );
  return { id: r.rows[0]!.id, epodId: e.id, lineId };
}

/**
 * POST …?lineId= (multipart): a picture of the receipt, or of one of its lines. `lock` locks the
 * receipt in the caller's scope (404 outside it); it is checked before storing and again inside
 * the transaction that records the picture.
 */
export async function uploadPicture(req: FastifyRequest, db: Db, storage: Storage, actor: string, lock: (q: Queryable) => Promise<EpodRow>, lineId: number | null) {
  await editable(lock(db)); // refuse before storing anything
  const stored = await receiveFile(req, storage, IMAGE_TYPES, 'messages.imageOnly', actor);
  try {
    const picture = await mutate(db, req, { title: 'epod', businessType: 'UPLOAD' }, async (q) => addPicture(q, await editable(lock(q)), lineId, stored.id, actor));
    return { ...picture, url: stored.url };
  } catch (e) {
    await storage.removeFiles([stored.id]);
    await db.query(`delete from sys_oss where id = $1`, [stored.id]);
    throw e;
  }
}
