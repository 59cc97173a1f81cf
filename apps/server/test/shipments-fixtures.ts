/**
 * Shipment fixtures for the API and browser tests: reviewed, unbound waybills written straight to the
 * database (order + waybill + one line), so the shipment tests do not depend on the order and waybill
 * screens. Stations, carriers, vehicles and drivers are the seeded demo master data.
 */
import type { Queryable } from '../src/platform/db.ts';
import { randomBytes } from 'node:crypto';

const rand = (n = 8) => randomBytes(n).toString('hex').slice(0, n);

export interface ReviewedWaybillSpec {
  center?: string;
  clientCode?: string;
  carrierCode?: string | null;
  from?: string;
  to?: string;
  quantity?: number;
  weight?: number;
  volume?: number;
  etd?: string;
  eta?: string;
}

async function idOf(q: Queryable, sql: string, value: string): Promise<number> {
  const r = await q.query<{ id: number }>(sql, [value]);
  if (!r.rows[0]) throw new Error(`fixture: nothing for ${value}`);
  return r.rows[0].id;
}

export const stationId = (q: Queryable, code: string) => idOf(q, `select id from base_station where code = $1`, code);
export const carrierId = (q: Queryable, code: string) => idOf(q, `select id from base_carrier where code = $1`, code);
export const vehicleId = (q: Queryable, code: string) => idOf(q, `select id from base_transport_means where code = $1`, code);
export const driverId = (q: Queryable, code: string) => idOf(q, `select id from base_driver where code = $1`, code);

/** A REVIEWED waybill on no shipment, with its effective order and one line. */
export async function reviewedWaybill(q: Queryable, spec: ReviewedWaybillSpec = {}): Promise<{ id: number; code: string; orderId: number }> {
  const center = await idOf(q, `select id from sys_dispatch_center where code = $1`, spec.center ?? 'SH01');
  const client = await idOf(q, `select id from base_client where code = $1`, spec.clientCode ?? 'C001');
  const carrier = spec.carrierCode === null ? null : await carrierId(q, spec.carrierCode ?? 'CR001');
  const from = await stationId(q, spec.from ?? 'S-SZ-01');
  const to = await stationId(q, spec.to ?? 'S-HZ-01');
  const qty = spec.quantity ?? 10;
  const weight = spec.weight ?? 100;
  const volume = spec.volume ?? 1.5;
  const code = `T-WB-${rand()}`;
  const order = await q.query<{ id: number; code: string }>(
    `insert into tms_order(dispatch_center_id, code, client_id, carrier_id, source_station_id, dest_station_id, status, etd, eta,
       total_weight, total_volume, total_quantity, total_cases, create_by)
     values ($1,$2,$3,$4,$5,$6,'EFFECTIVE',$7,$8,$9,$10,$11,$11,'test') returning id, code`,
    [center, `T-ORD-${rand()}`, client, carrier, from, to, spec.etd ?? null, spec.eta ?? null, weight, volume, qty],
  );
  const o = order.rows[0]!;
  const wb = await q.query<{ id: number }>(
    `insert into tms_waybill(dispatch_center_id, code, order_id, order_code, status, client_id, carrier_id, source_station_id, dest_station_id,
       etd, eta, total_weight, total_volume, total_quantity, total_cases, audit_by, audit_time, create_by)
     values ($1,$2,$3,$4,'REVIEWED',$5,$6,$7,$8,$9,$10,$11,$12,$13,$13,'test',now(),'test') returning id`,
    [center, code, o.id, o.code, client, carrier, from, to, spec.etd ?? null, spec.eta ?? null, weight, volume, qty],
  );
  const item = await q.query<{ id: number; code: string; name: string }>(`select id, code, name from base_item where code = 'I-XF-001'`);
  const it = item.rows[0]!;
  await q.query(
    `insert into tms_waybill_line(dispatch_center_id, waybill_id, pos_no, item_id, item_code, item_name, weight, volume, quantity, cases, unit, create_by)
     values ($1,$2,1,$3,$4,$5,$6,$7,$8,$8,'箱','test')`,
    [center, wb.rows[0]!.id, it.id, it.code, it.name, weight, volume, qty],
  );
  return { id: wb.rows[0]!.id, code, orderId: o.id };
}

/**
 * `count` positions for a shipment, one every 10 s from `start`: from Suzhou to Hangzhou along a straight line,
 * or a winding road (`curve`: amplitude in degrees of its bends), with ~10 m of GPS noise.
 */
export async function insertPositions(q: Queryable, shipmentId: number, count: number, start = '2030-01-01T00:00:00Z', curve = 0): Promise<void> {
  await q.query(
    `insert into tms_position(dispatch_center_id, shipment_id, lng, lat, speed, reported_at, source)
     select s.dispatch_center_id, s.id,
            120.72 + (g::float / $2) * (120.26 - 120.72) + $4 * sin(g / 900.0) + 0.0001 * sin(g / 7.0),
            31.32 + (g::float / $2) * (30.18 - 31.32) + $4 * cos(g / 1300.0) + 0.0001 * cos(g / 11.0),
            60 + 20 * sin(g / 50.0), $3::timestamptz + (g * interval '10 seconds'), 'APP'
       from tms_shipment s, generate_series(0, $2 - 1) g where s.id = $1`,
    [shipmentId, count, start, curve],
  );
}
