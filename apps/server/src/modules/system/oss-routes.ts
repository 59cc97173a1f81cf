/** Object storage: uploads, signed file links, storage configurations (default, connection test), avatars. */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import sharp from 'sharp';
import { okOf, resourceByName, SystemApi as C } from '@tms/domain';
import { z } from 'zod';
import { legacyErrors as L, route } from '../../platform/contract.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { hasPermission, requireCaller, uploadLimit } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import type { Storage } from '../../platform/storage.ts';
import { parseBody, type ResourceHooks } from '../../platform/resource-engine.ts';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
const TEN_YEARS = 10 * 365 * 86400;

async function upload(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest('messages.validationFailed', { file: { key: 'validation.required' } });
  const file = await req.file({ limits: { fileSize: uploadLimit(req) } });
  if (!file) throw badRequest('messages.validationFailed', { file: { key: 'validation.required' } });
  return file;
}

/**
 * Stores an upload through the default configuration. A store that does not answer (an S3 endpoint down,
 * a missing bucket, refused keys) is a refusal with its reason, like the connection test, not a server error.
 */
async function store(req: FastifyRequest, storage: Storage, file: Parameters<Storage['storeFile']>[0], by: string) {
  return storage.storeFile(file, by).catch((e: unknown) => {
    if ((e as { statusCode?: number }).statusCode === 413) throw new AppError(413, 'messages.tooLarge');
    if (e instanceof AppError) throw e;
    req.log.warn({ err: e }, 'object storage refused an upload');
    throw new AppError(409, 'messages.ossTestFailed', { reason: String((e as Error)?.message ?? e).slice(0, 200) });
  });
}

export function ossHooks(storage: Storage): Record<string, ResourceHooks> {
  return {
    oss: { beforeRemove: async (_q, rows) => storage.removeFiles(rows.map((r) => Number(r.id))) },
  };
}

const OSS_CONFIG = resourceByName.get('ossConfig')!;
const CONFIG_SAVE = '/api/system/oss/config/save';
const CONFIG_UPDATE = '/api/system/oss/config/update';

