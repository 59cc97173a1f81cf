/**
 * A shipped dispatch order with its receipts, built straight in the database: the demo data of the
 * epod screens (seeded once, so a first run shows receipts in every state) and the fixture of the
 * epod tests. Orders, waybills and the shipment are written as the order / shipment modules would
 * leave them after review, binding and shipping; the receipts come from `createEpodsForShipments`.
 */
import type { Queryable } from '../../platform/db.ts';
import { nextCode } from '../system/number-rules.ts';
import { createEpodsForShipments, type CreatedEpod } from './create.ts';
import { auditEpods, reportEpod, type EpodRow, type Who } from './service.ts';

export interface FixtureOptions {
  dispatchCenterId: number;
  /** one entry per waybill: the quantities of its lines */
  waybills: number[][];
  now: Date;
  by?: Who;
  /** leave the shipment EFFECTIVE and create no receipts (for callers that ship it themselves) */
  unshipped?: boolean;
}

export interface Fixture {
  shipmentId: number;
  shipmentCode: string;
  driverId: number;
  waybillIds: number[];
  epods: CreatedEpod[];
}

const one = async <T>(q: Queryable, sql: string, params: unknown[] = []): Promise<T> => {
  const r = await q.query<T>(sql, params);
  if (!r.rows[0]) throw new Error(`fixture: nothing for ${sql.slice(0, 80)}`);
  return r.rows[0];
};

/** The demo master data the chain uses: the first client with two of its stations, its items, a carrier with a driver and vehicle. */
async function masterData(q: Queryable) {
  const client = await one<{ id: number }>(q, `select c.id from base_client c where (select count(*) from base_station s where s.client_id = c.id) >= 2 order by c.id limit 1`);
  const stations = (await q.query<{ id: number }>(`select id from base_station where client_id = $1 order by id`, [client.id])).rows;
  const items = (await q.query<{ id: number; code: string; name: string }>(`select id, code, name from base_item where client_id = $1 order by id`, [client.id])).rows;
  const vehicle = await one<{ id: number; carrier_id: number; driver_id: number }>(q, `select id, carrier_id, driver_id from base_transport_means where driver_id is not null order by id limit 1`);
  if (!items.length) throw new Error('fixture: the client has no items');
  return { clientId: client.id, source: stations[0]!.id, dest: stations[1]!.id, items, vehicle };
}

