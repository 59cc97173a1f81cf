/**
 * Statements (对账单, issue 15): generation per party and period, and their life
 * DRAFT → SENT → CONFIRMED, or DISPUTED → ADJUSTED → CONFIRMED; VOID with a reason before invoicing
 * (INVOICED / SETTLED follow invoices and payments, settlement-money.ts).
 *
 * Generation is set-based and all-or-nothing (one transaction, a handful of statements whatever the
 * number of lines): the charges of the caller's dispatch center whose billable event (settlement terms of
 * their contract: review, ship, receipt signed / audited, paper receipt returned) happened up to the period's
 * end and that are in no live statement (read from fin_charge_unstated, their narrow copy kept exact by
 * triggers, migration 0084). A charge is in at most one live statement (unique index on
 * fin_statement_line.charge_id); a party has one live statement per period and currency (unique index), so
 * generating a period again creates nothing new. Every change locks the statement, checks the version the
 * caller read (a stale one answers 409), writes a statement event (who, when, from → to, why) and the
 * operation log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { getResource, periodRange, SettlementApi as S, statementAllows, STATEMENT_ACTION_TO, type StatementAction } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Caller } from '../../platform/auth.ts';
import { requireCaller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { translate, type Lang } from '../../platform/i18n.ts';
import { route } from '../../platform/contract.ts';
import { getInScope, scopeOf, type Row } from '../../platform/resource-engine.ts';
import type { Storage } from '../../platform/storage.ts';
import { receiveFile } from '../epod/io.ts';

export const statementDef = getResource('statement');
export const GENERATE_JOB = 'finance.statements.generate';
/** the business day of a billable event */
export const SETTLE_TZ = 'Asia/Shanghai';

export const partyDefOf = (kind: string) => getResource(kind === 'RECEIVABLE' ? 'client' : 'carrier');
export const statusText = (lang: Lang, status: unknown) => translate(lang, `dicts.fin_statement_status.${String(status)}`);

// ---------------------------------------------------------------------------
// Generation

export interface GenerationInput {
  jobId: number;
  centerId: number;
  kind: 'RECEIVABLE' | 'PAYABLE';
  period: string;
  partyId: number | null;
  by: string;
  /** the parties the caller may see (null: every one) */
  parties: number[] | null;
}
export interface GenerationResult {
  created: number;
  lines: number;
  statementIds: number[];
}

/** in-process progress of running generations (steps done of 4), read by GET job/:id */
const progress = new Map<number, number>();
export const GENERATION_STEPS = 4;

/** Recomputes the line count and amounts of statements from their lines. */
export async function refreshTotals(q: Queryable, center: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await q.query(
    `update fin_statement s set line_count = x.n, charge_amount = x.c, adjust_amount = x.a, total_amount = x.c + x.a
       from (select s2.id, count(l.id)::int as n,
                    coalesce(sum(l.amount) filter (where l.line_type = 'CHARGE'), 0) as c,
                    coalesce(sum(l.amount) filter (where l.line_type = 'ADJUSTMENT'), 0) as a
               from fin_statement s2 left join fin_statement_line l on l.statement_id = s2.id
              where s2.id = any($1::bigint[]) and s2.dispatch_center_id = $2 group by s2.id) x
      where s.id = x.id and s.dispatch_center_id = $2`,
    [ids, center],
  );
}

