/**
 * The alert-rules job: every minute (TMS_ALERT_EVERY_SECONDS; due time T) it evaluates the effective alerting rules on the
 * shipments in progress (EFFECTIVE / SHIPPED) as of T. A shipment with an alert rule set is
 * checked against that rule only; the others against every effective rule.
 *
 * - One unhandled alert per rule and shipment: a partial unique index on shipment_alert
 *   (shipment_id, rule_id) where status = 'NEW' backs it, so even two runs of the same due time
 *   (which the job claims in sys_job_run anyway) cannot duplicate an alert.
 * - While the alert is unhandled and the condition still holds, its end time and duration follow.
 * - After staff handled it, the condition raises a new alert only when it still holds one
 *   tolerance after the handling (handling acknowledges the situation for that long; it is not
 *   re-raised a minute later).
 * - New alerts are announced to the dispatch center through realtime ('alert' event).
 */
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { translate } from '../../platform/i18n.ts';
import { evaluate, RULE_TYPES, type Point, type RuleType, type ShipmentState } from './rules.ts';
import { shipmentStops } from './stops.ts';
import { SHIPMENT_FROM } from '../driver/shipments.ts';
import { systemCaller, type DomainEvents } from '../../platform/domain-events.ts';

export const ALERT_JOB = 'alert-rules';
/** positions older than the largest tolerance plus this are not needed */
const POSITION_MARGIN_MIN = 10;

interface Rule {
  id: number;
  name: string;
  type: RuleType;
  tolerance_minutes: number;
}
interface ShipmentRow {
  id: number;
  dispatch_center_id: number;
  status: string;
  etd: Date | null;
  eta: Date | null;
  atd: Date | null;
  alert_rule_id: number | null;
  carrier_name: string | null;
  plate: string | null;
  driver_name: string | null;
  driver_mobile: string | null;
  from_name: string | null;
  to_name: string | null;
}
interface Raised {
  dispatch_center_id: number;
  shipment_id: number;
  rule_id: number;
  alert_type: RuleType;
  alert_content: string;
  alert_params: Record<string, string | number>;
  start_place: string | null;
  end_place: string | null;
  carrier_name: string | null;
  plate: string | null;
  driver_name: string | null;
  driver_mobile: string | null;
  start_time: Date;
  field2: string;
  field3: string;
}

/** The texts kept in the row (reports, exports): in the product's default language. */
export function alertTexts(type: string, params: Record<string, unknown>, lang: Parameters<typeof translate>[0] = 'zh-CN') {
  return {
    field2: translate(lang, 'messages.alertText.duration', params),
    field3: translate(lang, `messages.alertText.${type}`, params),
  };
}

async function loadRules(db: Db): Promise<Rule[]> {
  const r = await db.query<Rule>(`select id, name, type, tolerance_minutes from base_alert_rule where effective and type = any($1) order by id`, [RULE_TYPES]);
  return r.rows;
}

async function loadShipments(db: Db): Promise<ShipmentRow[]> {
  const r = await db.query<ShipmentRow>(
    `select s.id, s.dispatch_center_id, s.status, s.etd, s.eta, s.atd, s.alert_rule_id, c.name as carrier_name, v.plate_number as plate,
            d.name as driver_name, d.mobile as driver_mobile, fl.name as from_name, tl.name as to_name
       from ${SHIPMENT_FROM} left join base_driver d on d.id = s.driver_id_master
      where s.status in ('EFFECTIVE', 'SHIPPED')`,
  );
  return r.rows;
}

async function loadPositions(db: Db, ids: number[], from: Date, now: Date): Promise<{ recent: Map<number, Point[]>; last: Map<number, Date> }> {
  const recent = new Map<number, Point[]>();
  const last = new Map<number, Date>();
  if (!ids.length) return { recent, last };
  const r = await db.query<{ shipment_id: number; lng: number; lat: number; reported_at: Date }>(
    `select shipment_id, lng, lat, reported_at from tms_position where shipment_id = any($1) and reported_at > $2 and reported_at <= $3 order by shipment_id, reported_at`,
    [ids, from, now],
  );
  for (const p of r.rows) {
    const list = recent.get(p.shipment_id) ?? [];
    list.push({ lng: p.lng, lat: p.lat, at: p.reported_at });
    recent.set(p.shipment_id, list);
  }
  const l = await db.query<{ id: number; at: Date | null }>(
    `select s.id, (select max(p.reported_at) from tms_position p where p.shipment_id = s.id and p.reported_at <= $2) as at from unnest($1::bigint[]) s(id)`,
    [ids, now],
  );
  for (const row of l.rows) if (row.at) last.set(row.id, row.at);
  return { recent, last };
}

/** Which (shipment, rule) pairs may raise: none unhandled, and the last handling older than the tolerance. */
async function loadBlocked(db: Db, ids: number[], now: Date, rules: Rule[]): Promise<Set<string>> {
  const r = await db.query<{ shipment_id: number; rule_id: number; open: boolean; handled: Date | null }>(
    `select shipment_id, rule_id, bool_or(status = 'NEW') as open, max(handle_time) as handled
       from shipment_alert where shipment_id = any($1) and rule_id is not null group by shipment_id, rule_id`,
    [ids],
  );
  const tol = new Map(rules.map((x) => [x.id, x.tolerance_minutes * 60_000]));
  const blocked = new Set<string>();
  for (const row of r.rows) {
    const recentlyHandled = row.handled && now.getTime() - row.handled.getTime() < (tol.get(row.rule_id) ?? 0);
    if (row.open || recentlyHandled) blocked.add(`${row.shipment_id}:${row.rule_id}`);
  }
  return blocked;
}

