/**
 * Settlement benchmarks (issue 15): the statements of a month with 200 000 charge lines across 500 parties
 * (≤ 10 s), and the aging report over 3 years of invoices (≤ 200 ms). Run: `npm run bench:settlement`
 * (= `npx tsx bench/settlement.ts`; a PostgreSQL server: BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; a fresh database `tms_bench_settlement`, dropped at the end).
 * BENCH_PARTIES and BENCH_LINES change the size, BENCH_HISTORY_MONTHS the stated history (3); BENCH_KEEP=1 keeps the database (to EXPLAIN its queries),
 * and BENCH_REUSE=1 measures again on the kept one (its generated month deleted first) instead of generating new data. Prints a Markdown table for bench/README.md ("Settlement").
 *
 * Data, set-based (generate_series), in SH01, period = last calendar month:
 * - 500 clients with an effective receivable contract each; their settlement terms cycle through the five
 *   billable events (review, ship, epod signed, epod audited, paper receipt returned), every tenth one with
 *   the cut-off day 25.
 * - 100 000 reviewed waybills (own order, 10 a dispatch order, an audited epod, a returned paper receipt)
 *   whose event happened in the period (Asia/Shanghai days 1–25), 2 charges each (freight, fuel, with a
 *   rating trace): the 200 000 billable lines. Plus 10 000 waybills (20 000 charges) whose event has not
 *   happened by the period's end (reviewed next month, not shipped, epod signed next month / not audited,
 *   receipt not returned): generation must leave them out.
 * - 3 years of history before the period: one settled or invoiced statement per party and month, two
 *   invoices each (36 000), payments written off against them (fully for the old ones, with some long
 *   overdue and half-paid ones; the last three months partly open).
 * - the last BENCH_HISTORY_MONTHS of that history with their charges (LINES a month) on their statements' lines:
 *   stated long ago, which generation must not read or take again (historyCharges).
 * Figures: the generation job for every party through HTTP (POST generate, then the job polled until
 * DONE), checked (statements, lines, per-party sums exact against the charges); generating again (creates
 * nothing); the aging report through HTTP against the hand-written SQL of the same aggregation (p50).
 */
import pg from 'pg';
import { openPg } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { seed } from '../apps/server/src/modules/system/seed.ts';
import { admin, ADMIN_URL, closeBench, median, serveAdmin } from './kit.ts';

const DB_NAME = process.env.BENCH_DB_NAME ?? 'tms_bench_settlement';
const PARTIES = Number(process.env.BENCH_PARTIES ?? 500);
const LINES = Number(process.env.BENCH_LINES ?? 200_000);
const MONTHS = 36;
const BASE = 1_000_000; // generated ids start here, above the seed's
/** the last months of the history have their charges and statement lines (LINES a month): what generation must not read again */
const HISTORY_MONTHS = Number(process.env.BENCH_HISTORY_MONTHS ?? 3);
const HB = 2 * BASE; // ids of the history's orders and waybills
const results: [string, string, string][] = [];

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The period (last calendar month), its first day and the first day of the next one. */
function period(): { period: string; first: string; next: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { period: first.toISOString().slice(0, 7), first: first.toISOString().slice(0, 10), next: next.toISOString().slice(0, 10) };
}

