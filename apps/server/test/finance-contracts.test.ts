/**
 * Freight contracts and rate lines (issue 14) beyond the generic suites: party by kind, DRAFT-only
 * changes, the status actions, the approval through the BPMN workflow, the expiry job, overlapping validity of effective versions refused naming the field,
 * rate lines checked as a rate card (breaks, negative price, one line per charge type and lane).
 */
import { describe, expect, it } from 'vitest';
import { getResource } from '@tms/domain';
import { centerId, checkDistributionKey, rand, type Json } from './helpers.ts';
import { call, ctx, freshId, useServer, zh } from './resource-kit.ts';
import { one } from './finance-kit.ts';
import { CONTRACT_EXPIRY_JOB, expireContracts } from '../src/modules/finance/contracts.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey();

useServer();

const contract = getResource('contract');
const rateLine = getResource('rateLine');

async function chargeTypeId(code: string): Promise<number> {
  return (await ctx.s.db.query<{ id: number }>(`select id from fin_charge_type where code = $1`, [code])).rows[0]!.id;
}
async function newContract(body: Record<string, unknown> = {}) {
  const clientId = body.clientId ?? (await freshId('client'));
  const r = await call('POST', contract, 'save', { body: { code: `C_${rand(6)}`, name: 'freight', kind: 'RECEIVABLE', clientId, validFrom: '2026-01-01', validTo: '2026-12-31', ...body } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
}
const statusOf = async (id: number) => (await ctx.s.api('GET', `/api/finance/contract/get/${id}`, { token: ctx.admin })).json.data.status;
/** the open approval task of a submitted contract */
const openTask = async (contractId: number) =>
  (await ctx.s.db.query<{ id: number }>(`select t.id from act_task t join fin_contract c on c.instance_id = t.instance_id where c.id = $1 and t.status = 'OPEN'`, [contractId])).rows[0]?.id ?? 0;
const decide = (taskId: number, approved: boolean, lang?: string) =>
  ctx.s.api('POST', `/api/act/task/${approved ? 'approve' : 'reject'}`, { token: ctx.admin, body: { id: taskId, comment: approved ? '同意' : '价格需复核' }, ...(lang ? { headers: { lang } } : {}) });
const action = (name: string, ids: number[], lang?: string) =>
  ctx.s.api('POST', `/api/finance/contract/${name}`, { token: ctx.admin, body: { ids }, ...(lang ? { headers: { lang } } : {}) });

describe('contracts', () => {
  it('a receivable contract needs its client, a payable one its carrier; the end is not before the start', async () => {
    const noClient = await call('POST', contract, 'save', { body: { code: `C_${rand(6)}`, name: 'x', kind: 'RECEIVABLE', validFrom: '2026-01-01', validTo: '2026-12-31' } });
    expect(noClient.status).toBe(400);
    expect(noClient.json.errors.clientId).toBe(zh('validation.required'));
    const noCarrier = await call('POST', contract, 'save', { body: { code: `C_${rand(6)}`, name: 'x', kind: 'PAYABLE', clientId: await freshId('client'), validFrom: '2026-01-01', validTo: '2026-12-31' } });
    expect(noCarrier.status).toBe(400);
    expect(noCarrier.json.errors.carrierId).toBe(zh('validation.required'));
    const reversed = await call('POST', contract, 'save', { body: { code: `C_${rand(6)}`, name: 'x', kind: 'RECEIVABLE', clientId: await freshId('client'), validFrom: '2026-02-01', validTo: '2026-01-01' } });
    expect(reversed.status).toBe(400);
    expect(reversed.json.errors.validTo).toBe(zh('validation.validTo'));
    const c = await newContract({ carrierId: await freshId('carrier') });
    expect(c).toMatchObject({ status: 'DRAFT', contractVersion: 1, currency: 'CNY', carrierId: null });
    const again = await call('POST', contract, 'save', { body: { code: c.code, name: 'x', kind: 'RECEIVABLE', clientId: c.clientId, validFrom: '2026-01-01', validTo: '2026-12-31' } });
    expect(again.status).toBe(409);
    expect(again.json.errors.contractVersion).toBeTruthy();
  });

  it('submit → approval task approved → effective → terminate; only drafts change; overlapping effective versions of a party are refused naming validFrom', async () => {
    const v1 = await newContract();
    expect((await action('terminate', [v1.id])).status).toBe(409);
    expect((await action('submit', [v1.id])).status).toBe(200);
    const edit = await call('POST', contract, 'update', { body: { id: v1.id, version: 1, name: 'changed', clientId: v1.clientId, validFrom: '2026-01-01', validTo: '2026-12-31' } });
    expect(edit.status).toBe(409);
    expect(edit.json.msg).toBe(zh('messages.finance.notDraft'));
    // in approval it takes effect through its task, not the action
    expect((await action('effect', [v1.id])).status).toBe(409);
    expect((await decide(await openTask(v1.id), true)).status).toBe(200);
    expect((await statusOf(v1.id))).toBe('EFFECTIVE');

    const v2 = await newContract({ code: v1.code, contractVersion: 2, clientId: v1.clientId, validFrom: '2026-06-01', validTo: '2027-05-31' });
    const overlap = await action('effect', [v2.id], 'en-US');
    expect(overlap.status).toBe(400);
    expect(overlap.json.errors.validFrom).toBe(`Overlaps the validity of effective contract ${v1.code} v1 (2026-01-01 to 2026-12-31) with the same party`);
    expect((await statusOf(v2.id))).toBe('DRAFT');
    // another client's contract over the same dates is fine
    const other = await newContract({ validFrom: '2026-06-01', validTo: '2027-05-31' });
    expect((await action('effect', [other.id])).status).toBe(200);
    // two overlapping versions in one request refuse each other
    const a = await newContract(), b = await newContract({ code: a.code, contractVersion: 2, clientId: a.clientId });
    expect((await action('effect', [a.id, b.id])).status).toBe(400);
    expect((await statusOf(a.id))).toBe('DRAFT');

    expect((await action('terminate', [v1.id])).status).toBe(200);
    expect((await action('effect', [v2.id])).status).toBe(200);
    expect((await call('POST', contract, 'remove', { query: { ids: String(v2.id) } })).status).toBe(409);
  });
});

describe('approval and expiry', () => {
  it("a submitted contract's approval runs through the BPMN workflow: its task in the approvers' list, rejected back to draft, approved effective (an overlap refuses the approval), its progress readable", async () => {
    const c = await newContract({ validFrom: '2020-01-01', validTo: '2099-12-31' });
    expect((await ctx.s.api('GET', `/api/finance/contract/progress/${c.id}`, { token: ctx.admin })).json.data).toBeNull();
    expect((await action('submit', [c.id])).status).toBe(200);
    const got = (await ctx.s.api('GET', `/api/finance/contract/get/${c.id}`, { token: ctx.admin })).json.data;
    expect(got).toMatchObject({ status: 'APPROVING' });
    expect(got.instanceId).toBeGreaterThan(0);
    // the task waits in the administrators' list, with the contract's figures
    const todo = (await ctx.s.api('GET', '/api/act/task/todo', { token: ctx.admin, query: { pageSize: 100, businessType: 'CONTRACT' } })).json;
    const task = (todo.rows as Json[]).find((t) => t.instanceId === got.instanceId);
    expect(task, JSON.stringify(todo)).toMatchObject({ businessType: 'CONTRACT', defKey: 'contract' });
    // rejected: back to draft, editable and submitted again
    expect((await decide(task!.id, false)).status).toBe(200);
    expect(await statusOf(c.id)).toBe('DRAFT');
    expect((await call('POST', contract, 'update', { body: { id: c.id, version: (await ctx.s.api('GET', `/api/finance/contract/get/${c.id}`, { token: ctx.admin })).json.data.version, name: 'after review', clientId: c.clientId, validFrom: '2020-01-01', validTo: '2099-12-31' } })).status).toBe(200);
    expect((await action('submit', [c.id])).status).toBe(200);
    // an effective version of the same party over the same dates: the approval is refused, naming validFrom, and its task stays open
    const other = await newContract({ code: c.code, contractVersion: 2, clientId: c.clientId, validFrom: '2026-01-01', validTo: '2026-12-31' });
    expect((await action('effect', [other.id])).status).toBe(200);
    const second = await openTask(c.id);
    const refused = await decide(second, true, 'en-US');
    expect(refused.status).toBe(400);
    expect(refused.json.errors.validFrom).toContain(`effective contract ${c.code} v2`);
    expect(await statusOf(c.id)).toBe('APPROVING');
    expect((await action('terminate', [other.id])).status).toBe(200);
    expect((await decide(second, true)).status).toBe(200);
    expect(await statusOf(c.id)).toBe('EFFECTIVE');
    // the progress of the last round: the diagram's path to the end, the approval and the contract's figures
    const progress = (await ctx.s.api('GET', `/api/finance/contract/progress/${c.id}`, { token: ctx.admin })).json.data;
    expect(progress).toMatchObject({ instance: { status: 'COMPLETED', result: 'APPROVED' }, business: { type: 'CONTRACT', id: c.id }, variables: { code: c.code, validTo: '2099-12-31' } });
    expect(progress.trail).toContain('approvedEnd');
    expect((progress.history as Json[]).map((h) => h.action)).toContain('APPROVE');
    // a terminated (withdrawn) approval goes back to draft
    const d = await newContract();
    expect((await action('submit', [d.id])).status).toBe(200);
    const inst = (await ctx.s.api('GET', `/api/finance/contract/get/${d.id}`, { token: ctx.admin })).json.data.instanceId;
    expect((await ctx.s.api('POST', '/api/act/process/ins/terminate', { token: ctx.admin, body: { ids: [inst], reason: '撤回' } })).status).toBe(200);
    expect(await statusOf(d.id)).toBe('DRAFT');
  });

  it('the expiry job moves effective contracts past their end date to EXPIRED; they still price the orders dated within their validity', async () => {
    const clientId = await freshId('client');
    const past = await newContract({ clientId, validFrom: '2020-01-01', validTo: '2020-12-31' });
    const freight = await chargeTypeId('FREIGHT');
    expect((await call('POST', rateLine, 'save', { body: { contractId: past.id, chargeTypeId: freight, basis: 'TRIP', unitPrice: 77 } })).status).toBe(200);
    const current = await newContract({ clientId, validFrom: '2021-01-01', validTo: '2099-12-31' });
    expect((await action('effect', [past.id, current.id])).status).toBe(200);
    expect(await ctx.s.app.jobs.runScheduled(CONTRACT_EXPIRY_JOB, new Date(Math.floor(Date.now() / 3600_000) * 3600_000))).toBe(true);
    expect([await statusOf(past.id), await statusOf(current.id)]).toEqual(['EXPIRED', 'EFFECTIVE']);
    // an expired contract is not terminated, nor re-rated by hand
    expect((await action('terminate', [past.id])).status).toBe(409);
    expect((await ctx.s.api('POST', '/api/finance/contract/rerate', { token: ctx.admin, body: { id: past.id } })).status).toBe(409);
    // it keeps its period: a new version over it is refused
    const over = await newContract({ code: past.code, contractVersion: 2, clientId, validFrom: '2020-06-01', validTo: '2020-12-31' });
    expect((await action('effect', [over.id])).status).toBe(400);
    // an order of 2020 reviewed now is priced by the expired contract; one of today by the current one (no line: NO_RATE)
    const center = await centerId(ctx.s.db, 'SH01');
    const [src, dst] = [await one(`select id from base_station where code = 'S-SH-01'`), await one(`select id from base_station where code = 'S-SH-02'`)];
    const order = (date: string) =>
      one(
        `insert into tms_order(dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, total_weight, total_volume, total_quantity, order_date, create_by)
         values ($1, $2, $3, $4, $5, 'OPEN', 10, 0.1, 1, $6::date, 'admin') returning id`,
        [center, `T-EXP-${rand(8)}`, clientId, src, dst, date],
      );
    const [old, now] = [await order('2020-07-01'), await order(new Date().toISOString().slice(0, 10))];
    expect((await ctx.s.api('POST', '/api/order/order/review', { token: ctx.admin, body: { ids: [old, now] } })).status).toBe(200);
    const states = (await ctx.s.db.query<{ order_id: number; state: string; contract_id: number | null; total_amount: string | null }>(
      `select w.order_id, r.state, r.contract_id, r.total_amount::text from fin_waybill_rating r join tms_waybill w on w.id = r.waybill_id where w.order_id = any($1::bigint[])`,
      [[old, now]],
    )).rows;
    expect(states.find((x) => Number(x.order_id) === old)).toMatchObject({ state: 'RATED', contract_id: past.id, total_amount: '77.00' });
    expect(states.find((x) => Number(x.order_id) === now)).toMatchObject({ state: 'NO_RATE', contract_id: current.id });
    // the next tick finds nothing more to expire
    expect(await expireContracts(ctx.s.db, new Date())).toEqual([]);
  });
});

describe('rate lines', () => {
  it('are checked as a rate card, naming the field; only a draft contract takes them', async () => {
    const c = await newContract();
    const freight = await chargeTypeId('FREIGHT');
    const body = { contractId: c.id, chargeTypeId: freight, basis: 'KG' };
    const ok = await call('POST', rateLine, 'save', { body: { ...body, breaks: '0-100:50 flat; 100-1000:0.6; 1000-:0.55', minAmount: 30 } });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const gap = await call('POST', rateLine, 'save', { body: { ...body, chargeTypeId: await chargeTypeId('FUEL'), breaks: '0-100:1; 120-:2' } });
    expect(gap.status).toBe(400);
    expect(gap.json.errors.breaks).toBe(zh('validation.tierGap'));
    const bad = await call('POST', rateLine, 'save', { body: { ...body, chargeTypeId: await chargeTypeId('FUEL'), breaks: '0-100 costs 5' } });
    expect(bad.json.errors.breaks).toBe(zh('validation.breaks'));
    const negative = await call('POST', rateLine, 'save', { body: { ...body, unitPrice: -1 } });
    expect(negative.status).toBe(400);
    expect(negative.json.errors.unitPrice).toBeTruthy();
    const same = await call('POST', rateLine, 'save', { body: { ...body, unitPrice: 2 } });
    expect(same.status).toBe(400);
    expect(same.json.errors.fromStationId).toBe(zh('validation.duplicateLane'));
    const station = await freshId('station');
    const zone = await freshId('zone');
    const twoPlaces = await call('POST', rateLine, 'save', { body: { ...body, unitPrice: 2, fromStationId: station, fromZoneId: zone } });
    expect(twoPlaces.json.errors.fromStationId).toBe(zh('validation.laneOneOf'));
    expect((await call('POST', rateLine, 'save', { body: { ...body, unitPrice: 2, fromStationId: station } })).status).toBe(200);
    const firstOnly = await call('POST', rateLine, 'save', { body: { ...body, toZoneId: zone, firstQty: 1, firstPrice: 10 } });
    expect(firstOnly.json.errors).toMatchObject({ addStep: zh('validation.required'), addPrice: zh('validation.required') });

    expect((await action('effect', [c.id])).status).toBe(200);
    const late = await call('POST', rateLine, 'save', { body: { ...body, unitPrice: 3, toZoneId: zone } });
    expect(late.status).toBe(409);
    expect((await call('POST', rateLine, 'remove', { query: { ids: String(ok.json.data.id) } })).status).toBe(409);
  });
});