/** Generates the statements of one period (one party, or every party) in the transaction `q`. */
export async function generateStatements(q: Queryable, g: GenerationInput): Promise<GenerationResult> {
  const step = (n: number) => progress.set(g.jobId, n);
  step(0);
  // one generation per center and kind at a time: a second one waits and then sees the first one's lines;
  // deleting charges takes the same lock shared (migration 0051_settlement_scale: it stands for the charges' foreign key)
  await q.query(`select pg_advisory_xact_lock(hashtext($1))`, [`fin_statement_gen:${g.centerId}:${g.kind}`]);
  // the plans below are simple scans and joins over many rows: compiling them (JIT, seconds on a busy server) costs more than it saves;
  // their hashes and the lines' sort fit in memory instead of spilling to disk
  await q.query(`set local jit = off`);
  await q.query(`set local work_mem = '64MB'`);
  // the lines' charges are read below under the lock above, which deleting a charge waits for: the insert trigger need not
  // look each one up again (migration 0083)
  await q.query(`set local tms.lines_of_locked_charges = 'on'`);
  const { from: first, to: last } = periodRange(g.period);
  const party = `case when c.kind = 'RECEIVABLE' then k.client_id else k.carrier_id end`;
  await q.query(`drop table if exists fin_gen_cand`);
  // the candidates: the center's charges on no live statement line, from their narrow copy kept by triggers (migration
  // 0084, fin_charge_unstated), not from every charge with its rating trace; their figures (contract, amount, tax rate,
  // currency, time: what a re-rating writes over, 0094) from the charge itself, by its key
  await q.query(
    `create temp table fin_gen_cand on commit drop as
     select c.charge_id, null::bigint as adjustment_id, c.waybill_id, w.code as waybill_code, c.charge_type_code, f.amount, f.tax_rate, f.currency,
            ${party} as party_id, (ev.t at time zone '${SETTLE_TZ}')::date as event_date, t.cut_off_day,
            -- a re-rating difference (payable.ts, replaceCharges) is an adjustment line that says where it came from
            case when c.source = 'RERATE' then 'ADJUSTMENT' else 'CHARGE' end as line_type, case when c.source = 'RERATE' then 'RERATE' end as origin,
            case when c.source = 'RERATE' then (c.rerate->>'statementId')::bigint end as origin_statement_id,
            case when c.source = 'RERATE' then c.rerate->>'statementCode' end as origin_statement_code,
            case when c.source = 'RERATE' then (c.rerate->>'before')::numeric end as before_amount,
            case when c.source = 'RERATE' then (c.rerate->>'after')::numeric end as after_amount,
            null::varchar as remark
       from fin_charge_unstated c
       join fin_charge f on f.id = c.charge_id and f.dispatch_center_id = c.dispatch_center_id
       join fin_contract k on k.id = f.contract_id
       join tms_waybill w on w.id = c.waybill_id
       left join fin_settle_term t on t.contract_id = f.contract_id
       cross join lateral (select case coalesce(t.settle_event, 'REVIEW')
           when 'REVIEW' then f.create_time
           when 'SHIP' then coalesce(w.atd, (select s.atd from tms_shipment s where s.id = w.shipment_id))
           when 'EPOD_SIGNED' then (select max(e.sign_time) from tms_epod e where e.waybill_id = c.waybill_id)
           when 'EPOD_AUDITED' then (select max(e.audit_time) from tms_epod e where e.waybill_id = c.waybill_id and e.status = 'AUDITED')
           when 'RECEIPT_RETURNED' then (select r.returned_time from fin_paper_receipt r where r.waybill_id = c.waybill_id)
         end as t offset 0) ev
      where c.dispatch_center_id = $1 and c.kind = $2
        and ($3::bigint is null or ${party} = $3)
        and ($4::bigint[] is null or ${party} = any($4::bigint[]))
        and (ev.t at time zone '${SETTLE_TZ}')::date <= case when t.cut_off_day is null then $6::date else $5::date + (t.cut_off_day - 1) end`,
    [g.centerId, g.kind, g.partyId, g.parties, first, last],
  );
  // approved manual adjustments (adjustments.ts) not yet stated, billable on the day they were approved; the cut-off
  // day is the party's latest effective contract's. The party: the waybill's client (receivable), the carrier of the
  // dispatch order (payable: the adjustment's own, or its waybill's).
  const adjParty = `case when a.kind = 'RECEIVABLE' then w.client_id else coalesce(s.carrier_id, w.carrier_id) end`;
  await q.query(
    `insert into fin_gen_cand
     select null, a.id, a.waybill_id, coalesce(w.code, s.shipment_code), a.charge_type_code, a.amount, a.tax_rate, a.currency,
            ${adjParty}, (a.approve_time at time zone '${SETTLE_TZ}')::date, t.cut_off_day, 'ADJUSTMENT', 'MANUAL', null, null, null, null, left(a.reason, 200)
       from fin_adjustment a
       left join tms_waybill w on w.id = a.waybill_id and w.dispatch_center_id = a.dispatch_center_id
       left join tms_shipment s on s.id = coalesce(a.shipment_id, w.shipment_id) and s.dispatch_center_id = a.dispatch_center_id
       left join lateral (select t.cut_off_day from fin_contract k join fin_settle_term t on t.contract_id = k.id
                           where k.dispatch_center_id = a.dispatch_center_id and k.kind = a.kind and k.status = 'EFFECTIVE'
                             and (case when a.kind = 'RECEIVABLE' then k.client_id else k.carrier_id end) = ${adjParty}
                           order by k.valid_to desc, k.contract_version desc, k.id desc limit 1) t on true
      where a.dispatch_center_id = $1 and a.kind = $2 and a.status = 'APPROVED' and a.approve_time is not null
        and ${adjParty} is not null
        and ($3::bigint is null or ${adjParty} = $3)
        and ($4::bigint[] is null or ${adjParty} = any($4::bigint[]))
        and (a.approve_time at time zone '${SETTLE_TZ}')::date <= case when t.cut_off_day is null then $6::date else $5::date + (t.cut_off_day - 1) end
        and not exists (select 1 from fin_statement_line l where l.adjustment_id = a.id and not l.released)`,
    [g.centerId, g.kind, g.partyId, g.parties, first, last],
  );
  step(1);
  const prefix = g.kind === 'RECEIVABLE' ? 'AR' : 'AP';
  const made = (
    await q.query<{ id: number }>(
      `insert into fin_statement(dispatch_center_id, code, kind, client_id, carrier_id, party_id, period, period_from, period_to, currency, create_by)
       select $1, $2::text || lpad(nextval('fin_statement_code_seq')::text, 6, '0'), $3::text,
              case when $3::text = 'RECEIVABLE' then g.party_id end, case when $3::text = 'PAYABLE' then g.party_id end, g.party_id, $4::text,
              case when g.cut is null then $5::date else ($5::date - interval '1 month')::date + g.cut end,
              case when g.cut is null then $6::date else $5::date + (g.cut - 1) end,
              g.currency, $7::text
         from (select party_id, currency, min(cut_off_day) as cut from fin_gen_cand group by party_id, currency) g
        order by g.party_id, g.currency
       on conflict (dispatch_center_id, kind, party_id, period, currency) where status <> 'VOID' do nothing
       returning id`,
      [g.centerId, `${prefix}${g.period.replace('-', '')}-`, g.kind, g.period, first, last, g.by],
    )
  ).rows.map((r) => Number(r.id));
  step(2);
  const lines = made.length
    ? (
        await q.query(
          `insert into fin_statement_line(statement_id, line_type, charge_id, adjustment_id, waybill_id, waybill_code, charge_type_code, event_date, amount, tax_rate,
                                          origin, origin_statement_id, origin_statement_code, before_amount, after_amount, remark, create_by)
           select s.id, c.line_type, c.charge_id, c.adjustment_id, c.waybill_id, c.waybill_code, c.charge_type_code, c.event_date, c.amount, c.tax_rate,
                  c.origin, c.origin_statement_id, c.origin_statement_code, c.before_amount, c.after_amount, c.remark, $2
             from fin_gen_cand c join fin_statement s on s.party_id = c.party_id and s.currency = c.currency and s.id = any($1::bigint[]) and s.dispatch_center_id = $3
            order by s.id, c.line_type desc, c.event_date, c.charge_id, c.adjustment_id`,
          [made, g.by, g.centerId],
        )
      ).rowCount ?? 0
    : 0;
  step(3);
  await refreshTotals(q, g.centerId, made);
  if (made.length)
    await q.query(`insert into fin_statement_event(statement_id, action, to_status, create_by) select id, 'GENERATE', 'DRAFT', $2 from unnest($1::bigint[]) as x(id)`, [made, g.by]);
  await q.query(`drop table if exists fin_gen_cand`);
  await q.query(`set local tms.lines_of_locked_charges = 'off'`);
  step(4);
  return { created: made.length, lines, statementIds: made };
}

