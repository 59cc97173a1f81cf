/**
 * Settlement (issue 15): statements of credits (a total below zero — a manual credit, a re-rating down) are invoiced
 * the way a Chinese finance team settles them:
 * - netting (下期抵扣): a blue invoice covers the credit statement with a later statement of the party, the credit's
 *   allocation negative, the invoice the net amount above zero; the credit statement is settled by it at once;
 * - a red-letter invoice (红字发票) naming the blue invoice it reverses (and the red-letter form of a special VAT
 *   invoice): negative, applied against the original's open amount at once; voiding it gives that back.
 * Every refusal with its translated message, money exact to the cent.
 */
import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { rand, type Json } from './helpers.ts';
import { ctx, useServer, zh } from './resource-kit.ts';
import { translate } from '../src/platform/i18n.ts';
import { effectiveContract, nextPeriod, one, unstatedStaysExact } from './finance-kit.ts';
import { makeWaybill } from './waybills-fixtures.ts';

useServer();
unstatedStaysExact();

const en = (key: string, params?: Record<string, unknown>) => translate('en-US', key, params);
const call = (method: string, path: string, body?: unknown, lang = 'zh-CN') => ctx.s.api(method, `/api/${path}`, { token: ctx.admin, body, headers: { lang } });
const api = async (method: string, path: string, body?: unknown) => {
  const r = await call(method, path, body, 'en-US');
  expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(200);
  return r.json;
};
const row = async (sql: string, params: unknown[] = []) => (await ctx.s.db.query<Json>(sql, params)).rows[0]!;
const detail = async (id: number): Promise<Json> => (await api('GET', `finance/statement/detail/${id}`)).data;

/**
 * A client with two confirmed statements: the first of this month (its waybill's charges and a manual charge of 500.00),
 * the second of the next month with a manual credit of 30.00 only (total −30.00).
 */
async function clientWithCredit(prefix: string) {
  const code = `${prefix}${rand(6)}`;
  const clientId = await one(`insert into base_client(code, name, create_by) values ($1, $2, 'test') returning id`, [code, `client ${code}`]);
  await effectiveContract({ clientId }, [{ chargeType: 'FREIGHT', basis: 'KG', unitPrice: 1 }]);
  const w = await makeWaybill(ctx.s.db, { clientCode: code });
  const other = await one(`select id from fin_charge_type where code = 'OTHER'`);
  const confirmed = async (amount: string, period?: string) => {
    const adj = (await api('POST', 'finance/adjustment/save', { kind: 'RECEIVABLE', waybillId: w.waybillId, chargeTypeId: other, amount, reason: amount.startsWith('-') ? '破损赔偿' : '加急费' })).data;
    const p = period ?? String((await row(`select to_char(approve_time at time zone 'Asia/Shanghai', 'YYYY-MM') as p from fin_adjustment where id = $1`, [adj.id])).p);
    const g = (await api('POST', 'finance/statement/generate', { kind: 'RECEIVABLE', period: p, partyId: clientId })).data;
    let s = await detail(g.statementIds[0]);
    s = (await api('POST', 'finance/statement/send', { id: s.id, version: s.version })).data;
    s = (await api('POST', 'finance/statement/confirm', { id: s.id, version: s.version })).data;
    return { s, period: p };
  };
  const first = await confirmed('500.00');
  const credit = await confirmed('-30.00', nextPeriod(first.period));
  expect(credit.s).toMatchObject({ status: 'CONFIRMED', totalAmount: '-30.00', openAmount: '-30.00', chargeAmount: '0.00' });
  return { clientId, owed: first.s as Json, credit: credit.s as Json };
}

const invoiceBody = (allocations: { statementId: number; amount: string | number }[], extra: Json = {}) => ({
  kind: 'RECEIVABLE', invoiceNo: `I${rand(8)}`, invoiceDate: '2026-03-01', invoiceType: 'SPECIAL', taxRate: 9, allocations, ...extra,
});

