/**
 * A statement in the party's language (issue 15): a client and a carrier have a document language (base_client /
 * base_carrier doc_lang, migration 0088; field docLang, dictionary doc_lang), one of the product's languages or
 * none. A receivable statement prints (HTML) and saves as PDF in its client's language, a payable one in its
 * carrier's, whoever prints it and in whatever language — the template's labels, the dictionary labels (kind,
 * status, line type) — in the back office and in the portal; with none, in the printing user's language. The Excel
 * export stays in the caller's. The field is set through the generic client / carrier routes, exported as its
 * translated label, imported from it (or the value), and anything but a product language is refused naming the field (and by the
 * database).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { getResource } from '@tms/domain';
import { centerId, rand, type Json } from './helpers.ts';
import { call, ctx, updatable, upload, useServer, workbook, zh } from './resource-kit.ts';
import { partyStatement, pdfText, unstatedStaysExact } from './finance-kit.ts';
import { clientUser } from './portal-kit.ts';
import { makeWaybill } from './waybills-fixtures.ts';
import { translate } from '../src/platform/i18n.ts';
import type { Lang } from '@tms/domain';

useServer();
unstatedStaysExact();

const clientDef = getResource('client');
const carrierDef = getResource('carrier');
const label = (lang: Lang, k: string) => translate(lang, `messages.settlement.pdf.${k}`);

let center = 0;
let waybill = 0;
let waybillCode = '';
beforeAll(async () => {
  center = await centerId(ctx.s.db, 'SH01');
  const w = await makeWaybill(ctx.s.db);
  waybill = w.waybillId;
  waybillCode = (await ctx.s.db.query<{ code: string }>(`select code from tms_waybill where id = $1`, [waybill])).rows[0]!.code;
});

/** A sent statement of a new client (RECEIVABLE) or carrier (PAYABLE) of that language, one freight line of 1234.56. */
const statement = (kind: 'RECEIVABLE' | 'PAYABLE', docLang?: Lang) =>
  partyStatement(center, [{ waybillId: waybill, amount: '1234.56' }], { kind, docLang, name: `华东${kind === 'RECEIVABLE' ? '货主' : '承运'} ${rand(4)}` });

/** The statement's PDF as the administrator gets it in `lang` (the `lang` header): its text. */
async function pdfIn(id: number, lang: Lang): Promise<string> {
  const r = await ctx.s.api('GET', `/api/finance/statement/pdf/${id}`, { token: ctx.admin, headers: { lang } });
  expect(r.status, r.body.toString('utf8').slice(0, 300)).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/pdf');
  return pdfText(r.body);
}

/** The statement's texts of language `lang` (its labels, kind, status, line type) all on the page, and the labels of `not` none. */
function speaks(text: string, s: Json, lang: Lang, not: Lang) {
  expect(text).toContain(label(lang, 'title'));
  expect(text).toMatch(new RegExp(`${label(lang, 'code')}\\s*${s.code}`));
  expect(text).toMatch(new RegExp(`${label(lang, 'party')}\\s*${s.partyName}`));
  expect(text).toMatch(new RegExp(`${label(lang, 'kind')}\\s*${translate(lang, `dicts.fin_contract_kind.${s.kind}`).replace(/[()]/g, '\\$&')}`));
  expect(text).toMatch(new RegExp(`${label(lang, 'status')}\\s*${translate(lang, 'dicts.fin_statement_status.SENT')}`));
  expect(text).toContain(translate(lang, 'dicts.fin_statement_line_type.CHARGE'));
  expect(text).toContain(waybillCode);
  expect(text).toMatch(new RegExp(`${label(lang, 'totalAmount')}\\s*1234\\.56 CNY`));
  for (const k of ['title', 'code', 'chargeAmount', 'totalAmount', 'generated']) expect(text, `${not} ${k}`).not.toContain(label(not, k));
}

