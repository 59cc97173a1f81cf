/**
 * Dashboards (issue 7): analysis, workplace and monitor, with figures from the data of one dispatch
 * center (and the caller's data groups) — never sample data.
 */
import type { Caller } from '../../platform/auth.ts';
import type { Queryable } from '../../platform/db.ts';
import { rate, type ResourceDef } from '@tms/domain';
import { scopeOf } from '../../platform/resource-engine.ts';
import { Where } from './queries.ts';

/** What a dashboard is built for: the caller, its dispatch center and time zone. */
export interface DashboardCtx {
  q: Queryable;
  caller: Caller;
  center: number;
  tz: string;
}

/** Data-group columns of a table, or `shipment`: the column of the shipment whose carrier decides (alerts, positions). */
type Cols = { client?: string; carrier?: string; openWhenNull?: boolean; shipment?: string };

/** `where` for one table alias: the center and the data groups on the given columns. */
function scoped(c: DashboardCtx, alias: string, cols: Cols): Where {
  const w = new Where();
  w.add(`${alias}.dispatch_center_id = ${w.p(c.center)}`);
  const { shipment, ...own } = cols;
  w.scope(c.caller, alias, own);
  if (shipment) {
    // the shipment of the row is in the row's center (co-located: the distribution key on both sides)
    const inner = scopeOf({ scope: SHIPMENT_COLS } as unknown as ResourceDef, c.caller, w.params, 'dsh');
    if (inner.length) w.add(`(${alias}.${shipment} is null or exists (select 1 from tms_shipment dsh where dsh.id = ${alias}.${shipment} and dsh.dispatch_center_id = ${alias}.dispatch_center_id and ${inner.join(' and ')}))`);
  }
  return w;
}

const ORDER_COLS = { client: 'client_id', carrier: 'carrier_id' };
const SHIPMENT_COLS = { carrier: 'carrier_id' };
/** alerts and positions are seen where their shipment is */
const VIA_SHIPMENT: Cols = { shipment: 'shipment_id' };
/** the tracking view's scope columns (see the orderTracking resource) */
const TRACKING_COLS: Cols = { client: 'scope_client_id', carrier: 'scope_carrier_id', openWhenNull: true };

async function one<T>(c: DashboardCtx, sql: (w: Where) => string, alias: string, cols: Cols): Promise<T> {
  const w = scoped(c, alias, cols);
  const text = sql(w);
  return (await c.q.query<T>(text, w.params)).rows[0]!;
}

async function rows<T>(c: DashboardCtx, sql: (w: Where) => string, alias: string, cols: Cols): Promise<T[]> {
  const w = scoped(c, alias, cols);
  const text = sql(w);
  return (await c.q.query<T>(text, w.params)).rows;
}

async function analysis(c: DashboardCtx) {
  const today = (w: Where) => `(now() at time zone ${w.p(c.tz)})::date`;
  const ordersToday = await one<{ orders: number; weight: number }>(
    c,
    (w) => `select count(*)::int as orders, coalesce(sum(o.total_weight), 0)::float8 as weight from tms_order o ${w.sql()} and o.order_date = ${today(w)}`,
    'o',
    ORDER_COLS,
  );
  const ordersPerDay = await rows<{ day: string; orders: number; weight: number }>(
    c,
    (w) =>
      `select to_char(o.order_date, 'YYYY-MM-DD') as day, count(*)::int as orders, coalesce(sum(o.total_weight), 0)::float8 as weight
         from tms_order o ${w.sql()} and o.order_date > ${today(w)} - 14 group by o.order_date order by o.order_date`,
    'o',
    ORDER_COLS,
  );
  const shipmentsByStatus = await rows<{ status: string; count: number }>(
    c,
    (w) => `select s.status, count(*)::int as count from tms_shipment s ${w.sql()} group by s.status order by s.status`,
    's',
    SHIPMENT_COLS,
  );
  const onTime = await one<{ departed: number; onTimeDepartures: number; arrived: number; onTimeArrivals: number }>(
    c,
    (w) =>
      `select count(s.atd)::int as departed, count(*) filter (where s.atd <= s.etd + interval '30 minutes')::int as "onTimeDepartures",
              count(s.ata)::int as arrived, count(*) filter (where s.ata <= s.eta + interval '30 minutes')::int as "onTimeArrivals"
         from tms_shipment s ${w.sql()} and s.atd > now() - interval '30 days'`,
    's',
    SHIPMENT_COLS,
  );
  const topCarriers = await rows<{ carrierName: string; shipments: number; weight: number }>(
    c,
    (w) =>
      `select cr.name as "carrierName", count(*)::int as shipments, coalesce(sum(s.total_weight), 0)::float8 as weight
         from tms_shipment s join base_carrier cr on cr.id = s.carrier_id ${w.sql()} and s.create_time > now() - interval '30 days'
        group by cr.name order by shipments desc, cr.name limit 5`,
    's',
    SHIPMENT_COLS,
  );
  const alertsOpen = await one<{ count: number }>(c, (w) => `select count(*)::int as count from shipment_alert a ${w.sql()} and a.status = 'NEW'`, 'a', VIA_SHIPMENT);
  return {
    ordersToday,
    ordersPerDay,
    shipmentsByStatus,
    onTimeDepartureRate: rate(onTime.onTimeDepartures, onTime.departed),
    onTimeArrivalRate: rate(onTime.onTimeArrivals, onTime.arrived),
    topCarriers,
    alertsOpen: alertsOpen.count,
  };
}

