/**
 * Rating benchmarks (issue 14). Run: `npm run bench:rating` (= `npx tsx bench/rating.ts`; a PostgreSQL
 * server: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh database
 * `tms_bench_rating`, dropped at the end unless BENCH_KEEP=1). BENCH_WAYBILLS, BENCH_REVIEW and
 * BENCH_QUOTE_LINES change the sizes. Prints a Markdown table for bench/README.md ("Rating").
 *
 * 1. Re-rating after a contract change: 100 000 reviewed waybills of C001 (order dates over a year, weights
 *    0.5–5 000 kg, half of them from the station a first / additional weight line names) rated with version
 *    1 of a contract (by the same bulk job, run by hand: "re-rate open charges"); version 1 terminated, version
 *    2 with other prices made effective through HTTP → the NEW_VERSION job (set-based SQL) re-rates the
 *    100 000, polled through HTTP until DONE (the progress the contract screen shows). Checked: every
 *    waybill at version 2, charges and totals as many as expected, and a sample of 500 waybills rated again
 *    by the engine (the pure function behind review) gives the same states, amounts and traces.
 * 2. Review of 10 000 orders (3 lines each) with rating (the contract's 5 lines) against without (the
 *    finance subscription to `order.reviewed` taken off the bus), BENCH_ROUNDS rounds (default 4) in alternate order,
 *    in one run, medians; and the rating's own time inside each review with rating (its handler timed), against the
 *    rest of that same request (the overhead measured within one request, which the load cannot skew between rounds).
 *    BENCH_PARTS (default `rerate,review,quote`) runs some of the three.
 * 3. Quote through HTTP with 5 000 effective rate lines in scope (50 carrier contracts × 100 lines: 10
 *    charge types × 10 lanes), p50 of 21.
 */
import pg from 'pg';
import os from 'node:os';
import { DomainEvents, systemCaller, type DomainEventHandler, type DomainEventName } from '../apps/server/src/platform/domain-events.ts';
import { rateWaybills } from '../apps/server/src/modules/finance/rating.ts';
import { closeBench, freshBenchDb, median, serveAdmin } from './kit.ts';

