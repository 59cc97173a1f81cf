/**
 * Report benchmark (issue 7): the order report over the generated million orders of bench/orders.ts
 * (database `tms_bench`; run `npx tsx bench/orders.ts` first), through HTTP, against the hand-written
 * SQL of the same aggregation. Run: `npx tsx bench/reports.ts`. Prints a Markdown table.
 */
import pg from 'pg';
import { openPg } from '../apps/server/src/platform/db.ts';
import { median as medianAfter, serveAdmin } from './kit.ts';

/** p50 of n runs after one warm-up run. */
const median = (n: number, fn: () => Promise<unknown>) => medianAfter(n, fn, 1);

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const u = new URL(ADMIN_URL);
u.pathname = '/tms_bench';
const URL_ = u.toString();

const day = (d: number) => new Date(Date.now() - d * 86400e3).toISOString().slice(0, 10);

async function main() {
  const raw = new pg.Pool({ connectionString: URL_, max: 2 });
  const orders = Number((await raw.query(`select count(*) as n from tms_order`)).rows[0].n);
  if (orders < 100_000) throw new Error(`tms_bench holds ${orders} orders: run bench/orders.ts first`);
  const center = Number((await raw.query(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0].id);
  const appDb = await openPg(URL_);
  const { app, base, token } = await serveAdmin(appDb);

  const hand = `select o.order_date, c.name, count(*), count(*) filter (where o.status = 'EFFECTIVE'),
                       sum(o.total_weight), sum(o.total_volume), sum(o.total_quantity)
                  from tms_order o join base_client c on c.id = o.client_id
                 where o.dispatch_center_id = $1 and o.order_date between $2::date and $3::date
                 group by o.order_date, c.name order by o.order_date, c.name`;
  const rows: string[] = [];
  for (const [label, from] of [
    ['30 days', day(29)],
    ['365 days (the whole million)', day(364)],
  ] as const) {
    const to = day(0);
    const http = await median(5, async () => {
      const r = await fetch(`${base}/api/reports/order/data?from=${from}&to=${to}&tz=UTC`, { headers: { authorization: `Bearer ${token}` } });
      if (r.status !== 200) throw new Error(`report answered ${r.status}`);
      await r.json();
    });
    const sql = await median(5, () => raw.query(hand, [center, from, to]));
    rows.push(`| Order report, ${label}, grouped by day and client | ${http.toFixed(0)} ms | ${sql.toFixed(0)} ms | ${(http / sql).toFixed(2)}× |`);
  }
  console.log(`\n${orders.toLocaleString('en')} orders in tms_bench; load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}\n`);
  console.log('| figure | HTTP (p50 of 5) | hand-written SQL (p50 of 5) | ratio |\n| --- | --- | --- | --- |');
  for (const r of rows) console.log(r);
  await app.close();
  await raw.end();
  await appDb.close?.();
}

await main();
