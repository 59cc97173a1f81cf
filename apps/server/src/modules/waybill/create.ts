/**
 * Waybills from orders (review of an order, domain.md "Order"): one waybill per order with the
 * order's header and its lines copied, set-based (two insert … select statements for any number
 * of orders). Codes come from the WAYBILL number rule, one block per (dispatch center, client).
 * Call inside the caller's transaction, after the orders are locked and checked.
 */
import type { Queryable } from '../../platform/db.ts';
import { nextCodes } from '../system/number-rules.ts';

export interface CreatedWaybill {
  orderId: number;
  waybillId: number;
  code: string;
}

/** Reserves one WAYBILL code per order, grouped by the number rule's scope (center, client). */
async function codesFor(q: Queryable, orders: { id: number; dispatch_center_id: number; client_id: number }[], now: Date): Promise<string[]> {
  const groups = new Map<string, number[]>();
  orders.forEach((o, i) => {
    const key = `${o.dispatch_center_id}:${o.client_id}`;
    const idx = groups.get(key);
    if (idx) idx.push(i);
    else groups.set(key, [i]);
  });
  const codes: string[] = new Array(orders.length);
  for (const idx of groups.values()) {
    const first = orders[idx[0]!]!;
    const block = await nextCodes(q, 'WAYBILL', first.dispatch_center_id, first.client_id, now, idx.length);
    idx.forEach((i, k) => (codes[i] = block[k]!));
  }
  return codes;
}

const CONTACT = (alias: string, station: string) => `left join lateral (
    select c.mobile, c.phone, c.email from base_contact c where c.name = ${station}.contact_name order by c.id limit 1
  ) ${alias} on true`;

export async function createWaybillsFromOrders(
  q: Queryable,
  /** the orders, checked and changed in the caller's transaction (their centers and clients number the codes) */
  reviewed: { id: number; dispatch_center_id: number; client_id: number }[],
  /** who acts, in the center of the orders (the caller's, whose scope found them: the distribution key) */
  by: { userName: string; userId: number; dispatchCenterId: number | null },
  now: Date,
): Promise<CreatedWaybill[]> {
  const center = by.dispatchCenterId ?? -1;
  // in the order of their ids: the waybills' ids and codes follow them
  const orders = reviewed.map((o) => ({ id: Number(o.id), dispatch_center_id: Number(o.dispatch_center_id), client_id: Number(o.client_id) })).sort((a, b) => a.id - b.id);
  if (!orders.length) return [];
  const codes = await codesFor(q, orders, now);
  const created = await q.query<{ id: number; order_id: number; code: string }>(
    `insert into tms_waybill (dispatch_center_id, code, order_id, order_code, order_type_id, trans_type, load_mode, route_id,
       status, client_id, carrier_id, source_station_id, dest_station_id, source_location_id, dest_location_id,
       source_contact_name, source_contact_mobile, source_contact_phone, source_contact_email,
       dest_contact_name, dest_contact_mobile, dest_contact_phone, dest_contact_email,
       etd, eta, total_weight, total_volume, total_quantity, total_cases, total_pallets, total_other, declared_value,
       remark, create_by, create_time)
     select o.dispatch_center_id, u.code, o.id, o.code, o.order_type_id, o.trans_type, o.load_mode, o.route_id,
       'OPEN', o.client_id, o.carrier_id, o.source_station_id, o.dest_station_id, ss.location_id, ds.location_id,
       ss.contact_name, sc.mobile, sc.phone, sc.email,
       ds.contact_name, dc.mobile, dc.phone, dc.email,
       o.etd, o.eta, o.total_weight, o.total_volume, o.total_quantity, o.total_cases, o.total_pallets, o.total_other, o.declared_value,
       o.remark, $3, $4
     from unnest($1::bigint[], $2::text[]) with ordinality as u(order_id, code, n)
     join tms_order o on o.id = u.order_id and o.dispatch_center_id = $5
     left join base_station ss on ss.id = o.source_station_id
     left join base_station ds on ds.id = o.dest_station_id
     ${CONTACT('sc', 'ss')}
     ${CONTACT('dc', 'ds')}
     -- the waybills' ids follow their orders' (whatever order the join yields its rows in)
     order by u.n
     returning id, order_id, code`,
    [orders.map((o) => o.id), codes, by.userName, now, center],
  );
  const rows = created.rows;
  await q.query(
    `insert into tms_waybill_line (dispatch_center_id, waybill_id, order_line_id, pos_no, item_id, item_code, item_name,
       temperature, item_type_name, weight, volume, quantity, cases, pallets, other, unit, create_by, create_time)
     select l.dispatch_center_id, u.waybill_id, l.id, l.pos_no, l.item_id, l.item_code, l.item_name,
       i.temperature_layer, l.item_type, l.weight, l.volume, l.quantity, l.cases, l.pallets, l.other, l.unit, $3, $4
     from unnest($1::bigint[], $2::bigint[]) as u(order_id, waybill_id)
     -- each order's lines by its key, one index probe each (offset 0 keeps the subquery from being flattened): joined,
     -- the planner read the center's lines whole (1M orders: all 3M order lines scanned for the 30,000 of a review)
     cross join lateral (select l.* from tms_order_line l where l.order_id = u.order_id and l.dispatch_center_id = $5 offset 0) l
     left join base_item i on i.id = l.item_id`,
    [rows.map((r) => r.order_id), rows.map((r) => r.id), by.userName, now, center],
  );
  return rows.map((r) => ({ orderId: r.order_id, waybillId: r.id, code: r.code })).sort((a, b) => a.orderId - b.orderId);
}