type JobRow = { id: number; dispatch_center_id: number; kind: string; period: string; party_id: number | null; status: string; created_count: number; line_count: number; error: string | null };
const jobAnswer = (j: JobRow, statementIds?: number[]): z.input<typeof S.SettleJob> => ({
  id: Number(j.id), kind: j.kind, period: j.period, partyId: j.party_id === null ? null : Number(j.party_id), status: j.status as 'DONE', createdCount: j.created_count, lineCount: j.line_count,
  error: j.error, progress: { done: j.status === 'DONE' ? GENERATION_STEPS : (progress.get(Number(j.id)) ?? 0), total: GENERATION_STEPS }, ...(statementIds ? { statementIds } : {}),
});

/** The ids of the parties of a kind the caller may see, or null when every one. */
async function partiesInScope(q: Queryable, caller: Caller, kind: string): Promise<number[] | null> {
  const def = partyDefOf(kind);
  const params: unknown[] = [];
  const where = scopeOf(def, caller, params, 't');
  if (!where.length) return null;
  return (await q.query<{ id: number }>(`select t.id from ${def.table} t where ${where.join(' and ')}`, params)).rows.map((r) => Number(r.id));
}

/** A queued generation (its id and center, as queued) run in the background. */
async function runJob(db: Db, jobId: number, center: number): Promise<void> {
  const job = (await db.query<Row>(`update fin_settle_job set status = 'RUNNING' where id = $1 and dispatch_center_id = $2 and status = 'QUEUED' returning *`, [jobId, center])).rows[0];
  if (!job) return; // already run (a retry)
  const input = job as unknown as { dispatch_center_id: number; kind: 'RECEIVABLE'; period: string; party_id: number | null; create_by: string; parties: (number | string)[] | null };
  try {
    const parties = input.parties ? input.parties.map(Number) : null;
    const r = await db.tx((q) => generateStatements(q, { jobId, centerId: Number(input.dispatch_center_id), kind: input.kind, period: input.period, partyId: input.party_id, by: input.create_by, parties }));
    await db.query(`update fin_settle_job set status = 'DONE', created_count = $2, line_count = $3, finish_time = now() where id = $1 and dispatch_center_id = $4`, [jobId, r.created, r.lines, center]);
  } catch (e) {
    await db.query(`update fin_settle_job set status = 'FAILED', error = $2, finish_time = now() where id = $1 and dispatch_center_id = $3`, [jobId, String((e as Error).message ?? e).slice(0, 500), center]);
  } finally {
    progress.delete(jobId);
  }
}

