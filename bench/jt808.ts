/**
 * JT/T 808 ingestion at fleet scale. Run: `npx tsx bench/jt808.ts` (needs a PostgreSQL server: BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres). Prints a Markdown table for bench/README.md.
 *
 * A server process on a fresh database (migrations + base seed) with TMS_JT808_PORT; N vehicles with terminal
 * numbers written straight into the database, each with a dispatch order of the first center (BENCH_ON_ORDER of
 * them in progress, SHIPPED: their positions join the order's trajectory and run its geofences and ETA; the others
 * COMPLETED), so the admin's fleet monitor sees every one. Then N terminals over TCP (half 2013, half 2019 headers)
 * register and authenticate, and report on a schedule, without waiting for the previous answer (as a terminal
 * with a send window does), spread evenly over the interval:
 *   warm-up (BENCH_WARMUP s) and steady (BENCH_STEADY s) every BENCH_INTERVAL s (10 000 terminals / 10 s = 1 000/s),
 *   burst (BENCH_BURST s) every BENCH_BURST_INTERVAL s (2 s = 5 000/s), after (BENCH_AFTER s) every BENCH_INTERVAL s.
 *
 * Measured, per phase:
 * - frame received → row committed, on the server: its 'jt808: ingestion' log lines (TMS_JT808_STATS_SECONDS=1)
 *   carry the histogram of that time per position (fleet/latency.ts), merged here per phase;
 * - report sent → answer received, on the terminals (the platform answers once the row is committed);
 * - to the monitor: a 'fleet' event stream of the admin (?types=fleet, read in a worker thread) — for each row, the
 *   time from the report's sending (its sequence number is in the longitude's last digits) to the event's arrival;
 * - lost: reports acknowledged whose row is not in tms_position (counted at the end), and reports never answered;
 * - server memory per connection: RSS growth after connecting and authenticating N terminals / N;
 * - the CPU of the server, of the database backends serving it and of this process (terminals, stream), in % of one
 *   core, and the load average during the phase (the machine is shared).
 * BENCH_STATS_FILE=path keeps the server's stats lines (one a second: positions, batches, p50 / p99 / max) and the
 * messages of its other log lines, with their time from the start of the schedule; BENCH_SERVER_PROF=dir its CPU profile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { createInterface } from 'node:readline';
import os from 'node:os';
import pg from 'pg';
import { Jt808Terminal } from '../apps/server/src/modules/fleet/client.ts';
import { LatencyHistogram } from '../apps/server/src/modules/fleet/latency.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const env = (k: string, d: number) => Number(process.env[k] ?? d);
const DEVICES = env('BENCH_DEVICES', 10_000);
const INTERVAL_MS = env('BENCH_INTERVAL', 10) * 1000;
const BURST_INTERVAL_MS = env('BENCH_BURST_INTERVAL', 2) * 1000;
const ON_ORDER = env('BENCH_ON_ORDER', 0.5);
const PHASES = [
  { name: 'warm-up', seconds: env('BENCH_WARMUP', 20), interval: INTERVAL_MS },
  { name: 'steady', seconds: env('BENCH_STEADY', 60), interval: INTERVAL_MS },
  { name: 'burst', seconds: env('BENCH_BURST', 60), interval: BURST_INTERVAL_MS },
  { name: 'after', seconds: env('BENCH_AFTER', 30), interval: INTERVAL_MS },
].filter((p) => p.seconds > 0);
const PORT = env('BENCH_PORT', 8142);
const JT_PORT = PORT + 1;

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]! : NaN);
const procStatus = (pid: number, key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
const rssKb = (pid: number) => procStatus(pid, 'VmRSS');
/** CPU seconds (user + system) of a process */
const cpuSeconds = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const number = (i: number) => `1390${String(i).padStart(7, '0')}`;
/** each terminal's own spot; the report's sequence number goes into the longitude's micro-degrees */
const spot = (i: number) => ({ lng: 120 + (i % 100) * 0.01, lat: 30 + Math.floor(i / 100) * 0.01 });
const MAX_SEQ = 500;

