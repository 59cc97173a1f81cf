/**
 * Public tracking links (issue 17). A link is a row of tms_tracking_link (order or waybill, expiry, revocation)
 * and a token `<nonce>.<expiry seconds>.<HMAC-SHA256 of both under the server secret>`: a changed character
 * fails the signature (404), an expired or revoked link answers 410 with a friendly message and no data.
 * The public answer has no price, no person and no other party: codes, progress, cities, ETA, the last position
 * rounded to 0.1° with the city it is in, and the milestones of the timeline.
 */
import { randomBytes } from 'node:crypto';
import type { Lang } from '@tms/domain';
import type { Clock } from '../../platform/config.ts';
import type { Queryable } from '../../platform/db.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { AppError } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { configValues } from '../account/settings.ts';

/** System config: default life of a new link in days (30 when unset). */
export const LINK_DAYS_CONFIG = 'tms.tracking.linkDays';

export interface LinkRow {
  id: number;
  nonce: string;
  dispatch_center_id: number;
  client_id: number;
  order_id: number | null;
  waybill_id: number | null;
  expires_at: Date;
  revoked_at: Date | null;
  create_time: Date;
}

const payload = (nonce: string, exp: number) => `track:${nonce}.${exp}`;

export function tokenOf(secrets: Secrets, row: Pick<LinkRow, 'nonce' | 'expires_at'>): string {
  const exp = Math.floor(row.expires_at.getTime() / 1000);
  return `${row.nonce}.${exp}.${secrets.sign(payload(row.nonce, exp))}`;
}

export async function defaultLinkDays(q: Queryable): Promise<number> {
  const v = Number((await configValues(q, [LINK_DAYS_CONFIG])).get(LINK_DAYS_CONFIG));
  return Number.isInteger(v) && v >= 1 && v <= 365 ? v : 30;
}

export async function createLink(
  q: Queryable,
  clock: Clock,
  target: { dispatchCenterId: number; clientId: number; orderId: number | null; waybillId: number | null },
  days: number | null | undefined,
  by: string,
): Promise<LinkRow> {
  const now = clock.now();
  const life = days ?? (await defaultLinkDays(q));
  const r = await q.query<LinkRow>(
    `insert into tms_tracking_link(nonce, dispatch_center_id, client_id, order_id, waybill_id, expires_at, create_by, create_time)
     values ($1,$2,$3,$4,$5,$6,$7,$8) returning *`,
    [randomBytes(16).toString('base64url'), target.dispatchCenterId, target.clientId, target.orderId, target.waybillId, new Date(now.getTime() + life * 86_400_000), by, now],
  );
  return r.rows[0]!;
}

