/**
 * Order benchmarks (issues 5 and 20). Run: `npx tsx bench/orders.ts` (a PostgreSQL server: BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres). BENCH_ORDERS orders (default 1,000,000; the database `tms_bench`;
 * 10,000,000 → `tms_bench10m`, any other size `tms_bench<N>`), kept between runs so the generation is paid once —
 * `BENCH_DB_NAME` names another database; `BENCH_FRESH=1` starts over, `BENCH_GENERATE_ONLY=1` stops after generating;
 * `BENCH_BEFORE_ROOT=<another checkout>` also times that tree's list SQL, in the same rounds. Prints a Markdown table for bench/README.md.
 *
 * Data: the orders × 3 lines, set-based (generate_series, 1M per statement, foreign-key triggers off and the plain
 * indexes built after the load), over 3 years (ids rise with the order date) and 20 dispatch centers (order g in
 * center g % 20, client g % 3 of the demo's three); orders older than 30 days are EFFECTIVE (status only, no waybills).
 * Figures, in the center SH01 (1/20 of the orders), admin signed in, real HTTP:
 * - the list page with its totals for the typical filters and none, first page and a keyset page in the middle, p50 / p99,
 *   against the hand-written SQL of the page alone, the list's own SQL in process, and page + exact aggregate (before 0076)
 * - review of 10,000 orders in one request, then their retract, against the same writes by hand (rolled back), in
 *   BENCH_REVIEW_ROUNDS rounds (default 2: a process's first review also pays its warm-up)
 * - the order report over the last year
 */
import pg from 'pg';
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { openPg } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { seed } from '../apps/server/src/modules/system/seed.ts';
import { median, pct, samples, serveAdmin } from './kit.ts';
import { listOrders } from '../apps/server/src/modules/order/list.ts';
import { systemCaller } from '../apps/server/src/platform/domain-events.ts';
import type { Caller } from '../apps/server/src/platform/auth.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
/** 1M keeps the database of earlier runs; other sizes get their own (tms_bench10m for 10,000,000). */
const DB_NAME = process.env.BENCH_DB_NAME ?? (ORDERS === 1_000_000 ? 'tms_bench' : ORDERS % 1_000_000 === 0 ? `tms_bench${ORDERS / 1_000_000}m` : `tms_bench${ORDERS}`);
const CENTERS = 20;
const DAYS = 3 * 365;
/** the generated ids start above this, leaving room below for the seeded orders */
const BASE = 1_000_000;
const results: [string, string, string][] = [];
/** a figure: kept for the table, and shown at once (a long run that fails later keeps what it measured) */
const record = (row: [string, string, string]) => {
  results.push(row);
  console.error(`| ${row.join(' | ')} |`);
};

const median3 = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const loadavg = () => os.loadavg().map((x) => x.toFixed(1)).join(' / ');
const s = (n: number) => `${(n / 1000).toFixed(2)} s`;


/**
 * The time of fn's statements in a transaction that is rolled back (the same writes by hand, leaving no trace);
 * `own`: the time fn answers (it times part of what it does).
 */
async function byHand(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<unknown>, own = false): Promise<number> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    const t0 = performance.now();
    const answer = await fn(c);
    const t = own ? (answer as number) : performance.now() - t0;
    await c.query('rollback');
    return t;
  } finally {
    c.release();
  }
}

/** n rounds (after 2 of warm-up) of each fn in turn: each fn's timings, sorted. */
async function interleaved(n: number, fns: (() => Promise<unknown>)[]): Promise<number[][]> {
  const out = fns.map(() => [] as number[]);
  for (let i = -2; i < n; i++)
    for (const [k, fn] of fns.entries()) {
      const t0 = performance.now();
      await fn();
      if (i >= 0) out[k]!.push(performance.now() - t0);
    }
  return out.map((xs) => xs.sort((a, b) => a - b));
}

