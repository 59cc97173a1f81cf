/**
 * Payable rating (issue 14): a dispatch order taking effect is priced from its carrier's contract effective
 * on its planned departure (else today) in its dispatch center — lane = first loading stop → last unloading
 * stop, quantities = the dispatch order's totals, one trip, its stops — and each charge line is allocated
 * to its waybills by the contract's allocation rule (weight, volume, pieces, declared value, equal), to the
 * cent by largest remainder, so the waybills' shares add up exactly to the dispatch order's cost.
 *
 * Re-rating (split, signed receipts, bind / unbind, carrier change) replaces only OPEN rated charges and
 * keeps the figures replaced in fin_rating_history (before / after). A record with a charge no longer OPEN
 * (settled) is not rated again.
 */
import { allocate, ALLOCATION_BASES, rateMovement, type AllocationBasis, type Movement, type RatingResult } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import type { DomainEventContext } from '../../platform/domain-events.ts';
import { DISTANCE, loadCards, placeOf, sourced, type PlaceColumns } from './rating.ts';

export const RERATE_CAUSES = ['EFFECT', 'SPLIT', 'EPOD_SIGNED', 'BIND', 'UNBIND', 'CARRIER_CHANGED', 'CONTRACT', 'EPOD_DEPARTED'] as const;
export type RerateCause = (typeof RERATE_CAUSES)[number];

type Kind = 'RECEIVABLE' | 'PAYABLE';

// a rated charge no longer OPEN is settled: its record keeps its figures. (A charge on a statement is re-rated:
// it stays as stated and the difference becomes a new charge, replaceCharges.)
const LOCKED_WHERE = `c.source = 'RATED' and c.state <> 'OPEN'`;
/** the charges a rating writes: the engine's (RATED) and the re-rating differences of stated charges (RERATE) */
export const RATED_SOURCES = `('RATED', 'RERATE')`;

/**
 * Turns PostgreSQL's JIT compilation off for the rest of the transaction. The rating statements are wide (lateral
 * look-ups, hundreds of jsonb / numeric expressions), so their estimated cost passes the JIT thresholds: compiling
 * and optimising them with LLVM took 3.9 s of a 4.3 s statement at 20,000 waybills (EXPLAIN ANALYZE), the rest is
 * the work. (PGlite has no JIT: the setting is accepted and changes nothing.)
 */
export async function withoutJit(q: Queryable): Promise<void> {
  await q.query(`set local jit = off`);
  // the aggregates and sorts of a bulk rating (100,000 waybills: 400,000 charges grouped per waybill) in memory
  // rather than spilled to disk in batches (PGlite: accepted)
  await q.query(`set local work_mem = '64MB'`);
}

/**
 * More memory for the rest of a bulk rating's transaction: about 600 bytes per charge it writes (4 per waybill), from
 * 64 MB up to 512 MB. A statement that writes charges keeps every row it wrote, trace included, for the statement
 * triggers of fin_charge (transition tables, 0084 / 0089) in a store of at most `work_mem`: at 64 MB the 446,380
 * charges of a re-rating went to temporary files (~160 MB written and read back per copy), and so did the per-waybill
 * aggregates of the history (5 batches). Set for the transaction only (`set local`).
 */
export async function bulkMemory(q: Queryable, charges: number): Promise<void> {
  const mb = Math.min(512, Math.max(64, Math.ceil((charges * 600) / 2 ** 20)));
  if (mb > 64) await q.query(`set local work_mem = '${mb}MB'`);
}

/**
 * The ids whose rated charges of the kind are all still OPEN (by waybill_id or dispatch_order_id). `center`: the
 * records' dispatch center (the event's or the contract's: every statement of the rating names it, its distribution
 * key, docs/scale-out.md).
 */
