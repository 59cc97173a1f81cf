/**
 * Settlement (issue 15), what reaches a statement besides the rated charges:
 * - approved manual adjustments (issue 14) become adjustment lines of the statement of the period they were
 *   approved in, once (a pending one waits; voiding the statement frees it; a later period does not state it again);
 * - a re-rating of a charge already on a confirmed statement leaves the statement as it was and goes to the next
 *   statement as an adjustment line naming the statement, the waybill and the amounts before and after, to the cent, once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { translate } from '../src/platform/i18n.ts';
import { centerId, rand, type Json } from './helpers.ts';
import { ctx, useServer } from './resource-kit.ts';
import { effectiveContract, nextPeriod, one, unstatedStaysExact } from './finance-kit.ts';
import { makeWaybill } from './waybills-fixtures.ts';

useServer();
unstatedStaysExact();

const api = async (method: string, path: string, body?: unknown, lang = 'en-US') => {
  const r = await ctx.s.api(method, `/api/${path}`, { token: ctx.admin, body, headers: { lang } });
  expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(200);
  return r.json;
};
const row = async (sql: string, params: unknown[] = []) => (await ctx.s.db.query<Json>(sql, params)).rows[0]!;
const detail = async (id: number, lang = 'en-US'): Promise<Json> => (await api('GET', `finance/statement/detail/${id}`, undefined, lang)).data;
const generate = async (kind: string, partyId: number, period: string): Promise<Json> => (await api('POST', 'finance/statement/generate', { kind, period, partyId })).data;
/** the business month (Asia/Shanghai) of a time the database wrote */
const monthOf = async (sql: string, params: unknown[]) => String((await row(`select to_char((${sql}) at time zone 'Asia/Shanghai', 'YYYY-MM') as p`, params)).p);

let other = 0;
beforeAll(async () => {
  other = await one(`select id from fin_charge_type where code = 'OTHER'`);
});

/** A new client with an effective contract (1.00 a kg) and a waybill of it (not rated). */
async function clientWithWaybill(prefix: string) {
  const code = `${prefix}${rand(6)}`;
  const clientId = await one(`insert into base_client(code, name, create_by) values ($1, $2, 'test') returning id`, [code, `client ${code}`]);
  await effectiveContract({ clientId }, [{ chargeType: 'FREIGHT', basis: 'KG', unitPrice: 1 }]);
  return { clientId, w: await makeWaybill(ctx.s.db, { clientCode: code }) };
}

