/**
 * One SQL dialect, two drivers: embedded PGlite (default) or a PostgreSQL server (DATABASE_URL).
 * Both return int8 and numeric as JS numbers (ids and quantities fit in 2^53) and timestamps as Date.
 */
import pg from 'pg';
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { copyPgliteTemplate } from './pglite-template.ts';
import { MIGRATIONS_DIR } from './migrate.ts';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}
export interface QueryOptions {
  /**
   * A statement run very often (the order list): kept prepared on each connection that ran it, so PostgreSQL parses
   * and plans it once per connection instead of on every run. Only on a direct connection to PostgreSQL (not
   * through a pool in transaction mode: DATABASE_DIRECT_URL set); PGlite ignores it. After five runs PostgreSQL may
   * keep one plan for any values (its generic plan): only for a statement whose best plan does not depend on them
   * (the order list's with equality filters alone, `equalityFiltersOnly`).
   */
  prepare?: boolean;
  /**
   * The rows as arrays of the columns' values in order (pg's `rowMode: 'array'`): no object of every column's name built
   * per row (a hot list: resource-engine.ts apiRows). A hint: PGlite answers objects, so a caller reads either.
   */
  arrays?: boolean;
}
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>>;
  /** a statement run with `prepare` is kept prepared here (a direct connection to PostgreSQL): planned once, not per run */
  readonly keepsPrepared?: boolean;
  /** Runs a multi-statement script without parameters (migrations). */
  exec(sql: string): Promise<void>;
}
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** Runs fn in one transaction: every statement commits or none does. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel` (on a server over a connection of its own, reconnecting after a failure);
   * resolves to the function that stops listening (and gives that connection back).
   */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * LISTEN on `channel` as `listen` does, with a barrier: `sync()` resolves to true once every notice committed before
   * the call has been handed to onMessage, or to false when that cannot be known (not listening at the moment: a notice
   * may be lost). `onReset` is called when the listening connection was lost and replaced (notices may have been missed).
   */
  notices?(channel: string, onMessage: (payload: string) => void, onReset?: () => void): Promise<Notices>;
}

export interface Notices {
  sync(): Promise<boolean>;
  stop(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;
pg.types.setTypeParser(INT8, (v) => Number(v));
const DATE = 1082;
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
// dates without time stay 'YYYY-MM-DD' strings: no time-zone shift
pg.types.setTypeParser(DATE, (v) => v);

/** Names of prepared statements, one per text (at most 200 texts: past that, statements run unnamed). */
class StatementNames {
  private readonly names = new Map<string, string>();
  private next = 0;
  of(sql: string): string | undefined {
    let name = this.names.get(sql);
    if (name === undefined && this.names.size < 200) this.names.set(sql, (name = `tms_${this.next++}`));
    return name;
  }
  renew(sql: string): string {
    const name = `tms_${this.next++}`;
    this.names.set(sql, name);
    return name;
  }
}

/**
 * `directUrl`: where the LISTENing connection goes when `url` is a pool in transaction mode (PgBouncer), which gives a
 * client a server connection for one transaction only, so a LISTEN there would hear nothing.
 */
export async function openPg(url: string, opts: { directUrl?: string | null; max?: number } = {}): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? Number(process.env.TMS_DB_POOL ?? 10) });
  const quiet = () => {
    /* idle client errors are reported on the next query */
  };
  pool.on('error', quiet);
  // one connection per channel LISTENed (realtime, notify, driver push…), with room for one being replaced
  // a pool of their own (also without a pool in front): a LISTENing connection is held for good, and taken from the
  // queries' pool it would leave the requests fewer connections (realtime, notices, wake-ups, callers: issue 20)
  const direct = new pg.Pool({ connectionString: opts.directUrl || url, max: 8 });
  direct.on('error', quiet);
  // prepared statements on a direct connection only: a pool in transaction mode (PgBouncer) does not keep them
  const names = opts.directUrl ? null : new StatementNames();
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    keepsPrepared: names !== null,
    async query<T>(sql: string, params?: unknown[], o?: QueryOptions) {
      const name = o?.prepare ? names?.of(sql) : undefined;
      // pg's config of the statement (named: prepared), its rows as arrays when asked
      const config = (named?: string) => ({ name: named, text: sql, values: params as unknown[], ...(o?.arrays ? { rowMode: 'array' } : {}) }) as pg.QueryConfig;
      if (!name) {
        const r = await c.query(config());
        return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
      }
      try {
        const r = await c.query(config(name));
        return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
      } catch (e) {
        // a table under the statement changed shape (a migration while this server runs): prepared again, under a new name
        if ((e as { code?: string }).code !== '0A000') throw e;
        const r = await c.query(config(names!.renew(sql)));
        return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
      }
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  const base = wrap(pool);
  return {
    kind: 'pg',
    keepsPrepared: base.keepsPrepared,
    query: base.query,
    exec: base.exec,
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
      await direct.end();
    },
    listen: async (channel, onMessage) => (await listenOn(direct, channel, onMessage)).stop,
    notices: (channel, onMessage, onReset) => listenOn(direct, channel, onMessage, onReset),
  };
}

/**
 * `sync()`: a round trip on the listening connection. PostgreSQL (14 and later) sends the notices a backend was told of
 * before the ReadyForQuery that ends a statement, and a transaction tells the listening backends before its COMMIT is
 * answered: so once the round trip is back, every notice committed before it was sent has been handed over. Callers
 * arriving while one is on its way share the next one.
 */
async function listenOn(pool: pg.Pool, channel: string, onMessage: (payload: string) => void, onReset?: () => void): Promise<Notices> {
  /** the listening connection and how to give it back to the pool exactly once */
  let current: { c: pg.PoolClient; release: (destroy?: boolean) => void } | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const listenSql = `LISTEN "${channel.replace(/"/g, '""')}"`;
  const connect = async (): Promise<void> => {
    const c = await pool.connect();
    let released = false;
    const onNotification = (m: pg.Notification) => {
      if (m.channel === channel && m.payload !== undefined) onMessage(m.payload);
    };
    const onError = () => {
      // the connection broke: drop it and listen again on a new one
      release(true);
      onReset?.();
      if (!stopped) schedule();
    };
    const release = (destroy?: boolean) => {
      if (released) return; // an error after the release (e.g. the database dropped) is the pool's concern
      released = true;
      c.off('notification', onNotification);
      c.off('error', onError);
      if (current?.c === c) current = null;
      c.release(destroy);
    };
    c.on('notification', onNotification);
    c.on('error', onError);
    try {
      await c.query(listenSql);
    } catch (e) {
      release(true);
      throw e;
    }
    current = { c, release };
  };
  const schedule = () => {
    retry = setTimeout(
      () =>
        void connect().then(
          () => onReset?.(), // listening again: what came meanwhile was not heard
          () => !stopped && schedule(),
        ),
      1000,
    );
    retry.unref();
  };
  await connect();
  let running: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;
  const roundTrip = async (): Promise<boolean> => {
    const cur = current;
    if (!cur) return false;
    try {
      // the round trip is the LISTEN again (a no-op on a channel listened to): the connection stays one that only LISTENs
      await cur.c.query(listenSql);
      return current === cur;
    } catch {
      return false;
    }
  };
  const sync = (): Promise<boolean> => {
    if (!running) {
      running = roundTrip().finally(() => {
        running = null;
      });
      return running;
    }
    // one is on its way, sent maybe before this caller came: the caller waits for the next one
    queued ??= running.then(() => {
      queued = null;
      return sync();
    });
    return queued;
  };
  return {
    sync,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const cur = current;
      if (cur) {
        await cur.c.query(`UNLISTEN *`).catch(() => undefined);
        cur.release();
      }
    },
  };
}

