/** What the benches share: the p50 of timed runs, and the server they measure (in this process, on a free port, admin signed in). */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import os from 'node:os';
import type { Db } from '../apps/server/src/platform/db.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';

export const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** p50 of n runs of fn, after `warmups` runs. */
export async function median(n: number, fn: () => Promise<unknown>, warmups = 2): Promise<number> {
  for (let i = 0; i < warmups; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return p50(xs);
}

/** n timings of fn after 2 warm-ups, sorted (for pct). */
export async function samples(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 2; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return xs.sort((a, b) => a - b);
}

/** The p-th percentile of sorted timings (nearest rank). */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The app on `db`, listening on 127.0.0.1 (captcha off, test mode), and an admin token. */
export async function serveAdmin(db: Db): Promise<{ app: FastifyInstance; base: string; token: string }> {
  const config = loadConfig({ ...process.env, TMS_CAPTCHA: 'off', NODE_ENV: 'test', LOG_LEVEL: 'warn' });
  const app = await buildApp({ db, config, logger: false });
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return { app, base, token };
}

/** The demo's three clients (C001–C003), each with its first two stations and its first effective item, by code or by id. */
export async function demoRefs(db: Db, by: 'code' | 'id'): Promise<{ client: string; src: string; dst: string; item: string }[]> {
  const r = await db.query<{ client: string; src: string; dst: string; item: string }>(`
    select c.${by} as client,
           (select s.${by} from base_station s where s.client_id = c.id order by s.id limit 1) as src,
           (select s.${by} from base_station s where s.client_id = c.id order by s.id offset 1 limit 1) as dst,
           (select i.${by} from base_item i where i.client_id = c.id and i.effective order by i.id limit 1) as item
      from base_client c where c.code in ('C001', 'C002', 'C003') order by c.code`);
  return r.rows;
}

/** The PostgreSQL server the database benches create their database on. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs fn on a connection to the server's maintenance database (create / drop the bench's own). */
export async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A new database `name` on the bench's server (dropped first if left over), migrated and seeded: its URL and the app's pool. */
export async function freshBenchDb(name: string): Promise<{ url: string; appDb: Db }> {
  await admin(async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const u = new URL(ADMIN_URL);
  u.pathname = '/' + name;
  const { openPg } = await import('../apps/server/src/platform/db.ts');
  const { migrate } = await import('../apps/server/src/platform/migrate.ts');
  const { seed } = await import('../apps/server/src/modules/system/seed.ts');
  const appDb = await openPg(u.toString());
  await migrate(appDb);
  await seed(appDb);
  return { url: u.toString(), appDb };
}

/**
 * The end of a database bench: its database dropped (kept with BENCH_KEEP=1, to EXPLAIN its queries), then the server's
 * version, the time and the load, and the figures as the Markdown table bench/README.md takes.
 */
export async function closeBench(dbName: string, results: [string, string, string][], context = ''): Promise<void> {
  const version = await admin(async (c) => {
    const v = (await c.query('show server_version')).rows[0].server_version as string;
    if (process.env.BENCH_KEEP !== '1') await c.query(`drop database if exists ${dbName} with (force)`);
    return v;
  });
  console.log(`\nPostgreSQL ${version}; ${new Date().toISOString()}; ${context}load average ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}\n`);
  console.log('| figure | measured | target |\n| --- | --- | --- |');
  for (const [a, b, c] of results) console.log(`| ${a} | ${b} | ${c} |`);
}
