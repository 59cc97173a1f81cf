/**
 * Real-time events to browsers (the header alert bell and whatever else listens).
 *
 * Fan-out: `publish` sends a PostgreSQL NOTIFY on channel `tms_events` (inside the caller's
 * transaction when given one, so it is delivered only on commit); every server LISTENs on one
 * connection and hands each event to its own subscribers. On embedded PGlite (one process) an
 * in-process emitter does the same. Events are small (ids and counts); clients refetch the data
 * through the ordinary, permission-checked routes.
 *
 * Delivery: Server-Sent Events at `GET /api/realtime/stream?ticket=…[&types=alert,alertHandled]`. EventSource cannot send an
 * Authorization header, and a session token in a URL would end up in logs, so a signed-in client
 * first asks `POST /api/realtime/ticket` (Bearer token) for a ticket valid 60 s: the HMAC-signed
 * session id. The ticket is the stream's only credential (a principal of its own, permission
 * 'realtime:stream': no ticket → 401, a staff token instead of a ticket → 403). The stream only
 * carries events of the session's dispatch center, and an event about a record (`subject`) only to a
 * subscriber the REST route of that record would show it to (permission and data scope, per subscriber);
 * every heartbeat re-checks the session and its rights, so logout, a center switch or a change of roles
 * or data groups takes effect within one heartbeat.
 */
import { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from './config.ts';
import type { Db, Queryable } from './db.ts';
import type { Secrets } from './secrets.ts';
import { hasPermission, loadCaller, loadCallerBySession, requireCaller, type Caller } from './auth.ts';
import { forbidden, unauthorized } from './errors.ts';
import { ok } from './http.ts';
import { permissionOf, RealtimeApi as C, resourceByName } from '@tms/domain';
import { route } from './contract.ts';
import { getInScope } from './resource-engine.ts';

export const CHANNEL = 'tms_events';
export const TICKET_TTL_MS = 60_000;
export const HEARTBEAT_MS = 25_000;

export interface RealtimeEvent {
  /** e.g. 'alert' (new alerts), 'alertHandled' */
  type: string;
  /** who may see it: the users working in this dispatch center (null = everyone) */
  dispatchCenterId: number | null;
  /**
   * the record the event is about, by resource name: a subscriber hears the event only when the REST route of that
   * resource would show it the record (its query permission and data scope: dispatch center, data groups, departments)
   */
  subject?: { resource: string; id: number };
  data?: Record<string, unknown>;
  /** the event's number in the log (sys_realtime_event), for a stream's `Last-Event-ID`; transient events have none */
  id?: number;
}

/** Events that only matter live (a newer one supersedes them): not kept for replay. */
export const TRANSIENT_EVENTS = new Set(['position', 'fleet']);
/** How often a stream sends the rows gathered of a batched event type (see Realtime.batched). */
export const BATCH_MS = 1000;
/** The keys (row[0]) of a batched event type a subscriber may hear of. */
export type KeyScope = (db: Queryable, caller: Caller) => Promise<Set<number>>;
/** How long a reconnecting stream can ask for what it missed, and how much of it at most. */
export const REPLAY_HOURS = 24;
export const REPLAY_LIMIT = 1000;
export const PRUNE_JOB = 'realtime.prune';

export interface Realtime {
  /** `q`: a transaction (PostgreSQL delivers the event when it commits) */
  publish(event: RealtimeEvent, q?: Queryable): Promise<void>;
  /** many events in order; the transient ones ('position', 'fleet') in one statement, whatever their number */
  publishAll(events: RealtimeEvent[], q?: Queryable): Promise<void>;
  subscribe(fn: (e: RealtimeEvent) => void): () => void;
  /**
   * Busy event types of keyed rows (data { rows: [[key, …], …] }, e.g. 'fleet': the newest position of each vehicle),
   * each with the keys a subscriber may hear of. Only a stream naming the type in ?types= gets them: one event a
   * second (BATCH_MS) holding the newest row of each key of its scope (loaded when the stream opens and at every heartbeat).
   */
  batched: Map<string, KeyScope>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
  interface FastifyRequest {
    /** the session of a realtime stream (from its ticket) */
    streamSession: (StreamSession & { sessionId: number }) | null;
  }
}

/** the stream's own principal (its ticket), as its endpoint declares it */
export const STREAM_PERMISSION = C.endpoints.stream.permission;

export function createRealtime(db: Db, clock: Clock, log?: { warn: (o: unknown, m?: string) => void }): Realtime {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let unlisten: (() => Promise<void>) | null = null;
  const deliver = (e: RealtimeEvent) => local.emit('event', e);
  const rt: Realtime = {
    batched: new Map(),
    async publishAll(events, q) {
      const transient = events.filter((e) => TRANSIENT_EVENTS.has(e.type));
      for (const e of events) if (!TRANSIENT_EVENTS.has(e.type)) await rt.publish(e, q);
      if (!transient.length) return;
      if (!db.listen) return void transient.forEach(deliver);
      await (q ?? db).query(`select count(pg_notify($1, x)) from unnest($2::text[]) as x`, [CHANNEL, transient.map((e) => JSON.stringify(e))]);
    },
    async publish(event, q) {
      const on = q ?? db;
      if (!TRANSIENT_EVENTS.has(event.type)) {
        // kept in the same transaction: an event is in the log exactly when its change committed
        const r = await on.query<{ id: string }>(
          `insert into sys_realtime_event(type, dispatch_center_id, subject_resource, subject_id, data, created_at) values ($1, $2, $3, $4, $5, $6) returning id`,
          [event.type, event.dispatchCenterId, event.subject?.resource ?? null, event.subject?.id ?? null, JSON.stringify(event.data ?? {}), clock.now()],
        );
        event = { ...event, id: Number(r.rows[0]!.id) };
      }
      if (!db.listen) return void deliver(event);
      await on.query(`select pg_notify($1, $2)`, [CHANNEL, JSON.stringify(event)]);
    },
    subscribe(fn) {
      local.on('event', fn);
      return () => local.off('event', fn);
    },
    async start() {
      if (!db.listen || unlisten) return;
      unlisten = await db.listen(CHANNEL, (payload) => {
        try {
          deliver(JSON.parse(payload) as RealtimeEvent);
        } catch (e) {
          log?.warn({ err: e }, 'bad realtime payload');
        }
      });
    },
    async stop() {
      const u = unlisten;
      unlisten = null;
      await u?.();
      local.removeAllListeners();
    },
  };
  return rt;
}

/** The logged events after `lastId` (within the replay window), oldest first. */
async function missedSince(db: Db, clock: Clock, lastId: string): Promise<RealtimeEvent[]> {
  const r = await db.query<{ id: string; type: string; dispatch_center_id: number | null; subject_resource: string | null; subject_id: number | null; data: Record<string, unknown> }>(
    `select id, type, dispatch_center_id, subject_resource, subject_id, data from sys_realtime_event
      where id > $1 and created_at > $2 order by id limit ${REPLAY_LIMIT}`,
    [lastId, new Date(clock.now().getTime() - REPLAY_HOURS * 3600_000)],
  );
  return r.rows.map((x) => ({
    id: Number(x.id),
    type: x.type,
    dispatchCenterId: x.dispatch_center_id,
    ...(x.subject_resource && x.subject_id !== null ? { subject: { resource: x.subject_resource, id: Number(x.subject_id) } } : {}),
    data: x.data,
  }));
}

/** Drops the logged events older than the replay window (a scheduled job). */
export async function pruneRealtimeLog(db: Db, now: Date): Promise<number> {
  const r = await db.query(`delete from sys_realtime_event where created_at < $1`, [new Date(now.getTime() - REPLAY_HOURS * 3600_000)]);
  return r.rowCount ?? 0;
}

interface StreamSession {
  userId: number;
  dispatchCenterId: number | null;
}

async function sessionById(db: Db, clock: Clock, id: number): Promise<StreamSession | null> {
  const r = await db.query<{ user_id: number; dispatch_center_id: number | null }>(
    `select s.user_id, s.dispatch_center_id from sys_session s join sys_user u on u.id = s.user_id
      where s.id = $1 and s.revoked_at is null and s.expires_at > $2 and u.status = '0' and s.client_id is null`,
    [id, clock.now()],
  );
  const row = r.rows[0];
  return row ? { userId: row.user_id, dispatchCenterId: row.dispatch_center_id } : null;
}

function readTicket(secrets: Secrets, clock: Clock, ticket: unknown): number | null {
  if (typeof ticket !== 'string') return null;
  const [sid, exp, sig] = ticket.split('.');
  if (!sid || !exp || !sig || !secrets.verify(`rt.${sid}.${exp}`, sig)) return null;
  if (Number(exp) < clock.now().getTime()) return null;
  return Number(sid);
}

export function registerRealtimeRoutes(app: FastifyInstance, db: Db, clock: Clock, secrets: Secrets): void {
  const rt = app.realtime;
  const open = new Set<FastifyReply>();
  app.addHook('onReady', () => rt.start());
  void app.jobs.schedule(PRUNE_JOB, 3600, async (due) => void (await pruneRealtimeLog(db, due)));
  // end the streams first, or closing the server would wait for them
  app.addHook('preClose', async () => {
    for (const r of open) r.raw.end();
    open.clear();
  });
  app.addHook('onClose', () => rt.stop());
  app.decorateRequest('streamSession', null);
  app.principals.set(STREAM_PERMISSION.split(':')[0]!, async (req, token) => {
    const sid = readTicket(secrets, clock, (req.query as Record<string, unknown>).ticket);
    const session = sid ? await sessionById(db, clock, sid) : null;
    if (session) {
      req.streamSession = { ...session, sessionId: sid! };
      return;
    }
    // a signed-in caller without a ticket: allowed elsewhere, not here
    if (token && (await loadCaller(db, clock, token))) throw forbidden();
    throw unauthorized();
  });

  route(app, C.endpoints.ticket, async (req) => {
    const caller = requireCaller(req);
    const exp = clock.now().getTime() + TICKET_TTL_MS;
    const body = `${caller.sessionId}.${exp}`;
    return ok(req, { ticket: `${body}.${secrets.sign(`rt.${body}`)}`, expiresAt: new Date(exp).toISOString() });
  });

  route(app, C.endpoints.stream, async (req, reply) => {
    if (!req.streamSession) throw unauthorized();
    const sid = req.streamSession.sessionId;
    let session: StreamSession | null = req.streamSession;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: unknown, id?: number) => res.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    // a reconnecting browser names the last event it got (EventSource's Last-Event-ID header, or ?lastEventId= when
    // it opens a new stream with a new ticket): what it missed since is sent first, from the log
    const rawLast = req.headers['last-event-id'] ?? req.query.lastEventId;
    const lastId = typeof rawLast === 'string' && /^\d{1,18}$/.test(rawLast) ? rawLast : null;
    // ?types=alert,alertHandled: only these events (busy ones such as 'position' stay away from a bell)
    const raw = req.query.types;
    const types = typeof raw === 'string' && raw ? new Set(raw.split(',')) : null;
    res.write(`retry: 5000\n\n`);
    send('ready', { dispatchCenterId: session.dispatchCenterId });
    // the subscriber as the REST routes see it, and what it may see of each subject (both renewed every heartbeat)
    let caller: Promise<Caller | null> = loadCallerBySession(db, clock, sid).catch(() => null);
    let seen = new Map<string, Promise<boolean>>();
    const visible = (subject: NonNullable<RealtimeEvent['subject']>): Promise<boolean> => {
      const key = `${subject.resource}:${subject.id}`;
      let v = seen.get(key);
      if (!v) {
        v = (async () => {
          const c = await caller;
          const def = resourceByName.get(subject.resource);
          if (!c || !def || !hasPermission(c, permissionOf(def, 'query'))) return false;
          return getInScope(db, def, c, subject.id).then(
            () => true,
            () => false,
          );
        })();
        seen.set(key, v);
      }
      return v;
    };
    // batched types (asked for by name only): the newest row of each key in scope, sent once a second
    const batchedTypes = [...(types ?? [])].filter((t) => rt.batched.has(t));
    const pending = new Map<string, Map<unknown, unknown[]>>(batchedTypes.map((t) => [t, new Map()]));
    let keyScopes = new Map<string, Promise<Set<number>>>();
    const loadKeyScopes = () => {
      keyScopes = new Map(batchedTypes.map((t) => [t, caller.then((c) => (c ? rt.batched.get(t)!(db, c) : new Set<number>())).catch(() => new Set<number>())]));
    };
    loadKeyScopes();
    const gather = (e: RealtimeEvent) => {
      const rows = (e.data?.rows ?? []) as unknown[][];
      const into = pending.get(e.type);
      void keyScopes.get(e.type)?.then((keys) => {
        for (const row of rows) if (keys.has(row[0] as number)) into?.set(row[0], row);
      });
    };
    const flush = batchedTypes.length
      ? setInterval(() => {
          for (const [type, rows] of pending) {
            if (!rows.size || res.writableEnded) continue;
            send(type, { rows: [...rows.values()] });
            rows.clear();
          }
        }, BATCH_MS)
      : undefined;
    flush?.unref();
    // events go out in the order they came, each once its subject is checked
    const replayed = new Set<number>();
    const offer = (e: RealtimeEvent, fromLog = false) => {
      if (types && !types.has(e.type)) return;
      if (rt.batched.has(e.type)) return void (types && session && gather(e));
      if (!session || (e.dispatchCenterId !== null && e.dispatchCenterId !== session.dispatchCenterId)) return;
      if (e.id !== undefined && !fromLog && replayed.has(e.id)) return;
      const subject = e.subject;
      queue = queue.then(async () => {
        if (subject && !(await visible(subject).catch(() => false))) return;
        if (!res.writableEnded) send(e.type, e.data ?? {}, e.id);
      });
    };
    // the missed events first (live ones wait behind them in the queue; one in both is sent once)
    let queue: Promise<unknown> = lastId
      ? missedSince(db, clock, lastId).then(
          (missed) => {
            for (const e of missed) replayed.add(e.id!);
            for (const e of missed) offer(e, true);
          },
          () => undefined,
        )
      : Promise.resolve();
    const off = rt.subscribe((e) => offer(e));
    const beat = setInterval(async () => {
      session = await sessionById(db, clock, sid).catch(() => session);
      if (!session) return res.end();
      caller = loadCallerBySession(db, clock, sid).catch(() => null);
      seen = new Map();
      loadKeyScopes();
      res.write(`: ping\n\n`);
    }, HEARTBEAT_MS);
    beat.unref();
    open.add(reply);
    res.on('close', () => {
      off();
      clearInterval(beat);
      clearInterval(flush);
      open.delete(reply);
    });
    return reply;
  });
}
