/**
 * The demo operation (issue 18 §3), seeded once on a first start unless TMS_DEMO=off: 60 days of a
 * living transport business in the Shanghai dispatch center, over the demo master data (clients,
 * stations, carriers, vehicles and drivers of baseinfo/seed.ts).
 *
 * Every row is in a state the product's rules could have produced, with its timestamps in order:
 * order (create → review) → waybill (created on review → reviewed) → dispatch order (created from
 * the waybills → scheduled → took effect → accepted by the driver → shipped → completed) → one
 * receipt (epod) per waybill when it shipped (reported, some abnormal and handled, audited,
 * rejected, recalled); the business log (order tracking) of each step; a trajectory along the road
 * polylines of routes.json for every dispatch order that left; alerts raised and handled; zone
 * polygons and station e-fences; receivable and payable contracts with rate cards, and every
 * waybill and dispatch order rated by the product's own rating (finance/rating.ts, payable.ts).
 * Vehicles never overlap: each truck runs one trip at a time, as scheduling requires.
 *
 * Set-based: the plan of the dispatch orders is computed here (a few hundred rows), everything
 * else is INSERT … SELECT over generate_series and temporary tables, in the seed's transaction.
 * Codes follow the number rules (prefix, timestamp, serial) and the counters move past them.
 */
import { readFileSync } from 'node:fs';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../../platform/db.ts';
import type { Caller } from '../../platform/auth.ts';
import { rateWaybills } from '../finance/rating.ts';
import { rateShipments } from '../finance/payable.ts';
import { alertTexts } from '../alert/job.ts';
import { refreshLastPositions } from '../fleet/ingest.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const MIN = 60_000;
const HOUR = 60 * MIN;

export interface DemoOptions {
  /** the local storage root (uploads) the receipt picture and signature are copied into; none = rows only */
  uploads?: string | null;
  now?: Date;
}

interface Lane {
  from: string;
  to: string;
  road: string;
  points: [number, number][];
}

/** Great-circle distance in km. */
export function haversineKm(a: [number, number], b: [number, number]): number {
  const r = Math.PI / 180;
  const dLat = (b[1] - a[1]) * r;
  const dLng = (b[0] - a[0]) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * r) * Math.cos(b[1] * r) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The lanes of routes.json, each interpolated to a point every `stepKm` along its polyline, with the distance covered. */
export function demoLanes(stepKm = 2): (Lane & { km: number; track: { lng: number; lat: number; km: number }[] })[] {
  const data = JSON.parse(readFileSync(join(HERE, 'routes.json'), 'utf8')) as { lanes: Lane[] };
  return data.lanes.map((l) => {
    const track: { lng: number; lat: number; km: number }[] = [{ lng: l.points[0]![0], lat: l.points[0]![1], km: 0 }];
    let km = 0;
    for (let i = 1; i < l.points.length; i++) {
      const a = l.points[i - 1]!;
      const b = l.points[i]!;
      const d = haversineKm(a, b);
      const parts = Math.max(1, Math.round(d / stepKm));
      for (let p = 1; p <= parts; p++) track.push({ lng: a[0] + ((b[0] - a[0]) * p) / parts, lat: a[1] + ((b[1] - a[1]) * p) / parts, km: km + (d * p) / parts });
      km += d;
    }
    return { ...l, km, track };
  });
}

/** A small deterministic generator (mulberry32): the same plan at every first start. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The demo trucks and the lanes (indexes into routes.json) their type may serve (station limits: S-SH-01 allows only VT-42, S-SH-02 forbids VT-96C). */
const FLEET: [vehicle: string, lanes: number[]][] = [
  ['V001', [0, 1, 2, 3]],
  ['V004', [0, 1, 2, 3]],
  ['V002', [4, 6, 7]],
  ['V003', [4, 5, 7, 8]],
];
const TRIPS_BACK = 80; // completed trips per truck, one every ~17 h back from now (~57 days)
const OPEN_SHIPMENTS = 6;

interface ShipPlan {
  k: number;
  lane: number;
  vehicle: string | null;
  status: 'OPEN' | 'CONFIRMED' | 'EFFECTIVE' | 'SHIPPED' | 'COMPLETED';
  create_time: Date;
  schedule_time: Date | null;
  effect_time: Date | null;
  accept_time: Date | null;
  etd: Date | null;
  eta: Date | null;
  atd: Date | null;
  ata: Date | null;
  n: number;
  speed: number;
}

const round = (d: number) => new Date(Math.round(d / MIN) * MIN);

/** The dispatch orders: per truck its completed trips, the one on the road, the next (effective) and the one after (confirmed); and a few unscheduled. */
export function planShipments(now: Date, lanes: { km: number }[], busy: Set<string>): ShipPlan[] {
  const rnd = prng(18_03);
  const t = now.getTime();
  const plans: ShipPlan[] = [];
  const planned = (lane: number) => (lanes[lane]!.km / 55) * HOUR + 30 * MIN;
  const add = (p: Omit<ShipPlan, 'k' | 'n' | 'speed' | 'create_time' | 'schedule_time' | 'effect_time' | 'accept_time'> & { create_time?: Date }) => {
    const etd = p.etd?.getTime() ?? t - rnd() * 30 * HOUR;
    const create = p.create_time ?? round(etd - (4 + rnd() * 16) * HOUR);
    const schedule = p.status === 'OPEN' ? null : round(create.getTime() + (0.5 + rnd() * 2.5) * HOUR);
    const effect = ['EFFECTIVE', 'SHIPPED', 'COMPLETED'].includes(p.status) ? round(schedule!.getTime() + (0.3 + rnd() * 1.2) * HOUR) : null;
    const accepted = ['SHIPPED', 'COMPLETED'].includes(p.status) || (p.status === 'EFFECTIVE' && rnd() < 0.5);
    plans.push({
      ...p,
      k: plans.length + 1,
      // a trip carries 6–13 waybills; the ones still to leave fewer (their orders keep coming)
      n: ['SHIPPED', 'COMPLETED'].includes(p.status) ? 6 + Math.floor(rnd() * 8) : 4 + Math.floor(rnd() * 5),
      speed: 48 + rnd() * 18,
      create_time: create,
      schedule_time: schedule,
      effect_time: effect,
      accept_time: accepted ? round(effect!.getTime() + (5 + rnd() * 30) * MIN) : null,
    });
  };
  FLEET.forEach(([vehicle, ls], v) => {
    for (let j = TRIPS_BACK; j >= 1; j--) {
      const lane = ls[Math.floor(rnd() * ls.length)]!;
      const etd = round(t - (j * 17 + v * 2.5) * HOUR - rnd() * 90 * MIN);
      // mostly on time; one trip in five leaves 35 minutes to 2.5 hours late
      const late = rnd() < 0.2 ? 35 + rnd() * 115 : -10 + rnd() * 30;
      const atd = round(etd.getTime() + late * MIN);
      const speed = 48 + rnd() * 18;
      const ata = round(atd.getTime() + (lanes[lane]!.km / speed) * HOUR + 25 * MIN);
      add({ lane, vehicle, status: 'COMPLETED', etd, eta: round(etd.getTime() + planned(lane)), atd, ata });
      plans.at(-1)!.speed = speed;
    }
    // on the road now (unless the truck is busy with another demo trip: the receipts demo's)
    if (!busy.has(vehicle)) {
      const lane = ls[Math.floor(rnd() * ls.length)]!;
      const speed = 50 + rnd() * 12;
      const travel = (lanes[lane]!.km / speed) * HOUR;
      const atd = round(t - travel * (0.3 + 0.4 * rnd()));
      const etd = round(atd.getTime() - (v === 1 ? 75 : 10) * MIN);
      add({ lane, vehicle, status: 'SHIPPED', etd, eta: round(etd.getTime() + planned(lane)), atd, ata: null });
      plans.at(-1)!.speed = speed;
    }
    const next = ls[Math.floor(rnd() * ls.length)]!;
    const etd1 = round(t + (6 + v) * HOUR);
    add({ lane: next, vehicle, status: 'EFFECTIVE', etd: etd1, eta: round(etd1.getTime() + planned(next)), atd: null, ata: null, create_time: round(t - (3 + rnd() * 5) * HOUR) });
    const after = ls[Math.floor(rnd() * ls.length)]!;
    const etd2 = round(t + (28 + 1.5 * v) * HOUR);
    add({ lane: after, vehicle, status: 'CONFIRMED', etd: etd2, eta: round(etd2.getTime() + planned(after)), atd: null, ata: null, create_time: round(t - (1 + rnd() * 3) * HOUR) });
  });
  for (let i = 0; i < OPEN_SHIPMENTS; i++) {
    const lane = Math.floor(rnd() * lanes.length);
    const etd = round(t + (10 + rnd() * 40) * HOUR);
    add({ lane, vehicle: null, status: 'OPEN', etd, eta: round(etd.getTime() + planned(lane)), atd: null, ata: null, create_time: round(t - (0.5 + rnd() * 30) * HOUR) });
  }
  return plans;
}