export async function withoutLockedCharges(q: Queryable, column: 'waybill_id' | 'dispatch_order_id', kind: Kind, ids: number[], center: number): Promise<number[]> {
  if (!ids.length) return [];
  const locked = await q.query<{ id: number }>(
    `select distinct ${column} as id from fin_charge c where ${column} = any($1::bigint[]) and ${LOCKED_WHERE} and kind = $2 and c.dispatch_center_id = $3`,
    [ids, kind, center],
  );
  const out = new Set(locked.rows.map((r) => Number(r.id)));
  return [...new Set(ids.map(Number))].filter((id) => !out.has(id));
}

/** Writes one history row per record already rated: its state, total and charges (by type) before the re-rating; `after_*` is filled in once rated. */
export async function keepHistory(ctx: DomainEventContext, kind: Kind, ids: number[], cause: RerateCause, center: number): Promise<void> {
  const receivable = kind === 'RECEIVABLE';
  const table = receivable ? 'fin_waybill_rating' : 'fin_dispatch_rating';
  const key = receivable ? 'waybill_id' : 'shipment_id';
  const chargeKey = receivable ? 'waybill_id' : 'dispatch_order_id';
  await ctx.q.query(
    `insert into fin_rating_history (dispatch_center_id, kind, ${key}, cause, before_state, before_total, after_state, before_charges, create_by, create_time)
     select r.dispatch_center_id, $2::varchar, r.${key}, $3::varchar, r.state, r.total_amount, 'PENDING',
            coalesce((select jsonb_agg(jsonb_build_object('chargeTypeCode', x.code, 'amount', x.amount::text) order by x.code)
                        from (select c.charge_type_code as code, sum(c.amount) as amount from fin_charge c
                               where c.${chargeKey} = r.${key} and c.dispatch_center_id = r.dispatch_center_id and c.kind = $2::varchar and c.source in ${RATED_SOURCES} group by c.charge_type_code) x), '[]'::jsonb),
            $4, $5
       from ${table} r where r.${key} = any($1::bigint[]) and r.dispatch_center_id = $6`,
    [ids, kind, cause, ctx.caller.userName, ctx.now, center],
  );
}

/** Completes the history rows just written with the figures after the re-rating. */
export async function closeHistory(q: Queryable, kind: Kind, ids: number[], center: number): Promise<void> {
  const receivable = kind === 'RECEIVABLE';
  const table = receivable ? 'fin_waybill_rating' : 'fin_dispatch_rating';
  const key = receivable ? 'waybill_id' : 'shipment_id';
  await q.query(
    `update fin_rating_history h set after_state = r.state, after_total = r.total_amount
       from ${table} r where h.${key} = r.${key} and r.dispatch_center_id = h.dispatch_center_id and h.dispatch_center_id = $3
        and h.kind = $2 and h.after_state = 'PENDING' and h.${key} = any($1::bigint[])`,
    [ids, kind, center],
  );
}

interface ShipmentToRate extends PlaceColumns {
  id: number;
  shipment_code: string;
  dispatch_center_id: number;
  carrier_id: number | null;
  weight: string;
  volume: string;
  pieces: number;
  pallets: number;
  stops: number;
  from_station: number | null;
  to_station: number | null;
  rating_date: string;
  contract_id: number | null;
  contract_code: string | null;
  contract_version: number | null;
  currency: string | null;
  allocation_basis: string | null;
}

/**
 * Rates dispatch orders (payable) of the dispatch center `center` (the event's) and allocates each charge to their
 * waybills. `onlyIfRated`: a change before the dispatch order took effect (bind on a CONFIRMED one) rates nothing
 * unless it was rated before.
 */
