/**
 * The shipment report at the size of ten million orders (issue 20: "order and shipment reports over the 10M: ≤ 1 s for a
 * year"). Run: `npx tsx bench/shipment-report.ts` (a PostgreSQL server: BENCH_DATABASE_URL).
 *
 * bench/orders.ts generates orders only (a dispatch order is made by people, not by the review), so this bench makes
 * the dispatch orders such a book has on a database of its own (`tms_bench_ship`, dropped after; BENCH_KEEP=1 keeps it):
 * BENCH_SHIPMENTS (default 3,333,334: one dispatch order for three of the ten million orders) over 3 years and 20
 * dispatch centers, as bench/orders.ts spreads its orders (dispatch order g in center g % 20, dates rising with g),
 * with the carriers of the seed, planned and actual departure / arrival times (some late, recent ones not yet departed
 * or arrived) and weights, set-based.
 *
 * Figures, in the center SH01 (1/20 of the rows), admin signed in, real HTTP: the report of the last year, of the last
 * 30 days, and of the last year for one carrier, p50 / p99 of 10 after 2 warm-ups, against the hand-written SQL of the
 * same aggregation; and first, in the same run, the SQL of the code before migration 0087 (its period on the local day)
 * without that migration's index, p50 of 5.
 */
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { closeBench, freshBenchDb, pct, samples, serveAdmin } from './kit.ts';

