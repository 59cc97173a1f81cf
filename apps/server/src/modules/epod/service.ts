/**
 * The epod state machine on the database (design/domain.md "Epod"): report (driver app or staff
 * sign-for registration), audit, reject, recall and check-and-handle. Every function runs inside
 * the caller's transaction on rows it locked, refuses with 409 and the message of the refusal
 * (`epodRefusal`), and writes an order-tracking row per receipt it changes.
 */
import { epodRefusal, type EpodAction, type EpodReportInput } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import type { Caller } from '../../platform/auth.ts';
import { badRequest, conflict, type FieldMessage } from '../../platform/errors.ts';
import { track } from '../shipment/tracking.ts';

/** Who acts: a staff user, or a driver (no staff user id; the tracking row names the driver). */
export interface Who {
  userId: number | null;
  userName: string;
  driverId?: number | null;
}

/** The columns the state machine reads from a locked tms_epod row. */
export interface EpodRow {
  id: number;
  code: string;
  status: string;
  is_abnormal: boolean;
  handle_time: Date | null;
  dispatch_center_id: number;
  shipment_id: number;
  waybill_id: number;
  order_id: number | null;
  client_id: number | null;
  carrier_id: number | null;
  version: number;
}

/** Throws the refusal of an action on any of the rows (409), naming the first refused receipt. */
export function assertAllowed(action: EpodAction, rows: EpodRow[]): void {
  for (const r of rows) {
    const key = epodRefusal(action, { status: r.status, isAbnormal: r.is_abnormal, handled: r.handle_time !== null });
    if (key) throw conflict(key, { code: r.code });
  }
}

const OPERATION: Record<EpodAction, string> = {
  report: 'EPOD_REPORT',
  audit: 'EPOD_AUDIT',
  reject: 'EPOD_REJECT',
  recall: 'EPOD_RECALL',
  handle: 'EPOD_HANDLE',
};

async function trackAll(q: Queryable, who: Who, now: Date, action: EpodAction, rows: EpodRow[], remark?: string | null) {
  // operator_id is nullable: a driver or the seed has no staff user id
  await track(
    q,
    who as Pick<Caller, 'userId' | 'userName'>,
    now,
    rows.map((r) => ({
      dispatchCenterId: r.dispatch_center_id,
      operationType: OPERATION[action],
      relatedCode: r.code,
      shipmentId: r.shipment_id,
      waybillId: r.waybill_id,
      orderId: r.order_id,
      driverId: who.driverId ?? null,
      remark: remark ?? null,
    })),
  );
}

async function addOpinion(q: Queryable, r: EpodRow, type: 'AUDIT' | 'REJECT' | 'HANDLE', content: string, who: Who, now: Date) {
  await q.query(
    `insert into tms_epod_opinion(dispatch_center_id, epod_id, epod_code, client_id, carrier_id, opinion_type, content, opinion_by, opinion_time, create_by, create_time)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$8,$9)`,
    [r.dispatch_center_id, r.id, r.code, r.client_id, r.carrier_id, type, content, who.userName, now],
  );
}

/**
 * Signed figures of every line → REPORTED. The receipt becomes abnormal when a line has a shortage
 * or damage; a new report clears an earlier handling and audit (the figures it judged changed).
 */
export async function reportEpod(q: Queryable, r: EpodRow, input: EpodReportInput, who: Who, source: 'DRIVER' | 'STAFF', now: Date): Promise<void> {
  assertAllowed('report', [r]);
  if (new Date(input.signTime) < new Date(input.arrivalTime)) throw badRequest('messages.epod.signBeforeArrival', { signTime: { key: 'messages.epod.signBeforeArrival' } });
  const lines = (await q.query<{ id: number; shipped_quantity: number }>(`select id, shipped_quantity from tms_epod_line where epod_id = $1 and dispatch_center_id = $2 for update`, [r.id, r.dispatch_center_id])).rows;
  const shipped = new Map(lines.map((l) => [l.id, Number(l.shipped_quantity)]));
  const foreign = input.lines.find((l) => !shipped.has(l.lineId));
  if (foreign) throw badRequest('messages.epod.lineNotOfEpod', { lines: { key: 'messages.epod.lineNotOfEpod', params: { lineId: foreign.lineId } } }, { lineId: foreign.lineId });
  // each line once: a second entry of a line would overwrite the first with other figures
  const seen = new Set<number>();
  const twice: Record<string, FieldMessage> = {};
  input.lines.forEach((l, i) => {
    if (seen.has(l.lineId)) twice[`lines.${i}.lineId`] = { key: 'messages.epod.lineTwice', params: { lineId: l.lineId } };
    seen.add(l.lineId);
  });
  if (Object.keys(twice).length) throw badRequest('messages.epod.lineTwice', twice, { lineId: Object.values(twice)[0]!.params!.lineId });
  if (seen.size !== shipped.size) throw badRequest('messages.epod.linesIncomplete', { lines: { key: 'messages.epod.linesIncomplete' } });
  // a receipt accounts for what was shipped: more signed (or signed + short, or damaged) than shipped is refused
  const over: Record<string, FieldMessage> = {};
  input.lines.forEach((l, i) => {
    const max = shipped.get(l.lineId)!;
    const field = l.signedQuantity > max ? 'signedQuantity' : l.signedQuantity + l.shortage > max ? 'shortage' : l.damage > max ? 'damage' : null;
    if (field) over[`lines.${i}.${field}`] = { key: 'messages.epod.overShipped', params: { shipped: max } };
  });
  if (Object.keys(over).length) throw badRequest('messages.epod.overShipped', over, Object.values(over)[0]!.params);
  const col = <K extends keyof EpodReportInput['lines'][number]>(k: K) => input.lines.map((l) => l[k] ?? null);
  await q.query(
    `update tms_epod_line l set signed_quantity = u.signed, cases = u.cases, pallets = u.pallets, shortage = u.shortage, damage = u.damage,
            remark = u.remark, update_by = $8, update_time = $9, version = l.version + 1
       from unnest($1::bigint[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::text[]) as u(id, signed, cases, pallets, shortage, damage, remark)
      where l.id = u.id and l.dispatch_center_id = $10`,
    [col('lineId'), col('signedQuantity'), col('cases'), col('pallets'), col('shortage'), col('damage'), col('remark'), who.userName, now, r.dispatch_center_id],
  );
  const abnormal = input.lines.some((l) => l.shortage > 0 || l.damage > 0);
  await q.query(
    `update tms_epod set status = 'REPORTED', is_abnormal = $2, report_source = $3, report_by = $4, report_time = $5,
            arrival_time = $6, sign_time = $7, remark = coalesce($8, remark),
            handle_result = null, handle_remark = null, handle_by = null, handle_time = null, audit_by = null, audit_time = null,
            update_by = $4, update_time = $5, version = version + 1
      where id = $1 and dispatch_center_id = $9`,
    [r.id, abnormal, source, who.userName, now, input.arrivalTime, input.signTime, input.remark ?? null, r.dispatch_center_id],
  );
  await q.query(`update tms_shipment_stop set ata = least(ata, $2) where id = (${STOP_OF}) and dispatch_center_id = $3`, [r.id, input.arrivalTime, r.dispatch_center_id]);
  await trackAll(q, who, now, 'report', [r], abnormal ? 'ABNORMAL' : null);
}

