/**
 * The SQL of the five reports. Every query is filtered by one dispatch center (the distribution key
 * of the operational tables), a period and the caller's data groups (clients / carriers), and groups
 * in the database; the rows are what the table shows and what the Excel export writes.
 */
import type { ResourceDef } from '@tms/domain';
import { MILEAGE_RULES, rate, type ReportGroupBy, type ReportName } from '@tms/domain';
import type { Caller } from '../../platform/auth.ts';
import type { Queryable } from '../../platform/db.ts';
import { scopeOf } from '../../platform/resource-engine.ts';

export interface ReportFilters {
  dispatchCenterId: number;
  /** inclusive days, YYYY-MM-DD, in the time zone `tz` */
  from: string;
  to: string;
  tz: string;
  clientId?: number;
  carrierId?: number;
  vehicleId?: number;
  status?: string;
  groupBy?: ReportGroupBy;
  /** on-time tolerance of departures and arrivals */
  toleranceMinutes: number;
}

export type ReportRow = Record<string, string | number | null>;

/** Builds `where` parts and their parameters; `p(v)` adds a parameter and returns its placeholder. */
export class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  p(v: unknown): string {
    this.params.push(v);
    return `$${this.params.length}`;
  }
  add(sql: string) {
    this.parts.push(sql);
  }
  /** data groups of the caller on the given client / carrier columns of alias `a` */
  scope(caller: Caller, a: string, cols: { client?: string; carrier?: string; openWhenNull?: boolean }) {
    const pseudo = { scope: cols } as unknown as ResourceDef;
    for (const w of scopeOf(pseudo, caller, this.params, a)) this.parts.push(w);
  }
  sql() {
    return this.parts.length ? `where ${this.parts.join(' and ')}` : '';
  }
}

/** day of a timestamp in the report's time zone */
const day = (w: Where, f: ReportFilters, col: string) => `(${col} at time zone ${w.p(f.tz)})::date`;

function period(w: Where, f: ReportFilters, dayExpr: string) {
  w.add(`${dayExpr} between ${w.p(f.from)}::date and ${w.p(f.to)}::date`);
}

/**
 * The period of a timestamp column: from the first day's local midnight up to the one after the last day, in the
 * report's time zone — the same rows as its local day between the two days, as a range an index on (center, column)
 * answers (migration 0087; over 3.3 M dispatch orders a year of a center went from every row of the center to its year).
 */
function periodAt(w: Where, f: ReportFilters, col: string) {
  const tz = w.p(f.tz);
  w.add(`${col} >= (${w.p(f.from)}::date::timestamp at time zone ${tz}) and ${col} < ((${w.p(f.to)}::date + 1)::timestamp at time zone ${tz})`);
}

/**
 * Orders per day and client, read from the order rollup (migration 0076: per center, client, carrier, day, status,
 * kept exact by triggers): every filter and data-scope column of this report is one of its dimensions, so a year of a
 * center is a few thousand rollup rows, not every order.
 */
async function orderReport(q: Queryable, caller: Caller, f: ReportFilters): Promise<ReportRow[]> {
  const w = new Where();
  w.add(`o.dispatch_center_id = ${w.p(f.dispatchCenterId)}`);
  period(w, f, 'o.order_date');
  if (f.clientId) w.add(`o.client_id = ${w.p(f.clientId)}`);
  if (f.carrierId) w.add(`o.carrier_id = ${w.p(f.carrierId)}`);
  if (f.status) w.add(`o.status = ${w.p(f.status)}`);
  w.scope(caller, 'o', { client: 'client_id', carrier: 'carrier_id' });
  const r = await q.query<ReportRow>(
    `select to_char(o.order_date, 'YYYY-MM-DD') as day, c.name as "clientName", sum(o.orders)::int as orders,
            coalesce(sum(o.orders) filter (where o.status = 'EFFECTIVE'), 0)::int as effective,
            coalesce(sum(o.total_weight), 0)::float8 as weight, coalesce(sum(o.total_volume), 0)::float8 as volume,
            coalesce(sum(o.total_quantity), 0)::int8 as quantity
       from tms_order_rollup o join base_client c on c.id = o.client_id
       ${w.sql()}
      group by o.order_date, c.name having sum(o.orders) > 0 order by o.order_date, c.name`,
    w.params,
  );
  return r.rows;
}