describe('approved adjustments on statements', () => {
  it('an approved adjustment becomes an adjustment line of its period once; a pending one waits; a voided statement frees it', async () => {
    const { clientId, w } = await clientWithWaybill('TA');
    const small = (await api('POST', 'finance/adjustment/save', { kind: 'RECEIVABLE', waybillId: w.waybillId, chargeTypeId: other, amount: '-12.34', reason: '破损赔偿' })).data;
    const big = (await api('POST', 'finance/adjustment/save', { kind: 'RECEIVABLE', waybillId: w.waybillId, chargeTypeId: other, amount: '1000.01', reason: '加急费' })).data;
    expect([small.status, big.status]).toEqual(['APPROVED', 'PENDING']);
    const period = await monthOf(`select approve_time from fin_adjustment where id = $1`, [small.id]);

    const g = await generate('RECEIVABLE', clientId, period);
    const d = await detail(g.statementIds[0]);
    const adj = d.lines.filter((l: Json) => l.lineType === 'ADJUSTMENT');
    expect(adj).toEqual([expect.objectContaining({ adjustmentId: small.id, origin: 'MANUAL', amount: '-12.34', chargeTypeCode: 'OTHER', waybillCode: w.code, remark: '破损赔偿', chargeId: null })]);
    const charges = d.lines.filter((l: Json) => l.lineType === 'CHARGE').reduce((s: number, l: Json) => s + Math.round(Number(l.amount) * 100), 0);
    expect(d.adjustAmount).toBe('-12.34');
    expect(Math.round(Number(d.totalAmount) * 100)).toBe(charges - 1234);

    // approved later: the period already has its statement, so the next one states it; the first is not stated again
    await api('POST', 'finance/adjustment/decide', { ids: [big.id], approve: true, opinion: 'ok' });
    expect((await generate('RECEIVABLE', clientId, period)).createdCount).toBe(0);
    const next = await generate('RECEIVABLE', clientId, nextPeriod(period));
    const n = await detail(next.statementIds[0]);
    expect(n.lines.map((l: Json) => [l.lineType, l.adjustmentId, l.amount])).toEqual([['ADJUSTMENT', big.id, '1000.01']]);
    expect(n).toMatchObject({ chargeAmount: '0.00', adjustAmount: '1000.01', totalAmount: '1000.01' });
    // the database refuses a second live line of an adjustment
    await expect(ctx.s.db.query(`insert into fin_statement_line(statement_id, line_type, adjustment_id, amount) values ($1, 'ADJUSTMENT', $2, 1)`, [n.id, big.id])).rejects.toThrow(/unique|duplicate/i);

    // voiding the first statement frees its charges and its adjustment: generated again, they are stated once more, once
    await api('POST', 'finance/statement/void', { id: d.id, version: d.version, reason: 'wrong' });
    const again = await generate('RECEIVABLE', clientId, period);
    const a = await detail(again.statementIds[0]);
    expect(a.lines.filter((l: Json) => l.adjustmentId).map((l: Json) => l.adjustmentId)).toEqual([small.id]);
    expect(a.totalAmount).toBe(d.totalAmount);
    expect(Number((await row(`select count(*)::int as n from fin_statement_line where adjustment_id = any($1::bigint[]) and not released`, [[small.id, big.id]])).n)).toBe(2);
  });

  it("a payable adjustment on a waybill goes to its carrier's statement; a rejected one never", async () => {
    const code = `TC${rand(6)}`;
    const carrierId = await one(`insert into base_carrier(code, name, create_by) values ($1, $2, 'test') returning id`, [code, `adj carrier ${code}`]);
    await effectiveContract({ carrierId }, [{ chargeType: 'FREIGHT', basis: 'TRIP', unitPrice: 100 }]);
    const w = await makeWaybill(ctx.s.db, { carrierCode: code });
    const ok = (await api('POST', 'finance/adjustment/save', { kind: 'PAYABLE', waybillId: w.waybillId, chargeTypeId: other, amount: '88.88', reason: '等待费' })).data;
    const no = (await api('POST', 'finance/adjustment/save', { kind: 'PAYABLE', waybillId: w.waybillId, chargeTypeId: other, amount: '5000', reason: '多报' })).data;
    await api('POST', 'finance/adjustment/decide', { ids: [no.id], approve: false, opinion: 'no' });
    const period = await monthOf(`select approve_time from fin_adjustment where id = $1`, [ok.id]);
    const g = await generate('PAYABLE', carrierId, period);
    const d = await detail(g.statementIds[0]);
    expect(d).toMatchObject({ kind: 'PAYABLE', carrierId, totalAmount: '88.88', adjustAmount: '88.88' });
    expect(d.lines.map((l: Json) => [l.adjustmentId, l.origin, l.waybillCode])).toEqual([[ok.id, 'MANUAL', w.code]]);
  });
});

