/**
 * Invoices, payments and aging (issue 15). An invoice (issued for receivables, received for payables)
 * covers one or more confirmed statements of one party: each allocation at most the statement's open
 * amount (total − invoiced). A payment (receipt or payment out) is written off against valid invoices of
 * its party, partly if need be: never more than what is left of the payment nor of the invoice. A
 * statement whose total is invoiced is INVOICED; once its invoices' written-off share covers it, SETTLED
 * (an invoice's written-off amount fills its statements in the order of its allocations). Open amounts
 * and the aging report (0–30, 31–60, 61–90, > 90 days since the invoice date) are aggregated in SQL.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { getResource, SettlementApi as S, shareWrittenOff, taxIncluded } from '@tms/domain';
import { loadExcel } from '../../platform/excel.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Caller } from '../../platform/auth.ts';
import { centerOf, requireCaller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { translate } from '../../platform/i18n.ts';
import { route } from '../../platform/contract.ts';
import { getInScope, getManyInScope, scopeOf, type Row } from '../../platform/resource-engine.ts';
import { partyDefOf, statementDef, statusText } from './settlement.ts';

const invoiceDef = getResource('invoice');
const paymentDef = getResource('payment');
const D = (v: unknown) => new Decimal(String(v ?? 0));

/**
 * Brings statements in line with their invoices and payments: invoiced and paid amounts, and the status
 * CONFIRMED ↔ INVOICED ↔ SETTLED (each change a statement event).
 */
export async function syncStatements(q: Queryable, caller: Caller, ids: number[], reason: string): Promise<void> {
  if (!ids.length) return;
  // the statements and invoices of the caller's center (whose scope found them)
  const center = centerOf(caller);
  const links = (
    await q.query<{ statement_id: number; invoice_id: number; amount: string; written_off: string }>(
      `select l.statement_id, l.invoice_id, l.amount::text, i.written_off::text from fin_invoice_statement l join fin_invoice i on i.id = l.invoice_id and i.dispatch_center_id = $2 and i.status = 'VALID'
        where l.invoice_id in (select invoice_id from fin_invoice_statement where statement_id = any($1::bigint[])) order by l.invoice_id, l.id`,
      [ids, center],
    )
  ).rows;
  const invoiced = new Map<number, Decimal>();
  const paid = new Map<number, Decimal>();
  const byInvoice = new Map<number, typeof links>();
  for (const l of links) byInvoice.set(Number(l.invoice_id), [...(byInvoice.get(Number(l.invoice_id)) ?? []), l]);
  for (const list of byInvoice.values()) {
    const shares = invoiceShares(list[0]!.written_off, list.map((l) => l.amount));
    list.forEach((l, i) => {
      const sid = Number(l.statement_id);
      invoiced.set(sid, (invoiced.get(sid) ?? new Decimal(0)).plus(l.amount));
      paid.set(sid, (paid.get(sid) ?? new Decimal(0)).plus(shares[i]!));
    });
  }
  const rows = (await q.query<Row>(`select id, status, total_amount::text from fin_statement where id = any($1::bigint[]) and dispatch_center_id = $2 order by id for update`, [ids, center])).rows;
  for (const s of rows) {
    const inv = invoiced.get(Number(s.id)) ?? new Decimal(0);
    const pay = paid.get(Number(s.id)) ?? new Decimal(0);
    const total = D(s.total_amount);
    let status = String(s.status);
    if (['CONFIRMED', 'INVOICED', 'SETTLED'].includes(status)) status = covers(inv, total) ? (covers(pay, total) ? 'SETTLED' : 'INVOICED') : 'CONFIRMED';
    const moved = status !== s.status;
    await q.query(`update fin_statement set invoiced_amount = $2, paid_amount = $3, status = $4${moved ? ', version = version + 1, update_by = $6, update_time = now()' : ''} where id = $1 and dispatch_center_id = $5`, [
      s.id, inv.toFixed(2), pay.toFixed(2), status, center, ...(moved ? [caller.userName] : []),
    ]);
    if (moved)
      await q.query(`insert into fin_statement_event(statement_id, action, from_status, to_status, reason, create_by) values ($1, $2, $3, $4, $5, $6)`, [s.id, status === 'SETTLED' ? 'SETTLE' : status === 'INVOICED' ? 'INVOICE' : 'REOPEN', s.status, status, reason.slice(0, 200), caller.userName]);
  }
}

