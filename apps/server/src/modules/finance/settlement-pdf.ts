/**
 * A statement printed (HTML) or saved as PDF (issue 15) from a STATEMENT print template, in the party's language: the
 * document language of the client (receivable) or the carrier (payable), base_client / base_carrier `doc_lang`
 * (migration 0088), else the request language (the `lang` header, `?lang=`, else Accept-Language) of the user who
 * prints it (apps/server/test/finance-threeway.test.ts and party-language.test.ts read the text back). The template
 * gets the header (number, kind, party, period, status, currency), every line (charges and adjustment lines, with
 * their disputes and sources) and the totals, amounts as the exact decimals stored; the PDF is the same HTML laid out
 * by platform/html-pdf.ts. The document's Subject is the statement number. Scoped like the statement (404 outside);
 * the portal prints its client's own statements through the same functions. The Excel export stays in the caller's.
 */
import type { FastifyInstance } from 'fastify';
import Mustache from 'mustache';
import dayjs from 'dayjs';
import { LANGS, SettlementApi as S } from '@tms/domain';
import { getManyInScope } from '../../platform/resource-engine.ts';
import { mutate } from '../../platform/audit.ts';
import { ok } from '../../platform/http.ts';
import { printDocument, printerOf, printOptions, templateOf } from '../order/print.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import { centerOf, requireCaller } from '../../platform/auth.ts';
import { translate, type Lang } from '../../platform/i18n.ts';
import { route } from '../../platform/contract.ts';
import { htmlPdf } from '../../platform/html-pdf.ts';
import { badRequest } from '../../platform/errors.ts';
import { getInScope, type Row } from '../../platform/resource-engine.ts';
import { statementAnswer, statementDef, statusText } from './settlement.ts';

/** A line's note: its dispute, where a re-rating difference came from, or its remark. */
function lineNote(lang: Lang, l: Row): string {
  if (l.dispute_status) return `${translate(lang, `dicts.fin_dispute_status.${String(l.dispute_status)}`)} ${l.proposed_amount ?? ''} ${l.dispute_reason ?? ''}`.trim();
  if (l.origin === 'RERATE') return translate(lang, 'messages.settlement.pdf.rerate', { code: l.origin_statement_code ?? '', before: l.before_amount ?? '', after: l.after_amount ?? '' });
  return (l.remark as string) ?? '';
}

const LINE_SELECT = `select line_type, waybill_code, charge_type_code, event_date::text, amount::text, tax_rate::text, dispute_status, dispute_reason, proposed_amount::text, remark,
         origin, origin_statement_code, before_amount::text, after_amount::text
    from fin_statement_line where statement_id = $1 order by coalesce(adjusts_line_id, id), id`;

/** The seeded STATEMENT print template (baseinfo seed): its labels come in the statement's language ({{t.*}}). */
export const STATEMENT_TEMPLATE = `<div style="font-family:sans-serif;padding:16px">
  <h2 style="text-align:center">{{t.title}}</h2>
  <table style="width:100%;border-collapse:collapse" border="1" cellpadding="6">
    <tr><th style="width:20%;text-align:left">{{t.code}}</th><td>{{code}}</td><th style="width:20%;text-align:left">{{t.kind}}</th><td>{{kindLabel}}</td></tr>
    <tr><th style="text-align:left">{{t.party}}</th><td>{{partyName}}</td><th style="text-align:left">{{t.period}}</th><td>{{period}} ({{periodFrom}} – {{periodTo}})</td></tr>
    <tr><th style="text-align:left">{{t.status}}</th><td>{{statusLabel}}</td><th style="text-align:left">{{t.currency}}</th><td>{{currency}}</td></tr>
  </table>
  <h3>{{t.lines}}</h3>
  <table style="width:100%;border-collapse:collapse" border="1" cellpadding="4">
    <tr><th>{{t.no}}</th><th>{{t.lineType}}</th><th>{{t.waybill}}</th><th>{{t.chargeType}}</th><th>{{t.eventDate}}</th><th>{{t.amount}}</th><th>{{t.taxRate}}</th><th>{{t.dispute}}</th></tr>
    {{#lines}}<tr><td>{{index}}</td><td>{{lineTypeLabel}}</td><td>{{waybillCode}}</td><td>{{chargeTypeCode}}</td><td>{{eventDate}}</td><td style="text-align:right">{{amount}}</td><td>{{taxRate}}</td><td>{{note}}</td></tr>{{/lines}}
  </table>
  <table style="margin-left:auto;margin-top:12px" cellpadding="4">
    <tr><th style="text-align:right">{{t.chargeAmount}}</th><td style="text-align:right">{{chargeAmount}} {{currency}}</td></tr>
    <tr><th style="text-align:right">{{t.adjustAmount}}</th><td style="text-align:right">{{adjustAmount}} {{currency}}</td></tr>
    <tr><th style="text-align:right">{{t.totalAmount}}</th><td style="text-align:right"><b>{{totalAmount}} {{currency}}</b></td></tr>
    <tr><th style="text-align:right">{{t.invoicedAmount}}</th><td style="text-align:right">{{invoicedAmount}} {{currency}}</td></tr>
    <tr><th style="text-align:right">{{t.paidAmount}}</th><td style="text-align:right">{{paidAmount}} {{currency}}</td></tr>
    <tr><th style="text-align:right">{{t.openAmount}}</th><td style="text-align:right">{{openAmount}} {{currency}}</td></tr>
  </table>
  <p style="text-align:right">{{t.generated}}：{{printTime}} · {{t.printer}}：{{printerName}}</p>
</div>`;

