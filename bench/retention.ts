/**
 * Retention of positions: dropping a month while terminals write. Run: `npx tsx bench/retention.ts` (PostgreSQL at
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh database each run).
 *
 * The product in this process on a fresh database with its JT/T 808 server; BENCH_MONTHS old monthly partitions of
 * tms_position (two years back), each filled with BENCH_ROWS positions straight into the partition with
 * generate_series (10,000 vehicles, the month's reports spread over it; the partition's own indexes built as rows
 * go in, as in production). Then BENCH_TERMINALS terminals report through the ingestion path at BENCH_RATE
 * positions a second (each sending without waiting for the previous answer), and the retention job's function
 * (fleet/partitions.ts dropPartitions: detach + drop, one month per call here) drops the old months one by one.
 *
 * Measured: each drop's time; the terminals' answer times (report sent → answered once its row is committed) in the
 * second before each drop and during it; positions answered vs stored (lost).
 */
import os from 'node:os';
import { startServer, type TestServer } from '../apps/server/test/helpers.ts';
import { Jt808Terminal } from '../apps/server/src/modules/fleet/client.ts';
import { dropPartitions, listPartitions } from '../apps/server/src/modules/fleet/partitions.ts';

process.env.TEST_DATABASE_URL ||= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MONTHS = Number(process.env.BENCH_MONTHS ?? 3);
const ROWS = Number(process.env.BENCH_ROWS ?? 3_000_000);
const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const BACK = 24; // months back of the newest old month

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]! : NaN);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' / ');
const monthStart = (at: Date, plus: number) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + plus, 1));