const TS_FORMATS: Record<string, string> = { YYYYMMDD: 'YYYYMMDD', YYMMDD: 'YYMMDD', YYYYMM: 'YYYYMM', YYMM: 'YYMM', YYYY: 'YYYY', YYYYMMDDHH: 'YYYYMMDDHH24' };

/**
 * Sets `code` of every row of a temporary table (k, ts, code) from the number rule of `refType`, as
 * `nextCodes` would have at each row's time (serials in time order inside each period), and moves the
 * rule's counters past them.
 */
async function assignCodes(q: Queryable, table: string, refType: string, center: number, tz: string): Promise<void> {
  const rule = (
    await q.query<{ id: number; prefix: string; timestamp_enabled: boolean; timestamp_pattern: string; serial_length: number }>(
      `select id, prefix, timestamp_enabled, timestamp_pattern, serial_length from sys_number_rule
        where ref_type = $1 and status = '0' and (dispatch_center_id = $2 or dispatch_center_id is null) and client_id is null
        order by (dispatch_center_id is null), id limit 1`,
      [refType, center],
    )
  ).rows[0];
  if (!rule) throw new Error(`demo: no number rule for ${refType}`);
  const period = rule.timestamp_enabled ? `to_char(t.ts at time zone $2, '${TS_FORMATS[rule.timestamp_pattern] ?? 'YYYYMMDD'}')` : `'-'::text`;
  await q.query(
    `with p as (select t.k, ${period} as period, row_number() over (partition by ${period} order by t.ts, t.k) as rn from ${table} t)
     update ${table} t set code = $3 || (case when $4 then p.period else '' end) || lpad((coalesce(s.value, 0) + p.rn)::text, $5, '0')
       from p left join sys_number_seq s on s.rule_id = $1 and s.period = p.period
      where t.k = p.k`,
    [rule.id, tz, rule.prefix, rule.timestamp_enabled, rule.serial_length],
  );
  await q.query(
    `insert into sys_number_seq(rule_id, period, value) select $1::bigint, ${period}, count(*) from ${table} t group by 2
     on conflict (rule_id, period) do update set value = sys_number_seq.value + excluded.value`,
    [rule.id, tz],
  );
}

/** Zone polygons ([lng, lat] rings) around the demo cities: the built-up area of each, roughly along its ring roads. */
const ZONE_SHAPES: Record<string, [number, number][]> = {
  SH: [[121.10, 31.38], [121.28, 31.42], [121.48, 31.40], [121.62, 31.35], [121.70, 31.24], [121.64, 31.10], [121.50, 31.03], [121.30, 31.02], [121.15, 31.10], [121.08, 31.24], [121.10, 31.38]],
  SZ: [[120.52, 31.42], [120.68, 31.44], [120.84, 31.41], [121.00, 31.38], [121.13, 31.33], [121.10, 31.27], [120.92, 31.26], [120.76, 31.24], [120.56, 31.25], [120.48, 31.33], [120.52, 31.42]],
  HZ: [[120.02, 30.40], [120.16, 30.48], [120.32, 30.47], [120.40, 30.38], [120.42, 30.24], [120.36, 30.12], [120.22, 30.09], [120.08, 30.14], [119.99, 30.26], [120.02, 30.40]],
  NJ: [[118.62, 32.15], [118.80, 32.20], [118.95, 32.13], [118.98, 31.98], [118.90, 31.86], [118.74, 31.84], [118.62, 31.92], [118.58, 32.04], [118.62, 32.15]],
};
/** Polygon e-fences of two stations (the others keep their circles): the hub's yard and the store's block. */
const STATION_FENCES: Record<string, [number, number][]> = {
  'S-SZ-01': [[120.7142, 31.3232], [120.7268, 31.3238], [120.7275, 31.3151], [120.7149, 31.3146], [120.7142, 31.3232]],
  'S-SH-02': [[121.5409, 31.2331], [121.5486, 31.2335], [121.5489, 31.2276], [121.5411, 31.2272], [121.5409, 31.2331]],
};