describe('re-rating after a statement is confirmed', () => {
  async function reviewedOrder(clientCode: string, weight: number): Promise<number> {
    const center = await centerId(ctx.s.db, 'SH01');
    const clientId = await one(`select id from base_client where code = $1`, [clientCode]);
    const src = await one(`select id from base_station where code = 'S-SH-01'`);
    const dst = await one(`select id from base_station where code = 'S-SH-02'`);
    const orderId = await one(
      `insert into tms_order(dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, total_weight, total_volume, total_quantity, create_by)
       values ($1, $2, $3, $4, $5, 'OPEN', $6, 0.5, 3, 'admin') returning id`,
      [center, `T-ORD-${rand(8)}`, clientId, src, dst, weight],
    );
    await api('POST', 'order/order/review', { ids: [orderId] });
    return one(`select id from tms_waybill where order_id = $1`, [orderId]);
  }
  const untilDone = async (contractId: number): Promise<Json> => {
    for (;;) {
      const job = (await api('GET', `finance/contract/rerate/${contractId}`)).data;
      if (job && (job.status === 'DONE' || job.status === 'FAILED')) return job;
      await new Promise((r) => setImmediate(r));
    }
  };
  /** a new version of the contract (same code) at `price` a kg takes effect: the waybills rated with the earlier one are re-rated (bulk job) */
  async function newVersion(clientId: number, code: string, version: number, previous: number, price: number): Promise<number> {
    await api('POST', 'finance/contract/terminate', { ids: [previous] });
    const v = await effectiveContract({ clientId }, [{ chargeType: 'FREIGHT', basis: 'KG', unitPrice: price }], { code, contractVersion: version });
    expect(await untilDone(v.id)).toMatchObject({ status: 'DONE' });
    return v.id;
  }

  it('the confirmed statement stays as it was; the difference is an adjustment line of the next statement, to the cent, once', async () => {
    const clientCode = `TR${rand(6)}`;
    const clientId = await one(`insert into base_client(code, name, create_by) values ($1, $2, 'test') returning id`, [clientCode, `rerate client ${clientCode}`]);
    const code = `RS_${rand(6)}`;
    const v1 = await effectiveContract({ clientId }, [{ chargeType: 'FREIGHT', basis: 'KG', unitPrice: 1.11 }], { code });
    const w1 = await reviewedOrder(clientCode, 123.45); // 137.03 (136.0295 → half-up)
    const w2 = await reviewedOrder(clientCode, 10); // 11.10
    const wb1 = String((await row(`select code from tms_waybill where id = $1`, [w1])).code);
    const period = await monthOf(`select max(create_time) from fin_charge where waybill_id = $1`, [w1]);
    const g = await generate('RECEIVABLE', clientId, period);
    let s = await detail(g.statementIds[0]);
    expect(s.lines.map((l: Json) => [l.waybillId, l.amount])).toEqual([[w1, '137.03'], [w2, '11.10']]);
    s = (await api('POST', 'finance/statement/send', { id: s.id, version: s.version })).data;
    s = (await api('POST', 'finance/statement/confirm', { id: s.id, version: s.version })).data;
    expect(s).toMatchObject({ status: 'CONFIRMED', totalAmount: '148.13' });

    // version 2 at 1.37 a kg: 169.13 and 13.70
    const v2 = await newVersion(clientId, code, 2, v1.id, 1.37);
    const after = await detail(s.id);
    expect(after).toMatchObject({ status: 'CONFIRMED', totalAmount: '148.13', version: s.version });
    expect(after.lines.map((l: Json) => l.amount)).toEqual(['137.03', '11.10']);
    // the waybill's charges read as the re-rated total: what was stated and the difference, explained
    const rows = (await api('GET', `finance/charge/list?waybillId=${w1}`)).rows;
    expect(rows.map((c: Json) => c.amount).sort()).toEqual(['137.03', '32.10']);
    expect(rows.find((c: Json) => c.amount === '32.10').explanation).toContain(`statement ${s.code} stated 137.03, re-rated to 169.13`);

    const next = await generate('RECEIVABLE', clientId, nextPeriod(period));
    const n = await detail(next.statementIds[0]);
    expect(n.lines.map((l: Json) => ({ lineType: l.lineType, origin: l.origin, originStatementCode: l.originStatementCode, waybillId: l.waybillId, waybillCode: l.waybillId === w1 ? wb1 : l.waybillCode, beforeAmount: l.beforeAmount, afterAmount: l.afterAmount, amount: l.amount }))).toEqual([
      { lineType: 'ADJUSTMENT', origin: 'RERATE', originStatementCode: s.code, waybillId: w1, waybillCode: wb1, beforeAmount: '137.03', afterAmount: '169.13', amount: '32.10' },
      { lineType: 'ADJUSTMENT', origin: 'RERATE', originStatementCode: s.code, waybillId: w2, waybillCode: n.lines[1].waybillCode, beforeAmount: '11.10', afterAmount: '13.70', amount: '2.60' },
    ]);
    expect(n).toMatchObject({ chargeAmount: '0.00', adjustAmount: '34.70', totalAmount: '34.70' });
    // the statement-lines list and its Excel export carry where each line came from, in the reader's language
    const listed = (await api('GET', `finance/statementLine/list?statementId=${n.id}&origin=RERATE`)).rows;
    expect(listed.map((l: Json) => [l.origin, l.originStatementCode, Number(l.beforeAmount), Number(l.afterAmount), Number(l.amount)])).toEqual([
      ['RERATE', s.code, 137.03, 169.13, 32.1],
      ['RERATE', s.code, 11.1, 13.7, 2.6],
    ]);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const x = await ctx.s.api('GET', '/api/finance/statementLine/export', { token: ctx.admin, query: { statementId: String(n.id) }, headers: { lang } });
      expect(x.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(x.body as unknown as ExcelJS.Buffer);
      const sheet = wb.worksheets[0]!;
      const head = (sheet.getRow(1).values as unknown[]).map(String);
      const col = (field: string) => head.indexOf(translate(lang, `resources.statementLine.fields.${field}`));
      for (const f of ['origin', 'originStatementCode', 'beforeAmount', 'afterAmount', 'adjustmentId']) expect(col(f), f).toBeGreaterThan(0);
      const first = sheet.getRow(2).values as unknown[];
      expect([first[col('originStatementCode')], Number(first[col('beforeAmount')]), Number(first[col('afterAmount')])]).toEqual([s.code, 137.03, 169.13]);
      // (dictionary values are exported with the dictionary's stored label, as in every export)
      if (lang === 'zh-CN') expect(first[col('origin')]).toBe(translate(lang, 'dicts.fin_statement_line_origin.RERATE'));
    }
    // once: generated again, rated again by the engine with the same figures → nothing new
    expect((await generate('RECEIVABLE', clientId, nextPeriod(period))).createdCount).toBe(0);
    const { rateWaybills } = await import('../src/modules/finance/rating.ts');
    const sh01 = await centerId(ctx.s.db, 'SH01');
    const { systemCaller } = await import('../src/platform/domain-events.ts');
    await ctx.s.db.tx((q) => rateWaybills({ q, caller: systemCaller('test'), now: new Date() }, sh01, [w1, w2], 'CONTRACT'));
    expect((await row(`select count(*)::int as n, sum(amount)::text as t from fin_charge where waybill_id = any($1::bigint[]) and kind = 'RECEIVABLE'`, [[w1, w2]]))).toEqual({ n: 4, t: '182.83' });
    expect((await generate('RECEIVABLE', clientId, nextPeriod(nextPeriod(period)))).createdCount).toBe(0);

    // version 3 back down to 1.00 a kg (123.45, 10.00): the next difference is against everything stated (statement + adjustment)
    await newVersion(clientId, code, 3, v2, 1);
    const third = await generate('RECEIVABLE', clientId, nextPeriod(nextPeriod(period)));
    const t = await detail(third.statementIds[0]);
    expect(t.lines.map((l: Json) => [l.waybillId, l.originStatementCode, l.beforeAmount, l.afterAmount, l.amount])).toEqual([
      [w1, n.code, '169.13', '123.45', '-45.68'],
      [w2, n.code, '13.70', '10.00', '-3.70'],
    ]);
    // money is conserved: what the statements say of the two waybills is what they are rated at now
    const stated = await row(`select sum(l.amount)::text as t from fin_statement_line l where l.waybill_id = any($1::bigint[]) and not l.released and l.statement_id = any($2::bigint[])`, [[w1, w2], [s.id, n.id, t.id]]);
    expect(stated.t).toBe('133.45');
    const rated = await row(`select sum(total_amount)::text as t from fin_waybill_rating where waybill_id = any($1::bigint[])`, [[w1, w2]]);
    expect(rated.t).toBe('133.45');
  });
});