const DB_NAME = process.env.BENCH_DB_NAME ?? 'tms_bench_rating';
const WAYBILLS = Number(process.env.BENCH_WAYBILLS ?? 100_000);
const REVIEW = Number(process.env.BENCH_REVIEW ?? 10_000);
const QUOTE_LINES = Number(process.env.BENCH_QUOTE_LINES ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'rerate,review,quote').split(','));
const BASE = 1_000_000; // generated ids start here, above the seed's
const results: [string, string, string][] = [];
const report = (row: [string, string, string]) => {
  results.push(row);
  console.error(row.join(' | '));
};
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const log = (t0: number, what: string) => console.error(`${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// the finance subscription to order.reviewed, kept to take it off the bus and put it back (figure 2)
let financeReview: { name: 'order.reviewed'; handler: DomainEventHandler<'order.reviewed'>; off: () => void } | null = null;
const on = DomainEvents.prototype.on;
DomainEvents.prototype.on = function (this: DomainEvents, name: DomainEventName, handler: DomainEventHandler<DomainEventName>) {
  const off = on.call(this, name, handler);
  if (name === 'order.reviewed' && String(handler).includes('rateWaybills')) financeReview = { name, handler: handler as unknown as DomainEventHandler<'order.reviewed'>, off };
  return off;
} as typeof on;

async function main() {
  const { url, appDb } = await freshBenchDb(DB_NAME);
  const raw = new pg.Pool({ connectionString: url, max: 2 });
  // the seed's tables with their statistics, as autovacuum would have them (it is off on the bench machine: tms_epod's
  // 3,029 seeded receipts never analysed made the keyed look-ups of the receipts by waybill pick the center / status index)
  await raw.query(`analyze`);
  const center = Number((await raw.query(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0].id);
  const ref = (
    await raw.query(`select c.id as client, array[(select id from base_station where code = 'S-SH-01'), (select id from base_station where code = 'S-SH-02')] as stations,
                            (select array_agg(i.id order by i.id) from base_item i where i.client_id = c.id) as items,
                            (select id from fin_charge_type where code = 'FREIGHT') as freight
                       from base_client c where c.code = 'C001'`)
  ).rows[0] as { client: number; stations: number[]; items: number[]; freight: number };
  const [src, dst] = ref.stations.map(Number) as [number, number];

  const { app, base, token } = await serveAdmin(appDb);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { data: T }).data;
  };
  const chargeType = async (code: string) => Number((await raw.query(`select id from fin_charge_type where code = $1`, [code])).rows[0].id);
  /** a receivable contract of C001 through HTTP: saved, its lines, made effective */
  const contract = async (code: string, version: number, lines: Record<string, unknown>[]): Promise<number> => {
    const c = await call<{ id: number }>('POST', '/api/finance/contract/save', { code, contractVersion: version, name: `bench v${version}`, kind: 'RECEIVABLE', clientId: ref.client, validFrom: '2020-01-01', validTo: '2099-12-31' });
    for (const { chargeType: ct, ...l } of lines) await call('POST', '/api/finance/rateLine/save', { contractId: c.id, chargeTypeId: await chargeType(String(ct)), ...l });
    return c.id;
  };
  type Job = { id: number; status: string; recordCount: number; chargeCount: number; error: string | null; progress: { done: number; total: number } };
  /** polls the contract's latest re-rating job every 25 ms until it ends: [ms, job, progress steps seen] */
  const untilDone = async (contractId: number, t0: number): Promise<[number, Job, number[]]> => {
    const seen = new Set<number>();
    for (;;) {
      const job = await call<Job | null>('GET', `/api/finance/contract/rerate/${contractId}`);
      if (job) seen.add(job.progress.done);
      if (job && (job.status === 'DONE' || job.status === 'FAILED')) {
        if (job.status === 'FAILED') throw new Error(`re-rating failed: ${job.error}`);
        return [performance.now() - t0, job, [...seen].sort()];
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  // ---------------------------------------------------------------------------------------------
  // 1. re-rating after a contract change
  let t0 = performance.now();
  if (PARTS.has('rerate')) {
  const code = 'KBENCH';
  // the seeded contract of C001 makes way
  await raw.query(`update fin_contract set status = 'TERMINATED' where client_id = $1 and kind = 'RECEIVABLE' and status = 'EFFECTIVE'`, [ref.client]);
  const v1 = await contract(code, 1, [
    { chargeType: 'FREIGHT', basis: 'KG', breaks: '0-100:45 flat; 100-500:0.9; 500-1000:0.8; 1000-3000:0.7; 3000-:0.6', roundingStep: 1, minAmount: 40 },
    { chargeType: 'FREIGHT', basis: 'KG', fromStationId: src, firstQty: 10, firstPrice: 20, addStep: 5, addPrice: 3, minAmount: 25, maxAmount: 3000 },
    { chargeType: 'PICKUP', basis: 'TRIP', unitPrice: 20 },
    { chargeType: 'DELIVERY', basis: 'TONNE', unitPrice: 33.3333, minAmount: 10 },
    { chargeType: 'HANDLING', basis: 'PIECE', unitPrice: 0.35 },
  ]);
  await call('POST', '/api/finance/contract/effect', { ids: [v1] });
  // waybill g: its own order (dates over the last year), from the first or the second station, 0.5–5 000 kg
  await raw.query(
    `insert into tms_order(id, dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, order_date, total_weight, total_volume, total_quantity, total_cases, create_by)
     overriding system value
     select $2 + g, $1, 'RBO' || lpad(g::text, 7, '0'), $3, case when g % 2 = 0 then $4::bigint else $5::bigint end, case when g % 2 = 0 then $5::bigint else $4::bigint end, 'EFFECTIVE', current_date - g % 365,
            ((g * 7919) % 10000) / 2.0 + 0.5, ((g * 31) % 500) / 100.0, 1 + g % 40, 1 + g % 40, 'bench'
       from generate_series(1, $6::int) g`,
    [center, BASE, ref.client, src, dst, WAYBILLS],
  );
  await raw.query(
    `insert into tms_waybill(id, dispatch_center_id, code, order_id, order_code, status, client_id, source_station_id, dest_station_id, total_weight, total_volume, total_quantity, total_cases, create_by)
     overriding system value
     select o.id, o.dispatch_center_id, 'RBW' || substr(o.code, 4), o.id, o.code, 'REVIEWED', o.client_id, o.source_station_id, o.dest_station_id, o.total_weight, o.total_volume, o.total_quantity, o.total_cases, 'bench'
       from tms_order o where o.create_by = 'bench'`,
  );
  await raw.query(
    `insert into fin_waybill_rating(dispatch_center_id, waybill_id, waybill_code, client_id, state, create_by)
     select dispatch_center_id, id, code, client_id, 'NO_CONTRACT', 'bench' from tms_waybill where create_by = 'bench'`,
  );
  for (const t of ['tms_order', 'tms_waybill']) await raw.query(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
  for (const t of ['tms_order', 'tms_waybill', 'fin_waybill_rating']) await raw.query(`vacuum analyze ${t}`);
  log(t0, 'waybills');

  // version 1 rates them (the user's "re-rate open charges")
  t0 = performance.now();
  await call('POST', '/api/finance/contract/rerate', { id: v1 });
  const [first, job1] = await untilDone(v1, t0);
  if (job1.recordCount < WAYBILLS) throw new Error(`version 1 rated ${job1.recordCount}`);
  await raw.query(`vacuum analyze fin_charge`);
  await raw.query(`vacuum analyze fin_rating_history`);
  report([`First rating of ${job1.recordCount.toLocaleString('en')} waybills without a contract (${WAYBILLS.toLocaleString('en')} generated, the rest the seed's) ("re-rate open charges" on version 1, 5 lines): ${job1.chargeCount.toLocaleString('en')} charges`, secs(first), '']);

  // version 2 (other prices) takes effect: the NEW_VERSION job moves the waybills to it
  await call('POST', '/api/finance/contract/terminate', { ids: [v1] });
  const v2 = await contract(code, 2, [
    { chargeType: 'FREIGHT', basis: 'KG', breaks: '0-100:48 flat; 100-500:0.95; 500-1000:0.85; 1000-3000:0.72; 3000-:0.61', roundingStep: 0.5, minAmount: 45 },
    { chargeType: 'FREIGHT', basis: 'KG', fromStationId: src, firstQty: 10, firstPrice: 22, addStep: 5, addPrice: 3.1, minAmount: 25, maxAmount: 3200 },
    { chargeType: 'PICKUP', basis: 'TRIP', unitPrice: 22 },
    { chargeType: 'DELIVERY', basis: 'TONNE', unitPrice: 35, minAmount: 12 },
    { chargeType: 'HANDLING', basis: 'PIECE', unitPrice: 0.4 },
  ]);
  t0 = performance.now();
  await call('POST', '/api/finance/contract/effect', { ids: [v2] });
  const [rerate, job2, steps] = await untilDone(v2, t0);
  const runMs = Number((await raw.query(`select extract(epoch from finish_time - create_time) * 1000 as ms from fin_rerate_job where id = $1`, [job2.id])).rows[0].ms);
  const check = (
    await raw.query(
      `select count(*) filter (where r.contract_id = $1 and r.contract_version = 2 and r.state = 'RATED')::int as at_v2,
              (select count(*)::int from fin_charge c where c.contract_id = $1) as charges,
              (select count(*)::int from fin_charge c join fin_waybill_rating b on b.waybill_id = c.waybill_id and b.create_by = 'bench' where c.contract_id <> $1 and c.kind = 'RECEIVABLE') as stale,
              count(*) filter (where r.total_amount is distinct from (select sum(c.amount) from fin_charge c where c.waybill_id = r.waybill_id and c.kind = 'RECEIVABLE'))::int as wrong_totals
         from fin_waybill_rating r where r.create_by = 'bench'`,
      [v2],
    )
  ).rows[0];
  if (check.at_v2 !== WAYBILLS || check.charges !== job2.chargeCount || check.stale !== 0 || check.wrong_totals !== 0) throw new Error(`re-rating wrong: ${JSON.stringify(check)}`);
  // a sample rated again by the engine gives the same figures and traces (then rolled back)
  const snapshot = `select r.waybill_id, r.state, r.contract_id, r.contract_version, r.total_amount::text,
                           (select jsonb_agg(jsonb_build_object('type', c.charge_type_code, 'line', c.rate_line_id, 'amount', c.amount::text, 'tax', c.tax_rate::text, 'trace', coalesce(b.fixed, '{}'::jsonb) || c.trace) order by c.charge_type_code)
                              from fin_charge c left join fin_charge_basis b on b.id = c.basis_id where c.waybill_id = r.waybill_id and c.kind = 'RECEIVABLE') as charges
                      from fin_waybill_rating r where r.waybill_id = any($1::bigint[]) order by r.waybill_id`;
  const sample = (await raw.query(`select waybill_id as id from fin_waybill_rating where create_by = 'bench' order by md5(waybill_id::text) limit 500`)).rows.map((r) => Number(r.id));
  const bulk = JSON.stringify((await raw.query(snapshot, [sample])).rows);
  let engine = '';
  await appDb
    .tx(async (q) => {
      await rateWaybills({ q, caller: systemCaller('bench'), now: new Date() }, center, sample, undefined, 'engine');
      engine = JSON.stringify((await q.query(snapshot, [sample])).rows);
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  if (engine !== bulk) throw new Error('the bulk re-rating and the engine disagree on the sample');
  report([
    `**Re-rating after a contract change**: version 2 made effective (POST effect) → job DONE (polled through HTTP, progress steps seen ${steps.join(', ')} of ${job2.progress.total}): ${job2.recordCount.toLocaleString('en')} waybills, ${job2.chargeCount.toLocaleString('en')} charges, history before / after; 500 sampled waybills identical to the engine's`,
    `**${secs(rerate)}** (job ${secs(runMs)})`,
    '≤ 5 s',
  ]);
  }

  // ---------------------------------------------------------------------------------------------
  // 2. review of 10 000 orders with rating against without
  if (PARTS.has('review')) {
  t0 = performance.now();
  await raw.query(
    `insert into tms_order(id, dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, order_date, total_weight, total_volume, total_quantity, total_cases, create_by)
     overriding system value
     select $2 + g, $1, 'RVO' || lpad(g::text, 7, '0'), $3, $4, $5, 'OPEN', current_date, t.w, t.v, t.q, t.q / 10, 'bench'
       from generate_series(1, $6::int) g
       cross join lateral (select sum(1 + (7 * g + 13 * k) % 50) as q, sum((1 + (7 * g + 13 * k) % 50) * 2.5) as w, sum((1 + (7 * g + 13 * k) % 50) * 0.01) as v from generate_series(1, 3) k) t`,
    [center, 2 * BASE, ref.client, src, dst, 2 * REVIEW],
  );
  await raw.query(
    `insert into tms_order_line (dispatch_center_id, order_id, pos_no, item_id, item_code, item_name, quantity, weight, volume, cases, create_by)
     select $1, $2 + g, p, i.id, i.code, i.name, 1 + (7 * g + 13 * p) % 50, (1 + (7 * g + 13 * p) % 50) * 2.5, (1 + (7 * g + 13 * p) % 50) * 0.01, (1 + (7 * g + 13 * p) % 50) / 10, 'bench'
       from generate_series(1, $3::int) g cross join generate_series(1, 3) p join base_item i on i.id = case when p = 2 then $5::bigint else $4::bigint end`,
    [center, 2 * BASE, 2 * REVIEW, ref.items[0], ref.items[1] ?? ref.items[0]],
  );
  await raw.query(`select setval(pg_get_serial_sequence('tms_order', 'id'), (select max(id) from tms_order))`);
  await raw.query(`vacuum analyze tms_order`);
  await raw.query(`vacuum analyze tms_order_line`);
  log(t0, 'orders to review');
  const a = Array.from({ length: REVIEW }, (_, i) => 2 * BASE + 1 + i);
  const b = Array.from({ length: REVIEW }, (_, i) => 2 * BASE + REVIEW + 1 + i);
  if (!financeReview) throw new Error('finance subscription to order.reviewed not found');
  const fr = financeReview as NonNullable<typeof financeReview>;
  // the rating's own time inside the review: its handler, timed (put on the bus in its place, in the same order)
  let ratingMs = 0;
  const inner = fr.handler;
  fr.off();
  fr.handler = async (ctx, payload) => {
    const t = performance.now();
    try {
      await inner(ctx, payload);
    } finally {
      ratingMs += performance.now() - t;
    }
  };
  fr.off = app.events.on(fr.name, fr.handler);
  const ratingInside: number[] = [];
  const review = async (ids: number[], rating: boolean): Promise<number> => {
    if (!rating) fr.off();
    try {
      ratingMs = 0;
      const t = performance.now();
      await call('POST', '/api/order/order/review', { ids });
      const ms = performance.now() - t;
      if (rating) ratingInside.push(ratingMs);
      const rated = Number((await raw.query(`select count(*)::int as n from fin_waybill_rating r join tms_waybill w on w.id = r.waybill_id where w.order_id = any($1::bigint[]) and r.state = 'RATED'`, [ids])).rows[0].n);
      if (rated !== (rating ? ids.length : 0)) throw new Error(`review ${rating ? 'with' : 'without'} rating: ${rated} rated`);
      return ms;
    } finally {
      if (!rating) fr.off = app.events.on(fr.name, fr.handler);
    }
  };
  const retract = (ids: number[]) => call('POST', '/api/order/order/retract', { ids });
  const without: number[] = [];
  const withRating: number[] = [];
  const rest: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r > 0) {
      await retract(a);
      await retract(b);
    }
    // alternate: a without and b with, then a with and b without
    const [x, y] = r % 2 === 0 ? [a, b] : [b, a];
    without.push(await review(x, false));
    withRating.push(await review(y, true));
    rest.push(withRating.at(-1)! - ratingInside.at(-1)!);
    console.error(`round ${r + 1}: with ${secs(withRating.at(-1)!)} (rating ${secs(ratingInside.at(-1)!)}), without ${secs(without.at(-1)!)}`);
  }
  const med = (xs: number[]) => {
    const s = [...xs].sort((p, q) => p - q);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const last = ROUNDS % 2 === 0 ? a : b;
  const charges = Number((await raw.query(`select count(*)::int as n from fin_charge c join tms_waybill w on w.id = c.waybill_id where w.order_id = any($1::bigint[])`, [last])).rows[0].n);
  report([
    `**Review of ${REVIEW.toLocaleString('en')} orders** in one request (3 lines each), with rating (${charges.toLocaleString('en')} charges with their traces) / without (finance's subscription off the bus); ${ROUNDS} rounds in alternate order, medians (${withRating.map(secs).join(', ')} / ${without.map(secs).join(', ')})`,
    `${secs(med(withRating))} / ${secs(med(without))} = **+${((med(withRating) / med(without) - 1) * 100).toFixed(1)} %**`,
    '≤ +20 %',
  ]);
  report([
    `… the rating inside each review with rating (its handler timed) against the rest of the same request (${ratingInside.map(secs).join(', ')} / ${rest.map(secs).join(', ')})`,
    `${secs(med(ratingInside))} / ${secs(med(rest))} = **+${(med(ratingInside.map((x, i) => x / rest[i]!)) * 100).toFixed(1)} %** (median of the rounds' ratios)`,
    '≤ +20 %',
  ]);
  }

  // ---------------------------------------------------------------------------------------------
  // 3. the quote with 5 000 effective rate lines
  if (PARTS.has('quote')) {
  t0 = performance.now();
  const carriers = QUOTE_LINES / 100;
  const types = (await raw.query(`select id, code from fin_charge_type order by sort_order limit 10`)).rows as { id: number; code: string }[];
  const stations = (await raw.query(`select id from base_station order by id limit 5`)).rows.map((r) => Number(r.id));
  await raw.query(`insert into base_carrier(id, code, name, effective, create_by) overriding system value select $1 + k, 'RBC' || lpad(k::text, 3, '0'), '压测承运商 ' || k, true, 'bench' from generate_series(1, $2::int) k`, [BASE, carriers]);
  await raw.query(
    `insert into fin_contract(id, dispatch_center_id, code, name, kind, carrier_id, currency, valid_from, valid_to, status, create_by) overriding system value
     select $2 + k, $1, 'KRB' || lpad(k::text, 3, '0'), '压测应付合同 ' || k, 'PAYABLE', $2 + k, 'CNY', '2020-01-01', '2099-12-31', 'EFFECTIVE', 'bench' from generate_series(1, $3::int) k`,
    [center, BASE, carriers],
  );
  // 10 lanes (from: any or one of 4 stations × to: any or the second station) × 10 charge types; prices vary by contract
  await raw.query(
    `insert into fin_rate_line(contract_id, charge_type_id, basis, from_station_id, to_station_id, unit_price, breaks, min_amount, rounding_step, create_by)
     select $1 + k, t.id, 'KG', case when lane % 5 = 0 then null else ($2::bigint[])[lane % 5] end, case when lane < 5 then null else $3::bigint end,
            case when t.n % 2 = 0 then 0.3 + k / 100.0 end, case when t.n % 2 = 1 then '0-500:' || (50 + k) || ' flat; 500-2000:' || (0.5 + k / 200.0) || '; 2000-:' || (0.45 + k / 200.0) end,
            10 + k % 7, 1, 'bench'
       from generate_series(1, $4::int) k cross join generate_series(0, 9) lane
       cross join (select id, row_number() over (order by id) as n from unnest($5::bigint[]) as x(id)) t`,
    [BASE, stations.slice(0, 4), dst, carriers, types.map((x) => x.id)],
  );
  await raw.query(`vacuum analyze fin_rate_line`);
  const lines = Number((await raw.query(`select count(*)::int as n from fin_rate_line l join fin_contract c on c.id = l.contract_id where c.status = 'EFFECTIVE' and c.kind = 'PAYABLE'`)).rows[0].n);
  log(t0, 'quote contracts');
  const body = { kind: 'PAYABLE', from: { stationId: src }, to: { stationId: dst }, quantities: { weightKg: 1234.5, volumeM3: 3.2, pieces: 40 }, date: new Date().toISOString().slice(0, 10) };
  const quotes = await call<{ total: string; charges: unknown[] }[]>('POST', '/api/finance/quote', body);
  if (quotes.length < carriers) throw new Error(`quote answered ${quotes.length} contracts`);
  const quote = await median(21, () => call('POST', '/api/finance/quote', body), 3);
  report([
    `**Quote** (payable, every carrier in scope) with ${lines.toLocaleString('en')} effective rate lines in ${carriers} contracts: ${quotes.length} priced (up to ${Math.max(...quotes.map((x) => x.charges.length))} charges each), cheapest first, traces in words — HTTP p50 of 21`,
    `**${(quote).toFixed(1)} ms**`,
    '≤ 100 ms',
  ]);
  }

  await app.close();
  await appDb.close();
  await raw.end();
  await closeBench(DB_NAME, results, `${os.cpus().length} cores, `);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
