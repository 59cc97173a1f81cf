/**
 * API test harness: a real server on a fresh database (a new database on TEST_DATABASE_URL /
 * DATABASE_URL when set, else a PGlite folder copied from the run's template), listening on 127.0.0.1:0, driven over HTTP.
 */
import { randomBytes } from 'node:crypto';
import { adminUrl, createDatabase, pgliteTemplate } from './databases.ts';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Clock } from '../src/platform/config.ts';
import { openPg, openPglite, type Db } from '../src/platform/db.ts';
import { migrate } from '../src/platform/migrate.ts';
import { seed } from '../src/modules/system/seed.ts';
import { hashPassword } from '../src/platform/auth.ts';
import { afterAll, expect } from 'vitest';
import { CROSS_CENTER, checkRecorded, keyReport, recordingDb, type Recorded } from './distribution.ts';

export interface TestClock extends Clock {
  offsetMs: number;
  advance(ms: number): void;
  reset(): void;
}

export function testClock(): TestClock {
  const c: TestClock = {
    offsetMs: 0,
    now: () => new Date(Date.now() + c.offsetMs),
    advance: (ms) => {
      c.offsetMs += ms;
    },
    reset: () => {
      c.offsetMs = 0;
    },
  };
  return c;
}

/** Response bodies are inspected field by field; their shape differs per route. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test envelopes are read dynamically
export type Json = any;

export interface ApiOptions {
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  /** parsed body when the response is JSON, else null */
  json: Json;
  headers: Headers;
  /** raw body (always read) */
  body: Buffer;
}

export interface TestServer {
  url: string;
  db: Db;
  app: FastifyInstance;
  clock: TestClock;
  /** which database this server runs on */
  dbKind: 'pglite' | 'pg';
  /**
   * A restart of the database connection: closes this server's handle and opens a new one on the same
   * database (the caller closes it). The server itself is left as it is (close it first to restart it).
   */
  reopenDb(): Promise<Db>;
  /** another handle on this server's database (PostgreSQL: a new pool; PGlite: this very handle) */
  shareDb(): Promise<{ db: Db; own: boolean }>;
  close(): Promise<void>;
  login(user: string, password: string, headers?: Record<string, string>): Promise<string>;
  api(method: string, path: string, opts?: ApiOptions): Promise<ApiResponse>;
}

export interface StartOptions {
  captcha?: boolean;
  env?: Record<string, string>;
  /** the server's structured log, with the product's logger options (level: env LOG_LEVEL), goes here */
  logStream?: { write(line: string): void };
  /**
   * a second server on the database of this one (as two API servers behind a load balancer): on PostgreSQL its own
   * connection pool, on embedded PGlite (one process) the same handle; closing it leaves the database to the first
   */
  sameDatabaseAs?: TestServer;
  /**
   * reports read a "replica" that is this very database (platform/replica.ts): on PostgreSQL through
   * DATABASE_REPLICA_URL (a pool of its own), on PGlite the same handle
   */
  replicaOfItself?: boolean;
  /**
   * PostgreSQL: the server's connections go through this URL (a pool such as PgBouncer, given the database's URL), and
   * its LISTENing ones to the database itself (DATABASE_DIRECT_URL)
   */
  through?: (url: string) => string;
  /**
   * the server runs on what this makes of its database handle (distribution-key.test.ts records every statement);
   * besides, TMS_SQL_RECORD_DIR set records every statement of every test server into that folder when it closes
   * (scripts/distribution-check.ts reads them)
   */
  wrapDb?: (db: Db) => Db;
}

export const ADMIN = { user: 'admin', password: 'admin123' } as const;

/** the statements of this file's servers, when the file checks them (checkDistributionKey) */
let keyChecked: Recorded | null = null;

/**
 * Called at the top of an API test file (its name given when cross-center entries name it as exercisedBy): every statement its test servers run is recorded, and after its tests each
 * one on a distributed table must name its dispatch center, be run from code listed as cross-center, or be on
 * distribution-key-missing.json (distribution.ts, docs/scale-out.md "Past one machine"). The write paths of the
 * modules (creating, splitting, binding, signing…) are checked so in the files that drive them; the parse is of the
 * distinct statements only (a fraction of a second a file).
 */
