/**
 * A statement as PDF (issue 15), in the request language (the `lang` header, `?lang=`, else Accept-Language):
 * clients and carriers have no language of their own, so the party's language is the one of the user who
 * prints the statement for it (apps/server/test/finance-threeway.test.ts reads the text back). Its header
 * (number, kind, party, period, status, currency), every line (charges and adjustment lines, with their
 * disputes) and the totals, amounts as the exact decimals stored. The document's Subject is the statement
 * number. Scoped like the statement (404 outside).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SettlementApi as S } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import { requireCaller } from '../../platform/auth.ts';
import { translate, type Lang } from '../../platform/i18n.ts';
import { route } from '../../platform/contract.ts';
import { openPdf, tableRow } from '../../platform/pdf.ts';
import { getInScope, type Row } from '../../platform/resource-engine.ts';
import { statementAnswer, statementDef, statusText } from './settlement.ts';

type Header = Awaited<ReturnType<typeof statementAnswer>>;

/** Renders a statement and its lines; `now` is when it was made. */
export async function statementPdf(h: Header, lines: Row[], lang: Lang, now: Date, timeZone = 'Asia/Shanghai'): Promise<Buffer> {
  const t = (k: string, p?: Record<string, unknown>) => translate(lang, `messages.settlement.pdf.${k}`, p);
  const dict = (type: string, v: unknown) => (v ? translate(lang, `dicts.${type}.${String(v)}`) : '');
  const { doc, done } = await openPdf({ Title: `${t('title')} ${h.code}`, Subject: h.code });

  doc.fontSize(18).text(t('title'), { align: 'center' });
  doc.moveDown(0.6).fontSize(10);
  const pairs: [string, string][] = [
    [t('code'), h.code],
    [t('kind'), dict('fin_contract_kind', h.kind)],
    [t('party'), h.partyName ?? String(h.partyId)],
    [t('period'), `${h.period} (${h.periodFrom} – ${h.periodTo})`],
    [t('status'), statusText(lang, h.status)],
    [t('currency'), h.currency],
  ];
  for (const [k, v] of pairs) doc.text(`${k}：${v}`);

  doc.moveDown().fontSize(12).text(t('lines'));
  doc.moveDown(0.3).fontSize(8);
  const widths = [28, 52, 92, 62, 60, 62, 44, 115];
  const align: ('left' | 'right')[] = ['left', 'left', 'left', 'left', 'left', 'right', 'right', 'left'];
  const head = [t('no'), t('lineType'), t('waybill'), t('chargeType'), t('eventDate'), t('amount'), t('taxRate'), t('dispute')];
  const bottom = () => doc.page.height - doc.page.margins.bottom - 24;
  tableRow(doc, widths, head, { rule: true, align });
  lines.forEach((l, i) => {
    if (doc.y > bottom()) {
      doc.addPage().fontSize(8);
      tableRow(doc, widths, head, { rule: true, align });
    }
    const dispute = l.dispute_status ? `${dict('fin_dispute_status', l.dispute_status)} ${l.proposed_amount ?? ''} ${l.dispute_reason ?? ''}`.trim() : ((l.remark as string) ?? '');
    tableRow(doc, widths, [String(i + 1), dict('fin_statement_line_type', l.line_type), (l.waybill_code as string) ?? '', (l.charge_type_code as string) ?? '', (l.event_date as string) ?? '', String(l.amount), l.tax_rate === null ? '' : `${l.tax_rate}%`, dispute], { align });
  });

  if (doc.y > bottom() - 90) doc.addPage();
  doc.moveDown().fontSize(10);
  const totals: [string, string][] = [
    [t('chargeAmount'), h.chargeAmount],
    [t('adjustAmount'), h.adjustAmount],
    [t('totalAmount'), h.totalAmount],
    [t('invoicedAmount'), h.invoicedAmount],
    [t('paidAmount'), h.paidAmount],
    [t('openAmount'), h.openAmount],
  ];
  for (const [k, v] of totals) tableRow(doc, [380, 135], [k, `${v} ${h.currency}`], { align: ['right', 'right'] });
  doc.fontSize(8).text(`${t('generated')}：${now.toLocaleString(lang, { timeZone, hour12: false })}`, doc.page.margins.left, doc.page.height - doc.page.margins.bottom - 12, { lineBreak: false });
  doc.end();
  return done;
}

export function registerStatementPdfRoute(app: FastifyInstance, db: Db, clock: Clock): void {
  route(
    app,
    {
      method: 'GET', url: '/api/finance/statement/pdf/:id', operationId: 'finance.statement.pdf', tags: ['finance'], permission: 'finance:statement:export',
      summary: 'A statement as PDF in the request language: header, party, period, every line, the adjustments and the totals (exact decimals)',
      params: z.object({ id: S.StatementAction.shape.id }), querystring: S.StatementPdfQuery, response: { binary: ['application/pdf'] },
    },
    async (req, reply) => {
      await getInScope(db, statementDef, requireCaller(req), req.params.id);
      const h = await statementAnswer(db, req.params.id);
      const lines = (
        await db.query<Row>(
          `select line_type, waybill_code, charge_type_code, event_date::text, amount::text, tax_rate::text, dispute_status, dispute_reason, proposed_amount::text, remark
             from fin_statement_line where statement_id = $1 order by coalesce(adjusts_line_id, id), id`,
          [req.params.id],
        )
      ).rows;
      const pdf = await statementPdf(h, lines, req.lang, clock.now());
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${encodeURIComponent(h.code)}.pdf"`).send(pdf);
    },
  );
}