interface Phase {
  name: string;
  seconds: number;
  interval: number;
  start: number;
  end: number;
  sent: number;
  acked: number;
  refused: number;
  unanswered: number;
  ack: number[];
  monitor: number[];
  server: LatencyHistogram;
  serverLines: number;
  load: number[];
  cpu0: number;
  cpu1: number;
  /** CPU seconds of the database's backends serving the server (first and last seen in the phase, by pid) */
  pg: Map<number, [number, number]>;
  /** this process's CPU (the terminals and the monitor's stream) */
  self0: number;
  self1: number;
  rssMax: number;
}

/** The admin's 'fleet' stream, read in a thread of its own so the terminals' work does not delay its clock. */
const MONITOR_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const res = await fetch(workerData.url);
  if (!res.ok) throw new Error('stream ' + res.status);
  parentPort.postMessage({ ready: true });
  const dec = new TextDecoder();
  let buf = '';
  for await (const chunk of res.body) {
    buf += dec.decode(chunk, { stream: true });
    let end;
    while ((end = buf.indexOf('\\n\\n')) >= 0) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      if (!block.startsWith('event: fleet')) continue;
      const at = Date.now();
      const data = JSON.parse(block.slice(block.indexOf('data: ') + 6));
      parentPort.postMessage({ at, rows: data.rows.map((r) => [r[0], r[1]]) });
    }
  }
})().catch((e) => parentPort.postMessage({ error: String(e) }));
`;

async function startServer(url: string): Promise<{ proc: ChildProcess; lines: (fn: (o: Record<string, unknown>) => void) => void }> {
  // BENCH_SERVER_PROF=dir: the server's CPU profile (node --cpu-prof), written when it stops
  const prof = process.env.BENCH_SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`] : [];
  const proc = spawn(process.execPath, [...prof, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      TMS_CAPTCHA: 'off',
      TMS_DEMO: 'off',
      TMS_JT808_PORT: String(JT_PORT),
      TMS_JT808_MAX_PER_ADDRESS: String(DEVICES + 10),
      TMS_JT808_STATS_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const listeners: ((o: Record<string, unknown>) => void)[] = [];
  createInterface({ input: proc.stdout! }).on('line', (line) => {
    let o: Record<string, unknown>;
    try {
      o = JSON.parse(line);
    } catch {
      return;
    }
    if (Number(o.level) >= 50) console.error('server:', line.slice(0, 500));
    for (const fn of listeners) fn(o);
  });
  const t0 = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return { proc, lines: (fn) => listeners.push(fn) };
    } catch {
      /* not listening yet */
    }
    if (Date.now() - t0 > 300_000) throw new Error('server did not start');
    await sleep(300);
  }
}

