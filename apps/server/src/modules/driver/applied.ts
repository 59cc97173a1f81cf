/**
 * Exactly-once writes of the driver app (issue 16). The app keeps every write in an outbox on the
 * phone with an idempotency key and sends it until it gets an answer, so the same write may arrive
 * twice (a sync cut after the server applied it, then retried). A driver route with
 * `config: { idempotent: true }` and an `Idempotency-Key` header:
 *   - first arrival: the key is claimed (a PENDING row of tms_driver_applied, committed at once),
 *     the handler runs, and its answer (status and body, a refusal included) is kept (DONE);
 *     a server failure (5xx: the handler's transaction rolled back) releases the key for a retry;
 *   - a repeat of a DONE key: the first answer again (header `idempotent-replay: true`), nothing applied;
 *   - a repeat while the first is still running: 409 messages.driver.syncInProgress (try later);
 *   - the key used before on another route: 422 messages.driver.keyReused.
 * A PENDING claim older than STALE_MS belongs to a process that died: its transaction rolled back,
 * so the key is claimed anew. Without the header a route works as before.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { recordRefusal } from './refusals.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\w:.-]{1,100}$/;
const STALE_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    driverIdempotency: { driverId: number; key: string } | null;
  }
}

interface Applied {
  route: string;
  state: string;
  status_code: number | null;
  response: string | null;
  create_time: Date;
}

const routeOf = (req: FastifyRequest) => `${req.method} ${req.url.split('?')[0]}`.slice(0, 120);

async function claim(db: Db, clock: Clock, req: FastifyRequest, reply: FastifyReply, driverId: number, key: string): Promise<boolean> {
  const route = routeOf(req);
  const now = clock.now();
  const got = await db.query(`insert into tms_driver_applied(driver_id, idem_key, route, create_time) values ($1,$2,$3,$4) on conflict do nothing`, [driverId, key, route, now]);
  if (got.rowCount) return true;
  const prev = (await db.query<Applied>(`select route, state, status_code, response, create_time from tms_driver_applied where driver_id = $1 and idem_key = $2`, [driverId, key])).rows[0];
  if (!prev) return claim(db, clock, req, reply, driverId, key); // released meanwhile
  if (prev.route !== route) throw new AppError(422, 'messages.driver.keyReused');
  if (prev.state === 'DONE') {
    await reply.code(prev.status_code ?? 200).header('idempotent-replay', 'true').type('application/json; charset=utf-8').send(prev.response ?? '');
    return false;
  }
  if (now.getTime() - new Date(prev.create_time).getTime() > STALE_MS) {
    const taken = await db.query(`update tms_driver_applied set create_time = $3 where driver_id = $1 and idem_key = $2 and state = 'PENDING' and create_time = $4`, [driverId, key, now, prev.create_time]);
    if (taken.rowCount) return true;
  }
  reply.header('retry-after', '5');
  throw new AppError(409, 'messages.driver.syncInProgress');
}

/** Installs the hooks; routes opt in with `config: { idempotent: true }` (after the driver principal has run). */
export function installDriverIdempotency(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('driverIdempotency', null);
  app.addHook('preHandler', async (req, reply) => {
    if (!(req.routeOptions.config as { idempotent?: boolean } | undefined)?.idempotent) return;
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined || !req.driver) return;
    const key = Array.isArray(raw) ? raw[0]! : raw;
    if (!KEY.test(key)) throw new AppError(400, 'messages.driver.keyInvalid', undefined, { [IDEMPOTENCY_HEADER]: { key: 'messages.driver.keyInvalid' } });
    if (await claim(db, clock, req, reply, req.driver.driverId, key)) req.driverIdempotency = { driverId: req.driver.driverId, key };
    else return reply; // the first answer was sent again
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const idem = req.driverIdempotency;
    if (!idem) return payload;
    req.driverIdempotency = null;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db.query(`delete from tms_driver_applied where driver_id = $1 and idem_key = $2 and state = 'PENDING'`, [idem.driverId, idem.key]);
    } else {
      await db.query(`update tms_driver_applied set state = 'DONE', status_code = $3, response = $4, finish_time = $5 where driver_id = $1 and idem_key = $2`, [
        idem.driverId,
        idem.key,
        reply.statusCode,
        payload,
        clock.now(),
      ]);
      await recordRefusal(db, req, idem.driverId, idem.key, reply.statusCode, payload);
    }
    return payload;
  });
}
