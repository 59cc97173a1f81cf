/**
 * Settlement (issue 15): statements generated per party and period (idempotent, a charge in at most one
 * statement, cut-off day), every statement transition allowed and refused with its message, optimistic
 * locking and two users acting at once, invoices against the open amount, payments written off, SETTLED,
 * open amounts and aging, a property test that money is conserved, the generation job for every party,
 * paper receipts scanned and overdue.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { centerId, checkDistributionKey, rand, type Json } from './helpers.ts';
import { ctx, useServer, zh } from './resource-kit.ts';
import { unstatedStaysExact } from './finance-kit.ts';
import { translate } from '../src/platform/i18n.ts';
import { makeWaybill } from './waybills-fixtures.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey('finance-settlement.test.ts');

useServer();
unstatedStaysExact();

const en = (key: string, params?: Record<string, unknown>) => translate('en-US', key, params);
const one = async (sql: string, params: unknown[] = []) => (await ctx.s.db.query<Json>(sql, params)).rows[0];
const api = (method: string, path: string, body?: unknown, lang = 'zh-CN') => ctx.s.api(method, `/api/finance/${path}`, { token: ctx.admin, body, headers: { lang } });
const get = (path: string, query: Record<string, string | number> = {}) => ctx.s.api('GET', `/api/finance/${path}`, { token: ctx.admin, query });

let center = 0;
let freight = 0;
beforeAll(async () => {
  center = await centerId(ctx.s.db, 'SH01');
  freight = (await one(`select id from fin_charge_type where code = 'FREIGHT'`)).id;
});

interface Party {
  id: number;
  code: string;
  kind: 'RECEIVABLE' | 'PAYABLE';
  contractId: number;
}

/** A new client (receivable) or carrier (payable) with an effective contract in SH01. */
async function party(kind: 'RECEIVABLE' | 'PAYABLE' = 'RECEIVABLE', term?: { cutOffDay?: number; settleEvent?: string }): Promise<Party> {
  const code = `T${rand(8)}`;
  const table = kind === 'RECEIVABLE' ? 'base_client' : 'base_carrier';
  const id = (await one(`insert into ${table}(code, name, create_by) values ($1, $2, 'test') returning id`, [code, `${kind} ${code}`])).id;
  const contractId = (
    await one(
      `insert into fin_contract(dispatch_center_id, code, name, kind, client_id, carrier_id, valid_from, valid_to, status, create_by)
       values ($1, $2, 'settle', $3, $4, $5, '2020-01-01', '2099-12-31', 'EFFECTIVE', 'test') returning id`,
      [center, `K${code}`, kind, kind === 'RECEIVABLE' ? id : null, kind === 'PAYABLE' ? id : null],
    )
  ).id;
  if (term) await one(`insert into fin_settle_term(contract_id, settle_event, cut_off_day, create_by) values ($1, $2, $3, 'test') returning id`, [contractId, term.settleEvent ?? 'REVIEW', term.cutOffDay ?? null]);
  return { id, code, kind, contractId };
}

let waybillId = 0;
/** Charge lines of the party, billable (created) at `at`, on one waybill. */
async function charges(p: Party, amounts: string[], at: string): Promise<number[]> {
  waybillId ||= (await makeWaybill(ctx.s.db)).waybillId;
  const ids: number[] = [];
  for (const a of amounts)
    ids.push(
      (
        await one(
          `insert into fin_charge(dispatch_center_id, waybill_id, kind, contract_id, contract_version, charge_type_id, charge_type_code, currency, amount, tax_rate, trace, create_by, create_time)
           values ($1, $2, $3, $4, 1, $5, 'FREIGHT', 'CNY', $6, 9, '{}'::jsonb, 'test', $7) returning id`,
          [center, waybillId, p.kind, p.contractId, freight, a, at],
        )
      ).id,
    );
  return ids;
}

