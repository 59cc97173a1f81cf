/**
 * Receipts from a shipment that ships (domain.md "Epod"): one PENDING epod per waybill bound to
 * each shipment, its lines copied from the waybill lines (planned = quantity, shipped = the real
 * loaded quantity when entered). Set-based: one select, one insert of receipts, one insert of
 * lines, whatever the number of waybills. Codes come from the EPOD number rule, one block per
 * (dispatch center, client). Call inside the caller's transaction, after the shipments are
 * locked and checked. A waybill that already has a receipt on that shipment is skipped, so a
 * repeated call creates nothing twice.
 */
import type { Queryable } from '../../platform/db.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Who } from './service.ts';
import { nextCodes } from '../system/number-rules.ts';
import { track } from '../shipment/tracking.ts';

interface Source {
  waybill_id: number;
  shipment_id: number;
  dispatch_center_id: number;
  client_id: number;
  waybill_code: string;
  order_id: number;
}

/** Reserves one EPOD code per waybill, grouped by the number rule's scope (center, client). */
async function codesFor(q: Queryable, rows: Source[], now: Date): Promise<string[]> {
  const groups = new Map<string, number[]>();
  rows.forEach((r, i) => {
    const key = `${r.dispatch_center_id}:${r.client_id}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const codes: string[] = new Array(rows.length);
  for (const idx of groups.values()) {
    const first = rows[idx[0]!]!;
    const block = await nextCodes(q, 'EPOD', first.dispatch_center_id, first.client_id, now, idx.length);
    idx.forEach((i, k) => (codes[i] = block[k]!));
  }
  return codes;
}

export interface CreatedEpod {
  id: number;
  code: string;
  waybillId: number;
  shipmentId: number;
}

export async function createEpodsForShipments(
  q: Queryable,
  shipmentIds: number[],
  /** the center of the dispatch orders (the distribution key) */
  center: number,
  now: Date,
  by?: Who,
): Promise<CreatedEpod[]> {
  if (!shipmentIds.length) return [];
  const sources = (
    await q.query<Source>(
      `select w.id as waybill_id, w.shipment_id, w.dispatch_center_id, w.client_id, w.code as waybill_code, w.order_id
         from tms_waybill w
        where w.shipment_id = any($1::bigint[]) and w.dispatch_center_id = $2
          and not exists (select 1 from tms_epod e where e.shipment_id = w.shipment_id and e.waybill_id = w.id and e.dispatch_center_id = w.dispatch_center_id)
        order by w.shipment_id, w.id`,
      [shipmentIds, center],
    )
  ).rows;
  if (!sources.length) return [];
  const codes = await codesFor(q, sources, now);
  const created = await q.query<{ id: number; code: string; waybill_id: number; shipment_id: number }>(
    `insert into tms_epod (dispatch_center_id, code, shipment_id, shipment_code, waybill_id, waybill_code, order_id, order_code,
       batch_code, client_id, carrier_id, stop_id, station_id, status, create_by, create_time)
     select w.dispatch_center_id, u.code, s.id, s.shipment_code, w.id, w.code, w.order_id, w.order_code,
       o.batch_code, w.client_id, coalesce(w.actual_carrier_id, s.carrier_id, w.carrier_id),
       (select st.id from tms_shipment_stop st
         where st.shipment_id = s.id and st.dispatch_center_id = s.dispatch_center_id and st.station_id = w.dest_station_id order by st.seq desc limit 1),
       w.dest_station_id, 'PENDING', $3, $4
     from unnest($1::bigint[], $2::text[]) with ordinality as u(waybill_id, code, n)
     join tms_waybill w on w.id = u.waybill_id and w.dispatch_center_id = $5
     join tms_shipment s on s.id = w.shipment_id and s.dispatch_center_id = w.dispatch_center_id
     left join tms_order o on o.id = w.order_id and o.dispatch_center_id = w.dispatch_center_id
     order by u.n
     returning id, code, waybill_id, shipment_id`,
    [sources.map((s) => s.waybill_id), codes, by?.userName ?? null, now, center],
  );
  const epods = created.rows;
  await q.query(
    `insert into tms_epod_line (dispatch_center_id, epod_id, waybill_line_id, pos_no, item_id, item_code, item_name, unit,
       planned_quantity, shipped_quantity, planned_cases, planned_pallets, create_by, create_time)
     select l.dispatch_center_id, e.id, l.id, l.pos_no, l.item_id, l.item_code, l.item_name, l.unit,
       l.quantity, coalesce(l.real_quantity, l.quantity), l.cases, l.pallets, $2, $3
     from tms_epod e join tms_waybill_line l on l.waybill_id = e.waybill_id and l.dispatch_center_id = e.dispatch_center_id
     where e.id = any($1::bigint[]) and e.dispatch_center_id = $4`,
    [epods.map((e) => e.id), by?.userName ?? null, now, center],
  );
  if (by) {
    const src = new Map(sources.map((s) => [s.waybill_id, s]));
    await track(
      q,
      by as Pick<Caller, 'userId' | 'userName'>, // operator_id is nullable (seed, driver)
      now,
      epods.map((e) => ({
        dispatchCenterId: src.get(e.waybill_id)!.dispatch_center_id,
        operationType: 'EPOD_CREATE',
        relatedCode: e.code,
        shipmentId: e.shipment_id,
        waybillId: e.waybill_id,
        orderId: src.get(e.waybill_id)!.order_id,
      })),
    );
  }
  return epods.map((e) => ({ id: e.id, code: e.code, waybillId: e.waybill_id, shipmentId: e.shipment_id }));
}
