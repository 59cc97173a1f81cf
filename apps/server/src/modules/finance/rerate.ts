/**
 * Bulk re-rating of a contract (issue 14): when a new version of a contract takes effect (the waybills
 * rated with an earlier version of the same code move to it), or on the user's "re-rate open charges"
 * (every waybill whose applicable contract it is), the open charges are priced again as a background job
 * whose progress the contract screen reads.
 *
 * Receivable: set-based SQL, a handful of statements whatever the number of waybills — the candidates
 * (not settled, applicable contract = this one), the history before, the pricing of the rate card in one
 * query (lane match, most specific line per charge type, rounding, break, first / additional weight,
 * minimum / maximum, half-up to the cent, with the same trace as the engine), the charges and states, the
 * history after. It gives the same answers as the pure function `rateMovement` (an API test holds them to
 * each other); review uses it for many waybills (rateWaybillsInSql). The constant part of each trace (contract, line,
 * lane, the line chosen and its candidates, basis, period) is built once per lane and charge type and stored once in
 * fin_charge_basis; a charge row keeps its own figures. Payable: the dispatch orders are rated again by the engine
 * (allocation to waybills), by chunks.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { FinanceApi as C, FREIGHT_CHARGE, getResource, laneRank } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import { requireCaller, type Caller } from '../../platform/auth.ts';
import { systemCaller } from '../../platform/domain-events.ts';
import { mutate } from '../../platform/audit.ts';
import { conflict } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { translate } from '../../platform/i18n.ts';
import { route } from '../../platform/contract.ts';
import { getInScope, type Row } from '../../platform/resource-engine.ts';
import { loadCards, WAYBILL_TO_RATE } from './rating.ts';
import { bulkMemory, newChargeTable, RATED_SOURCES, rateShipments, readRatedCharges, replaceCharges, withoutJit } from './payable.ts';

export const RERATE_JOB = 'finance.contract.rerate';
export const RERATE_STEPS = 5;
const contractDef = getResource('contract');

/** in-process progress of running re-ratings: steps done and records found */
const progress = new Map<number, { done: number; records: number }>();

interface ContractRow { id: number; kind: 'RECEIVABLE' | 'PAYABLE'; code: string; contract_version: number; currency: string; client_id: number | null; carrier_id: number | null; dispatch_center_id: number; status: string }

const contractOf = async (q: Queryable, id: number) =>
  (await q.query<ContractRow>(`select id, kind, code, contract_version, currency, client_id, carrier_id, dispatch_center_id, status from fin_contract where id = $1`, [id])).rows[0];

/**
 * The bulk pricing of the candidates (temp table fin_rr_wb) against the lines (fin_rr_line, fin_rr_tier). The
 * line chosen per charge type (and the candidates it beat) depends only on the lane ends, so it is picked once
 * per distinct lane of the candidates (fin_rr_pick, with the constant part of the trace); each waybill then
 * costs one join and its arithmetic: one charge row per waybill and charge type into fin_new_charge (read by replaceCharges).
 */
const END_MATCH = (lv: string, ref: string, a: string, e: 'f' | 't') => `(${lv} = 'ANY' or (${lv} = 'STATION' and ${ref} = ${a}.${e === 'f' ? 's' : 'd'}) or (${lv} = 'ZONE' and ${ref} = ${a}.${e}z)
     or (${lv} = 'DISTRICT' and ${ref} = ${a}.${e}co) or (${lv} = 'CITY' and ${ref} = ${a}.${e}ci) or (${lv} = 'PROVINCE' and ${ref} = ${a}.${e}pr))`;
const LANE_MATCH = (a: string) => `${END_MATCH('l.fl', 'l.fr', a, 'f')} and ${END_MATCH('l.tl', 'l.tr', a, 't')}
     and (${a}.dt is null or ((l.vf is null or l.vf <= ${a}.dt) and (l.vt is null or l.vt >= ${a}.dt))) and (l.vty is null or l.vty = ${a}.vty)`;