describe('statements of credits', () => {
  it('are netted against a later statement on one blue invoice (下期抵扣); alone, or with the wrong sign, they are refused with their messages', async () => {
    const { clientId, owed, credit } = await clientWithCredit('CN');
    const total = new Decimal(owed.totalAmount);
    expect(total.gte(500)).toBe(true);

    // alone: a blue invoice must be above zero
    const alone = await call('POST', 'finance/invoice/register', invoiceBody([{ statementId: credit.id, amount: '-30.00' }]));
    expect(alone.status).toBe(409);
    expect(alone.json.msg).toBe(zh('messages.settlement.netNotPositive', { amount: '-30.00' }));
    // a positive amount on a statement of credits, a negative one on a statement owed, and 0: named under the allocation
    const wrongSign = await call('POST', 'finance/invoice/register', invoiceBody([{ statementId: owed.id, amount: total.toFixed(2) }, { statementId: credit.id, amount: '30.00' }]), 'en-US');
    expect(wrongSign.status).toBe(409);
    expect(wrongSign.json.errors['allocations.1.amount']).toBe(en('messages.settlement.allocationSign', { code: credit.code, open: '-30.00' }));
    const zero = await call('POST', 'finance/invoice/register', invoiceBody([{ statementId: owed.id, amount: 0 }]));
    expect(zero.status).toBe(400);
    expect(zero.json.errors['allocations.0.amount']).toBe(zh('validation.nonZeroAmount'));
    // more credit than the statement has
    const beyond = await call('POST', 'finance/invoice/register', invoiceBody([{ statementId: owed.id, amount: total.toFixed(2) }, { statementId: credit.id, amount: '-30.01' }]));
    expect(beyond.json.errors['allocations.1.amount']).toBe(zh('messages.settlement.overInvoice', { amount: '-30.01', code: credit.code, open: '-30.00' }));

    // netted: one invoice of the net amount; the credit is settled by it, and counts as paid on the statement owed
    const net = total.minus(30);
    const inv = await api('POST', 'finance/invoice/register', invoiceBody([{ statementId: owed.id, amount: total.toFixed(2) }, { statementId: credit.id, amount: '-30.00' }]));
    expect(inv.data).toEqual({ id: expect.any(Number), amount: net.toFixed(2), taxAmount: net.times(9).dividedBy(109).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) });
    expect(await detail(credit.id)).toMatchObject({ status: 'SETTLED', invoicedAmount: '-30.00', paidAmount: '-30.00', openAmount: '0.00', unpaidAmount: '0.00' });
    expect(await detail(owed.id)).toMatchObject({ status: 'INVOICED', invoicedAmount: total.toFixed(2), paidAmount: '30.00', openAmount: '0.00' });
    expect((await detail(credit.id)).events.map((e: Json) => e.action)).toEqual(['GENERATE', 'SEND', 'CONFIRM', 'SETTLE']);

    // the payment of the net amount settles the statement owed; money is conserved to the cent
    await api('POST', 'finance/payment/register', { kind: 'RECEIVABLE', partyId: clientId, paymentNo: `P${rand(6)}`, payDate: '2026-03-10', amount: net.toFixed(2), writeOffs: [{ invoiceId: inv.data.id, amount: net.toFixed(2) }] });
    expect(await detail(owed.id)).toMatchObject({ status: 'SETTLED', paidAmount: total.toFixed(2) });
    const open = (await api('GET', `finance/settlement/open?kind=RECEIVABLE&partyId=${clientId}`)).data;
    expect(open).toEqual([expect.objectContaining({ statements: 2, totalAmount: net.toFixed(2), invoicedAmount: net.toFixed(2), paidAmount: net.toFixed(2), openAmount: '0.00', unpaidAmount: '0.00' })]);
    // voiding the invoice is refused once it is paid; the statements stay as they are
    const v = await row(`select version from fin_invoice where id = $1`, [inv.data.id]);
    expect((await call('POST', 'finance/invoice/void', { id: inv.data.id, version: v.version, reason: 'x' })).status).toBe(409);
  });

  it('are reversed by a red-letter invoice naming the blue invoice (红字发票): applied against its open amount; refusals; voided, the original is open again', async () => {
    const { clientId, owed, credit } = await clientWithCredit('CR');
    const total = owed.totalAmount as string;
    const blue = await api('POST', 'finance/invoice/register', invoiceBody([{ statementId: owed.id, amount: total }]));
    const blueNo = String((await row(`select invoice_no from fin_invoice where id = $1`, [blue.data.id])).invoice_no);
    const red = (extra: Json, lang = 'zh-CN', amount = '-30.00') => call('POST', 'finance/invoice/register', invoiceBody([{ statementId: credit.id, amount }], { redOf: blue.data.id, redInfoNo: `HZ${rand(10)}`, ...extra }), lang);

    // refusals, each under its field
    const noForm = await red({ redInfoNo: undefined });
    expect(noForm.status).toBe(400);
    expect(noForm.json.errors.redInfoNo).toBe(zh('messages.settlement.redInfoRequired'));
    const otherType = await red({ invoiceType: 'ORDINARY' }, 'en-US');
    expect(otherType.json.errors.invoiceType).toBe(en('messages.settlement.redType', { no: blueNo, type: en('dicts.fin_invoice_type.SPECIAL') }));
    const positiveTax = await red({ taxAmount: '2.48' });
    expect(positiveTax.json.errors.taxAmount).toBe(zh('messages.settlement.taxSign'));
    const elsewhere = await clientWithCredit('CX');
    const otherParty = await call('POST', 'finance/invoice/register', invoiceBody([{ statementId: elsewhere.credit.id, amount: '-30.00' }], { redOf: blue.data.id, redInfoNo: 'HZ1' }));
    expect(otherParty.json.errors.redOf).toBe(zh('messages.settlement.redOfParty'));
    for (const r of [noForm, otherType, positiveTax, otherParty]) expect(r.status === 400 || r.status === 409).toBe(true);

    // the red-letter invoice: −30.00, its tax −2.48, applied against the blue one at once
    const made = await red({});
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.msg).toBe(zh('messages.settlement.invoiceOk'));
    expect(made.json.data).toEqual({ id: expect.any(Number), amount: '-30.00', taxAmount: '-2.48' });
    const redRow = await row(`select amount::text, written_off::text, red_of, invoice_type, status from fin_invoice where id = $1`, [made.json.data.id]);
    expect(redRow).toEqual({ amount: '-30.00', written_off: '-30.00', red_of: blue.data.id, invoice_type: 'SPECIAL', status: 'VALID' });
    expect((await row(`select written_off::text from fin_invoice where id = $1`, [blue.data.id])).written_off).toBe('30.00');
    expect(await detail(credit.id)).toMatchObject({ status: 'SETTLED', invoicedAmount: '-30.00', paidAmount: '-30.00' });
    expect(await detail(owed.id)).toMatchObject({ status: 'INVOICED', paidAmount: '30.00', unpaidAmount: new Decimal(total).minus(30).toFixed(2) });
    // the list shows the original it reverses
    const listed = (await api('GET', `finance/invoice/list?redOf=${blue.data.id}`)).rows;
    expect(listed.map((r: Json) => [r.id, Number(r.amount), r.redOf])).toEqual([[made.json.data.id, -30, blue.data.id]]);

    // nothing is written off against a red-letter invoice; the blue one cannot be voided while it is reversed; no second reversal beyond it
    const pay = await api('POST', 'finance/payment/register', { kind: 'RECEIVABLE', partyId: clientId, paymentNo: `P${rand(6)}`, payDate: '2026-03-10', amount: '1.00' });
    const onRed = await call('POST', 'finance/payment/writeOff', { paymentId: pay.data.id, invoiceId: made.json.data.id, amount: '1.00' });
    expect(onRed.status).toBe(409);
    expect(onRed.json.msg).toBe(zh('messages.settlement.writeOffRed', { no: (await row(`select invoice_no from fin_invoice where id = $1`, [made.json.data.id])).invoice_no }));
    const blueVersion = async () => (await row(`select version from fin_invoice where id = $1`, [blue.data.id])).version;
    const voidBlue = await call('POST', 'finance/invoice/void', { id: blue.data.id, version: await blueVersion(), reason: '开错' });
    expect(voidBlue.status).toBe(409);
    expect(voidBlue.json.msg).toBe(zh('messages.settlement.invoiceHasRed', { no: blueNo, red: (await row(`select invoice_no from fin_invoice where id = $1`, [made.json.data.id])).invoice_no }));

    // voided, the red-letter invoice gives the blue one its open amount back and the credit statement is open again
    const rv = await row(`select version from fin_invoice where id = $1`, [made.json.data.id]);
    await api('POST', 'finance/invoice/void', { id: made.json.data.id, version: rv.version, reason: '信息表有误' });
    expect((await row(`select written_off::text from fin_invoice where id = $1`, [blue.data.id])).written_off).toBe('0.00');
    expect(await detail(credit.id)).toMatchObject({ status: 'CONFIRMED', invoicedAmount: '0.00', paidAmount: '0.00', openAmount: '-30.00' });
    expect(await detail(owed.id)).toMatchObject({ status: 'INVOICED', paidAmount: '0.00' });
    // reversed in part (−10.00 of −30.00), the credit statement stays confirmed but can no longer be voided
    const part = await red({}, 'zh-CN', '-10.00');
    expect(part.status, JSON.stringify(part.json)).toBe(200);
    const partly = await detail(credit.id);
    expect(partly).toMatchObject({ status: 'CONFIRMED', invoicedAmount: '-10.00', paidAmount: '-10.00', openAmount: '-20.00' });
    const voidCredit = await call('POST', 'finance/statement/void', { id: credit.id, version: partly.version, reason: '重开' });
    expect(voidCredit.status).toBe(409);
    expect(voidCredit.json.msg).toBe(zh('messages.settlement.voidInvoiced', { code: credit.code }));
    await api('POST', 'finance/invoice/void', { id: part.json.data.id, version: (await row(`select version from fin_invoice where id = $1`, [part.json.data.id])).version, reason: '部分冲销作废' });

    // when the blue invoice is paid but 20.00, a red-letter invoice of 30.00 cannot be applied against it
    const paid = new Decimal(total).minus(20).toFixed(2);
    await api('POST', 'finance/payment/register', { kind: 'RECEIVABLE', partyId: clientId, paymentNo: `P${rand(6)}`, payDate: '2026-03-11', amount: paid, writeOffs: [{ invoiceId: blue.data.id, amount: paid }] });
    const overOpen = await red({}, 'en-US');
    expect(overOpen.status).toBe(409);
    expect(overOpen.json.errors.redOf).toBe(en('messages.settlement.redOverOpen', { amount: '-30.00', no: blueNo, open: '20.00' }));
    // a red-letter invoice against a red-letter or void invoice is refused
    const ofRed = await call('POST', 'finance/invoice/register', invoiceBody([{ statementId: credit.id, amount: '-30.00' }], { redOf: made.json.data.id, redInfoNo: 'HZ2' }));
    expect(ofRed.json.errors.redOf).toBe(zh('messages.settlement.redOfInvalid', { no: (await row(`select invoice_no from fin_invoice where id = $1`, [made.json.data.id])).invoice_no }));
    expect(await detail(credit.id)).toMatchObject({ status: 'CONFIRMED', openAmount: '-30.00' });
  });
});