// ---------------------------------------------------------------------------
// Reading

const HEADER = `s.id, s.code, s.dispatch_center_id, s.kind, s.party_id, coalesce(cl.name, ca.name) as party_name, s.client_id, s.carrier_id, s.period, s.period_from::text, s.period_to::text,
  s.currency, s.status, s.line_count, s.charge_amount::text, s.adjust_amount::text, s.total_amount::text, s.invoiced_amount::text, s.paid_amount::text,
  (s.total_amount - s.invoiced_amount)::text as open_amount, (s.total_amount - s.paid_amount)::text as unpaid_amount, s.void_reason, s.version`;
const HEADER_FROM = `fin_statement s left join base_client cl on cl.id = s.client_id left join base_carrier ca on ca.id = s.carrier_id`;

/** The statement headers' select (the answer's shape, headerOf), to which a condition on `s` (fin_statement) is added. */
export const STATEMENT_HEADER_SELECT = `select ${HEADER} from ${HEADER_FROM}`;

export function headerOf(r: Row): z.input<typeof S.StatementHeader> {
  return {
    id: Number(r.id), code: String(r.code), dispatchCenterId: Number(r.dispatch_center_id), kind: r.kind as 'RECEIVABLE' | 'PAYABLE', partyId: Number(r.party_id), partyName: (r.party_name as string) ?? null,
    clientId: r.client_id === null ? null : Number(r.client_id), carrierId: r.carrier_id === null ? null : Number(r.carrier_id), period: String(r.period), periodFrom: String(r.period_from),
    periodTo: String(r.period_to), currency: String(r.currency), status: r.status as 'DRAFT', lineCount: Number(r.line_count), chargeAmount: String(r.charge_amount), adjustAmount: String(r.adjust_amount),
    totalAmount: String(r.total_amount), invoicedAmount: String(r.invoiced_amount), paidAmount: String(r.paid_amount), openAmount: String(r.open_amount), unpaidAmount: String(r.unpaid_amount),
    voidReason: (r.void_reason as string) ?? null, version: Number(r.version),
  };
}

/** A statement's header as the actions answer it (the statement's row, or its id and center). */
export const statementAnswer = async (q: Queryable, s: Row) =>
  headerOf((await q.query<Row>(`select ${HEADER} from ${HEADER_FROM} where s.id = $1 and s.dispatch_center_id = $2`, [s.id, s.dispatch_center_id])).rows[0]!);

/** a dispute's attachment: a photo or a PDF */
const ATTACHMENT_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf']);
export const ATTACHMENT_MAX = 20 * 1024 * 1024;

/** Stores a dispute's attachment (multipart part `file`) uploaded by `by`; its id then goes with the dispute. */
export async function uploadDisputeFile(req: FastifyRequest, db: Db, storage: Storage, by: string): Promise<z.input<typeof S.DisputeFile>> {
  const stored = await receiveFile(req, storage, ATTACHMENT_TYPES, 'messages.settlement.attachmentType', by);
  const f = (await db.query<{ name: string; content_type: string }>(`select original_name as name, content_type from sys_oss where id = $1`, [stored.id])).rows[0]!;
  return { id: stored.id, name: f.name, contentType: f.content_type, url: stored.url };
}