/** When the request a database call belongs to started (performance.now()): set for each request by installAccess. */
export const requestStart = new AsyncLocalStorage<number>();

/**
 * The embedded database. By default PGlite runs in a worker thread of its own (pglite-worker.mjs): the engine is
 * compiled to WebAssembly and computes in the thread that calls it, so in the server's thread every query would stop
 * every other request (parsing, permission checks, serialising answers) while it runs. `TMS_PGLITE_WORKER=off` keeps it
 * in the server's thread (as before issue 20).
 */
export async function openPglite(dataDir: string | null): Promise<Db> {
  // an empty folder starts from the migrated cluster `npm ci` made (pglite-template.ts), not from initdb
  if (dataDir && !copyPgliteTemplate(dataDir, MIGRATIONS_DIR)) mkdirSync(dataDir, { recursive: true });
  const engine = process.env.TMS_PGLITE_WORKER === 'off' ? await inThread(dataDir) : await inWorker(dataDir);
  // PGlite is one connection: transactions must not interleave with other statements, so every call goes through one
  // queue. The queue serves the oldest request first (its start, from requestStart; a call outside a request counts
  // from when it was queued): a request that already ran a statement does not wait behind every request that came
  // after it for its next one, so a page of five statements waits in line about once, not five times.
  const waiting: { at: number; seq: number; run: () => void }[] = [];
  let busy = false;
  let seq = 0;
  const pump = () => {
    if (busy || !waiting.length) return;
    let best = 0;
    for (let i = 1; i < waiting.length; i++) {
      const w = waiting[i]!;
      const b = waiting[best]!;
      if (w.at < b.at || (w.at === b.at && w.seq < b.seq)) best = i;
    }
    const [next] = waiting.splice(best, 1);
    busy = true;
    next!.run();
  };
  const serial = <T>(fn: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const run = () =>
        void (async () => fn())()
          .then(resolve, reject)
          .finally(() => {
            busy = false;
            pump();
          });
      waiting.push({ at: requestStart.getStore() ?? performance.now(), seq: ++seq, run });
      pump();
    });
  const listen = (channel: string, onMessage: (payload: string) => void) =>
    serial(async () => {
      const stop = await engine.listen(channel, onMessage);
      return () => serial(() => stop());
    });
  return {
    kind: 'pglite',
    query: (sql, params) => serial(() => engine.query(sql, params)),
    tx: (fn) => serial(() => engine.tx(fn)),
    exec: (sql) => serial(() => engine.exec(sql)),
    close: () => serial(() => engine.close()),
    // the same LISTEN / NOTIFY as on a server: events published in a transaction are delivered only
    // if it commits, and two servers of one process (tests) on one database hear each other
    listen,
    // one connection: a notice raised by a statement is handed over before that statement's answer, so whatever
    // committed before a request came is known by then (no round trip needed)
    notices: async (channel, onMessage) => ({ stop: await listen(channel, onMessage), sync: async () => true }),
  };
}