export async function seedDemoOperation(q: Queryable, opts: DemoOptions = {}): Promise<void> {
  const now = opts.now ?? new Date();
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const center = (await q.query<{ id: number }>(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0]?.id;
  const admin = (await q.query<{ id: number }>(`select id from sys_user where user_name = 'admin'`)).rows[0]?.id;
  const stations = new Map(
    (await q.query<{ id: number; code: string; client_id: number | null }>(`select id, code, client_id from base_station where code like 'S-%'`)).rows.map((s) => [s.code, s]),
  );
  const vehicles = new Map(
    (
      await q.query<{ id: number; code: string; carrier_id: number; driver_id: number | null }>(
        `select v.id, v.code, v.carrier_id, v.driver_id from base_transport_means v join base_driver d on d.id = v.driver_id where v.code like 'V00%'`,
      )
    ).rows.map((v) => [v.code, v]),
  );
  const lanes = demoLanes();
  // the demo master data was removed or changed: nothing to build the operation on
  if (!center || !admin || FLEET.some(([v]) => !vehicles.has(v)) || lanes.some((l) => !stations.get(l.from)?.client_id || !stations.has(l.to))) return;
  const items = await q.query(`select 1 from base_station s where s.code like 'S-%' and not exists (select 1 from base_item i where i.client_id = s.client_id)`);
  if (items.rows.length) return;

  // a truck already on an unfinished demo trip (the receipts demo's) does not start another now
  const busy = new Set(
    (
      await q.query<{ code: string }>(
        `select distinct v.code from tms_shipment s join base_transport_means v on v.id = s.vehicle_id_main where s.status in ('CONFIRMED', 'EFFECTIVE', 'SHIPPED')`,
      )
    ).rows.map((r) => r.code),
  );
  const plans = planShipments(now, lanes, busy);
  await q.query(`select setseed(0.18)`);
  // a bulk load of rows consistent by construction (every reference comes from a join on what was just written): the
  // foreign-key triggers are skipped where the role may (the embedded database, a superuser), as pg_dump's restores do;
  // elsewhere they run
  await q.query(`savepoint demo_bulk`);
  try {
    await q.query(`set local session_replication_role = replica`);
    await q.query(`release savepoint demo_bulk`);
  } catch {
    await q.query(`rollback to savepoint demo_bulk`);
  }

  // lanes and their road tracks
  await q.query(`create temp table demo_lane (lane int primary key, client_id bigint, src bigint, dst bigint, km float8) on commit drop`);
  await q.query(
    `insert into demo_lane select x.lane, x.client_id, x.src, x.dst, x.km from jsonb_to_recordset($1::jsonb) x(lane int, client_id bigint, src bigint, dst bigint, km float8)`,
    [JSON.stringify(lanes.map((l, i) => ({ lane: i, client_id: stations.get(l.from)!.client_id, src: stations.get(l.from)!.id, dst: stations.get(l.to)!.id, km: l.km })))],
  );
  await q.query(`create temp table demo_track (lane int, seq int, lng float8, lat float8, km float8, primary key (lane, seq)) on commit drop`);
  await q.query(`insert into demo_track select x.lane, x.seq, x.lng, x.lat, x.km from jsonb_to_recordset($1::jsonb) x(lane int, seq int, lng float8, lat float8, km float8)`, [
    JSON.stringify(lanes.flatMap((l, lane) => l.track.map((p, seq) => ({ lane, seq, ...p })))),
  ]);

  // the dispatch orders' plan
  await q.query(
    `create temp table demo_ship (k int primary key, lane int, vehicle_id bigint, driver_id bigint, carrier_id bigint, status text, ts timestamptz,
       schedule_time timestamptz, effect_time timestamptz, accept_time timestamptz, etd timestamptz, eta timestamptz, atd timestamptz, ata timestamptz,
       n int, speed float8, code text, id bigint) on commit drop`,
  );
  await q.query(
    `insert into demo_ship (k, lane, vehicle_id, driver_id, carrier_id, status, ts, schedule_time, effect_time, accept_time, etd, eta, atd, ata, n, speed)
     select x.k, x.lane, x.vehicle_id, x.driver_id, x.carrier_id, x.status, x.create_time, x.schedule_time, x.effect_time, x.accept_time, x.etd, x.eta, x.atd, x.ata, x.n, x.speed
       from jsonb_to_recordset($1::jsonb) x(k int, lane int, vehicle_id bigint, driver_id bigint, carrier_id bigint, status text, create_time timestamptz,
            schedule_time timestamptz, effect_time timestamptz, accept_time timestamptz, etd timestamptz, eta timestamptz, atd timestamptz, ata timestamptz, n int, speed float8)`,
    [
      JSON.stringify(
        plans.map((p) => {
          const v = p.vehicle ? vehicles.get(p.vehicle)! : null;
          return { ...p, vehicle_id: v?.id ?? null, driver_id: v?.driver_id ?? null, carrier_id: v?.carrier_id ?? null };
        }),
      ),
    ],
  );

  // orders: those on the dispatch orders, then the ones not dispatched yet (open, locked, cancelled by the client, effective with their waybill open or reviewed)
  await q.query(
    `create temp table demo_ord on commit drop as
     with bound as (
       select s.k as ship_k, s.lane, s.ts - (60 + random() * 1500) * interval '1 minute' as ts, 'BOUND'::text as kind, false as locked
         from demo_ship s cross join generate_series(1, s.n) g
     ), loose as (
       select null::int as ship_k, g % 9 as lane,
              $1::timestamptz - (case when g <= 45 then random() * 60 when g <= 60 then 12 + random() * 220 when g <= 80 then 2 + random() * 46 else 3 + random() * 60 end) * interval '1 hour' as ts,
              case when g <= 45 then 'OPEN' when g <= 60 then 'CANCELLED' when g <= 80 then 'WB_OPEN' else 'WB_REVIEWED' end as kind,
              (g <= 45 and g % 11 = 0) or (g > 80 and g % 15 = 0) as locked
         from generate_series(1, 110) g
     )
     select row_number() over (order by ts)::int as k, b.*, null::timestamptz as review_time, null::timestamptz as wb_review_time, null::timestamptz as done_time,
            null::text as code, null::bigint as order_id, null::text as wb_code, null::bigint as waybill_id
       from (select * from bound union all select * from loose) b`,
    [now],
  );
  // review (→ the waybill), the waybill's review, or the client's cancellation: before the dispatch order was made, and in the past
  await q.query(
    `update demo_ord o set
       review_time = case when o.kind in ('BOUND', 'WB_OPEN', 'WB_REVIEWED') then least(o.ts + (10 + random() * 30) * interval '1 minute', $1::timestamptz - interval '3 minute') end,
       done_time = case when o.kind = 'CANCELLED' then o.ts + (1 + random() * 5) * interval '1 hour' end`,
    [now],
  );
  await q.query(`update demo_ord set wb_review_time = least(review_time + (3 + random() * 12) * interval '1 minute', $1::timestamptz - interval '1 minute') where kind in ('BOUND', 'WB_REVIEWED')`, [now]);
  await q.query(`create index on demo_ord(ship_k)`);

  // lines: one or two of the client's items
  await q.query(
    `create temp table demo_line on commit drop as
     select o.k, g as pos, i.id as item_id, i.code as item_code, i.name as item_name, i.item_type, i.operation_unit as unit,
            qty, round(qty * coalesce(i.weight, 1), 3) as weight, round(qty * coalesce(i.volume, 0.01), 3) as volume, ceil(qty / 40.0)::int as pallets
       from demo_ord o
       join demo_lane l on l.lane = o.lane
       cross join lateral generate_series(1, 1 + (o.k % 2)) g
       cross join lateral (select (8 + floor(random() * 33 + g * 0))::int as qty) r
       join lateral (select * from base_item i where i.client_id = l.client_id order by i.id offset ((o.k + g) % 2) limit 1) i on true`,
  );

  await q.query(
    `create temp table demo_tot on commit drop as
     select k, sum(weight) as weight, sum(volume) as volume, sum(qty)::int as qty, sum(pallets)::int as pallets from demo_line group by k`,
  );
  await q.query(`alter table demo_tot add primary key (k)`);
  await q.query(`alter table demo_ord add primary key (k)`);

  await assignCodes(q, 'demo_ord', 'ORDER', center, tz);
  await q.query(
    `insert into tms_order (dispatch_center_id, code, order_type_id, client_id, carrier_id, trans_type, load_mode, batch_code, source_station_id, dest_station_id,
       source_zone_id, dest_zone_id, status, source, is_lock, lock_reason, ref_no, customer_order_no, order_date, prep_date, etd, eta, audit_by, audit_time,
       total_weight, total_volume, total_quantity, total_cases, total_pallets, remark, create_by, create_time, update_by, update_time)
     select $1::bigint, o.code, (select id from base_order_type where code = 'NORMAL'), l.client_id, s.carrier_id, 'ROAD', 'LTL', 'B' || right(o.code, 6), l.src, l.dst,
            sl.zone_id, dl.zone_id,
            case when o.kind = 'OPEN' then 'OPEN' when o.kind = 'CANCELLED' then 'CANCELLED' else 'EFFECTIVE' end,
            case when o.k % 7 = 0 then 'IMPORT' when o.k % 11 = 0 then 'EXTERNAL' else 'MANUAL' end,
            o.locked, case when o.locked then '客户要求暂缓发货' end,
            c.short_code || '-' || to_char(o.ts at time zone $2, 'YYMMDD') || '-' || lpad(o.k::text, 5, '0'), c.short_code || lpad(o.k::text, 7, '0'),
            (o.ts at time zone $2)::date, (o.ts at time zone $2)::date,
            coalesce(s.etd, o.ts + interval '1 day'), coalesce(s.eta, o.ts + interval '1 day 4 hours'),
            case when o.review_time is not null then 'dispatcher' end, o.review_time,
            t.weight, t.volume, t.qty, t.qty, t.pallets, null, case when o.k % 3 = 0 then 'admin' else 'dispatcher' end, o.ts,
            case when o.kind = 'CANCELLED' then 'portal:' || c.short_code when o.locked then 'dispatcher' end,
            case when o.kind = 'CANCELLED' then o.done_time when o.locked then coalesce(o.review_time, o.ts) + interval '20 minute' end
       from demo_ord o
       join demo_lane l on l.lane = o.lane
       join base_client c on c.id = l.client_id
       left join demo_ship s on s.k = o.ship_k
       left join base_station ss on ss.id = l.src left join base_location sl on sl.id = ss.location_id
       left join base_station ds on ds.id = l.dst left join base_location dl on dl.id = ds.location_id
       join demo_tot t on t.k = o.k
      order by o.k`,
    [center, tz],
  );
  await q.query(`update demo_ord o set order_id = t.id from tms_order t where t.code = o.code`);
  await q.query(
    `insert into tms_order_line (dispatch_center_id, order_id, pos_no, item_id, item_code, item_name, item_type, weight, volume, quantity, cases, pallets, unit, create_by, create_time)
     select $1::bigint, o.order_id, x.pos, x.item_id, x.item_code, x.item_name, x.item_type, x.weight, x.volume, x.qty, x.qty, x.pallets, x.unit, 'dispatcher', o.ts
       from demo_line x join demo_ord o on o.k = x.k order by o.k, x.pos`,
    [center],
  );

  // dispatch orders and their stops
  await assignCodes(q, 'demo_ship', 'SHIPMENT', center, tz);
  await q.query(
    `insert into tms_shipment (dispatch_center_id, shipment_code, status, order_type_id, carrier_id, trans_type, vehicle_id_main, driver_id_master, trans_mode,
       from_location_id, to_location_id, etd, eta, atd, ata, is_receive, station_num, total_weight, total_volume, total_quantity, total_cases, total_pallets,
       schedule_by, schedule_time, create_by, create_time, update_by, update_time)
     select $1::bigint, s.code, s.status, (select id from base_order_type where code = 'NORMAL'), s.carrier_id, 'ROAD', s.vehicle_id, s.driver_id, 'LTL',
            ss.location_id, ds.location_id, s.etd, s.eta, s.atd, s.ata, case when s.accept_time is not null then 'ACCEPTED' end, 2,
            t.weight, t.volume, t.qty, t.qty, t.pallets,
            case when s.schedule_time is not null then 'dispatcher' end, s.schedule_time, 'dispatcher', s.ts,
            'dispatcher', coalesce(s.ata, s.atd, s.effect_time, s.schedule_time)
       from demo_ship s join demo_lane l on l.lane = s.lane
       join base_station ss on ss.id = l.src join base_station ds on ds.id = l.dst
       join (select o.ship_k, sum(x.weight) as weight, sum(x.volume) as volume, sum(x.qty) as qty, sum(x.pallets) as pallets
               from demo_ord o join demo_tot x on x.k = o.k group by o.ship_k) t on t.ship_k = s.k
      order by s.k`,
    [center],
  );
  await q.query(`update demo_ship s set id = t.id from tms_shipment t where t.shipment_code = s.code`);
  await q.query(
    `insert into tms_shipment_stop (dispatch_center_id, shipment_id, seq, station_id, stop_type, eta, ata, atd, create_time)
     select $1::bigint, s.id, 1, l.src, 'LOAD', s.etd, s.atd - interval '25 minute', s.atd, s.ts from demo_ship s join demo_lane l on l.lane = s.lane
     union all
     select $1::bigint, s.id, 2, l.dst, 'UNLOAD', s.eta, s.ata, s.ata + interval '20 minute', s.ts from demo_ship s join demo_lane l on l.lane = s.lane`,
    [center],
  );

  // waybills: created by the order's review, reviewed, put on their dispatch order
  await q.query(`create temp table demo_wb on commit drop as select k, review_time as ts, null::text as code from demo_ord where review_time is not null`);
  await assignCodes(q, 'demo_wb', 'WAYBILL', center, tz);
  await q.query(`update demo_ord o set wb_code = w.code from demo_wb w where w.k = o.k`);
  await q.query(
    `insert into tms_waybill (dispatch_center_id, code, order_id, order_code, order_type_id, trans_type, load_mode, status, client_id, shipment_id, shipment_code, carrier_id,
       audit_by, audit_time, source_station_id, dest_station_id, source_location_id, dest_location_id, etd, eta,
       total_weight, total_volume, total_quantity, total_cases, total_pallets, create_by, create_time)
     select $1::bigint, o.wb_code, o.order_id, o.code, t.order_type_id, 'ROAD', 'LTL', case when o.wb_review_time is not null then 'REVIEWED' else 'OPEN' end, t.client_id,
            s.id, s.code, t.carrier_id, case when o.wb_review_time is not null then 'dispatcher' end, o.wb_review_time,
            t.source_station_id, t.dest_station_id, ss.location_id, ds.location_id, t.etd, t.eta,
            t.total_weight, t.total_volume, t.total_quantity, t.total_cases, t.total_pallets, 'dispatcher', o.review_time
       from demo_ord o join tms_order t on t.id = o.order_id
       left join demo_ship s on s.k = o.ship_k
       join base_station ss on ss.id = t.source_station_id join base_station ds on ds.id = t.dest_station_id
      where o.wb_code is not null order by o.k`,
    [center],
  );
  await q.query(`update demo_ord o set waybill_id = w.id from tms_waybill w where w.code = o.wb_code`);
  await q.query(
    `insert into tms_waybill_line (dispatch_center_id, waybill_id, order_line_id, pos_no, item_id, item_code, item_name, weight, volume, quantity, cases, pallets, unit,
       real_quantity, create_by, create_time)
     select $1::bigint, o.waybill_id, ol.id, ol.pos_no, ol.item_id, ol.item_code, ol.item_name, ol.weight, ol.volume, ol.quantity, ol.cases, ol.pallets, ol.unit,
            case when s.atd is not null then ol.quantity end, 'dispatcher', o.review_time
       from demo_ord o join tms_order_line ol on ol.order_id = o.order_id left join demo_ship s on s.k = o.ship_k
      where o.waybill_id is not null order by o.k, ol.pos_no`,
    [center],
  );

  // receipts: one per waybill of each dispatch order that left. Older than four days: audited (the abnormal ones handled first);
  // the last days: every state of the receipt's life
  await q.query(
    `create temp table demo_epod on commit drop as
     select o.k, s.k as ship_k, o.waybill_id, s.atd as ts, s.ata, s.status as ship_status, r, r2,
            case when s.status = 'SHIPPED' then 'PENDING'
                 when s.ata < $1::timestamptz - interval '4 days' then 'AUDITED'
                 when r < 0.18 then 'PENDING' when r < 0.50 then 'REPORTED' when r < 0.58 then 'REJECTED' when r < 0.63 then 'RECALLED' else 'AUDITED' end as status,
            s.status <> 'SHIPPED' and r2 < 0.09 as abnormal,
            null::timestamptz as report_time, null::timestamptz as handle_time, null::timestamptz as audit_time, null::text as code, null::bigint as id
       from demo_ord o join demo_ship s on s.k = o.ship_k
       cross join lateral (select random() + 0 * o.k as r, random() + 0 * o.k as r2) x
      where s.atd is not null`,
    [now],
  );
  await q.query(`update demo_epod set abnormal = false where status = 'PENDING'`);
  await q.query(
    `update demo_epod set report_time = least(ata + (10 + random() * 110) * interval '1 minute', $1::timestamptz - interval '2 minute') where status <> 'PENDING'`,
    [now],
  );
  // an abnormal receipt is handled before its audit; the recent reported ones are handled or still waiting
  await q.query(
    `update demo_epod set handle_time = least(report_time + (1 + random() * 20) * interval '1 hour', $1::timestamptz - interval '1 minute')
      where abnormal and (status = 'AUDITED' or (status = 'REPORTED' and r < 0.34))`,
    [now],
  );
  await q.query(
    `update demo_epod set audit_time = least(coalesce(handle_time, report_time) + (1 + random() * 30) * interval '1 hour', $1::timestamptz) where status in ('AUDITED', 'REJECTED')`,
    [now],
  );
  await assignCodes(q, 'demo_epod', 'EPOD', center, tz);
  await q.query(
    `insert into tms_epod (dispatch_center_id, code, shipment_id, shipment_code, waybill_id, waybill_code, order_id, order_code, batch_code, client_id, carrier_id,
       stop_id, station_id, status, is_abnormal, report_source, report_by, report_time, arrival_time, sign_time, audit_by, audit_time,
       handle_result, handle_remark, handle_by, handle_time, create_by, create_time, update_by, update_time)
     select $1::bigint, e.code, w.shipment_id, w.shipment_code, w.id, w.code, w.order_id, w.order_code, o.batch_code, w.client_id, s.carrier_id,
            st.id, w.dest_station_id, e.status, e.abnormal,
            case when e.report_time is not null then case when e.r2 < 0.7 then 'DRIVER' else 'STAFF' end end,
            case when e.report_time is not null then case when e.r2 < 0.7 then d.login_name else 'dispatcher' end end, e.report_time,
            case when e.report_time is not null then e.ata - interval '5 minute' end, case when e.report_time is not null then e.ata + interval '5 minute' end,
            case when e.status = 'AUDITED' then 'dispatcher' end, case when e.status = 'AUDITED' then e.audit_time end,
            case when e.handle_time is not null then (array['ACCEPT', 'CLAIM', 'RESEND', 'ACCEPT'])[1 + (e.k % 4)] end,
            case when e.handle_time is not null then (array['差异已与收货方确认，按实收结算', '外箱破损，已向承运商索赔', '短少部分已安排补发', '收货方同意按实收签收'])[1 + (e.k % 4)] end,
            case when e.handle_time is not null then 'dispatcher' end, e.handle_time,
            'system', e.ts, case when e.report_time is not null then 'dispatcher' end, coalesce(e.audit_time, e.handle_time, e.report_time)
       from demo_epod e join tms_waybill w on w.id = e.waybill_id join tms_order o on o.id = w.order_id join tms_shipment s on s.id = w.shipment_id
       left join base_driver d on d.id = s.driver_id_master
       left join tms_shipment_stop st on st.shipment_id = s.id and st.seq = 2
      order by e.k`,
    [center],
  );
  await q.query(`update demo_epod e set id = t.id from tms_epod t where t.code = e.code`);
  // lines: shipped as loaded; the reported ones signed, the first line of an abnormal one short or damaged
  await q.query(
    `insert into tms_epod_line (dispatch_center_id, epod_id, waybill_line_id, pos_no, item_id, item_code, item_name, unit, planned_quantity, shipped_quantity,
       signed_quantity, planned_cases, planned_pallets, cases, pallets, shortage, damage, remark, create_by, create_time)
     select $1::bigint, e.id, l.id, l.pos_no, l.item_id, l.item_code, l.item_name, l.unit, l.quantity, coalesce(l.real_quantity, l.quantity),
            case when e.report_time is not null then coalesce(l.real_quantity, l.quantity) - bad end,
            l.cases, l.pallets, case when e.report_time is not null then l.cases - bad end, case when e.report_time is not null then l.pallets end,
            case when damaged then 0 else bad end, case when damaged then bad else 0 end,
            case when bad > 0 then case when damaged then '外箱破损' else '到货短少' end end, 'system', e.ts
       from demo_epod e join tms_waybill_line l on l.waybill_id = e.waybill_id
       cross join lateral (select case when e.abnormal and l.pos_no = 1 then 1 + (e.k % 3) else 0 end as bad, e.k % 2 = 0 as damaged) b
      order by e.k, l.pos_no`,
    [center],
  );
  await q.query(
    `insert into tms_epod_opinion (dispatch_center_id, epod_id, epod_code, client_id, carrier_id, opinion_type, content, opinion_by, opinion_time, create_by, create_time)
     select t.dispatch_center_id, t.id, t.code, t.client_id, t.carrier_id, x.type, x.content, 'dispatcher', x.at, 'dispatcher', x.at
       from demo_epod e join tms_epod t on t.id = e.id
       cross join lateral (values ('HANDLE', t.handle_remark, e.handle_time), ('AUDIT', '签收数量与照片一致，审核通过', case when e.status = 'AUDITED' and e.k % 4 = 0 then e.audit_time end),
                                  ('REJECT', '签收照片不清晰，请重新上传', case when e.status = 'REJECTED' then e.audit_time end)) x(type, content, at)
      where x.at is not null`,
  );
  // a picture of the delivery and the consignee's signature on every reported receipt: two small files, stored once
  const files = await storeAssets(q, opts.uploads ?? null, now);
  await q.query(
    `insert into tms_epod_picture (dispatch_center_id, epod_id, file_id, sort, create_by, create_time)
     select $1::bigint, e.id, f.id, f.sort, 'system', e.report_time from demo_epod e cross join unnest($2::bigint[], array[1, 2]) f(id, sort) where e.report_time is not null`,
    [center, files],
  );

  // the business log of every step, with its operator and time
  await q.query(
    `insert into tms_order_tracking (dispatch_center_id, order_id, waybill_id, shipment_id, operation_type, related_code, operator_name, operation_time, driver_id, remark)
     select $1::bigint, o.order_id, null::bigint, null::bigint, 'ORDER_CREATE', o.code, 'dispatcher', o.ts, null::bigint, null from demo_ord o
     union all select $1::bigint, o.order_id, null, null, 'ORDER_REVIEW', o.code, 'dispatcher', o.review_time, null, null from demo_ord o where o.review_time is not null
     union all select $1::bigint, o.order_id, o.waybill_id, null, 'WAYBILL_CREATE', o.wb_code, 'dispatcher', o.review_time, null, null from demo_ord o where o.review_time is not null
     union all select $1::bigint, o.order_id, o.waybill_id, null, 'WAYBILL_REVIEW', o.wb_code, 'dispatcher', o.wb_review_time, null, null from demo_ord o where o.wb_review_time is not null
     union all select $1::bigint, o.order_id, null, null, 'ORDER_CANCEL', o.code, 'portal', o.done_time, null, null from demo_ord o where o.kind = 'CANCELLED'
     union all select $1::bigint, o.order_id, null, null, 'ORDER_LOCK', o.code, 'dispatcher', coalesce(o.review_time, o.ts) + interval '20 minute', null, '客户要求暂缓发货' from demo_ord o where o.locked
     union all select $1::bigint, o.order_id, o.waybill_id, s.id, 'WAYBILL_BIND', s.code, 'dispatcher', s.ts, null, null from demo_ord o join demo_ship s on s.k = o.ship_k
     union all select $1::bigint, null, null, s.id, 'SHIPMENT_CREATE', s.code, 'dispatcher', s.ts, null, null from demo_ship s
     union all select $1::bigint, null, null, s.id, 'SHIPMENT_SCHEDULE', s.code, 'dispatcher', s.schedule_time, s.driver_id, null from demo_ship s where s.schedule_time is not null
     union all select $1::bigint, null, null, s.id, 'SHIPMENT_EFFECT', s.code, 'dispatcher', s.effect_time, s.driver_id, null from demo_ship s where s.effect_time is not null
     union all select $1::bigint, null, null, s.id, 'DRIVER_ACCEPT', s.code, d.name, s.accept_time, s.driver_id, null from demo_ship s join base_driver d on d.id = s.driver_id where s.accept_time is not null
     union all select $1::bigint, null, null, s.id, 'SHIPMENT_SHIP', s.code, 'dispatcher', s.atd, s.driver_id, null from demo_ship s where s.atd is not null
     union all select $1::bigint, null, null, s.id, 'SHIPMENT_FINISH', s.code, 'dispatcher', s.ata, s.driver_id, null from demo_ship s where s.ata is not null
     union all select $1::bigint, o.order_id, o.waybill_id, s.id, 'EPOD_CREATE', e.code, 'system', e.ts, null, null from demo_epod e join demo_ord o on o.k = e.k join demo_ship s on s.k = e.ship_k
     union all select $1::bigint, o.order_id, o.waybill_id, s.id, 'EPOD_REPORT', e.code, 'dispatcher', e.report_time, null, case when e.abnormal then 'ABNORMAL' end
       from demo_epod e join demo_ord o on o.k = e.k join demo_ship s on s.k = e.ship_k where e.report_time is not null
     union all select $1::bigint, o.order_id, o.waybill_id, s.id, 'EPOD_HANDLE', e.code, 'dispatcher', e.handle_time, null, null
       from demo_epod e join demo_ord o on o.k = e.k join demo_ship s on s.k = e.ship_k where e.handle_time is not null
     union all select $1::bigint, o.order_id, o.waybill_id, s.id, case when e.status = 'REJECTED' then 'EPOD_REJECT' else 'EPOD_AUDIT' end, e.code, 'dispatcher', e.audit_time, null, null
       from demo_epod e join demo_ord o on o.k = e.k join demo_ship s on s.k = e.ship_k where e.audit_time is not null
     union all select $1::bigint, o.order_id, o.waybill_id, s.id, 'EPOD_RECALL', e.code, 'dispatcher', e.report_time + interval '30 minute', null, null
       from demo_epod e join demo_ord o on o.k = e.k join demo_ship s on s.k = e.ship_k where e.status = 'RECALLED'`,
    [center],
  );

  // trajectories: along the lane's road, at the trip's speed, from departure to arrival (or to now for the trucks on the road)
  await q.query(`select tms_position_partition(m) from generate_series($1::timestamptz - interval '61 days', $1::timestamptz, interval '1 month') m`, [now]);
  await q.query(
    `insert into tms_position (dispatch_center_id, shipment_id, vehicle_id, driver_id, lng, lat, speed, direction, reported_at, received_at, source)
     select $1::bigint, s.id, s.vehicle_id, s.driver_id, p.lng + (random() - 0.5) * 0.0004, p.lat + (random() - 0.5) * 0.0004,
            round((s.speed * (0.85 + random() * 0.3))::numeric, 1),
            round(((degrees(atan2(coalesce(n.lng - p.lng, 0) * cos(radians(p.lat)), coalesce(n.lat - p.lat, 0))) + 360)::numeric % 360), 0),
            s.atd + p.km / s.speed * interval '1 hour', s.atd + p.km / s.speed * interval '1 hour' + interval '3 second', 'APP'
       from demo_ship s join demo_track p on p.lane = s.lane
       left join demo_track n on n.lane = p.lane and n.seq = p.seq + 1
      where s.atd is not null and s.atd + p.km / s.speed * interval '1 hour' <= least(coalesce(s.ata, $2::timestamptz), $2::timestamptz)`,
    [center, now],
  );
  await refreshLastPositions(q);

  // alerts: late departures and arrivals of the past, handled by the dispatcher; the current ones still open
  const shipped = (
    await q.query<{ id: number; k: number; etd: Date; eta: Date; atd: Date | null; ata: Date | null; status: string; src: string; dst: string; carrier: string | null; plate: string | null; driver: string | null; mobile: string | null }>(
      `select s.id, s.k, s.etd, s.eta, s.atd, s.ata, s.status, ss.name as src, ds.name as dst, c.name as carrier, v.plate_number as plate, d.name as driver, d.mobile
         from demo_ship s join demo_lane l on l.lane = s.lane join base_station ss on ss.id = l.src join base_station ds on ds.id = l.dst
         left join base_carrier c on c.id = s.carrier_id left join base_transport_means v on v.id = s.vehicle_id left join base_driver d on d.id = s.driver_id
        where s.atd is not null order by s.k`,
    )
  ).rows;
  const rules = new Map(
    (await q.query<{ id: number; type: string; name: string; tolerance_minutes: number }>(`select id, type, name, tolerance_minutes from base_alert_rule where effective`)).rows.map((r) => [r.type, r]),
  );
  const reasons: [string, string][] = [['TRAFFIC', '沪昆高速嘉兴段拥堵'], ['LOADING', '装货等待月台'], ['WEATHER', '大雾封路，限速通行'], ['VEHICLE', '轮胎更换，已恢复行驶'], ['OTHER', '司机已电话确认，正常行驶']];
  const alerts: Record<string, unknown>[] = [];
  const raise = (s: (typeof shipped)[number], type: string, since: Date, until: Date, params: Record<string, string | number>, handled: Date | null) => {
    const rule = rules.get(type);
    if (!rule) return;
    const [reason, remark] = reasons[s.k % reasons.length]!;
    alerts.push({
      shipment_id: s.id, rule_id: rule.id, alert_type: type, alert_content: rule.name, alert_params: params, start_place: s.src, end_place: s.dst, carrier_name: s.carrier, plate: s.plate,
      driver_name: s.driver, driver_mobile: s.mobile, start_time: since, end_time: until, ...alertTexts(type, params), status: handled ? 'HANDLED' : 'NEW',
      alert_reason: handled ? reason : null, alert_remark: handled ? remark : null, handle_time: handled,
    });
  };
  const minutes = (a: Date, b: Date) => Math.round((b.getTime() - a.getTime()) / MIN);
  for (const s of shipped) {
    const dep = rules.get('LATE_DEPARTURE');
    if (dep && s.atd && minutes(s.etd, s.atd) > dep.tolerance_minutes) {
      const raisedAt = new Date(s.etd.getTime() + dep.tolerance_minutes * MIN);
      const handled = s.status === 'COMPLETED' || s.k % 2 === 0 ? new Date(s.atd.getTime() + 10 * MIN) : null;
      raise(s, 'LATE_DEPARTURE', s.etd, handled ?? s.atd, { minutes: minutes(s.etd, s.atd) }, handled);
    }
    const arr = rules.get('LATE_ARRIVAL');
    const arrived = s.ata ?? now;
    if (arr && minutes(s.eta, arrived) > arr.tolerance_minutes) {
      const handled = s.ata && s.k % 5 !== 0 ? new Date(s.ata.getTime() + 15 * MIN) : null;
      raise(s, 'LATE_ARRIVAL', s.eta, handled ?? arrived, { minutes: minutes(s.eta, arrived) }, handled);
    }
    // now and then a long stop at a service area, or a detour off the e-fence
    if (s.ata && s.atd && s.k % 13 === 0) {
      const since = new Date(s.atd.getTime() + 40 * MIN);
      raise(s, 'LONG_STOP', since, new Date(since.getTime() + 42 * MIN), { minutes: 42 }, new Date(since.getTime() + 50 * MIN));
    }
    if (s.ata && s.atd && s.k % 29 === 0) {
      const since = new Date(s.atd.getTime() + 55 * MIN);
      raise(s, 'FENCE_EXIT', since, new Date(since.getTime() + 12 * MIN), { minutes: 12, km: 3.4, station: s.dst }, s.k % 58 === 0 ? null : new Date(since.getTime() + 20 * MIN));
    }
  }
  await q.query(
    `insert into shipment_alert (dispatch_center_id, shipment_id, rule_id, alert_type, alert_content, alert_params, start_place, end_place, carrier_name, vehicle_id_main_number_plates,
       driver_name, driver_mobile, start_time, end_time, field1, field2, field3, status, alert_reason, alert_remark, handle_by, handle_time, create_by, create_time)
     select $2, x.shipment_id, x.rule_id, x.alert_type, left(x.alert_content, 300), x.alert_params, left(x.start_place, 100), left(x.end_place, 100), left(x.carrier_name, 100),
            left(x.plate, 30), left(x.driver_name, 60), left(x.driver_mobile, 11), x.start_time, x.end_time, 'N', left(x.field2, 60), left(x.field3, 300), x.status,
            x.alert_reason, x.alert_remark, case when x.handle_time is not null then 'dispatcher' end, x.handle_time, 'system', x.start_time
       from jsonb_to_recordset($1::jsonb) x(shipment_id bigint, rule_id bigint, alert_type text, alert_content text, alert_params jsonb, start_place text, end_place text,
            carrier_name text, plate text, driver_name text, driver_mobile text, start_time timestamptz, end_time timestamptz, field2 text, field3 text, status text,
            alert_reason text, alert_remark text, handle_time timestamptz)`,
    [JSON.stringify(alerts), center],
  );

  // zones and e-fences: polygons, where nobody drew a shape yet
  for (const [code, ring] of Object.entries(ZONE_SHAPES))
    await q.query(`update base_zone set shape_type = 'POLYGON', geometry = $2::jsonb where code = $1 and shape_type is null and geometry is null and version = 0`, [
      code,
      JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
    ]);
  for (const [code, ring] of Object.entries(STATION_FENCES))
    await q.query(`update base_station set fence_type = 'POLYGON', fence_geometry = $2::jsonb where code = $1 and fence_type = 'CIRCLE' and fence_geometry is null and version = 0`, [
      code,
      JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
    ]);

  await q.query(`set local session_replication_role = origin`);

  await seedContracts(q, center, now);
  const caller: Caller = {
    userId: admin, userName: 'system', sessionId: 0, dispatchCenterId: center, roles: ['admin'], perms: new Set(), isAdmin: true,
    deptId: null, dataScopes: ['1'], scopes: null, allowedIps: null,
  };
  const ctx = { q, caller, now };
  // receivable: every waybill (the audited receipts' signed quantities count); payable: every dispatch order that took effect
  const waybillIds = (await q.query<{ id: number }>(`select waybill_id as id from demo_ord where waybill_id is not null order by 1`)).rows.map((r) => Number(r.id));
  await rateWaybills(ctx, center, waybillIds);
  const shipmentIds = (await q.query<{ id: number }>(`select id from demo_ship where effect_time is not null order by 1`)).rows.map((r) => Number(r.id));
  await rateShipments(ctx, center, shipmentIds, 'EFFECT');
}

/**
 * Freight contracts of the Shanghai center, effective over the demo's period: one per client
 * (receivable, per kg with breaks, a minimum, and a dearer long lane; pickup per trip) and one
 * per carrier (payable, per trip by lane).
 */
async function seedContracts(q: Queryable, center: number, now: Date): Promise<void> {
  const from = new Date(now.getTime() - 120 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(now.getTime() + 245 * 86_400_000).toISOString().slice(0, 10);
  await q.query(
    `insert into fin_contract (dispatch_center_id, code, contract_version, name, kind, client_id, carrier_id, currency, valid_from, valid_to, status, allocation_basis, remark, create_by)
     select $1::bigint, 'RC-' || c.code, 1, c.name || ' 运输合同', 'RECEIVABLE', c.id, null, 'CNY', $2::date, $3::date, 'EFFECTIVE', 'WEIGHT', '演示合同', 'system'
       from base_client c where c.code in ('C001', 'C002', 'C003')
     union all
     select $1::bigint, 'PC-' || c.code, 1, c.name || ' 承运合同', 'PAYABLE', null, c.id, 'CNY', $2::date, $3::date, 'EFFECTIVE', case when c.is_own then 'EQUAL' else 'WEIGHT' end, '演示合同', 'system'
       from base_carrier c where c.code in ('CR001', 'CR002', 'CR003')`,
    [center, from, to],
  );
  await q.query(
    `insert into fin_rate_line (contract_id, charge_type_id, basis, from_station_id, to_station_id, unit_price, breaks, min_amount, rounding_step, remark, create_by)
     select k.id, ct.id, x.basis, fs.id, ts.id, x.unit_price, x.breaks, x.min_amount, x.rounding_step, x.remark, 'system'
       from fin_contract k
       join (values
         ('RECEIVABLE', 'FREIGHT', 'KG', null, null, null::numeric, '0-100:60 flat; 100-500:0.68; 500-:0.58', 60::numeric, 1::numeric, '零担运费'),
         ('RECEIVABLE', 'FREIGHT', 'KG', 'S-SH-01', 'S-HZ-02', null, '0-100:95 flat; 100-500:1.05; 500-:0.92', 95, 1, '沪杭长途'),
         ('RECEIVABLE', 'FREIGHT', 'KG', 'S-SZ-01', 'S-HZ-01', null, '0-100:90 flat; 100-500:0.98; 500-:0.88', 90, 1, '苏杭长途'),
         ('RECEIVABLE', 'FREIGHT', 'KG', 'S-HZ-01', 'S-SH-02', null, '0-100:98 flat; 100-500:1.08; 500-:0.95', 98, 1, '杭沪长途'),
         ('RECEIVABLE', 'PICKUP', 'TRIP', null, null, 25, null, null, null, '上门提货'),
         ('PAYABLE', 'FREIGHT', 'TRIP', null, null, 520, null, null, null, '短途整车'),
         ('PAYABLE', 'FREIGHT', 'TRIP', 'S-SH-01', 'S-HZ-02', 1180, null, null, null, '沪杭干线'),
         ('PAYABLE', 'FREIGHT', 'TRIP', 'S-SZ-01', 'S-HZ-01', 1120, null, null, null, '苏杭干线'),
         ('PAYABLE', 'FREIGHT', 'TRIP', 'S-HZ-01', 'S-SH-02', 1250, null, null, null, '杭沪干线'),
         ('PAYABLE', 'FREIGHT', 'TRIP', 'S-SZ-01', 'S-SH-02', 760, null, null, null, '苏沪干线')
       ) x(kind, charge, basis, from_code, to_code, unit_price, breaks, min_amount, rounding_step, remark) on x.kind = k.kind
       join fin_charge_type ct on ct.code = x.charge
       left join base_station fs on fs.code = x.from_code
       left join base_station ts on ts.code = x.to_code
      where k.remark = '演示合同' and k.dispatch_center_id = $1`,
    [center],
  );
}

const ASSETS = [
  ['epod-delivery.jpg', 'image/jpeg', '签收现场.jpg'],
  ['epod-signature.png', 'image/png', '收货人签名.png'],
] as const;

/** The receipt picture and signature: copied into the local storage once, recorded in sys_oss; answers their ids. */
async function storeAssets(q: Queryable, uploads: string | null, now: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const [file, type, name] of ASSETS) {
    const key = `demo/${file}`;
    const src = join(HERE, 'assets', file);
    let size = 0;
    try {
      size = readFileSync(src).length;
      if (uploads) {
        mkdirSync(join(uploads, 'demo'), { recursive: true });
        copyFileSync(src, join(uploads, key));
      }
    } catch {
      // no asset (a trimmed installation): the rows stay, the picture shows as missing
    }
    const r = await q.query<{ id: number }>(
      `insert into sys_oss (file_name, original_name, suffix, content_type, size_bytes, config_key, create_by, create_time) values ($1,$2,$3,$4,$5,'local','system',$6) returning id`,
      [key, name, file.split('.').pop(), type, size, now],
    );
    ids.push(Number(r.rows[0]!.id));
  }
  return ids;
}