const PICK_SQL = `
create temp table fin_rr_pick as
with m as (
  select la.lk, l.* from fin_rr_lane la join fin_rr_line l on l.cid = la.cid and ${LANE_MATCH('la')}
), ranked as (
  select m.*, row_number() over k as rn,
         jsonb_agg(jsonb_build_object('rateLineId', m.id, 'specificity', m.frank + m.trank)) over (k rows between unbounded preceding and unbounded following) as cands
    from m window k as (partition by m.lk, m.ct order by m.frank + m.trank desc, m.trank desc, (m.vty is not null) desc, m.id)
)
select r.lk, r.cid, r.cver, r.cur, r.id, r.ct, r.ct_id, r.tax, r.basis, r.unit, r.has_tiers, r.fq, r.fp, r.ast, r.ap, r.mn, r.mx, r.rs, r.free, null::bigint as basis_id,
       jsonb_build_object('contractId', r.cid, 'contractCode', r.ccode, 'contractVersion', r.cver, 'rateLineId', r.id, 'chargeType', r.ct, 'lane', r.lane,
         'chosen', jsonb_build_object('specificity', r.frank + r.trank, 'fromRank', r.frank, 'toRank', r.trank, 'candidates', r.cands),
         'basis', r.basis, 'roundingStep', case when r.rs > 0 then trim_scale(r.rs)::text end, 'freeQty', case when r.free > 0 then trim_scale(r.free)::text end, 'vehicleTypeId', r.vty,
         'period', case when r.vf is not null or r.vt is not null then jsonb_build_object('from', r.vf::text, 'to', r.vt::text) end) as fixed
  from ranked r where r.rn = 1`;
/**
 * The pricing; `onFreight`: the second pass, the lines on a percentage of the freight, whose quantity is the
 * FREIGHT charge the first pass priced (0 when none), as the engine does. A charge's amount and trace depend only
 * on the line picked for its lane and charge type, its quantity and where its quantities came from: they are
 * computed once per distinct such key (100,000 waybills of a bench lane: ~20,000 keys for 406,000 charges), then
 * given to every waybill that has it.
 */