export function registerOssRoutes(app: FastifyInstance, db: Db, storage: Storage): void {
  // spec §7 `POST /system/oss/saveConfig` saves a storage configuration: it runs the generic engine's
  // save (no id) or update (id + version) of `ossConfig`, registered after these routes
  const engine = new Map<string, RouteHandlerMethod>();
  app.addHook('onRoute', (route) => {
    if ((route.url === CONFIG_SAVE || route.url === CONFIG_UPDATE) && [route.method].flat().includes('POST')) engine.set(route.url, route.handler as RouteHandlerMethod);
  });
  app.addHook('onReady', async () => {
    if (!engine.has(CONFIG_SAVE) || !engine.has(CONFIG_UPDATE)) throw new Error('saveConfig: the ossConfig save / update routes are not registered');
  });
  const tags = ['oss'];
  route(app, {
    method: 'POST', url: '/api/system/oss/saveConfig', operationId: 'oss.saveConfig', summary: 'Save an object-storage configuration (create without id, update with id and version)',
    description: 'Creating also needs `system:oss:add`. The body is checked as on the ossConfig save / update routes.', tags, permission: 'system:oss:edit', body: C.SaveStorageConfig, response: okOf(z.object({}).loose()),
  }, async function (this: FastifyInstance, req, reply) {
    const caller = requireCaller(req);
    const body = req.body ?? undefined;
    const creating = body?.id === undefined || body.id === null || body.id === '';
    // a new configuration also needs the add permission, as on the engine's own save route
    if (creating && !hasPermission(caller, 'system:oss:add')) throw forbidden();
    // the engine's handler takes a body its route has validated: validate it the same way here
    req.body = parseBody(OSS_CONFIG, creating ? 'create' : 'update', body);
    return engine.get(creating ? CONFIG_SAVE : CONFIG_UPDATE)!.call(this, req as FastifyRequest, reply) as Promise<FastifyReply>;
  });

  route(app, {
    method: 'GET', url: '/api/files/:id', operationId: 'file.download', summary: 'A stored file through its signed link (pictures and videos inline, else as an attachment)', tags: ['file'], permission: 'public',
    params: L(C.FileParams), querystring: L(C.FileQuery), response: { binary: ['application/octet-stream', 'image/*', 'video/*'] },
  }, async (req, reply) => {
    const { id } = req.params;
    const q = req.query;
    const exp = q.exp;
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

  route(app, { ...C.endpoints.ossUpload, config: { upload: 50 * 1024 * 1024 } }, async (req) => {
    const caller = requireCaller(req);
    const file = await upload(req);
    return ok(req, await store(req, storage, file, caller.userName));
  });

  route(app, { ...C.endpoints.ossUrl, params: L(C.IdParams) }, async (req) => {
    const { id } = req.params;
    const r = await db.query(`select 1 from sys_oss where id = $1`, [id]);
    if (!r.rows.length) throw notFound();
    return ok(req, { url: storage.signedUrl(id) });
  });

  route(app, { method: 'GET', url: '/api/system/oss/config', operationId: 'oss.config', summary: 'The storage configuration in use', tags, permission: 'system:oss:query', response: okOf(C.StorageInUse) }, async (req) => {
    const cfg = await storage.config(db);
    return ok(req, { configKey: cfg?.config_key ?? 'local', storageType: cfg?.storage_type ?? 'LOCAL' });
  });

  route(app, { ...C.endpoints.ossSetDefault, body: L(C.ConfigId) }, async (req) => {
    const { id } = req.body;
    await mutate(db, req, { title: 'ossConfig', businessType: 'UPDATE' }, async (q) => {
      const r = await q.query(`update sys_oss_config set is_default = (id = $1), version = version + 1, update_time = now() where true returning id`, [id]);
      if (!r.rows.some((x) => (x as { id: number }).id === id)) throw notFound();
      return { id };
    });
    return ok(req);
  });

  // the test makes outbound calls with the stored keys: for those who may edit the configuration
  route(app, { ...C.endpoints.ossTest, body: L(C.ConfigId) }, async (req) => {
    const { id } = req.body;
    const r = await db.query<{ config_key: string }>(`select config_key from sys_oss_config where id = $1`, [id]);
    if (!r.rows[0]) throw notFound();
    try {
      await storage.testConfig(r.rows[0].config_key);
      return ok(req, { ok: true }, 'messages.ossTestOk');
    } catch (e) {
      throw new AppError(409, 'messages.ossTestFailed', { reason: String((e as Error).message).slice(0, 200) });
    }
  });

  route(app, { ...C.endpoints.avatar, config: { upload: 2 * 1024 * 1024 } }, async (req) => {
    const caller = requireCaller(req);
    const file = await upload(req);
    if (!IMAGE_TYPES.has(file.mimetype)) throw badRequest('messages.imageOnly', { file: { key: 'messages.imageOnly' } });
    const bytes = await file.toBuffer().catch((e: unknown) => {
      if ((e as { statusCode?: number }).statusCode === 413) throw new AppError(413, 'messages.tooLarge');
      throw e;
    });
    // the declared type is the browser's word: the image decoder says what the bytes are
    const format = (await sharp(bytes).metadata().catch(() => null))?.format;
    const mimetype = format === 'png' || format === 'jpeg' || format === 'webp' || format === 'gif' ? `image/${format}` : null;
    if (!mimetype) throw badRequest('messages.imageOnly', { file: { key: 'messages.imageOnly' } });
    const stored = await store(req, storage, { filename: file.filename, mimetype, file: Readable.from(bytes) }, caller.userName);
    const url = storage.signedUrl(stored.id, TEN_YEARS);
    await db.query(`update sys_user set avatar = $1, update_time = now(), version = version + 1 where id = $2`, [url, caller.userId]);
    return ok(req, { avatar: url });
  });
}