/**
 * The driver left the stop after the consignee signed: the receipt's departure time, and the unloading stop's actual
 * departure (the latest of its receipts). Needs a signed receipt (reported or audited), a time not before the signature
 * and not in the future (the phone's clock may run a few minutes ahead). A later departure of the same receipt (the
 * driver came back) replaces the first.
 */
export async function departEpod(q: Queryable, r: EpodRow & { sign_time?: Date | null }, departureTime: string, now: Date): Promise<void> {
  const at = new Date(departureTime);
  const field = (key: string) => badRequest(key, { departureTime: { key } });
  if (r.status !== 'REPORTED' && r.status !== 'AUDITED') throw conflict('messages.epod.departNotReported', { code: r.code });
  if (r.sign_time && at < r.sign_time) throw field('messages.epod.departBeforeSign');
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw field('messages.epod.departInFuture');
  await q.query(`update tms_epod set departure_time = $2, update_time = $3, version = version + 1 where id = $1 and dispatch_center_id = $4`, [r.id, at, now, r.dispatch_center_id]);
  await q.query(`update tms_shipment_stop set atd = greatest(atd, $2) where id = (${STOP_OF}) and dispatch_center_id = $3`, [r.id, at, r.dispatch_center_id]);
}

/** the stop of receipt $1 (of center $3: the receipt and its stop are of one center) */
const STOP_OF = `select stop_id from tms_epod where id = $1 and dispatch_center_id = $3`;

/** How far ahead of the server's clock a phone's time may be. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** REPORTED → AUDITED for every row (all or none); an abnormal one must have been handled. */
export async function auditEpods(q: Queryable, rows: EpodRow[], opinion: string | null, who: Who, now: Date): Promise<void> {
  assertAllowed('audit', rows);
  await q.query(
    `update tms_epod set status = 'AUDITED', audit_by = $2, audit_time = $3, update_by = $2, update_time = $3, version = version + 1
      where id = any($1::bigint[]) and dispatch_center_id = any($4::bigint[])`,
    [rows.map((r) => r.id), who.userName, now, [...new Set(rows.map((r) => r.dispatch_center_id))]],
  );
  if (opinion) for (const r of rows) await addOpinion(q, r, 'AUDIT', opinion, who, now);
  await trackAll(q, who, now, 'audit', rows, opinion);
}

/** REPORTED → REJECTED with the opinion sent back to the reporter. */
export async function rejectEpod(q: Queryable, r: EpodRow, opinion: string, who: Who, now: Date): Promise<void> {
  assertAllowed('reject', [r]);
  await setStatus(q, r, 'REJECTED', who, now);
  await addOpinion(q, r, 'REJECT', opinion, who, now);
  await trackAll(q, who, now, 'reject', [r], opinion);
}

/** REPORTED → RECALLED: the reporter pulls the report back to correct it. */
export async function recallEpod(q: Queryable, r: EpodRow, who: Who, now: Date): Promise<void> {
  assertAllowed('recall', [r]);
  await setStatus(q, r, 'RECALLED', who, now);
  await trackAll(q, who, now, 'recall', [r]);
}

/** Check and handle of an abnormal, reported receipt: the handling result and remark (may be revised until audit). */
export async function handleEpod(q: Queryable, r: EpodRow, result: string, remark: string, who: Who, now: Date): Promise<void> {
  assertAllowed('handle', [r]);
  await q.query(
    `update tms_epod set handle_result = $2, handle_remark = $3, handle_by = $4, handle_time = $5, update_by = $4, update_time = $5, version = version + 1 where id = $1 and dispatch_center_id = $6`,
    [r.id, result, remark, who.userName, now, r.dispatch_center_id],
  );
  await addOpinion(q, r, 'HANDLE', remark, who, now);
  await trackAll(q, who, now, 'handle', [r], `${result}: ${remark}`);
}

async function setStatus(q: Queryable, r: EpodRow, status: string, who: Who, now: Date) {
  await q.query(`update tms_epod set status = $2, update_by = $3, update_time = $4, version = version + 1 where id = $1 and dispatch_center_id = $5`, [r.id, status, who.userName, now, r.dispatch_center_id]);
}
