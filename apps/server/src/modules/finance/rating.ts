/**
 * Rating of waybills against the clients' effective receivable contracts (issue 14), subscribed to the
 * `order.reviewed` domain event (the order module does not import finance). A few waybills are priced by the
 * engine (the pure function) in a handful of statements — the waybills with their contract, the contracts' rate
 * lines, the rating states, clearing and inserting the charge lines; from RATE_IN_SQL_FROM waybills on (a review of
 * many orders) by the engine's bulk form in SQL (rerate.ts), which gives the same answers. Each charge keeps its own
 * figures; the constant part of its trace is stored once per contract, line and lane (fin_charge_basis).
 * A waybill without an effective contract (NO_CONTRACT) or whose contract prices nothing on its lane
 * (NO_RATE) gets that state, visible in the waybill rating list: never a silent zero.
 */
import { rateMovement, storedRateLine, type ChargeTrace, type LanePoint, type Movement, type RateCard, type RateLine, type RatingResult, type StoredRateLine } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import type { DomainEventContext, DomainEvents } from '../../platform/domain-events.ts';
import { STORED_LINE_SELECT } from './contracts.ts';
import { haversine } from '../report/queries.ts';
import { bulkMemory, closeHistory, keepHistory, rateShipments, replaceCharges, stageCharges, withoutJit, withoutLockedCharges, type RerateCause } from './payable.ts';
import { rateWaybillsInSql } from './rerate.ts';

export interface CardLine extends StoredRateLine {
  contractId: number;
  chargeTypeId: number;
  taxRate: string;
  fromDepth: number | null;
  toDepth: number | null;
}

/** The rate lines of the contracts (one query), as engine cards keyed by contract id; charge types disabled are left out. */
export async function loadCards(q: Queryable, contracts: { id: number; code: string; contractVersion: number; currency: string }[]): Promise<{ cards: Map<number, RateCard>; lineInfo: Map<number, CardLine> }> {
  const cards = new Map<number, RateCard>();
  const lineInfo = new Map<number, CardLine>();
  if (!contracts.length) return { cards, lineInfo };
  const rows = (
    await q.query<CardLine>(
      `select l.contract_id as "contractId", l.charge_type_id as "chargeTypeId", ct.tax_rate::text as "taxRate", fd.depth as "fromDepth", td.depth as "toDepth", ${STORED_LINE_SELECT}
         from fin_rate_line l
         join fin_charge_type ct on ct.id = l.charge_type_id and ct.status = '0'
         left join sys_district fd on fd.id = l.from_district_id
         left join sys_district td on td.id = l.to_district_id
        where l.contract_id = any($1::bigint[])
        order by l.id`,
      [contracts.map((c) => c.id)],
    )
  ).rows;
  for (const c of contracts) cards.set(Number(c.id), { contractId: Number(c.id), contractCode: c.code, version: Number(c.contractVersion), currency: c.currency, lines: [] });
  for (const r of rows) {
    const depths = new Map<number, number>();
    if (r.fromDistrictId) depths.set(Number(r.fromDistrictId), Number(r.fromDepth ?? 3));
    if (r.toDistrictId) depths.set(Number(r.toDistrictId), Number(r.toDepth ?? 3));
    const made = storedRateLine({ ...r, id: Number(r.id) }, (id) => depths.get(Number(id)) ?? 3);
    if (!('line' in made)) continue; // refused when saved; a line that no longer reads prices nothing
    cards.get(Number(r.contractId))?.lines.push(made.line as RateLine);
    lineInfo.set(Number(r.id), r);
  }
  return { cards, lineInfo };
}

/**
 * The cards of contracts in force, kept per database handle (quote): a contract that is not a draft no longer
 * changes its lines, so its card is read once per row version of the contract (its status changes bump it) and
 * per state of the charge types (a type disabled or its tax rate changed: everything read again). Reading and
 * checking 5,000 lines took 140–450 ms of each quote; the quote then only rates.
 */