/** BENCH_BEFORE_ROOT: another checkout (its node_modules in place) whose listOrders is timed beside this tree's. */
const listBefore: typeof listOrders | null = process.env.BENCH_BEFORE_ROOT
  ? ((await import(`${process.env.BENCH_BEFORE_ROOT}/apps/server/src/modules/order/list.ts`)) as { listOrders: typeof listOrders }).listOrders
  : null;

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

/** The 20 dispatch centers the orders are spread over: the three seeded ones and BC04…BC20. */
async function centers(db: pg.Pool): Promise<number[]> {
  for (let k = 4; k <= CENTERS; k++)
    await db.query(`insert into sys_dispatch_center(code, short_code, name, create_by) values ($1, $2, $3, 'bench') on conflict (code) do nothing`, [
      `BC${String(k).padStart(2, '0')}`,
      `B${k}`,
      `Bench center ${k}`,
    ]);
  const r = await db.query(`select id from sys_dispatch_center order by (code in ('SH01','BJ01','GZ01')) desc, code = 'SH01' desc, code limit $1`, [CENTERS]);
  return r.rows.map((x) => Number(x.id));
}

/** ORDERS orders × 3 lines, set-based, ids BASE+1…BASE+ORDERS (see the header). */
async function generate(pool: pg.Pool, centerIds: number[]): Promise<void> {
  // one connection: the reference table below is temporary, the session settings are its own
  const db = await pool.connect();
  try {
    await fill(db, centerIds);
  } finally {
    db.release();
  }
}

/** A plain (non-constraint) index of the two tables: dropped for the bulk insert, built again after it. */
async function plainIndexes(db: pg.PoolClient): Promise<{ name: string; def: string }[]> {
  const r = await db.query(`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
     where i.indrelid in ('tms_order'::regclass, 'tms_order_line'::regclass)
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`);
  return r.rows;
}