/** Evaluates every rule on every shipment in progress as of `now`; answers the new alerts' ids. */
/**
 * `realtime`: the new alerts are announced in the transaction that inserts them (the event logged with them), so a
 * server lost right after the commit loses no announcement: a stream reopened elsewhere replays it.
 */
export async function evaluateAlerts(db: Db, now: Date, events?: DomainEvents, realtime?: Realtime): Promise<{ id: number; dispatchCenterId: number }[]> {
  const rules = await loadRules(db);
  if (!rules.length) return [];
  const shipments = await loadShipments(db);
  if (!shipments.length) return [];
  const ids = shipments.map((s) => s.id);
  const shipped = shipments.filter((s) => s.status === 'SHIPPED').map((s) => s.id);
  const maxTol = Math.max(...rules.map((r) => r.tolerance_minutes));
  const [stops, pos, blocked] = await Promise.all([
    shipmentStops(db, ids),
    loadPositions(db, shipped, new Date(now.getTime() - (maxTol + POSITION_MARGIN_MIN) * 60_000), now),
    loadBlocked(db, ids, now, rules),
  ]);

  const raised: Raised[] = [];
  const ongoing: { shipment_id: number; rule_id: number; params: Record<string, string | number> }[] = [];
  for (const s of shipments) {
    const st = stops.get(s.id) ?? [];
    const state: ShipmentState = { status: s.status, etd: s.etd, eta: s.eta, atd: s.atd, stops: st, positions: pos.recent.get(s.id) ?? [], lastAt: pos.last.get(s.id) ?? null };
    for (const rule of rules) {
      if (s.alert_rule_id && s.alert_rule_id !== rule.id) continue;
      const f = evaluate(rule.type, state, rule.tolerance_minutes, now);
      if (!f) continue;
      if (blocked.has(`${s.id}:${rule.id}`)) {
        ongoing.push({ shipment_id: s.id, rule_id: rule.id, params: f.params });
        continue;
      }
      raised.push({
        dispatch_center_id: s.dispatch_center_id,
        shipment_id: s.id,
        rule_id: rule.id,
        alert_type: rule.type,
        alert_content: rule.name,
        alert_params: f.params,
        start_place: st[0]?.name ?? s.from_name,
        end_place: st.length > 1 ? st.at(-1)!.name : s.to_name,
        carrier_name: s.carrier_name,
        plate: s.plate,
        driver_name: s.driver_name,
        driver_mobile: s.driver_mobile,
        start_time: f.since,
        ...alertTexts(rule.type, f.params),
      });
    }
  }
  return db.tx(async (q) => {
    if (ongoing.length) {
      // unhandled alerts follow the situation: duration and end time
      await q.query(
        `update shipment_alert a set end_time = $2, alert_params = x.params, field2 = x.field2, field3 = x.field3
           from jsonb_to_recordset($1::jsonb) x(shipment_id bigint, rule_id bigint, params jsonb, field2 text, field3 text)
          where a.shipment_id = x.shipment_id and a.rule_id = x.rule_id and a.status = 'NEW'`,
        [JSON.stringify(ongoing.map((o) => ({ ...o, ...alertTexts(alertTypeOf(rules, o.rule_id), o.params) }))), now],
      );
    }
    if (!raised.length) return [];
    const r = await q.query<{ id: number; dispatch_center_id: number }>(
      `insert into shipment_alert(dispatch_center_id, shipment_id, rule_id, alert_type, alert_content, alert_params, start_place, end_place, carrier_name,
              vehicle_id_main_number_plates, driver_name, driver_mobile, start_time, end_time, field1, field2, field3, status, create_by, create_time)
       select x.dispatch_center_id, x.shipment_id, x.rule_id, x.alert_type, left(x.alert_content, 300), x.alert_params, left(x.start_place, 100), left(x.end_place, 100),
              left(x.carrier_name, 100), left(x.plate, 30), left(x.driver_name, 60), left(x.driver_mobile, 11), x.start_time, $2, 'N', left(x.field2, 60), left(x.field3, 300),
              'NEW', 'system', $2
         from jsonb_to_recordset($1::jsonb) x(dispatch_center_id bigint, shipment_id bigint, rule_id bigint, alert_type text, alert_content text, alert_params jsonb,
              start_place text, end_place text, carrier_name text, plate text, driver_name text, driver_mobile text, start_time timestamptz, field2 text, field3 text)
       on conflict (shipment_id, rule_id) where status = 'NEW' do nothing
       returning id, dispatch_center_id`,
      [JSON.stringify(raised), now],
    );
    if (r.rows.length) await events?.emit({ q, caller: systemCaller(), now }, 'alert.raised', { alertIds: r.rows.map((x) => x.id), dispatchCenterIds: [...new Set(r.rows.map((x) => Number(x.dispatch_center_id)))] });
    const created = r.rows.map((x) => ({ id: x.id, dispatchCenterId: x.dispatch_center_id }));
    if (realtime) await announce(realtime, created, q);
    return created;
  });
}

const alertTypeOf = (rules: Rule[], id: number) => rules.find((r) => r.id === id)!.type;

/**
 * Tells each dispatch center's browsers that new alerts exist. The signal carries nothing about them: a
 * browser asks again for the alerts its own scope shows (its data groups may exclude some of them).
 */
export async function announce(realtime: Realtime, created: { id: number; dispatchCenterId: number }[], q?: Queryable): Promise<void> {
  for (const center of new Set(created.map((a) => a.dispatchCenterId))) await realtime.publish({ type: 'alert', dispatchCenterId: center, data: {} }, q);
}

export async function registerAlertJob(app: FastifyInstance, db: Db, everySeconds: number): Promise<void> {
  await app.jobs.schedule(ALERT_JOB, everySeconds, async (due) => {
    await evaluateAlerts(db, due, app.events, app.realtime);
  });
}