const cardCache = new WeakMap<object, { stamp: string; cards: Map<string, RateCard> }>();
const CARD_CACHE_MAX = 2000;
export async function cachedCards(db: Queryable, contracts: { id: number; code: string; contractVersion: number; currency: string; rowVersion: number }[]): Promise<Map<number, RateCard>> {
  const stamp = (await db.query<{ s: string }>(`select count(*) || ':' || coalesce(max(coalesce(update_time, create_time))::text, '') as s from fin_charge_type`)).rows[0]!.s;
  let entry = cardCache.get(db);
  if (!entry || entry.stamp !== stamp || entry.cards.size > CARD_CACHE_MAX) cardCache.set(db, (entry = { stamp, cards: new Map() }));
  const key = (c: { id: number; rowVersion: number }) => `${Number(c.id)}:${Number(c.rowVersion)}`;
  const missing = contracts.filter((c) => !entry.cards.has(key(c)));
  if (missing.length) {
    const { cards } = await loadCards(db, missing);
    for (const c of missing) entry.cards.set(key(c), cards.get(Number(c.id))!);
  }
  return new Map(contracts.map((c) => [Number(c.id), entry.cards.get(key(c))!]));
}

/**
 * The distance of a movement (km, and where it came from): its route's mileage, else the great-circle
 * distance between the coordinates of its two stations to the tenth of a km, else none. `mileage`: the
 * route's column; `a`, `b`: the two stations' aliases.
 */
export const DISTANCE = (mileage: string, a: string, b: string) => `case when ${mileage} > 0 then trim_scale(${mileage})::text
                   when ${a}.latitude is not null and ${a}.longitude is not null and ${b}.latitude is not null and ${b}.longitude is not null
                   then trim_scale(round((${haversine(`${a}.longitude`, `${a}.latitude`, `${b}.longitude`, `${b}.latitude`)} / 1000)::numeric, 1))::text end as km,
              case when ${mileage} > 0 then 'ROUTE' when ${a}.latitude is not null and ${a}.longitude is not null and ${b}.latitude is not null and ${b}.longitude is not null then 'STRAIGHT_LINE' end as km_source`;

/** The vehicle (its dispatch order's main vehicle), the waiting and the signed quantities of a waybill on its way (w). */
const WAYBILL_ON_ITS_WAY = `-- the vehicle: its dispatch order's main vehicle
         left join tms_shipment sh on sh.id = w.shipment_id and sh.dispatch_center_id = w.dispatch_center_id
         left join base_transport_means vm on vm.id = sh.vehicle_id_main
         -- the waiting at the consignee: arrival to departure on the audited receipt, in hours to the hundredth
         left join lateral (
           select round(extract(epoch from (e.departure_time - e.arrival_time))::numeric / 3600, 2) as hours from tms_epod e
            where e.waybill_id = w.id and e.dispatch_center_id = w.dispatch_center_id and e.status = 'AUDITED' and e.arrival_time is not null and e.departure_time >= e.arrival_time
            order by e.id desc limit 1
         ) wt on true
         -- an audited receipt's signed quantities replace the shipped ones (weight and volume in proportion, per line)
         left join lateral (
           select sum(el.signed_quantity)::int as pieces, sum(el.pallets)::int as pallets,
                  round(sum(case when wl.quantity > 0 then wl.weight * el.signed_quantity / wl.quantity else wl.weight end), 3) as weight,
                  round(sum(case when wl.quantity > 0 then wl.volume * el.signed_quantity / wl.quantity else wl.volume end), 3) as volume
             from tms_epod e join tms_epod_line el on el.epod_id = e.id and el.dispatch_center_id = e.dispatch_center_id
             left join tms_waybill_line wl on wl.id = el.waybill_line_id and wl.dispatch_center_id = el.dispatch_center_id
            where e.waybill_id = w.id and e.dispatch_center_id = w.dispatch_center_id and e.status = 'AUDITED' and el.signed_quantity is not null
           having count(*) > 0
         ) sg on true`;
/** …of a waybill a review has just made: none yet. */
const FRESH_WAYBILL = `cross join (select null::bigint as type_id) vm
         cross join (select null::numeric as hours) wt
         cross join (select null::numeric as weight, null::numeric as volume, null::int as pieces, null::int as pallets) sg`;

/**
 * The waybills as rated (receivable): lane ends, quantities (an audited receipt's signed quantities replace the
 * shipped ones) and the client's contract effective on the order date; `where` on w / o / c. Shared with the bulk re-rating.
 * `fresh`: waybills a review has just made, on no dispatch order and with no receipt (the look-ups of the vehicle, the
 * waiting and the signed quantities would find nothing: left out, the same answers).
 */