const PRICE_SQL = (onFreight: boolean) => `
with m as materialized (
  select w.id as waybill_id, w.dispatch_center_id, p.lk, p.ct, w.signed,
         (p.basis = 'HOUR' and w.wait_hours is not null) as hs, case when p.basis = 'KM' then coalesce(w.km_source, '') else '' end as ks,
         (case p.basis when 'KG' then w.weight when 'TONNE' then w.weight / 1000 when 'M3' then w.volume when 'PIECE' then w.pieces
                       when 'PALLET' then w.pallets when 'TRIP' then 1 when 'STOP' then 1 when 'PCT_VALUE' then coalesce(w.declared_value, 0)
                       when 'HOUR' then coalesce(w.wait_hours, 0) when 'KM' then coalesce(w.km, 0) ${onFreight ? "when 'PCT_FREIGHT' then coalesce(fr.amount, 0)" : ''} else 0 end)::numeric as qty
    from fin_rr_wb w
    join fin_rr_pick p on p.lk = w.lk and p.basis ${onFreight ? '=' : '<>'} 'PCT_FREIGHT'
    ${onFreight ? `left join (select waybill_id, sum(amount) as amount from fin_new_charge where charge_type_code = '${FREIGHT_CHARGE}' group by waybill_id) fr on fr.waybill_id = w.id` : ''}
), keyed as (
  select p.*, d.qty, d.signed, d.hs, d.ks from (select distinct lk, ct, qty, signed, hs, ks from m) d join fin_rr_pick p on p.lk = d.lk and p.ct = d.ct
), chosen as (
  select k.*, case when k.rs > 0 then ceil(k.bq / k.rs) * k.rs else k.bq end as rq
    from (select k.*, case when k.free > 0 then greatest(0, k.qty - k.free) else k.qty end as bq from keyed k) k
), computed as (
  select c.*, t.idx, t.f as tf, t.t as tt, t.mode as tmode, t.price as tprice,
         greatest(0, c.rq - c.fq) as extra,
         case when c.fq is not null and c.ast > 0 then ceil(greatest(0, c.rq - c.fq) / c.ast) else 0 end as steps
    from chosen c left join fin_rr_tier t on c.fq is null and c.has_tiers and t.line = c.id and c.rq >= t.f and (t.t is null or c.rq < t.t)
), valued as (
  select x.*, case when x.fq is not null then x.fp + x.ap * x.steps
                   when x.has_tiers then case when x.tmode = 'FLAT' then x.tprice else x.rq * x.tprice end
                   when x.basis in ('PCT_FREIGHT', 'PCT_VALUE') then x.rq * coalesce(x.unit, 0) / 100
                   else x.rq * coalesce(x.unit, 0) end as computed
    from computed x
), limited as (
  select v.*, case when v.mn is not null and v.computed < v.mn then v.mn else v.computed end as a1 from valued v
), amounts as (
  select l.*, round(case when l.mx is not null and l.a1 > l.mx then l.mx else l.a1 end, 2) as amount from limited l
), priced as materialized (
  select lk, ct, qty, signed, hs, ks, cid, cver, cur, id, ct_id, amount, tax, basis_id,
         jsonb_build_object(
           'quantity', trim_scale(qty)::text, 'roundedQuantity', trim_scale(rq)::text,
           'tier', case when idx is not null then jsonb_build_object('index', idx, 'from', trim_scale(tf)::text, 'to', trim_scale(tt)::text, 'mode', tmode, 'price', trim_scale(tprice)::text) end,
           'formula', case when fq is not null then jsonb_build_object('kind', 'FIRST_ADDITIONAL', 'firstQty', trim_scale(fq)::text, 'firstPrice', trim_scale(fp)::text,
                                   'extraQty', trim_scale(extra)::text, 'addStep', trim_scale(ast)::text, 'steps', steps::int, 'addPrice', trim_scale(ap)::text)
                           when has_tiers and tmode = 'FLAT' then jsonb_build_object('kind', 'TIER_FLAT', 'price', trim_scale(tprice)::text)
                           when has_tiers then jsonb_build_object('kind', 'TIER_UNIT', 'quantity', trim_scale(rq)::text, 'price', trim_scale(tprice)::text)
                           when basis in ('PCT_FREIGHT', 'PCT_VALUE') then jsonb_build_object('kind', 'PERCENT', 'base', trim_scale(rq)::text, 'percent', trim_scale(coalesce(unit, 0))::text)
                           else jsonb_build_object('kind', 'UNIT', 'quantity', trim_scale(rq)::text, 'price', trim_scale(coalesce(unit, 0))::text) end,
           'computed', trim_scale(computed)::text,
           'limit', case when mx is not null and a1 > mx then jsonb_build_object('applied', 'MAX', 'value', trim_scale(mx)::text)
                         when mn is not null and computed < mn then jsonb_build_object('applied', 'MIN', 'value', trim_scale(mn)::text) end,
           'amount', amount::text
         ) || case when signed then '{"quantitySource":"SIGNED"}'::jsonb else '{}'::jsonb end
           || case when hs then '{"hoursSource":"RECEIPT"}'::jsonb else '{}'::jsonb end
           || case when ks <> '' then jsonb_build_object('kmSource', ks) else '{}'::jsonb end as trace
    from amounts
)
insert into fin_new_charge (waybill_id, dispatch_center_id, contract_id, contract_version, currency, rate_line_id, charge_type_id, charge_type_code, amount, tax_rate, trace, basis_id)
select m.waybill_id, m.dispatch_center_id, p.cid, p.cver, p.cur, p.id, p.ct_id, p.ct, p.amount, p.tax, p.trace, p.basis_id
  from m join priced p on p.lk = m.lk and p.ct = m.ct and p.qty = m.qty and p.signed = m.signed and p.hs = m.hs and p.ks = m.ks`;

export interface RerateResult { records: number; charges: number }

/** the working tables of a bulk rating (temporary, dropped at its end) */
export const RR_TABLES = ['fin_rr_ids', 'fin_rr_src', 'fin_rr_wb', 'fin_rr_line', 'fin_rr_tier', 'fin_rr_lane', 'fin_rr_pick', 'fin_rr_total'];
export async function dropRatingTables(q: Queryable): Promise<void> {
  for (const t of RR_TABLES) await q.query(`drop table if exists ${t}`);
}

type CardRef = { id: number; code: string; contractVersion: number; currency: string };
/** whether a line of the contracts has a period (then the waybill's date is part of its lane key) */
const dated = async (q: Queryable, contractIds: number[]) =>
  (await q.query(`select 1 from fin_rate_line where contract_id = any($1::bigint[]) and (valid_from is not null or valid_to is not null) limit 1`, [contractIds])).rows.length > 0;