async function shipmentReport(q: Queryable, caller: Caller, f: ReportFilters): Promise<ReportRow[]> {
  const w = new Where();
  const dayExpr = day(w, f, 'coalesce(s.etd, s.create_time)');
  const tol = `make_interval(mins => ${w.p(f.toleranceMinutes)}::int)`;
  w.add(`s.dispatch_center_id = ${w.p(f.dispatchCenterId)}`);
  periodAt(w, f, 'coalesce(s.etd, s.create_time)');
  if (f.carrierId) w.add(`s.carrier_id = ${w.p(f.carrierId)}`);
  if (f.status) w.add(`s.status = ${w.p(f.status)}`);
  w.scope(caller, 's', { carrier: 'carrier_id' });
  const r = await q.query<ReportRow>(
    `select to_char(${dayExpr}, 'YYYY-MM-DD') as day, coalesce(c.name, '-') as "carrierName", count(*)::int as shipments,
            count(s.atd)::int as departed,
            count(*) filter (where s.atd is not null and s.etd is not null and s.atd <= s.etd + ${tol})::int as "onTimeDepartures",
            count(s.ata)::int as arrived,
            count(*) filter (where s.ata is not null and s.eta is not null and s.ata <= s.eta + ${tol})::int as "onTimeArrivals",
            coalesce(sum(s.total_weight), 0)::float8 as weight
       from tms_shipment s left join base_carrier c on c.id = s.carrier_id
       ${w.sql()}
      group by 1, 2 order by 1, 2`,
    w.params,
  );
  return r.rows.map((x) => ({
    ...x,
    onTimeDepartureRate: rate(Number(x.onTimeDepartures), Number(x.departed)),
    onTimeArrivalRate: rate(Number(x.onTimeArrivals), Number(x.arrived)),
  }));
}

async function epodReport(q: Queryable, caller: Caller, f: ReportFilters): Promise<ReportRow[]> {
  const w = new Where();
  w.add(`e.dispatch_center_id = ${w.p(f.dispatchCenterId)}`);
  periodAt(w, f, 'e.create_time');
  if (f.clientId) w.add(`e.client_id = ${w.p(f.clientId)}`);
  if (f.carrierId) w.add(`e.carrier_id = ${w.p(f.carrierId)}`);
  if (f.status) w.add(`e.status = ${w.p(f.status)}`);
  w.scope(caller, 'e', { client: 'client_id', carrier: 'carrier_id' });
  const byCarrier = f.groupBy === 'carrier';
  const r = await q.query<ReportRow>(
    `select coalesce(g.name, '-') as "groupName", count(*)::int as receipts,
            count(*) filter (where e.status = 'AUDITED')::int as audited,
            count(*) filter (where e.is_abnormal)::int as abnormal,
            coalesce(sum(l.shipped), 0)::int8 as "shippedQuantity", coalesce(sum(l.signed), 0)::int8 as "signedQuantity",
            coalesce(sum(l.shortage), 0)::int8 as shortage, coalesce(sum(l.damage), 0)::int8 as damage
       from tms_epod e
       left join ${byCarrier ? 'base_carrier g on g.id = e.carrier_id' : 'base_client g on g.id = e.client_id'}
       left join lateral (select sum(shipped_quantity) as shipped, sum(coalesce(signed_quantity, 0)) as signed, sum(shortage) as shortage, sum(damage) as damage
                            from tms_epod_line where epod_id = e.id and dispatch_center_id = e.dispatch_center_id) l on true
       ${w.sql()}
      group by g.name order by g.name`,
    w.params,
  );
  return r.rows.map((x) => ({
    ...x,
    shortageRate: rate(Number(x.shortage), Number(x.shippedQuantity)),
    damageRate: rate(Number(x.damage), Number(x.shippedQuantity)),
  }));
}