export const WAYBILL_TO_RATE = (where: string, fresh = false) => `select w.id, w.code, w.dispatch_center_id, w.client_id, w.source_station_id, w.dest_station_id,
              sp.zone_id as from_zone, dp.zone_id as to_zone, sp.county_id as from_county, sp.city_id as from_city, sp.province_id as from_province,
              dp.county_id as to_county, dp.city_id as to_city, dp.province_id as to_province, o.order_date::text as order_date,
              w.declared_value::text as declared_value, wt.hours::text as wait_hours, vm.type_id as vehicle_type_id,
              ${DISTANCE('wr.mileage', 'ss', 'ds')},
              coalesce(sg.weight, w.total_weight)::text as weight, coalesce(sg.volume, w.total_volume)::text as volume,
              coalesce(sg.pieces, w.total_quantity) as pieces, coalesce(sg.pallets, w.total_pallets) as pallets, sg.pieces is not null as signed,
              c.id as contract_id, c.code as contract_code, c.contract_version, c.currency
         from tms_waybill w
         -- the order of each waybill by its key, one index probe each (offset 0 keeps the subquery from being flattened):
         -- a join let the planner, misled by the 10,000 waybills a review has just written (not in the statistics yet),
         -- merge-join them with the center's orders read through the whole primary key (10M orders: 6.8 s of a 9.4 s review)
         cross join lateral (select o.order_date from tms_order o where o.id = w.order_id and o.dispatch_center_id = w.dispatch_center_id offset 0) o
         left join base_station_place sp on sp.station_id = w.source_station_id
         left join base_station_place dp on dp.station_id = w.dest_station_id
         left join base_station ss on ss.id = w.source_station_id
         left join base_station ds on ds.id = w.dest_station_id
         left join base_route wr on wr.id = w.route_id
         ${fresh ? FRESH_WAYBILL : WAYBILL_ON_ITS_WAY}
         left join lateral (
           select c.id, c.code, c.contract_version, c.currency from fin_contract c
            where c.kind = 'RECEIVABLE' and c.client_id = w.client_id and c.dispatch_center_id = w.dispatch_center_id
              and c.status in ('EFFECTIVE', 'EXPIRED') and o.order_date between c.valid_from and c.valid_to
            order by c.contract_version desc, c.id desc limit 1
         ) c on true
        where ${where}`;

const idOrNull = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
/** A lane point from a station and its place (zone, county, city, province: base_station_place). */
export const placeOf = (station: number | null, zone: number | null, county: number | null, city: number | null, province: number | null): LanePoint => ({
  stationId: idOrNull(station), zoneId: idOrNull(zone), districtId: idOrNull(county), cityId: idOrNull(city), provinceId: idOrNull(province),
});
/**
 * The trace with where its quantities came from: the signed receipt (quantities), the receipt's arrival and
 * departure (hours), the route's mileage or the straight line between the stations (km).
 */
export const sourced = (trace: ChargeTrace, signed: boolean, hoursFromReceipt: boolean, kmSource: string | null): ChargeTrace & { quantitySource?: string; hoursSource?: string; kmSource?: string } => ({
  ...trace,
  ...(signed ? { quantitySource: 'SIGNED' } : {}),
  ...(hoursFromReceipt && trace.basis === 'HOUR' ? { hoursSource: 'RECEIPT' } : {}),
  ...(kmSource && trace.basis === 'KM' ? { kmSource } : {}),
});

/** The places of a rated record's lane ends (base_station_place of each end) and its declared value and waiting. */
export interface PlaceColumns {
  from_zone: number | null;
  to_zone: number | null;
  from_county: number | null;
  from_city: number | null;
  from_province: number | null;
  to_county: number | null;
  to_city: number | null;
  to_province: number | null;
  declared_value: string | null;
  wait_hours: string | null;
  vehicle_type_id: number | null;
  km: string | null;
  km_source: string | null;
}

interface WaybillToRate extends PlaceColumns {
  id: number;
  code: string;
  dispatch_center_id: number;
  client_id: number;
  source_station_id: number;
  dest_station_id: number;
  order_date: string;
  weight: string;
  volume: string;
  pieces: number;
  pallets: number;
  signed: boolean;
  contract_id: number | null;
  contract_code: string | null;
  contract_version: number | null;
  currency: string | null;
}

/**
 * From this many waybills on, rateWaybills prices them set-based in SQL (rerate.ts, rateWaybillsInSql: the same
 * answers) rather than by the engine one by one: a review of 10,000 orders spent seconds in the engine's JavaScript
 * and in staging its traces as JSON; below it, the engine saves the dozen statements of the bulk form.
 */