const lineOf = (l: Row, storage?: Storage): z.input<typeof S.StatementLine> => ({
  id: Number(l.id), lineType: String(l.line_type), chargeId: l.charge_id === null ? null : Number(l.charge_id), waybillId: l.waybill_id === null ? null : Number(l.waybill_id),
  waybillCode: (l.waybill_code as string) ?? null, chargeTypeCode: (l.charge_type_code as string) ?? null, eventDate: (l.event_date as string) ?? null, amount: String(l.amount),
  taxRate: (l.tax_rate as string) ?? null, adjustsLineId: l.adjusts_line_id === null ? null : Number(l.adjusts_line_id), disputeStatus: (l.dispute_status as string) ?? null,
  disputeReason: (l.dispute_reason as string) ?? null, proposedAmount: (l.proposed_amount as string) ?? null, disputeFileId: l.dispute_file_id === null ? null : Number(l.dispute_file_id),
  resolveRemark: (l.resolve_remark as string) ?? null, remark: (l.remark as string) ?? null, adjustmentId: l.adjustment_id === null ? null : Number(l.adjustment_id),
  origin: (l.origin as 'RERATE' | 'MANUAL') ?? null, originStatementCode: (l.origin_statement_code as string) ?? null, beforeAmount: (l.before_amount as string) ?? null,
  afterAmount: (l.after_amount as string) ?? null,
  disputeFile: l.dispute_file_id === null || l.file_name === null || !storage ? null : { id: Number(l.dispute_file_id), name: String(l.file_name), contentType: String(l.file_type), url: storage.signedUrl(Number(l.dispute_file_id)) },
});

// ---------------------------------------------------------------------------
// Changes

/** Locks a statement in the caller's scope (404 outside), checks the version read (409) and that `action` may start from its status (409). */
export async function lockStatement(q: Queryable, req: FastifyRequest, caller: Caller, id: number, version: number, action: StatementAction): Promise<Row> {
  return checkStatement(req, await getInScope(q, statementDef, caller, id, true), version, action);
}

/** The version read is the statement's (409 otherwise) and `action` may start from its status (409 otherwise). */
export function checkStatement(req: FastifyRequest, s: Row, version: number, action: StatementAction): Row {
  if (Number(s.version) !== version) throw conflict('messages.settlement.stale', { code: s.code });
  if (!statementAllows(action, String(s.status))) {
    if (action === 'removeLines' && ['CONFIRMED', 'INVOICED', 'SETTLED'].includes(String(s.status))) throw conflict('messages.settlement.frozen', { code: s.code });
    throw conflict('messages.settlement.wrongStatus', { code: s.code, status: statusText(req.lang, s.status), action: translate(req.lang, `messages.settlement.actions.${action}`) });
  }
  return s;
}

/** Moves a statement to `to` (null: keeps its status), bumps its version and records the event. */
export async function moveStatement(q: Queryable, caller: Pick<Caller, 'userName'>, s: Row, action: string, to: string | null, reason: string | null = null, detail: unknown = null, set = ''): Promise<void> {
  await q.query(`update fin_statement set status = coalesce($2, status), update_by = $3, update_time = now(), version = version + 1${set ? ', ' + set : ''} where id = $1 and dispatch_center_id = $4`, [
    s.id, to, caller.userName, s.dispatch_center_id,
  ]);
  await q.query(`insert into fin_statement_event(statement_id, action, from_status, to_status, reason, detail, create_by) values ($1, $2, $3, $4, $5, $6, $7)`, [
    s.id, action, s.status, to ?? s.status, reason, detail === null ? null : JSON.stringify(detail), caller.userName,
  ]);
}

/** Opens a dispute on a line: the party's reason and the amount it says is right (the line's own amount stays). */
export async function disputeLine(q: Queryable, caller: Pick<Caller, 'userName'>, l: { lineId: number; reason: string; proposedAmount: string; fileId?: number | null }): Promise<void> {
  await q.query(
    `update fin_statement_line set dispute_status = 'OPEN', dispute_reason = $2, proposed_amount = $3, dispute_file_id = $4, dispute_by = $5, dispute_time = now(), resolve_by = null, resolve_time = null, resolve_remark = null,
            update_by = $5, update_time = now(), version = version + 1 where id = $1`,
    [l.lineId, l.reason, l.proposedAmount, l.fileId ?? null, caller.userName],
  );
}

