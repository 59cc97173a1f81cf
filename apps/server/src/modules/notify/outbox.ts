/**
 * The outbox: business events become client events (ntf_event, one per client and order / waybill) and,
 * in the same transaction, what is to be sent (ntf_delivery: a webhook POST or an e-mail per recipient)
 * and the in-app notifications (ntf_inbox). A `pg_notify` wakes the dispatcher once the transaction
 * commits; a rolled-back change leaves nothing behind and nothing is sent.
 */
import { randomUUID } from 'node:crypto';
import { normalizeLang, type NotifyEvent } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import type { DomainEvents, GeofenceCrossing } from '../../platform/domain-events.ts';
import { translate } from '../../platform/i18n.ts';

export const NOTIFY_CHANNEL = 'tms_notify';

/** One client event before it is stored. */
export interface ClientEvent {
  type: NotifyEvent;
  clientId: number;
  subject: string | null;
  data: Record<string, unknown>;
}

/** The JSON a webhook receives: the event id receivers de-duplicate by, the type, when, the client and the data. */
export function webhookBody(e: { event_id: string; event_type: string; occurred_at: Date; client_id: number | null; payload: unknown }): string {
  return JSON.stringify({ id: e.event_id, type: e.event_type, occurredAt: e.occurred_at.toISOString(), clientId: e.client_id, data: e.payload });
}

/** Title and text of an event in a language (e-mail subject and body, in-app notification). */
export function eventTexts(lang: string, type: string, data: Record<string, unknown>): { title: string; body: string } {
  const l = normalizeLang(lang);
  const params = { ...data, kind: data.kind ? translate(l, `messages.notify.kind.${String(data.kind)}`) : '', role: data.stationRole ? translate(l, `messages.notify.role.${String(data.stationRole)}`) : '' };
  return { title: translate(l, `messages.notify.event.${type}.title`, params), body: translate(l, `messages.notify.event.${type}.body`, params) };
}

/**
 * Stores the events and everything they send. Set-based: a few statements whatever the number of events,
 * subscriptions and endpoints.
 */
export async function enqueue(q: Queryable, now: Date, events: ClientEvent[], only?: { webhookId: number }): Promise<number[]> {
  if (!events.length) return [];
  const rows = events.map((e) => ({ event_id: randomUUID(), event_type: e.type, client_id: e.clientId, subject_code: e.subject, payload: e.data }));
  const stored = await q.query<{ id: number }>(
    `insert into ntf_event(event_id, event_type, client_id, subject_code, payload, occurred_at)
     select x.event_id, x.event_type, x.client_id, x.subject_code, x.payload, $2
       from jsonb_to_recordset($1::jsonb) x(event_id text, event_type text, client_id bigint, subject_code text, payload jsonb)
     returning id`,
    [JSON.stringify(rows), now],
  );
  return fanOut(q, now, stored.rows.map((e) => e.id), only);
}

/**
 * One event of `type` per order (its client, its code as the subject, `{ orderId, orderCode }` as its data, with
 * `waybillCode` when `waybills` is given: the order's, or null), built by the database from the orders (issue 20: a
 * review of 10,000 orders read them into the server and sent them back as JSON), and everything the events send.
 */
async function enqueueOrders(q: Queryable, now: Date, type: NotifyEvent, center: number, orderIds: number[], waybills?: { orderId: number; code: string }[]): Promise<number[]> {
  if (!orderIds.length) return [];
  const code = new Map((waybills ?? []).map((w) => [w.orderId, w.code]));
  const stored = await q.query<{ id: number }>(
    `insert into ntf_event(event_id, event_type, client_id, subject_code, payload, occurred_at)
     select gen_random_uuid()::text, $2, o.client_id, o.code,
            jsonb_build_object('orderId', o.id, 'orderCode', o.code) || case when $4 then jsonb_build_object('waybillCode', w.code) else '{}' end, $3
       from tms_order o left join unnest($5::bigint[], $6::text[]) w(order_id, code) on w.order_id = o.id
      where o.id = any($1::bigint[]) and o.dispatch_center_id = $7 order by o.id
     returning id`,
    [orderIds, type, now, waybills !== undefined, [...code.keys()], [...code.values()], center],
  );
  return fanOut(q, now, stored.rows.map((e) => e.id));
}