export function checkDistributionKey(file?: string): void {
  const seen: Recorded = (keyChecked = new Map());
  afterAll(async () => {
    keyChecked = null; // a worker runs its next files with these modules loaded (isolate: false)
    const { added, used } = await checkRecorded(seen);
    expect(keyReport(added), 'statements on distributed tables without dispatch_center_id (docs/scale-out.md, "Past one machine")').toBe('');
    // the cross-center entries this file is named for (`exercisedBy`) are still needed
    if (file) expect(CROSS_CENTER.filter((c) => c.exercisedBy === file && !used.has(c)).map((c) => c.at)).toEqual([]);
  });
}
export { createDatabase, pgliteTemplate };

export async function startServer(opts: StartOptions = {}): Promise<TestServer> {
  const base = adminUrl();
  let db: Db;
  let drop: (() => Promise<void>) | null = null;
  /** opens the same database again */
  let openAgain: (() => Promise<Db>) | null = null;
  let share: () => Promise<{ db: Db; own: boolean }>;
  let replicaUrl: string | null = null;
  if (opts.sameDatabaseAs) {
    const shared = await opts.sameDatabaseAs.shareDb();
    db = shared.db;
    openAgain = null;
    share = () => opts.sameDatabaseAs!.shareDb();
    // the first server's database: not this one's to close unless it opened its own pool
    if (!shared.own) drop = null;
  } else if (base) {
    const created = await createDatabase(base);
    drop = created.drop;
    replicaUrl = created.url;
    db = opts.through ? await openPg(opts.through(created.url), { directUrl: created.url }) : await openPg(created.url);
    openAgain = () => openPg(created.url);
    share = async () => ({ db: await openPg(created.url), own: true });
  } else {
    const template = pgliteTemplate();
    // a copy of the run's migrated + seeded template (see global-setup.ts), else a new folder
    const root = mkdtempSync(join(tmpdir(), 'tms-db-'));
    if (template) cpSync(template, join(root, 'pg'), { recursive: true });
    db = await openPglite(join(root, 'pg'));
    drop = async () => rmSync(root, { recursive: true, force: true });
    openAgain = () => openPglite(join(root, 'pg'));
    share = async () => ({ db, own: false });
  }
  const recordDir = process.env.TMS_SQL_RECORD_DIR ?? null;
  const recorded: Recorded = new Map();
  const wrapDb = (d: Db) => {
    let w = opts.wrapDb ? opts.wrapDb(d) : d;
    if (keyChecked) w = recordingDb(w, keyChecked);
    return recordDir ? recordingDb(w, recorded) : w;
  };
  // a second server on a shared PGlite handle never closes it
  let dbClosed = !!opts.sameDatabaseAs && db.kind === 'pglite';
  const clock = testClock();
  let app: FastifyInstance;
  try {
    await migrate(db);
    await seed(db);
    const config = loadConfig({
      ...process.env,
      TMS_CAPTCHA: opts.captcha ? 'on' : 'off',
      TMS_TEST_HOOKS: '1',
      NODE_ENV: 'test',
      // suites sign in hundreds of users from one address; auth.test.ts checks the limit itself
      TMS_AUTH_RATE_PER_MINUTE: '100000',
      ...(opts.replicaOfItself && replicaUrl ? { DATABASE_REPLICA_URL: replicaUrl } : {}),
      ...(opts.env ?? {}),
    });
    // TMS_TEST_LOG=1 shows the server's errors (e.g. the cause of a 500) while debugging a test
    const logger = opts.logStream ? undefined : process.env.TMS_TEST_LOG ? { level: 'error' } : false;
    app = await buildApp({ db: wrapDb(db), config, clock, logger, logStream: opts.logStream, ...(opts.replicaOfItself && db.kind === 'pglite' ? { replica: db } : {}) });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (e) {
    // never leave a database behind (a shared PGlite handle stays the first server's)
    if (!dbClosed) await db.close().catch(() => undefined);
    await drop?.().catch(() => undefined);
    throw e;
  }
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${addr.port}`;

  const api = async (method: string, path: string, o: ApiOptions = {}): Promise<ApiResponse> => {
    const u = new URL(path, url);
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: RequestInit['body'];
    if (o.body instanceof FormData || typeof o.body === 'string' || o.body instanceof Uint8Array) {
      body = o.body as RequestInit['body'];
    } else if (o.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(o.body);
    }
    const res = await fetch(u, { method, headers, body });
    const buf = Buffer.from(await res.arrayBuffer());
    let json: Json = null;
    if ((res.headers.get('content-type') ?? '').includes('json') && buf.length) json = JSON.parse(buf.toString('utf8'));
    return { status: res.status, json, headers: res.headers, body: buf };
  };

  const login = async (user: string, password: string, headers: Record<string, string> = {}): Promise<string> => {
    let extra: Record<string, unknown> = {};
    if (opts.captcha) {
      const img = await api('GET', '/api/auth/captcha/captchaImage');
      const token = img.json.data.token as string;
      const ans = await api('GET', '/api/auth/captcha/testAnswer', { query: { token } });
      extra = { captchaToken: token, x: ans.json.data.x };
    }
    const r = await api('POST', '/api/auth/login', { body: { username: user, password, ...extra }, headers });
    if (r.status !== 200) throw new Error(`login ${user} failed: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.data.token as string;
  };

  const reopenDb = async () => {
    if (!openAgain) throw new Error('a server sharing another one\'s database cannot reopen it');
    if (!dbClosed) {
      dbClosed = true;
      await db.close();
    }
    return openAgain!();
  };

  const close = async () => {
    await app.close();
    if (recordDir && recorded.size) {
      const out = [...recorded].map(([sql, at]) => ({ sql, at: [...at] }));
      writeFileSync(join(recordDir, `${process.pid}-${Date.now()}-${rand()}.json`), JSON.stringify(out));
    }
    if (!dbClosed) await db.close();
    if (drop) await drop();
  };

  return { url, db, app, clock, dbKind: db.kind, reopenDb, shareDb: share, close, login, api };
}