async function checkReport(q: Queryable, caller: Caller, f: ReportFilters): Promise<ReportRow[]> {
  const w = new Where();
  w.add(`v.dispatch_center_id = ${w.p(f.dispatchCenterId)}`);
  periodAt(w, f, 'v.check_time');
  if (f.carrierId) w.add(`s.carrier_id = ${w.p(f.carrierId)}`);
  w.scope(caller, 's', { carrier: 'carrier_id' });
  const r = await q.query<ReportRow>(
    `select i.item_code as "itemCode", count(*)::int as checks, count(*) filter (where not i.passed)::int as failed
       from tms_vehicle_check v join tms_vehicle_check_item i on i.check_id = v.id and i.dispatch_center_id = v.dispatch_center_id
       join tms_shipment s on s.id = v.shipment_id and s.dispatch_center_id = v.dispatch_center_id
       ${w.sql()}
      group by i.item_code order by failed desc, i.item_code`,
    w.params,
  );
  return r.rows.map((x) => ({ ...x, failRate: rate(Number(x.failed), Number(x.checks)) }));
}

/** The group of a margin row: its key (what is grouped on) and its name (what is shown), per grouping. */
const MARGIN_GROUPS: Record<ReportGroupBy, { key: string; name: string }> = {
  waybill: { key: 'w.id', name: 'w.code' },
  dispatchOrder: { key: 'w.shipment_id', name: 's.shipment_code' },
  client: { key: 'w.client_id', name: 'cl.name' },
  carrier: { key: 'w.carrier', name: 'ca.name' },
  route: { key: 'w.source_station_id, w.dest_station_id', name: `fs.name || ' → ' || ts.name` },
  month: { key: `to_char(w.order_date, 'YYYY-MM')`, name: `to_char(w.order_date, 'YYYY-MM')` },
};

/**
 * A dispatch order's approved adjustments (payable) shared among its waybills by weight (equally when none
 * weighs), to the cent by largest remainder, so the shares add up exactly to the adjustments (as the
 * engine allocates a dispatch order's cost). Of the center in `center` (a parameter: the distribution key).
 */
const dispatchAdjustmentShare = (center: string) => `dispatch_adjustment_share as (
       select z.waybill_id, sign(z.total) * (z.floor_cents + case when z.rank <= z.left_cents then 1 else 0 end) / 100.0 as amount
         from (
           select e.*, floor(e.exact) as floor_cents, row_number() over (partition by e.shipment_id order by e.exact - floor(e.exact) desc, e.waybill_id) as rank,
                  e.total_cents - sum(floor(e.exact)) over (partition by e.shipment_id) as left_cents
             from (
               select p.waybill_id, p.shipment_id, a.total, abs(a.total) * 100 as total_cents,
                      abs(a.total) * 100 * case when p.weights > 0 then p.weight / p.weights else 1.0 / p.parts end as exact
                 from (select sa.shipment_id, sum(sa.amount) as total from fin_adjustment sa
                        where sa.dispatch_center_id = ${center} and sa.shipment_id is not null and sa.kind = 'PAYABLE' and sa.status = 'APPROVED' group by sa.shipment_id) a
                 join (select sw.id as waybill_id, sw.shipment_id, greatest(sw.total_weight, 0) as weight,
                              sum(greatest(sw.total_weight, 0)) over (partition by sw.shipment_id) as weights, count(*) over (partition by sw.shipment_id) as parts
                         from tms_waybill sw
                        where sw.dispatch_center_id = ${center}
                          and sw.shipment_id in (select shipment_id from fin_adjustment where dispatch_center_id = ${center} and shipment_id is not null and status = 'APPROVED')) p
                   on p.shipment_id = a.shipment_id
             ) e
         ) z
     )`;

/**
 * Margin (issue 14): per waybill of the period (its order's date), revenue = its receivable charges, cost = the
 * payable charges allocated to it (its dispatch order's carrier), each plus the approved manual charges and
 * adjustments (the waybill's own, and its share of its dispatch order's), summed as numeric in the database and read as
 * exact text; then grouped. Waybills with no receivable / payable charge, or whose rating found no contract, are
 * counted (never a silent zero). The carrier of a waybill is its dispatch order's, else its own.
 */