/** What stored events send: webhook and e-mail / SMS deliveries, in-app notifications (a test event: its endpoint only). */
async function fanOut(q: Queryable, now: Date, ids: number[], only?: { webhookId: number }): Promise<number[]> {
  const matches = (col: string) => `(${col} = '*' or x.event_type = any(string_to_array(replace(${col}, ' ', ''), ',')))`;
  // webhooks: every enabled endpoint of the client that takes the event (a test goes to its endpoint only)
  const hooks = await q.query<{ id: number }>(
    `insert into ntf_delivery(event_ref, event_id, event_type, client_id, channel, webhook_id, target, status, next_attempt_at, request_body, create_time)
     select x.id, x.event_id, x.event_type, x.client_id, 'WEBHOOK', w.id, w.url, 'PENDING', $2, null, $2
       from ntf_event x join ntf_webhook w on w.client_id = x.client_id
      where x.id = any($1::bigint[]) and ${only ? `w.id = $3` : `w.status = '0' and ${matches('w.events')}`}
     returning id`,
    only ? [ids, now, only.webhookId] : [ids, now],
  );
  let sent = hooks.rowCount;
  if (!only) {
    // e-mail and SMS: the subscription's address (mobile number), else its user's; in the subscription's language
    const direct = await q.query(
      `insert into ntf_delivery(event_ref, event_id, event_type, client_id, channel, subscription_id, target, lang, status, next_attempt_at, create_time)
       select x.id, x.event_id, x.event_type, x.client_id, s.channel, s.id, t.target, coalesce(s.lang, 'zh-CN'), 'PENDING', $2, $2
         from ntf_event x join ntf_subscription s on s.client_id = x.client_id left join sys_user u on u.id = s.user_id
              cross join lateral (select coalesce(nullif(s.address, ''), case s.channel when 'EMAIL' then u.email else u.mobile end) as target) t
        where x.id = any($1::bigint[]) and s.channel in ('EMAIL', 'SMS') and s.status = '0' and ${matches('s.events')} and t.target is not null`,
      [ids, now],
    );
    sent += direct.rowCount;
    // in-app: one notification per user, in the subscription's language
    const inapp = (
      await q.query<{ user_id: number; lang: string; event_ref: number; event_type: string; client_id: number; payload: Record<string, unknown> }>(
        `select distinct on (s.user_id, x.id) s.user_id, coalesce(s.lang, 'zh-CN') as lang, x.id as event_ref, x.event_type, x.client_id, x.payload
           from ntf_event x join ntf_subscription s on s.client_id = x.client_id join sys_user u on u.id = s.user_id and u.status = '0'
          where x.id = any($1::bigint[]) and s.channel = 'INAPP' and s.status = '0' and ${matches('s.events')}`,
        [ids],
      )
    ).rows;
    if (inapp.length) {
      const notes = inapp.map((n) => ({ user_id: n.user_id, event_ref: n.event_ref, event_type: n.event_type, client_id: n.client_id, lang: n.lang, ...eventTexts(n.lang, n.event_type, n.payload) }));
      await q.query(
        `insert into ntf_inbox(user_id, event_ref, event_type, client_id, title, body, lang, create_time)
         select x.user_id, x.event_ref, x.event_type, x.client_id, left(x.title, 200), left(x.body, 1000), x.lang, $2
           from jsonb_to_recordset($1::jsonb) x(user_id bigint, event_ref bigint, event_type text, client_id bigint, title text, body text, lang text)`,
        [JSON.stringify(notes), now],
      );
    }
  }
  // wakes the dispatcher when (and only if) the transaction commits
  if (sent) await q.query(`select pg_notify($1, '')`, [NOTIFY_CHANNEL]);
  return ids;
}