export async function rateShipments(ctx: DomainEventContext, center: number, ids: number[], cause: RerateCause, onlyIfRated = false): Promise<void> {
  const { q, caller, now } = ctx;
  await withoutJit(q);
  let shipmentIds = await withoutLockedCharges(q, 'dispatch_order_id', 'PAYABLE', ids, center);
  if (onlyIfRated && shipmentIds.length) {
    const r = await q.query<{ id: number }>(
      `select s.id from tms_shipment s where s.id = any($1::bigint[]) and s.dispatch_center_id = $2
          and (s.status in ('EFFECTIVE', 'SHIPPED', 'COMPLETED')
               or exists (select 1 from fin_dispatch_rating d where d.shipment_id = s.id and d.dispatch_center_id = s.dispatch_center_id))`,
      [shipmentIds, center],
    );
    shipmentIds = r.rows.map((x) => Number(x.id));
  }
  if (!shipmentIds.length) return;
  await keepHistory(ctx, 'PAYABLE', shipmentIds, cause, center);
  const shipments = (
    await q.query<ShipmentToRate>(
      `select s.id, s.shipment_code, s.dispatch_center_id, s.carrier_id,
              s.total_weight::text as weight, s.total_volume::text as volume, s.total_quantity as pieces, s.total_pallets as pallets, coalesce(s.station_num, 0) as stops,
              fs.station_id as from_station, ts.station_id as to_station, fp.zone_id as from_zone, tp.zone_id as to_zone,
              fp.county_id as from_county, fp.city_id as from_city, fp.province_id as from_province, tp.county_id as to_county, tp.city_id as to_city, tp.province_id as to_province,
              coalesce(s.etd, $2::timestamptz)::date::text as rating_date, dv.value::text as declared_value, wt.hours::text as wait_hours,
              vm.type_id as vehicle_type_id, ${DISTANCE('sr.mileage', 'fst', 'tst')},
              c.id as contract_id, c.code as contract_code, c.contract_version, c.currency, c.allocation_basis
         from tms_shipment s
         left join lateral (select station_id from tms_shipment_stop where shipment_id = s.id and dispatch_center_id = s.dispatch_center_id and stop_type in ('LOAD', 'BOTH') order by seq limit 1) fs on true
         left join lateral (select station_id from tms_shipment_stop where shipment_id = s.id and dispatch_center_id = s.dispatch_center_id and stop_type in ('UNLOAD', 'BOTH') order by seq desc limit 1) ts on true
         left join base_station_place fp on fp.station_id = fs.station_id
         left join base_station_place tp on tp.station_id = ts.station_id
         left join base_station fst on fst.id = fs.station_id
         left join base_station tst on tst.id = ts.station_id
         left join base_route sr on sr.id = s.route_id
         left join base_transport_means vm on vm.id = s.vehicle_id_main
         left join lateral (select sum(w.declared_value) as value from tms_waybill w where w.shipment_id = s.id and w.dispatch_center_id = s.dispatch_center_id) dv on true
         -- the waiting at the stops: per unloading stop, its first arrival to its last departure on the audited receipts
         left join lateral (
           select round(sum(x.secs) / 3600, 2) as hours from (
             select extract(epoch from (max(e.departure_time) - min(e.arrival_time)))::numeric as secs
               from tms_epod e join tms_waybill w on w.id = e.waybill_id and w.dispatch_center_id = e.dispatch_center_id
              where w.shipment_id = s.id and w.dispatch_center_id = s.dispatch_center_id and e.status = 'AUDITED' and e.arrival_time is not null and e.departure_time >= e.arrival_time
              group by coalesce(e.stop_id, -e.id)
           ) x having count(*) > 0
         ) wt on true
         left join lateral (
           select c.id, c.code, c.contract_version, c.currency, c.allocation_basis from fin_contract c
            where c.kind = 'PAYABLE' and c.carrier_id = s.carrier_id and c.dispatch_center_id = s.dispatch_center_id
              and c.status in ('EFFECTIVE', 'EXPIRED') and coalesce(s.etd, $2::timestamptz)::date between c.valid_from and c.valid_to
            order by c.contract_version desc, c.id desc limit 1
         ) c on true
        where s.id = any($1::bigint[]) and s.dispatch_center_id = $3
        order by s.id`,
      [shipmentIds, now, center],
    )
  ).rows;
  const parts = (
    await q.query<{ id: number; shipment_id: number; weight: string; volume: string; pieces: number; declared_value: string | null }>(
      `select id, shipment_id, total_weight::text as weight, total_volume::text as volume, total_quantity as pieces, declared_value::text as declared_value
         from tms_waybill where shipment_id = any($1::bigint[]) and dispatch_center_id = $2 order by id`,
      [shipmentIds, center],
    )
  ).rows;
  const contracts = new Map<number, { id: number; code: string; contractVersion: number; currency: string }>();
  for (const s of shipments) if (s.contract_id) contracts.set(Number(s.contract_id), { id: Number(s.contract_id), code: s.contract_code!, contractVersion: Number(s.contract_version), currency: s.currency! });
  const { cards, lineInfo } = await loadCards(q, [...contracts.values()]);

  const ratings: Record<string, unknown>[] = [];
  const charges: Record<string, unknown>[] = [];
  for (const s of shipments) {
    const card = s.contract_id ? cards.get(Number(s.contract_id)) : undefined;
    const movement: Movement = {
      from: placeOf(s.from_station, s.from_zone, s.from_county, s.from_city, s.from_province),
      to: placeOf(s.to_station, s.to_zone, s.to_county, s.to_city, s.to_province),
      quantities: { weightKg: s.weight, volumeM3: s.volume, pieces: s.pieces, pallets: s.pallets, trips: 1, stops: s.stops, declaredValue: s.declared_value ?? 0, hours: s.wait_hours ?? 0, km: s.km ?? 0 },
      date: s.rating_date,
      vehicleTypeId: s.vehicle_type_id === null ? null : Number(s.vehicle_type_id),
    };
    const result: RatingResult | null = card ? rateMovement(card, movement) : null;
    const state = !card ? 'NO_CONTRACT' : result!.charges.length ? 'RATED' : 'NO_RATE';
    const basis = (ALLOCATION_BASES as readonly string[]).includes(String(s.allocation_basis)) ? (s.allocation_basis as AllocationBasis) : 'WEIGHT';
    ratings.push({
      dispatch_center_id: s.dispatch_center_id, shipment_id: s.id, shipment_code: s.shipment_code, carrier_id: s.carrier_id, state,
      contract_id: s.contract_id, contract_code: s.contract_code, contract_version: s.contract_version, currency: s.currency,
      allocation_basis: card ? basis : null, total_amount: state === 'RATED' ? result!.total : null,
    });
    if (state !== 'RATED') continue;
    const waybills = parts.filter((p) => Number(p.shipment_id) === Number(s.id));
    const allocationParts = waybills.map((w) => ({ key: Number(w.id), weightKg: w.weight, volumeM3: w.volume, pieces: w.pieces, declaredValue: w.declared_value ?? 0 }));
    for (const c of result!.charges) {
      const info = lineInfo.get(c.rateLineId)!;
      for (const share of allocate(c.amount, allocationParts, basis)) {
        charges.push({
          dispatch_center_id: s.dispatch_center_id, waybill_id: share.key, dispatch_order_id: s.id, contract_id: s.contract_id, contract_version: s.contract_version,
          rate_line_id: c.rateLineId, charge_type_id: info.chargeTypeId, charge_type_code: c.chargeType, currency: c.currency, amount: share.amount, tax_rate: info.taxRate,
          trace: { ...sourced(c.trace, false, s.wait_hours !== null, s.km_source), allocation: { basis, dispatchOrderAmount: c.amount, share: share.amount, parts: allocationParts.length } },
        });
      }
    }
  }
  await q.query(
    `insert into fin_dispatch_rating (dispatch_center_id, shipment_id, shipment_code, carrier_id, state, contract_id, contract_code, contract_version, currency, allocation_basis, total_amount, rated_time, create_by, create_time)
     select x.dispatch_center_id, x.shipment_id, x.shipment_code, x.carrier_id, x.state, x.contract_id, x.contract_code, x.contract_version, x.currency, x.allocation_basis, x.total_amount, $2, $3, $2
       from jsonb_to_recordset($1::jsonb) as x(dispatch_center_id bigint, shipment_id bigint, shipment_code text, carrier_id bigint, state text, contract_id bigint,
            contract_code text, contract_version int, currency text, allocation_basis text, total_amount numeric)
     on conflict (shipment_id) do update set carrier_id = excluded.carrier_id, state = excluded.state, contract_id = excluded.contract_id, contract_code = excluded.contract_code,
       contract_version = excluded.contract_version, currency = excluded.currency, allocation_basis = excluded.allocation_basis, total_amount = excluded.total_amount,
       rated_time = excluded.rated_time, update_by = excluded.create_by, update_time = excluded.rated_time, version = fin_dispatch_rating.version + 1`,
    [JSON.stringify(ratings), now, caller.userName],
  );
  await stageCharges(q, charges);
  await replaceCharges(q, 'PAYABLE', center, shipmentIds, caller.userName, now);
  await closeHistory(q, 'PAYABLE', shipmentIds, center);
}