/**
 * fin_rr_wb: the waybills of `from` (rows of WAYBILL_TO_RATE, alias x) with a contract, each with the key of its lane
 * (its contract, both ends at every level, its vehicle type, and its date when a line has a period).
 */
async function stageLanes(q: Queryable, from: string, withDate: boolean, only?: number): Promise<void> {
  await q.query(
    `create temp table fin_rr_wb as
     select y.*, dense_rank() over (order by y.contract_id, y.source_station_id, y.from_zone, y.from_county, y.from_city, y.from_province,
                                             y.dest_station_id, y.to_zone, y.to_county, y.to_city, y.to_province, y.dt, y.vty) as lk
       from (select x.id, x.dispatch_center_id, x.contract_id, x.source_station_id, x.dest_station_id, x.from_zone, x.to_zone, x.from_county, x.from_city, x.from_province,
                    x.to_county, x.to_city, x.to_province, ${withDate ? 'x.order_date::date' : 'null::date'} as dt,
                    x.weight::numeric as weight, x.volume::numeric as volume, x.pieces, x.pallets, x.signed,
                    x.declared_value::numeric as declared_value, x.wait_hours::numeric as wait_hours, x.vehicle_type_id as vty, x.km::numeric as km, x.km_source
               from ${from} where ${only === undefined ? 'x.contract_id is not null' : `x.contract_id = ${Number(only)}`}) y
      -- in the order of the waybills: their charges are priced in that order into fin_new_charge, which drives the
      -- charges' update (replaceCharges), so that it meets fin_charge's pages in their order rather than at random
      order by y.id`,
  );
}

/**
 * The bulk pricing of the waybills staged in fin_rr_wb against the cards of their contracts (read and checked by the
 * engine's reader, as rows): the line per lane and charge type picked once (fin_rr_pick, with the constant part of
 * the trace, stored once in fin_charge_basis), then one charge row per waybill and charge type into fin_new_charge.
 * Answers the number of lines on the cards.
 */
async function priceStaged(q: Queryable, contracts: CardRef[]): Promise<number> {
  const { cards, lineInfo } = await loadCards(q, contracts);
  const lines = contracts.flatMap((c) => (cards.get(Number(c.id))?.lines ?? []).map((l) => ({ c, l })));
  const lineRows = lines.map(({ c, l }) => ({
    cid: Number(c.id), ccode: c.code, cver: Number(c.contractVersion), cur: c.currency,
    id: l.id, ct: l.chargeType, ct_id: lineInfo.get(l.id)!.chargeTypeId, tax: lineInfo.get(l.id)!.taxRate, basis: l.basis,
    fl: l.from.level, fr: l.from.refId ?? null, tl: l.to.level, tr: l.to.refId ?? null, frank: laneRank(l.from.level), trank: laneRank(l.to.level),
    lane: { from: l.from, to: l.to }, unit: l.unitPrice ?? null, has_tiers: !!l.tiers?.length,
    fq: l.firstAdditional?.firstQty ?? null, fp: l.firstAdditional?.firstPrice ?? null, ast: l.firstAdditional?.addStep ?? null, ap: l.firstAdditional?.addPrice ?? null,
    mn: l.minAmount ?? null, mx: l.maxAmount ?? null, rs: l.roundingStep ?? null, free: l.freeQty ?? null, vty: l.vehicleTypeId ?? null, vf: l.validFrom ?? null, vt: l.validTo ?? null,
  }));
  const tierRows = lines.flatMap(({ l }) => (l.tiers ?? []).map((t, idx) => ({ line: l.id, idx, f: t.from, t: t.to ?? null, mode: t.mode, price: t.price })));
  await q.query(
    `create temp table fin_rr_line as select * from jsonb_to_recordset($1::jsonb) as x(cid bigint, ccode text, cver int, cur text, id bigint, ct text, ct_id bigint, tax numeric, basis text, fl text, fr bigint, tl text, tr bigint,
       frank int, trank int, lane jsonb, unit numeric, has_tiers boolean, fq numeric, fp numeric, ast numeric, ap numeric, mn numeric, mx numeric, rs numeric, free numeric, vty bigint, vf date, vt date)`,
    [JSON.stringify(lineRows)],
  );
  await q.query(`create temp table fin_rr_tier as select * from jsonb_to_recordset($1::jsonb) as x(line bigint, idx int, f numeric, t numeric, mode text, price numeric)`, [JSON.stringify(tierRows)]);
  await q.query(
    `create temp table fin_rr_lane as
     select distinct on (lk) lk, contract_id as cid, source_station_id as s, from_zone as fz, from_county as fco, from_city as fci, from_province as fpr,
            dest_station_id as d, to_zone as tz, to_county as tco, to_city as tci, to_province as tpr, dt, vty
       from fin_rr_wb order by lk`,
  );
  await q.query(PICK_SQL);
  // the constant parts of the traces: stored once (the ones already stored reused), each pick with its basis
  await q.query(
    `insert into fin_charge_basis (contract_id, charge_type_id, rate_line_id, fixed) select distinct cid, ct_id, id, fixed from fin_rr_pick
     on conflict (contract_id, charge_type_id, rate_line_id, fixed_hash) do nothing`,
  );
  await q.query(
    `update fin_rr_pick p set basis_id = b.id from fin_charge_basis b
      where b.contract_id = p.cid and b.charge_type_id = p.ct_id and b.rate_line_id = p.id and b.fixed_hash = md5(p.fixed::text)`,
  );

  await newChargeTable(q);
  await q.query(`analyze fin_rr_wb`);
  await q.query(PRICE_SQL(false));
  if (lines.some(({ l }) => l.basis === 'PCT_FREIGHT')) await q.query(PRICE_SQL(true));
  return lines.length;
}