// ---------------------------------------------------------------------------
// Business events → client events (one per order or waybill, each of one client)

type WaybillRow = { client_id: number; order_id: number; order_code: string; waybill_id: number; waybill_code: string; shipment_code: string | null };

/** the waybills of dispatch orders $1 of center $2 */
const WAYBILLS_OF_SHIPMENTS = `select w.client_id, w.order_id, w.order_code, w.id as waybill_id, w.code as waybill_code, s.shipment_code
   from tms_waybill w join tms_shipment s on s.id = w.shipment_id and s.dispatch_center_id = w.dispatch_center_id
  where w.shipment_id = any($1::bigint[]) and w.dispatch_center_id = $2 order by w.id`;

function perWaybill(rows: WaybillRow[], type: NotifyEvent, extra: Record<string, unknown> = {}): ClientEvent[] {
  return rows.map((w) => ({
    type,
    clientId: Number(w.client_id),
    subject: w.waybill_code,
    data: { orderId: Number(w.order_id), orderCode: w.order_code, waybillId: Number(w.waybill_id), waybillCode: w.waybill_code, shipmentCode: w.shipment_code, ...extra },
  }));
}

/** Subscribes the notify module to the business events (the emitting modules do not know it exists). */
export function subscribeNotify(events: DomainEvents): void {
  events.on('order.created', async ({ q, now }, p) => {
    await enqueueOrders(q, now, 'order.received', p.dispatchCenterId, p.orderIds);
  });
  events.on('order.reviewed', async ({ q, now }, p) => {
    await enqueueOrders(q, now, 'order.reviewed', p.dispatchCenterId, p.orderIds, p.waybills);
  });
  events.on('shipment.effected', async ({ q, now }, p) => {
    await enqueue(q, now, perWaybill((await q.query<WaybillRow>(WAYBILLS_OF_SHIPMENTS, [p.shipmentIds, p.dispatchCenterId])).rows, 'order.dispatched'));
  });
  events.on('shipment.shipped', async ({ q, now }, p) => {
    await enqueue(q, now, perWaybill((await q.query<WaybillRow>(WAYBILLS_OF_SHIPMENTS, [p.shipmentIds, p.dispatchCenterId])).rows, 'order.departed', { departedAt: p.at.toISOString() }));
  });
  events.on('shipment.finished', async ({ q, now }, p) => {
    await enqueue(q, now, perWaybill((await q.query<WaybillRow>(WAYBILLS_OF_SHIPMENTS, [p.shipmentIds, p.dispatchCenterId])).rows, 'order.delivered', { deliveredAt: p.at.toISOString() }));
  });
  // geofence (fleet/geofence.ts): the waybills whose pickup or delivery station it is, each in its part
  const crossing = (type: 'order.arrived' | 'order.left', timeKey: 'arrivedAt' | 'leftAt') => async ({ q, now }: { q: Queryable; now: Date }, p: GeofenceCrossing) => {
    const r = await q.query<WaybillRow & { station_role: string; station_name: string }>(
      `select w.client_id, w.order_id, w.order_code, w.id as waybill_id, w.code as waybill_code, s.shipment_code, b.name as station_name,
              case when w.source_station_id = b.id then 'PICKUP' else 'DELIVERY' end as station_role
         from tms_waybill w join tms_shipment s on s.id = w.shipment_id and s.dispatch_center_id = w.dispatch_center_id join base_station b on b.id = $2
        where w.shipment_id = $1 and w.dispatch_center_id = $3 and b.id in (w.source_station_id, w.dest_station_id) order by w.id`,
      [p.shipmentId, p.stationId, p.dispatchCenterId],
    );
    await enqueue(q, now, r.rows.flatMap((w) => perWaybill([w], type, { stationId: p.stationId, stationName: w.station_name, stationRole: w.station_role, [timeKey]: p.at.toISOString() })));
  };
  events.on('shipment.arrived', crossing('order.arrived', 'arrivedAt'));
  events.on('shipment.departed', crossing('order.left', 'leftAt'));
  events.on('shipment.arriving', async ({ q, now }, p) => {
    const r = await q.query<WaybillRow & { station_name: string }>(
      `select w.client_id, w.order_id, w.order_code, w.id as waybill_id, w.code as waybill_code, s.shipment_code, b.name as station_name
         from tms_waybill w join tms_shipment s on s.id = w.shipment_id and s.dispatch_center_id = w.dispatch_center_id join base_station b on b.id = $2
        where w.shipment_id = $1 and w.dispatch_center_id = $3 and w.dest_station_id = $2 order by w.id`,
      [p.shipmentId, p.stationId, p.dispatchCenterId],
    );
    const extra = { stationId: p.stationId, eta: p.eta.toISOString(), distanceKm: Math.round(p.distanceKm * 10) / 10 };
    await enqueue(q, now, r.rows.flatMap((w) => perWaybill([w], 'order.arriving', { ...extra, stationName: w.station_name })));
  });
  // settlement (issue 15): a receivable statement sent to its client, to check in the portal
  events.on('statement.sent', async ({ q, now }, p) => {
    const r = await q.query<{ id: number; code: string; client_id: number; period: string; total_amount: string; currency: string }>(
      `select id, code, client_id, period, total_amount::text, currency from fin_statement where id = any($1::bigint[]) and dispatch_center_id = $2 and kind = 'RECEIVABLE' and client_id is not null order by id`,
      [p.statementIds, p.dispatchCenterId],
    );
    await enqueue(q, now, r.rows.map((st) => ({ type: 'statement.sent', clientId: Number(st.client_id), subject: st.code, data: { statementId: Number(st.id), statementCode: st.code, period: st.period, totalAmount: st.total_amount, currency: st.currency } })));
  });
  events.on('epod.reported', async ({ q, now }, p) => {
    if (!p.abnormal) return;
    const r = await q.query<WaybillRow & { epod_code: string; shortage: number; damage: number }>(
      `select e.client_id, e.order_id, e.order_code, e.waybill_id, e.waybill_code, e.shipment_code, e.code as epod_code,
              coalesce(sum(l.shortage), 0)::int as shortage, coalesce(sum(l.damage), 0)::int as damage
         from tms_epod e left join tms_epod_line l on l.epod_id = e.id and l.dispatch_center_id = e.dispatch_center_id
        where e.id = any($1::bigint[]) and e.dispatch_center_id = $2 and e.client_id is not null
        group by e.id order by e.id`,
      [p.epodIds, p.dispatchCenterId],
    );
    await enqueue(
      q,
      now,
      r.rows.flatMap((e) => {
        const kind = e.shortage > 0 && e.damage > 0 ? 'SHORTAGE_DAMAGE' : e.shortage > 0 ? 'SHORTAGE' : 'DAMAGE';
        return perWaybill([e], 'order.exception', { kind, epodCode: e.epod_code, shortage: e.shortage, damage: e.damage });
      }),
    );
  });
  events.on('alert.raised', async ({ q, now }, p) => {
    const r = await q.query<WaybillRow & { alert_id: number; alert_type: string; alert_content: string | null }>(
      `select w.client_id, w.order_id, w.order_code, w.id as waybill_id, w.code as waybill_code, s.shipment_code, a.id as alert_id, a.alert_type, a.alert_content
         from shipment_alert a join tms_shipment s on s.id = a.shipment_id and s.dispatch_center_id = a.dispatch_center_id
         join tms_waybill w on w.shipment_id = s.id and w.dispatch_center_id = s.dispatch_center_id
        where a.id = any($1::bigint[]) and a.dispatch_center_id = any($2::bigint[]) order by a.id, w.id`,
      [p.alertIds, p.dispatchCenterIds],
    );
    await enqueue(
      q,
      now,
      r.rows.flatMap((a) => perWaybill([a], 'order.exception', { kind: 'ALERT', alertId: Number(a.alert_id), alertType: a.alert_type, alertName: a.alert_content })),
    );
  });
}
