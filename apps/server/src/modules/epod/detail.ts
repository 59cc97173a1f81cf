/**
 * What a receipt shows besides its header (spec §2 epod detail): the receipt details (lines with
 * planned, shipped and signed figures), pictures and the stop's video as signed links, opinions,
 * the business log, and the transport execution (its shipment, vehicle, driver, stop times).
 */
import type { Queryable } from '../../platform/db.ts';
import type { Storage } from '../../platform/storage.ts';

type Row = Record<string, unknown>;

const iso = (v: string | number | Date | null) => (v instanceof Date ? v.toISOString() : v);
/** Dates of a row as ISO strings (the columns are already aliased to API names). */
const isoRow = (r: Record<string, string | number | Date | null>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, iso(v)]));

export interface Picture {
  id: number;
  lineId: number | null;
  name: string;
  url: string;
}

/** The pictures of receipts of one center (the distribution key). */
export async function picturesOf(q: Queryable, storage: Storage, epodIds: number[], center: number): Promise<(Picture & { epodId: number })[]> {
  const r = await q.query<{ id: number; epod_id: number; line_id: number | null; file_id: number; name: string }>(
    `select p.id, p.epod_id, p.epod_line_id as line_id, p.file_id, f.original_name as name
       from tms_epod_picture p join sys_oss f on f.id = p.file_id
      where p.epod_id = any($1::bigint[]) and p.dispatch_center_id = $2 order by p.sort, p.id`,
    [epodIds, center],
  );
  return r.rows.map((p) => ({ id: p.id, epodId: p.epod_id, lineId: p.line_id, name: p.name, url: storage.signedUrl(p.file_id) }));
}

export const LINE_COLUMNS = `l.id, l.pos_no as "posNo", l.item_id as "itemId", l.item_code as "itemCode", l.item_name as "itemName", l.unit,
  l.planned_quantity as "plannedQuantity", l.shipped_quantity as "shippedQuantity", l.signed_quantity as "signedQuantity",
  l.planned_cases as "plannedCases", l.planned_pallets as "plannedPallets", l.cases, l.pallets, l.shortage, l.damage, l.remark, l.version`;

/** A line of a receipt as LINE_COLUMNS read it (and its receipt's id). */
export type EpodLineRow = {
  epodId: number; id: number; posNo: number; itemId: number | null; itemCode: string | null; itemName: string | null; unit: string | null;
  plannedQuantity: number; shippedQuantity: number; signedQuantity: number | null; plannedCases: number; plannedPallets: number;
  cases: number | null; pallets: number | null; shortage: number; damage: number; remark: string | null; version: number;
};

/** The lines of receipts of one center. */
export async function linesOf(q: Queryable, epodIds: number[], center: number): Promise<EpodLineRow[]> {
  const r = await q.query<EpodLineRow>(
    `select l.epod_id as "epodId", ${LINE_COLUMNS} from tms_epod_line l where l.epod_id = any($1::bigint[]) and l.dispatch_center_id = $2 order by l.epod_id, l.pos_no, l.id`,
    [epodIds, center],
  );
  return r.rows;
}

/** The extra parts of GET /epod/epod/get/{id}. */
export async function epodDetail(q: Queryable, storage: Storage, e: Row) {
  const id = Number(e.id);
  const center = Number(e.dispatch_center_id);
  const [lines, pictures, opinions, tracking, execution, video] = await Promise.all([
    linesOf(q, [id], center),
    picturesOf(q, storage, [id], center),
    q.query<{ id: number; opinionType: string; content: string | null; opinionBy: string | null; opinionTime: Date }>(
      `select id, opinion_type as "opinionType", content, opinion_by as "opinionBy", opinion_time as "opinionTime" from tms_epod_opinion where epod_id = $1 and dispatch_center_id = $2 order by id`,
      [id, center],
    ),
    q.query<{ id: number; operationType: string; operatorName: string | null; operationTime: Date; remark: string | null }>(
      `select id, operation_type as "operationType", operator_name as "operatorName", operation_time as "operationTime", remark
         from tms_order_tracking where waybill_id = $1 and related_code = $2 and dispatch_center_id = $3 order by operation_time, id`,
      [e.waybill_id, e.code, center],
    ),
    q.query<Record<string, string | number | Date | null>>(
      `select s.id as "shipmentId", s.shipment_code as "shipmentCode", s.status as "shipmentStatus", s.etd, s.eta, s.atd, s.ata,
              v.plate_number as "vehiclePlate", d.name as "driverName", d.mobile as "driverMobile",
              st.seq as "stopSeq", st.eta as "stopEta", st.ata as "stopAta", st.atd as "stopAtd",
              bs.name as "stationName", s.station_num as "stationNum"
         from tms_shipment s
         left join base_transport_means v on v.id = s.vehicle_id_main
         left join base_driver d on d.id = coalesce(s.operating_driver_id, s.driver_id_master)
         left join tms_shipment_stop st on st.id = $2 and st.dispatch_center_id = s.dispatch_center_id
         left join base_station bs on bs.id = $3
        where s.id = $1 and s.dispatch_center_id = $4`,
      [e.shipment_id, e.stop_id, e.station_id, center],
    ),
    e.video_file_id ? q.query<{ name: string; content_type: string }>(`select original_name as name, content_type from sys_oss where id = $1`, [e.video_file_id]) : null,
  ]);
  const byLine = new Map<number, Picture[]>();
  for (const p of pictures) if (p.lineId) byLine.set(p.lineId, [...(byLine.get(p.lineId) ?? []), p]);
  const v = video?.rows[0];
  return {
    handled: e.handle_time !== null && e.handle_time !== undefined,
    lines: lines.map((l) => ({ ...l, pictures: byLine.get(Number(l.id)) ?? [] })),
    pictures: pictures.map(({ epodId: _e, ...p }) => p),
    pictureCount: pictures.length,
    video: v && e.video_file_id ? { name: v.name, contentType: v.content_type, url: storage.signedUrl(Number(e.video_file_id)) } : typeof e.video_url === 'string' && e.video_url ? { name: '', contentType: '', url: e.video_url } : null,
    opinions: opinions.rows.map((o) => ({ ...o, opinionTime: o.opinionTime.toISOString() })),
    tracking: tracking.rows.map((t) => ({ ...t, operationTime: t.operationTime.toISOString() })),
    execution: execution.rows[0] ? isoRow(execution.rows[0]) : null,
  };
}