/** What openPglite needs of the engine, in this thread or another (not queued: openPglite queues the calls). */
interface LiteEngine {
  query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<void>;
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** a compiled WebAssembly module (the server's lib has no DOM types, where WebAssembly's are declared) */
type WasmModule = object;
const wasmApi = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;
let engineModule: Promise<WasmModule | null> | null = null;

/**
 * PGlite's engine (pglite.wasm, 9 MB) compiled once per process and handed to every embedded database it opens, in
 * this thread or in a worker thread (a compiled module crosses threads as it is): each one compiling it again cost about
 * 0.4 CPU-seconds per open (the test suite opens a database per file and per server, issue 12). Null when it cannot be
 * read: PGlite then compiles it itself, as it did before.
 */
export function pgliteEngineModule(): Promise<WasmModule | null> {
  engineModule ??= (async () => {
    try {
      const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
      return await wasmApi.compile(await readFile(join(dirname(entry), 'pglite.wasm')));
    } catch {
      return null;
    }
  })();
  return engineModule;
}

async function inThread(dataDir: string | null): Promise<LiteEngine> {
  const { PGlite } = await import('@electric-sql/pglite');
  const parsers = { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v), [DATE]: (v: string) => v };
  const wasm = await pgliteEngineModule();
  const lite = new PGlite({ dataDir: dataDir ?? undefined, parsers, ...(wasm ? { pgliteWasmModule: wasm as never } : {}) });
  await lite.waitReady;
  type Lite = {
    query: (s: string, p?: unknown[]) => Promise<{ rows: unknown[]; affectedRows?: number }>;
    exec: (s: string) => Promise<unknown>;
  };
  const q = (c: Lite): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await c.query(sql, params);
      return { rows: r.rows as T[], rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
    },
    async exec(sql: string) {
      await c.exec(sql);
    },
  });
  const base = q(lite);
  return {
    query: base.query,
    exec: base.exec,
    tx: (fn) => lite.transaction((t) => fn(q(t))),
    listen: (channel, onMessage) => lite.listen(channel, onMessage),
    close: () => lite.close(),
  };
}

