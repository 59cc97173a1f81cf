/**
 * Order benchmarks (issue 5, orders). Run: `npx tsx bench/orders.ts` (a PostgreSQL server:
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; the data goes to a
 * dedicated database `tms_bench`, kept between runs so the generation is paid once —
 * `BENCH_FRESH=1` starts over). Prints a Markdown table for bench/README.md ("Orders").
 *
 * Data: 1,000,000 orders × 3 lines in one dispatch center (generate_series), three clients, order
 * dates over a year. Figures:
 * - first page + totals of a typical filter (client and the last 30 days) vs the hand-written SQL
 * - the same without a filter (totals over the million), a deep page by offset and by keyset
 * - review of 10,000 selected orders in one request (one waybill each, lines copied), then their retract
 */
import pg from 'pg';
import { openPg } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { seed } from '../apps/server/src/modules/system/seed.ts';
import { median, serveAdmin } from './kit.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'tms_bench';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const results: [string, string, string][] = [];

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const out = await fn();
  return [performance.now() - t0, out];
}

async function database(): Promise<string> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  if (process.env.BENCH_FRESH === '1') await c.query(`drop database if exists ${DB_NAME} with (force)`);
  const exists = (await c.query(`select 1 from pg_database where datname = $1`, [DB_NAME])).rows.length > 0;
  if (!exists) await c.query(`create database ${DB_NAME}`);
  await c.end();
  const u = new URL(ADMIN_URL);
  u.pathname = '/' + DB_NAME;
  return u.toString();
}

/** 1M orders × 3 lines of the three demo clients, in SH01, ids 1…N, set-based. */
async function generate(pool: pg.Pool, center: number): Promise<void> {
  // one connection: the reference table below is temporary
  const db = await pool.connect();
  try {
    await fill(db, center);
  } finally {
    db.release();
  }
}