async function fill(db: pg.PoolClient, centerIds: number[]): Promise<void> {
  const have = Number((await db.query(`select count(*) as n from tms_order where code like 'BO%'`)).rows[0].n);
  const haveLines = Number((await db.query(`select count(*) as n from tms_order_line where create_by = 'bench'`)).rows[0].n);
  if (have >= ORDERS && haveLines >= 3 * ORDERS) return;
  console.error(`generating ${ORDERS.toLocaleString('en')} orders × 3 lines over ${DAYS} days and ${centerIds.length} centers …`);
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
  // bulk load: no foreign-key triggers (the references are the seeded rows above), the plain indexes built after
  await db.query(`set session_replication_role = replica`);
  await db.query(`set synchronous_commit = off`);
  await db.query(`set maintenance_work_mem = '512MB'`);
  const indexes = await plainIndexes(db);
  for (const i of indexes) await db.query(`drop index ${i.name}`);
  await db.query(`delete from tms_order_line where create_by = 'bench'`);
  await db.query(`delete from tms_order where code like 'BO%'`);
  // order g (1…N): center g % 20, client g % 3; order dates rise with g over the last DAYS days (ids follow time);
  // orders older than 30 days are EFFECTIVE (status only: no waybills are generated), the rest OPEN;
  // quantity of line k of order g: 1 + (7g + 13k) % 50, weight 2.5 kg and volume 0.01 m³ a piece
  const q = (k: number) => `(1 + (7 * g + ${13 * k}) % 50)`;
  const chunk = 1_000_000;
  const t0 = performance.now();
  for (let s = 1; s <= ORDERS; s += chunk) {
    const e = Math.min(ORDERS, s + chunk - 1);
    const t = performance.now();
    await db.query(
      `
    insert into tms_order (id, dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, source, order_date, prep_date,
      ref_no, customer_order_no, trans_type, load_mode, total_weight, total_volume, total_quantity, total_cases, total_pallets, total_other,
      audit_by, audit_time, create_by, create_time)
    overriding system value
    select $2::bigint + g, ($1::bigint[])[1 + g % $6::int], 'BO' || lpad(g::text, 10, '0'), r.client_id, r.src, r.dst,
      case when d.day < current_date - 30 then 'EFFECTIVE' else 'OPEN' end, 'MANUAL', d.day, d.day + 1,
      'REF' || g, 'CO' || g, 'ROAD', case when g % 2 = 0 then 'FTL' else 'LTL' end,
      t.q * 2.5, t.q * 0.01, t.q, ${q(1)} / 10 + ${q(2)} / 10 + ${q(3)} / 10, 0, 0,
      case when d.day < current_date - 30 then 'bench' end, case when d.day < current_date - 30 then d.day + time '12:00' end,
      'bench', d.day + make_interval(secs => (g % 86400))
    from generate_series($4::int, $5::int) g
    join bench_ref r on r.k = g % 3
    cross join lateral (select current_date - $7::int + ((g - 1)::int8 * $7::int / $3::int)::int as day) d
    cross join lateral (select ${q(1)} + ${q(2)} + ${q(3)} as q) t`,
      [centerIds, BASE, ORDERS, s, e, centerIds.length, DAYS],
    );
    await db.query(
      `
    insert into tms_order_line (dispatch_center_id, order_id, pos_no, item_id, item_code, item_name, quantity, weight, volume, cases, create_by)
    select ($1::bigint[])[1 + g % $5::int], $2::bigint + g, p, i.id, i.code, i.name, 1 + (7 * g + 13 * p) % 50, (1 + (7 * g + 13 * p) % 50) * 2.5,
           (1 + (7 * g + 13 * p) % 50) * 0.01, (1 + (7 * g + 13 * p) % 50) / 10, 'bench'
      from generate_series($3::int, $4::int) g
      join bench_ref r on r.k = g % 3
      cross join generate_series(1, 3) p
      join base_item i on i.id = case when p = 2 then r.item2 else r.item1 end`,
      [centerIds, BASE, s, e, centerIds.length],
    );
    console.error(`  orders ${s.toLocaleString('en')}…${e.toLocaleString('en')}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  console.error(`orders + lines: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const t1 = performance.now();
  for (const i of indexes) await db.query(i.def);
  console.error(`indexes (${indexes.length}): ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  await db.query(`set session_replication_role = origin`);
  // the bulk load bypassed the triggers that keep the order rollup (migration 0076): computed again
  if ((await db.query(`select to_regclass('tms_order_rollup') as t`)).rows[0].t) await db.query(`select tms_order_rollup_rebuild()`);
  await db.query(`select setval(pg_get_serial_sequence('tms_order', 'id'), (select max(id) from tms_order))`);
  await db.query(`select setval(pg_get_serial_sequence('tms_order_line', 'id'), (select max(id) from tms_order_line))`);
  const t2 = performance.now();
  await db.query(`vacuum analyze tms_order`);
  await db.query(`vacuum analyze tms_order_line`);
  // the rollups rebuilt above (the seed analysed them when they held a few rows: their statistics would say so still)
  for (const t of ['tms_order_rollup', 'tms_order_rollup_month']) if ((await db.query(`select to_regclass($1) as t`, [t])).rows[0].t) await db.query(`vacuum analyze ${t}`);
  console.error(`vacuum analyze: ${((performance.now() - t2) / 1000).toFixed(1)} s`);
}

async function main() {
  const url = await database();
  const appDb = await openPg(url);
  await migrate(appDb);
  await seed(appDb);
  const raw = new pg.Pool({ connectionString: url, max: 4 });
  const centerIds = await centers(raw);
  await generate(raw, centerIds);
  // a database generated before the seed analysed its tables (session 17) has tables the planner never saw: autovacuum
  // would analyse them, and it is off on this machine's PostgreSQL (the review's rating then took 15 s instead of 4)
  const never = (await raw.query(`select c.oid::regclass::text as t from pg_class c where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace and c.reltuples < 0`)).rows.map((r) => String(r.t));
  if (never.length) {
    await raw.query(`analyze ${never.join(', ')}`);
    console.error(`analysed ${never.length} tables never analysed`);
  }
  if (process.env.BENCH_GENERATE_ONLY === '1') {
    await raw.end();
    await appDb.close();
    return;
  }
  const center = Number((await raw.query(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0].id);
  const total = Number((await raw.query(`select count(*) as n from tms_order`)).rows[0].n);
  const lines = Number((await raw.query(`select count(*) as n from tms_order_line`)).rows[0].n);

  const load0 = loadavg();
  const { app, base, token } = await serveAdmin(appDb);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const get = async (path: string) => {
    const r = await fetch(base + path, { headers });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<{ rows: { id: number }[]; total: number; summary: { totalWeight: number; totalVolume: number; totalQuantity: number } }>;
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
  const yearAgo = new Date(today.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
  const centerOrders = Number((await raw.query(`select count(*) as n from tms_order where dispatch_center_id = $1`, [center])).rows[0].n);

  // 1. the list page with its totals, per typical filter, first page and a deep page by keyset, against the
  //    hand-written SQL of the page alone (no totals) and of the page + the exact aggregate (what the list ran before 0076)
  const filters: [string, string, string, unknown[]][] = [
    ['no filter', '', '', []],
    ['client', `clientId=${c001}`, 'and client_id = $2', [c001]],
    ['period (last 30 days)', `orderDateBegin=${from}&orderDateEnd=${to}`, 'and order_date >= $2 and order_date <= $3', [from, to]],
    ['period (the last year)', `orderDateBegin=${yearAgo}&orderDateEnd=${to}`, 'and order_date >= $2 and order_date <= $3', [yearAgo, to]],
    ['status OPEN', 'status=OPEN', `and status = $2`, ['OPEN']],
    ['client + last 30 days', `clientId=${c001}&orderDateBegin=${from}&orderDateEnd=${to}`, 'and client_id = $2 and order_date >= $3 and order_date <= $4', [c001, from, to]],
  ];
  const N = Number(process.env.BENCH_RUNS ?? 40);
  const caller: Caller = { ...systemCaller('admin'), userId: 1, dispatchCenterId: center, isAdmin: true, dataScopes: ['1'] };
  for (const [label, qs, cond, args] of filters) {
    const first = await get(`/api/order/order/list?${qs}&pageSize=20`);
    // the exact aggregate agrees with what the list answers
    const exact = (await raw.query(`select count(*)::int8 as n, coalesce(sum(total_weight), 0) as w, coalesce(sum(total_quantity), 0) as q from tms_order where dispatch_center_id = $1 ${cond}`, [center, ...args])).rows[0];
    if (Number(exact.n) !== first.total || Number(exact.w) !== first.summary.totalWeight || Number(exact.q) !== first.summary.totalQuantity)
      throw new Error(`${label}: list totals ${JSON.stringify([first.total, first.summary])} ≠ exact ${JSON.stringify(exact)}`);
    const page = (extra = '', extraArgs: unknown[] = []) => raw.query(`select * from tms_order where dispatch_center_id = $1 ${cond} ${extra} order by id desc limit 20`, [center, ...args, ...extraArgs]);
    const agg = () => raw.query(`select count(*), sum(total_weight), sum(total_quantity), sum(total_volume) from tms_order where dispatch_center_id = $1 ${cond}`, [center, ...args]);
    // a deep page: the cursor in the middle of the set
    const mid = (await raw.query(`select id from tms_order where dispatch_center_id = $1 ${cond} order by id desc offset ${Math.floor(first.total / 2)} limit 1`, [center, ...args])).rows[0]?.id;
    for (const [depth, qsx, extra, extraArgs] of [
      ['first page', '', '', []],
      [`keyset page in the middle (${Math.floor(first.total / 2).toLocaleString('en')} rows deep)`, `&afterId=${mid}`, `and id < $${args.length + 2}`, [mid]],
    ] as const) {
      // the list's own statements (page with its labels + totals) run in this process, without HTTP, session and JSON;
      // the API, the page alone, the list's SQL (and, with BENCH_BEFORE_ROOT, the list's SQL of that tree) taken in
      // turn, one of each per round, so that each ratio compares timings made under the same load
      const query = Object.fromEntries(new URLSearchParams(`${qs}${qsx}`));
      const timings = await interleaved(N, [
        () => get(`/api/order/order/list?${qs}${qsx}&pageSize=20`),
        () => page(extra, extraArgs as unknown[]),
        () => listOrders(appDb, caller, query, 20, 0),
        ...(listBefore ? [() => listBefore(appDb, caller, query, 20, 0)] : []),
      ]);
      const [xs, pages, sqls, befores] = timings as [number[], number[], number[], number[] | undefined];
      const pageAlone = pct(pages, 50);
      const sqlOnly = pct(sqls, 50);
      const before = await median(3, () => Promise.all([page(extra, extraArgs as unknown[]), agg()]), 0);
      record([
        `List, ${label} (${first.total.toLocaleString('en')} orders), ${depth}: API page + totals p50 / p99 · the list's SQL in process p50 · hand-written page alone p50 · ratios API / page, list SQL / page · (page + exact aggregate p50)` +
          (befores ? ' · the list SQL of BENCH_BEFORE_ROOT p50 and its ratio to the page' : ''),
        `${ms(pct(xs, 50))} / ${ms(pct(xs, 99))} · ${ms(sqlOnly)} · ${ms(pageAlone)} · **${(pct(xs, 50) / pageAlone).toFixed(1)}×**, **${(sqlOnly / pageAlone).toFixed(1)}×** · (${ms(before)})` +
          (befores ? ` · before ${ms(pct(befores, 50))}, ${(pct(befores, 50) / pageAlone).toFixed(1)}×` : ''),
        '≤ 5×, ≤ 50 / 150 ms',
      ]);
    }
  }

  // 2. review 10,000 selected orders in one request, then retract them (restores the data), each against the same
  //    writes by hand in a transaction rolled back. Generated orders older than 30 days are EFFECTIVE without waybills:
  //    the bench reopens enough of them first.
  const open = Number((await raw.query(`select count(*) as n from tms_order where dispatch_center_id = $1 and status = 'OPEN' and not is_lock and code like 'BO%'`, [center])).rows[0].n);
  if (open < 10_000)
    await raw.query(
      `update tms_order set status = 'OPEN', audit_by = null, audit_time = null
        where id in (select id from tms_order o where dispatch_center_id = $1 and status = 'EFFECTIVE' and code like 'BO%'
                        and not exists (select 1 from tms_waybill w where w.order_id = o.id) order by id desc limit $2)`,
      [center, 10_000 - open],
    );
  const ids = (await raw.query(`select id from tms_order where dispatch_center_id = $1 and status = 'OPEN' and not is_lock and code like 'BO%' order by id desc limit 10000`, [center])).rows.map((r) => Number(r.id));
  const handReview = () => byHand(raw, async (c) => {
    await c.query(`update tms_order set status = 'EFFECTIVE', audit_by = 'admin', audit_time = now(), update_by = 'admin', update_time = now(), version = version + 1 where id = any($1::bigint[])`, [ids]);
    await c.query(`
      insert into tms_waybill (dispatch_center_id, code, order_id, order_code, order_type_id, trans_type, load_mode, route_id, status, client_id, carrier_id,
        source_station_id, dest_station_id, etd, eta, total_weight, total_volume, total_quantity, total_cases, total_pallets, total_other, declared_value, remark, create_by, create_time)
      select o.dispatch_center_id, 'HW' || o.id, o.id, o.code, o.order_type_id, o.trans_type, o.load_mode, o.route_id, 'OPEN', o.client_id, o.carrier_id,
        o.source_station_id, o.dest_station_id, o.etd, o.eta, o.total_weight, o.total_volume, o.total_quantity, o.total_cases, o.total_pallets, o.total_other, o.declared_value, o.remark, 'admin', now()
        from tms_order o where o.id = any($1::bigint[])`, [ids]);
    await c.query(`
      insert into tms_waybill_line (dispatch_center_id, waybill_id, order_line_id, pos_no, item_id, item_code, item_name, weight, volume, quantity, cases, pallets, other, unit, create_by, create_time)
      select l.dispatch_center_id, w.id, l.id, l.pos_no, l.item_id, l.item_code, l.item_name, l.weight, l.volume, l.quantity, l.cases, l.pallets, l.other, l.unit, 'admin', now()
        from tms_waybill w join tms_order_line l on l.order_id = w.order_id where w.order_id = any($1::bigint[]) and l.order_id = any($1::bigint[])`, [ids]);
    for (const kind of ['ORDER_REVIEW', 'WAYBILL_CREATE'])
      await c.query(`
        insert into tms_order_tracking (dispatch_center_id, order_id, waybill_id, operation_type, related_code, operator_id, operator_name, operation_time)
        select w.dispatch_center_id, w.order_id, w.id, $2, w.code, 1, 'admin', now() from tms_waybill w where w.order_id = any($1::bigint[])`, [ids, kind]);
  });
  // the order rollup's triggers on the write side: the review's order update (10,000 rows) by hand, rolled back, with
  // the trigger function of 0076 (day level only) and with the current one (0091: day and month levels), in turn
  const apply0076 = /create function tms_order_rollup_apply\(\)[\s\S]*?end \$\$;/.exec(
    readFileSync(new URL('../apps/server/migrations/0076_order_rollup.sql', import.meta.url), 'utf8'),
  )![0].replace('create function', 'create or replace function');
  const statusUpdate = (c: pg.PoolClient) =>
    c.query(`update tms_order set status = 'EFFECTIVE', audit_by = 'admin', audit_time = now(), update_by = 'admin', update_time = now(), version = version + 1 where id = any($1::bigint[])`, [ids]);
  const withDayOnly: number[] = [];
  const withMonths: number[] = [];
  for (let i = 0; i < 3; i++) {
    withDayOnly.push(await byHand(raw, async (c) => {
      await c.query(apply0076);
      const t0 = performance.now();
      await statusUpdate(c);
      return performance.now() - t0;
    }, true));
    withMonths.push(await byHand(raw, statusUpdate));
  }
  record([
    `The review's update of ${ids.length.toLocaleString('en')} orders by hand (rolled back), rollup triggers of 0076 (day level) · of 0091 (day + month levels), p50 of 3 in turn`,
    `${s(median3(withDayOnly))} · ${s(median3(withMonths))}`,
    'no slower',
  ]);
  const handRetract = () => byHand(raw, async (c) => {
    await c.query(`delete from tms_waybill where order_id = any($1::bigint[]) and parent_waybill_id is not null`, [ids]);
    const gone = await c.query(`delete from tms_waybill where order_id = any($1::bigint[]) returning id, order_id, code, dispatch_center_id`, [ids]);
    await c.query(`update tms_order set status = 'OPEN', audit_by = null, audit_time = null, update_by = 'admin', update_time = now(), version = version + 1 where id = any($1::bigint[])`, [ids]);
    await c.query(`insert into tms_order_tracking (dispatch_center_id, order_id, operation_type, related_code, operator_id, operator_name, operation_time)
                   select o.dispatch_center_id, o.id, 'ORDER_RETRACT', o.code, 1, 'admin', now() from tms_order o where o.id = any($1::bigint[])`, [ids]);
    await c.query(`insert into tms_order_tracking (dispatch_center_id, order_id, waybill_id, operation_type, related_code, operator_id, operator_name, operation_time)
                   select o.dispatch_center_id, u.order_id, u.id, 'WAYBILL_DELETE', u.code, 1, 'admin', now()
                     from unnest($1::bigint[], $2::bigint[], $3::text[]) u(id, order_id, code) join tms_order o on o.id = u.order_id`,
      [gone.rows.map((r) => r.id), gone.rows.map((r) => r.order_id), gone.rows.map((r) => r.code)]);
  });
  // REVIEW_ROUNDS (default 2) rounds, each the same writes by hand (rolled back), the review, the retract by hand
  // (rolled back, on the reviewed orders) and the retract: the first review of a process also pays its warm-up (its
  // code paths compiled, the tables' pages read), the next ones are what a running server answers
  // the tables a review and a retract write, vacuumed first, as autovacuum keeps them on a server (this machine's
  // PostgreSQL runs with autovacuum off, for the tests): each run's rounds leave 40,000 dead order versions and the
  // waybills' deleted rows behind, and the next run's review read them (2.2–2.4 s where a vacuumed database took 1.8–2.1 s)
  const written = ['tms_order', 'tms_waybill', 'tms_waybill_line', 'tms_order_tracking', 'tms_order_rollup', 'tms_order_rollup_month', 'fin_waybill_rating', 'fin_charge', 'fin_paper_receipt', 'ntf_event'];
  for (const t of written) if ((await raw.query(`select to_regclass($1) as t`, [t])).rows[0].t) await raw.query(`vacuum analyze ${t}`);
  const rounds: { handReview: number; review: number; handRetract: number; retract: number }[] = [];
  let made = 0;
  let madeLines = 0;
  for (let r = 0; r < Number(process.env.BENCH_REVIEW_ROUNDS ?? 2); r++) {
    const hand = await handReview();
    const wbBefore = Number((await raw.query(`select count(*) as n from tms_waybill`)).rows[0].n);
    const [review] = await timed(() => post('/api/order/order/review', { ids }));
    made = Number((await raw.query(`select count(*) as n from tms_waybill`)).rows[0].n) - wbBefore;
    madeLines = Number((await raw.query(`select count(*) as n from tms_waybill_line l join tms_waybill w on w.id = l.waybill_id where w.order_id = any($1::bigint[])`, [ids])).rows[0].n);
    const handBack = await handRetract();
    const [retract] = await timed(() => post('/api/order/order/retract', { ids }));
    rounds.push({ handReview: hand, review, handRetract: handBack, retract });
    console.error(`review round ${r + 1}: review ${s(review)} (by hand ${s(hand)}), retract ${s(retract)} (by hand ${s(handBack)})`);
  }
  const each = (k: keyof (typeof rounds)[number]) => rounds.map((x) => s(x[k])).join(' / ');
  const ratios = (a: keyof (typeof rounds)[number], b: keyof (typeof rounds)[number]) => rounds.map((x) => `**${(x[a] / x[b]).toFixed(2)}×**`).join(' / ');
  record([`Review of ${ids.length.toLocaleString('en')} orders in one request (${made.toLocaleString('en')} waybills, ${madeLines.toLocaleString('en')} lines, 20,000 tracking rows), rounds 1 / 2 / … of one process · the same writes by hand · ratios`, `${each('review')} · ${each('handReview')} · ${ratios('review', 'handReview')}`, '≤ 2 s, ≤ 2×']);
  record([`Retract of the same ${ids.length.toLocaleString('en')} orders in one request (waybills deleted), rounds 1 / 2 / … · the same writes by hand · ratios`, `${each('retract')} · ${each('handRetract')} · ${ratios('retract', 'handRetract')}`, '≤ 2 s']);

  // 3. the order report over a year (by day and client, as the report groups), and the shipment report
  for (const [label, qs] of [
    ['Order report, the last year by day and client', `from=${yearAgo}&to=${to}&tz=UTC`],
  ] as const) {
    const xs = await samples(10, async () => {
      const r = await fetch(`${base}/api/reports/order/data?${qs}`, { headers });
      if (r.status !== 200) throw new Error(`report answered ${r.status}`);
      await r.json();
    });
    record([`${label} (${centerOrders.toLocaleString('en')} orders in the center), p50 / p99`, `${ms(pct(xs, 50))} / ${ms(pct(xs, 99))}`, '≤ 1 s']);
  }

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
  console.log(`\nData: ${total.toLocaleString('en')} orders, ${lines.toLocaleString('en')} lines; PostgreSQL ${pgVersion}; ${new Date().toISOString()}; load average at the start ${load0}, at the end ${loadavg()}\n`);
  console.log('| figure | measured | target |\n| --- | --- | --- |');
  for (const [a, b, c] of results) console.log(`| ${a} | ${b} | ${c} |`);
}

await main();
