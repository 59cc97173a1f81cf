/**
 * JT/T 808 ingestion: N terminals over TCP, each reporting every INTERVAL seconds. Run:
 * `npx tsx bench/jt808.ts` (needs a PostgreSQL server: BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; BENCH_DEVICES, default 1000; BENCH_INTERVAL, default 10;
 * BENCH_SECONDS, default 60). Prints a Markdown table for bench/README.md.
 *
 * A server process on a fresh database (migrations + demo seed) with TMS_JT808_PORT, N vehicles with terminal
 * numbers written straight into the database, then every terminal registers, authenticates and reports.
 * Measures the time from a report sent to its acknowledgement (the platform acknowledges once the row is
 * committed), positions acknowledged vs rows stored (lost), and the server's memory per connection.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Jt808Terminal } from '../apps/server/src/modules/fleet/client.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL ?? 10) * 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PORT = 8142;
const JT_PORT = 8143;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(url: string): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TMS_CAPTCHA: 'off', TMS_JT808_PORT: String(JT_PORT), TMS_JT808_MAX_PER_ADDRESS: String(DEVICES + 10) },
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
    await sleep(200);
  }
}

async function main(): Promise<void> {
  const name = `tms_bench808_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  let server: ChildProcess | null = null;
  const db = new pg.Client({ connectionString: u.toString() });
  try {
    server = await startServer(u.toString());
    await db.connect();
    const number = (i: number) => `1390000${String(i).padStart(4, '0')}`;
    await db.query(
      `insert into base_transport_means(carrier_id, code, plate_number, terminal_number, effective)
       select (select min(id) from base_carrier), 'B808-' || i, '京B' || lpad(i::text, 5, '0'), '1390000' || lpad(i::text, 4, '0'), true from generate_series(1, $1) i`,
      [DEVICES],
    );
    const before = rssKb(server.pid!);
    const terminals: Jt808Terminal[] = [];
    for (let i = 1; i <= DEVICES; i++) {
      const t = new Jt808Terminal({ host: '127.0.0.1', port: JT_PORT, phone: number(i), version: i % 2 ? 2019 : 2013, timeoutMs: 30_000 });
      await t.connect();
      terminals.push(t);
      if (i % 100 === 0) await Promise.all(terminals.slice(i - 100, i).map((x) => x.signIn()));
    }
    await Promise.all(terminals.slice(DEVICES - (DEVICES % 100)).map((x) => x.signIn()));
    await sleep(2000);
    const perConnKb = (rssKb(server.pid!) - before) / DEVICES;

    const latencies: number[] = [];
    let acked = 0;
    let refused = 0;
    const until = Date.now() + SECONDS * 1000;
    const t0 = Date.now();
    await Promise.all(
      terminals.map(async (t, i) => {
        await sleep((i / DEVICES) * INTERVAL_MS); // spread evenly over the interval
        while (Date.now() < until) {
          const sent = performance.now();
          const r = await t.report({ lat: 31.2 + (i % 100) * 0.001, lng: 121.4 + Math.floor(i / 100) * 0.001, speed: 50, direction: 90, at: new Date() });
          latencies.push(performance.now() - sent);
          if (r === 0) acked++;
          else refused++;
          await sleep(Math.max(0, INTERVAL_MS - (performance.now() - sent)));
        }
      }),
    );
    const elapsed = (Date.now() - t0) / 1000;
    const stored = Number((await db.query(`select count(*)::int as n from tms_position where source = 'JT808'`)).rows[0].n);
    for (const t of terminals) void t.close();
    console.log(`| terminals | interval | seconds | positions/s | acknowledged | stored | lost | p50 ack ms | p99 ack ms | server KB / connection |`);
    console.log(`|---|---|---|---|---|---|---|---|---|---|`);
    console.log(
      `| ${DEVICES} | ${INTERVAL_MS / 1000} s | ${elapsed.toFixed(0)} | ${(acked / elapsed).toFixed(0)} | ${acked} | ${stored} | ${acked - Math.min(acked, stored)}${refused ? ` (${refused} refused)` : ''} | ${pct(latencies, 50).toFixed(1)} | ${pct(latencies, 99).toFixed(1)} | ${perConnKb.toFixed(1)} |`,
    );
  } finally {
    await db.end().catch(() => undefined);
    server?.kill('SIGTERM');
    await sleep(2000);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