/** The link of a token: 404 when malformed, unknown or tampered; 410 when expired or revoked. */
export async function linkOfToken(q: Queryable, clock: Clock, secrets: Secrets, token: string): Promise<LinkRow> {
  const invalid = () => new AppError(404, 'messages.portal.linkInvalid');
  const m = /^([A-Za-z0-9_-]{16,32})\.(\d{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!m) throw invalid();
  const [, nonce, exp, sig] = m as unknown as [string, string, string, string];
  if (!secrets.verify(payload(nonce, Number(exp)), sig)) throw invalid();
  const row = (await q.query<LinkRow>(`select * from tms_tracking_link where nonce = $1`, [nonce])).rows[0];
  if (!row || Math.floor(row.expires_at.getTime() / 1000) !== Number(exp)) throw invalid();
  if (row.revoked_at) throw new AppError(410, 'messages.portal.linkRevoked');
  if (row.expires_at.getTime() <= clock.now().getTime()) throw new AppError(410, 'messages.portal.linkExpired');
  return row;
}

/** Milestones a client and a visitor see (internal steps such as locks and prints are left out). */
export const PUBLIC_EVENTS = ['ORDER_CREATE', 'ORDER_IMPORT', 'ORDER_REVIEW', 'ORDER_CANCEL', 'WAYBILL_SPLIT', 'SHIPMENT_SHIP', 'SHIPMENT_ARRIVE', 'SHIPMENT_DEPART', 'SHIPMENT_ARRIVING', 'SHIPMENT_FINISH', 'EPOD_REPORT', 'EPOD_AUDIT'];

/**
 * The departure and completion of the dispatch orders carrying the waybills (`t` is tms_order_tracking): logged per
 * dispatch order; and the geofence rows (fleet/geofence.ts) at the waybills' own stations (their related code is the station's).
 * `waybills` is the waybills' condition on `w` and names their center. The dispatch orders are given as an array (an
 * InitPlan), so that with `t.order_id = …` and `t.waybill_id = any(array(…))` beside it PostgreSQL ORs three index scans
 * of the tracking instead of reading the center's rows (a sub-query `in (…)` under an OR is not indexable).
 */
export const shipmentRows = (waybills: string) =>
  `(t.order_id is null and t.waybill_id is null and t.shipment_id = any(array(select w.shipment_id from tms_waybill w where ${waybills}))
    and (t.operation_type in ('SHIPMENT_SHIP', 'SHIPMENT_FINISH')
         or (t.operation_type in ('SHIPMENT_ARRIVE', 'SHIPMENT_DEPART', 'SHIPMENT_ARRIVING')
             and exists (select 1 from tms_waybill w join base_station b on b.id in (w.source_station_id, w.dest_station_id)
                          where w.shipment_id = t.shipment_id and b.code = t.related_code and ${waybills}))))`;

/** Where an order (or its waybills) stands, as a client understands it. `o` is tms_order; its records are all of its center. */
export const progressSql = (o: string, waybillFilter = 'true') => `case
  when ${o}.status = 'CANCELLED' then 'CANCELLED'
  when ${o}.status = 'OPEN' then 'RECEIVED'
  when exists (select 1 from tms_waybill w where w.order_id = ${o}.id and w.dispatch_center_id = ${o}.dispatch_center_id and ${waybillFilter})
   and not exists (select 1 from tms_waybill w where w.order_id = ${o}.id and w.dispatch_center_id = ${o}.dispatch_center_id and ${waybillFilter}
                     and not exists (select 1 from tms_epod e where e.waybill_id = w.id and e.dispatch_center_id = w.dispatch_center_id and e.status in ('REPORTED', 'AUDITED'))
                     and not exists (select 1 from tms_shipment s where s.id = w.shipment_id and s.dispatch_center_id = w.dispatch_center_id and s.status = 'COMPLETED')) then 'DELIVERED'
  when exists (select 1 from tms_waybill w join tms_shipment s on s.id = w.shipment_id and s.dispatch_center_id = w.dispatch_center_id
                where w.order_id = ${o}.id and w.dispatch_center_id = ${o}.dispatch_center_id and ${waybillFilter} and s.status in ('SHIPPED', 'COMPLETED')) then 'IN_TRANSIT'
  else 'CONFIRMED' end`;

/** The city (zone of the nearest station within about 60 km) of a position. */
export async function cityOf(q: Queryable, lng: number, lat: number): Promise<string | null> {
  const r = await q.query<{ name: string }>(
    `select z.name from base_station st join base_location l on l.id = st.location_id join base_zone z on z.id = l.zone_id
      where st.longitude is not null and st.latitude is not null and abs(st.longitude - $1::numeric) < 0.6 and abs(st.latitude - $2::numeric) < 0.6
      order by (st.longitude - $1::numeric) ^ 2 + (st.latitude - $2::numeric) ^ 2 limit 1`,
    [lng, lat],
  );
  return r.rows[0]?.name ?? null;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const round1 = (x: number) => Math.round(x * 10) / 10;

/** What /track/<token> shows: the link's records, all of the link's center. */
export async function publicTracking(q: Queryable, lang: Lang, link: LinkRow) {
  const t = (key: string) => translate(lang, key);
  const byWaybill = link.waybill_id !== null;
  const filter = byWaybill ? `w.id = ${Number(link.waybill_id)}` : 'true';
  const center = Number(link.dispatch_center_id);
  const head = (
    await q.query<{ order_id: number; code: string; progress: string; from_city: string | null; to_city: string | null }>(
      `select o.id as order_id, ${byWaybill ? 'wb.code' : 'o.code'} as code, ${progressSql('o', filter)} as progress,
              (select z.name from base_station st join base_location l on l.id = st.location_id join base_zone z on z.id = l.zone_id where st.id = ${byWaybill ? 'wb' : 'o'}.source_station_id) as from_city,
              (select z.name from base_station st join base_location l on l.id = st.location_id join base_zone z on z.id = l.zone_id where st.id = ${byWaybill ? 'wb' : 'o'}.dest_station_id) as to_city
         from tms_order o ${byWaybill ? 'join tms_waybill wb on wb.order_id = o.id and wb.id = $3 and wb.dispatch_center_id = o.dispatch_center_id' : ''}
        where o.id = $1 and o.dispatch_center_id = $2`,
      byWaybill ? [link.order_id ?? (await orderOfWaybill(q, center, link.waybill_id!)), center, link.waybill_id] : [link.order_id, center],
    )
  ).rows[0];
  if (!head) throw new AppError(404, 'messages.portal.linkInvalid');
  // the waybills followed: one, or every one of the order; the ETA and position of the latest moving one
  const moving = (
    await q.query<{ eta: Date | null; lng: number | null; lat: number | null; reported_at: Date | null; live_eta: Date | null; live_km: number | null; live_at: Date | null }>(
      `select coalesce(st.eta, w.eta, s.eta) as eta, p.lng, p.lat, p.reported_at, e.eta as live_eta, e.distance_km as live_km, e.position_at as live_at
         from tms_waybill w
         left join tms_shipment s on s.id = w.shipment_id and s.dispatch_center_id = w.dispatch_center_id
         left join tms_shipment_eta e on e.shipment_id = s.id and s.status = 'SHIPPED' and e.station_id = w.dest_station_id and e.eta is not null
         left join lateral (select eta from tms_shipment_stop x where x.shipment_id = s.id and x.dispatch_center_id = s.dispatch_center_id and x.station_id = w.dest_station_id order by seq desc limit 1) st on true
         left join lateral (select lng, lat, reported_at from tms_position p where p.shipment_id = s.id and p.dispatch_center_id = s.dispatch_center_id and s.status in ('SHIPPED', 'COMPLETED') order by reported_at desc limit 1) p on true
        where w.order_id = $1 and w.dispatch_center_id = $2 and ${filter}
        order by p.reported_at desc nulls last, w.id limit 1`,
      [head.order_id, center],
    )
  ).rows[0];
  const timeline = (
    await q.query<{ operation_time: Date; operation_type: string }>(
      `select t.operation_time, t.operation_type from tms_order_tracking t
        where t.operation_type = any($2) and t.dispatch_center_id = $3
          and (${byWaybill ? 't.waybill_id = $4 or (t.order_id = $1 and t.waybill_id is null)' : 't.order_id = $1 or t.waybill_id = any(array(select id from tms_waybill where order_id = $1 and dispatch_center_id = $3))'}
              or ${shipmentRows(byWaybill ? 'w.id = $4 and w.dispatch_center_id = $3' : 'w.order_id = $1 and w.dispatch_center_id = $3')})
        order by t.operation_time, t.id`,
      byWaybill ? [head.order_id, PUBLIC_EVENTS, center, link.waybill_id] : [head.order_id, PUBLIC_EVENTS, center],
    )
  ).rows;
  // one entry per milestone and moment (a dispatch order with three waybills of the order departs once)
  const seen = new Set<string>();
  const entries = timeline.filter((e) => {
    const k = `${e.operation_type}|${e.operation_time.toISOString()}`;
    return !seen.has(k) && seen.add(k);
  });
  let lastPosition = null;
  if (moving?.lng != null && moving.lat != null && moving.reported_at) {
    lastPosition = { city: await cityOf(q, moving.lng, moving.lat), lng: round1(moving.lng), lat: round1(moving.lat), reportedAt: moving.reported_at.toISOString() };
  }
  return {
    kind: byWaybill ? ('WAYBILL' as const) : ('ORDER' as const),
    code: head.code,
    progress: head.progress,
    progressLabel: t(`messages.portal.progress.${head.progress}`),
    from: head.from_city,
    to: head.to_city,
    eta: head.progress === 'DELIVERED' || head.progress === 'CANCELLED' ? null : iso(moving?.eta),
    liveEta: head.progress === 'IN_TRANSIT' && moving?.live_eta && moving.live_at ? { eta: moving.live_eta.toISOString(), distanceKm: Math.round(moving.live_km ?? 0), positionAt: moving.live_at.toISOString() } : null,
    lastPosition: head.progress === 'IN_TRANSIT' ? lastPosition : null,
    timeline: entries.map((e) => ({ time: e.operation_time.toISOString(), event: e.operation_type, label: t(`dicts.tracking_operation.${e.operation_type}`) })),
    expiresAt: link.expires_at.toISOString(),
  };
}

async function orderOfWaybill(q: Queryable, center: number, waybillId: number): Promise<number> {
  return (await q.query<{ order_id: number }>(`select order_id from tms_waybill where id = $1 and dispatch_center_id = $2`, [waybillId, center])).rows[0]?.order_id ?? 0;
}
