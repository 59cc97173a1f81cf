/**
 * Plans of the statements keyed in session 15 (issue 20, branch key21), before / after: each statement as the server
 * sends it before (the tree at BENCH_BEFORE_ROOT, default /work/main) and after (this tree), `EXPLAIN (ANALYZE)` 7 times
 * each, alternately, the median execution time. Run on a database of `bench/orders.ts` (BENCH_DB_URL, e.g. 200,000
 * orders with the demo operation: `BENCH_ORDERS=200000 BENCH_DB_NAME=… BENCH_GENERATE_ONLY=1 npx tsx bench/orders.ts`),
 * where the demo's records, all of one center, are made a twentieth of their tables as in production (bench/README.md,
 * session 15, says how: 3 tracking rows per generated order, the demo's waybills copied into the 19 other centers):
 * `BENCH_DB_URL=postgres://…/db npx tsx bench/key21-plans.ts`. Prints a Markdown table.
 */
import pg from 'pg';
import { shipmentRows as afterRows, progressSql as afterProgress } from '../apps/server/src/modules/portal/tracking-links.ts';

const url = process.env.BENCH_DB_URL;
if (!url) throw new Error('BENCH_DB_URL');
const beforeRoot = process.env.BENCH_BEFORE_ROOT ?? '/work/main';
const before = (await import(`${beforeRoot}/apps/server/src/modules/portal/tracking-links.ts`)) as { shipmentRows: (w: string) => string; progressSql: (o: string, f?: string) => string };
const c = new pg.Client({ connectionString: url });
await c.connect();

// a shipped order of the demo operation (center 1), its client; the client's orders in every center
const o = (await c.query<{ id: string; center: string; client: string }>(
  `select o.id, o.dispatch_center_id as center, o.client_id as client from tms_order o join tms_waybill w on w.order_id = o.id join tms_shipment s on s.id = w.shipment_id
    where s.status in ('SHIPPED', 'COMPLETED') order by o.id desc limit 1`,
)).rows[0]!;
const waybills = (await c.query<{ id: string }>(`select id from tms_waybill where dispatch_center_id = $1 order by id desc limit 2`, [o.center])).rows.map((r) => r.id);
const alerts = (await c.query<{ id: string }>(`select id from shipment_alert where dispatch_center_id = $1 order by id desc limit 3`, [o.center])).rows.map((r) => r.id);
const EVENTS = ['ORDER_CREATE', 'ORDER_IMPORT', 'ORDER_REVIEW', 'ORDER_CANCEL', 'WAYBILL_SPLIT', 'SHIPMENT_SHIP', 'SHIPMENT_ARRIVE', 'SHIPMENT_DEPART', 'SHIPMENT_ARRIVING', 'SHIPMENT_FINISH', 'EPOD_REPORT', 'EPOD_AUDIT'];
const orderSelect = (progress: (o: string) => string) => `select o.id, o.dispatch_center_id, o.code, o.client_id, c.name as client_name, o.status, ${progress('o')} as progress
  from tms_order o join base_client c on c.id = o.client_id`;