/**
 * Rates waybills set-based (receivable): the same answers as the engine per waybill (rating.ts, rateWaybills; a
 * test holds them to each other), for a review of many orders. Writes the rating states (NO_CONTRACT, NO_RATE,
 * RATED and the total) and leaves the charges in fin_new_charge (read by replaceCharges). `fresh`: a review's new
 * waybills (rateWaybills), whose states are inserted rather than upserted.
 */
export async function rateWaybillsInSql(q: Queryable, center: number, waybillIds: number[], by: string, now: Date, fresh = false): Promise<void> {
  await dropRatingTables(q);
  await q.query(`create temp table fin_rr_src as ${WAYBILL_TO_RATE('w.id = any($1::bigint[]) and w.dispatch_center_id = $2', fresh)}`, [waybillIds, center]);
  const contracts = (
    await q.query<{ id: number; code: string; contract_version: number; currency: string }>(
      `select distinct contract_id as id, contract_code as code, contract_version, currency from fin_rr_src where contract_id is not null order by 1`,
    )
  ).rows.map((c) => ({ id: Number(c.id), code: c.code, contractVersion: Number(c.contract_version), currency: c.currency }));
  if (contracts.length) {
    await stageLanes(q, 'fin_rr_src x', await dated(q, contracts.map((c) => c.id)));
    await priceStaged(q, contracts);
  } else await newChargeTable(q);
  await q.query(
    `insert into fin_waybill_rating (dispatch_center_id, waybill_id, waybill_code, client_id, state, contract_id, contract_code, contract_version, currency, total_amount, rated_time, create_by, create_time)
     select s.dispatch_center_id, s.id, s.code, s.client_id, case when s.contract_id is null then 'NO_CONTRACT' when t.n > 0 then 'RATED' else 'NO_RATE' end,
            s.contract_id, s.contract_code, s.contract_version, s.currency, t.total, $1, $2, $1
       from fin_rr_src s left join (select waybill_id, count(*) as n, sum(amount) as total from fin_new_charge group by waybill_id) t on t.waybill_id = s.id
      order by s.id
     ${fresh ? '' : `on conflict (waybill_id) do update set state = excluded.state, contract_id = excluded.contract_id, contract_code = excluded.contract_code,
       contract_version = excluded.contract_version, currency = excluded.currency, total_amount = excluded.total_amount, rated_time = excluded.rated_time,
       update_by = excluded.create_by, update_time = excluded.rated_time, version = fin_waybill_rating.version + 1`}`,
    [now, by],
  );
  await dropRatingTables(q);
}

