/**
 * Three-way check of payable statements (issue 15): the carrier's statement, uploaded as .xlsx (its template:
 * GET claimTemplate), against a sent or adjusted payable statement. Each row names a waybill and / or a
 * dispatch order (optionally a charge type) and the amount the carrier claims; it claims those charge lines
 * of the statement (threeWayCheck in @tms/domain). A difference within the tolerance of the lines' contract
 * (settlement terms: percent of our amount OR an absolute amount, either suffices) is accepted; the others
 * become disputes through the ordinary dispute mechanism (reason "carrier claims X", proposed amount from the
 * claim). Rows that claim no line and lines no row claims are answered, never dropped. When every row is
 * within tolerance and nothing is unmatched either way, the statement is confirmed at once; otherwise it is
 * DISPUTED (when a row is outside the tolerance) or stays as it was, with the check in its history.
 * All or nothing, in one transaction; the statement's version is checked (409 when stale).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { carrierClaimResource, SettlementApi as S, threeWayCheck, type ClaimLine, type ClaimRow } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import { requireCaller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { translate, type Lang } from '../../platform/i18n.ts';
import { route } from '../../platform/contract.ts';
import { importTemplate, readImportUpload } from '../../platform/excel.ts';
import { getInScope, type Row } from '../../platform/resource-engine.ts';
import { disputeLine, lockStatement, moveStatement, statementAnswer, statementDef } from './settlement.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MONEY_TEXT = /^-?\d{1,16}(\.\d{1,2})?$/;
const UPLOAD = 20 * 1024 * 1024;
type Result = z.input<typeof S.ThreeWayResult>;

/** The rows of the uploaded sheet; a row without a code or with an amount that is not one refuses the whole file (400). */
async function claimRows(req: FastifyRequest, db: Db): Promise<ClaimRow[]> {
  const caller = requireCaller(req);
  const sheet = await readImportUpload(req, carrierClaimResource, db, caller);
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v).trim());
  for (const r of sheet.rows) {
    const claim = text(r.raw.claimAmount);
    if (claim && !MONEY_TEXT.test(claim)) r.errors.claimAmount ??= translate(req.lang, 'validation.money');
    if (!text(r.raw.waybillCode) && !text(r.raw.dispatchOrderCode)) r.errors.waybillCode ??= translate(req.lang, 'messages.settlement.threeWay.noCode');
  }
  const bad = sheet.rows.filter((r) => Object.keys(r.errors).length);
  if (bad.length) {
    const params = { rows: bad.slice(0, 20).map((r) => r.rowNum).join(', ') };
    throw new AppError(400, 'messages.settlement.threeWay.badRows', params, { file: { key: 'messages.settlement.threeWay.badRows', params } }, { rows: bad.slice(0, 1000).map(({ rowNum, errors }) => ({ rowNum, errors })) });
  }
  return sheet.rows.map((r) => ({ rowNum: r.rowNum, waybillCode: text(r.raw.waybillCode), dispatchOrderCode: text(r.raw.dispatchOrderCode), chargeTypeCode: text(r.raw.chargeTypeCode), claim: new Decimal(text(r.raw.claimAmount)!).toFixed(2) }));
}

/** The statement's charge lines (locked) with their codes, our amount (accepted adjustments included) and their contract's tolerance. */
/** The charge lines of a statement (its row), their charges and dispatch orders in its center. */
async function claimLines(q: Queryable, s: Row): Promise<ClaimLine[]> {
  const rows = (
    await q.query<Row>(
      `select l.id, l.waybill_code, sh.shipment_code, l.charge_type_code, t.tolerance_pct::text, t.tolerance_amount::text,
              (l.amount + coalesce((select sum(a.amount) from fin_statement_line a where a.adjusts_line_id = l.id), 0))::text as amount
         from fin_statement_line l
         left join fin_charge c on c.id = l.charge_id and c.dispatch_center_id = $2
         left join tms_shipment sh on sh.id = c.dispatch_order_id and sh.dispatch_center_id = c.dispatch_center_id
         left join fin_settle_term t on t.contract_id = c.contract_id
        where l.statement_id = $1 and l.line_type = 'CHARGE' order by l.id for update of l`,
      [s.id, s.dispatch_center_id],
    )
  ).rows;
  return rows.map((r) => ({
    id: Number(r.id), waybillCode: (r.waybill_code as string) ?? null, dispatchOrderCode: (r.shipment_code as string) ?? null, chargeTypeCode: (r.charge_type_code as string) ?? null,
    amount: String(r.amount), tolerancePct: (r.tolerance_pct as string) ?? null, toleranceAmount: (r.tolerance_amount as string) ?? null,
  }));
}

