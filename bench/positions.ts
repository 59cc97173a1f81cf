/**
 * Position ingestion throughput (driver app, POST /api/driver/positions). Run:
 * `npx tsx bench/positions.ts` (needs a PostgreSQL server: BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres). Prints a Markdown table for bench/README.md.
 *
 * A server process on a fresh database (migrations + demo seed), one SHIPPED dispatch order per demo
 * driver, then every driver posts batches of BATCH points back to back (CONCURRENCY requests in
 * flight in all) for SECONDS seconds. Counts what the server acknowledged and what landed in
 * tms_position; reports points/s and the batch latency.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const ROOT = new URL('..', import.meta.url).pathname;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PORT = 8141;
const DRIVERS = ['zhangwei', 'liqiang', 'wangfang', 'zhaolei'];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TMS_CAPTCHA: 'off', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const t0 = Date.now();
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return proc;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - t0 > 180_000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function post(path: string, body: unknown, token?: string): Promise<{ status: number; json: { data?: { token?: string; count?: number } } }> {
  const r = await fetch(`http://127.0.0.1:${PORT}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as { data?: { token?: string; count?: number } } };
}

/** One SHIPPED dispatch order per demo driver, straight in the database. */
async function shipments(db: pg.Client): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const login of DRIVERS) {
    const r = await db.query<{ id: number }>(
      `insert into tms_shipment(dispatch_center_id, shipment_code, status, carrier_id, vehicle_id_main, driver_id_master, etd, eta, atd, create_by)
       select (select id from sys_dispatch_center order by id limit 1), 'BENCH-' || d.login_name, 'SHIPPED', v.carrier_id, v.id, d.id, now(), now() + interval '4 hour', now(), 'bench'
         from base_driver d join base_transport_means v on v.driver_id = d.id where d.login_name = $1 limit 1 returning id`,
      [login],
    );
    out.set(login, Number(r.rows[0]!.id));
  }
  return out;
}

function batch(shipmentId: number, seq: number): object[] {
  const t0 = Date.now() - BATCH * 1000;
  return Array.from({ length: BATCH }, (_, i) => ({
    shipmentId,
    lng: 121.1669 + ((seq * BATCH + i) % 5000) * 0.0001,
    lat: 31.2958 + Math.sin(i / 50) * 0.01,
    speed: 60 + (i % 20),
    direction: (i * 7) % 360,
    time: new Date(t0 + i * 1000).toISOString(),
  }));
}

async function main() {
  const name = `tms_bench_pos_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const u = new URL(ADMIN_URL);
  u.pathname = '/' + name;
  const dir = mkdtempSync(join(tmpdir(), 'tms-bench-pos-'));
  let server: ChildProcess | null = null;
  const db = new pg.Client({ connectionString: u.toString() });
  try {
    server = await startServer({ DATABASE_URL: u.toString(), TMS_DATA_DIR: dir });
    await db.connect();
    const ids = await shipments(db);
    const tokens = new Map<string, string>();
    for (const login of DRIVERS) tokens.set(login, (await post('/api/driver/login', { loginName: login, password: 'driver123' })).json.data!.token!);

    // warm-up
    for (const login of DRIVERS) await post('/api/driver/positions', batch(ids.get(login)!, 0), tokens.get(login));
    const before = Number((await db.query(`select count(*) from tms_position`)).rows[0].count);

    const latencies: number[] = [];
    let acked = 0;
    let failed = 0;
    const end = Date.now() + SECONDS * 1000;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, w) => {
        const login = DRIVERS[w % DRIVERS.length]!;
        for (let seq = 1; Date.now() < end; seq++) {
          const body = batch(ids.get(login)!, seq);
          const t = performance.now();
          const r = await post('/api/driver/positions', body, tokens.get(login));
          latencies.push(performance.now() - t);
          if (r.status === 200) acked += r.json.data!.count!;
          else failed++;
        }
      }),
    );
    const secs = (performance.now() - start) / 1000;
    const stored = Number((await db.query(`select count(*) from tms_position`)).rows[0].count) - before;
    const rows: [string, string][] = [
      ['Points acknowledged / stored', `${acked} / ${stored} (${failed} failed batches)`],
      ['Sustained throughput', `**${Math.round(stored / secs)} points/s** over ${secs.toFixed(1)} s`],
      [`Batch of ${BATCH} points, latency p50 / p95`, `${pct(latencies, 50).toFixed(1)} / ${pct(latencies, 95).toFixed(1)} ms`],
    ];
    console.log(`\n${CONCURRENCY} requests in flight, batches of ${BATCH}, ${SECONDS} s, PostgreSQL server\n`);
    console.log('| figure | measured |\n| --- | --- |');
    for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    await db.end().catch(() => undefined);
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