async function marginReport(q: Queryable, caller: Caller, f: ReportFilters): Promise<ReportRow[]> {
  const w = new Where();
  const center = w.p(f.dispatchCenterId);
  w.add(`w.dispatch_center_id = ${center}`);
  period(w, f, 'o.order_date');
  if (f.clientId) w.add(`w.client_id = ${w.p(f.clientId)}`);
  if (f.carrierId) w.add(`coalesce(s.carrier_id, w.carrier_id) = ${w.p(f.carrierId)}`);
  w.scope(caller, 'w', { client: 'client_id', carrier: 'carrier_id' });
  const g = MARGIN_GROUPS[f.groupBy ?? 'client'];
  const r = await q.query<ReportRow>(
    `with ${dispatchAdjustmentShare(center)},
     margin_waybill as (
       select w.id, w.code, w.client_id, w.shipment_id, coalesce(s.carrier_id, w.carrier_id) as carrier, w.source_station_id, w.dest_station_id, o.order_date,
              ch.revenue, ch.cost, ch.receivables, ch.payables,
              (wr.state = 'NO_CONTRACT' or dr.state = 'NO_CONTRACT') as no_contract
         from tms_waybill w
         join tms_order o on o.id = w.order_id and o.dispatch_center_id = w.dispatch_center_id
         left join tms_shipment s on s.id = w.shipment_id and s.dispatch_center_id = w.dispatch_center_id
         left join fin_waybill_rating wr on wr.waybill_id = w.id and wr.dispatch_center_id = w.dispatch_center_id
         left join fin_dispatch_rating dr on dr.shipment_id = w.shipment_id and dr.dispatch_center_id = w.dispatch_center_id
         left join lateral (
           select sum(c.amount) filter (where c.kind = 'RECEIVABLE') as revenue, sum(c.amount) filter (where c.kind = 'PAYABLE') as cost,
                  count(*) filter (where c.kind = 'RECEIVABLE') as receivables, count(*) filter (where c.kind = 'PAYABLE') as payables
             from fin_charge c where c.waybill_id = w.id and c.dispatch_center_id = w.dispatch_center_id
         ) ch0 on true
         -- approved manual charges and adjustments: the waybill's own, and its share of its dispatch order's
         left join lateral (
           select sum(a.amount) filter (where a.kind = 'RECEIVABLE') as revenue, sum(a.amount) filter (where a.kind = 'PAYABLE') as cost
             from fin_adjustment a where a.waybill_id = w.id and a.dispatch_center_id = w.dispatch_center_id and a.status = 'APPROVED'
         ) aw on true
         left join dispatch_adjustment_share ds on ds.waybill_id = w.id
         cross join lateral (
           select case when ch0.revenue is null and aw.revenue is null then null else coalesce(ch0.revenue, 0) + coalesce(aw.revenue, 0) end as revenue,
                  case when ch0.cost is null and aw.cost is null and ds.amount is null then null else coalesce(ch0.cost, 0) + coalesce(aw.cost, 0) + coalesce(ds.amount, 0) end as cost,
                  ch0.receivables, ch0.payables
         ) ch
         ${w.sql()}
     )
     select ${g.name} as "groupName", count(*)::int as waybills,
            coalesce(sum(w.revenue), 0)::numeric(16, 2)::text as revenue,
            coalesce(sum(w.cost), 0)::numeric(16, 2)::text as cost,
            (coalesce(sum(w.revenue), 0) - coalesce(sum(w.cost), 0))::numeric(16, 2)::text as margin,
            count(*) filter (where w.no_contract)::int as "noContract",
            count(*) filter (where w.receivables = 0)::int as "noRevenue",
            count(*) filter (where w.payables = 0)::int as "noCost"
       from margin_waybill w
       left join tms_shipment s on s.id = w.shipment_id and s.dispatch_center_id = ${center}
       left join base_client cl on cl.id = w.client_id
       left join base_carrier ca on ca.id = w.carrier
       left join base_station fs on fs.id = w.source_station_id
       left join base_station ts on ts.id = w.dest_station_id
      group by ${g.key}, ${g.name}
      order by ${g.name} nulls last`,
    w.params,
  );
  return r.rows.map((x) => ({ ...x, marginRate: rate(String(x.margin), String(x.revenue)) }));
}

/** great-circle distance in metres between (lng0, lat0) and (lng1, lat1), degrees (haversine) */
export const haversine = (lng0: string, lat0: string, lng1: string, lat1: string) =>
  `(2 * ${MILEAGE_RULES.earthRadiusM} * asin(least(1, sqrt(power(sin(radians(${lat1} - ${lat0}) / 2), 2) + cos(radians(${lat0})) * cos(radians(${lat1})) * power(sin(radians(${lng1} - ${lng0}) / 2), 2)))))`;

