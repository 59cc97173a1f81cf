/**
 * Waybill fixtures for the API tests: an effective order with lines written straight to the
 * database, and its waybill made by the order module's own createWaybillsFromOrders (what an
 * order's review does), so these tests do not depend on the order screens' routes.
 */
import type { Db } from '../src/platform/db.ts';
import { createWaybillsFromOrders } from '../src/modules/waybill/create.ts';
import { centerId, rand } from './helpers.ts';

export interface LineSpec {
  quantity: number;
  weight?: number;
  volume?: number;
  cases?: number;
  pallets?: number;
  other?: number;
  itemCode?: string;
}

export interface WaybillSpec {
  center?: string;
  clientCode?: string;
  carrierCode?: string | null;
  splitAllowed?: boolean;
  nonSplitReason?: string;
  lines?: LineSpec[];
}

export interface MadeWaybill {
  orderId: number;
  orderCode: string;
  waybillId: number;
  code: string;
}

const one = async (db: Db, sql: string, params: unknown[]) => {
  const r = await db.query<{ id: number }>(sql, params);
  if (!r.rows[0]) throw new Error(`fixture lookup found nothing: ${sql} ${JSON.stringify(params)}`);
  return r.rows[0].id;
};

export async function makeWaybill(db: Db, spec: WaybillSpec = {}): Promise<MadeWaybill> {
  const center = await centerId(db, spec.center ?? 'SH01');
  const clientId = await one(db, `select id from base_client where code = $1`, [spec.clientCode ?? 'C001']);
  const carrierId = spec.carrierCode === null ? null : await one(db, `select id from base_carrier where code = $1`, [spec.carrierCode ?? 'CR001']);
  const from = await one(db, `select id from base_station where code = 'S-SH-01'`, []);
  const to = await one(db, `select id from base_station where code = 'S-SH-02'`, []);
  const lines = spec.lines ?? [{ quantity: 10, weight: 52, volume: 0.12, cases: 10, pallets: 1, other: 0 }];
  const sum = (k: keyof LineSpec) => lines.reduce((s, l) => s + Number(l[k] ?? 0), 0);
  const orderCode = `T-ORD-${rand(8)}`;
  const orderId = await one(
    db,
    `insert into tms_order(dispatch_center_id, code, client_id, carrier_id, source_station_id, dest_station_id, status, is_split_allowed,
       etd, eta, total_weight, total_volume, total_quantity, total_cases, total_pallets, total_other, create_by)
     values ($1,$2,$3,$4,$5,$6,'EFFECTIVE',$7, now() + interval '1 day', now() + interval '2 days', $8,$9,$10,$11,$12,$13,'admin') returning id`,
    [center, orderCode, clientId, carrierId, from, to, spec.splitAllowed ?? true, sum('weight'), sum('volume'), sum('quantity'), sum('cases'), sum('pallets'), sum('other')],
  );
  for (const [i, l] of lines.entries()) {
    const item = await db.query<{ id: number; code: string; name: string }>(`select id, code, name from base_item where code = $1`, [l.itemCode ?? 'I-XF-001']);
    const it = item.rows[0]!;
    await db.query(
      `insert into tms_order_line(dispatch_center_id, order_id, pos_no, item_id, item_code, item_name, weight, volume, quantity, cases, pallets, other, unit, create_by)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,'箱','admin')`,
      [center, orderId, i + 1, it.id, it.code, it.name, l.weight ?? 0, l.volume ?? 0, l.quantity, l.cases ?? 0, l.pallets ?? 0, l.other ?? 0],
    );
  }
  const [made] = await createWaybillsFromOrders(db, [{ id: orderId, dispatch_center_id: center, client_id: clientId }], { userName: 'admin', userId: 1, dispatchCenterId: center }, new Date());
  if (spec.nonSplitReason) await db.query(`update tms_waybill set non_split_reason = $2 where id = $1`, [made!.waybillId, spec.nonSplitReason]);
  return { orderId, orderCode, waybillId: made!.waybillId, code: made!.code };
}

export interface LineRow {
  id: number;
  pos_no: number;
  order_line_id: number;
  quantity: number;
  weight: number;
  volume: number;
  cases: number;
  pallets: number;
  other: number;
  split_num: number;
}

export async function linesOf(db: Db, waybillId: number): Promise<LineRow[]> {
  return (await db.query<LineRow>(`select * from tms_waybill_line where waybill_id = $1 order by pos_no, id`, [waybillId])).rows;
}

export async function waybillRow(db: Db, id: number) {
  return (await db.query<Record<string, unknown>>(`select * from tms_waybill where id = $1`, [id])).rows[0]!;
}