const money = (v: Decimal) => v.toFixed(2);

/** Does `x` reach a statement's total, on its side of zero (a statement of credits totals below zero)? */
const covers = (x: Decimal, total: Decimal) => (total.gte(0) ? x.gte(total) : x.lte(total));

/**
 * What each statement of an invoice has been paid by it: an allocation to a statement of credits (below zero: netted
 * on a blue invoice, or a red-letter invoice's) is settled by the invoice itself, in full; the invoice's written-off
 * amount plus those credits then fill the other allocations in their order.
 */
export function invoiceShares(writtenOff: Decimal.Value, allocations: Decimal.Value[]): string[] {
  const credits = allocations.reduce<Decimal>((s, a) => (D(a).lt(0) ? s.plus(D(a)) : s), new Decimal(0));
  const owed = allocations.map((a) => (D(a).lt(0) ? '0' : a));
  const filled = shareWrittenOff(D(writtenOff).minus(credits), owed);
  return allocations.map((a, i) => (D(a).lt(0) ? D(a).toFixed(2) : filled[i]!));
}

/**
 * Whether a party's invoice number is registered already (not void), in any center: an invoice number is the party's
 * (or the tax office's), one paper, so a second center may not register it again (cross-center, listed in
 * apps/server/test/distribution.ts: a multi-shard lookup by party and number).
 */
async function invoiceNoTaken(q: Queryable, kind: string, partyId: number, invoiceNo: string): Promise<boolean> {
  return (await q.query(`select 1 from fin_invoice where kind = $1 and party_id = $2 and invoice_no = $3 and status <> 'VOID'`, [kind, partyId, invoiceNo])).rows.length > 0;
}

/** The statements an invoice covers. */
async function statementsOfInvoice(q: Queryable, invoiceId: unknown): Promise<number[]> {
  return (await q.query<{ statement_id: number }>(`select statement_id from fin_invoice_statement where invoice_id = $1`, [invoiceId])).rows.map((r) => Number(r.statement_id));
}

/** Writes `amount` of a payment off against an invoice (both locked, checked). */
async function writeOff(q: Queryable, req: FastifyRequest, caller: Caller, payment: Row, invoiceId: number, amount: string, field: string): Promise<void> {
  const inv = await getInScope(q, invoiceDef, caller, invoiceId, true);
  if (inv.status !== 'VALID') throw conflict('messages.settlement.writeOffVoid', { no: inv.invoice_no });
  if (inv.red_of !== null) throw conflict('messages.settlement.writeOffRed', { no: inv.invoice_no });
  if (inv.kind !== payment.kind || Number(inv.party_id) !== Number(payment.party_id) || Number(inv.dispatch_center_id) !== Number(payment.dispatch_center_id))
    throw badRequest('messages.settlement.writeOffParty', { [field]: { key: 'messages.settlement.writeOffParty' } });
  const a = D(amount);
  const invOpen = D(inv.amount).minus(D(inv.written_off));
  if (a.gt(invOpen)) throw conflict('messages.settlement.overInvoiceOpen', { amount: money(a), no: inv.invoice_no, open: money(invOpen) }, { [field]: { key: 'messages.settlement.overInvoiceOpen', params: { amount: money(a), no: inv.invoice_no, open: money(invOpen) } } });
  const payOpen = D(payment.amount).minus(D(payment.applied));
  if (a.gt(payOpen)) throw conflict('messages.settlement.overPayment', { amount: money(a), no: payment.payment_no, open: money(payOpen) }, { [field]: { key: 'messages.settlement.overPayment', params: { amount: money(a), no: payment.payment_no, open: money(payOpen) } } });
  await q.query(`insert into fin_payment_writeoff(payment_id, invoice_id, amount, create_by) values ($1, $2, $3, $4)`, [payment.id, invoiceId, a.toFixed(2), caller.userName]);
  await q.query(`update fin_invoice set written_off = written_off + $2, update_by = $3, update_time = now(), version = version + 1 where id = $1 and dispatch_center_id = $4`, [invoiceId, a.toFixed(2), caller.userName, inv.dispatch_center_id]);
  const upd = await q.query<Row>(`update fin_payment set applied = applied + $2, update_by = $3, update_time = now(), version = version + 1 where id = $1 and dispatch_center_id = $4 returning applied::text`, [
    payment.id, a.toFixed(2), caller.userName, payment.dispatch_center_id,
  ]);
  payment.applied = upd.rows[0]!.applied;
  await syncStatements(q, caller, await statementsOfInvoice(q, invoiceId), String(payment.payment_no));
  void req;
}

