import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError, type FieldMessage } from './errors.ts';
import { requestLang, translate } from './i18n.ts';
import type { Lang } from '@tms/domain';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

export function ok<T = undefined>(req: FastifyRequest, data?: T, key = 'messages.ok', params?: Record<string, unknown>) {
  return { code: 0 as const, msg: translate(req.lang, key, params), data: data as T };
}
export function page<T>(req: FastifyRequest, rows: T[], total: number) {
  return { code: 0 as const, msg: translate(req.lang, 'messages.ok'), rows, total };
}

function translateFields(lang: Lang, fe?: Record<string, FieldMessage>) {
  if (!fe) return undefined;
  return Object.fromEntries(Object.entries(fe).map(([k, v]) => [k, translate(lang, v.key, v.params)]));
}

export function sendError(req: FastifyRequest, reply: FastifyReply, status: number, key: string, params?: Record<string, unknown>, fe?: Record<string, FieldMessage>, data?: unknown) {
  return reply.status(status).send({ code: status, msg: translate(req.lang, key, params), errors: translateFields(req.lang, fe), data });
}

/**
 * The security headers of `options` on every answer, the refusals of the access check included (register first). helmet
 * works them out once, here, against a response that records them: they depend on nothing of a request (no CSP nonce,
 * no directive computed per request), and @fastify/helmet built helmet's middleware anew on every request (2 % of the
 * server's CPU per list request, issue 20).
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = { setHeader: (name: string, value: unknown) => void set.push([name, String(value)]), removeHeader: (name: string) => void removed.push(name) };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done || !set.length) throw new Error('helmet did not set its headers at once');
  app.addHook('onRequest', (_req, reply, next) => {
    const res = reply.raw;
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  });
}

/** Envelope and status codes of api-contract.md for every failure. */
export function installHttp(app: FastifyInstance): void {
  app.decorateRequest('lang', 'zh-CN');
  app.addHook('onRequest', (req, _reply, next) => {
    req.lang = requestLang(req.headers as Record<string, unknown>, req.query);
    next();
  });
  app.setErrorHandler((err: unknown, req, reply) => {
    if (err instanceof AppError) return sendError(req, reply, err.status, err.key, err.params, err.fieldErrors, err.data);
    const e = err as { statusCode?: number; code?: string; validation?: { instancePath?: string; params?: Record<string, unknown>; message?: string }[] };
    if (e.validation) {
      const errors: Record<string, FieldMessage> = {};
      for (const v of e.validation) {
        const field = (v.instancePath ?? '').replace(/^\//, '') || String(v.params?.missingProperty ?? v.params?.additionalProperty ?? 'body');
        errors[field] = { key: 'validation.invalid' };
      }
      return sendError(req, reply, 400, 'messages.validationFailed', undefined, errors);
    }
    if (e.statusCode === 413 || e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(req, reply, 413, 'messages.tooLarge');
    if (e.statusCode === 429) return sendError(req, reply, 429, 'messages.rateLimited');
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return sendError(req, reply, e.statusCode, e.statusCode === 404 ? 'messages.routeNotFound' : 'messages.validationFailed');
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, 500, 'messages.systemError');
  });
}

/** Query-string numbers: finite integers within range, else 400 (never 500). */
export function intParam(v: unknown, def: number, min: number, max: number, field: string): number {
  if (v === undefined || v === null || v === '') return def;
  const n = Number(v);
  if (!Number.isFinite(n) || !Number.isInteger(n) || n < min || n > max) {
    throw new AppError(400, 'messages.badFilter', { field }, { [field]: { key: 'validation.integer' } });
  }
  return n;
}

export function idList(v: unknown, field = 'ids'): number[] {
  const raw = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [v] : [];
  const ids = raw.map((x) => Number(x));
  if (!ids.length) throw new AppError(400, 'messages.selectRows', undefined, { [field]: { key: 'validation.required' } });
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0) || ids.length > 10_000) {
    throw new AppError(400, 'messages.validationFailed', undefined, { [field]: { key: 'validation.integer' } });
  }
  return [...new Set(ids)];
}

/** Like idList, but an empty array is a valid answer (unassign everything). */
export function idListOrEmpty(v: unknown, field = 'ids'): number[] {
  return Array.isArray(v) && v.length === 0 ? [] : idList(v, field);
}