async function fill(db: pg.PoolClient, center: number): Promise<void> {
  const have = Number((await db.query(`select count(*) as n from tms_order where code like 'BO%'`)).rows[0].n);
  const haveLines = Number((await db.query(`select count(*) as n from tms_order_line where create_by = 'bench'`)).rows[0].n);
  if (have >= ORDERS && haveLines >= 3 * ORDERS) return;
  console.error(`generating ${ORDERS} orders × 3 lines …`);
  const refs = (
    await db.query(`
      select c.id as client_id,
             (select array_agg(s.id order by s.id) from base_station s where s.client_id = c.id) as stations,
             (select array_agg(i.id order by i.id) from base_item i where i.client_id = c.id) as items
        from base_client c where c.code in ('C001','C002','C003') order by c.code`)
  ).rows as { client_id: number; stations: number[]; items: number[] }[];
  await db.query(`create temporary table bench_ref as select * from json_to_recordset($1::json) as r(k int, client_id bigint, src bigint, dst bigint, item1 bigint, item2 bigint)`, [
    JSON.stringify(refs.map((r, k) => ({ k, client_id: r.client_id, src: r.stations[0], dst: r.stations[1], item1: r.items[0], item2: r.items[1] }))),
  ]);
  const t0 = performance.now();
  // the ids leave room below for the seeded orders; quantity of line k of order g: 1 + (7g + 13k) % 50
  const base = 1_000_000;
  if (have < ORDERS)
    await db.query(`
    insert into tms_order (id, dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, source, order_date, prep_date,
      ref_no, customer_order_no, trans_type, load_mode, total_weight, total_volume, total_quantity, total_cases, total_pallets, total_other, create_by, create_time)
    overriding system value
    select $2 + g, $1, 'BO' || lpad(g::text, 10, '0'), r.client_id, r.src, r.dst, 'OPEN', 'MANUAL', current_date - (g % 365), current_date - (g % 365) + 1,
      'REF' || g, 'CO' || g, 'ROAD', case when g % 2 = 0 then 'FTL' else 'LTL' end,
      t.w, t.v, t.q, t.q / 10, 0, 0, 'bench', now() - make_interval(days => g % 365)
    from generate_series(1, $3::int) g
    join bench_ref r on r.k = g % 3
    cross join lateral (
      select sum(1 + (7 * g + 13 * k) % 50) as q, sum((1 + (7 * g + 13 * k) % 50) * 2.5) as w, sum((1 + (7 * g + 13 * k) % 50) * 0.01) as v
        from generate_series(1, 3) k
    ) t`, [center, base, ORDERS]);
  console.error(`orders: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const t1 = performance.now();
  await db.query(`delete from tms_order_line where create_by = 'bench'`);
  await db.query(`
    insert into tms_order_line (dispatch_center_id, order_id, pos_no, item_id, item_code, item_name, quantity, weight, volume, cases, create_by)
    select $1, $2 + g, p, i.id, i.code, i.name, 1 + (7 * g + 13 * p) % 50, (1 + (7 * g + 13 * p) % 50) * 2.5, (1 + (7 * g + 13 * p) % 50) * 0.01,
           (1 + (7 * g + 13 * p) % 50) / 10, 'bench'
      from generate_series(1, $3::int) g
      join bench_ref r on r.k = g % 3
      cross join generate_series(1, 3) p
      join base_item i on i.id = case when p = 2 then r.item2 else r.item1 end`, [center, base, ORDERS]);
  console.error(`lines: ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  await db.query(`select setval(pg_get_serial_sequence('tms_order', 'id'), (select max(id) from tms_order))`);
  await db.query(`vacuum analyze tms_order`);
  await db.query(`vacuum analyze tms_order_line`);
}

async function main() {
  const url = await database();
  const appDb = await openPg(url);
  await migrate(appDb);
  await seed(appDb);
  const raw = new pg.Pool({ connectionString: url, max: 4 });
  const center = Number((await raw.query(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0].id);
  await generate(raw, center);
  const total = Number((await raw.query(`select count(*) as n from tms_order`)).rows[0].n);
  const lines = Number((await raw.query(`select count(*) as n from tms_order_line`)).rows[0].n);

  const { app, base, token } = await serveAdmin(appDb);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const get = async (path: string) => {
    const r = await fetch(base + path, { headers });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<{ rows: { id: number }[]; total: number; summary: unknown }>;
  };
  const post = async (path: string, body: unknown) => {
    const r = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };

  const c001 = Number((await raw.query(`select id from base_client where code = 'C001'`)).rows[0].id);
  const today = new Date();
  const from = new Date(today.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const to = today.toISOString().slice(0, 10);
  const filterQs = `clientId=${c001}&orderDateBegin=${from}&orderDateEnd=${to}`;
  const matching = (await get(`/api/order/order/list?${filterQs}&pageSize=20`)).total;

  // 1. typical filter: the list request vs the same two queries written by hand (page + totals, in parallel)
  const api1 = await median(15, () => get(`/api/order/order/list?${filterQs}&pageSize=20`));
  const where = `dispatch_center_id = $1 and client_id = $2 and order_date >= $3 and order_date <= $4`;
  const sql1 = await median(15, () =>
    Promise.all([
      raw.query(`select * from tms_order where ${where} order by id desc limit 20`, [center, c001, from, to]),
      raw.query(`select count(*), sum(total_weight), sum(total_quantity), sum(total_volume) from tms_order where ${where}`, [center, c001, from, to]),
    ]),
  );
  results.push([`First page (20) + totals, filter client + last 30 days (${matching.toLocaleString('en')} matching orders): API vs hand-written SQL, p50`, `${ms(api1)} / ${ms(sql1)} = **${(api1 / sql1).toFixed(2)}×**`, '≤ 3×']);

  // 2. no filter: totals over the whole center
  const api2 = await median(7, () => get(`/api/order/order/list?pageSize=20`));
  const sql2 = await median(7, () =>
    Promise.all([
      raw.query(`select * from tms_order where dispatch_center_id = $1 order by id desc limit 20`, [center]),
      raw.query(`select count(*), sum(total_weight), sum(total_quantity), sum(total_volume) from tms_order where dispatch_center_id = $1`, [center]),
    ]),
  );
  results.push([`First page + totals, no filter (${total.toLocaleString('en')} orders), API vs hand-written SQL, p50`, `${ms(api2)} / ${ms(sql2)} = **${(api2 / sql2).toFixed(2)}×**`, '≤ 3×']);

  // 3. deep pages: offset 500,000 (deferred join) and the keyset cursor
  const deep = await median(5, () => get(`/api/order/order/list?pageSize=20&pageNum=25001`));
  const naive = await median(5, () => raw.query(`select * from tms_order where dispatch_center_id = $1 order by id desc limit 20 offset 500000`, [center]));
  results.push(['Deep page by offset (page 25,001 of 20, offset 500,000), API incl. totals / naive SQL offset alone, p50', `${ms(deep)} / ${ms(naive)}`, '']);
  const cursor = (await get(`/api/order/order/list?pageSize=20&pageNum=25000`)).rows.at(-1)!.id;
  const keyset = await median(5, () => get(`/api/order/order/list?pageSize=20&afterId=${cursor}`));
  results.push(['Deep page by keyset cursor (afterId, same page), API incl. totals, p50', ms(keyset), '']);

  // 4. review 10,000 selected orders in one request, then retract them (restores the data)
  const ids = (await raw.query(`select id from tms_order where dispatch_center_id = $1 and client_id = $2 and status = 'OPEN' and not is_lock and code like 'BO%' order by id desc limit 10000`, [center, c001])).rows.map((r) => Number(r.id));
  const wbBefore = Number((await raw.query(`select count(*) as n from tms_waybill`)).rows[0].n);
  const [review] = await timed(() => post('/api/order/order/review', { ids }));
  const made = Number((await raw.query(`select count(*) as n from tms_waybill`)).rows[0].n) - wbBefore;
  const madeLines = Number((await raw.query(`select count(*) as n from tms_waybill_line l join tms_waybill w on w.id = l.waybill_id where w.order_id = any($1::bigint[])`, [ids])).rows[0].n);
  results.push([`Review of ${ids.length.toLocaleString('en')} orders in one request (${made.toLocaleString('en')} waybills, ${madeLines.toLocaleString('en')} lines, 20,000 tracking rows)`, `${(review / 1000).toFixed(2)} s`, '< 20 s']);
  const [retract] = await timed(() => post('/api/order/order/retract', { ids }));
  results.push([`Retract of the same ${ids.length.toLocaleString('en')} orders in one request (waybills deleted)`, `${(retract / 1000).toFixed(2)} s`, '']);

  await app.close();
  await appDb.close();
  await raw.end();
  const pgVersion = ((await (async () => {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    const v = (await c.query('show server_version')).rows[0].server_version as string;
    await c.end();
    return v;
  })()));
  console.log(`\nData: ${total.toLocaleString('en')} orders, ${lines.toLocaleString('en')} lines; PostgreSQL ${pgVersion}; ${new Date().toISOString()}\n`);
  console.log('| figure | measured | target |\n| --- | --- | --- |');
  for (const [a, b, c] of results) console.log(`| ${a} | ${b} | ${c} |`);
}

await main();
