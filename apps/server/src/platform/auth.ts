/**
 * Sessions (opaque tokens, stored hashed), the caller's identity, and route permissions.
 * Every route declares `config.permission`: 'public', 'authenticated' or a permission key
 * such as 'system:dict:query'. The server refuses to start if one does not.
 */
import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestStart, type Db, type Notices, type Queryable } from './db.ts';
import type { Clock } from './config.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { LIMITS } from '@tms/domain';

/**
 * The caller's dispatch center as the data scope restricts records to it (no center: -1, no record): the distribution
 * key a statement on rows the scope found names (docs/scale-out.md "Past one machine").
 */
export const centerOf = (caller: Pick<Caller, 'dispatchCenterId'>): number => caller.dispatchCenterId ?? -1;

export interface Caller {
  userId: number;
  userName: string;
  sessionId: number;
  dispatchCenterId: number | null;
  roles: string[];
  perms: Set<string>;
  isAdmin: boolean;
  deptId: number | null;
  /** data scopes of the caller's enabled roles ('1' all … '5' self) */
  dataScopes: string[];
  /** API-client tokens: permission prefixes the token may use (null for people) */
  scopes: string[] | null;
  /** API-client tokens: addresses the client may call from (null = any) */
  allowedIps: string[] | null;
  /** 'CLIENT' for a user of a client (the portal, issue 17): staff routes refuse it (see CLIENT_SESSION_ROUTES) */
  userKind?: 'STAFF' | 'CLIENT';
}

/**
 * The only non-public routes outside the portal a client user may call: its own user info (the web app learns
 * from it that this is a portal user) and its password. Every other staff route answers 403 to a client user,
 * whatever roles an administrator gave it.
 */
export const CLIENT_SESSION_ROUTES = new Set(['GET /api/system/user/info', 'POST /api/system/user/profile/updatePwd']);

export interface RouteEntry {
  method: string;
  url: string;
  permission: string;
  /** set for routes of another principal than staff (e.g. 'driver'): see `app.principals` */
  principal?: string;
  /** upload routes: the most bytes their file may have */
  upload?: number;
}

/**
 * Another kind of caller than staff (the driver app): routes whose permission starts with
 * `<name>:` are authenticated by its `authenticate` instead of staff sessions, so a staff token
 * opens none of them and its tokens open no staff route.
 */
export type PrincipalAuth = (req: FastifyRequest, token: string | null) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** every API route with its declared permission (tests build the access matrix from it) */
    routeTable: RouteEntry[];
    /** other principals by permission prefix (register before their routes) */
    principals: Map<string, PrincipalAuth>;
  }
  interface FastifyContextConfig {
    permission?: string;
    /**
     * the route takes a multipart upload of at most this many bytes (the file; the framing may add 64 KiB). Only such
     * routes accept multipart bodies; a declared Content-Length over the limit is refused before the body is read.
     */
    upload?: number;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export const TOKEN_TTL_MS = LIMITS.tokenHours * 3600_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * argon2id with the OWASP cheat-sheet parameters (19 MiB, 2 passes, 1 lane): ~40 ms here. The test suite
 * (NODE_ENV=test and TMS_TEST_FAST_HASH=1, set by vitest.config.ts) signs in thousands of times: it hashes with
 * argon2id's smallest cost, as what it tests is the flow, not the cost. A hash carries its own parameters, so
 * verifying works whatever made it.
 */
const FAST_FOR_TESTS = process.env.NODE_ENV === 'test' && process.env.TMS_TEST_FAST_HASH === '1';
export const ARGON2_OPTIONS = FAST_FOR_TESTS
  ? ({ type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const)
  : ({ type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const);

export async function hashPassword(pw: string): Promise<string> {
  return argon2.hash(pw, ARGON2_OPTIONS);
}
export async function verifyPassword(hash: string, pw: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, pw);
  } catch {
    return false;
  }
}

/** A new session token: the token, its stored hash, and its 12-hour life from now. */
export function issueToken(clock: Clock): { token: string; hash: string; now: Date; expiresAt: Date } {
  const token = newToken();
  const now = clock.now();
  return { token, hash: hashToken(token), now, expiresAt: new Date(now.getTime() + TOKEN_TTL_MS) };
}

export async function createSession(
  q: Queryable,
  clock: Clock,
  userId: number,
  dispatchCenterId: number | null,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const t = issueToken(clock);
  await q.query(
    `insert into sys_session(token_hash, user_id, dispatch_center_id, ipaddr, user_agent, create_time, expires_at)
     values ($1,$2,$3,$4,$5,$6,$7)`,
    [t.hash, userId, dispatchCenterId, meta.ip ?? null, (meta.userAgent ?? '').slice(0, 300), t.now, t.expiresAt],
  );
  return { token: t.token, expiresAt: t.expiresAt };
}

export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h === 'string' && h.startsWith('Bearer ')) return h.slice(7).trim() || null;
  return null;
}

