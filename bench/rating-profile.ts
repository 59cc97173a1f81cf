/**
 * Statement timings of rating on a database `npm run bench:rating` kept (BENCH_KEEP=1; its name in DB, default
 * tms_bench_rating): the re-rating of the bench contract ("re-rate open charges", every waybill) and the rating of
 * 10,000 reviewed waybills set-based in SQL and by the engine, each in a transaction rolled back. Prints each
 * statement over 30 ms. `WHAT=rerate` or `WHAT=review` runs one of the two.
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
    try { return await q.query(sql, params); } finally { log.push([performance.now() - t, sql.replace(/\s+/g, ' ').slice(0, 140)]); }
  },
  exec: (sql: string) => q.exec(sql),
}) as Queryable;
const show = (name: string, log: [number, string][]) => {
  const total = log.reduce((s, [ms]) => s + ms, 0);
  console.log(`== ${name}: ${total.toFixed(0)} ms, ${log.length} statements`);
  for (const [ms, sql] of log) if (ms > 30) console.log(`${ms.toFixed(0).padStart(6)} ms  ${sql}`);
};
const what = process.env.WHAT ?? 'both';
if (what !== 'review') {
  const v2 = Number((await db.query<{ id: number }>(`select id from fin_contract where code = 'KBENCH' and status = 'EFFECTIVE'`)).rows[0]!.id);
  const log: [number, string][] = [];
  await db.tx(async (q) => { await rerateContract(timed(q, log), v2, { newVersion: false, by: 'prof', now: new Date() }); throw new Error('rollback'); }).catch((e) => { if (e.message !== 'rollback') throw e; });
  show('rerate', log);
}
if (what !== 'rerate') {
  const ids = (await db.query<{ id: number }>(`select w.id from tms_waybill w where w.order_code like 'RVO%' order by id limit 10000`)).rows.map((r) => Number(r.id));
  for (const how of ['sql', 'engine'] as const) {
    const log: [number, string][] = [];
    await db.tx(async (q) => { await rateWaybills({ q: timed(q, log), caller: systemCaller('prof'), now: new Date() }, ids, undefined, how); throw new Error('rollback'); }).catch((e) => { if (e.message !== 'rollback') throw e; });
    show(`rateWaybills ${how} ${ids.length}`, log);
  }
}
await db.close();
