/**
 * A server under many callers (issue 20): `npm run bench:crowd`.
 *
 * Two figures, each measured on the server code of this tree and, with BENCH_BEFORE_ROOT=<another checkout, built>,
 * on that one too, in the same run (before, after, before, after… as BENCH_ROUNDS says), so their ratio is honest on a
 * shared machine:
 *
 * - `throughput` (PostgreSQL, BENCH_DATABASE_URL): the order list page (20 rows with the weight / pieces / volume totals
 *   of the filtered set) of the demo operation (~3,200 orders), requested by 50 keep-alive connections (BENCH_CONNECTIONS)
 *   without pause for BENCH_SECONDS (default 20, after 3 s of warm-up): requests/s, p50, p99.
 * - `crowd` (the embedded default, PGlite, no DATABASE_URL): 50 users (BENCH_USERS) each signed in with a session of
 *   their own, each sending its next request when the previous one answered (no pause: the worst a crowd does), 174
 *   requests each (~8,700 in all, BENCH_REQUESTS_PER_USER) interleaved: the order list (page 1–5, sometimes filtered by
 *   status), an order opened, the dispatch-order lists (pages 1, 2) and the waybill list, a dispatch order opened, the header
 *   bell, the user's info. A request not answered in 30 s counts as a time-out. p50, p95, p99, time-outs, requests/s.
 *
 * Each server runs in a process of its own (`node --import tsx <root>/apps/server/src/main.ts`), with the demo
 * operation, on its own database (dropped after) or data folder (removed after). BENCH_ONLY=throughput|crowd runs one.
 * Prints the Markdown table bench/README.md takes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const HERE = resolve(new URL('..', import.meta.url).pathname);
const BEFORE = process.env.BENCH_BEFORE_ROOT ? resolve(process.env.BENCH_BEFORE_ROOT) : null;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_ONLY ?? '';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const PER_USER = Number(process.env.BENCH_REQUESTS_PER_USER ?? 174);
const TIMEOUT_MS = 30_000;
let port = Number(process.env.BENCH_PORT ?? 19250);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(x < 10 ? 1 : 0)} ms`);
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' / ');
const log = (...a: unknown[]) => console.error(`[crowd ${new Date().toISOString().slice(11, 19)}]`, ...a);

interface Server {
  base: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(root: string, env: Record<string, string>): Promise<Server> {
  const p = port++;
  // BENCH_PROFILE_DIR: each server writes a CPU profile there (node --cpu-prof) when it stops
  const prof = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];
  const proc = spawn(process.execPath, [...prof, '--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(p), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TMS_CAPTCHA: 'off', TMS_AUTH_RATE_PER_MINUTE: '100000', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${p}`;
  const t0 = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server of ${root} exited ${proc.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - t0 > 300_000) throw new Error('server did not start');
    await sleep(200);
  }
  return {
    base,
    proc,
    stop: async () => {
      if (proc.exitCode !== null) return;
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    },
  };
}

async function login(base: string, username: string, password: string): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const j = (await r.json()) as { data?: { token: string }; msg?: string };
  if (!j.data) throw new Error(`login ${username}: ${r.status} ${j.msg}`);
  return j.data.token;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
/** one GET: its status and time (0 status = time-out or connection error) */
function get(base: string, path: string, token: string, keepBody = true): Promise<{ status: number; ms: number; body: string }> {
  const t0 = performance.now();
  return new Promise((res) => {
    const req = http.get(`${base}${path}`, { agent, headers: { authorization: `Bearer ${token}` }, timeout: TIMEOUT_MS }, (r) => {
      const parts: Buffer[] = [];
      // keepBody false: the answer read to its end and dropped (the throughput's load generator decodes nothing)
      r.on('data', (c: Buffer) => keepBody && parts.push(c));
      r.on('end', () => res({ status: r.statusCode ?? 0, ms: performance.now() - t0, body: keepBody ? Buffer.concat(parts).toString('utf8') : '' }));
      r.on('error', () => res({ status: 0, ms: performance.now() - t0, body: '' }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => res({ status: 0, ms: performance.now() - t0, body: '' }));
  });
}

/** CPU seconds (user + system) a process has used so far (Linux /proc; 0 once it is gone) */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (CLK_TCK 100)
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------- throughput (PostgreSQL)
/**
 * Besides the rate, the CPU time each list request costs, in the server process and in its PostgreSQL backends (read
 * from /proc over the measured seconds): a figure that other work on the machine moves far less than the rate and the
 * latencies (3.3 ms at load 13, 2.1 ms calm, against 145 and 698 requests/s), and what the rate one server can reach on
 * idle cores follows from (cores ÷ CPU per request).
 */
async function throughput(root: string): Promise<{ rps: number; p50: number; p99: number; errors: number; n: number; serverCpuMs: number; dbCpuMs: number; genCpuMs: number }> {
  // BENCH_DB_PREFIX: the scratch database's name prefix (each helper session names its own)
  const name = `${process.env.BENCH_DB_PREFIX ?? 'h2'}_crowd_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  let server: Server | null = null;
  const dir = mkdtempSync(join(tmpdir(), 'h2-crowd-'));
  try {
    server = await startServer(root, { DATABASE_URL: u.toString(), TMS_DATA_DIR: dir });
    const token = await login(server.base, 'admin', 'admin123');
    const path = '/api/order/order/list?pageNum=1&pageSize=20';
    const first = await get(server.base, path, token);
    if (first.status !== 200) throw new Error(`list: ${first.status} ${first.body.slice(0, 200)}`);
    const run = async (seconds: number) => {
      const lat: number[] = [];
      let errors = 0;
      const end = performance.now() + seconds * 1000;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (performance.now() < end) {
            const r = await get(server!.base, path, token, false);
            if (r.status === 200) lat.push(r.ms);
            else errors++;
          }
        }),
      );
      return { lat, errors, s: (performance.now() - t0) / 1000 };
    };
    await run(3);
    // the server's backends, connected by the warm-up (the pool keeps them while requests keep coming)
    const backends = (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])).rows.map((r) => r.pid);
    // and this process's, the load generator's (on the same 2 cores: the rate's third share)
    const cpu = () => ({ server: cpuSeconds(server!.proc.pid!), db: backends.reduce((a, b) => a + cpuSeconds(b), 0), gen: cpuSeconds(process.pid) });
    const c0 = cpu();
    const { lat, errors, s } = await run(SECONDS);
    const c1 = cpu();
    const per = (x: number) => (x * 1000) / Math.max(1, lat.length + errors);
    return { rps: lat.length / s, p50: pct(lat, 50), p99: pct(lat, 99), errors, n: lat.length, serverCpuMs: per(c1.server - c0.server), dbCpuMs: per(c1.db - c0.db), genCpuMs: per(c1.gen - c0.gen) };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// ---------------------------------------------------------------- the crowd (embedded PGlite)
async function crowd(root: string): Promise<{ p50: number; p95: number; p99: number; timeouts: number; errors: number; n: number; rps: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'h2-crowd-'));
  let server: Server | null = null;
  try {
    server = await startServer(root, { TMS_DATA_DIR: dir, DATABASE_URL: '' });
    const base = server.base;
    const adminToken = await login(base, 'admin', 'admin123');
    const ids = async (path: string) => (JSON.parse((await get(base, path, adminToken)).body) as { rows: { id: number }[] }).rows.map((r) => r.id);
    const orders = await ids('/api/order/order/list?pageNum=1&pageSize=100');
    const shipments = await ids('/api/shipment/shipment/list?pageNum=1&pageSize=100');
    if (!orders.length || !shipments.length) throw new Error('no demo data');
    // 50 people, each with a session of their own (admin: every center; dispatcher: two)
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) tokens.push(i % 2 ? await login(base, 'dispatcher', 'dispatcher123') : await login(base, 'admin', 'admin123'));
    const pick = <T>(xs: T[], i: number) => xs[i % xs.length]!;
    const kinds = [
      (i: number) => `/api/order/order/list?pageNum=${1 + (i % 5)}&pageSize=20`,
      (i: number) => `/api/order/order/get/${pick(orders, i * 7)}`,
      () => `/api/shipment/shipment/list?pageNum=1&pageSize=20`,
      (i: number) => `/api/order/order/list?pageNum=1&pageSize=20&status=${pick(['NEW', 'REVIEWED', 'DISPATCHED'], i)}`,
      (i: number) => `/api/shipment/shipment/get/${pick(shipments, i * 3)}`,
      () => `/api/waybill/waybill/list?pageNum=1&pageSize=20`,
      () => `/api/shipment/shipment/list?pageNum=2&pageSize=20`,
      () => `/api/shipment/shipmentAlert/getAlert`,
      () => `/api/system/user/info`,
    ];
    const lat: number[] = [];
    const byKind = new Map<string, number[]>();
    let timeouts = 0;
    let errors = 0;
    const bad = new Map<string, number>();
    const t0 = performance.now();
    await Promise.all(
      tokens.map(async (token, u) => {
        for (let k = 0; k < PER_USER; k++) {
          const i = u * 31 + k;
          const path = kinds[i % kinds.length]!(i);
          const r = await get(base, path, token);
          const kind = path.split('?')[0]!.replace(/\d+$/, ':id') + (path.includes('status=') ? '?status' : '');
          if (r.status === 200) {
            lat.push(r.ms);
            byKind.set(kind, [...(byKind.get(kind) ?? []), r.ms]);
          } else if (r.status === 0 && r.ms >= TIMEOUT_MS - 50) timeouts++;
          else {
            errors++;
            const key = `${r.status} ${path.split('?')[0]!.replace(/\d+$/, ':id')}`;
            bad.set(key, (bad.get(key) ?? 0) + 1);
          }
        }
      }),
    );
    const s = (performance.now() - t0) / 1000;
    if (bad.size) log('errors', Object.fromEntries(bad));
    for (const [k, xs] of byKind) log(`  ${k}: ${xs.length}, p50 ${ms(pct(xs, 50))}, p95 ${ms(pct(xs, 95))}`);
    return { p50: pct(lat, 50), p95: pct(lat, 95), p99: pct(lat, 99), timeouts, errors, n: lat.length + timeouts + errors, rps: (lat.length + errors) / s };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const roots: [string, string][] = BEFORE ? [['before', BEFORE], ['after', HERE]] : [['this tree', HERE]];
const rows: string[] = [];
log(`load average ${load()}`);
for (let round = 0; round < ROUNDS; round++) {
  if (ONLY !== 'crowd')
    for (const [label, root] of roots) {
      log(`throughput, ${label} (${root})…`);
      const r = await throughput(root);
      const cap = (os.cpus().length * 1000) / (r.serverCpuMs + r.dbCpuMs);
      rows.push(
        `| order list, PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s — ${label} | ${r.rps.toFixed(0)} requests/s; p50 ${ms(r.p50)}, p99 ${ms(r.p99)}; ${r.errors} errors; ` +
          `CPU per request: server ${r.serverCpuMs.toFixed(2)} ms + PostgreSQL ${r.dbCpuMs.toFixed(2)} ms (${os.cpus().length} idle cores: ≤ ${cap.toFixed(0)} requests/s), load generator ${r.genCpuMs.toFixed(2)} ms | load ${load()} |`,
      );
      log(rows.at(-1));
    }
  if (ONLY !== 'throughput')
    for (const [label, root] of roots) {
      log(`crowd, ${label} (${root})…`);
      const r = await crowd(root);
      rows.push(`| embedded PGlite, ${USERS} users × ${PER_USER} requests — ${label} | p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}; ${r.timeouts} time-outs, ${r.errors} errors of ${r.n}; ${r.rps.toFixed(0)} requests/s | load ${load()} |`);
      log(rows.at(-1));
    }
}
agent.destroy();
console.log(`\n${new Date().toISOString()}; ${os.cpus().length} cores\n`);
console.log('| figure | measured | machine |\n| --- | --- | --- |');
for (const r of rows) console.log(r);