/**
 * A parameter as the worker should get it: structured cloning keeps plain values, dates, byte arrays, arrays and
 * plain objects, but turns an instance of a class (a Decimal) into its bare fields; such a value goes as the text of
 * its toJSON (what serialising it in this thread would have sent).
 */
function cloneable(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || v instanceof Date || ArrayBuffer.isView(v)) return v;
  if (Array.isArray(v)) return v.map(cloneable);
  const proto = Object.getPrototypeOf(v);
  if (proto === Object.prototype || proto === null) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = cloneable(x);
    return out;
  }
  const json = (v as { toJSON?: () => unknown }).toJSON;
  return typeof json === 'function' ? cloneable(json.call(v)) : String(v);
}

async function inWorker(dataDir: string | null): Promise<LiteEngine> {
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir, wasm: await pgliteEngineModule() } });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let next = 0;
  let gone: Error | null = null;
  // the thread keeps the process alive only while it owes an answer (as a database in this thread would)
  worker.unref();
  worker.on('message', (m: { id?: number; ok?: boolean; result?: unknown; error?: Record<string, unknown>; notify?: string; payload?: string }) => {
    if (m.notify !== undefined) {
      for (const fn of listeners.get(m.notify) ?? []) fn(m.payload ?? '');
      return;
    }
    const p = pending.get(m.id!);
    if (!p) return;
    pending.delete(m.id!);
    if (!pending.size) worker.unref();
    if (m.ok) return p.resolve(m.result);
    const e = Object.assign(new Error(String(m.error?.message ?? 'database error')), m.error);
    p.reject(e);
  });
  const fail = (e: Error) => {
    gone = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the embedded database's thread ended (${code})`)));
  const call = <T>(m: Record<string, unknown>): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = ++next;
    return new Promise<T>((resolve, reject) => {
      if (!pending.size) worker.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...m, id });
    });
  };
  await call({ op: 'open' });
  const q: Queryable = {
    query: <T>(sql: string, params?: unknown[]) => call<QueryResult<T>>({ op: 'query', sql, params: params?.map(cloneable) }),
    exec: async (sql: string) => void (await call({ op: 'exec', sql })),
  };
  return {
    ...q,
    async tx(fn) {
      await q.exec('BEGIN');
      try {
        const out = await fn(q);
        await q.exec('COMMIT');
        return out;
      } catch (e) {
        await q.exec('ROLLBACK').catch(() => undefined);
        throw e;
      }
    },
    async listen(channel, onMessage) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await call({ op: 'listen', channel });
      }
      set.add(onMessage);
      return async () => {
        set!.delete(onMessage);
        if (set!.size || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        await call({ op: 'unlisten', channel });
      };
    },
    async close() {
      await call({ op: 'close' }).catch(() => undefined);
      gone ??= new Error('the embedded database is closed');
      await worker.terminate();
    },
  };
}

export async function openDb(opts: { url?: string | null; directUrl?: string | null; dataDir?: string | null }): Promise<Db> {
  return opts.url ? openPg(opts.url, { directUrl: opts.directUrl }) : openPglite(opts.dataDir ?? null);
}