const log = (t0: number, what: string) => console.error(`${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

/** a charge's rating trace as rating writes it (k: the party, ct: its charge type, a.amount: its amount) */
const TRACE = `jsonb_build_object('contractId', contract_id, 'contractCode', 'KSB' || lpad(k::text, 4, '0'), 'contractVersion', 1, 'rateLineId', 0, 'chargeType', ct.code,
              'lane', jsonb_build_object('from', jsonb_build_object('kind', 'STATION', 'id', 1), 'to', jsonb_build_object('kind', 'DISTRICT', 'id', 310000)),
              'chosen', jsonb_build_object('specificity', 3, 'fromRank', 2, 'toRank', 1, 'candidates', jsonb_build_array(jsonb_build_object('rateLineId', 0, 'specificity', 3))),
              'basis', 'WEIGHT', 'quantity', '250.000', 'roundingStep', null, 'roundedQuantity', '250.000',
              'tier', jsonb_build_object('index', 1, 'from', '100', 'to', '1000', 'mode', 'UNIT', 'price', '0.6000'),
              'formula', jsonb_build_object('kind', 'UNIT', 'unitPrice', '0.6000'), 'computed', a.amount::text, 'limit', null, 'amount', a.amount::text)`;
/** two charges a waybill: freight and fuel, their amounts from the waybill's number g */
const TWO_CHARGES = `cross join (values ('FREIGHT'), ('FUEL')) x(code)
       join fin_charge_type ct on ct.code = x.code
       cross join lateral (select case when x.code = 'FREIGHT' then 100 + ((g * 37) % 90000)::numeric / 100 else 5 + ((g * 13) % 5000)::numeric / 100 end as amount) a`;

/** Parties, contracts, waybills with their events, charges (see the header). */
async function generate(db: pg.PoolClient, center: number, p: ReturnType<typeof period>): Promise<void> {
  const waybills = LINES / 2;
  let t0 = performance.now();
  const ref = (await db.query(`select (select id from base_station where code = 'S-SH-01') as src, (select id from base_station where code = 'S-SH-02') as dst, (select id from base_carrier where code = 'CR001') as carrier`)).rows[0];
  await db.query(
    `create temporary table bp as
     select k, $2::bigint + k as party_id, $2::bigint + k as contract_id,
            (array['REVIEW', 'SHIP', 'EPOD_SIGNED', 'EPOD_AUDITED', 'RECEIPT_RETURNED'])[1 + k % 5] as ev, case when k % 10 = 3 then 25 end as cut
       from generate_series(1, $1::int) k`,
    [PARTIES, BASE],
  );
  await db.query(`insert into base_client(id, code, name, effective, create_by) overriding system value select party_id, 'SB' || lpad(k::text, 4, '0'), '压测客户 ' || k, true, 'bench' from bp`);
  await db.query(
    `insert into fin_contract(id, dispatch_center_id, code, name, kind, client_id, currency, valid_from, valid_to, status, create_by) overriding system value
     select contract_id, $1, 'KSB' || lpad(k::text, 4, '0'), '压测合同 ' || k, 'RECEIVABLE', party_id, 'CNY', '2020-01-01', '2099-12-31', 'EFFECTIVE', 'bench' from bp`,
    [center],
  );
  await db.query(`insert into fin_settle_term(contract_id, settle_event, cut_off_day, create_by) select contract_id, ev, cut, 'bench' from bp`);
  // waybill g, dispatch order s (10 waybills each); t: the moment of its event (billable: day 1–25 of the period; else next month)
  await db.query(
    `create temporary table bw as
     select g, s, b.k, b.party_id, b.contract_id, b.ev, g <= $2 as billable,
            (case when g <= $2 then $3::date + (s % 25) else $4::date + (s % 20) end + make_interval(hours => 8 + s % 12, mins => s % 60))::timestamp at time zone 'Asia/Shanghai' as t
       from generate_series(1, $1::int) g
       cross join lateral (select (g - 1) / 10 + 1 as s) x
       join bp b on b.k = 1 + g % $5`,
    [waybills + waybills / 10, waybills, p.first, p.next, PARTIES],
  );
  await db.query(`alter table bw add primary key (g)`);
  log(t0, 'parties');
  t0 = performance.now();
  await db.query(
    `insert into tms_order(id, dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, order_date, total_weight, total_volume, total_quantity, total_cases, create_by, create_time)
     overriding system value
     select $2 + g, $1, 'SBO' || lpad(g::text, 7, '0'), party_id, $3, $4, 'EFFECTIVE', (t - interval '1 day')::date, 250, 1.2, 20, 20, 'bench', t - interval '1 day' from bw`,
    [center, BASE, ref.src, ref.dst],
  );
  await db.query(
    `insert into tms_shipment(id, dispatch_center_id, shipment_code, status, carrier_id, atd, total_weight, create_by, create_time) overriding system value
     select $2 + s, $1, 'SBS' || lpad(s::text, 6, '0'), case when bool_and(billable) then 'SHIPPED' else 'EFFECTIVE' end, $3, case when bool_and(billable) then min(t) end, 2500, 'bench', min(t) - interval '1 day'
       from bw group by s`,
    [center, BASE, ref.carrier],
  );
  // a shipped waybill has its own departure on every other one; the rest take their dispatch order's
  await db.query(
    `insert into tms_waybill(id, dispatch_center_id, code, order_id, order_code, status, client_id, shipment_id, shipment_code, carrier_id, source_station_id, dest_station_id, atd,
                             total_weight, total_volume, total_quantity, total_cases, audit_by, audit_time, create_by, create_time)
     overriding system value
     select $2 + g, $1, 'SBW' || lpad(g::text, 7, '0'), $2 + g, 'SBO' || lpad(g::text, 7, '0'), 'REVIEWED', party_id, $2 + s, 'SBS' || lpad(s::text, 6, '0'), $3, $4, $5,
            case when billable and g % 2 = 1 then t end, 250, 1.2, 20, 20, 'bench', t - interval '1 hour', 'bench', t - interval '1 hour'
       from bw`,
    [center, BASE, ref.carrier, ref.src, ref.dst],
  );
  await db.query(
    `insert into tms_epod(dispatch_center_id, code, shipment_id, shipment_code, waybill_id, waybill_code, order_id, order_code, client_id, carrier_id, station_id, status,
                          report_source, report_time, sign_time, audit_by, audit_time, create_by, create_time)
     select $1, 'SBE' || lpad(g::text, 7, '0'), $2 + s, 'SBS' || lpad(s::text, 6, '0'), $2 + g, 'SBW' || lpad(g::text, 7, '0'), $2 + g, 'SBO' || lpad(g::text, 7, '0'), party_id, $3, $4,
            case when billable then 'AUDITED' else 'REPORTED' end, 'DRIVER', t + interval '1 hour', t + interval '1 hour',
            case when billable then 'bench' end, case when billable then t + interval '2 hours' end, 'bench', t - interval '1 hour'
       from bw`,
    [center, BASE, ref.carrier, ref.dst],
  );
  await db.query(
    `insert into fin_paper_receipt(dispatch_center_id, waybill_id, waybill_code, client_id, status, signed_time, returned_time, create_by, create_time)
     select $1, $2 + g, 'SBW' || lpad(g::text, 7, '0'), party_id, case when billable then 'RETURNED' else 'SIGNED' end, t + interval '1 hour', case when billable then t + interval '3 hours' end, 'bench', t - interval '1 hour'
       from bw`,
    [center, BASE],
  );
  log(t0, 'orders, dispatch orders, waybills, epods, receipts');
  t0 = performance.now();
  // two charges a waybill, priced by a rate line as rating prices them (the trace as rating writes it)
  await db.query(
    `insert into fin_charge(dispatch_center_id, waybill_id, kind, contract_id, contract_version, charge_type_id, charge_type_code, currency, amount, tax_rate, trace, create_by, create_time)
     select $1, $2 + g, 'RECEIVABLE', contract_id, 1, ct.id, ct.code, 'CNY', a.amount, ct.tax_rate,
            ${TRACE},
            case when billable then 'bench' else 'bench-later' end, case when ev = 'REVIEW' then t else t - interval '1 hour' end
       from bw
       ${TWO_CHARGES}`,
    [center, BASE],
  );
  log(t0, 'charges');
  t0 = performance.now();
  await history(db, center, p);
  log(t0, 'history (statements, invoices, payments)');
  t0 = performance.now();
  for (const t of ['base_client', 'fin_contract', 'tms_order', 'tms_shipment', 'tms_waybill']) await db.query(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
  for (const t of ['tms_order', 'tms_shipment', 'tms_waybill', 'tms_epod', 'fin_paper_receipt', 'fin_charge', 'fin_contract', 'fin_settle_term', 'fin_statement', 'fin_statement_line', 'fin_invoice', 'fin_invoice_statement', 'fin_payment', 'fin_payment_writeoff'])
    await db.query(`vacuum analyze ${t}`);
  log(t0, 'vacuum analyze');
}

/**
 * 3 years before the period: a statement per party and month (SETTLED, or INVOICED while open), two
 * invoices each, one payment per invoice written off against it — fully, except: every 37th old invoice
 * unpaid (> 90 days), every 23rd half paid; of the last three months, a third, half and all still open.
 */
async function history(db: pg.PoolClient, center: number, p: ReturnType<typeof period>): Promise<void> {
  await db.query(
    `create temporary table bh as
     select b.k, b.party_id, b.cut, m, n, j, mf,
            to_char(mf, 'YYYY-MM') as period,
            case when b.cut is null then mf else (mf - interval '1 month')::date + b.cut end as pfrom,
            case when b.cut is null then (mf + interval '1 month')::date - 1 else mf + (b.cut - 1) end as pto,
            tot.total,
            case when j = 1 then round(tot.total / 2, 2) else tot.total - round(tot.total / 2, 2) end as amount,
            (mf + interval '1 month')::date + 2 + b.k % 7 as invoice_date
       from bp b
       cross join generate_series(1, $1::int) m
       cross join lateral (select ($2::date - make_interval(months => m))::date as mf, (b.k - 1) * $1 + m as n) x
       cross join lateral (select (2000 + (b.k * 97 + m * 31) % 80000 + ((b.k + m) % 100)::numeric / 100)::numeric(18,2) as total) tot
       cross join generate_series(1, 2) j`,
    [MONTHS, p.first],
  );
  await db.query(
    `alter table bh add column written_off numeric(18,2);
     update bh set written_off = case
         when m >= 4 and (k * 7 + m) % 37 = 0 then 0
         when m >= 4 and (k + m) % 23 = 0 then round(amount / 2, 2)
         when m >= 4 then amount
         when m = 3 and k % 3 = 0 then 0
         when m = 2 and k % 2 = 0 then amount
         when m = 3 then amount
         else 0 end`,
  );
  await db.query(
    `insert into fin_statement(id, dispatch_center_id, code, kind, client_id, party_id, period, period_from, period_to, currency, status, line_count, charge_amount, total_amount,
                               invoiced_amount, paid_amount, sent_time, confirmed_by, confirmed_time, create_by, create_time)
     select $2 + n, $1, 'ARH' || replace(period, '-', '') || '-' || lpad(k::text, 4, '0'), 'RECEIVABLE', party_id, party_id, period, pfrom, pto, 'CNY',
            case when sum(written_off) = total then 'SETTLED' else 'INVOICED' end, 400, total, total, total, sum(written_off),
            pto + 1, 'bench', pto + 2, 'bench', pto + 1
       from bh group by n, k, party_id, period, pfrom, pto, total`,
    [center, BASE],
  );
  await historyCharges(db, center, p);
  await db.query(
    `insert into fin_invoice(id, dispatch_center_id, kind, client_id, party_id, invoice_no, invoice_date, invoice_type, amount, tax_rate, tax_amount, written_off, create_by, create_time)
     select $2 + 2 * n + j, $1, 'RECEIVABLE', party_id, party_id, 'INV' || replace(period, '-', '') || lpad(k::text, 4, '0') || j, invoice_date, case when k % 3 = 0 then 'ORDINARY' else 'SPECIAL' end,
            amount, 9, round(amount * 9 / 109, 2), written_off, 'bench', invoice_date
       from bh`,
    [center, BASE],
  );
  await db.query(`insert into fin_invoice_statement(invoice_id, statement_id, amount) select $1 + 2 * n + j, $1 + n, amount from bh`, [BASE]);
  await db.query(
    `insert into fin_payment(id, dispatch_center_id, kind, client_id, party_id, payment_no, pay_date, amount, applied, method, create_by, create_time)
     select $2 + 2 * n + j, $1, 'RECEIVABLE', party_id, party_id, 'PAY' || replace(period, '-', '') || lpad(k::text, 4, '0') || j, invoice_date + 30 + k % 30, written_off, written_off, 'TRANSFER', 'bench', invoice_date + 30
       from bh where written_off > 0`,
    [center, BASE],
  );
  await db.query(`insert into fin_payment_writeoff(payment_id, invoice_id, amount, create_by) select $1 + 2 * n + j, $1 + 2 * n + j, written_off, 'bench' from bh where written_off > 0`, [BASE]);
  for (const t of ['fin_statement', 'fin_invoice', 'fin_payment']) await db.query(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
}

/**
 * The charges of the last HISTORY_MONTHS months before the period, LINES a month (two a waybill, with their
 * orders and waybills), each on a line of its party's statement of that month: stated long ago, billable
 * (their event happened before the period) but in a live statement, so generation leaves them out.
 */
async function historyCharges(db: pg.PoolClient, center: number, p: ReturnType<typeof period>): Promise<void> {
  const t0 = performance.now();
  await db.query(
    `create temporary table bhw as
     select g, b.k, b.party_id, b.contract_id, $4::bigint + (b.k - 1) * $5 + m as statement_id,
            (($3::date - make_interval(months => m))::date + (g % 25) + time '10:00')::timestamp at time zone 'Asia/Shanghai' as t
       from generate_series(1, $1::int * $2::int) g
       cross join lateral (select 1 + (g - 1) / $2 as m) x
       join bp b on b.k = 1 + g % $6`,
    [HISTORY_MONTHS, LINES / 2, p.first, BASE, MONTHS, PARTIES],
  );
  const stations = `(select id from base_station where code = 'S-SH-01'), (select id from base_station where code = 'S-SH-02')`;
  await db.query(
    `insert into tms_order(id, dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, order_date, total_weight, create_by, create_time) overriding system value
     select $2 + g, $1, 'SBHO' || lpad(g::text, 7, '0'), party_id, ${stations}, 'EFFECTIVE', t::date, 250, 'bench', t from bhw`,
    [center, HB],
  );
  await db.query(
    `insert into tms_waybill(id, dispatch_center_id, code, order_id, order_code, status, client_id, source_station_id, dest_station_id, total_weight, audit_by, audit_time, create_by, create_time)
     overriding system value
     select $2 + g, $1, 'SBHW' || lpad(g::text, 7, '0'), $2 + g, 'SBHO' || lpad(g::text, 7, '0'), 'REVIEWED', party_id, ${stations}, 250, 'bench', t, 'bench', t from bhw`,
    [center, HB],
  );
  await db.query(
    `insert into fin_charge(dispatch_center_id, waybill_id, kind, contract_id, contract_version, charge_type_id, charge_type_code, currency, amount, tax_rate, trace, create_by, create_time)
     select $1, $2 + g, 'RECEIVABLE', contract_id, 1, ct.id, ct.code, 'CNY', a.amount, ct.tax_rate,
            ${TRACE},
            'bench-history', t
       from bhw
       ${TWO_CHARGES}`,
    [center, HB],
  );
  await db.query(
    `insert into fin_statement_line(statement_id, line_type, charge_id, waybill_id, waybill_code, charge_type_code, event_date, amount, tax_rate, create_by)
     select h.statement_id, 'CHARGE', c.id, c.waybill_id, 'SBHW' || lpad(h.g::text, 7, '0'), c.charge_type_code, (h.t at time zone 'Asia/Shanghai')::date, c.amount, c.tax_rate, 'bench'
       from fin_charge c join bhw h on c.waybill_id = $1 + h.g
      where c.create_by = 'bench-history'
      order by h.statement_id, c.id`,
    [HB],
  );
  log(t0, `history charges (${HISTORY_MONTHS} months, stated)`);
}

/** BENCH_REUSE=1: the database a BENCH_KEEP=1 run kept, its generated month taken back, instead of new data */
const REUSE = process.env.BENCH_REUSE === '1';

async function main() {
  const p = period();
  if (!REUSE)
    await admin(async (c) => {
      await c.query(`drop database if exists ${DB_NAME} with (force)`);
      await c.query(`create database ${DB_NAME}`);
    });
  const u = new URL(ADMIN_URL);
  u.pathname = '/' + DB_NAME;
  const url = u.toString();
  const appDb = await openPg(url);
  await migrate(appDb);
  await seed(appDb);
  const raw = new pg.Pool({ connectionString: url, max: 2 });
  const center = Number((await raw.query(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0].id);
  const t0 = performance.now();
  const conn = await raw.connect();
  try {
    if (!REUSE) await generate(conn, center, p);
    else {
      await conn.query(`delete from fin_statement where period = $1 and create_by <> 'bench'`, [p.period]);
      for (const t of ['fin_statement', 'fin_statement_line', 'fin_charge_unstated']) await conn.query(`vacuum analyze ${t}`);
      log(t0, `the month taken back (BENCH_REUSE)`);
    }
  } finally {
    conn.release();
  }
  const genData = performance.now() - t0;

  const { app, base, token } = await serveAdmin(appDb);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  type Job = { id: number; status: string; createdCount: number; lineCount: number; error: string | null; progress: { done: number } };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { data: T }).data;
  };

  /** POST generate for every party, then the job polled every 25 ms: [ms to DONE, ms from RUNNING to DONE, job] */
  const generateAll = async (): Promise<[number, number, Job]> => {
    const t = performance.now();
    let job = await call<Job>('POST', '/api/finance/statement/generate', { kind: 'RECEIVABLE', period: p.period });
    let running = 0;
    while (job.status === 'QUEUED' || job.status === 'RUNNING') {
      await new Promise((r) => setTimeout(r, 25));
      job = await call<Job>('GET', `/api/finance/statement/job/${job.id}`);
      if (!running && job.status !== 'QUEUED') running = performance.now();
    }
    if (job.status !== 'DONE') throw new Error(`generation ${job.status}: ${job.error}`);
    const end = performance.now();
    return [end - t, end - (running || t), job];
  };

  // 1. generation of the month, every party, through the job
  const billable = (await raw.query(`select count(*)::int as n, sum(amount)::text as s from fin_charge where create_by = 'bench'`)).rows[0];
  const [gen, run, job] = await generateAll();
  const stated = (
    await raw.query(
      `select count(*)::int as n, sum(line_count)::int as lines, sum(total_amount)::text as total, sum(charge_amount)::text as charges,
              (select count(*)::int from fin_statement_line l join fin_statement s2 on s2.id = l.statement_id where s2.period = $1) as line_rows,
              (select count(*)::int from fin_statement_line l join fin_statement s2 on s2.id = l.statement_id join fin_charge c on c.id = l.charge_id where s2.period = $1 and c.create_by <> 'bench') as strays
         from fin_statement s where period = $1 and status = 'DRAFT'`,
      [p.period],
    )
  ).rows[0];
  // per party: the statement's total against its billable charges, exactly (numeric)
  const mismatched = Number(
    (
      await raw.query(
        `select count(*)::int as n from (select k.client_id as party_id, sum(c.amount) as s from fin_charge c join fin_contract k on k.id = c.contract_id where c.create_by = 'bench' group by k.client_id) x
          full join (select party_id, total_amount from fin_statement where period = $1 and status = 'DRAFT') s on s.party_id = x.party_id
         where x.s is distinct from s.total_amount`,
        [p.period],
      )
    ).rows[0].n,
  );
  const okGen = job.createdCount === PARTIES && job.lineCount === LINES && stated.n === PARTIES && stated.lines === LINES && stated.line_rows === LINES && stated.strays === 0 && stated.total === billable.s && stated.charges === billable.s && mismatched === 0;
  if (!okGen) throw new Error(`generation result wrong: job ${JSON.stringify(job)}, stated ${JSON.stringify(stated)}, billable ${JSON.stringify(billable)}, parties mismatched ${mismatched}`);
  results.push([
    `Statements of ${p.period} for every party: ${PARTIES} statements, ${LINES.toLocaleString('en')} lines of ${(LINES + LINES / 10).toLocaleString('en')} charges, sum ${stated.total} = the billable charges' sum (per party too) — POST generate → job DONE`,
    `**${secs(gen)}** (run ${secs(run)}, the rest the queue's pick-up)`,
    '≤ 10 s',
  ]);
  const [again, , job2] = await generateAll();
  if (job2.createdCount !== 0 || job2.lineCount !== 0) throw new Error(`generating again created ${job2.createdCount}`);
  results.push(['The same period generated again (nothing new created)', secs(again), '']);

  // 2. aging over the 3 years of invoices: HTTP against the hand-written SQL of the same aggregation
  const asOf = new Date().toISOString().slice(0, 10);
  const inv = (await raw.query(`select count(*)::int as n, count(*) filter (where written_off < amount)::int as open, sum(amount - written_off)::text as due from fin_invoice where kind = 'RECEIVABLE' and status = 'VALID'`)).rows[0];
  type Aging = { partyId: number; total: string }[];
  const rows = await call<Aging>('GET', `/api/finance/settlement/aging?kind=RECEIVABLE&asOf=${asOf}`);
  const sumTotal = (await raw.query(`select coalesce(sum(x::numeric), 0)::text as s from unnest($1::text[]) x`, [rows.map((r) => r.total)])).rows[0].s;
  if (sumTotal !== inv.due) throw new Error(`aging total ${sumTotal} ≠ open invoices ${inv.due}`);
  const api = await median(11, () => call('GET', `/api/finance/settlement/aging?kind=RECEIVABLE&asOf=${asOf}`));
  const hand = `select i.party_id, c.name,
                       sum(i.amount - i.written_off) filter (where $3::date - i.invoice_date <= 30),
                       sum(i.amount - i.written_off) filter (where $3::date - i.invoice_date between 31 and 60),
                       sum(i.amount - i.written_off) filter (where $3::date - i.invoice_date between 61 and 90),
                       sum(i.amount - i.written_off) filter (where $3::date - i.invoice_date > 90),
                       sum(i.amount - i.written_off)
                  from fin_invoice i join base_client c on c.id = i.client_id
                 where i.dispatch_center_id = $1 and i.kind = $2 and i.status = 'VALID' and i.written_off < i.amount and i.invoice_date <= $3::date
                 group by i.party_id, c.name order by 7 desc`;
  const sql = await median(11, () => raw.query(hand, [center, 'RECEIVABLE', asOf]));
  results.push([
    `Aging report, every client (${rows.length} rows) over ${inv.n.toLocaleString('en')} invoices of ${MONTHS} months (${inv.open.toLocaleString('en')} open): HTTP vs hand-written SQL, p50 of 11`,
    `**${api.toFixed(1)} ms** / ${sql.toFixed(1)} ms = ${(api / sql).toFixed(2)}×`,
    '≤ 200 ms',
  ]);
  const one = rows[Math.floor(rows.length / 2)]!.partyId;
  const apiOne = await median(11, () => call('GET', `/api/finance/settlement/aging?kind=RECEIVABLE&asOf=${asOf}&partyId=${one}`));
  results.push(['Aging report of one client', `${apiOne.toFixed(1)} ms`, '']);

  await app.close();
  await appDb.close();
  await raw.end();
  await closeBench(DB_NAME, results, REUSE ? `the kept data reused; ` : `data generated in ${secs(genData)}; `);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