export async function buildShippedShipment(q: Queryable, o: FixtureOptions): Promise<Fixture> {
  const m = await masterData(q);
  const center = o.dispatchCenterId;
  const who = o.by?.userName ?? 'system';
  const shipmentCode = await nextCode(q, 'SHIPMENT', center, null, o.now);
  const totalQty = o.waybills.flat().reduce((a, b) => a + b, 0);
  const shipment = await one<{ id: number }>(
    q,
    `insert into tms_shipment(dispatch_center_id, shipment_code, status, carrier_id, trans_type, vehicle_id_main, driver_id_master, etd, eta, atd,
       station_num, total_quantity, create_by, create_time)
     values ($1,$2,$3,$4,'ROAD',$5,$6,$7,$8,$9,2,$10,$11,$7) returning id`,
    [center, shipmentCode, o.unshipped ? 'EFFECTIVE' : 'SHIPPED', m.vehicle.carrier_id, m.vehicle.id, m.vehicle.driver_id, new Date(o.now.getTime() - 3600_000), new Date(o.now.getTime() + 4 * 3600_000), o.unshipped ? null : o.now, totalQty, who],
  );
  await q.query(
    `insert into tms_shipment_stop(dispatch_center_id, shipment_id, seq, station_id, stop_type) values ($1,$2,1,$3,'LOAD'), ($1,$2,2,$4,'UNLOAD')`,
    [center, shipment.id, m.source, m.dest],
  );
  const waybillIds: number[] = [];
  for (const quantities of o.waybills) {
    const qty = quantities.reduce((a, b) => a + b, 0);
    const orderCode = await nextCode(q, 'ORDER', center, m.clientId, o.now);
    const order = await one<{ id: number }>(
      q,
      `insert into tms_order(dispatch_center_id, code, client_id, carrier_id, trans_type, load_mode, source_station_id, dest_station_id, status, batch_code, total_quantity, create_by)
       values ($1,$2,$3,$4,'ROAD','LTL',$5,$6,'EFFECTIVE',$7,$8,$9) returning id`,
      [center, orderCode, m.clientId, m.vehicle.carrier_id, m.source, m.dest, `B${orderCode.slice(-6)}`, qty, who],
    );
    const waybillCode = await nextCode(q, 'WAYBILL', center, m.clientId, o.now);
    const waybill = await one<{ id: number }>(
      q,
      `insert into tms_waybill(dispatch_center_id, code, order_id, order_code, status, client_id, carrier_id, shipment_id, shipment_code,
         source_station_id, dest_station_id, total_quantity, trans_type, load_mode, create_by)
       values ($1,$2,$3,$4,'REVIEWED',$5,$6,$7,$8,$9,$10,$11,'ROAD','LTL',$12) returning id`,
      [center, waybillCode, order.id, orderCode, m.clientId, m.vehicle.carrier_id, shipment.id, shipmentCode, m.source, m.dest, qty, who],
    );
    waybillIds.push(waybill.id);
    for (const [i, quantity] of quantities.entries()) {
      const item = m.items[i % m.items.length]!;
      const line = await one<{ id: number }>(
        q,
        `insert into tms_order_line(dispatch_center_id, order_id, pos_no, item_id, item_code, item_name, quantity, cases, pallets, unit, create_by)
         values ($1,$2,$3,$4,$5,$6,$7,$8,$9,'箱',$10) returning id`,
        [center, order.id, i + 1, item.id, item.code, item.name, quantity, quantity, Math.ceil(quantity / 40), who],
      );
      await q.query(
        `insert into tms_waybill_line(dispatch_center_id, waybill_id, order_line_id, pos_no, item_id, item_code, item_name, quantity, cases, pallets, unit, real_quantity, create_by)
         values ($1,$2,$3,$4,$5,$6,$7,$8,$8,$9,'箱',$8,$10)`,
        [center, waybill.id, line.id, i + 1, item.id, item.code, item.name, quantity, Math.ceil(quantity / 40), who],
      );
    }
  }
  const epods = o.unshipped ? [] : await createEpodsForShipments(q, [shipment.id], center, o.now, o.by);
  return { shipmentId: shipment.id, shipmentCode, driverId: m.vehicle.driver_id, waybillIds, epods };
}

/**
 * Demo receipts of the first dispatch center: one shipped dispatch order with five receipts —
 * two pending, one reported, one reported with a shortage (waiting for check and handle), one audited.
 */
export async function seedEpodDemo(q: Queryable): Promise<void> {
  const center = (await q.query<{ id: number }>(`select id from sys_dispatch_center order by id limit 1`)).rows[0];
  const hasMaster = (await q.query(`select 1 from base_transport_means where driver_id is not null limit 1`)).rows.length;
  if (!center || !hasMaster) return;
  const now = new Date();
  const by = { userId: null, userName: 'system' };
  const f = await buildShippedShipment(q, { dispatchCenterId: center.id, waybills: [[120, 60], [80], [100, 40], [200], [50]], now, by });
  const rows = (await q.query<EpodRow>(`select * from tms_epod where shipment_id = $1 order by id`, [f.shipmentId])).rows;
  const linesOf = async (id: number) => (await q.query<{ id: number; shipped_quantity: number; planned_cases: number; planned_pallets: number }>(`select id, shipped_quantity, planned_cases, planned_pallets from tms_epod_line where epod_id = $1 order by pos_no`, [id])).rows;
  const arrival = new Date(now.getTime() - 40 * 60_000).toISOString();
  const sign = new Date(now.getTime() - 30 * 60_000).toISOString();
  const report = async (r: EpodRow, shortage: number) => {
    const ls = await linesOf(r.id);
    const lines = ls.map((l, i) => ({
      lineId: l.id,
      signedQuantity: l.shipped_quantity - (i === 0 ? shortage : 0),
      cases: l.planned_cases - (i === 0 ? shortage : 0),
      pallets: l.planned_pallets,
      shortage: i === 0 ? shortage : 0,
      damage: 0,
      remark: i === 0 && shortage ? '外箱破损少货' : null,
    }));
    await reportEpod(q, r, { arrivalTime: arrival, signTime: sign, lines }, by, 'STAFF', now);
  };
  await report(rows[2]!, 0);
  await report(rows[3]!, 5);
  await report(rows[4]!, 0);
  const reported = (await q.query<EpodRow>(`select * from tms_epod where id = $1`, [rows[4]!.id])).rows;
  await auditEpods(q, reported, null, by, now);
}
