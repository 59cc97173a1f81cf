/**
 * One SQL dialect, two drivers: embedded PGlite (default) or a PostgreSQL server (DATABASE_URL).
 * Both return int8 and numeric as JS numbers (ids and quantities fit in 2^53) and timestamps as Date.
 */
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { copyPgliteTemplate } from './pglite-template.ts';
import { MIGRATIONS_DIR } from './migrate.ts';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
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
}

const INT8 = 20;
const NUMERIC = 1700;
pg.types.setTypeParser(INT8, (v) => Number(v));
const DATE = 1082;
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
// dates without time stay 'YYYY-MM-DD' strings: no time-zone shift
pg.types.setTypeParser(DATE, (v) => v);

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
  const direct = opts.directUrl && opts.directUrl !== url ? new pg.Pool({ connectionString: opts.directUrl, max: 8 }) : null;
  direct?.on('error', quiet);
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await c.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  const base = wrap(pool);
  return {
    kind: 'pg',
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
      await direct?.end();
    },
    listen: (channel, onMessage) => listenOn(direct ?? pool, channel, onMessage),
  };
}

async function listenOn(pool: pg.Pool, channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
  /** the listening connection and how to give it back to the pool exactly once */
  let current: { c: pg.PoolClient; release: (destroy?: boolean) => void } | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = await pool.connect();
    let released = false;
    const onNotification = (m: pg.Notification) => {
      if (m.channel === channel && m.payload !== undefined) onMessage(m.payload);
    };
    const onError = () => {
      // the connection broke: drop it and listen again on a new one
      release(true);
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
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (e) {
      release(true);
      throw e;
    }
    current = { c, release };
  };
  const schedule = () => {
    retry = setTimeout(() => void connect().catch(() => !stopped && schedule()), 1000);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const cur = current;
    if (cur) {
      await cur.c.query(`UNLISTEN *`).catch(() => undefined);
      cur.release();
    }
  };
}

export async function openPglite(dataDir: string | null): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  // an empty folder starts from the migrated cluster `npm ci` made (pglite-template.ts), not from initdb
  if (dataDir && !copyPgliteTemplate(dataDir, MIGRATIONS_DIR)) mkdirSync(dataDir, { recursive: true });
  const parsers = { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v), [DATE]: (v: string) => v };
  const lite = new PGlite({ dataDir: dataDir ?? undefined, parsers });
  await lite.waitReady;
  // PGlite is one connection: transactions must not interleave with other statements,
  // so every call goes through one queue.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
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
  return {
    kind: 'pglite',
    query: (sql, params) => serial(() => q(lite).query(sql, params)),
    tx: (fn) => serial(() => lite.transaction((t) => fn(q(t)))),
    exec: (sql) => serial(async () => void (await lite.exec(sql))),
    close: () => serial(() => lite.close()),
    // the same LISTEN / NOTIFY as on a server: events published in a transaction are delivered only
    // if it commits, and two servers of one process (tests) on one database hear each other
    listen: (channel, onMessage) =>
      serial(async () => {
        const stop = await lite.listen(channel, onMessage);
        return () => serial(() => stop());
      }),
  };
}

export async function openDb(opts: { url?: string | null; directUrl?: string | null; dataDir?: string | null }): Promise<Db> {
  return opts.url ? openPg(opts.url, { directUrl: opts.directUrl }) : openPglite(opts.dataDir ?? null);
}