const NEW_CHARGE_COLUMNS = `dispatch_center_id bigint, waybill_id bigint, dispatch_order_id bigint, contract_id bigint, contract_version int, rate_line_id bigint,
  charge_type_id bigint, charge_type_code text, currency text, amount numeric, tax_rate numeric, trace jsonb, basis_id bigint`;

/**
 * The keys of a charge's trace that are the same for every record of a lane rated by one version of a contract
 * (contract, line, lane, the line chosen and its candidates, basis, rounding step, free quantity, vehicle type,
 * period): kept once in fin_charge_basis; the charge keeps the rest (its own figures) and the basis's id. The trace
 * read back is `coalesce(b.fixed, '{}') || c.trace` (TRACE_SQL).
 */
export const FIXED_TRACE_KEYS: readonly string[] = ['contractId', 'contractCode', 'contractVersion', 'rateLineId', 'chargeType', 'lane', 'chosen', 'basis', 'roundingStep', 'freeQty', 'vehicleTypeId', 'period'];
const FIXED = new Set(FIXED_TRACE_KEYS);
/** A charge's whole trace: its basis's constant part (`b`: fin_charge_basis, left joined on c.basis_id) and its own (`c`: fin_charge). */
export const TRACE_SQL = (c = 'c', b = 'b') => `coalesce(${b}.fixed, '{}'::jsonb) || ${c}.trace`;