const N = Number(process.env.BENCH_SHIPMENTS ?? 3_333_334);
const CENTERS = 20;
const DAYS = 3 * 365;
const NAME = 'tms_bench_ship';
const results: [string, string, string][] = [];
const record = (row: [string, string, string]) => {
  results.push(row);
  console.error(`| ${row.join(' | ')} |`);
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

const { url, appDb } = await freshBenchDb(NAME);
const raw = new pg.Pool({ connectionString: url, max: 2 });
for (let k = 4; k <= CENTERS; k++)
  await raw.query(`insert into sys_dispatch_center(code, short_code, name, create_by) values ($1, $2, $3, 'bench') on conflict (code) do nothing`, [
    `BC${String(k).padStart(2, '0')}`,
    `B${k}`,
    `Bench center ${k}`,
  ]);
const centerIds = (await raw.query(`select id from sys_dispatch_center order by code = 'SH01' desc, code limit $1`, [CENTERS])).rows.map((r) => Number(r.id));
const carriers = (await raw.query(`select id from base_carrier order by id`)).rows.map((r) => Number(r.id));
if (!carriers.length) throw new Error('the seed has no carrier');

const t0 = performance.now();
console.error(`generating ${N.toLocaleString('en')} dispatch orders over ${DAYS} days and ${CENTERS} centers …`);
{
  const c = await raw.connect();
  try {
    await c.query(`set synchronous_commit = off`);
    await c.query(`set maintenance_work_mem = '512MB'`);
    const chunk = 1_000_000;
    for (let s = 1; s <= N; s += chunk) {
      const e = Math.min(N, s + chunk - 1);
      // planned departure at 08:00 + g % 600 minutes of its day, arrival 6–30 h later; departed 0–90 min late
      // (a fifth over an hour), arrived with its own delay; the last two days not yet departed, the last four not arrived
      await c.query(
        `insert into tms_shipment (dispatch_center_id, shipment_code, status, carrier_id, etd, eta, atd, ata, total_weight, total_volume,
                                   total_quantity, station_num, create_by, create_time)
         select ($1::bigint[])[1 + g % $2::int], 'BS' || lpad(g::text, 10, '0'),
                case when x.etd > now() - interval '2 days' then 'EFFECTIVE' when x.etd > now() - interval '4 days' then 'SHIPPED' else 'COMPLETED' end,
                ($3::bigint[])[1 + g % cardinality($3::bigint[])], x.etd, x.eta,
                case when x.etd <= now() - interval '2 days' then x.etd + make_interval(mins => (g * 7) % 91) end,
                case when x.etd <= now() - interval '4 days' then x.eta + make_interval(mins => (g * 11) % 121 - 30) end,
                1000 + (g * 37) % 20000, 5 + (g * 13) % 60, 10 + (g * 17) % 400, 2 + g % 4, 'bench', x.etd - interval '1 day'
           from generate_series($4::int, $5::int) g
          cross join lateral (select (current_date - $6::int + ((g - 1)::int8 * $6::int / $7::int)::int) + time '08:00' + make_interval(mins => g % 600) as etd) d
          cross join lateral (select d.etd::timestamptz as etd, d.etd::timestamptz + make_interval(hours => 6 + g % 25) as eta) x`,
        [centerIds, CENTERS, carriers, s, e, DAYS, N],
      );
      console.error(`  ${e.toLocaleString('en')}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    await c.query(`vacuum analyze tms_shipment`);
  } finally {
    c.release();
  }
}
const generated = (performance.now() - t0) / 1000;
const center = centerIds[0]!;
const inCenter = Number((await raw.query(`select count(*) as n from tms_shipment where dispatch_center_id = $1`, [center])).rows[0].n);
const total = Number((await raw.query(`select count(*) as n from tms_shipment`)).rows[0].n);
const size = (await raw.query(`select pg_size_pretty(pg_total_relation_size('tms_shipment')) as s`)).rows[0].s as string;
console.error(`${total.toLocaleString('en')} dispatch orders (${size}), ${inCenter.toLocaleString('en')} in SH01, generated in ${generated.toFixed(0)} s`);

const { app, base, token } = await serveAdmin(appDb);
const headers = { authorization: `Bearer ${token}` };
const day = (d: number) => new Date(Date.now() - d * 86400e3).toISOString().slice(0, 10);
// the same aggregation by hand: per day (UTC) and carrier, on-time with the default tolerance
const hand = `select to_char((coalesce(s.etd, s.create_time) at time zone 'UTC')::date, 'YYYY-MM-DD') as day, coalesce(c.name, '-'), count(*),
                     count(s.atd), count(*) filter (where s.atd <= s.etd + interval '30 minutes'), count(s.ata),
                     count(*) filter (where s.ata <= s.eta + interval '30 minutes'), sum(s.total_weight)
                from tms_shipment s left join base_carrier c on c.id = s.carrier_id
               where s.dispatch_center_id = $1 and coalesce(s.etd, s.create_time) >= ($2::date::timestamp at time zone 'UTC')
                 and coalesce(s.etd, s.create_time) < (($3::date + 1)::timestamp at time zone 'UTC')
                 and ($4::bigint is null or s.carrier_id = $4)
               group by 1, 2 order by 1, 2`;
// before (the code up to migration 0087): the report's SQL with its period on the local day, without the index
const before = hand.replace(
  `coalesce(s.etd, s.create_time) >= ($2::date::timestamp at time zone 'UTC')
                 and coalesce(s.etd, s.create_time) < (($3::date + 1)::timestamp at time zone 'UTC')`,
  `(coalesce(s.etd, s.create_time) at time zone 'UTC')::date between $2::date and $3::date`,
);
if (before === hand) throw new Error('the before SQL was not derived');
const indexDef = /create index tms_shipment_center_day[^;]+;/.exec(readFileSync(new URL('../apps/server/migrations/0087_report_periods.sql', import.meta.url), 'utf8'))![0];
await raw.query('drop index tms_shipment_center_day');
const beforeXs: Record<string, number> = {};
for (const [label, from] of [['a year', day(364)], ['30 days', day(29)]] as const) {
  beforeXs[label] = pct(await samples(5, () => raw.query(before, [center, from, day(0), null])), 50);
  console.error(`before, ${label}: ${ms(beforeXs[label]!)}`);
}
await raw.query(indexDef);
await raw.query('vacuum analyze tms_shipment');
for (const [label, from, carrier] of [
  ['the last year by day and carrier', day(364), null],
  ['the last 30 days by day and carrier', day(29), null],
  ['the last year, one carrier', day(364), carriers[0]!],
] as const) {
  const qs = `from=${from}&to=${day(0)}&tz=UTC${carrier ? `&carrierId=${carrier}` : ''}`;
  let rows = 0;
  const httpXs = await samples(10, async () => {
    const r = await fetch(`${base}/api/reports/shipment/data?${qs}`, { headers });
    if (r.status !== 200) throw new Error(`report answered ${r.status}: ${await r.text()}`);
    rows = ((await r.json()) as { data: { rows: unknown[] } }).data.rows.length;
  });
  const sqlXs = await samples(10, () => raw.query(hand, [center, from, day(0), carrier]));
  const inPeriod = Number(
    (await raw.query(`select count(*) as n from tms_shipment where dispatch_center_id = $1 and coalesce(etd, create_time) >= $2::date`, [center, from])).rows[0].n,
  );
  const was = carrier ? undefined : beforeXs[label === 'the last year by day and carrier' ? 'a year' : '30 days'];
  record([
    `Shipment report, ${label} (${inPeriod.toLocaleString('en')} dispatch orders, ${rows} report rows), HTTP p50 / p99 · hand-written SQL p50 · ratio${was === undefined ? '' : ' · before 0087 (its SQL, p50)'}`,
    `${ms(pct(httpXs, 50))} / ${ms(pct(httpXs, 99))} · ${ms(pct(sqlXs, 50))} · ${(pct(httpXs, 50) / pct(sqlXs, 50)).toFixed(2)}×${was === undefined ? '' : ` · ${ms(was)}`}`,
    '≤ 1 s',
  ]);
}
await app.close();
await appDb.close();
await raw.end();
await closeBench(NAME, results, `${total.toLocaleString('en')} dispatch orders (${size}, ${inCenter.toLocaleString('en')} in SH01); `);
