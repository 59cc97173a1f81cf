/**
 * Three-way check of payable statements and the statement PDF (issue 15): the carrier's statement (.xlsx, from
 * the downloadable template) against a sent statement — within the contract's tolerance (2 % or 50.00, either)
 * the statement is confirmed at once; a row outside it disputes its line with the claimed amount; rows matching
 * no line and lines missing from the claim are answered with translated messages; a later check of the adjusted
 * statement counts the accepted adjustments. Refused: the wrong state, a receivable statement, a stale version,
 * a bad file, rows in error (nothing changes). The PDF in two languages (its text read back), the data scope
 * (404) and the permissions (403).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { carrierClaimResource } from '@tms/domain';
import { centerId, createUser, rand, type Json } from './helpers.ts';
import { ctx, upload, useServer, workbook, XLSX, zh } from './resource-kit.ts';
import { partyStatement, pdfText, statementDetail, unstatedStaysExact } from './finance-kit.ts';
import { translate } from '../src/platform/i18n.ts';
import { fieldLabel } from '../src/platform/excel.ts';
import { makeWaybill } from './waybills-fixtures.ts';

useServer();
unstatedStaysExact();

const en = (key: string, params?: Record<string, unknown>) => translate('en-US', key, params);
const one = async (sql: string, params: unknown[] = []) => (await ctx.s.db.query<Json>(sql, params)).rows[0]!;
const api = (method: string, path: string, body?: unknown, lang = 'zh-CN') => ctx.s.api(method, `/api/finance/${path}`, { token: ctx.admin, body, headers: { lang } });
const detail = statementDetail;

let center = 0;
const waybills: { id: number; code: string }[] = [];
let dispatchOrder = { id: 0, code: '' };
beforeAll(async () => {
  center = await centerId(ctx.s.db, 'SH01');
  for (let i = 0; i < 3; i++) {
    const w = await makeWaybill(ctx.s.db);
    waybills.push({ id: w.waybillId, code: (await one(`select code from tms_waybill where id = $1`, [w.waybillId])).code });
  }
  const code = `T-DO-${rand(8)}`;
  dispatchOrder = { id: (await one(`insert into tms_shipment(dispatch_center_id, shipment_code, status, create_by) values ($1, $2, 'OPEN', 'test') returning id`, [center, code])).id, code };
});

interface Charge {
  waybill: number;
  type?: string;
  amount: string;
  dispatchOrder?: boolean;
}

/** A new carrier (or client) with an effective contract (tolerance 2 % or 50.00) and a sent statement of January 2026 with these charges. */
const sentStatement = (charges: Charge[], opts: { kind?: 'PAYABLE' | 'RECEIVABLE'; send?: boolean; name?: string } = {}): Promise<Json> =>
  partyStatement(center, charges.map((c) => ({ waybillId: waybills[c.waybill]!.id, dispatchOrderId: c.dispatchOrder ? dispatchOrder.id : undefined, type: c.type, amount: c.amount })), opts);

const claimHeaders = (lang: 'zh-CN' | 'en-US') => carrierClaimResource.fields.map((f) => fieldLabel(carrierClaimResource, f, lang));
/** The carrier's statement: rows of [waybill code, dispatch order code, charge type, claimed amount]. */
const claim = (rows: unknown[][], lang: 'zh-CN' | 'en-US' = 'zh-CN') => workbook(claimHeaders(lang), rows);
const threeWay = async (s: Json, file: Buffer, lang = 'zh-CN', version = s.version as number, token = ctx.admin) =>
  ctx.s.api('POST', '/api/finance/statement/threeWay', { token, query: { id: s.id, version }, body: upload(file), headers: { lang } });
const W = (i: number) => waybills[i]!.code;
const lineOf = (d: Json, waybill: number, type = 'FREIGHT') => d.lines.find((l: Json) => l.lineType === 'CHARGE' && l.waybillCode === W(waybill) && l.chargeTypeCode === type);