/**
 * Stores the constant parts of the charges' traces (fin_charge_basis, once per contract, line and content: the
 * ones already stored are reused) and answers the charges with their own part as trace and the basis's id.
 */
export async function withBasis(q: Queryable, charges: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const bases = new Map<string, { k: number; contract_id: unknown; charge_type_id: unknown; rate_line_id: unknown; fixed: Record<string, unknown> }>();
  const split = charges.map((c) => {
    const fixed: Record<string, unknown> = {};
    const own: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(c.trace as Record<string, unknown>)) (FIXED.has(k) ? fixed : own)[k] = v;
    const key = `${c.contract_id}:${c.charge_type_id}:${c.rate_line_id}:${JSON.stringify(fixed)}`;
    let b = bases.get(key);
    if (!b) bases.set(key, (b = { k: bases.size, contract_id: c.contract_id, charge_type_id: c.charge_type_id, rate_line_id: c.rate_line_id, fixed }));
    return { charge: { ...c, trace: own }, k: b.k };
  });
  if (!bases.size) return [];
  const rows = JSON.stringify([...bases.values()]);
  const x = `jsonb_to_recordset($1::jsonb) as x(k int, contract_id bigint, charge_type_id bigint, rate_line_id bigint, fixed jsonb)`;
  await q.query(
    `insert into fin_charge_basis (contract_id, charge_type_id, rate_line_id, fixed) select contract_id, charge_type_id, rate_line_id, fixed from ${x}
     on conflict (contract_id, charge_type_id, rate_line_id, fixed_hash) do nothing`,
    [rows],
  );
  const ids = new Map(
    (
      await q.query<{ k: number; id: number }>(
        `select x.k, b.id from ${x} join fin_charge_basis b on b.contract_id = x.contract_id and b.charge_type_id = x.charge_type_id and b.rate_line_id = x.rate_line_id and b.fixed_hash = md5(x.fixed::text)`,
        [rows],
      )
    ).rows.map((r) => [
      Number(r.k),
      Number(r.id),
    ]),
  );
  return split.map(({ charge, k }) => ({ ...charge, basis_id: ids.get(k) }));
}