async function main(): Promise<void> {
  const s: TestServer = await startServer({ env: { TMS_JT808_PORT: '0', TMS_JT808_FRAMES_PER_SECOND: '100', TMS_JT808_MAX_PER_ADDRESS: String(TERMINALS + 10) } });
  const results: [string, string, string][] = [];
  try {
    const now = s.clock.now();
    // the terminals' vehicles, and the 10,000 vehicles of the old months
    await s.db.query(
      `insert into base_transport_means(carrier_id, code, plate_number, terminal_number, effective)
       select (select min(id) from base_carrier), 'R808-' || i, '津R' || lpad(i::text, 5, '0'), case when i <= $1 then '1391' || lpad(i::text, 7, '0') end, true
         from generate_series(1, 10000) i`,
      [TERMINALS],
    );
    const v0 = Number((await s.db.query<{ id: string }>(`select min(id) as id from base_transport_means where code like 'R808-%'`)).rows[0]!.id);
    const old: { name: string; rows: number; bytes: number; seconds: number }[] = [];
    for (let k = MONTHS - 1; k >= 0; k--) {
      const from = monthStart(now, -BACK - k);
      const name = (await s.db.query<{ name: string | null }>(`select tms_position_partition($1) as name`, [from])).rows[0]!.name!;
      const t0 = performance.now();
      // a month of reports: vehicle g % 10,000, times spread evenly over the month
      await s.db.query(
        `insert into ${name}(id, vehicle_id, lng, lat, speed, direction, reported_at, received_at, source, mileage)
         select nextval(pg_get_serial_sequence('tms_position', 'id')), $1::bigint + g % 10000, 120 + (g % 997) * 0.001, 30 + (g % 991) * 0.001, (g % 90)::real, (g % 360)::real,
                $2::timestamptz + (g::float8 / $3) * ($4::timestamptz - $2::timestamptz), $2::timestamptz + (g::float8 / $3) * ($4::timestamptz - $2::timestamptz) + interval '2 second', 'JT808', g * 0.01
           from generate_series(0, $3 - 1) g`,
        [v0, from, ROWS, monthStart(now, -BACK - k + 1)],
      );
      const seconds = (performance.now() - t0) / 1000;
      const bytes = Number((await s.db.query<{ b: string }>(`select pg_total_relation_size($1::regclass) as b`, [name])).rows[0]!.b);
      old.push({ name, rows: ROWS, bytes, seconds });
      console.error(`${name}: ${ROWS.toLocaleString('en')} rows, ${(bytes / 2 ** 20).toFixed(0)} MB in ${seconds.toFixed(0)} s (load ${load()})`);
    }
    await s.db.query(`analyze tms_position`);

    // the terminals report at RATE a second while the months are dropped
    const port = s.app.jt808!.port()!;
    const terms = await Promise.all(
      Array.from({ length: TERMINALS }, async (_, k) => {
        const t = new Jt808Terminal({ host: '127.0.0.1', port, phone: `1391${String(k + 1).padStart(7, '0')}`, version: 2019, timeoutMs: 60_000 });
        await t.connect();
        await t.signIn();
        return t;
      }),
    );
    const answers: { sent: number; ms: number }[] = [];
    let sent = 0;
    let acked = 0;
    let failed = 0;
    let writing = true;
    const pending = new Set<Promise<void>>();
    const every = (TERMINALS / RATE) * 1000;
    const loops = terms.map(async (t, k) => {
      let next = performance.now() + (k / TERMINALS) * every;
      let n = 0;
      while (writing) {
        const wait = next - performance.now();
        if (wait > 0) await sleep(wait);
        const p0 = performance.now();
        sent++;
        const p = t
          .report({ lng: 121 + k * 0.001 + (n++ % 1000) * 1e-6, lat: 31, speed: 50, direction: 90, at: new Date() })
          .then(
            (r) => (r === 0 ? (acked++, answers.push({ sent: p0, ms: performance.now() - p0 })) : failed++),
            () => void failed++,
          )
          .finally(() => pending.delete(p));
        pending.add(p);
        next = Math.max(next + every, performance.now());
      }
    });
    await sleep(10_000);
    const before = answers.length;
    const drops: { name: string; ms: number; t0: number; t1: number }[] = [];
    for (let k = 0; k < MONTHS; k++) {
      const keep = BACK + MONTHS - 2 - k; // a month ends within `keep` months of now or is dropped: only the oldest one left goes
      const t0 = performance.now();
      const dropped = await dropPartitions(s.db, s.clock.now(), keep);
      const t1 = performance.now();
      if (dropped.length !== 1 || dropped[0] !== old[k]!.name) throw new Error(`dropped ${dropped.join(', ')}, expected ${old[k]!.name}`);
      drops.push({ name: dropped[0]!, ms: t1 - t0, t0, t1 });
      console.error(`dropped ${dropped[0]} in ${(t1 - t0).toFixed(0)} ms (load ${load()})`);
      await sleep(3000);
    }
    const steady = answers.slice(0, before).map((a) => a.ms);
    writing = false;
    await Promise.all(loops);
    await Promise.all([...pending]);
    const stored = Number((await s.db.query<{ n: number }>(`select count(*)::int as n from tms_position where source = 'JT808' and reported_at >= $1`, [monthStart(now, -1)])).rows[0]!.n);
    const left = (await listPartitions(s.db)).filter((p) => old.some((o) => o.name === p.name));
    await Promise.all(terms.map((t) => t.close()));

    for (const [k, d] of drops.entries()) {
      const o = old[k]!;
      // reports sent while the drop ran (or answered during it)
      const during = answers.filter((a) => a.sent + a.ms >= d.t0 && a.sent <= d.t1).map((a) => a.ms);
      results.push([
        `Drop ${d.name} (${o.rows.toLocaleString('en')} rows, ${(o.bytes / 2 ** 20).toFixed(0)} MB with its indexes) while terminals write ${RATE}/s`,
        `**${d.ms.toFixed(0)} ms**; answers meanwhile p50 ${pct(during, 50).toFixed(0)} / max ${during.reduce((a, b) => Math.max(a, b), -Infinity).toFixed(0)} ms (${during.length} reports)`,
        '≤ 1 s',
      ]);
    }
    results.push([`Terminals' answers before the drops (10 s, report sent → row committed → answer)`, `p50 ${pct(steady, 50).toFixed(0)} / p99 ${pct(steady, 99).toFixed(0)} / max ${steady.reduce((a, b) => Math.max(a, b), -Infinity).toFixed(0)} ms`, '']);
    results.push([`Reports sent / answered / stored; failed`, `${sent} / ${acked} / ${stored}; ${failed}`, 'lost 0']);
    results.push([`Old months left`, `${left.length}`, '0']);
    results.push([`Generating a month (${ROWS.toLocaleString('en')} rows with generate_series, into the partition)`, `${(old.reduce((a, o) => a + o.seconds, 0) / old.length).toFixed(0)} s`, '']);
    const version = (await s.db.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v;
    console.log(`\nPostgreSQL ${version}; ${new Date().toISOString()}; load average ${load()}\n`);
    console.log('| figure | measured | target |\n| --- | --- | --- |');
    for (const [a, b, c] of results) console.log(`| ${a} | ${b} | ${c} |`);
  } finally {
    await s.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