async function workplace(c: DashboardCtx) {
  const count = (table: string, alias: string, cond: string, cols: Cols) =>
    one<{ n: number }>(c, (w) => `select count(*)::int as n from ${table} ${alias} ${w.sql()} and ${cond}`, alias, cols).then((r) => r.n);
  const todo = {
    ordersToReview: await count('tms_order', 'o', `o.status = 'OPEN' and not o.is_lock`, ORDER_COLS),
    waybillsToReview: await count('tms_waybill', 'w', `w.status = 'OPEN'`, { client: 'client_id', carrier: 'carrier_id' }),
    waybillsToDispatch: await count('tms_waybill', 'w', `w.status = 'REVIEWED' and w.shipment_id is null`, { client: 'client_id', carrier: 'carrier_id' }),
    shipmentsToSchedule: await count('tms_shipment', 's', `s.status = 'OPEN'`, SHIPMENT_COLS),
    shipmentsToRelease: await count('tms_shipment', 's', `s.status = 'CONFIRMED'`, SHIPMENT_COLS),
    shipmentsInTransit: await count('tms_shipment', 's', `s.status = 'SHIPPED'`, SHIPMENT_COLS),
    epodsToAudit: await count('tms_epod', 'e', `e.status = 'REPORTED'`, { client: 'client_id', carrier: 'carrier_id' }),
    alertsOpen: await count('shipment_alert', 'a', `a.status = 'NEW'`, VIA_SHIPMENT),
  };
  const recent = await rows<{ operationType: string; relatedCode: string | null; operatorName: string | null; operationTime: string }>(
    c,
    (w) =>
      `select t.operation_type as "operationType", t.related_code as "relatedCode", t.operator_name as "operatorName", t.operation_time as "operationTime"
         from tms_order_tracking_v t ${w.sql()} order by t.operation_time desc, t.id desc limit 10`,
    't',
    TRACKING_COLS,
  );
  return { todo, recent };
}

async function monitor(c: DashboardCtx) {
  const inProgress = await rows<{ id: number; shipmentCode: string; status: string; carrierName: string | null; lastReport: string | null; lng: number | null; lat: number | null; openAlerts: number }>(
    c,
    (w) =>
      `select s.id, s.shipment_code as "shipmentCode", s.status, cr.name as "carrierName", p.reported_at as "lastReport", p.lng, p.lat,
              (select count(*) from shipment_alert a where a.shipment_id = s.id and a.dispatch_center_id = s.dispatch_center_id and a.status = 'NEW')::int as "openAlerts"
         from tms_shipment s
         left join base_carrier cr on cr.id = s.carrier_id
         left join lateral (select reported_at, lng, lat from tms_position x where x.shipment_id = s.id and x.dispatch_center_id = s.dispatch_center_id order by reported_at desc limit 1) p on true
         ${w.sql()} and s.status in ('EFFECTIVE', 'SHIPPED')
        order by s.id desc limit 100`,
    's',
    SHIPMENT_COLS,
  );
  const positionsLastHour = await one<{ n: number }>(
    c,
    (w) => `select count(*)::int as n from tms_position x ${w.sql()} and x.received_at > now() - interval '1 hour'`,
    'x',
    VIA_SHIPMENT,
  );
  const alertsByType = await rows<{ type: string | null; count: number }>(
    c,
    (w) => `select a.alert_type as type, count(*)::int as count from shipment_alert a ${w.sql()} and a.status = 'NEW' group by a.alert_type order by count desc`,
    'a',
    VIA_SHIPMENT,
  );
  return { inProgress, positionsLastHour: positionsLastHour.n, alertsByType };
}

/** The dashboards (their routes: ReportApi.dashboards). */
export const dashboards = { analysis, workplace, monitor };