describe('three-way check', () => {
  it('a claim within the tolerance (2 % or 50.00) on every line, filled in the downloaded template, confirms the statement at once', async () => {
    const s = await sentStatement([
      { waybill: 0, amount: '1000.00' },
      { waybill: 1, amount: '100.00' },
      { waybill: 2, type: 'FUEL', amount: '10.00', dispatchOrder: true },
    ]);
    const tpl = await ctx.s.api('GET', '/api/finance/statement/claimTemplate', { token: ctx.admin, headers: { lang: 'zh-CN' } });
    expect(tpl.status).toBe(200);
    expect(tpl.headers.get('content-type')).toContain(XLSX);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.body as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(claimHeaders('zh-CN'));
    // 19.99 off 1000.00 is within 2 %; 50.00 off 100.00 within the absolute 50.00; the fuel line named by its dispatch order only
    ws.addRow([W(0), null, 'FREIGHT', 1019.99]);
    ws.addRow([W(1), null, null, '150.00']);
    ws.addRow([null, dispatchOrder.code, 'FUEL', 10]);
    const r = await threeWay(s, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const data = r.json.data;
    expect(data).toMatchObject({ confirmed: true, disputed: [], unmatchedRows: [], missingLines: [] });
    expect(data.matched.map((m: Json) => [m.rowNum, m.ours, m.claim, m.diff])).toEqual([[2, '1000.00', '1019.99', '19.99'], [3, '100.00', '150.00', '50.00'], [4, '10.00', '10.00', '0.00']]);
    expect(r.json.msg).toBe(zh('messages.settlement.threeWay.confirmed', { matched: 3 }));
    const d = await detail(s.id);
    expect(d).toMatchObject({ status: 'CONFIRMED', totalAmount: '1110.00', version: s.version + 1 });
    expect(d.lines.every((l: Json) => l.disputeStatus === null)).toBe(true);
    expect(d.events.at(-1)).toMatchObject({ action: 'THREE_WAY', fromStatus: 'SENT', toStatus: 'CONFIRMED', createBy: 'admin' });
  });

  it('a line outside the tolerance is disputed with the claim as proposed amount; unmatched rows and missing lines are answered, translated; the adjusted statement checked again is confirmed', async () => {
    const s = await sentStatement([
      { waybill: 0, amount: '1000.00' },
      { waybill: 1, amount: '200.00' },
      { waybill: 2, amount: '300.00' },
    ]);
    const file = await claim([[W(0), null, null, '1000.00'], [W(1), null, 'FREIGHT', '260.00'], ['NO-SUCH-WAYBILL', null, null, '5.00'], [W(0), null, null, '1000.00']], 'en-US');
    const r = await threeWay(s, file, 'en-US');
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const data = r.json.data;
    const w1 = lineOf(s, 1);
    expect(data.confirmed).toBe(false);
    expect(data.matched.map((m: Json) => m.rowNum)).toEqual([2]);
    // 60.00 off 200.00: above 2 % (4.00) and above 50.00
    expect(data.disputed).toEqual([expect.objectContaining({ rowNum: 3, lineIds: [w1.id], ours: '200.00', claim: '260.00', diff: '60.00', disputeLineId: w1.id, proposed: '260.00' })]);
    expect(data.unmatchedRows.map((u: Json) => [u.rowNum, u.message])).toEqual([
      [4, en('messages.settlement.threeWay.noLine', { code: 'NO-SUCH-WAYBILL' })],
      [5, en('messages.settlement.threeWay.taken', { code: W(0) })],
    ]);
    expect(data.missingLines).toEqual([expect.objectContaining({ lineId: lineOf(s, 2).id, waybillCode: W(2), amount: '300.00', message: en('messages.settlement.threeWay.missing') })]);
    expect(r.json.msg).toBe(en('messages.settlement.threeWay.done', { matched: 1, disputed: 1, unmatched: 2, missing: 1 }));
    expect(data.statement).toMatchObject({ status: 'DISPUTED', version: s.version + 1 });
    const d = await detail(s.id);
    expect(lineOf(d, 1)).toMatchObject({ disputeStatus: 'OPEN', proposedAmount: '260.00', disputeReason: en('messages.settlement.threeWay.claimReason', { claim: '260.00', code: `${W(1)} (FREIGHT)` }), amount: '200.00' });
    expect(lineOf(d, 0).disputeStatus).toBeNull();

    // the dispute accepted (an adjustment line of 60.00), the claim checked again: 260.00 is now our amount too
    const res = await api('POST', 'statement/resolve', { id: d.id, version: d.version, decisions: [{ lineId: w1.id, accept: true }] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'ADJUSTED', totalAmount: '1560.00' });
    const again = await threeWay(res.json.data, await claim([[W(0), null, null, '1000.00'], [W(1), null, null, '260.00'], [W(2), null, null, '301.00']]));
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.data).toMatchObject({ confirmed: true, statement: { status: 'CONFIRMED', totalAmount: '1560.00' } });
    expect(again.json.data.matched.map((m: Json) => m.ours)).toEqual(['1000.00', '260.00', '300.00']);
  });

  it('a line already adjusted and disputed again: the proposed amount is what the line comes to, accepting it adjusts by the rest only', async () => {
    const s = await sentStatement([{ waybill: 0, amount: '200.00' }]);
    const first = await threeWay(s, await claim([[W(0), null, null, '260.00']]));
    const line = first.json.data.disputed[0].disputeLineId;
    const res = await api('POST', 'statement/resolve', { id: s.id, version: first.json.data.statement.version, decisions: [{ lineId: line, accept: true }] });
    expect(res.json.data).toMatchObject({ status: 'ADJUSTED', totalAmount: '260.00' });
    const second = await threeWay(res.json.data, await claim([[W(0), null, null, '400.00']]));
    expect(second.json.data.disputed).toEqual([expect.objectContaining({ ours: '260.00', claim: '400.00', diff: '140.00', proposed: '400.00' })]);
    const again = await api('POST', 'statement/resolve', { id: s.id, version: second.json.data.statement.version, decisions: [{ lineId: line, accept: true }] });
    expect(again.json.data).toMatchObject({ status: 'ADJUSTED', chargeAmount: '200.00', adjustAmount: '200.00', totalAmount: '400.00' });
    expect((await detail(s.id)).lines.filter((l: Json) => l.lineType === 'ADJUSTMENT').map((l: Json) => l.amount)).toEqual(['60.00', '140.00']);
  });

  it('refuses the wrong state and a receivable statement (translated), a stale version (409), a bad file and rows in error (400): nothing changes', async () => {
    const draft = await sentStatement([{ waybill: 0, amount: '10.00' }], { send: false });
    const ok = await claim([[W(0), null, null, '10.00']]);
    const wrong = await threeWay(draft, ok);
    expect(wrong.status).toBe(409);
    expect(wrong.json.msg).toBe(zh('messages.settlement.wrongStatus', { code: draft.code, status: zh('dicts.fin_statement_status.DRAFT'), action: zh('messages.settlement.actions.threeWay') }));
    const wrongEn = await threeWay(draft, ok, 'en-US');
    expect(wrongEn.json.msg).toBe(en('messages.settlement.wrongStatus', { code: draft.code, status: en('dicts.fin_statement_status.DRAFT'), action: en('messages.settlement.actions.threeWay') }));

    const receivable = await sentStatement([{ waybill: 0, amount: '10.00' }], { kind: 'RECEIVABLE' });
    const rec = await threeWay(receivable, ok);
    expect(rec.status).toBe(409);
    expect(rec.json.msg).toBe(zh('messages.settlement.threeWay.payableOnly', { code: receivable.code }));

    const s = await sentStatement([{ waybill: 0, amount: '10.00' }]);
    const stale = await threeWay(s, ok, 'zh-CN', s.version - 1);
    expect(stale.status).toBe(409);
    expect(stale.json.msg).toBe(zh('messages.settlement.stale', { code: s.code }));

    const junk = await threeWay(s, Buffer.from('this is not a workbook'));
    expect(junk.status).toBe(400);
    expect(junk.json.errors.file).toBe(zh('validation.invalid'));
    const empty = await threeWay(s, await claim([]));
    expect(empty.status).toBe(400);
    expect(empty.json.msg).toBe(zh('messages.importNoRows'));
    const bad = await threeWay(s, await claim([[W(0), null, null, '10.00'], [W(0), null, null, '12.345'], [null, null, 'FREIGHT', '1.00'], [W(0), null, null, null]]), 'en-US');
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe(en('messages.settlement.threeWay.badRows', { rows: '3, 4, 5' }));
    expect(bad.json.data.rows).toEqual([
      { rowNum: 3, errors: { claimAmount: en('validation.money') } },
      { rowNum: 4, errors: { waybillCode: en('messages.settlement.threeWay.noCode') } },
      { rowNum: 5, errors: { claimAmount: expect.any(String) } },
    ]);
    for (const x of [draft, receivable, s]) expect(await detail(x.id)).toMatchObject({ status: x.status, version: x.version });
  });
});