/**
 * Re-rates the open charges of a contract in the transaction `q`. `newVersion`: only the records rated with
 * another version of the contract's code (it just took effect); else every record whose applicable contract it is.
 */
export async function rerateContract(q: Queryable, contractId: number, opts: { newVersion: boolean; by: string; now: Date; onStep?: (done: number, records: number) => void }): Promise<RerateResult> {
  const step = opts.onStep ?? (() => undefined);
  const c = await contractOf(q, contractId);
  if (!c || c.status !== 'EFFECTIVE') return { records: 0, charges: 0 };
  const ctx = { q, caller: systemCaller(opts.by), now: opts.now };
  await withoutJit(q);
  if (c.kind === 'PAYABLE') return reratePayable(ctx, c, opts.newVersion, step);
  const center = Number(c.dispatch_center_id);

  // 1. the candidates: rated waybills of the client not settled whose applicable contract is this one
  // one statement each: embedded PGlite prepares every query, and a prepared statement holds one command
  await dropRatingTables(q);
  // (the ids first, analysed: the planner then joins the waybills by hash whatever the statistics of fin_waybill_rating)
  await q.query(
    `create temp table fin_rr_ids as
     select r.waybill_id as id from fin_waybill_rating r
      where r.client_id = $1 and r.dispatch_center_id = $2 ${opts.newVersion ? 'and r.contract_code = $3 and r.contract_id <> $4' : 'and $3::text is not null and $4::bigint is not null'}
        -- not settled: no rated charge past OPEN (a small partial index). A stated charge is re-rated: the difference
        -- becomes a new charge for the next statement (payable.ts, replaceCharges)
        and not exists (select 1 from fin_charge c where c.waybill_id = r.waybill_id and c.dispatch_center_id = r.dispatch_center_id and c.state <> 'OPEN' and c.kind = 'RECEIVABLE' and c.source = 'RATED')`,
    [c.client_id, c.dispatch_center_id, c.code, c.id],
  );
  await q.query(`analyze fin_rr_ids`);
  // each waybill whose applicable contract is this one, with the key of its lane
  await stageLanes(q, `(${WAYBILL_TO_RATE(`w.id in (select id from fin_rr_ids) and w.dispatch_center_id = ${center}`)}) x`, await dated(q, [Number(c.id)]), Number(c.id));
  const ids = (await q.query<{ id: number }>(`select id from fin_rr_wb`)).rows.map((r) => Number(r.id));
  step(1, ids.length);
  if (!ids.length) return { records: 0, charges: 0 };
  await bulkMemory(q, ids.length * 4);

  // 2. and 3. the rate card, the line picked per lane and charge type, the pricing; the new total per waybill
  step(2, ids.length);
  await priceStaged(q, [{ id: Number(c.id), code: c.code, contractVersion: Number(c.contract_version), currency: c.currency }]);
  await q.query(
    `create temp table fin_rr_total as
     select w.id, case when count(ch.waybill_id) > 0 then 'RATED' else 'NO_RATE' end as state, case when count(ch.waybill_id) > 0 then sum(ch.amount) end as total
       from fin_rr_wb w left join fin_new_charge ch on ch.waybill_id = w.id group by w.id`,
  );
  await q.query(`analyze fin_rr_total`);
  step(3, ids.length);

  // 4. the figures before kept in the history (before / after), from the charges as read once for their replacement
  await readRatedCharges(q, 'RECEIVABLE', ids, center);
  await q.query(
    `with per as (select f.rec as waybill_id, f.ct as code, sum(f.amount) as amount from fin_rated_charge f group by 1, 2),
     agg as (select waybill_id, jsonb_agg(jsonb_build_object('chargeTypeCode', code, 'amount', amount::text) order by code) as charges from per group by 1)
     insert into fin_rating_history (dispatch_center_id, kind, waybill_id, cause, before_state, before_total, after_state, after_total, before_charges, create_by, create_time)
     select r.dispatch_center_id, 'RECEIVABLE', r.waybill_id, 'CONTRACT', r.state, r.total_amount, t.state, t.total, coalesce(a.charges, '[]'::jsonb), $1, $2
       from fin_rr_total t join fin_waybill_rating r on r.waybill_id = t.id and r.dispatch_center_id = $3 left join agg a on a.waybill_id = t.id`,
    [opts.by, opts.now, c.dispatch_center_id],
  );
  await q.query(
    `update fin_waybill_rating r set state = t.state, contract_id = $1, contract_code = $2, contract_version = $3, currency = $4,
            total_amount = t.total, rated_time = $5, update_by = $6, update_time = $5, version = r.version + 1
       from fin_rr_total t where r.waybill_id = t.id and r.dispatch_center_id = $7`,
    [c.id, c.code, c.contract_version, c.currency, opts.now, opts.by, c.dispatch_center_id],
  );
  step(4, ids.length);
  const inserted = await replaceCharges(q, 'RECEIVABLE', center, ids, opts.by, opts.now, { read: true, single: true });
  await dropRatingTables(q);
  step(5, ids.length);
  return { records: ids.length, charges: inserted };
}

