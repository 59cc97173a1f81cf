/**
 * `Idempotency-Key` on writes (IETF draft "The Idempotency-Key HTTP Header Field"; issue 20): a client that did
 * not get the answer of a write (a server lost mid-request, a network cut) sends it again with the same key, to
 * any server, and gets the first answer while nothing changes twice.
 *
 * - The key is the caller's (user) own: two users never share one. 1–255 printable ASCII characters.
 * - It is claimed inside the transaction of the write (platform/audit.ts `mutate`, through which business writes
 *   go): the write and its key commit together or not at all, so no committed write is lost or duplicated.
 * - The successful answer is stored after the write and replayed for a repeat (`Idempotency-Replayed: true`).
 *   A repeat while the first is still running (or whose answer was lost with its server) answers 409
 *   (messages.idempotency.inProgress); the same key with another request (method, path or body) 409
 *   (messages.idempotency.reused). A failed write claims nothing: its key can be sent again.
 * - Keys are kept for KEEP_HOURS (a scheduled job removes older ones).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from './config.ts';
import type { Db, Queryable } from './db.ts';
import { AppError, badRequest } from './errors.ts';

export const HEADER = 'idempotency-key';
export const KEEP_HOURS = 24;
export const PRUNE_JOB = 'idempotency.prune';
const KEY = /^[\x21-\x7e]{1,255}$/;

interface Pending {
  userId: number;
  key: string;
  hash: string;
  claimed: boolean;
  /** when the request came (the app clock) */
  at: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the Idempotency-Key of this write, while it is not yet answered */
    idempotency: Pending | null;
  }
}

const inProgress = () => new AppError(409, 'messages.idempotency.inProgress');

export function installIdempotency(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('idempotency', null);
  // after authentication and validation: an anonymous or malformed request is refused as it would be anyway
  app.addHook('preHandler', async (req, reply) => {
    const raw = req.headers[HEADER];
    if (raw === undefined || req.method === 'GET' || req.method === 'HEAD' || !req.caller) return;
    if (typeof raw !== 'string' || !KEY.test(raw)) throw badRequest('messages.idempotency.badKey', { 'Idempotency-Key': { key: 'messages.idempotency.badKey' } });
    const hash = createHash('sha256').update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`).digest('hex');
    const r = await db.query<{ request_hash: string; status: number | null; content_type: string | null; response: string | null }>(
      `select request_hash, status, content_type, response from sys_idempotency where user_id = $1 and key = $2`,
      [req.caller.userId, raw],
    );
    const first = r.rows[0];
    if (!first) {
      req.idempotency = { userId: req.caller.userId, key: raw, hash, claimed: false, at: clock.now() };
      return;
    }
    if (first.request_hash !== hash) throw new AppError(409, 'messages.idempotency.reused');
    if (first.status === null) throw inProgress();
    return reply
      .code(first.status)
      .header('idempotency-replayed', 'true')
      .type(first.content_type ?? 'application/json; charset=utf-8')
      .send(first.response);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const i = req.idempotency;
    if (!i) return payload;
    req.idempotency = null;
    // JSON answers are kept; a file (an export sent by POST) is made again, as reading it changes nothing
    const type = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode >= 300 || !type.includes('json') || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    // a write that went through no transaction of ours (none claimed) is remembered from here on
    await db.query(
      `insert into sys_idempotency(user_id, key, request_hash, status, content_type, response, created_at) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (user_id, key) do update set status = excluded.status, content_type = excluded.content_type, response = excluded.response
        where sys_idempotency.status is null and sys_idempotency.request_hash = excluded.request_hash`,
      [i.userId, i.key, i.hash, reply.statusCode, type, payload.toString(), i.at],
    );
    return payload;
  });
  void app.jobs.schedule(PRUNE_JOB, 3600, async (due) => {
    await db.query(`delete from sys_idempotency where created_at < $1`, [new Date(due.getTime() - KEEP_HOURS * 3600_000)]);
  });
}

/** Claims the request's key in the write's own transaction (once per request); a key taken meanwhile → 409. */
export async function claimIdempotencyKey(q: Queryable, req: FastifyRequest): Promise<void> {
  const i = req.idempotency;
  if (!i || i.claimed) return;
  const r = await q.query(
    `insert into sys_idempotency(user_id, key, request_hash, created_at) values ($1, $2, $3, $4) on conflict do nothing returning key`,
    [i.userId, i.key, i.hash, i.at],
  );
  if (!r.rowCount) throw inProgress();
  i.claimed = true;
}