const cases: { name: string; before: [string, unknown[]]; after: [string, unknown[]] }[] = [
  {
    name: 'portal order list, a client\'s first page of 10 (67,000 orders in 20 centers), with each row\'s progress',
    before: [`${orderSelect((x) => before.progressSql(x))} where o.client_id = any($1::bigint[]) order by o.id desc limit 10`, [[o.client]]],
    after: [`${orderSelect((x) => afterProgress(x))} where o.client_id = any($1::bigint[]) order by o.id desc limit 10`, [[o.client]]],
  },
  {
    name: 'portal order detail: the timeline',
    before: [`select t.operation_time, t.operation_type, t.related_code from tms_order_tracking t
        where (t.order_id = $1 or t.waybill_id in (select id from tms_waybill where order_id = $1) or ${before.shipmentRows('w.order_id = $1')}) and t.operation_type = any($2) order by t.operation_time, t.id`, [o.id, EVENTS]],
    after: [`select t.operation_time, t.operation_type, t.related_code from tms_order_tracking t
        where (t.order_id = $1 or t.waybill_id = any(array(select id from tms_waybill where order_id = $1 and dispatch_center_id = $3)) or ${afterRows('w.order_id = $1 and w.dispatch_center_id = $3')})
          and t.operation_type = any($2) and t.dispatch_center_id = $3 order by t.operation_time, t.id`, [o.id, EVENTS, o.center]],
  },
  {
    name: 'portal order detail: waybills with stop ETA and last position',
    before: [`select w.id, s.shipment_code, st.eta, p.lng from tms_waybill w left join tms_shipment s on s.id = w.shipment_id
         left join lateral (select eta, ata from tms_shipment_stop x where x.shipment_id = s.id and x.station_id = w.dest_station_id order by seq desc limit 1) st on true
         left join lateral (select lng, lat, reported_at, speed from tms_position x where x.shipment_id = s.id and s.status in ('SHIPPED', 'COMPLETED') order by reported_at desc limit 1) p on true
        where w.order_id = $1 order by w.id`, [o.id]],
    after: [`select w.id, s.shipment_code, st.eta, p.lng from tms_waybill w left join tms_shipment s on s.id = w.shipment_id and s.dispatch_center_id = w.dispatch_center_id
         left join lateral (select eta, ata from tms_shipment_stop x where x.shipment_id = s.id and x.dispatch_center_id = s.dispatch_center_id and x.station_id = w.dest_station_id order by seq desc limit 1) st on true
         left join lateral (select lng, lat, reported_at, speed from tms_position x where x.shipment_id = s.id and x.dispatch_center_id = s.dispatch_center_id and s.status in ('SHIPPED', 'COMPLETED') order by reported_at desc limit 1) p on true
        where w.order_id = $1 and w.dispatch_center_id = $2 order by w.id`, [o.id, o.center]],
  },
  {
    name: 'portal order detail: the lines',
    before: [`select pos_no, item_code, quantity from tms_order_line where order_id = $1 order by pos_no`, [o.id]],
    after: [`select pos_no, item_code, quantity from tms_order_line where order_id = $1 and dispatch_center_id = $2 order by pos_no`, [o.id, o.center]],
  },
  {
    name: 'the notification outbox: an alert\'s waybills',
    before: [`select w.client_id, w.id, s.shipment_code, a.id from shipment_alert a join tms_shipment s on s.id = a.shipment_id join tms_waybill w on w.shipment_id = s.id
        where a.id = any($1::bigint[]) order by a.id, w.id`, [alerts]],
    after: [`select w.client_id, w.id, s.shipment_code, a.id from shipment_alert a join tms_shipment s on s.id = a.shipment_id and s.dispatch_center_id = a.dispatch_center_id
         join tms_waybill w on w.shipment_id = s.id and w.dispatch_center_id = s.dispatch_center_id
        where a.id = any($1::bigint[]) and a.dispatch_center_id = any($2::bigint[]) order by a.id, w.id`, [alerts, [o.center]]],
  },
  {
    name: 'waybill split: the totals of two waybills from their lines',
    before: [`select w.id, (select coalesce(sum(weight), 0) from tms_waybill_line l where l.waybill_id = w.id) from tms_waybill w where w.id = any($1::bigint[])`, [waybills]],
    after: [`select w.id, (select coalesce(sum(weight), 0) from tms_waybill_line l where l.waybill_id = w.id and l.dispatch_center_id = w.dispatch_center_id) from tms_waybill w where w.id = any($1::bigint[]) and w.dispatch_center_id = $2`, [waybills, o.center]],
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function run(sql: string, params: unknown[]): Promise<{ ms: number; plan: string }> {
  const r = await c.query<{ 'QUERY PLAN': { 'Execution Time': number; Plan: Record<string, unknown> }[] }>(`explain (analyze, format json) ${sql.replace(/^/, '')}`, params);
  const p = r.rows[0]!['QUERY PLAN'][0]!;
  const names: string[] = [];
  const walk = (n: Record<string, unknown>) => {
    if (n['Index Name']) names.push(`${n['Node Type']} ${n['Index Name']}`);
    else if (String(n['Node Type']).includes('Scan')) names.push(`${n['Node Type']} ${n['Relation Name'] ?? ''}`);
    for (const k of (n.Plans as Record<string, unknown>[] | undefined) ?? []) walk(k);
  };
  walk(p.Plan);
  return { ms: p['Execution Time'], plan: [...new Set(names)].join(', ') };
}
console.log(`order ${o.id} (center ${o.center}), client ${o.client}; load ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' / ')}`);
console.log('| statement | before ms | after ms | plan after |\n|---|---:|---:|---|');
for (const k of cases) {
  const b: number[] = [];
  const a: number[] = [];
  let plan = '';
  let planBefore = '';
  for (let i = 0; i < 7; i++) {
    const x = await run(...k.before);
    b.push(x.ms);
    planBefore = x.plan;
    const y = await run(...k.after);
    a.push(y.ms);
    plan = y.plan;
  }
  console.log(`| ${k.name} | ${median(b).toFixed(3)} | ${median(a).toFixed(3)} | ${plan}${plan === planBefore ? ' (same as before)' : ` (before: ${planBefore})`} |`);
}
await c.end();