/** Payable: the dispatch orders of the carrier rated with another version (or whose applicable contract this is), rated again by chunks. */
async function reratePayable(ctx: { q: Queryable; caller: Caller; now: Date }, c: ContractRow, newVersion: boolean, step: (done: number, records: number) => void): Promise<RerateResult> {
  const { q } = ctx;
  const ids = (
    await q.query<{ id: number }>(
      `select r.shipment_id as id from fin_dispatch_rating r where r.carrier_id = $1 and r.dispatch_center_id = $2
          and ${newVersion ? 'r.contract_code = $3 and r.contract_id <> $4' : '($3::text is not null and $4::bigint is not null)'} order by r.shipment_id`,
      [c.carrier_id, c.dispatch_center_id, c.code, c.id],
    )
  ).rows.map((r) => Number(r.id));
  step(1, ids.length);
  const CHUNK = 500;
  for (let i = 0; i < ids.length; i += CHUNK) {
    await rateShipments(ctx, Number(c.dispatch_center_id), ids.slice(i, i + CHUNK), 'CONTRACT');
    step(1 + Math.floor(((i + CHUNK) / ids.length) * (RERATE_STEPS - 1)), ids.length);
  }
  const charges = ids.length ? Number((await q.query<{ n: number }>(`select count(*)::int as n from fin_charge where dispatch_order_id = any($1::bigint[]) and dispatch_center_id = $2 and kind = 'PAYABLE' and source in ${RATED_SOURCES}`, [ids, c.dispatch_center_id])).rows[0]!.n) : 0;
  step(RERATE_STEPS, ids.length);
  return { records: ids.length, charges };
}

type JobRow = { id: number; dispatch_center_id: number; contract_id: number; cause: string; status: string; record_count: number; charge_count: number; error: string | null; create_time: Date; finish_time: Date | null };
const jobAnswer = (j: JobRow): z.input<typeof C.RerateJob> => {
  const p = progress.get(Number(j.id));
  return {
    id: Number(j.id), contractId: Number(j.contract_id), cause: j.cause as 'MANUAL', status: j.status as 'DONE', recordCount: j.status === 'DONE' ? j.record_count : (p?.records ?? 0), chargeCount: j.charge_count,
    error: j.error, progress: { done: j.status === 'DONE' ? RERATE_STEPS : (p?.done ?? 0), total: RERATE_STEPS }, createTime: new Date(j.create_time).toISOString(), finishTime: j.finish_time ? new Date(j.finish_time).toISOString() : null,
  };
};

/** What a re-rating job's message carries: the job and its dispatch center (the contract's), which its statements name. */
export interface RerateMessage { jobId: number; dispatchCenterId: number }

export async function runRerateJob(db: Db, { jobId, dispatchCenterId: center }: RerateMessage): Promise<void> {
  const job = (await db.query<Row>(`update fin_rerate_job set status = 'RUNNING' where id = $1 and dispatch_center_id = $2 and status = 'QUEUED' returning *`, [jobId, center])).rows[0];
  if (!job) return; // already run (a retry)
  progress.set(jobId, { done: 0, records: 0 });
  try {
    const r = await db.tx((q) => rerateContract(q, Number(job.contract_id), { newVersion: job.cause === 'NEW_VERSION', by: String(job.create_by), now: new Date(), onStep: (done, records) => progress.set(jobId, { done, records }) }));
    await db.query(`update fin_rerate_job set status = 'DONE', record_count = $2, charge_count = $3, finish_time = now() where id = $1 and dispatch_center_id = $4`, [jobId, r.records, r.charges, center]);
  } catch (e) {
    await db.query(`update fin_rerate_job set status = 'FAILED', error = $2, finish_time = now() where id = $1 and dispatch_center_id = $3`, [jobId, String((e as Error).message ?? e).slice(0, 500), center]);
  } finally {
    progress.delete(jobId);
  }
}