/** A statement with its history and its first 500 lines, attachments as signed links (the caller's access checked before, on the statement's row). */
export async function statementDetail(q: Queryable, s: { id: number; dispatch_center_id: unknown }, storage?: Storage): Promise<z.input<typeof S.StatementDetail>> {
  const id = s.id;
  const h = (await q.query<Row>(`select ${HEADER} from ${HEADER_FROM} where s.id = $1 and s.dispatch_center_id = $2`, [id, s.dispatch_center_id])).rows[0]!;
  const events = (await q.query<Row>(`select id, action, from_status, to_status, reason, create_by, create_time from fin_statement_event where statement_id = $1 order by id`, [id])).rows;
  const lines = (
    await q.query<Row>(
      `select l.id, l.line_type, l.charge_id, l.waybill_id, l.waybill_code, l.charge_type_code, l.event_date::text, l.amount::text, l.tax_rate::text, l.adjusts_line_id, l.dispute_status,
              l.dispute_reason, l.proposed_amount::text, l.dispute_file_id, l.resolve_remark, l.remark, l.adjustment_id, l.origin, l.origin_statement_code, l.before_amount::text,
              l.after_amount::text, f.original_name as file_name, f.content_type as file_type
         from fin_statement_line l left join sys_oss f on f.id = l.dispute_file_id where l.statement_id = $1 order by l.id limit 500`,
      [id],
    )
  ).rows;
  return {
    ...headerOf(h),
    events: events.map((e) => ({ id: Number(e.id), action: String(e.action), fromStatus: (e.from_status as string) ?? null, toStatus: (e.to_status as string) ?? null, reason: (e.reason as string) ?? null, createBy: (e.create_by as string) ?? null, createTime: (e.create_time as Date).toISOString() })),
    lines: lines.map((l) => lineOf(l, storage)),
  };
}

/** Disputes lines of a locked statement (each once, none already open) and moves it to DISPUTED; an attachment is one `fileOwner` uploaded. */
export async function disputeLines(q: Queryable, caller: Pick<Caller, 'userName'>, s: Row, list: { lineId: number; reason: string; proposedAmount: string; fileId?: number | null }[], fileOwner = caller.userName): Promise<void> {
  const lines = await linesOf(q, s.id, list.map((l) => l.lineId), 'lines');
  for (const [i, l] of list.entries()) {
    const line = lines.get(l.lineId)!;
    if (line.dispute_status === 'OPEN' || list.findIndex((x) => x.lineId === l.lineId) !== i) throw conflict('messages.settlement.lineNotDisputable', { id: l.lineId });
    // an attachment is one the caller uploaded (another's file id would otherwise be read through the statement)
    if (l.fileId && !(await q.query(`select 1 from sys_oss where id = $1 and create_by = $2`, [l.fileId, fileOwner])).rows.length)
      throw badRequest('messages.settlement.attachmentNotYours', { [`lines.${i}.fileId`]: { key: 'messages.settlement.attachmentNotYours', params: { id: l.fileId } } }, { id: l.fileId });
    await disputeLine(q, caller, l);
  }
  await moveStatement(q, caller, s, 'DISPUTE', 'DISPUTED', list.map((l) => l.reason).join('; ').slice(0, 200), list);
}

/** Confirms a locked statement: its lines are frozen from then on. */
export const confirmStatement = (q: Queryable, caller: Pick<Caller, 'userName'>, s: Row) =>
  moveStatement(q, caller, s, 'CONFIRM', STATEMENT_ACTION_TO.confirm, null, null, `confirmed_by = $3, confirmed_time = now()`);

async function linesOf(q: Queryable, statementId: unknown, ids: number[], field: string): Promise<Map<number, Row>> {
  const rows = (await q.query<Row>(`select * from fin_statement_line where statement_id = $1 and id = any($2::bigint[]) for update`, [statementId, ids])).rows;
  const found = new Map(rows.map((r) => [Number(r.id), r]));
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw badRequest('messages.settlement.lineNotInStatement', { [`${field}.${missing}`]: { key: 'messages.settlement.lineNotInStatement', params: { id: ids[missing] } } }, { id: ids[missing] });
  return found;
}