describe('statement PDF', () => {
  // Carriers and clients with no document language (base_carrier / base_client doc_lang, party-language.test.ts):
  // the document is in the request's language (the `lang` header, `?lang=`, else Accept-Language), the language of
  // the user who prints it for the party.

  it('renders the statement as PDF from its STATEMENT print template in the request language (Accept-Language or ?lang): its number, party, lines and total amount on the page', async () => {
    const s = await sentStatement([{ waybill: 0, amount: '1234.56' }, { waybill: 1, type: 'FUEL', amount: '0.01' }], { name: `华东承运 ${rand(4)}` });
    const pdfOf = async (lang: string, how: 'accept' | 'query') => {
      const r = await ctx.s.api('GET', `/api/finance/statement/pdf/${s.id}`, { token: ctx.admin, ...(how === 'accept' ? { headers: { 'accept-language': `${lang},en;q=0.5` } } : { query: { lang } }) });
      expect(r.status, r.body.toString('utf8').slice(0, 300)).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      expect(r.headers.get('content-disposition')).toContain(`${s.code}.pdf`);
      expect(r.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      return pdfText(r.body);
    };
    const pdf = (lang: 'zh-CN' | 'en-US', k: string) => translate(lang, `messages.settlement.pdf.${k}`);
    for (const [lang, how] of [['zh-CN', 'accept'], ['en-US', 'query']] as const) {
      const text = await pdfOf(lang, how);
      expect(text).toContain(pdf(lang, 'title'));
      // the seeded STATEMENT template: a label, then its value in the next cell
      expect(text).toMatch(new RegExp(`${pdf(lang, 'code')}\\s*${s.code}`));
      expect(text).toMatch(new RegExp(`${pdf(lang, 'party')}\\s*${s.partyName}`));
      expect(text).toMatch(new RegExp(`${pdf(lang, 'status')}\\s*${translate(lang, 'dicts.fin_statement_status.SENT')}`));
      expect(text).toContain(W(0));
      expect(text).toContain('1234.56');
      expect(text).toMatch(new RegExp(`${pdf(lang, 'totalAmount')}\\s*1234\\.57 CNY`));
    }
    expect(await pdfOf('en-US', 'query')).not.toContain(pdf('zh-CN', 'title'));
    // another STATEMENT template, as the print dialog offers it: the PDF is that template filled in
    const tpl = (await ctx.s.db.query<{ id: number }>(`insert into base_print_template(code, name, type, is_default, content, create_by) values ($1, 'PDF', 'STATEMENT', false, $2, 'test') returning id`, [
      `TPL-${rand(6)}`, '<h2 style="text-align:center">自定义对账单 {{code}}</h2><table border="1"><tr><th>金额</th><td style="text-align:right">{{totalAmount}}</td></tr></table><p>{{#lines}}{{waybillCode}} {{/lines}}</p>',
    ])).rows[0]!.id;
    const custom = await ctx.s.api('GET', `/api/finance/statement/pdf/${s.id}`, { token: ctx.admin, query: { templateId: String(tpl) } });
    expect(custom.status).toBe(200);
    const text = await pdfText(custom.body);
    expect(text).toContain(`自定义对账单 ${s.code}`);
    expect(text).toMatch(/金额\s*1234\.57/);
    expect(text).toContain(W(1));
    expect(text).not.toContain(pdf('zh-CN', 'chargeAmount'));
  });

  it('outside the caller\'s data scope answers 404; without the permission 403', async () => {
    const s = await sentStatement([{ waybill: 0, amount: '10.00' }]);
    const perms = ['finance:statement:query', 'finance:statement:export', 'finance:statement:threeWay'];
    const elsewhere = await createUser(ctx.s.db, { perms, centers: ['BJ01'] });
    const readOnly = await createUser(ctx.s.db, { perms: ['finance:statement:query'] });
    const [far, ro] = [await ctx.s.login(elsewhere.userName, elsewhere.password), await ctx.s.login(readOnly.userName, readOnly.password)];
    const file = await claim([[W(0), null, null, '10.00']]);
    const pdf = (token: string) => ctx.s.api('GET', `/api/finance/statement/pdf/${s.id}`, { token });
    expect((await pdf(far)).status).toBe(404);
    expect((await pdf(far)).json.msg).toBe(zh('messages.notFound'));
    expect((await threeWay(s, file, 'zh-CN', s.version, far)).status).toBe(404);
    expect((await pdf(ro)).status).toBe(403);
    expect((await threeWay(s, file, 'zh-CN', s.version, ro)).status).toBe(403);
    expect((await ctx.s.api('GET', '/api/finance/statement/claimTemplate', { token: ro })).status).toBe(403);
    expect(await detail(s.id)).toMatchObject({ status: 'SENT', version: s.version });
  });
});