/** Looks the token up in the database, so logout and disabling a user take effect at once (see also CallerCache). */
export async function loadCaller(db: Db, clock: Clock, token: string): Promise<Caller | null> {
  return (await callerWhere(db, clock, 's.token_hash = $1', hashToken(token)))?.caller ?? null;
}

/** The caller of a live session by its id (a realtime stream knows its session, not its token). */
export async function loadCallerBySession(db: Db, clock: Clock, sessionId: number): Promise<Caller | null> {
  return (await callerWhere(db, clock, 's.id = $1', sessionId))?.caller ?? null;
}

/** The channel of the notices that empty the callers cached by each server (migration 0078). */
export const AUTH_CHANNEL = 'tms_auth';
/** A cached caller is read again after this long whatever happened (a safety net: the notices are what matter). */
const CALLER_TTL_MS = 60_000;
const CALLER_CACHE_SIZE = 10_000;

export interface CallerCache {
  /** the caller of a token, from this server's cache when nothing changed since it was read */
  load(token: string): Promise<Caller | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The callers of one server by session token (issue 20): a request that finds its caller here reads no session, user,
 * client or rights from the database. Any change to what a caller is (a session revoked or switched to another
 * center, an API client changed, a user disabled, roles or permissions changed) raises a notice on AUTH_CHANNEL in its
 * own transaction (migration 0078), which empties the cache of every server listening. Before a cached caller is used,
 * `Notices.sync` makes sure every notice committed before the request came has been heard (on PostgreSQL one round trip
 * on the listening connection, shared by the requests waiting for it; on PGlite nothing to wait for), so a logout or a
 * disable through any server is refused by every server on the very next request. Not listening (before the server is
 * ready, or while its listening connection is being replaced): no caching, every request reads the database.
 */
export function createCallerCache(db: Db, clock: Clock): CallerCache {
  let notices: Notices | null = null;
  /** bumped by every notice: a caller read while one came is not kept (it may be older than the notice) */
  let generation = 0;
  const entries = new Map<string, { caller: Caller; expiresAt: number; readAt: number }>();
  const forget = () => {
    generation++;
    entries.clear();
  };
  return {
    async start() {
      if (notices || !db.notices) return;
      notices = await db.notices(AUTH_CHANNEL, forget, forget);
      forget();
    },
    async stop() {
      const n = notices;
      notices = null;
      forget();
      await n?.stop();
    },
    async load(token) {
      const hash = hashToken(token);
      const listening = notices;
      if (listening && entries.has(hash) && (await listening.sync())) {
        // looked up again after the barrier: a notice heard meanwhile has emptied the cache
        const hit = entries.get(hash);
        if (hit && hit.expiresAt > clock.now().getTime() && Date.now() - hit.readAt < CALLER_TTL_MS) return hit.caller;
      }
      const before = generation;
      const read = await callerWhere(db, clock, 's.token_hash = $1', hash);
      if (!read) {
        entries.delete(hash);
        return null;
      }
      if (listening && notices === listening && generation === before) {
        if (entries.size >= CALLER_CACHE_SIZE) entries.clear();
        entries.set(hash, { caller: read.caller, expiresAt: read.expiresAt.getTime(), readAt: Date.now() });
      }
      return read.caller;
    },
  };
}

/** What a user may do, as of one `sys_auth_version` (see migration 0045): the expensive part of a caller. */
interface Rights {
  userName: string;
  userKind: 'STAFF' | 'CLIENT';
  deptId: number | null;
  roles: string[];
  perms: Set<string>;
  dataScopes: string[];
}
/** Per database (per server): the rights of each user at the newest version seen; a newer version empties it. */
const rightsCache = new WeakMap<Db, { version: string; users: Map<number, Promise<Rights | null>> }>();
const RIGHTS_CACHE_USERS = 10_000;

async function rightsOf(db: Db, userId: number, version: string): Promise<Rights | null> {
  let c = rightsCache.get(db);
  if (!c || c.version !== version) {
    // an older version's answers are never used again; a request still holding an older version reads afresh
    if (c && BigInt(c.version) > BigInt(version)) return loadRights(db, userId);
    c = { version, users: new Map() };
    rightsCache.set(db, c);
  }
  let r = c.users.get(userId);
  if (!r) {
    if (c.users.size >= RIGHTS_CACHE_USERS) c.users.clear();
    // read after the version was: what is cached under a version is at least as new as that version
    r = loadRights(db, userId);
    c.users.set(userId, r);
    r.catch(() => c!.users.delete(userId));
  }
  return r;
}

async function loadRights(db: Db, userId: number): Promise<Rights | null> {
  const r = await db.query<{ user_name: string; user_kind: string; dept_id: number | null; roles: string[] | null; perms: string[] | null; data_scopes: string[] | null }>(
    `select u.user_name, u.user_kind, u.dept_id,
            (select array_agg(r.role_key) from sys_user_role ur join sys_role r on r.id = ur.role_id
              where ur.user_id = u.id and r.status = '0') as roles,
            (select array_agg(distinct m.perms) from sys_user_role ur
               join sys_role r on r.id = ur.role_id and r.status = '0'
               join sys_role_menu rm on rm.role_id = r.id
               join sys_menu m on m.id = rm.menu_id and m.status = '0'
              where ur.user_id = u.id and m.perms is not null and m.perms <> '') as perms,
            (select array_agg(distinct r.data_scope) from sys_user_role ur join sys_role r on r.id = ur.role_id
              where ur.user_id = u.id and r.status = '0') as data_scopes
       from sys_user u where u.id = $1`,
    [userId],
  );
  const row = r.rows[0];
  if (!row) return null;
  return { userName: row.user_name, userKind: row.user_kind === 'CLIENT' ? 'CLIENT' : 'STAFF', deptId: row.dept_id, roles: row.roles ?? [], perms: new Set(row.perms ?? []), dataScopes: row.data_scopes ?? [] };
}

/**
 * The session (alive, not revoked, its user enabled, its API client enabled) as the database has it now; the user's
 * rights come from the per-server cache of the current auth version. A request's caller comes from CallerCache.
 */
async function callerWhere(db: Db, clock: Clock, where: string, key: unknown): Promise<{ caller: Caller; expiresAt: Date } | null> {
  const r = await db.query<{
    session_id: number;
    expires_at: Date;
    user_id: number;
    dispatch_center_id: number | null;
    scopes: string | null;
    access_ips: string | null;
    version: string;
  }>(
    `select s.id as session_id, s.expires_at, s.user_id, s.dispatch_center_id, s.scopes, c.access_ips,
            (select version::text from sys_auth_version where id = 1) as version
       from sys_session s join sys_user u on u.id = s.user_id
       left join sys_auth_client c on c.client_id = s.client_id
      where ${where} and s.revoked_at is null and s.expires_at > $2 and u.status = '0'
        and (s.client_id is null or c.status = '0')`,
    [key, clock.now()],
  );
  const row = r.rows[0];
  if (!row) return null;
  const rights = await rightsOf(db, row.user_id, row.version);
  if (!rights) return null;
  const caller: Caller = {
    userId: row.user_id,
    userName: rights.userName,
    sessionId: row.session_id,
    dispatchCenterId: row.dispatch_center_id,
    roles: rights.roles,
    perms: rights.perms,
    isAdmin: rights.roles.includes('admin'),
    deptId: rights.deptId,
    dataScopes: rights.dataScopes,
    scopes: row.scopes ? row.scopes.split(',').map((x) => x.trim()).filter(Boolean) : null,
    allowedIps: row.access_ips ? row.access_ips.split(',').map((x) => x.trim()).filter(Boolean) : null,
    userKind: rights.userKind,
  };
  return { caller, expiresAt: row.expires_at };
}

export function hasPermission(caller: Caller, permission: string): boolean {
  // an API client's token is limited to its scopes, whatever its user may do
  if (caller.scopes && !caller.scopes.some((p) => permission === p || permission.startsWith(p + ':'))) return false;
  return caller.isAdmin || caller.perms.has(permission);
}

/** Installs the route-permission rule and the per-request authentication. */
export function installAccess(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('caller', null);
  // the embedded database serves the statements of older requests first (openPglite); a server's pool needs no order
  if (db.kind === 'pglite') app.addHook('onRequest', (_req, _reply, done) => requestStart.run(performance.now(), done));
  const callers = createCallerCache(db, clock);
  app.addHook('onReady', () => callers.start());
  app.addHook('onClose', () => callers.stop());
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  const principals = new Map<string, PrincipalAuth>();
  app.decorate('principals', principals);
  const principalOf = (perm: string) => {
    const i = perm.indexOf(':');
    return i > 0 && principals.has(perm.slice(0, i)) ? perm.slice(0, i) : undefined;
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), permission: 'public' };
      return;
    }
    const config = route.config as { permission?: string; upload?: number } | undefined;
    const perm = config?.permission;
    if (!perm) throw new Error(`route ${route.method} ${route.url} declares no permission`);
    const principal = principalOf(perm);
    const upload = config?.upload;
    for (const m of [route.method].flat()) if (m !== 'HEAD') table.push({ method: m, url: route.url, permission: perm, ...(principal ? { principal } : {}), ...(upload ? { upload } : {}) });
  });
  // authentication and permission come before the body is read (onRequest): an anonymous or refused upload is
  // answered at once with its reason, not after megabytes (or a reset connection)
  app.addHook('onRequest', async (req, reply) => {
    const perm = req.routeOptions.config?.permission;
    if (!perm) return; // non-API (static files, 404)
    const upload = req.routeOptions.config?.upload;
    const multipart = /^multipart\//i.test(String(req.headers['content-type'] ?? ''));
    // a refusal before an upload (or any large body) is read closes the connection: the unread body is not waited for
    // (a small body is left to Node, which reads it past and keeps the connection)
    const refuse = (e: Error) => {
      if (multipart || Number(req.headers['content-length'] ?? 0) > 1024 * 1024 || req.headers['transfer-encoding']) reply.header('connection', 'close');
      return e;
    };
    try {
      await authenticate(req, perm);
    } catch (e) {
      throw refuse(e as Error);
    }
    if (multipart && !upload) throw refuse(new AppError(415, 'messages.notAnUpload'));
    if (upload && Number(req.headers['content-length'] ?? 0) > upload + UPLOAD_FRAMING) throw refuse(new AppError(413, 'messages.tooLarge'));
  });
  const authenticate = async (req: FastifyRequest, perm: string) => {
    const token = bearer(req);
    const principal = principalOf(perm);
    if (principal) return principals.get(principal)!(req, token);
    const caller = token ? await callers.load(token) : null;
    req.caller = caller;
    if (caller?.allowedIps && !caller.allowedIps.includes(req.ip)) throw forbidden('messages.clientAddress');
    if (perm === 'public') return;
    if (!caller) throw unauthorized();
    // a client user works in the portal only (its own principal): no staff route, whatever its roles
    if (caller.userKind === 'CLIENT' && !CLIENT_SESSION_ROUTES.has(`${req.method} ${req.routeOptions.url}`)) throw forbidden();
    // API clients call business routes only, never the people's session routes
    if (perm === 'authenticated' && caller.scopes) throw forbidden();
    if (perm === 'authenticated') return;
    if (!hasPermission(caller, perm)) throw forbidden();
  };
}

/** Room for the multipart framing (boundaries, part headers) on top of an upload's file limit. */
export const UPLOAD_FRAMING = 64 * 1024;

/** The file-size limit an upload route declares (`config.upload`). */
export function uploadLimit(req: FastifyRequest): number {
  const n = req.routeOptions.config?.upload;
  if (!n) throw new Error(`route ${req.routeOptions.url} reads an upload but declares no config.upload`);
  return n;
}

export function requireCaller(req: FastifyRequest): Caller {
  if (!req.caller) throw unauthorized();
  return req.caller;
}
