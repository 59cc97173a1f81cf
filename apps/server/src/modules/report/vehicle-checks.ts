/**
 * Drill-down of the vehicle check report: the checks behind a report row (GET /api/reports/check/checks,
 * the report's filters plus the checklist item and "failed only") and one check with its items and the
 * driver's pictures as signed file links (GET /api/reports/check/checks/:id). The same scope as the
 * report: one dispatch center of the caller's and the data groups on the dispatch order's carrier; a
 * check out of it answers 404.
 */
import type { Caller } from '../../platform/auth.ts';
import type { Queryable } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { Where, type ReportFilters } from './queries.ts';

export interface CheckListFilters extends ReportFilters {
  /** checks that hold this checklist item (dict vehicle_check_item) */
  itemCode?: string;
  /** only failed checks (with itemCode: the checks in which that item failed) */
  failedOnly: boolean;
  pageNum: number;
  pageSize: number;
}

type Row = Record<string, unknown>;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

const HEADER = `v.id, v.check_time as "checkTime", v.shipment_id as "shipmentId", coalesce(s.shipment_code, v.shipment_code) as "shipmentCode",
  t.plate_number as "vehiclePlate", d.name as "driverName", d.mobile as "driverMobile", c.name as "carrierName",
  v.result, v.failed_count as "failedCount", v.remark, v.lng, v.lat,
  (select count(*)::int from tms_vehicle_check_item x where x.check_id = v.id and x.dispatch_center_id = v.dispatch_center_id) as "itemCount",
  (select coalesce(sum(cardinality(x.picture_ids)), 0)::int from tms_vehicle_check_item x where x.check_id = v.id and x.dispatch_center_id = v.dispatch_center_id) as "pictureCount"`;

const FROM = `from tms_vehicle_check v
  join tms_shipment s on s.id = v.shipment_id and s.dispatch_center_id = v.dispatch_center_id
  left join base_transport_means t on t.id = v.vehicle_id
  left join base_driver d on d.id = v.driver_id
  left join base_carrier c on c.id = s.carrier_id`;

const withDates = (r: Row): Row => ({ ...r, checkTime: iso(r.checkTime) });

/** The checks of the report's period, center and carrier (and item), newest first, one page. */
export async function listChecks(q: Queryable, caller: Caller, f: CheckListFilters): Promise<{ rows: Row[]; total: number }> {
  const w = new Where();
  w.add(`v.dispatch_center_id = ${w.p(f.dispatchCenterId)}`);
  w.add(`(v.check_time at time zone ${w.p(f.tz)})::date between ${w.p(f.from)}::date and ${w.p(f.to)}::date`);
  if (f.carrierId) w.add(`s.carrier_id = ${w.p(f.carrierId)}`);
  if (f.itemCode) {
    const item = w.p(f.itemCode);
    w.add(`exists (select 1 from tms_vehicle_check_item i where i.check_id = v.id and i.dispatch_center_id = v.dispatch_center_id and i.item_code = ${item}${f.failedOnly ? ' and not i.passed' : ''})`);
  } else if (f.failedOnly) w.add(`v.result = 'FAIL'`);
  w.scope(caller, 's', { carrier: 'carrier_id' });
  const total = (await q.query<{ n: number }>(`select count(*)::int as n ${FROM} ${w.sql()}`, w.params)).rows[0]!.n;
  const limit = w.p(f.pageSize);
  const offset = w.p((f.pageNum - 1) * f.pageSize);
  const r = await q.query<Row>(`select ${HEADER} ${FROM} ${w.sql()} order by v.check_time desc, v.id desc limit ${limit} offset ${offset}`, w.params);
  return { rows: r.rows.map(withDates), total };
}

/** One check of the center with every item and its pictures (signed links, like the receipts' pictures). */
export async function checkDetail(q: Queryable, storage: Storage, caller: Caller, dispatchCenterId: number, id: number): Promise<Row> {
  const w = new Where();
  w.add(`v.id = ${w.p(id)}`);
  w.add(`v.dispatch_center_id = ${w.p(dispatchCenterId)}`);
  w.scope(caller, 's', { carrier: 'carrier_id' });
  const head = (await q.query<Row>(`select ${HEADER} ${FROM} ${w.sql()}`, w.params)).rows[0];
  if (!head) throw notFound();
  const items = await q.query<{ id: number; seq: number; itemCode: string; passed: boolean; remark: string | null; pictureIds: (number | string)[] }>(
    `select id, seq, item_code as "itemCode", passed, remark, picture_ids as "pictureIds" from tms_vehicle_check_item where check_id = $1 and dispatch_center_id = $2 order by seq, id`,
    [id, dispatchCenterId],
  );
  const fileIds = [...new Set(items.rows.flatMap((i) => i.pictureIds.map(Number)))];
  const files = fileIds.length
    ? (await q.query<{ id: number; name: string }>(`select id, original_name as name from sys_oss where id = any($1::bigint[])`, [fileIds])).rows
    : [];
  const names = new Map(files.map((x) => [Number(x.id), x.name]));
  return {
    ...withDates(head),
    items: items.rows.map(({ pictureIds, ...i }) => ({
      ...i,
      // a picture removed from the store since is left out
      pictures: pictureIds.map(Number).filter((p) => names.has(p)).map((p) => ({ id: p, name: names.get(p)!, url: storage.signedUrl(p) })),
    })),
  };
}