export function registerSettlementRoutes(app: FastifyInstance, db: Db, storage: Storage): void {
  // a job queued before its center was sent along (an upgrade with jobs waiting) is found by id alone
  const centerOfJob = async (id: number) => Number((await db.query<{ c: number }>(`select dispatch_center_id as c from fin_settle_job where id = $1`, [id])).rows[0]?.c ?? -1);
  void app.jobs.work(GENERATE_JOB, async (data: { jobId: number; dispatchCenterId?: number }) =>
    runJob(db, Number(data.jobId), data.dispatchCenterId == null ? await centerOfJob(Number(data.jobId)) : Number(data.dispatchCenterId)),
  );

  route(app, S.endpoints.generate, async (req) => {
    const caller = requireCaller(req);
    const { kind, period, partyId } = req.body;
    if (!caller.dispatchCenterId) throw badRequest('messages.validationFailed', { dispatchCenterId: { key: 'validation.required' } });
    if (partyId) await getInScope(db, partyDefOf(kind), caller, partyId); // 404 outside the caller's data groups
    const parties = await partiesInScope(db, caller, kind);
    if (!partyId) {
      const job = (await db.query<JobRow>(`insert into fin_settle_job(dispatch_center_id, kind, period, parties, create_by) values ($1, $2, $3, $4, $5) returning *`, [caller.dispatchCenterId, kind, period, parties, caller.userName])).rows[0]!;
      await app.jobs.send(GENERATE_JOB, { jobId: Number(job.id), dispatchCenterId: Number(job.dispatch_center_id) });
      return ok(req, jobAnswer(job), 'messages.settlement.queued');
    }
    const out = await mutate(db, req, { title: 'statement', businessType: 'GENERATE' }, async (q) => {
      const job = (await q.query<JobRow>(`insert into fin_settle_job(dispatch_center_id, kind, period, party_id, status, create_by) values ($1, $2, $3, $4, 'RUNNING', $5) returning *`, [caller.dispatchCenterId, kind, period, partyId, caller.userName])).rows[0]!;
      try {
        const r = await generateStatements(q, { jobId: Number(job.id), centerId: caller.dispatchCenterId!, kind, period, partyId, by: caller.userName, parties });
        const done = (await q.query<JobRow>(`update fin_settle_job set status = 'DONE', created_count = $2, line_count = $3, finish_time = now() where id = $1 and dispatch_center_id = $4 returning *`, [job.id, r.created, r.lines, job.dispatch_center_id])).rows[0]!;
        return { job: done, r };
      } finally {
        progress.delete(Number(job.id));
      }
    });
    return ok(req, jobAnswer(out.job, out.r.statementIds), 'messages.settlement.generated', { count: out.r.created, lines: out.r.lines });
  });

  route(app, S.endpoints.job, async (req) => {
    const caller = requireCaller(req);
    const job = (await db.query<JobRow>(`select * from fin_settle_job where id = $1 and dispatch_center_id = $2`, [req.params.id, caller.dispatchCenterId ?? -1])).rows[0];
    if (!job) throw notFound();
    return ok(req, jobAnswer(job));
  });

  route(app, S.endpoints.detail, async (req) => {
    const caller = requireCaller(req);
    const s = await getInScope(db, statementDef, caller, req.params.id);
    return ok(req, await statementDetail(db, { id: req.params.id, dispatch_center_id: s.dispatch_center_id }, storage));
  });

  for (const action of ['send', 'confirm'] as const) {
    route(app, S.endpoints[action], async (req) => {
      const caller = requireCaller(req);
      const data = await mutate(db, req, { title: 'statement', businessType: action.toUpperCase() }, async (q) => {
        const s = await lockStatement(q, req, caller, req.body.id, req.body.version, action);
        await moveStatement(q, caller, s, action.toUpperCase(), STATEMENT_ACTION_TO[action], null, null, action === 'send' ? 'sent_time = now()' : `confirmed_by = $3, confirmed_time = now()`);
        // the client is told (notifications and webhooks, issue 17), in this transaction
        if (action === 'send') await app.events.emit({ q, caller, now: new Date() }, 'statement.sent', { dispatchCenterId: Number(s.dispatch_center_id), statementIds: [Number(s.id)] });
        return statementAnswer(q, s);
      });
      return ok(req, data, `messages.settlement.${action}Ok`);
    });
  }

  route(app, S.endpoints.dispute, async (req) => {
    const caller = requireCaller(req);
    const data = await mutate(db, req, { title: 'statement', businessType: 'DISPUTE' }, async (q) => {
      const s = await lockStatement(q, req, caller, req.body.id, req.body.version, 'dispute');
      await disputeLines(q, caller, s, req.body.lines);
      return statementAnswer(q, s);
    });
    return ok(req, data, 'messages.settlement.disputeOk');
  });

  route(app, { ...S.endpoints.disputeFile, config: { upload: ATTACHMENT_MAX } }, async (req) => {
    const caller = requireCaller(req);
    return ok(req, await uploadDisputeFile(req, db, storage, caller.userName));
  });

  route(app, S.endpoints.resolve, async (req) => {
    const caller = requireCaller(req);
    const data = await mutate(db, req, { title: 'statement', businessType: 'RESOLVE' }, async (q) => {
      const s = await lockStatement(q, req, caller, req.body.id, req.body.version, 'resolve');
      const lines = await linesOf(q, s.id, req.body.decisions.map((d) => d.lineId), 'decisions');
      for (const d of req.body.decisions) {
        const line = lines.get(d.lineId)!;
        if (line.dispute_status !== 'OPEN') throw conflict('messages.settlement.notDisputed', { id: d.lineId });
        await q.query(`update fin_statement_line set dispute_status = $2, resolve_by = $3, resolve_time = now(), resolve_remark = $4, update_by = $3, update_time = now(), version = version + 1 where id = $1`, [
          d.lineId, d.accept ? 'ACCEPTED' : 'REJECTED', caller.userName, d.remark,
        ]);
        // the proposed amount is what the line should come to: earlier accepted adjustments of it count
        const adjusted = (await q.query<{ a: string }>(`select coalesce(sum(amount), 0)::text as a from fin_statement_line where adjusts_line_id = $1`, [d.lineId])).rows[0]!.a;
        const diff = new Decimal(String(line.proposed_amount)).minus(String(line.amount)).minus(adjusted);
        if (d.accept && !diff.isZero())
          await q.query(
            `insert into fin_statement_line(statement_id, line_type, waybill_id, waybill_code, charge_type_code, event_date, amount, tax_rate, adjusts_line_id, remark, create_by)
             select statement_id, 'ADJUSTMENT', waybill_id, waybill_code, charge_type_code, event_date, $2, tax_rate, id, left(dispute_reason, 200), $3 from fin_statement_line where id = $1`,
            [d.lineId, diff.toFixed(2), caller.userName],
          );
      }
      await refreshTotals(q, Number(s.dispatch_center_id), [Number(s.id)]);
      const open = (await q.query<{ n: number }>(`select count(*)::int as n from fin_statement_line where statement_id = $1 and dispute_status = 'OPEN'`, [s.id])).rows[0]!.n;
      await moveStatement(q, caller, s, 'RESOLVE', open ? null : 'ADJUSTED', null, req.body.decisions);
      return statementAnswer(q, s);
    });
    return ok(req, data, 'messages.settlement.resolveOk');
  });

  route(app, S.endpoints.void, async (req) => {
    const caller = requireCaller(req);
    const data = await mutate(db, req, { title: 'statement', businessType: 'VOID' }, async (q) => {
      const s = await lockStatement(q, req, caller, req.body.id, req.body.version, 'void');
      // invoiced in part, either way round (a statement of credits is invoiced below 0)
      if (!new Decimal(String(s.invoiced_amount)).isZero()) throw conflict('messages.settlement.voidInvoiced', { code: s.code });
      await q.query(`update fin_statement_line set released = true where statement_id = $1`, [s.id]);
      await moveStatement(q, caller, s, 'VOID', 'VOID', req.body.reason, null, 'void_time = now()');
      await q.query(`update fin_statement set void_reason = $2 where id = $1 and dispatch_center_id = $3`, [s.id, req.body.reason, s.dispatch_center_id]);
      return statementAnswer(q, s);
    });
    return ok(req, data, 'messages.settlement.voidOk');
  });

  route(app, S.endpoints.removeLines, async (req) => {
    const caller = requireCaller(req);
    const data = await mutate(db, req, { title: 'statement', businessType: 'REMOVE_LINES' }, async (q) => {
      const s = await lockStatement(q, req, caller, req.body.id, req.body.version, 'removeLines');
      await linesOf(q, s.id, req.body.lineIds, 'lineIds');
      await q.query(`delete from fin_statement_line where adjusts_line_id = any($1::bigint[])`, [req.body.lineIds]);
      await q.query(`delete from fin_statement_line where id = any($1::bigint[])`, [req.body.lineIds]);
      await refreshTotals(q, Number(s.dispatch_center_id), [Number(s.id)]);
      await moveStatement(q, caller, s, 'REMOVE_LINES', null, null, { lineIds: req.body.lineIds });
      return statementAnswer(q, s);
    });
    return ok(req, data, 'messages.settlement.removeLinesOk');
  });
}