export const RATE_IN_SQL_FROM = 100;

/**
 * Rates the waybills of the dispatch center `center` (receivable, from their clients' contracts effective on the order
 * date) and stores the result. `center`: the event's (an event's records are all of one center); every statement of
 * the rating names it (the distribution key, docs/scale-out.md). `how`: by the engine per waybill or set-based in SQL
 * (the same answers); `auto`: SQL from RATE_IN_SQL_FROM waybills. `fresh`: waybills a review has just made, never
 * rated, on no dispatch order and with no receipt: nothing settled to leave alone, no rating nor charge to replace
 * (their look-ups are left out, the same answers; the review of 10,000 orders spent ~15 % of its rating in them).
 */
export async function rateWaybills(ctx: DomainEventContext, center: number, ids: number[], cause?: RerateCause, how: 'auto' | 'engine' | 'sql' = 'auto', fresh = false): Promise<void> {
  const { q, caller, now } = ctx;
  await withoutJit(q);
  // figures already settled (a charge no longer OPEN) are not rated again
  const waybillIds = fresh ? [...new Set(ids.map(Number))] : await withoutLockedCharges(q, 'waybill_id', 'RECEIVABLE', ids, center);
  if (!waybillIds.length) return;
  await bulkMemory(q, waybillIds.length * 4);
  if (cause) await keepHistory(ctx, 'RECEIVABLE', waybillIds, cause, center);
  const inSql = how === 'sql' || (how === 'auto' && waybillIds.length >= RATE_IN_SQL_FROM);
  if (inSql) await rateWaybillsInSql(q, center, waybillIds, caller.userName, now, fresh);
  else await rateByEngine(ctx, center, waybillIds, fresh);
  // the bulk pricing gives one charge per waybill and charge type (one line picked per lane and charge type)
  await replaceCharges(q, 'RECEIVABLE', center, waybillIds, caller.userName, now, { single: inSql, fresh });
  if (cause) await closeHistory(q, 'RECEIVABLE', waybillIds, center);
}

/** The engine per waybill: the rating states written, the charges staged in fin_new_charge. */
async function rateByEngine(ctx: DomainEventContext, center: number, waybillIds: number[], fresh: boolean): Promise<void> {
  const { q, caller, now } = ctx;
  const waybills = (
    await q.query<WaybillToRate>(
      `${WAYBILL_TO_RATE('w.id = any($1::bigint[]) and w.dispatch_center_id = $2', fresh)}
        order by w.id`,
      [waybillIds, center],
    )
  ).rows;
  const contracts = new Map<number, { id: number; code: string; contractVersion: number; currency: string }>();
  for (const w of waybills) if (w.contract_id) contracts.set(Number(w.contract_id), { id: Number(w.contract_id), code: w.contract_code!, contractVersion: Number(w.contract_version), currency: w.currency! });
  const { cards, lineInfo } = await loadCards(q, [...contracts.values()]);

  const ratings: Record<string, unknown>[] = [];
  const charges: Record<string, unknown>[] = [];
  for (const w of waybills) {
    const card = w.contract_id ? cards.get(Number(w.contract_id)) : undefined;
    const movement: Movement = {
      from: placeOf(w.source_station_id, w.from_zone, w.from_county, w.from_city, w.from_province),
      to: placeOf(w.dest_station_id, w.to_zone, w.to_county, w.to_city, w.to_province),
      quantities: { weightKg: w.weight, volumeM3: w.volume, pieces: w.pieces, pallets: w.pallets, trips: 1, stops: 1, declaredValue: w.declared_value ?? 0, hours: w.wait_hours ?? 0, km: w.km ?? 0 },
      date: w.order_date,
      vehicleTypeId: idOrNull(w.vehicle_type_id),
    };
    const result: RatingResult | null = card ? rateMovement(card, movement) : null;
    const state = !card ? 'NO_CONTRACT' : result!.charges.length ? 'RATED' : 'NO_RATE';
    ratings.push({
      dispatch_center_id: w.dispatch_center_id, waybill_id: w.id, waybill_code: w.code, client_id: w.client_id, state,
      contract_id: w.contract_id, contract_code: w.contract_code, contract_version: w.contract_version, currency: w.currency,
      total_amount: state === 'RATED' ? result!.total : null,
    });
    for (const c of state === 'RATED' ? result!.charges : []) {
      const info = lineInfo.get(c.rateLineId)!;
      charges.push({
        dispatch_center_id: w.dispatch_center_id, waybill_id: w.id, contract_id: w.contract_id, contract_version: w.contract_version,
        rate_line_id: c.rateLineId, charge_type_id: info.chargeTypeId, charge_type_code: c.chargeType, currency: c.currency, amount: c.amount, tax_rate: info.taxRate,
        trace: sourced(c.trace, w.signed, w.wait_hours !== null, w.km_source),
      });
    }
  }
  await q.query(
    `insert into fin_waybill_rating (dispatch_center_id, waybill_id, waybill_code, client_id, state, contract_id, contract_code, contract_version, currency, total_amount, rated_time, create_by, create_time)
     select x.dispatch_center_id, x.waybill_id, x.waybill_code, x.client_id, x.state, x.contract_id, x.contract_code, x.contract_version, x.currency, x.total_amount, $2, $3, $2
       from jsonb_to_recordset($1::jsonb) as x(dispatch_center_id bigint, waybill_id bigint, waybill_code text, client_id bigint, state text, contract_id bigint,
            contract_code text, contract_version int, currency text, total_amount numeric)
     on conflict (waybill_id) do update set state = excluded.state, contract_id = excluded.contract_id, contract_code = excluded.contract_code,
       contract_version = excluded.contract_version, currency = excluded.currency, total_amount = excluded.total_amount, rated_time = excluded.rated_time,
       update_by = excluded.create_by, update_time = excluded.rated_time, version = fin_waybill_rating.version + 1`,
    [JSON.stringify(ratings), now, caller.userName],
  );
  // a waybill rated again (not on review: its waybills are new) keeps only its latest receivable charges (manual ones and payable shares stay)
  // (a charge already stated stays as it was: the difference is a new charge, stated next time)
  await stageCharges(q, charges);
}