async function generate(p: Party, period: string): Promise<Json> {
  const r = await api('POST', 'statement/generate', { kind: p.kind, period, partyId: p.id });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
}
const detail = async (id: number) => {
  const r = await get(`statement/detail/${id}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as Json;
};
/** A statement of the party for the period with these charges, sent. */
async function sentStatement(amounts: string[], kind: 'RECEIVABLE' | 'PAYABLE' = 'RECEIVABLE'): Promise<{ p: Party; s: Json }> {
  const p = await party(kind);
  await charges(p, amounts, '2026-01-15T04:00:00Z');
  const g = await generate(p, '2026-01');
  const d = await detail(g.statementIds[0]);
  const sent = await api('POST', 'statement/send', { id: d.id, version: d.version });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  return { p, s: await detail(d.id) };
}
async function confirmed(amounts: string[], kind: 'RECEIVABLE' | 'PAYABLE' = 'RECEIVABLE'): Promise<{ p: Party; s: Json }> {
  const { p, s } = await sentStatement(amounts, kind);
  const r = await api('POST', 'statement/confirm', { id: s.id, version: s.version });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { p, s: await detail(s.id) };
}

describe('statement generation', () => {
  it('takes the billable charges of a party up to the end of the period, once: again creates nothing; a charge is in one statement at most', async () => {
    const p = await party();
    await charges(p, ['100.10', '200.20', '0.03'], '2026-03-10T04:00:00Z');
    await charges(p, ['55.55'], '2026-04-02T04:00:00Z');
    const g = await generate(p, '2026-03');
    expect(g).toMatchObject({ status: 'DONE', createdCount: 1, lineCount: 3, progress: { done: 4, total: 4 } });
    const d = await detail(g.statementIds[0]);
    expect(d).toMatchObject({ kind: 'RECEIVABLE', partyId: p.id, partyName: `RECEIVABLE ${p.code}`, period: '2026-03', periodFrom: '2026-03-01', periodTo: '2026-03-31', status: 'DRAFT', lineCount: 3, totalAmount: '300.33', openAmount: '300.33', version: 0 });
    expect(d.code).toMatch(/^AR202603-\d{6}$/);
    expect(d.events.map((e: Json) => e.action)).toEqual(['GENERATE']);

    const again = await generate(p, '2026-03');
    expect(again).toMatchObject({ createdCount: 0, lineCount: 0, statementIds: [] });
    // the database refuses a second live line of a charge
    const line = await one(`select charge_id from fin_statement_line where statement_id = $1 limit 1`, [d.id]);
    await expect(ctx.s.db.query(`insert into fin_statement_line(statement_id, charge_id, amount) values ($1, $2, 1)`, [d.id, line.charge_id])).rejects.toThrow(/unique|duplicate/i);

    const april = await generate(p, '2026-04');
    expect(april).toMatchObject({ createdCount: 1, lineCount: 1 });
    expect((await detail(april.statementIds[0])).totalAmount).toBe('55.55');
  });

  it('a cut-off day on the contract closes the period on that day; a party outside the caller\'s reach or a bad period is refused', async () => {
    const p = await party('PAYABLE', { cutOffDay: 25 });
    await charges(p, ['10.00'], '2026-02-27T04:00:00Z');
    await charges(p, ['20.00'], '2026-03-25T04:00:00Z');
    await charges(p, ['40.00'], '2026-03-26T04:00:00Z');
    const g = await generate(p, '2026-03');
    const d = await detail(g.statementIds[0]);
    expect(d).toMatchObject({ kind: 'PAYABLE', periodFrom: '2026-02-26', periodTo: '2026-03-25', totalAmount: '30.00', carrierId: p.id, clientId: null });
    expect(d.code).toMatch(/^AP202603-/);
    const bad = await api('POST', 'statement/generate', { kind: 'PAYABLE', period: '2026-13', partyId: p.id });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.period).toBe(zh('validation.period'));
    expect((await api('POST', 'statement/generate', { kind: 'PAYABLE', period: '2026-03', partyId: 99999999 })).status).toBe(404);
  });

  it('every party of a period in one background job with its progress; parties already stated are left as they are', async () => {
    const a = await party('PAYABLE');
    const b = await party('PAYABLE');
    await charges(a, ['1.00', '2.00'], '2026-06-03T04:00:00Z');
    await charges(b, ['3.00'], '2026-06-04T04:00:00Z');
    await generate(a, '2026-06');
    const started = await api('POST', 'statement/generate', { kind: 'PAYABLE', period: '2026-06' });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    expect(started.json.msg).toBe(zh('messages.settlement.queued'));
    let job: Json;
    await expect.poll(async () => (job = (await get(`statement/job/${started.json.data.id}`)).json.data).status, { timeout: 15_000, interval: 100 }).toBe('DONE');
    expect(job.progress).toEqual({ done: 4, total: 4 });
    const live = (await ctx.s.db.query<Json>(`select party_id, total_amount::text from fin_statement where kind = 'PAYABLE' and period = '2026-06' and party_id = any($1::bigint[]) order by party_id`, [[a.id, b.id]])).rows;
    expect(live.map((r) => [Number(r.party_id), r.total_amount])).toEqual([[a.id, '3.00'], [b.id, '3.00']]);
    expect(job.createdCount).toBeGreaterThanOrEqual(1);
  }, 20_000);
});

describe('statement transitions', () => {
  it('draft → sent → disputed → adjusted → confirmed, each refused where it does not apply, with its message; history and the operation log', async () => {
    const p = await party();
    await charges(p, ['100.00', '50.00', '25.00'], '2026-01-15T04:00:00Z');
    const d0 = await detail((await generate(p, '2026-01')).statementIds[0]);
    const [l1, l2, l3] = d0.lines;

    const early = await api('POST', 'statement/confirm', { id: d0.id, version: d0.version }, 'en-US');
    expect(early.status).toBe(409);
    expect(early.json.msg).toBe(en('messages.settlement.wrongStatus', { code: d0.code, status: 'Draft', action: 'confirm' }));
    expect((await api('POST', 'statement/dispute', { id: d0.id, version: 0, lines: [{ lineId: l1.id, reason: 'x', proposedAmount: 1 }] })).status).toBe(409);

    // removing a line of a draft frees its charge
    const removed = await api('POST', 'statement/removeLines', { id: d0.id, version: 0, lineIds: [l3.id] });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect(removed.json.data).toMatchObject({ lineCount: 2, totalAmount: '150.00', version: 1 });

    const stale = await api('POST', 'statement/send', { id: d0.id, version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.json.msg).toBe(zh('messages.settlement.stale', { code: d0.code }));
    const sent = await api('POST', 'statement/send', { id: d0.id, version: 1 });
    expect(sent.json.data).toMatchObject({ status: 'SENT', version: 2 });
    expect(sent.json.msg).toBe(zh('messages.settlement.sendOk'));
    expect((await api('POST', 'statement/send', { id: d0.id, version: 2 })).status).toBe(409);
    expect((await api('POST', 'statement/resolve', { id: d0.id, version: 2, decisions: [{ lineId: l1.id, accept: true }] })).status).toBe(409);

    const badDispute = await api('POST', 'statement/dispute', { id: d0.id, version: 2, lines: [{ lineId: l1.id, reason: '', proposedAmount: '1.234' }] });
    expect(badDispute.status).toBe(400);
    expect(badDispute.json.errors).toMatchObject({ 'lines.0.reason': zh('validation.required'), 'lines.0.proposedAmount': zh('validation.money') });
    const notMine = await api('POST', 'statement/dispute', { id: d0.id, version: 2, lines: [{ lineId: l3.id, reason: '少算', proposedAmount: 1 }] });
    expect(notMine.status).toBe(400);
    expect(notMine.json.msg).toBe(zh('messages.settlement.lineNotInStatement', { id: l3.id }));

    const disputed = await api('POST', 'statement/dispute', {
      id: d0.id, version: 2,
      lines: [{ lineId: l1.id, reason: '承运商对账单为 90 元', proposedAmount: '90.00' }, { lineId: l2.id, reason: '重量有误', proposedAmount: 40 }],
    });
    expect(disputed.status, JSON.stringify(disputed.json)).toBe(200);
    expect(disputed.json.data).toMatchObject({ status: 'DISPUTED', version: 3 });
    expect((await api('POST', 'statement/confirm', { id: d0.id, version: 3 })).status).toBe(409);

    // one decision: still disputed; the other: adjusted
    const half = await api('POST', 'statement/resolve', { id: d0.id, version: 3, decisions: [{ lineId: l1.id, accept: true, remark: '同意' }] });
    expect(half.json.data).toMatchObject({ status: 'DISPUTED', version: 4, totalAmount: '140.00', adjustAmount: '-10.00', chargeAmount: '150.00' });
    const again = await api('POST', 'statement/resolve', { id: d0.id, version: 4, decisions: [{ lineId: l1.id, accept: false }] });
    expect(again.status).toBe(409);
    expect(again.json.msg).toBe(zh('messages.settlement.notDisputed', { id: l1.id }));
    const done = await api('POST', 'statement/resolve', { id: d0.id, version: 4, decisions: [{ lineId: l2.id, accept: false, remark: '以过磅单为准' }] });
    expect(done.json.data).toMatchObject({ status: 'ADJUSTED', totalAmount: '140.00' });
    const d1 = await detail(d0.id);
    const orig = d1.lines.find((l: Json) => l.id === l1.id);
    expect(orig).toMatchObject({ lineType: 'CHARGE', amount: '100.00', disputeStatus: 'ACCEPTED', proposedAmount: '90.00' });
    expect(d1.lines.find((l: Json) => l.lineType === 'ADJUSTMENT')).toMatchObject({ amount: '-10.00', adjustsLineId: l1.id, remark: '承运商对账单为 90 元' });
    expect(d1.lines.find((l: Json) => l.id === l2.id)).toMatchObject({ disputeStatus: 'REJECTED', amount: '50.00' });

    const conf = await api('POST', 'statement/confirm', { id: d0.id, version: d1.version });
    expect(conf.json.data.status).toBe('CONFIRMED');
    const frozen = await api('POST', 'statement/removeLines', { id: d0.id, version: conf.json.data.version, lineIds: [l2.id] }, 'en-US');
    expect(frozen.status).toBe(409);
    expect(frozen.json.msg).toBe(en('messages.settlement.frozen', { code: d0.code }));

    const d2 = await detail(d0.id);
    expect(d2.events.map((e: Json) => `${e.action}:${e.fromStatus ?? ''}>${e.toStatus}`)).toEqual([
      'GENERATE:>DRAFT', 'REMOVE_LINES:DRAFT>DRAFT', 'SEND:DRAFT>SENT', 'DISPUTE:SENT>DISPUTED', 'RESOLVE:DISPUTED>DISPUTED', 'RESOLVE:DISPUTED>ADJUSTED', 'CONFIRM:ADJUSTED>CONFIRMED',
    ]);
    expect(d2.events.every((e: Json) => e.createBy)).toBe(true);
    const logged = await one(`select count(*)::int as n from sys_oper_log where title = 'statement' and business_type = 'CONFIRM' and status = '0'`);
    expect(logged.n).toBeGreaterThanOrEqual(1);
    // the freed charge goes to the next statement of the party
    expect((await generate(p, '2026-02')).lineCount).toBe(1);
  });

  it('void before invoicing, with a reason: its charges are free again; a voided statement does nothing more', async () => {
    const { p, s } = await sentStatement(['12.34']);
    const noReason = await api('POST', 'statement/void', { id: s.id, version: s.version, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors.reason).toBe(zh('validation.required'));
    const v = await api('POST', 'statement/void', { id: s.id, version: s.version, reason: '期间错误' });
    expect(v.json.data).toMatchObject({ status: 'VOID', voidReason: '期间错误' });
    expect((await api('POST', 'statement/send', { id: s.id, version: v.json.data.version })).status).toBe(409);
    const regen = await generate(p, '2026-01');
    expect(regen).toMatchObject({ createdCount: 1, lineCount: 1 });
  });

  it('two users confirming and disputing the same statement at once: one wins, the other gets 409', async () => {
    const { s } = await sentStatement(['10.00', '20.00']);
    const [a, b] = await Promise.all([
      api('POST', 'statement/confirm', { id: s.id, version: s.version }),
      api('POST', 'statement/dispute', { id: s.id, version: s.version, lines: [{ lineId: s.lines[0].id, reason: '不对', proposedAmount: 5 }] }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect([zh('messages.settlement.stale', { code: s.code }), zh('messages.settlement.wrongStatus', { code: s.code, status: '已确认', action: '提出争议' }), zh('messages.settlement.wrongStatus', { code: s.code, status: '有争议', action: '确认' })]).toContain(loser.json.msg);
    const d = await detail(s.id);
    expect(d.version).toBe(s.version + 1);
    expect(d.status).toBe(a.status === 200 ? 'CONFIRMED' : 'DISPUTED');
  });
});

describe('invoices, payments, open amounts and aging', () => {
  it('invoices up to the open amount, writes payments off partly, settles; refusals with their messages', async () => {
    const { p, s } = await confirmed(['600.00', '400.00']);
    const { s: other } = await confirmed(['5.00']);
    const inv = (body: Json, lang = 'zh-CN') => api('POST', 'invoice/register', { kind: 'RECEIVABLE', invoiceDate: '2026-02-01', invoiceType: 'SPECIAL', taxRate: 9, ...body }, lang);

    const over = await inv({ invoiceNo: `I${rand(6)}`, allocations: [{ statementId: s.id, amount: '1000.01' }] });
    expect(over.status).toBe(409);
    expect(over.json.msg).toBe(zh('messages.settlement.overInvoice', { amount: '1000.01', code: s.code, open: '1000.00' }));
    const mixed = await inv({ invoiceNo: `I${rand(6)}`, allocations: [{ statementId: s.id, amount: 1 }, { statementId: other.id, amount: 1 }] });
    expect(mixed.status).toBe(400);
    expect(mixed.json.msg).toBe(zh('messages.settlement.partyMismatch'));

    const no1 = `I${rand(6)}`;
    const i1 = await inv({ invoiceNo: no1, allocations: [{ statementId: s.id, amount: '654.00' }] });
    expect(i1.status, JSON.stringify(i1.json)).toBe(200);
    expect(i1.json.data).toMatchObject({ amount: '654.00', taxAmount: '54.00' });
    expect((await detail(s.id))).toMatchObject({ status: 'CONFIRMED', invoicedAmount: '654.00', openAmount: '346.00' });
    const dup = await inv({ invoiceNo: no1, allocations: [{ statementId: s.id, amount: 1 }] });
    expect(dup.status).toBe(409);
    expect(dup.json.errors.invoiceNo).toBe(zh('messages.settlement.duplicateInvoice', { no: no1 }));
    const i2 = await inv({ invoiceNo: `I${rand(6)}`, invoiceType: 'ORDINARY', invoiceDate: '2025-10-01', allocations: [{ statementId: s.id, amount: '346.00' }] });
    expect((await detail(s.id))).toMatchObject({ status: 'INVOICED', openAmount: '0.00', unpaidAmount: '1000.00' });
    const more = await inv({ invoiceNo: `I${rand(6)}`, allocations: [{ statementId: s.id, amount: 1 }] }, 'en-US');
    expect(more.status).toBe(409);
    expect(more.json.msg).toBe(en('messages.settlement.notConfirmed', { code: s.code, status: 'Invoiced' }));
    // a void before invoicing only
    const sv = await detail(s.id);
    expect((await api('POST', 'statement/void', { id: s.id, version: sv.version, reason: 'x' })).status).toBe(409);

    // a payment of 500 written off partly: 300 against the first invoice
    const pay = await api('POST', 'payment/register', { kind: 'RECEIVABLE', partyId: p.id, paymentNo: `P${rand(6)}`, payDate: '2026-02-10', amount: 500, method: 'TRANSFER', writeOffs: [{ invoiceId: i1.json.data.id, amount: '300' }] });
    expect(pay.status, JSON.stringify(pay.json)).toBe(200);
    expect(pay.json.data).toMatchObject({ amount: '500.00', applied: '300.00' });
    expect((await detail(s.id))).toMatchObject({ status: 'INVOICED', paidAmount: '300.00', unpaidAmount: '700.00' });
    const tooMuch = await api('POST', 'payment/writeOff', { paymentId: pay.json.data.id, invoiceId: i1.json.data.id, amount: '354.01' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.msg).toBe(zh('messages.settlement.overInvoiceOpen', { amount: '354.01', no: no1, open: '354.00' }));
    const beyondPayment = await api('POST', 'payment/writeOff', { paymentId: pay.json.data.id, invoiceId: i2.json.data.id, amount: '200.01' });
    expect(beyondPayment.json.msg).toBe(zh('messages.settlement.overPayment', { amount: '200.01', no: pay.json.data && (await one(`select payment_no from fin_payment where id = $1`, [pay.json.data.id])).payment_no, open: '200.00' }));
    const hasPay = await api('POST', 'invoice/void', { id: i1.json.data.id, version: (await one(`select version from fin_invoice where id = $1`, [i1.json.data.id])).version, reason: '开错' });
    expect(hasPay.status).toBe(409);
    expect(hasPay.json.msg).toBe(zh('messages.settlement.invoiceHasPayments', { no: no1 }));

    // void the second invoice: the statement is open again; nothing can be written off against it
    const v2 = await api('POST', 'invoice/void', { id: i2.json.data.id, version: (await one(`select version from fin_invoice where id = $1`, [i2.json.data.id])).version, reason: '作废重开' });
    expect(v2.status, JSON.stringify(v2.json)).toBe(200);
    expect((await detail(s.id))).toMatchObject({ status: 'CONFIRMED', invoicedAmount: '654.00' });
    const onVoid = await api('POST', 'payment/writeOff', { paymentId: pay.json.data.id, invoiceId: i2.json.data.id, amount: 1 }, 'en-US');
    expect(onVoid.status).toBe(409);
    expect(onVoid.json.msg).toBe(en('messages.settlement.writeOffVoid', { no: (await one(`select invoice_no from fin_invoice where id = $1`, [i2.json.data.id])).invoice_no }));

    // invoice the rest again (an old invoice date for the aging) and pay everything
    const i3 = await inv({ invoiceNo: `I${rand(6)}`, invoiceDate: '2025-10-01', allocations: [{ statementId: s.id, amount: '346.00' }] });
    expect((await api('POST', 'payment/writeOff', { paymentId: pay.json.data.id, invoiceId: i1.json.data.id, amount: '200' })).status).toBe(200);

    const aging = await get('settlement/aging', { kind: 'RECEIVABLE', partyId: p.id, asOf: '2026-02-20' });
    expect(aging.status, JSON.stringify(aging.json)).toBe(200);
    expect(aging.json.data).toEqual([{ partyId: p.id, partyName: `RECEIVABLE ${p.code}`, d0_30: '154.00', d31_60: '0.00', d61_90: '0.00', d90plus: '346.00', total: '500.00' }]);
    const open = await get('settlement/open', { kind: 'RECEIVABLE', partyId: p.id });
    expect(open.json.data).toEqual([{ partyId: p.id, partyName: `RECEIVABLE ${p.code}`, statements: 1, totalAmount: '1000.00', invoicedAmount: '1000.00', paidAmount: '500.00', openAmount: '0.00', unpaidAmount: '500.00' }]);
    const xlsx = await ctx.s.api('GET', '/api/finance/settlement/aging/export', { token: ctx.admin, query: { kind: 'RECEIVABLE', partyId: p.id, asOf: '2026-02-20' } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.body.subarray(0, 2).toString('latin1')).toBe('PK');

    const rest = await api('POST', 'payment/register', { kind: 'RECEIVABLE', partyId: p.id, paymentNo: `P${rand(6)}`, payDate: '2026-02-21', amount: '500.00', writeOffs: [{ invoiceId: i1.json.data.id, amount: 154 }, { invoiceId: i3.json.data.id, amount: 346 }] });
    expect(rest.status, JSON.stringify(rest.json)).toBe(200);
    const settled = await detail(s.id);
    expect(settled).toMatchObject({ status: 'SETTLED', paidAmount: '1000.00', unpaidAmount: '0.00' });
    expect(settled.events.slice(-1)[0]).toMatchObject({ action: 'SETTLE', fromStatus: 'INVOICED', toStatus: 'SETTLED' });
  });

  it('money is conserved: charges = statement lines = invoiced + open; written off never more than invoiced or paid (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 100 }),
        async (cents, invoiceShares, payPct) => {
          const amounts = cents.map((c) => new Decimal(c).dividedBy(100).toFixed(2));
          const total = amounts.reduce((s, a) => s.plus(a), new Decimal(0));
          const { p, s } = await confirmed(amounts, 'PAYABLE');
          expect(s.totalAmount).toBe(total.toFixed(2));
          // invoices: shares of the total (the last takes what is left of a whole-cent split), each at most the open amount
          const weights = invoiceShares.reduce((x, y) => x + y, 0);
          let invoiced = new Decimal(0);
          const invoices: { id: number; amount: Decimal }[] = [];
          for (const w of invoiceShares) {
            const a = total.times(w).dividedBy(weights).toDecimalPlaces(2, Decimal.ROUND_DOWN);
            if (a.lte(0)) continue;
            const r = await api('POST', 'invoice/register', { kind: 'PAYABLE', invoiceNo: `I${rand(8)}`, invoiceDate: '2026-02-01', invoiceType: 'SPECIAL', taxRate: 9, allocations: [{ statementId: s.id, amount: a.toFixed(2) }] });
            expect(r.status, JSON.stringify(r.json)).toBe(200);
            invoiced = invoiced.plus(a);
            invoices.push({ id: r.json.data.id, amount: a });
          }
          const paid = invoiced.times(payPct).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
          if (paid.gt(0)) {
            let left = paid;
            const writeOffs = invoices.map((i) => {
              const take = Decimal.min(left, i.amount);
              left = left.minus(take);
              return { invoiceId: i.id, amount: take.toFixed(2) };
            }).filter((w) => new Decimal(w.amount).gt(0));
            const r = await api('POST', 'payment/register', { kind: 'PAYABLE', partyId: p.id, paymentNo: `P${rand(8)}`, payDate: '2026-02-10', amount: paid.toFixed(2), writeOffs });
            expect(r.status, JSON.stringify(r.json)).toBe(200);
          }
          const d = await detail(s.id);
          const sums = await one(
            `select (select sum(amount) from fin_charge where contract_id = $1)::text as charges,
                    (select sum(amount) from fin_statement_line where statement_id = $2)::text as lines,
                    (select coalesce(sum(amount), 0) from fin_invoice_statement where statement_id = $2)::text as invoiced,
                    (select coalesce(sum(w.amount), 0) from fin_payment_writeoff w join fin_invoice i on i.id = w.invoice_id join fin_invoice_statement l on l.invoice_id = i.id where l.statement_id = $2)::text as written`,
            [p.contractId, s.id],
          );
          expect(new Decimal(sums.charges).toFixed(2)).toBe(total.toFixed(2));
          expect(new Decimal(sums.lines).toFixed(2)).toBe(total.toFixed(2));
          expect(new Decimal(d.invoicedAmount).plus(d.openAmount).toFixed(2)).toBe(d.totalAmount);
          expect(new Decimal(d.invoicedAmount).toFixed(2)).toBe(new Decimal(sums.invoiced).toFixed(2));
          expect(new Decimal(sums.written).lte(sums.invoiced)).toBe(true);
          expect(new Decimal(d.paidAmount).toFixed(2)).toBe(paid.toFixed(2));
          expect(d.status).toBe(invoiced.eq(total) ? (paid.eq(total) ? 'SETTLED' : 'INVOICED') : 'CONFIRMED');
        },
      ),
      { numRuns: 6 },
    );
  }, 60_000);
});

describe('paper receipts', () => {
  it('scanned codes move each receipt one step, each code answering on its own; overdue lists the receipts not back', async () => {
    const w1 = await makeWaybill(ctx.s.db);
    const w2 = await makeWaybill(ctx.s.db);
    await ctx.s.db.query(`update tms_waybill set ata = now() - interval '10 days' where id = any($1::bigint[])`, [[w1.waybillId, w2.waybillId]]);
    const overdue = async () => ((await get('paperReceipt/overdue', { days: 7, pageSize: 500 })).json.rows as Json[]).map((r) => r.waybillCode);
    expect(await overdue()).toEqual(expect.arrayContaining([w1.code, w2.code]));

    const scan = (action: string, codes: string[], reason?: string) => api('POST', 'paperReceipt/scan', { action, codes, reason });
    const s1 = await scan('SIGN', [w1.code, 'NO-SUCH-CODE']);
    expect(s1.status, JSON.stringify(s1.json)).toBe(200);
    expect(s1.json.msg).toBe(zh('messages.settlement.scanOk', { ok: 1, failed: 1 }));
    expect(s1.json.data).toEqual([
      { code: w1.code, ok: true, status: 'SIGNED', message: null },
      { code: 'NO-SUCH-CODE', ok: false, status: null, message: zh('messages.settlement.receiptNotFound', { code: 'NO-SUCH-CODE' }) },
    ]);
    const ret = await scan('RETURN', [w1.code, w2.code]);
    expect(ret.json.data.map((r: Json) => r.status)).toEqual(['RETURNED', 'RETURNED']);
    expect(await overdue()).not.toContain(w1.code);
    const twice = await scan('SIGN', [w1.code]);
    expect(twice.json.data[0]).toMatchObject({ ok: false, message: zh('messages.settlement.receiptWrongStatus', { code: w1.code, status: '已返回', action: '签收' }) });
    expect((await scan('HAND', [w1.code])).json.data[0].status).toBe('HANDED');
    const lost = await scan('LOST', [w2.code]);
    expect(lost.status).toBe(400);
    expect(lost.json.errors.reason).toBe(zh('messages.settlement.lostReason'));
    expect((await scan('LOST', [w2.code], '司机遗失')).json.data[0].status).toBe('LOST');
    const row = await one(`select status, lost_reason, handed_time is not null as handed from fin_paper_receipt where waybill_id = $1`, [w2.waybillId]);
    expect(row).toMatchObject({ status: 'LOST', lost_reason: '司机遗失' });
  });
});
