/**
 * The order list's statement with its outer read keyed (issue 20, session 16, branch key22), before / after: the statement
 * `listOrders` sends, taken from the tree at BENCH_BEFORE_ROOT (default /work/main) and from this tree for the same
 * requests, prepared on one connection and run as the server runs it (`EXPLAIN (ANALYZE)` of `EXECUTE`), 7 times each,
 * alternately, the median execution time, with PostgreSQL's generic plan (one plan for any values: what a prepared list
 * runs after five requests) and with a plan for the values. The plan's read of `tms_order t` is shown.
 * Run on a database of `bench/orders.ts` or a fresh demo one: `BENCH_DB_URL=postgres://…/db npx tsx bench/key22-plans.ts`
 * (BENCH_CENTER: a center code, default SH01). Prints a Markdown table.
 */
import pg from 'pg';
import { listOrders as afterList } from '../apps/server/src/modules/order/list.ts';
import { systemCaller } from '../apps/server/src/platform/domain-events.ts';
import type { Caller } from '../apps/server/src/platform/auth.ts';
import type { Queryable } from '../apps/server/src/platform/db.ts';

const url = process.env.BENCH_DB_URL;
if (!url) throw new Error('BENCH_DB_URL');
const beforeRoot = process.env.BENCH_BEFORE_ROOT ?? '/work/main';
const beforeList = ((await import(`${beforeRoot}/apps/server/src/modules/order/list.ts`)) as { listOrders: typeof afterList }).listOrders;
const c = new pg.Client({ connectionString: url });
await c.connect();

const center = Number((await c.query<{ id: string }>(`select id from sys_dispatch_center where code = $1`, [process.env.BENCH_CENTER ?? 'SH01'])).rows[0]!.id);
const caller: Caller = { ...systemCaller('admin'), userId: 1, dispatchCenterId: center, isAdmin: true, dataScopes: ['1'] };
const n = Number((await c.query<{ n: string }>(`select count(*) as n from tms_order where dispatch_center_id = $1`, [center])).rows[0]!.n);
const mid = (await c.query<{ id: string }>(`select id from tms_order where dispatch_center_id = $1 order by id desc offset $2 limit 1`, [center, Math.floor(n / 2)])).rows[0]!.id;
const analysed = (await c.query<{ t: string }>(`select reltuples::text as t from pg_class where relname = 'tms_order'`)).rows[0]!.t;

/** the statement and parameters a list request sends (a recording handle answers an empty page) */
async function statementOf(list: (db: Queryable, caller: Caller, query: Record<string, unknown>, limit: number, offset: number) => Promise<unknown>, query: Record<string, unknown>, limit: number, offset: number): Promise<[string, unknown[]]> {
  let got: [string, unknown[]] | null = null;
  const rec = {
    query: async (sql: string, params: unknown[]) => {
      got = [sql, params];
      return { rows: [{ id: null, n: 0, __total: 0, __weight: 0, __volume: 0, __quantity: 0 }] };
    },
  } as unknown as Queryable;
  await list(rec, caller, query, limit, offset);
  return got!;
}

const lit = (v: unknown) => (v === null ? 'null' : typeof v === 'number' ? String(v) : c.escapeLiteral(v instanceof Date ? v.toISOString() : String(v)));
let k = 0;
/** execution time (ms) of the statement prepared, run with the plan mode, and the plan's access to tms_order t */
async function run(sql: string, params: unknown[], mode: string): Promise<{ ms: number; plan: string }> {
  const name = `key22_${k++}`;
  await c.query(`set plan_cache_mode = ${mode}`);
  await c.query(`prepare ${name} as ${sql}`);
  try {
    const r = await c.query<{ 'QUERY PLAN': { 'Execution Time': number; Plan: Record<string, unknown> }[] }>(`explain (analyze, format json) execute ${name}(${params.map(lit).join(', ')})`);
    const top = r.rows[0]!['QUERY PLAN'][0]!;
    const reads: string[] = [];
    const walk = (p: Record<string, unknown>) => {
      if ((p['Alias'] === 't' && p['Relation Name'] === 'tms_order')) reads.push(`${p['Node Type']}${p['Index Name'] ? ' ' + p['Index Name'] : ''} ×${p['Actual Loops']}`);
      for (const x of (p['Plans'] as Record<string, unknown>[] | undefined) ?? []) walk(x);
    };
    walk(top.Plan);
    return { ms: top['Execution Time'], plan: reads.join(', ') };
  } finally {
    await c.query(`deallocate ${name}`);
  }
}

const c001 = (await c.query<{ id: string }>(`select id from base_client where code = 'C001'`)).rows[0]?.id ?? '2';
const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
const cases: [string, Record<string, unknown>, number][] = [
  ['first page, no filter', {}, 0],
  ['first page, status', { status: 'EFFECTIVE' }, 0],
  ['first page, client', { clientId: String(c001) }, 0],
  // a period runs unnamed, planned for its values (the custom rows are the ones the server runs)
  ['first page, the last year', { orderDateBegin: day(365), orderDateEnd: day(0) }, 0],
  ['first page, the last 30 days', { orderDateBegin: day(30), orderDateEnd: day(0) }, 0],
  ['page 251 (5,000 rows deep)', {}, 5000],
  ['keyset page in the middle', { afterId: mid }, 0],
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`center ${center} (${n} orders), tms_order reltuples ${analysed}`);
console.log('| request | plan mode | before ms | after ms | after / before | outer read before → after |');
console.log('|---|---|---:|---:|---:|---|');
for (const [label, query, offset] of cases) {
  const b = await statementOf(beforeList, query, 20, offset);
  const a = await statementOf(afterList, query, 20, offset);
  for (const mode of ['force_generic_plan', 'force_custom_plan']) {
    const tb: number[] = [];
    const ta: number[] = [];
    let pb = '';
    let pa = '';
    for (let i = 0; i < 7; i++) {
      const x = await run(...b, mode);
      const y = await run(...a, mode);
      tb.push(x.ms);
      ta.push(y.ms);
      pb = x.plan;
      pa = y.plan;
    }
    const mb = median(tb);
    const ma = median(ta);
    console.log(`| ${label} | ${mode.replace('force_', '').replace('_plan', '')} | ${mb.toFixed(3)} | ${ma.toFixed(3)} | ${(ma / mb).toFixed(2)} | ${pb} → ${pa} |`);
  }
}
await c.end();