const PDF_LABELS = ['title', 'code', 'kind', 'party', 'period', 'status', 'currency', 'lines', 'no', 'lineType', 'waybill', 'chargeType', 'eventDate', 'amount', 'taxRate', 'dispute',
  'chargeAmount', 'adjustAmount', 'totalAmount', 'invoicedAmount', 'paidAmount', 'openAmount', 'generated', 'printer'] as const;

/**
 * The language a statement prints in: the document language of its party (the client of a receivable statement, the
 * carrier of a payable one) when set, else `lang`, the printing user's.
 */
export async function statementLang(q: Queryable, h: { kind: string; clientId: number | null; carrierId: number | null }, lang: Lang): Promise<Lang> {
  const [table, id] = h.kind === 'RECEIVABLE' ? ['base_client', h.clientId] : ['base_carrier', h.carrierId];
  if (id === null) return lang;
  const v = (await q.query<{ doc_lang: string | null }>(`select doc_lang from ${table} where id = $1`, [id])).rows[0]?.doc_lang;
  return LANGS.find((l) => l === v) ?? lang;
}

/**
 * Statements filled into a STATEMENT print template (Mustache, values HTML-escaped), one page each in its party's
 * language (statementLang; `lang` for a party with none): the header's fields, the labels ({{t.title}},
 * {{t.code}}…), every line with its note, the totals. `templateId` null: the default STATEMENT template.
 */
export async function printStatements(q: Queryable, center: number, ids: number[], templateId: number | null, printerName: string, lang: Lang, now: Date): Promise<{ html: string; printed: number }> {
  const template = await templateOf(q, templateId ?? (await defaultTemplate(q)), 'STATEMENT');
  const labels = (l: Lang) => Object.fromEntries(PDF_LABELS.map((k) => [k, translate(l, `messages.settlement.pdf.${k}`)]));
  const pages: string[] = [];
  for (const id of ids) {
    const h = await statementAnswer(q, { id, dispatch_center_id: center });
    const docLang = await statementLang(q, h, lang);
    const lines = (await q.query<Row>(LINE_SELECT, [id])).rows.map((l, i) => ({
      index: i + 1, lineTypeLabel: translate(docLang, `dicts.fin_statement_line_type.${String(l.line_type)}`), waybillCode: l.waybill_code, chargeTypeCode: l.charge_type_code,
      eventDate: l.event_date, amount: l.amount, taxRate: l.tax_rate === null ? '' : `${l.tax_rate}%`, note: lineNote(docLang, l),
    }));
    const view = { ...h, t: labels(docLang), kindLabel: translate(docLang, `dicts.fin_contract_kind.${h.kind}`), statusLabel: statusText(docLang, h.status), lines, printerName, printTime: dayjs(now).format('YYYY-MM-DD HH:mm:ss') };
    // the page says its language (a browser picks the Chinese glyphs of zh-CN or zh-TW by it; a screen reader its voice)
    pages.push(`<div lang="${docLang}">${Mustache.render(template.content, view)}</div>`);
  }
  return { html: printDocument(template.name, pages), printed: pages.length };
}

/** The default enabled STATEMENT template (400 naming templateId when there is none). */
async function defaultTemplate(q: Queryable): Promise<number> {
  const id = (await printOptions(q, 'STATEMENT')).templates[0]?.id;
  if (id === undefined) throw badRequest('messages.validationFailed', { templateId: { key: 'validation.required' } });
  return Number(id);
}

/** A statement as PDF: its STATEMENT template (the default one unless `templateId`) laid out as PDF, in its party's language, else in `lang`. */
export async function statementPdf(q: Queryable, center: number, id: number, templateId: number | null, lang: Lang, now: Date): Promise<{ code: string; pdf: Buffer }> {
  const h = await statementAnswer(q, { id, dispatch_center_id: center });
  const { html } = await printStatements(q, center, [id], templateId, 'PDF', lang, now);
  const title = translate(await statementLang(q, h, lang), 'messages.settlement.pdf.title');
  return { code: h.code, pdf: await htmlPdf(html, { Title: `${title} ${h.code}`, Subject: h.code }) };
}

export function registerStatementPdfRoute(app: FastifyInstance, db: Db, clock: Clock): void {
  route(
    app,
    S.endpoints.pdf,
    async (req, reply) => {
      const s = await getInScope(db, statementDef, requireCaller(req), req.params.id);
      const { code, pdf } = await statementPdf(db, Number(s.dispatch_center_id), req.params.id, req.query.templateId ?? null, req.lang, clock.now());
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${encodeURIComponent(code)}.pdf"`).send(pdf);
    },
  );
}

export function registerStatementPrintRoutes(app: FastifyInstance, db: Db, clock: Clock): void {
  route(app, S.endpoints.print, async (req) => {
    const caller = requireCaller(req);
    const { ids, templateId, printerId } = req.body;
    const done = await mutate(db, req, { title: 'statement', businessType: 'PRINT' }, async (q) => {
      await getManyInScope(q, statementDef, caller, ids); // 404 outside the caller's scope
      return printStatements(q, centerOf(caller), ids, templateId, (await printerOf(q, printerId)).name, req.lang, clock.now());
    });
    return ok(req, done);
  });
  route(app, S.endpoints.printOptions, async (req) => {
    return ok(req, await printOptions(db, 'STATEMENT'));
  });
}