let sharedHash: Promise<string> | null = null;

export interface TestUser {
  id: number;
  userName: string;
  password: string;
  roleId: number | null;
}

/**
 * Creates a user straight in the database: a role granting the menus whose `perms` are listed
 * (and menus named by key), the user with that role, working in the given dispatch centers.
 */
export async function createUser(
  db: Db,
  opts: {
    userName?: string;
    password?: string;
    perms?: string[];
    menuKeys?: string[];
    /** dispatch center codes; the first is the default */
    centers?: string[];
    /** false: no role at all */
    role?: boolean;
    status?: '0' | '1';
  } = {},
): Promise<TestUser> {
  const userName = opts.userName ?? `u_${randomBytes(4).toString('hex')}`;
  const password = opts.password ?? 'test12345';
  const hash = password === 'test12345' ? await (sharedHash ??= hashPassword('test12345')) : await hashPassword(password);
  const u = await db.query<{ id: number }>(
    `insert into sys_user(user_name, nick_name, password_hash, status, create_by) values ($1,$1,$2,$3,'test') returning id`,
    [userName, hash, opts.status ?? '0'],
  );
  const id = u.rows[0]!.id;
  let roleId: number | null = null;
  if (opts.role !== false) {
    const r = await db.query<{ id: number }>(`insert into sys_role(role_key, role_name, create_by) values ($1,$1,'test') returning id`, [`r_${userName}`]);
    roleId = r.rows[0]!.id;
    const perms = opts.perms ?? [];
    const keys = opts.menuKeys ?? [];
    if (perms.length || keys.length) {
      const g = await db.query<{ perms: string | null }>(
        `insert into sys_role_menu(role_id, menu_id) select $1, id from sys_menu where perms = any($2) or menu_key = any($3) on conflict do nothing returning (select perms from sys_menu m where m.id = menu_id)`,
        [roleId, perms, keys],
      );
      const found = new Set(g.rows.map((x) => x.perms));
      const missing = perms.filter((p) => !found.has(p));
      if (missing.length) throw new Error(`no menu grants ${missing.join(', ')}`);
    }
    await db.query(`insert into sys_user_role(user_id, role_id) values ($1,$2)`, [id, roleId]);
  }
  const centers = opts.centers ?? ['SH01'];
  for (const [i, code] of centers.entries()) {
    await db.query(`insert into sys_user_dispatch_center(user_id, dispatch_center_id, is_default) select $1, id, $3 from sys_dispatch_center where code = $2`, [id, code, i === 0]);
  }
  return { id, userName, password, roleId };
}

export async function centerId(db: Db, code: string): Promise<number> {
  const r = await db.query<{ id: number }>(`select id from sys_dispatch_center where code = $1`, [code]);
  if (!r.rows[0]) throw new Error(`no dispatch center ${code}`);
  return r.rows[0].id;
}

export const rand = (n = 6) => randomBytes(n).toString('hex').slice(0, n);