/** Puts the charges a rating computed into the working table fin_new_charge (read by replaceCharges), their traces' constant parts stored once. */
export async function stageCharges(q: Queryable, charges: Record<string, unknown>[]): Promise<void> {
  await q.query(`drop table if exists fin_new_charge`);
  await q.query(`create temp table fin_new_charge as select * from jsonb_to_recordset($1::jsonb) as x(${NEW_CHARGE_COLUMNS})`, [JSON.stringify(await withBasis(q, charges))]);
}

/** Makes the working table fin_new_charge empty (read by replaceCharges; the bulk pricing writes into it, rerate.ts). */
export async function newChargeTable(q: Queryable): Promise<void> {
  await q.query(`drop table if exists fin_new_charge`);
  await q.query(`create temp table fin_new_charge (${NEW_CHARGE_COLUMNS})`);
}

/**
 * The rated charges of the records (waybills: receivable; dispatch orders: payable) into the working table
 * fin_rated_charge (read by replaceCharges; `read` there when the caller read them first, e.g. for the history),
 * under the shared lock of their centers' statement generation.
 */
export async function readRatedCharges(q: Queryable, kind: Kind, ids: number[], center: number): Promise<void> {
  const key = kind === 'RECEIVABLE' ? 'waybill_id' : 'dispatch_order_id';
  await q.query(`drop table if exists fin_rated_charge`);
  await q.query(
    `create temp table fin_rated_charge as
     select f.id, f.dispatch_center_id, f.${key} as rec, f.waybill_id, f.charge_type_code as ct, f.amount, f.state
       from fin_charge f where f.${key} = any($1::bigint[]) and f.dispatch_center_id = $3 and f.kind = $2 and f.source in ${RATED_SOURCES}`,
    [ids, kind, center],
  );
  await q.query(`analyze fin_rated_charge`);
  await q.query(`select pg_advisory_xact_lock_shared(hashtext(k)) from (select distinct 'fin_statement_gen:' || dispatch_center_id || ':' || $1::text as k from fin_rated_charge order by 1) x`, [kind]);
}

/** The charges of fin_new_charge (alias n) inserted: `${INSERT_NEW_CHARGES} from fin_new_charge n …`, $1 kind, $2 by, $3 time. */
const INSERT_NEW_CHARGES = `insert into fin_charge (dispatch_center_id, waybill_id, dispatch_order_id, kind, contract_id, contract_version, rate_line_id, charge_type_id, charge_type_code, currency, amount, tax_rate, trace, basis_id, create_by, create_time)
     select n.dispatch_center_id, n.waybill_id, n.dispatch_order_id, $1, n.contract_id, n.contract_version, n.rate_line_id, n.charge_type_id, n.charge_type_code, n.currency, n.amount, n.tax_rate, n.trace, n.basis_id, $2, $3`;

/**
 * Replaces the rated charges of the records (waybills: receivable; dispatch orders: payable) by the ones in
 * fin_new_charge; answers the number of charges the records now have from this rating. A charge on a statement line
 * (live, or released by a voided statement) is never changed nor deleted: a statement says what it stated. For each
 * record, waybill and charge type with stated charges, the difference between the new amount and the amount stated
 * (its stated charges and earlier differences) becomes a new charge of source RERATE whose trace names the statement,
 * the amount before and after (`trace.rerate`); the next statement generated states it once, as an adjustment line
 * (settlement.ts). The other charges are replaced as they were: written over in place (an open charge of the same
 * record, waybill and charge type takes the new figures; one whose figures did not change is not written at all),
 * the ones left over deleted, the ones missing inserted. The charges of a record are read once, under the shared
 * lock of their centers' statement generation (as deleting a charge takes it, fin_charge_stated_gone): no
 * generation states a charge while it is written over.
 */
