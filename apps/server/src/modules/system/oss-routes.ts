/** Object storage: uploads, signed file links, storage configurations (default, connection test), avatars. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { intParam, ok } from '../../platform/http.ts';
import { requireCaller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import type { Storage } from '../../platform/storage.ts';
import type { ResourceHooks } from '../../platform/resource-engine.ts';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
const TEN_YEARS = 10 * 365 * 86400;

async function upload(req: FastifyRequest, maxBytes: number) {
  if (!req.isMultipart()) throw badRequest('messages.validationFailed', { file: { key: 'validation.required' } });
  const file = await req.file({ limits: { fileSize: maxBytes } });
  if (!file) throw badRequest('messages.validationFailed', { file: { key: 'validation.required' } });
  return file;
}

export function ossHooks(storage: Storage): Record<string, ResourceHooks> {
  return {
    oss: { beforeRemove: async (_q, rows) => storage.removeFiles(rows.map((r) => Number(r.id))) },
  };
}

export function registerOssRoutes(app: FastifyInstance, db: Db, storage: Storage): void {
  app.get('/api/files/:id', { config: { permission: 'public' } }, async (req, reply) => {
    const id = intParam((req.params as { id: string }).id, 0, 1, Number.MAX_SAFE_INTEGER, 'id');
    const q = req.query as Record<string, unknown>;
    const exp = intParam(q.exp, 0, 0, Number.MAX_SAFE_INTEGER, 'exp');
    if (typeof q.sig !== 'string' || !storage.verify(id, exp, q.sig)) throw notFound();
    const f = await storage.open(id);
    if (!f) throw notFound();
    const inline = IMAGE_TYPES.has(f.contentType) || f.contentType.startsWith('video/');
    return reply
      .header('content-type', f.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(f.name)}`)
      .send(f.stream);
  });

  app.post('/api/system/oss/upload', { config: { permission: 'system:oss:upload' } }, async (req) => {
    const caller = requireCaller(req);
    const file = await upload(req, 50 * 1024 * 1024);
    const out = await storage.storeFile(file, caller.userName).catch((e: { statusCode?: number }) => {
      if (e.statusCode === 413) throw new AppError(413, 'messages.tooLarge');
      throw e;
    });
    return ok(req, out);
  });

  app.get('/api/system/oss/url/:id', { config: { permission: 'system:oss:query' } }, async (req) => {
    const id = intParam((req.params as { id: string }).id, 0, 1, Number.MAX_SAFE_INTEGER, 'id');
    const r = await db.query(`select 1 from sys_oss where id = $1`, [id]);
    if (!r.rows.length) throw notFound();
    return ok(req, { url: storage.signedUrl(id) });
  });

  app.get('/api/system/oss/config', { config: { permission: 'system:oss:query' } }, async (req) => {
    const cfg = await storage.config(db);
    return ok(req, { configKey: cfg?.config_key ?? 'local', storageType: cfg?.storage_type ?? 'LOCAL' });
  });

  app.post('/api/system/oss/config/setDefault', { config: { permission: 'system:oss:edit' } }, async (req) => {
    const id = intParam((req.body as Record<string, unknown> | undefined)?.id, 0, 1, Number.MAX_SAFE_INTEGER, 'id');
    await mutate(db, req, { title: 'ossConfig', businessType: 'UPDATE' }, async (q) => {
      const r = await q.query(`update sys_oss_config set is_default = (id = $1), version = version + 1, update_time = now() where true returning id`, [id]);
      if (!r.rows.some((x) => (x as { id: number }).id === id)) throw notFound();
      return { id };
    });
    return ok(req);
  });

  app.post('/api/system/oss/config/test', { config: { permission: 'system:oss:query' } }, async (req) => {
    const id = intParam((req.body as Record<string, unknown> | undefined)?.id, 0, 1, Number.MAX_SAFE_INTEGER, 'id');
    const r = await db.query<{ config_key: string }>(`select config_key from sys_oss_config where id = $1`, [id]);
    if (!r.rows[0]) throw notFound();
    try {
      await storage.testConfig(r.rows[0].config_key);
      return ok(req, { ok: true }, 'messages.ossTestOk');
    } catch (e) {
      throw new AppError(409, 'messages.ossTestFailed', { reason: String((e as Error).message).slice(0, 200) });
    }
  });

  app.post('/api/system/user/profile/avatar', { config: { permission: 'authenticated' } }, async (req) => {
    const caller = requireCaller(req);
    const file = await upload(req, 2 * 1024 * 1024);
    if (!IMAGE_TYPES.has(file.mimetype)) throw badRequest('messages.imageOnly', { file: { key: 'messages.imageOnly' } });
    const stored = await storage.storeFile(file, caller.userName).catch((e: { statusCode?: number }) => {
      if (e.statusCode === 413) throw new AppError(413, 'messages.tooLarge');
      throw e;
    });
    const url = storage.signedUrl(stored.id, TEN_YEARS);
    await db.query(`update sys_user set avatar = $1, update_time = now(), version = version + 1 where id = $2`, [url, caller.userId]);
    return ok(req, { avatar: url });
  });
}