describe("a statement in its party's language", () => {
  it('a client of English (US): its receivable statement prints in English for a user working in Chinese, as PDF and as HTML; the Excel export stays in Chinese', async () => {
    const s = await statement('RECEIVABLE', 'en-US');
    speaks(await pdfIn(s.id, 'zh-CN'), s, 'en-US', 'zh-CN');

    const options = await ctx.s.api('GET', '/api/finance/statement/printOptions', { token: ctx.admin });
    expect(options.status).toBe(200);
    const { templates, printers } = options.json.data as { templates: Json[]; printers: Json[] };
    const printed = await ctx.s.api('POST', '/api/finance/statement/print', { token: ctx.admin, headers: { lang: 'zh-CN' }, body: { ids: [s.id], templateId: templates[0].id, printerId: printers[0].id } });
    expect(printed.status, JSON.stringify(printed.json)).toBe(200);
    const html = String(printed.json.data.html);
    expect(html).toContain('lang="en-US"');
    for (const text of [label('en-US', 'title'), label('en-US', 'totalAmount'), 'Receivable (client)', 'Sent', '1234.56']) expect(html).toContain(text);
    expect(html).not.toContain(label('zh-CN', 'totalAmount'));

    const xlsx = await ctx.s.api('GET', '/api/finance/statement/export', { token: ctx.admin, headers: { lang: 'zh-CN' }, query: { code: s.code } });
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const cells = wb.worksheets[0]!.getSheetValues().flat().map(String);
    expect(cells).toContain(translate('zh-CN', 'resources.statement.fields.status'));
    expect(cells).toContain(translate('zh-CN', 'dicts.fin_statement_status.SENT'));
    expect(cells).not.toContain('Sent');
  });

  it("a carrier of Traditional Chinese: its payable statement prints in Traditional Chinese for a user working in English; a party of no language, in the user's", async () => {
    const tw = await statement('PAYABLE', 'zh-TW');
    speaks(await pdfIn(tw.id, 'en-US'), tw, 'zh-TW', 'en-US');
    const none = await statement('PAYABLE');
    speaks(await pdfIn(none.id, 'en-US'), none, 'en-US', 'zh-CN');
    speaks(await pdfIn(none.id, 'zh-CN'), none, 'zh-CN', 'en-US');
    // one print of both: each page in its own party's language
    const options = (await ctx.s.api('GET', '/api/finance/statement/printOptions', { token: ctx.admin })).json.data as { templates: Json[]; printers: Json[] };
    const printed = await ctx.s.api('POST', '/api/finance/statement/print', { token: ctx.admin, headers: { lang: 'en-US' }, body: { ids: [tw.id, none.id], templateId: options.templates[0].id, printerId: options.printers[0].id } });
    expect(printed.status, JSON.stringify(printed.json)).toBe(200);
    const pages = String(printed.json.data.html).split('class="tms-print-page"').slice(1);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('lang="zh-TW"');
    expect(pages[0]).toContain(label('zh-TW', 'totalAmount'));
    expect(pages[1]).toContain('lang="en-US"');
    expect(pages[1]).toContain(label('en-US', 'totalAmount'));
  });

  it("the language set, changed and cleared on the client through its form's route changes the next print; the portal's print and PDF follow it too", async () => {
    const s = await statement('RECEIVABLE');
    const client = (await call('GET', clientDef, `get/${s.clientId}`)).json.data as Json;
    expect(client.docLang).toBeNull();
    const portal = await clientUser(ctx.s, [client.code]);
    const portalPdf = async (lang: Lang) => {
      const r = await ctx.s.api('GET', `/api/portal/statements/${s.id}/pdf`, { token: portal.token, headers: { lang } });
      expect(r.status).toBe(200);
      return pdfText(r.body);
    };
    const portalHtml = async (lang: Lang) => {
      const r = await ctx.s.api('GET', `/api/portal/statements/${s.id}/print`, { token: portal.token, headers: { lang } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return String(r.json.data.html);
    };
    speaks(await portalPdf('zh-CN'), s, 'zh-CN', 'en-US');

    const update = async (version: number, docLang: string | null) => {
      const r = await call('POST', clientDef, 'update', { body: { ...updatable(clientDef, client), id: client.id, version, docLang } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return (await call('GET', clientDef, `get/${client.id}`)).json.data as Json;
    };
    const english = await update(client.version, 'en-GB');
    expect(english.docLang).toBe('en-GB');
    speaks(await pdfIn(s.id, 'zh-CN'), s, 'en-GB', 'zh-CN');
    speaks(await portalPdf('zh-CN'), s, 'en-GB', 'zh-CN');
    expect(await portalHtml('zh-TW')).toContain(label('en-GB', 'totalAmount'));

    const cleared = await update(english.version, null);
    expect(cleared.docLang).toBeNull();
    speaks(await pdfIn(s.id, 'en-US'), s, 'en-US', 'zh-CN');
    expect(await portalHtml('zh-CN')).toContain(label('zh-CN', 'totalAmount'));
  });
});

describe('the document language field', () => {
  it('anything but a product language is refused naming the field, in the request language; the database refuses it too', async () => {
    for (const def of [clientDef, carrierDef]) {
      const body = { code: `DL_${rand(6)}`, name: `lang ${rand(4)}`, docLang: 'fr-FR' };
      for (const lang of ['zh-CN', 'en-US'] as const) {
        const r = await call('POST', def, 'save', { body, headers: { lang } });
        expect(r.status, def.name).toBe(400);
        expect(r.json.msg).toBe(translate(lang, 'messages.validationFailed'));
        expect(r.json.errors).toEqual({ docLang: translate(lang, 'validation.invalid') });
      }
      const made = await call('POST', def, 'save', { body: { ...body, docLang: 'zh-TW' } });
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      expect(made.json.data.docLang).toBe('zh-TW');
      const bad = await call('POST', def, 'update', { body: { ...updatable(def, made.json.data), id: made.json.data.id, version: made.json.data.version, docLang: 'EN' } });
      expect(bad.status).toBe(400);
      expect(bad.json.errors.docLang).toBe(zh('validation.invalid'));
      await expect(ctx.s.db.query(`update ${def.table} set doc_lang = 'fr-FR' where id = $1`, [made.json.data.id])).rejects.toThrow(/doc_lang/);
    }
  });

  it('exported as its label in the caller\'s language, imported from the label of the importer\'s language or the value', async () => {
    const code = `DL_${rand(6)}`;
    expect((await call('POST', clientDef, 'save', { body: { code, name: code, docLang: 'en-US' } })).status).toBe(200);
    for (const [lang, header, value] of [['zh-CN', '语言', '英语（美国）'], ['en-US', 'Document language', 'English (US)']] as const) {
      const r = await call('GET', clientDef, 'export', { headers: { lang }, query: { code } });
      expect(r.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.body as unknown as ArrayBuffer);
      const rows = wb.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
      const i = rows[0]!.indexOf(header);
      expect(i, String(rows[0])).toBeGreaterThan(0);
      expect(rows[1]![i]).toBe(value);
    }
    const codes = [0, 1, 2, 3].map(() => `DL_${rand(6)}`);
    const sheets: [Lang, string[], unknown[][]][] = [
      ['zh-CN', ['货主编码', '货主名称', '语言'], [[codes[0], 'a', '繁体中文'], [codes[1], 'b', null], [codes[2], 'c', 'en-US']]],
      ['en-US', ['Code', 'Name', 'Document language'], [[codes[3], 'd', 'English (UK)']]],
    ];
    for (const [lang, headers, rows] of sheets) {
      const r = await call('POST', clientDef, 'import', { query: { commit: 'true' }, headers: { lang }, body: upload(await workbook(headers, rows)) });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
    const stored = await ctx.s.db.query<{ code: string; doc_lang: string | null }>(`select code, doc_lang from base_client where code = any($1)`, [codes]);
    expect(Object.fromEntries(stored.rows.map((x) => [x.code, x.doc_lang]))).toEqual({ [codes[0]!]: 'zh-TW', [codes[1]!]: null, [codes[2]!]: 'en-US', [codes[3]!]: 'en-GB' });
  });
});
