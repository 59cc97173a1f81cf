/** Operation log (every mutation, in the same transaction) and login log. */
import type { FastifyRequest } from 'fastify';
import UAParser from 'ua-parser-js';
import type { Db, Queryable } from './db.ts';
import { AppError } from './errors.ts';
import { claimIdempotencyKey } from './idempotency.ts';

const SECRET_KEYS = /pass(word)?|secret|token|captcha|hash/i;

/**
 * Copies a request body for the log, with every secret value masked: a field named like a secret, and the value
 * of a key / value pair whose key is (a system configuration row: { configKey: 'notify.smtp.password', configValue }).
 */
export function redact(v: unknown, depth = 0): unknown {
  if (depth > 4 || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.slice(0, 50).map((x) => redact(x, depth + 1));
  const o = v as Record<string, unknown>;
  const secretPair = typeof o.configKey === 'string' && SECRET_KEYS.test(o.configKey);
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, SECRET_KEYS.test(k) || (secretPair && k === 'configValue') ? '******' : redact(x, depth + 1)]));
}

export interface OperMeta {
  title: string;
  businessType: string;
}

export async function writeOperLog(q: Queryable, req: FastifyRequest, meta: OperMeta, status: '0' | '1', result: unknown, error?: string) {
  const param = JSON.stringify(redact({ query: req.query, body: req.body }) ?? null).slice(0, 4000);
  await q.query(
    `insert into sys_oper_log(title, business_type, method, request_method, oper_name, oper_url, oper_ip, oper_location, oper_param, json_result, status, error_msg, oper_time)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,now())`,
    [
      meta.title,
      meta.businessType,
      req.routeOptions.url ?? '',
      req.method,
      req.caller?.userName ?? null,
      req.url.slice(0, 300),
      req.ip,
      locationOf(req.ip),
      param,
      JSON.stringify(redact(result) ?? null).slice(0, 2000),
      status,
      error?.slice(0, 2000) ?? null,
    ],
  );
}

/**
 * Runs a mutation in one transaction that also writes its operation-log row (and claims the request's
 * Idempotency-Key, platform/idempotency.ts).
 * A failure rolls everything back and is logged on its own.
 */
export async function mutate<T>(db: Db, req: FastifyRequest, meta: OperMeta, fn: (q: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.tx(async (q) => {
      // a write sent with an Idempotency-Key commits with its key, or neither does
      await claimIdempotencyKey(q, req);
      const out = await fn(q);
      await writeOperLog(q, req, meta, '0', out && typeof out === 'object' && 'row' in out ? (out as { row: unknown }).row : out);
      return out;
    });
  } catch (e) {
    const msg = e instanceof AppError ? e.key : 'unexpected';
    await writeOperLog(db, req, meta, '1', null, msg).catch(() => undefined);
    throw e;
  }
}

export function locationOf(ip: string): string {
  if (/^(127\.|::1|::ffff:127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(ip)) return 'intranet';
  return 'unknown';
}

export function userAgentInfo(ua: string | undefined): { browser: string; os: string } {
  const p = new UAParser(ua ?? '').getResult();
  return {
    browser: [p.browser.name, p.browser.major].filter(Boolean).join(' ').slice(0, 60) || 'unknown',
    os: [p.os.name, p.os.version].filter(Boolean).join(' ').slice(0, 60) || 'unknown',
  };
}

export async function writeLoginLog(db: Queryable, req: FastifyRequest, userName: string, status: '0' | '1', msg: string, at: Date) {
  const { browser, os } = userAgentInfo(req.headers['user-agent']);
  await db.query(
    `insert into sys_login_log(user_name, ipaddr, login_location, browser, os, status, msg, login_time) values ($1,$2,$3,$4,$5,$6,$7,$8)`,
    [userName.slice(0, 60), req.ip, locationOf(req.ip), browser, os, status, msg.slice(0, 200), at],
  );
}