describe("a dispute's attachment", () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const uploadAs = (token: string, bytes: Buffer, type: string, name: string) => {
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return ctx.s.api('POST', '/api/finance/statement/disputeFile', { token, body: f, headers: { lang: 'en-US' } });
  };

  it('a photo or PDF uploaded by the user goes with the disputed line and shows on the statement; other types and files are refused, naming the field', async () => {
    const { clientId, w } = await clientWithWaybill('TD');
    const adj = (await api('POST', 'finance/adjustment/save', { kind: 'RECEIVABLE', waybillId: w.waybillId, chargeTypeId: other, amount: '300', reason: '装卸费' })).data;
    const period = await monthOf(`select approve_time from fin_adjustment where id = $1`, [adj.id]);
    let s = await detail((await generate('RECEIVABLE', clientId, period)).statementIds[0]);
    s = (await api('POST', 'finance/statement/send', { id: s.id, version: s.version })).data;

    const text = await uploadAs(ctx.admin, Buffer.from('hello'), 'text/plain', 'a.txt');
    expect(text.status).toBe(400);
    expect(text.json.errors).toEqual({ file: 'An attachment is an image (PNG, JPEG, WebP, GIF) or a PDF' });
    const pdf = await uploadAs(ctx.admin, PDF, 'application/pdf', '对账差异.pdf');
    expect(pdf.status, JSON.stringify(pdf.json)).toBe(200);
    expect(pdf.json.data).toMatchObject({ name: '对账差异.pdf', contentType: 'application/pdf' });
    // a file somebody else uploaded is not attached
    const foreign = await one(`insert into sys_oss(file_name, original_name, suffix, content_type, size_bytes, config_key, create_by) values ('x/y.pdf', 'y.pdf', 'pdf', 'application/pdf', 1, 'local', 'someone') returning id`);
    const line = (await detail(s.id)).lines[0];
    const refused = await ctx.s.api('POST', '/api/finance/statement/dispute', { token: ctx.admin, body: { id: s.id, version: s.version, lines: [{ lineId: line.id, reason: 'x', proposedAmount: '200', fileId: foreign }] }, headers: { lang: 'en-US' } });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ 'lines.0.fileId': `Attachment #${foreign} does not exist or was not uploaded by you` });

    await api('POST', 'finance/statement/dispute', { id: s.id, version: s.version, lines: [{ lineId: line.id, reason: '只装卸了一半', proposedAmount: '150.00', fileId: pdf.json.data.id }] });
    const d = await detail(s.id);
    expect(d.lines[0]).toMatchObject({ disputeStatus: 'OPEN', proposedAmount: '150.00', disputeFile: { id: pdf.json.data.id, name: '对账差异.pdf', contentType: 'application/pdf' } });
    const got = await fetch(new URL(d.lines[0].disputeFile.url, ctx.s.url));
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
  });
});