export async function replaceCharges(q: Queryable, kind: Kind, center: number, ids: number[], by: string, now: Date, opts: { read?: boolean; single?: boolean; fresh?: boolean } = {}): Promise<number> {
  const key = kind === 'RECEIVABLE' ? 'waybill_id' : 'dispatch_order_id';
  // opts.fresh: records just made (a review's new waybills), which have no charge yet: not read
  if (!opts.read && !opts.fresh) await readRatedCharges(q, kind, ids, center);
  // records never rated (a review's new waybills, a dispatch order taking effect): nothing to pair, keep or delete,
  // every new charge is inserted (the working tables below would all be empty)
  if (opts.fresh || !(await q.query(`select 1 from fin_rated_charge limit 1`)).rows.length) {
    const fresh = await q.query(`${INSERT_NEW_CHARGES} from fin_new_charge n order by n.waybill_id, n.charge_type_code`, [kind, by, now]);
    for (const t of [...(opts.fresh ? [] : ['fin_rated_charge']), 'fin_new_charge']) await q.query(`drop table ${t}`);
    return fresh.rowCount ?? 0;
  }
  // every statement on fin_charge names the records' center (its distribution key, docs/scale-out.md): the charges read
  // and written are all of it (fin_rated_charge is read in it, fin_new_charge priced for its records)
  // free: open and on no statement line (live or released); the others are stated and stay
  await q.query(`drop table if exists fin_old_charge`);
  await q.query(
    `create temp table fin_old_charge as
     select r.*, r.state = 'OPEN' and not exists (select 1 from fin_statement_line l where l.charge_id = r.id) as free from fin_rated_charge r`,
  );
  await q.query(`analyze fin_old_charge`);
  // what is stated: per record, waybill and charge type, its amount and the statement that stated it last
  await q.query(`drop table if exists fin_kept_charge`);
  await q.query(
    `create temp table fin_kept_charge as
     select k.*, st.id as statement_id, st.code as statement_code
       from (select o.rec, o.waybill_id, o.ct, sum(o.amount) as amount, max(o.id) as last_id, array_agg(o.id) as charge_ids
               from fin_old_charge o where not o.free group by 1, 2, 3) k
       left join lateral (select s.id, s.code from fin_statement_line l join fin_statement s on s.id = l.statement_id
                           where l.charge_id = any(k.charge_ids) order by l.released, l.id desc limit 1) st on true`,
  );
  // each new charge of what is not stated takes the place of an open charge of the same record, waybill and charge type
  // (a rating gives one charge per record, waybill and charge type: else, as a fallback, none is paired; the bulk
  // pricing picks one line per lane and charge type, its caller says so: `single`)
  const single = opts.single || !(await q.query(`select 1 from fin_new_charge group by ${key}, waybill_id, charge_type_code having count(*) > 1 limit 1`)).rows.length;
  await q.query(`drop table if exists fin_pair_charge`);
  await q.query(
    `create temp table fin_pair_charge as
     select min(o.id) as old_id, o.rec, o.waybill_id, o.ct from fin_old_charge o
      where ${single ? 'true' : 'false'} and o.free and not exists (select 1 from fin_kept_charge k where k.rec = o.rec and k.waybill_id = o.waybill_id and k.ct = o.ct)
        and exists (select 1 from fin_new_charge n where n.${key} = o.rec and n.waybill_id = o.waybill_id and n.charge_type_code = o.ct)
      group by o.rec, o.waybill_id, o.ct`,
  );
  await q.query(`analyze fin_pair_charge`);
  // the open charges left over (none when a re-rating gives the same charge types): looked for in the working tables
  // first, which costs a fraction of the delete's join with fin_charge (1.7 s for nothing at 410,000 charges)
  const leftOver = `from fin_old_charge o where o.free and not exists (select 1 from fin_pair_charge p where p.old_id = o.id)`;
  if ((await q.query(`select 1 ${leftOver} limit 1`)).rows.length)
    await q.query(`delete from fin_charge f where f.id in (select o.id ${leftOver}) and f.dispatch_center_id = $1`, [center]);
  await q.query(
    `update fin_charge f
        set dispatch_center_id = n.dispatch_center_id, dispatch_order_id = n.dispatch_order_id, contract_id = n.contract_id, contract_version = n.contract_version, rate_line_id = n.rate_line_id,
            charge_type_id = n.charge_type_id, currency = n.currency, amount = n.amount, tax_rate = n.tax_rate, trace = n.trace, basis_id = n.basis_id, source = 'RATED',
            create_by = $1, create_time = $2
       from fin_pair_charge p join fin_new_charge n on n.${key} = p.rec and n.waybill_id = p.waybill_id and n.charge_type_code = p.ct
      where f.id = p.old_id and f.dispatch_center_id = $3
        and (f.dispatch_center_id, f.dispatch_order_id, f.contract_id, f.contract_version, f.rate_line_id, f.charge_type_id, f.currency, f.amount, f.tax_rate, f.basis_id, f.source, f.trace)
            is distinct from (n.dispatch_center_id, n.dispatch_order_id, n.contract_id, n.contract_version, n.rate_line_id, n.charge_type_id, n.currency, n.amount, n.tax_rate, n.basis_id, 'RATED', n.trace)`,
    [by, now, center],
  );
  const fresh = await q.query(
    `${INSERT_NEW_CHARGES}
       from fin_new_charge n
      where not exists (select 1 from fin_kept_charge k where k.rec = n.${key} and k.waybill_id = n.waybill_id and k.ct = n.charge_type_code)
        and not exists (select 1 from fin_pair_charge p where p.rec = n.${key} and p.waybill_id = n.waybill_id and p.ct = n.charge_type_code)
      order by n.waybill_id, n.charge_type_code`,
    [kind, by, now],
  );
  const overwritten = Number((await q.query<{ n: number }>(`select count(*)::int as n from fin_pair_charge`)).rows[0]!.n);
  const diffs = await q.query(
    `insert into fin_charge (dispatch_center_id, waybill_id, dispatch_order_id, kind, contract_id, contract_version, rate_line_id, charge_type_id, charge_type_code, currency, amount, tax_rate, trace, basis_id, source, create_by, create_time)
     select o.dispatch_center_id, k.waybill_id, o.dispatch_order_id, $1, coalesce(n.contract_id, o.contract_id), coalesce(n.contract_version, o.contract_version),
            case when n.trace is not null then n.rate_line_id else o.rate_line_id end,
            o.charge_type_id, k.ct, o.currency, coalesce(n.total, 0) - k.amount, coalesce(n.tax_rate, o.tax_rate),
            coalesce(n.trace, o.trace) || jsonb_build_object('rerate', jsonb_build_object('statementId', k.statement_id, 'statementCode', k.statement_code, 'before', k.amount::text, 'after', coalesce(n.total, 0)::text)),
            case when n.trace is not null then n.basis_id else o.basis_id end,
            'RERATE', $2, $3
       from fin_kept_charge k
       join fin_charge o on o.id = k.last_id and o.dispatch_center_id = $4
       left join (select distinct on (x.${key}, x.waybill_id, x.charge_type_code) x.*, sum(x.amount) over (partition by x.${key}, x.waybill_id, x.charge_type_code) as total
                    from fin_new_charge x order by x.${key}, x.waybill_id, x.charge_type_code, x.amount desc) n
         on n.${key} = k.rec and n.waybill_id = k.waybill_id and n.charge_type_code = k.ct
      where coalesce(n.total, 0) <> k.amount
      order by k.waybill_id, k.ct`,
    [kind, by, now, center],
  );
  for (const t of ['fin_pair_charge', 'fin_kept_charge', 'fin_old_charge', 'fin_rated_charge', 'fin_new_charge']) await q.query(`drop table ${t}`);
  return overwritten + (fresh.rowCount ?? 0) + (diffs.rowCount ?? 0);
}
