/**
 * The `order.reviewed` subscribers other than rating, in a bulk review (issue 20): paper receipts and client events.
 * Run: `npx tsx bench/review-subscribers.ts` (PostgreSQL at BENCH_DATABASE_URL; a fresh database `tms_bench_review` or
 * BENCH_DB, dropped at the end unless BENCH_KEEP=1). BENCH_REVIEW_ORDERS open orders (default 10,000, one line each,
 * the demo's three clients) are reviewed in a transaction that is rolled back (the order update and the waybills, as the
 * review writes them); then each subscriber runs in a savepoint, rolled back, as it ran before this change and as it
 * runs now, BENCH_ROUNDS times (default 3) in alternate order: the median of each. Last, the whole review over HTTP
 * (every subscriber, rating included), then its retract.
 */
import { DomainEvents, systemCaller } from '../apps/server/src/platform/domain-events.ts';
import type { Caller } from '../apps/server/src/platform/auth.ts';
import type { Queryable } from '../apps/server/src/platform/db.ts';
import { createOrders } from '../apps/server/src/modules/order/save.ts';
import { createWaybillsFromOrders, type CreatedWaybill } from '../apps/server/src/modules/waybill/create.ts';
import { enqueue, subscribeNotify } from '../apps/server/src/modules/notify/outbox.ts';
import { subscribeSettlement } from '../apps/server/src/modules/finance/settlement-receipts.ts';
import { closeBench, demoRefs, freshBenchDb, p50, serveAdmin } from './kit.ts';

const DB_NAME = process.env.BENCH_DB ?? 'tms_bench_review';
const ORDERS = Number(process.env.BENCH_REVIEW_ORDERS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The client events of the review as the notify module stored them before: the orders read into the server, sent back as JSON (`enqueue`). */
async function eventsBefore(q: Queryable, now: Date, orderIds: number[], waybills: CreatedWaybill[]): Promise<void> {
  const r = await q.query<{ id: number; code: string; client_id: number }>(`select id, code, client_id from tms_order where id = any($1::bigint[]) order by id`, [orderIds]);
  const waybill = new Map(waybills.map((w) => [w.orderId, w.code]));
  await enqueue(q, now, r.rows.map((o) => ({ type: 'order.reviewed', clientId: Number(o.client_id), subject: o.code, data: { orderId: Number(o.id), orderCode: o.code, waybillCode: waybill.get(Number(o.id)) ?? null } })));
}

/** The paper receipts of the review, the statement the subscriber runs (a conflict on the waybill left alone): unchanged, a yardstick of the noise. */
async function receiptsBefore(q: Queryable, caller: Caller, waybills: CreatedWaybill[]): Promise<void> {
  await q.query(
    `insert into fin_paper_receipt(dispatch_center_id, waybill_id, waybill_code, client_id, create_by)
     select w.dispatch_center_id, w.id, w.code, w.client_id, $2 from tms_waybill w where w.id = any($1::bigint[])
     on conflict (waybill_id) do nothing`,
    [waybills.map((w) => w.waybillId), caller.userName],
  );
}

async function main() {
  const { appDb } = await freshBenchDb(DB_NAME);
  const center = Number((await appDb.query<{ id: number }>(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0]!.id);
  const caller: Caller = { ...systemCaller('admin'), userId: 1, dispatchCenterId: center, isAdmin: true, dataScopes: ['1'] };
  const refs = (await demoRefs(appDb, 'id')).map((r) => ({ client: Number(r.client), src: Number(r.src), dst: Number(r.dst), item: Number(r.item) }));
  const now = new Date();
  const orderIds = await appDb.tx((q) =>
    createOrders(
      q,
      caller,
      Array.from({ length: ORDERS }, (_, i) => {
        const r = refs[i % refs.length]!;
        return { values: { clientId: r.client, sourceStationId: r.src, destStationId: r.dst, customerOrderNo: `RS${i}` }, lines: [{ itemId: r.item, quantity: 1 + (i % 40), weight: 2.5 }] };
      }),
      { source: 'MANUAL', now },
    ),
  );
  const notifyNow = new DomainEvents();
  subscribeNotify(notifyNow);
  const receiptsNow = new DomainEvents();
  subscribeSettlement(receiptsNow);

  const times: Record<string, number[]> = { 'events before': [], 'events now': [], 'receipts before': [], 'receipts now': [] };
  for (let round = 0; round < ROUNDS; round++) {
    await appDb
      .tx(async (q) => {
        const reviewed = await q.query<{ id: number; dispatch_center_id: number; client_id: number }>(
          `update tms_order set status = 'EFFECTIVE', audit_by = 'admin', audit_time = now() where id = any($1::bigint[]) returning id, dispatch_center_id, client_id`,
          [orderIds],
        );
        const waybills = await createWaybillsFromOrders(q, reviewed.rows, caller, now);
        const ctx = { q, caller, now };
        const payload = { dispatchCenterId: center, orderIds, waybills };
        const runs: [string, () => Promise<unknown>][] = [
          ['events before', () => eventsBefore(q, now, orderIds, waybills)],
          ['events now', () => notifyNow.emit(ctx, 'order.reviewed', payload)],
          ['receipts before', () => receiptsBefore(q, caller, waybills)],
          ['receipts now', () => receiptsNow.emit(ctx, 'order.reviewed', payload)],
        ];
        // alternate order: before first in even rounds, now first in odd ones
        const order = round % 2 ? [1, 0, 3, 2] : [0, 1, 2, 3];
        for (const i of order) {
          const [name, fn] = runs[i]!;
          await q.query('savepoint s');
          const t = performance.now();
          await fn();
          times[name]!.push(performance.now() - t);
          await q.query('rollback to savepoint s');
        }
        throw new Error('rollback');
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error) || e.message !== 'rollback') throw e;
      });
  }

  // the whole review over HTTP, every subscriber (rating included), then its retract
  const { app, base, token } = await serveAdmin(appDb);
  const post = async (path: string) => {
    const t = performance.now();
    const r = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ ids: orderIds }) });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${(await r.text()).slice(0, 300)}`);
    return performance.now() - t;
  };
  const review = await post('/api/order/order/review');
  const receipts = Number((await appDb.query<{ n: string }>(`select count(*) as n from fin_paper_receipt r join tms_waybill w on w.id = r.waybill_id where w.order_id = any($1::bigint[])`, [orderIds])).rows[0]!.n);
  const events = Number((await appDb.query<{ n: string }>(`select count(*) as n from ntf_event where event_type = 'order.reviewed'`)).rows[0]!.n);
  if (receipts !== ORDERS || events !== ORDERS) throw new Error(`expected ${ORDERS} receipts and events, found ${receipts} and ${events}`);
  const retract = await post('/api/order/order/retract');
  await app.close();
  await appDb.close();
  const ms = (xs: number[]) => `${p50(xs).toFixed(0)} ms`;
  const n = ORDERS.toLocaleString('en');
  await closeBench(DB_NAME, [
    [`Client events of a review of ${n} orders (order.reviewed, one per order), before · now, median of ${ROUNDS}`, `${ms(times['events before']!)} · ${ms(times['events now']!)}`, ''],
    [`Paper receipts of the same review (one per waybill; one statement, unchanged: the same statement run as 'before' and through the subscriber, so the two show the noise), median of ${ROUNDS}`, `${ms(times['receipts before']!)} · ${ms(times['receipts now']!)}`, ''],
    [`Review of the ${n} orders over HTTP (every subscriber, rating included) · its retract`, `${(review / 1000).toFixed(2)} s · ${(retract / 1000).toFixed(2)} s`, '≤ 2 s'],
  ]);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