/**
 * Mileage (issue 19), per vehicle and day of the period in the report's time zone, from the vehicle's positions
 * (tms_position, read only in the partitions of the period). The rules are MILEAGE_RULES: steps between consecutive
 * positions (window lag), a step faster than 200 km/h (or in no time) is a jump and not counted; a stop is a run of
 * steps under 100 m, every position within 100 m of the run's first, lasting 5 minutes or more.
 * The vehicles are the caller's (carrier data groups, like the vehicle master data) that have run a dispatch order
 * of the report's dispatch center.
 */
async function mileageReport(q: Queryable, caller: Caller, f: ReportFilters): Promise<ReportRow[]> {
  const w = new Where();
  const tz = w.p(f.tz);
  w.add(`p.reported_at >= (${w.p(f.from)}::date)::timestamp at time zone ${tz}`);
  w.add(`p.reported_at < (${w.p(f.to)}::date + 1)::timestamp at time zone ${tz}`);
  w.add(`exists (select 1 from tms_shipment s where s.vehicle_id_main = v.id and s.dispatch_center_id = ${w.p(f.dispatchCenterId)})`);
  if (f.carrierId) w.add(`v.carrier_id = ${w.p(f.carrierId)}`);
  if (f.vehicleId) w.add(`v.id = ${w.p(f.vehicleId)}`);
  w.scope(caller, 'v', { carrier: 'carrier_id' });
  const R = MILEAGE_RULES;
  const r = await q.query<ReportRow>(
    `with pos as (
       select p.vehicle_id, p.lng, p.lat, p.reported_at, (p.reported_at at time zone ${tz})::date as day,
              lag(p.lng) over w as plng, lag(p.lat) over w as plat, lag(p.reported_at) over w as pat
         from tms_position p join base_transport_means v on v.id = p.vehicle_id
         ${w.sql()}
       window w as (partition by p.vehicle_id order by p.reported_at, p.id)
     ), step as (
       select *, ${haversine('plng', 'plat', 'lng', 'lat')} as m, extract(epoch from reported_at - pat) as secs from pos
     ), counted as (
       -- a step is driven unless it implies an impossible speed; a new dwell run starts at a step of 100 m or more
       select *, case when pat is not null and secs > 0 and m / secs * 3.6 <= ${R.maxSpeedKmh} then m else 0 end as driven,
              sum(case when pat is null or m >= ${R.stopRadiusM} then 1 else 0 end) over (partition by vehicle_id order by reported_at rows unbounded preceding) as run
         from step
     ), runs as (
       select vehicle_id, run, count(*) as n, min(reported_at) as since, max(reported_at) as until
         from (select c.*, first_value(lng) over r as lng0, first_value(lat) over r as lat0
                 from counted c window r as (partition by vehicle_id, run order by reported_at)) x
        group by vehicle_id, run
       having max(${haversine('lng0', 'lat0', 'lng', 'lat')}) < ${R.stopRadiusM} and max(reported_at) - min(reported_at) >= make_interval(mins => ${R.stopMinutes})
     ), days as (
       select vehicle_id, day, sum(driven) as meters, count(*)::int as positions, min(reported_at) as first_at, max(reported_at) as last_at
         from counted group by vehicle_id, day
     )
     select to_char(d.day, 'YYYY-MM-DD') as day, v.plate_number as "plateNumber", coalesce(c.name, '-') as "carrierName",
            round((d.meters / 1000)::numeric, 3)::float8 as "distanceKm",
            (select count(*)::int from runs s where s.vehicle_id = d.vehicle_id and (s.since at time zone ${tz})::date = d.day) as stops,
            to_char(d.first_at at time zone ${tz}, 'HH24:MI:SS') as "firstReport", to_char(d.last_at at time zone ${tz}, 'HH24:MI:SS') as "lastReport",
            d.positions
       from days d join base_transport_means v on v.id = d.vehicle_id left join base_carrier c on c.id = v.carrier_id
      order by d.day, v.plate_number`,
    w.params,
  );
  return r.rows;
}

const RUN: Record<ReportName, (q: Queryable, caller: Caller, f: ReportFilters) => Promise<ReportRow[]>> = {
  order: orderReport,
  shipment: shipmentReport,
  epod: epodReport,
  check: checkReport,
  margin: marginReport,
  mileage: mileageReport,
};

export function runReport(name: ReportName, q: Queryable, caller: Caller, f: ReportFilters): Promise<ReportRow[]> {
  return RUN[name](q, caller, f);
}