/** The center of a re-rating job by its id alone (a message without its center), or null when there is no such job. */
async function queuedJobCenter(db: Db, jobId: number): Promise<number | null> {
  const r = await db.query<{ c: number }>(`select dispatch_center_id as c from fin_rerate_job where id = $1`, [jobId]);
  return r.rows[0] ? Number(r.rows[0].c) : null;
}

/**
 * The contracts just made effective whose code has waybills or dispatch orders rated with another version (in the
 * contract's center: a contract prices its own center's records only): one NEW_VERSION job each (written in `q`;
 * the caller sends them once committed, as these messages).
 */
export async function queueNewVersionJobs(q: Queryable, ids: number[], by: string): Promise<RerateMessage[]> {
  const made = await q.query<{ id: number; dispatch_center_id: number }>(
    `insert into fin_rerate_job (dispatch_center_id, contract_id, cause, create_by)
     select c.id_center, c.id, 'NEW_VERSION', $2 from (select id, dispatch_center_id as id_center, code, kind from fin_contract where id = any($1::bigint[])) c
      where (c.kind = 'RECEIVABLE' and exists (select 1 from fin_waybill_rating r where r.contract_code = c.code and r.dispatch_center_id = c.id_center and r.contract_id <> c.id))
         or (c.kind = 'PAYABLE' and exists (select 1 from fin_dispatch_rating r where r.contract_code = c.code and r.dispatch_center_id = c.id_center and r.contract_id <> c.id))
     returning id, dispatch_center_id`,
    [ids, by],
  );
  return made.rows.map((r) => ({ jobId: Number(r.id), dispatchCenterId: Number(r.dispatch_center_id) }));
}

export function registerRerateRoutes(app: FastifyInstance, db: Db): void {
  void app.jobs.work(RERATE_JOB, async (data: Partial<RerateMessage>) => {
    const jobId = Number(data.jobId);
    // a message queued before the messages carried their center (session 16) names the job alone: its center is read
    // by the job's id (cross-center, once per such message), so that no queued job is left waiting for ever
    const center = data.dispatchCenterId == null ? await queuedJobCenter(db, jobId) : Number(data.dispatchCenterId);
    if (center !== null) await runRerateJob(db, { jobId, dispatchCenterId: center });
  });

  route(app, C.rerate, async (req) => {
    const caller = requireCaller(req);
    const job = await mutate(db, req, { title: 'contract', businessType: 'OTHER' }, async (q) => {
      const c = await getInScope(q, contractDef, caller, req.body.id);
      if (c.status !== 'EFFECTIVE') throw conflict('messages.finance.wrongStatus', { code: c.code, status: translate(req.lang, `dicts.fin_contract_status.${c.status}`) });
      return (await q.query<JobRow>(`insert into fin_rerate_job (dispatch_center_id, contract_id, cause, create_by) values ($1, $2, 'MANUAL', $3) returning *`, [c.dispatch_center_id, c.id, caller.userName])).rows[0]!;
    });
    await app.jobs.send(RERATE_JOB, { jobId: Number(job.id), dispatchCenterId: Number(job.dispatch_center_id) } satisfies RerateMessage);
    return ok(req, jobAnswer(job), 'messages.finance.rerateQueued');
  });

  route(app, C.rerateJob, async (req) => {
    const caller = requireCaller(req);
    const c = await getInScope(db, contractDef, caller, req.params.id); // 404 outside the caller's scope
    const job = (await db.query<JobRow>(`select * from fin_rerate_job where contract_id = $1 and dispatch_center_id = $2 order by id desc limit 1`, [req.params.id, c.dispatch_center_id])).rows[0];
    return ok(req, job ? jobAnswer(job) : null);
  });
}