describe('printing a statement from the print templates', () => {
  it('fills the STATEMENT template in the request language: header, lines with their notes, totals; another type of template is refused naming it', async () => {
    const { clientId, w } = await clientWithWaybill('TP');
    const adj = (await api('POST', 'finance/adjustment/save', { kind: 'RECEIVABLE', waybillId: w.waybillId, chargeTypeId: other, amount: '123.45', reason: '<b>装卸</b>费' })).data;
    const period = await monthOf(`select approve_time from fin_adjustment where id = $1`, [adj.id]);
    const s = await detail((await generate('RECEIVABLE', clientId, period)).statementIds[0]);
    const options = (await api('GET', 'finance/statement/printOptions')).data;
    const template = options.templates.find((x: Json) => x.code === 'TPL-STATEMENT');
    expect(template).toMatchObject({ isDefault: true });
    const printerId = options.printers[0].id;
    const en = (await api('POST', 'finance/statement/print', { ids: [s.id], templateId: template.id, printerId }, 'en-US')).data;
    expect(en.printed).toBe(1);
    for (const text of ['<h2 style="text-align:center">Statement</h2>', s.code, `client TP`, 'Adjustment', w.code, '123.45', 'Total', '&lt;b&gt;装卸']) expect(en.html).toContain(text);
    expect(en.html).not.toContain('<b>装卸'); // values are HTML-escaped
    const zh = (await api('POST', 'finance/statement/print', { ids: [s.id], templateId: template.id, printerId }, 'zh-CN')).data;
    for (const text of ['<h2 style="text-align:center">对账单</h2>', '对账金额', '调整']) expect(zh.html).toContain(text);
    const waybillTemplate = await one(`select id from base_print_template where type = 'WAYBILL' limit 1`);
    const wrong = await ctx.s.api('POST', '/api/finance/statement/print', { token: ctx.admin, body: { ids: [s.id], templateId: waybillTemplate, printerId }, headers: { lang: 'en-US' } });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.json.errors)).toEqual(['templateId']);
    expect((await ctx.s.api('POST', '/api/finance/statement/print', { token: ctx.admin, body: { ids: [99999999], templateId: template.id, printerId } })).status).toBe(404);
  });
});