/** Checks the claim against the locked statement and acts on it: confirm, dispute, or only record the check. */
async function check(q: Queryable, req: FastifyRequest, s: Row, rows: ClaimRow[], lang: Lang): Promise<Omit<Result, 'statement'>> {
  const caller = requireCaller(req);
  const out = threeWayCheck(await claimLines(q, s), rows);
  const codeOf = (r: ClaimRow) => [r.waybillCode, r.dispatchOrderCode].filter(Boolean).join(' / ') + (r.chargeTypeCode ? ` (${r.chargeTypeCode})` : '');
  const match = (m: (typeof out.matched)[number]) => ({ ...m.row, lineIds: m.lineIds, ours: m.ours, diff: m.diff, disputeLineId: m.disputeLineId, proposed: m.proposed });
  const result = {
    matched: out.matched.filter((m) => m.within).map(match),
    disputed: out.matched.filter((m) => !m.within).map(match),
    unmatchedRows: out.unmatched.map(({ row, reason }) => ({ ...row, message: translate(lang, `messages.settlement.threeWay.${reason}`, { code: codeOf(row) }) })),
    missingLines: out.missing.map((l) => ({ lineId: l.id, waybillCode: l.waybillCode, dispatchOrderCode: l.dispatchOrderCode, chargeTypeCode: l.chargeTypeCode, amount: l.amount, message: translate(lang, 'messages.settlement.threeWay.missing') })),
  };
  const confirmed = out.matched.length > 0 && !result.disputed.length && !result.unmatchedRows.length && !result.missingLines.length;
  const summary = { matched: result.matched.length, disputed: result.disputed.length, unmatched: result.unmatchedRows.length, missing: result.missingLines.length };
  const reason = translate(lang, 'messages.settlement.threeWay.event', summary).slice(0, 200);
  for (const d of result.disputed)
    await disputeLine(q, caller, { lineId: d.disputeLineId!, reason: translate(lang, 'messages.settlement.threeWay.claimReason', { claim: d.claim, code: codeOf(d) }).slice(0, 200), proposedAmount: d.proposed! });
  if (confirmed) await moveStatement(q, caller, s, 'THREE_WAY', 'CONFIRMED', reason, summary, 'confirmed_by = $3, confirmed_time = now()');
  else await moveStatement(q, caller, s, 'THREE_WAY', result.disputed.length ? 'DISPUTED' : null, reason, { ...summary, disputes: result.disputed.map((d) => ({ lineId: d.disputeLineId, claim: d.claim, proposed: d.proposed })) });
  return { confirmed, ...result };
}

export function registerThreeWayRoutes(app: FastifyInstance, db: Db): void {
  route(app, S.endpoints.claimTemplate, async (req, reply) => {
    const buf = await importTemplate(carrierClaimResource, req.lang, db);
    return reply.header('content-type', XLSX).header('content-disposition', 'attachment; filename="carrier-statement-template.xlsx"').send(buf);
  });

  route(
    app,
    { ...S.endpoints.threeWay, config: { upload: UPLOAD } },
    async (req) => {
      const caller = requireCaller(req);
      const { id, version } = req.query;
      await getInScope(db, statementDef, caller, id); // 404 outside the caller's scope, before the file is read
      const rows = await claimRows(req, db);
      const data = await mutate(db, req, { title: 'statement', businessType: 'THREE_WAY' }, async (q) => {
        const s = await lockStatement(q, req, caller, id, version, 'threeWay');
        if (s.kind !== 'PAYABLE') throw conflict('messages.settlement.threeWay.payableOnly', { code: s.code });
        const r = await check(q, req, s, rows, req.lang);
        return { statement: await statementAnswer(q, s), ...r };
      });
      const params = { matched: data.matched.length, disputed: data.disputed.length, unmatched: data.unmatchedRows.length, missing: data.missingLines.length };
      return ok(req, data, data.confirmed ? 'messages.settlement.threeWay.confirmed' : 'messages.settlement.threeWay.done', params);
    },
  );
}