/** `where` of the statements / invoices of a kind in the caller's scope, optionally one party. */
function partyWhere(def: typeof statementDef, caller: Caller, kind: string, partyId: number | undefined, params: unknown[], alias: string): string {
  params.push(kind);
  const where = [`${alias}.kind = $${params.length}`, ...scopeOf(def, caller, params, alias)];
  if (partyId) {
    params.push(partyId);
    where.push(`${alias}.party_id = $${params.length}`);
  }
  return where.join(' and ');
}

/**
 * The blue invoice a red-letter one reverses, locked and checked: valid, not itself red, of the same party, kind and
 * center and of the same type (a special one names its red-letter form), with enough left to reverse (its amount less the
 * valid red-letter invoices against it) and open (not written off) to apply the red amount against.
 */
async function redOriginal(q: Queryable, req: FastifyRequest, caller: Caller, b: z.output<typeof S.InvoiceRegister>, first: Row, total: Decimal): Promise<Row> {
  const o = await getInScope(q, invoiceDef, caller, b.redOf!, true);
  const fail = (key: string, params: Record<string, unknown>, field = 'redOf') => conflict(`messages.settlement.${key}`, params, { [field]: { key: `messages.settlement.${key}`, params } });
  if (o.status !== 'VALID' || o.red_of !== null) throw fail('redOfInvalid', { no: o.invoice_no });
  if (o.kind !== b.kind || Number(o.party_id) !== Number(first.party_id) || Number(o.dispatch_center_id) !== Number(first.dispatch_center_id)) throw fail('redOfParty', {});
  if (o.invoice_type !== b.invoiceType) throw fail('redType', { no: o.invoice_no, type: translate(req.lang, `dicts.fin_invoice_type.${String(o.invoice_type)}`) }, 'invoiceType');
  if (o.invoice_type === 'SPECIAL' && !b.redInfoNo) throw badRequest('messages.settlement.redInfoRequired', { redInfoNo: { key: 'messages.settlement.redInfoRequired' } });
  const reversed = (await q.query<{ r: string }>(`select coalesce(sum(amount), 0)::text as r from fin_invoice where red_of = $1 and dispatch_center_id = $2 and status = 'VALID'`, [o.id, o.dispatch_center_id])).rows[0]!.r;
  const left = D(o.amount).plus(reversed);
  const amount = total.abs();
  if (amount.gt(left)) throw fail('redOverOriginal', { amount: money(total), no: o.invoice_no, left: money(left) });
  const open = D(o.amount).minus(D(o.written_off));
  if (amount.gt(open)) throw fail('redOverOpen', { amount: money(total), no: o.invoice_no, open: money(open) });
  return o;
}

const AGING_SQL = (where: string, asOf: string) => `
  select i.party_id, coalesce(cl.name, ca.name) as party_name,
         coalesce(sum(o.open) filter (where o.days <= 30), 0)::numeric(18,2)::text as d0_30,
         coalesce(sum(o.open) filter (where o.days between 31 and 60), 0)::numeric(18,2)::text as d31_60,
         coalesce(sum(o.open) filter (where o.days between 61 and 90), 0)::numeric(18,2)::text as d61_90,
         coalesce(sum(o.open) filter (where o.days > 90), 0)::numeric(18,2)::text as d90plus,
         sum(o.open)::text as total
    from fin_invoice i
    cross join lateral (select i.amount - i.written_off as open, (${asOf}::date - i.invoice_date) as days) o
    left join base_client cl on cl.id = i.client_id left join base_carrier ca on ca.id = i.carrier_id
   where ${where} and i.status = 'VALID' and i.written_off < i.amount and i.invoice_date <= ${asOf}::date
   group by i.party_id, coalesce(cl.name, ca.name)
   order by sum(o.open) desc, i.party_id`;