async function main(): Promise<void> {
  const limit = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 0);
  if (limit < DEVICES + 500) throw new Error(`open files limit ${limit}: raise it (ulimit -n ${DEVICES + 1000}) for ${DEVICES} terminals`);
  const name = `tms_bench808_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  let server: ChildProcess | null = null;
  let worker: Worker | null = null;
  const db = new pg.Client({ connectionString: u.toString() });
  const loadAt: string[] = [];
  try {
    const started = await startServer(u.toString());
    server = started.proc;
    const pid = server.pid!;
    await db.connect();
    await db.query(
      `insert into base_transport_means(carrier_id, code, plate_number, terminal_number, terminal_protocol, effective)
       select (select min(id) from base_carrier), 'B808-' || i, '京B' || lpad(i::text, 5, '0'), '1390' || lpad(i::text, 7, '0'), case when i % 2 = 1 then '2019' else '2013' end, true
         from generate_series(1, $1) i`,
      [DEVICES],
    );
    // a dispatch order per vehicle: in progress for the first BENCH_ON_ORDER of them, finished for the others
    await db.query(
      `insert into tms_shipment(dispatch_center_id, shipment_code, status, carrier_id, vehicle_id_main, etd, create_by)
       select (select min(id) from sys_dispatch_center), 'B808-S' || v.code, case when row_number() over (order by v.id) <= $1 then 'SHIPPED' else 'COMPLETED' end,
              v.carrier_id, v.id, now() - interval '1 hour', 'bench'
         from base_transport_means v where v.code like 'B808-%'`,
      [Math.round(DEVICES * ON_ORDER)],
    );
    const vehicles = (await db.query<{ id: string; code: string }>(`select id, code from base_transport_means where code like 'B808-%'`)).rows;
    const indexOf = new Map(vehicles.map((v) => [Number(v.id), Number(v.code.slice(5))]));

    // the monitor's subscriber: the admin's 'fleet' stream
    const base = `http://127.0.0.1:${PORT}`;
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const ticket = await fetch(`${base}/api/realtime/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    const streamTicket = ((await ticket.json()) as { data: { ticket: string } }).data.ticket;
    worker = new Worker(MONITOR_WORKER, { eval: true, workerData: { url: `${base}/api/realtime/stream?ticket=${encodeURIComponent(streamTicket)}&types=fleet` } });
    const sentAt: Float64Array[] = Array.from({ length: DEVICES + 1 }, () => new Float64Array(MAX_SEQ).fill(NaN));
    const sentPhase: Int8Array[] = Array.from({ length: DEVICES + 1 }, () => new Int8Array(MAX_SEQ).fill(-1));
    const phases: Phase[] = [];
    let fleetRows = 0;
    let unknownRows = 0;
    await new Promise<void>((resolve, reject) => {
      worker!.on('message', (m: { ready?: boolean; error?: string; at?: number; rows?: [number, number][] }) => {
        if (m.ready) return resolve();
        if (m.error) return reject(new Error(m.error));
        for (const [vid, lng] of m.rows!) {
          fleetRows++;
          const i = indexOf.get(vid);
          if (i === undefined) continue;
          const seq = Math.round((lng - spot(i).lng) * 1e6);
          const at = sentAt[i]![seq];
          const ph = sentPhase[i]![seq]!;
          if (at === undefined || Number.isNaN(at) || ph < 0) {
            unknownRows++;
            continue;
          }
          phases[ph]!.monitor.push(m.at! - at);
        }
      });
      worker!.on('error', reject);
    });

    // memory per connection: RSS before and after every terminal connected and authenticated
    await sleep(2000);
    const rss0 = rssKb(pid);
    const terminals: Jt808Terminal[] = new Array(DEVICES + 1);
    const c0 = Date.now();
    const CHUNK = 200;
    for (let from = 1; from <= DEVICES; from += CHUNK) {
      await Promise.all(
        Array.from({ length: Math.min(CHUNK, DEVICES - from + 1) }, async (_, k) => {
          const i = from + k;
          const term = new Jt808Terminal({ host: '127.0.0.1', port: JT_PORT, phone: number(i), version: i % 2 ? 2019 : 2013, timeoutMs: 60_000 });
          await term.connect();
          await term.signIn();
          terminals[i] = term;
        }),
      );
    }
    const connectSeconds = (Date.now() - c0) / 1000;
    await sleep(3000);
    const rss1 = rssKb(pid);
    const perConnKb = (rss1 - rss0) / DEVICES;
    console.error(`${DEVICES} terminals connected and authenticated in ${connectSeconds.toFixed(1)} s; server RSS ${(rss0 / 1024).toFixed(0)} → ${(rss1 / 1024).toFixed(0)} MB`);

    // the schedule
    const T0 = Date.now() + 2000;
    let t = T0;
    for (const p of PHASES) {
      phases.push({ ...p, start: t, end: t + p.seconds * 1000, sent: 0, acked: 0, refused: 0, unanswered: 0, ack: [], monitor: [], server: new LatencyHistogram(), serverLines: 0, load: [], cpu0: NaN, cpu1: NaN, pg: new Map(), self0: NaN, self1: NaN, rssMax: 0 });
      t += p.seconds * 1000;
    }
    const T1 = t;
    const phaseAt = (at: number) => phases.findIndex((p) => at >= p.start && at < p.end);
    const statsFile = process.env.BENCH_STATS_FILE;
    started.lines((o) => {
      if (statsFile && o.msg !== 'jt808: ingestion') appendFileSync(statsFile, JSON.stringify({ at: Date.now() - T0, msg: o.msg, ...(o.job ? { job: o.job } : {}) }) + '\n');
      if (o.msg !== 'jt808: ingestion') return;
      if (statsFile) appendFileSync(statsFile, JSON.stringify({ at: Date.now() - T0, connections: o.connections, positions: o.positions, batches: o.batches, p50: o.p50, p99: o.p99, max: o.max }) + '\n');
      const ph = phases[phaseAt(Date.now() - 500)];
      if (!ph) return;
      ph.server.merge(o.buckets as [number, number][], Number(o.max));
      ph.serverLines++;
    });
    const sampler = setInterval(() => {
      const ph = phases[phaseAt(Date.now())];
      if (!ph) return;
      ph.load.push(os.loadavg()[0]!);
      ph.rssMax = Math.max(ph.rssMax, rssKb(pid));
      if (Number.isNaN(ph.cpu0)) ph.cpu0 = cpuSeconds(pid);
      ph.cpu1 = cpuSeconds(pid);
      const self = (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
      if (Number.isNaN(ph.self0)) ph.self0 = self;
      ph.self1 = self;
      for (const b of backends) {
        try {
          const c = cpuSeconds(b);
          const seen = ph.pg.get(b);
          ph.pg.set(b, [seen?.[0] ?? c, c]);
        } catch {
          /* gone */
        }
      }
    }, 1000);
    // the database's backends serving the server, looked up again every few seconds (the pool may open more)
    let backends: number[] = [];
    const lookup = async () => {
      backends = (await admin.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name])).rows.map((r) => r.pid);
    };
    await lookup();
    const looking = setInterval(() => void lookup().catch(() => undefined), 5000);
    const pending = new Set<Promise<void>>();
    const loops = terminals.map(async (term, i) => {
      if (!term) return;
      let next = T0 + (i / DEVICES) * INTERVAL_MS;
      let seq = 0;
      for (;;) {
        const pi = phaseAt(next);
        if (pi < 0) return;
        const wait = next - Date.now();
        if (wait > 0) await sleep(wait);
        const ph = phases[pi]!;
        const s = seq++ % MAX_SEQ;
        const at = Date.now();
        sentAt[i]![s] = at;
        sentPhase[i]![s] = pi;
        ph.sent++;
        const p0 = performance.now();
        const where = spot(i);
        const done = term
          .report({ lng: where.lng + s * 1e-6, lat: where.lat, speed: 40 + (i % 40), direction: (i * 7) % 360, at: new Date(at), mileage: 1000 + seq })
          .then(
            (r) => {
              if (r === 0) {
                ph.acked++;
                ph.ack.push(performance.now() - p0);
              } else ph.refused++;
            },
            () => void ph.unanswered++,
          )
          .finally(() => pending.delete(done));
        pending.add(done);
        next += ph.interval;
        // into the next phase: its cadence, spread evenly again
        if (next >= ph.end && phases[pi + 1]) next = Math.max(next - ph.interval, phases[pi + 1]!.start) + ((i / DEVICES) * phases[pi + 1]!.interval) % phases[pi + 1]!.interval;
        if (next < at) next = at; // late: no catch-up flood
      }
    });
    await Promise.all(loops);
    await Promise.all([...pending]);
    await sleep(2500); // the last 'fleet' batch and stats line
    clearInterval(sampler);
    clearInterval(looking);
    const stored = Number((await db.query(`select count(*)::int as n from tms_position where source = 'JT808'`)).rows[0].n);
    const elapsed = (T1 - T0) / 1000;
    const rssEnd = rssKb(pid);
    for (const term of terminals) void term?.close();

    const sent = phases.reduce((a, p) => a + p.sent, 0);
    const acked = phases.reduce((a, p) => a + p.acked, 0);
    const refused = phases.reduce((a, p) => a + p.refused, 0);
    const unanswered = phases.reduce((a, p) => a + p.unanswered, 0);
    const f = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '-');
    const loadOf = (p: Phase) => (p.load.length ? `${Math.min(...p.load).toFixed(1)}–${Math.max(...p.load).toFixed(1)}` : '-');
    loadAt.push(os.loadavg().map((x) => x.toFixed(1)).join(' / '));
    console.log(`\n${DEVICES} terminals (${Math.round(DEVICES * ON_ORDER)} on a dispatch order in progress), ${new Date().toISOString()}, PostgreSQL ${(await db.query('show server_version')).rows[0].server_version}, load average at the end ${loadAt[0]}\n`);
    console.log('| phase | seconds | positions/s sent | answered | p50 / p99 / max frame received → row committed (server) | p50 / p99 report sent → answer (terminal) | p50 / p99 / max report sent → monitor event | CPU: server / database / terminals | server RSS max | load average (1 min) |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    const share = (seconds: number, p: Phase) => `${((seconds / p.seconds) * 100).toFixed(0)} %`;
    const pgSeconds = (p: Phase) => [...p.pg.values()].reduce((a, [x, y]) => a + y - x, 0);
    for (const p of phases) {
      const secs = p.seconds;
      console.log(
        `| ${p.name} | ${secs} | ${(p.sent / secs).toFixed(0)} | ${p.acked}${p.refused ? ` (+${p.refused} refused)` : ''}${p.unanswered ? ` (+${p.unanswered} unanswered)` : ''} | ${f(p.server.percentile(50))} / ${f(p.server.percentile(99))} / ${f(p.server.max)} ms | ${f(pct(p.ack, 50))} / ${f(pct(p.ack, 99))} ms | ${f(pct(p.monitor, 50))} / ${f(pct(p.monitor, 99))} / ${f(p.monitor.reduce((a, b) => Math.max(a, b), -Infinity))} ms (${p.monitor.length} rows) | ${share(p.cpu1 - p.cpu0, p)} / ${share(pgSeconds(p), p)} / ${share(p.self1 - p.self0, p)} | ${(p.rssMax / 1024).toFixed(0)} MB | ${loadOf(p)} |`,
      );
    }
    console.log(`\n| figure | measured | target |\n| --- | --- | --- |`);
    console.log(`| Terminals connected and authenticated | ${DEVICES} in ${connectSeconds.toFixed(1)} s | 10,000 |`);
    console.log(`| Reports sent / answered OK / stored in tms_position (${elapsed.toFixed(0)} s) | ${sent} / ${acked} / ${stored} | |`);
    console.log(`| Lost (answered OK, not stored) | ${Math.max(0, acked - stored)} | 0 |`);
    console.log(`| Refused / never answered (a terminal sends those again) | ${refused} / ${unanswered} | 0 |`);
    console.log(`| Server memory per connection (RSS ${(rss0 / 1024).toFixed(0)} → ${(rss1 / 1024).toFixed(0)} MB for ${DEVICES} connections; ${(rssEnd / 1024).toFixed(0)} MB at the end) | ${perConnKb.toFixed(1)} KB | ≤ 20 KB |`);
    console.log(`| Monitor rows received / not matched to a report | ${fleetRows} / ${unknownRows} | |`);
  } finally {
    await worker?.terminate();
    await db.end().catch(() => undefined);
    server?.kill('SIGTERM');
    await sleep(3000);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
