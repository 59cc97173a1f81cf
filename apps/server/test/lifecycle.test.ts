/**
 * The server process as an operator runs it (`node --import tsx apps/server/src/main.ts`, PORT 0,
 * TMS_CAPTCHA=off): it migrates (an empty PostgreSQL database), seeds and serves; a change made through
 * the API is kept; SIGTERM logs the shutdown, lets a request already under way finish and exits 0;
 * started again on the same data it keeps every change and applies no migration twice.
 * PGlite in a data folder by default, a PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPg, openPglite, type Db } from '../src/platform/db.ts';
import { MIGRATIONS_DIR } from '../src/platform/migrate.ts';
import { ADMIN, createDatabase, rand, type Json } from './helpers.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;

interface LogLine {
  level: number;
  msg: string;
  [k: string]: unknown;
}

interface Running {
  url: string;
  proc: ChildProcess;
  logs: LogLine[];
  /** resolves with the first log line that matches */
  waitForLog(test: (l: LogLine) => boolean): Promise<LogLine>;
  exited: Promise<number | null>;
}

/** Starts the product's entry point and waits until it listens (port 0: the log tells the address). */
async function start(env: Record<string, string>): Promise<Running> {
  const childEnv: Record<string, string> = { ...(process.env as Record<string, string>), HOST: '127.0.0.1', PORT: '0', TMS_CAPTCHA: 'off', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  delete childEnv.TMS_SECRET; // development: the secret is kept in the data folder
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: LogLine[] = [];
  const waiters: { test: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  let buf = '';
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  proc.stdout!.on('data', (d: Buffer) => {
    buf += d.toString();
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) {
      const text = buf.slice(0, i);
      buf = buf.slice(i + 1);
      if (!text.trim()) continue;
      const line = JSON.parse(text) as LogLine; // every line of the log is structured
      logs.push(line);
      for (const w of [...waiters]) {
        if (w.test(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const waitForLog = (test: (l: LogLine) => boolean) =>
    new Promise<LogLine>((resolve, reject) => {
      const found = logs.find(test);
      if (found) return resolve(found);
      waiters.push({ test, resolve });
      void exited.then((code) => reject(new Error(`server exited (${code}) before the expected log line; stderr: ${stderr}`)));
    });
  const listening = await waitForLog((l) => /^Server listening at http:\/\/127\.0\.0\.1:\d+$/.test(l.msg));
  const url = listening.msg.replace('Server listening at ', '');
  await waitForLog((l) => l.msg.startsWith('TMS listening'));
  return { url, proc, logs, waitForLog, exited };
}

async function call(url: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: Json }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, json: await r.json() };
}

async function signIn(url: string): Promise<string> {
  const r = await call(url, 'POST', '/api/auth/login', { username: ADMIN.user, password: ADMIN.password });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.token;
}

/**
 * A POST whose headers reach the server at once and whose body follows only when asked: `Expect:
 * 100-continue` makes the server confirm it has taken the request before the body is sent.
 */
function postInTwoSteps(url: string, path: string, token: string, body: unknown) {
  const data = Buffer.from(JSON.stringify(body));
  const u = new URL(path, url);
  let resolveAccepted!: () => void;
  const accepted = new Promise<void>((r) => (resolveAccepted = r));
  const req = request({
    host: u.hostname,
    port: u.port,
    path: u.pathname,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': data.length, expect: '100-continue' },
  });
  req.on('continue', resolveAccepted);
  const response = new Promise<{ status: number; json: Json }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
    });
  });
  req.flushHeaders();
  return { accepted, response, finish: () => req.end(data) };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/**
 * The database both starts use, as the test run provides it: on a PostgreSQL server an empty database
 * (the first start migrates it: fast there); else a copy of the run's migrated PGlite template in the
 * data folder (migrating PGlite from scratch takes a minute on a small machine; global-setup does it once).
 */
async function prepare(): Promise<{ env: Record<string, string>; fresh: boolean; open(): Promise<Db> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tms-lifecycle-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (server) {
    const db = await createDatabase(server, null);
    cleanups.push(db.drop);
    return { env: { TMS_DATA_DIR: dataDir, DATABASE_URL: db.url }, fresh: true, open: () => openPg(db.url) };
  }
  const template = inject('pgliteTemplate');
  if (template) cpSync(template, join(dataDir, 'pg'), { recursive: true });
  return { env: { TMS_DATA_DIR: dataDir }, fresh: !template, open: () => openPglite(join(dataDir, 'pg')) };
}

const dbName = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'a PostgreSQL server' : 'embedded PostgreSQL (PGlite) in a data folder';

describe(`the server process on ${dbName}`, () => {
  it('migrates and serves, shuts down gracefully on SIGTERM, and keeps every change across a restart', { timeout: 240_000 }, async () => {
    const { env, fresh, open } = await prepare();
    const migrations = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));

    // ---- first start: an empty database ----
    const first = await start(env);
    cleanups.push(() => void first.proc.kill('SIGKILL'));
    const applied = first.logs.filter((l) => l.msg.startsWith('migration applied: ')).map((l) => l.msg.slice('migration applied: '.length));
    // an empty database is migrated at start; a migrated one gets nothing applied again
    expect(applied).toEqual(fresh ? [...migrations].sort() : []);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    const token = await signIn(first.url);

    // a change made through the API
    const dictType = `life_${rand(6)}`;
    const created = await call(first.url, 'POST', '/api/system/dict/type/save', { dictName: '生命周期', dictType }, token);
    expect(created.status, JSON.stringify(created.json)).toBe(200);

    // a request under way when SIGTERM arrives: taken by the server, its body still to come
    const inFlight = postInTwoSteps(first.url, '/api/system/dict/data/save', token, { dictType, dictLabel: '关机前', dictValue: 'inflight' });
    await inFlight.accepted;
    first.proc.kill('SIGTERM');
    await first.waitForLog((l) => l.msg === 'SIGTERM: shutting down');
    inFlight.finish();
    const answered = await inFlight.response;
    expect(answered.status, JSON.stringify(answered.json)).toBe(200);
    expect(answered.json.data.dictValue).toBe('inflight');
    // exit code 0: closed by itself, not by the 10 s safety timer (exit code 1)
    expect(await first.exited).toBe(0);
    const secretFile = join(env.TMS_DATA_DIR!, '.secret');
    const secret = readFileSync(secretFile, 'utf8');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);

    // ---- second start on the same data ----
    const restartedAt = new Date();
    const second = await start(env);
    cleanups.push(() => void second.proc.kill('SIGKILL'));
    expect(second.logs.filter((l) => l.msg.startsWith('migration applied'))).toEqual([]);
    expect(second.logs.some((l) => l.msg === 'seed checked')).toBe(true);
    const token2 = await signIn(second.url);
    const types = await call(second.url, 'GET', `/api/system/dict/type/list?dictType=${dictType}`, undefined, token2);
    expect(types.json.rows.map((r: Json) => r.dictName)).toEqual(['生命周期']);
    const data = await call(second.url, 'GET', `/api/system/dict/data/list?dictType=${dictType}`, undefined, token2);
    expect(data.json.rows.map((r: Json) => [r.dictLabel, r.dictValue])).toEqual([['关机前', 'inflight']]);
    // the old session is still valid: sessions live in the database, not in the process
    expect((await call(second.url, 'GET', '/api/system/user/info', undefined, token)).status).toBe(200);
    expect(readFileSync(secretFile, 'utf8')).toBe(secret);

    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.logs.some((l) => l.msg === 'SIGTERM: shutting down')).toBe(true);

    // each migration recorded once, all before the second start
    const db = await open();
    try {
      const rows = (await db.query<{ name: string; applied_at: Date }>(`select name, applied_at from schema_migrations order by name`)).rows;
      expect(rows.map((r) => r.name)).toEqual([...migrations].sort());
      expect(rows.filter((r) => new Date(r.applied_at) >= restartedAt)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