async function aging(db: Db, caller: Caller, query: z.output<typeof S.AgingQuery>) {
  const params: unknown[] = [];
  const where = partyWhere(invoiceDef, caller, query.kind, query.partyId, params, 'i');
  params.push(query.asOf ?? new Date().toISOString().slice(0, 10));
  return (await db.query<Row>(AGING_SQL(where, `$${params.length}`), params)).rows.map((r) => ({
    partyId: Number(r.party_id), partyName: (r.party_name as string) ?? null, d0_30: String(r.d0_30), d31_60: String(r.d31_60), d61_90: String(r.d61_90), d90plus: String(r.d90plus), total: String(r.total),
  }));
}

export function registerSettlementMoneyRoutes(app: FastifyInstance, db: Db): void {
  route(app, S.endpoints.invoiceRegister, async (req) => {
    const caller = requireCaller(req);
    const b = req.body;
    const data = await mutate(db, req, { title: 'invoice', businessType: 'INSERT' }, async (q) => {
      const ids = b.allocations.map((a) => a.statementId);
      if (new Set(ids).size !== ids.length) throw badRequest('messages.validationFailed', { allocations: { key: 'validation.invalid' } });
      const rows = await getManyInScope(q, statementDef, caller, [...ids].sort((x, y) => x - y));
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      const first = byId.get(ids[0]!)!;
      for (const r of rows)
        if (r.kind !== b.kind || Number(r.party_id) !== Number(first.party_id) || Number(r.dispatch_center_id) !== Number(first.dispatch_center_id) || r.currency !== first.currency)
          throw badRequest('messages.settlement.partyMismatch', { allocations: { key: 'messages.settlement.partyMismatch' } });
      const red = b.redOf !== undefined;
      let total = new Decimal(0);
      for (const [i, a] of b.allocations.entries()) {
        const s = byId.get(a.statementId)!;
        if (s.status !== 'CONFIRMED') throw conflict('messages.settlement.notConfirmed', { code: s.code, status: statusText(req.lang, s.status) });
        const open = D(s.total_amount).minus(D(s.invoiced_amount));
        const amount = D(a.amount);
        const field = `allocations.${i}.amount`;
        // a statement that is owed takes a positive amount, a statement of credits a negative one, each at most its open amount
        if (open.isZero() || amount.isNeg() !== open.isNeg()) {
          const params = { code: s.code, open: open.toFixed(2) };
          throw conflict('messages.settlement.allocationSign', params, { [field]: { key: 'messages.settlement.allocationSign', params } });
        }
        if (amount.abs().gt(open.abs())) {
          const params = { amount: amount.toFixed(2), code: s.code, open: open.toFixed(2) };
          throw conflict('messages.settlement.overInvoice', params, { [field]: { key: 'messages.settlement.overInvoice', params } });
        }
        if (red && amount.gt(0)) throw conflict('messages.settlement.redCreditsOnly', { code: s.code }, { [field]: { key: 'messages.settlement.redCreditsOnly', params: { code: s.code } } });
        total = total.plus(amount);
      }
      // a blue invoice is above zero: credits are netted against what the party owes on another statement
      if (!red && total.lte(0)) {
        const params = { amount: total.toFixed(2) };
        throw conflict('messages.settlement.netNotPositive', params, { allocations: { key: 'messages.settlement.netNotPositive', params } });
      }
      const original = red ? await redOriginal(q, req, caller, b, first, total) : null;
      if (await invoiceNoTaken(q, b.kind, Number(first.party_id), b.invoiceNo)) throw conflict('messages.settlement.duplicateInvoice', { no: b.invoiceNo }, { invoiceNo: { key: 'messages.settlement.duplicateInvoice', params: { no: b.invoiceNo } } });
      const tax = b.taxAmount ?? taxIncluded(total, b.taxRate);
      if (!D(tax).isZero() && D(tax).isNeg() !== total.isNeg()) throw badRequest('messages.settlement.taxSign', { taxAmount: { key: 'messages.settlement.taxSign' } });
      const inv = (
        await q.query<{ id: number }>(
          `insert into fin_invoice(dispatch_center_id, kind, client_id, carrier_id, party_id, invoice_no, invoice_date, invoice_type, amount, tax_rate, tax_amount, remark, create_by, red_of, red_info_no, written_off)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id`,
          [first.dispatch_center_id, b.kind, first.client_id, first.carrier_id, first.party_id, b.invoiceNo, b.invoiceDate, b.invoiceType, total.toFixed(2), b.taxRate, tax, b.remark, caller.userName,
            original?.id ?? null, b.redInfoNo || null, red ? total.toFixed(2) : '0'],
        )
      ).rows[0]!;
      for (const a of b.allocations) await q.query(`insert into fin_invoice_statement(invoice_id, statement_id, amount) values ($1, $2, $3)`, [inv.id, a.statementId, a.amount]);
      // a red-letter invoice is applied against its original at once: the party owes that much less on it
      if (original)
        await q.query(`update fin_invoice set written_off = written_off - $2::numeric, update_by = $3, update_time = now(), version = version + 1 where id = $1 and dispatch_center_id = $4`, [
          original.id, total.toFixed(2), caller.userName, original.dispatch_center_id,
        ]);
      await syncStatements(q, caller, [...ids, ...(original ? await statementsOfInvoice(q, original.id) : [])], b.invoiceNo);
      return { id: Number(inv.id), amount: total.toFixed(2), taxAmount: new Decimal(tax).toFixed(2) };
    });
    return ok(req, data, 'messages.settlement.invoiceOk');
  });

  route(app, S.endpoints.invoiceVoid, async (req) => {
    const caller = requireCaller(req);
    await mutate(db, req, { title: 'invoice', businessType: 'VOID' }, async (q) => {
      const inv = await getInScope(q, invoiceDef, caller, req.body.id, true);
      if (Number(inv.version) !== req.body.version) throw conflict('messages.conflictVersion');
      if (inv.status === 'VOID') throw conflict('messages.settlement.invoiceVoided', { no: inv.invoice_no });
      const reds = (await q.query<{ invoice_no: string }>(`select invoice_no from fin_invoice where red_of = $1 and dispatch_center_id = $2 and status = 'VALID' order by id limit 1`, [inv.id, inv.dispatch_center_id])).rows[0];
      if (reds) throw conflict('messages.settlement.invoiceHasRed', { no: inv.invoice_no, red: reds.invoice_no });
      if (D(inv.written_off).gt(0)) throw conflict('messages.settlement.invoiceHasPayments', { no: inv.invoice_no });
      await q.query(`update fin_invoice set status = 'VOID', void_reason = $2, update_by = $3, update_time = now(), version = version + 1 where id = $1 and dispatch_center_id = $4`, [
        inv.id, req.body.reason, caller.userName, inv.dispatch_center_id,
      ]);
      // a voided red-letter invoice no longer reduces its original (of its center: redOriginal checked it)
      if (inv.red_of !== null) {
        await q.query(`select 1 from fin_invoice where id = $1 and dispatch_center_id = $2 for update`, [inv.red_of, inv.dispatch_center_id]);
        await q.query(`update fin_invoice set written_off = written_off + $2::numeric, update_by = $3, update_time = now(), version = version + 1 where id = $1 and dispatch_center_id = $4`, [
          inv.red_of, D(inv.amount).toFixed(2), caller.userName, inv.dispatch_center_id,
        ]);
      }
      await syncStatements(q, caller, [...(await statementsOfInvoice(q, inv.id)), ...(inv.red_of !== null ? await statementsOfInvoice(q, inv.red_of) : [])], String(inv.invoice_no));
    });
    return ok(req, { id: req.body.id }, 'messages.settlement.invoiceVoidOk');
  });

  route(app, S.endpoints.paymentRegister, async (req) => {
    const caller = requireCaller(req);
    const b = req.body;
    if (!caller.dispatchCenterId) throw badRequest('messages.validationFailed', { dispatchCenterId: { key: 'validation.required' } });
    const data = await mutate(db, req, { title: 'payment', businessType: 'INSERT' }, async (q) => {
      await getInScope(q, partyDefOf(b.kind), caller, b.partyId); // 404 outside the caller's data groups
      const p = (
        await q.query<Row>(
          `insert into fin_payment(dispatch_center_id, kind, client_id, carrier_id, party_id, payment_no, pay_date, amount, method, remark, create_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
          [caller.dispatchCenterId, b.kind, b.kind === 'RECEIVABLE' ? b.partyId : null, b.kind === 'PAYABLE' ? b.partyId : null, b.partyId, b.paymentNo, b.payDate, b.amount, b.method ?? null, b.remark, caller.userName],
        )
      ).rows[0]!;
      for (const [i, w] of (b.writeOffs ?? []).entries()) await writeOff(q, req, caller, p, w.invoiceId, w.amount, `writeOffs.${i}.amount`);
      return { id: Number(p.id), amount: D(p.amount).toFixed(2), applied: D(p.applied).toFixed(2) };
    });
    return ok(req, data, 'messages.settlement.paymentOk');
  });

  route(app, S.endpoints.paymentWriteOff, async (req) => {
    const caller = requireCaller(req);
    const data = await mutate(db, req, { title: 'payment', businessType: 'WRITE_OFF' }, async (q) => {
      const p = await getInScope(q, paymentDef, caller, req.body.paymentId, true);
      await writeOff(q, req, caller, p, req.body.invoiceId, req.body.amount, 'amount');
      return { id: Number(p.id), amount: D(p.amount).toFixed(2), applied: D(p.applied).toFixed(2) };
    });
    return ok(req, data, 'messages.settlement.writeOffOk');
  });

  route(app, S.endpoints.open, async (req) => {
    const caller = requireCaller(req);
    const params: unknown[] = [];
    const where = partyWhere(statementDef, caller, req.query.kind, req.query.partyId, params, 's');
    const rows = (
      await db.query<Row>(
        `select s.party_id, coalesce(cl.name, ca.name) as party_name, count(*)::int as n, sum(s.total_amount)::text as total, sum(s.invoiced_amount)::text as invoiced, sum(s.paid_amount)::text as paid,
                sum(s.total_amount - s.invoiced_amount)::text as open, sum(s.total_amount - s.paid_amount)::text as unpaid
           from fin_statement s left join base_client cl on cl.id = s.client_id left join base_carrier ca on ca.id = s.carrier_id
          where ${where} and s.status <> 'VOID'
          group by s.party_id, coalesce(cl.name, ca.name) order by s.party_id`,
        params,
      )
    ).rows;
    return ok(req, rows.map((r) => ({ partyId: Number(r.party_id), partyName: (r.party_name as string) ?? null, statements: Number(r.n), totalAmount: String(r.total), invoicedAmount: String(r.invoiced), paidAmount: String(r.paid), openAmount: String(r.open), unpaidAmount: String(r.unpaid) })));
  });

  route(app, S.endpoints.aging, async (req) => {
    return ok(req, await aging(db, requireCaller(req), req.query));
  });

  route(app, S.endpoints.agingExport, async (req, reply) => {
    const rows = await aging(db, requireCaller(req), req.query);
    const t = (k: string) => translate(req.lang, k);
    const wb = new (await loadExcel()).Workbook();
    const ws = wb.addWorksheet(t('messages.settlement.aging.sheet'));
    ws.columns = [
      { header: t('messages.settlement.aging.party'), key: 'partyName', width: 24 },
      { header: '0–30', key: 'd0_30', width: 14 },
      { header: '31–60', key: 'd31_60', width: 14 },
      { header: '61–90', key: 'd61_90', width: 14 },
      { header: '> 90', key: 'd90plus', width: 14 },
      { header: t('messages.settlement.aging.total'), key: 'total', width: 14 },
    ];
    ws.getRow(1).font = { bold: true };
    // amounts as exact numbers with two places (their text is the exact decimal)
    for (const r of rows) ws.addRow({ partyName: r.partyName ?? r.partyId, d0_30: Number(r.d0_30), d31_60: Number(r.d31_60), d61_90: Number(r.d61_90), d90plus: Number(r.d90plus), total: Number(r.total) });
    for (const k of ['d0_30', 'd31_60', 'd61_90', 'd90plus', 'total']) ws.getColumn(k).numFmt = '#,##0.00';
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('content-disposition', 'attachment; filename="aging.xlsx"').send(buf);
  });
}