describe('statement line references (migrations 0051, 0083)', () => {
  it('a charge on a live or a released line cannot be deleted; a line of a charge that does not exist is refused', async () => {
    const { clientId, credit } = await clientWithCredit('CF');
    const w = await row(`select a.waybill_id from fin_adjustment a join fin_statement_line l on l.adjustment_id = a.id where l.statement_id = $1`, [credit.id]);
    const contract = await row(`select id from fin_contract where client_id = $1`, [clientId]);
    const charge = async () =>
      (await row(
        `insert into fin_charge(dispatch_center_id, waybill_id, kind, contract_id, contract_version, charge_type_id, charge_type_code, currency, amount, tax_rate, trace)
         select dispatch_center_id, $1, 'RECEIVABLE', $2, 1, (select id from fin_charge_type where code = 'FREIGHT'), 'FREIGHT', 'CNY', 10, 9, '{}' from fin_statement where id = $3 returning id`,
        [w.waybill_id, contract.id, credit.id],
      )).id as number;
    const live = await charge();
    const released = await charge();
    await ctx.s.db.query(`insert into fin_statement_line(statement_id, charge_id, amount) values ($1, $2, 10), ($1, $3, 10)`, [credit.id, live, released]);
    await ctx.s.db.query(`update fin_statement_line set released = true where charge_id = $1`, [released]);
    for (const id of [live, released]) await expect(ctx.s.db.query(`delete from fin_charge where id = $1`, [id])).rejects.toMatchObject({ code: '23503' });
    const free = await charge();
    await ctx.s.db.query(`delete from fin_charge where id = $1`, [free]);
    await expect(ctx.s.db.query(`insert into fin_statement_line(statement_id, charge_id, amount) values ($1, $2, 10)`, [credit.id, free])).rejects.toMatchObject({ code: '23503' });
    await expect(ctx.s.db.query(`insert into fin_statement_line(statement_id, amount) values (-1, 10)`)).rejects.toMatchObject({ code: '23503' });
  });

  it('the un-stated charges generation reads (migration 0084) follow every change of a charge and of its lines, in the same transaction', async () => {
    const { clientId, credit } = await clientWithCredit('UN');
    const w = await row(`select a.waybill_id from fin_adjustment a join fin_statement_line l on l.adjustment_id = a.id where l.statement_id = $1`, [credit.id]);
    const contract = await row(`select id from fin_contract where client_id = $1`, [clientId]);
    const unstated = async (id: number) => (await ctx.s.db.query<{ amount: string }>(`select c.amount::text from fin_charge_unstated u join fin_charge c on c.id = u.charge_id where u.charge_id = $1`, [id])).rows.map((r) => r.amount);
    const [a, b] = (
      await ctx.s.db.query<{ id: number }>(
        `insert into fin_charge(dispatch_center_id, waybill_id, kind, contract_id, contract_version, charge_type_id, charge_type_code, currency, amount, tax_rate, trace)
         select dispatch_center_id, $1, 'RECEIVABLE', $2, 1, (select id from fin_charge_type where code = 'FREIGHT'), 'FREIGHT', 'CNY', x, 9, '{}' from fin_statement, unnest(array[10, 20]) x where id = $3 returning id`,
        [w.waybill_id, contract.id, credit.id],
      )
    ).rows.map((r) => Number(r.id));
    expect([await unstated(a!), await unstated(b!)]).toEqual([['10.00'], ['20.00']]);
    await ctx.s.db.query(`update fin_charge set amount = 11 where id = $1`, [a]);
    expect(await unstated(a!)).toEqual(['11.00']);
    // on a live line: gone; the line released (its statement voided): back; a live line again, then deleted: back
    await ctx.s.db.query(`insert into fin_statement_line(statement_id, charge_id, amount) values ($1, $2, 11), ($1, $3, 20)`, [credit.id, a, b]);
    expect([await unstated(a!), await unstated(b!)]).toEqual([[], []]);
    await ctx.s.db.query(`update fin_statement_line set released = true where charge_id = $1`, [a]);
    expect(await unstated(a!)).toEqual(['11.00']);
    await ctx.s.db.query(`insert into fin_statement_line(statement_id, charge_id, amount) values ($1, $2, 11)`, [credit.id, a]);
    expect(await unstated(a!)).toEqual([]);
    await ctx.s.db.query(`delete from fin_statement_line where charge_id = $1 and not released`, [a]);
    expect(await unstated(a!)).toEqual(['11.00']);
    // a rolled-back statement changes nothing; the charge deleted once free: gone
    await expect(ctx.s.db.tx(async (q) => {
      await q.query(`insert into fin_statement_line(statement_id, charge_id, amount) values ($1, $2, 11)`, [credit.id, a]);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await unstated(a!)).toEqual(['11.00']);
    await ctx.s.db.query(`delete from fin_statement_line where charge_id = $1`, [a]);
    await ctx.s.db.query(`delete from fin_charge where id = $1`, [a]);
    expect(await unstated(a!)).toEqual([]);
    expect(await unstated(b!)).toEqual([]);
  });
});