/** Finance's subscriptions to other modules' events. */
export function subscribeFinance(events: DomainEvents): void {
  // a review's waybills are new (a retract deletes them, their ratings and charges with them)
  events.on('order.reviewed', (ctx, { dispatchCenterId, waybills }) => rateWaybills(ctx, dispatchCenterId, waybills.map((w) => w.waybillId), undefined, 'auto', true));
  events.on('waybill.split', (ctx, { dispatchCenterId, waybillId, newWaybillId }) => rateWaybills(ctx, dispatchCenterId, [waybillId, newWaybillId], 'SPLIT'));
  events.on('epod.signed', (ctx, { dispatchCenterId, waybillIds }) => rateWaybills(ctx, dispatchCenterId, waybillIds, 'EPOD_SIGNED'));
  // a departure reported after the receipt was audited moves the waiting (per hour) of its waybill and dispatch order
  events.on('epod.departed', async (ctx, { dispatchCenterId, epodIds }) => {
    const audited = (
      await ctx.q.query<{ waybill_id: number; shipment_id: number | null }>(
        `select e.waybill_id, w.shipment_id from tms_epod e join tms_waybill w on w.id = e.waybill_id and w.dispatch_center_id = e.dispatch_center_id
          where e.id = any($1::bigint[]) and e.dispatch_center_id = $2 and e.status = 'AUDITED'`,
        [epodIds, dispatchCenterId],
      )
    ).rows;
    if (!audited.length) return;
    await rateWaybills(ctx, dispatchCenterId, audited.map((r) => Number(r.waybill_id)), 'EPOD_DEPARTED');
    const shipments = [...new Set(audited.filter((r) => r.shipment_id !== null).map((r) => Number(r.shipment_id)))];
    if (shipments.length) await rateShipments(ctx, dispatchCenterId, shipments, 'EPOD_DEPARTED', true);
  });
  events.on('shipment.effected', (ctx, { dispatchCenterId, shipmentIds }) => rateShipments(ctx, dispatchCenterId, shipmentIds, 'EFFECT'));
  events.on('shipment.waybillsChanged', (ctx, { dispatchCenterId, shipmentId, change }) => rateShipments(ctx, dispatchCenterId, [shipmentId], change, true));
  events.on('shipment.carrierChanged', (ctx, { dispatchCenterId, shipmentId }) => rateShipments(ctx, dispatchCenterId, [shipmentId], 'CARRIER_CHANGED', true));
}
