/**
 * Statement timings of rating on a database `npm run bench:rating` kept (BENCH_KEEP=1; its name in DB, default
 * tms_bench_rating): the re-rating of the bench contract ("re-rate open charges", every waybill) and the rating of
 * 10,000 reviewed waybills set-based in SQL and by the engine, each in a transaction rolled back. Prints each
 * statement over 30 ms. `WHAT=rerate` or `WHAT=review` runs one of the two (`FRESH=1`: the waybills' ratings and
 * charges removed first in the transaction, as on review); `WHAT=change` the bench's change of version
 * (every figure changes) backwards: version 1 in force again, its NEW_VERSION re-rating.
 *   BENCH_KEEP=1 BENCH_WAYBILLS=100000 npm run bench:rating && npx tsx bench/rating-profile.ts
 */
import { openPg, type Queryable } from '../apps/server/src/platform/db.ts';
import { rerateContract } from '../apps/server/src/modules/finance/rerate.ts';
import { rateWaybills } from '../apps/server/src/modules/finance/rating.ts';
import { systemCaller } from '../apps/server/src/platform/domain-events.ts';

const db = await openPg(`postgres://postgres@127.0.0.1:5432/${process.env.DB ?? 'tms_bench_rating'}`);
const timed = (q: Queryable, log: [number, string][]): Queryable => ({
  query: async (sql: string, params?: unknown[]) => {
    const t = performance.now();
    try {
      // EXPLAIN=regex: the statements it matches run under EXPLAIN (ANALYZE, BUFFERS), their plans printed
      if (process.env.EXPLAIN && new RegExp(process.env.EXPLAIN).test(sql)) {
        const plan = await q.query<Record<string, string>>(`explain (analyze, buffers) ${sql}`, params);
        console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
        return { rows: [], rowCount: 0 } as unknown as Awaited<ReturnType<Queryable['query']>>;
      }
      return await q.query(sql, params);
    } finally { log.push([performance.now() - t, sql.replace(/\s+/g, ' ').slice(0, 140)]); }
  },
  exec: (sql: string) => q.exec(sql),
}) as Queryable;
const show = (name: string, log: [number, string][]) => {
  const total = log.reduce((s, [ms]) => s + ms, 0);
  console.log(`== ${name}: ${total.toFixed(0)} ms, ${log.length} statements`);
  for (const [ms, sql] of log) if (ms > 30) console.log(`${ms.toFixed(0).padStart(6)} ms  ${sql}`);
};
const what = process.env.WHAT ?? 'both';
if (what === 'change') {
  // a change of version as the bench's (every figure, contract, line and basis changes): version 2 terminated and
  // version 1 in force again, its NEW_VERSION re-rating moves the waybills back to it (rolled back)
  const [v1, v2] = (await db.query<{ id: number }>(`select id from fin_contract where code = 'KBENCH' order by contract_version`)).rows.map((r) => Number(r.id));
  const log: [number, string][] = [];
  await db.tx(async (q) => {
    await q.query(`update fin_contract set status = case when id = $1 then 'EFFECTIVE' else 'TERMINATED' end where id in ($1, $2)`, [v1, v2]);
    const t = performance.now();
    const r = await rerateContract(timed(q, log), v1!, { newVersion: true, by: 'prof', now: new Date() });
    console.log(`re-rated ${r.records} waybills, ${r.charges} charges in ${(performance.now() - t).toFixed(0)} ms`);
    throw new Error('rollback');
  }).catch((e) => { if (e.message !== 'rollback') throw e; });
  show('rerate (change of version)', log);
} else if (what !== 'review') {
  const v2 = Number((await db.query<{ id: number }>(`select id from fin_contract where code = 'KBENCH' and status = 'EFFECTIVE'`)).rows[0]!.id);
  const log: [number, string][] = [];
  await db.tx(async (q) => { await rerateContract(timed(q, log), v2, { newVersion: false, by: 'prof', now: new Date() }); throw new Error('rollback'); }).catch((e) => { if (e.message !== 'rollback') throw e; });
  show('rerate', log);
}
if (what !== 'rerate') {
  const picked = (await db.query<{ id: number; center: number }>(`select w.id, w.dispatch_center_id as center from tms_waybill w where w.order_code like 'RVO%' order by id limit 10000`)).rows;
  const ids = picked.map((r) => Number(r.id));
  const center = Number(picked[0]?.center);
  for (const how of (process.env.HOW ? [process.env.HOW] : ['sql', 'engine']) as ('sql' | 'engine')[]) {
    const log: [number, string][] = [];
    await db.tx(async (q) => {
      // FRESH=1: as on review, the waybills without a rating nor charges yet (removed first, in the transaction rolled back)
      if (process.env.FRESH === '1') {
        await q.query(`delete from fin_charge where waybill_id = any($1::bigint[]) and dispatch_center_id = $2`, [ids, center]);
        await q.query(`delete from fin_waybill_rating where waybill_id = any($1::bigint[]) and dispatch_center_id = $2`, [ids, center]);
      } await rateWaybills({ q: timed(q, log), caller: systemCaller('prof'), now: new Date() }, center, ids, undefined, how); throw new Error('rollback'); }).catch((e) => { if (e.message !== 'rollback') throw e; });
    show(`rateWaybills ${how} ${ids.length}`, log);
  }
}
await db.close();
