/**
 * Freight contracts and rate lines (issue 14) beyond the generic suites: party by kind, DRAFT-only
 * changes, the status actions, overlapping validity of effective versions refused naming the field,
 * rate lines checked as a rate card (breaks, negative price, one line per charge type and lane).
 */
import { describe, expect, it } from 'vitest';
import { getResource } from '@tms/domain';
import { rand } from './helpers.ts';
import { call, ctx, freshId, useServer, zh } from './resource-kit.ts';

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

  it('submit → effect → terminate; only drafts change; overlapping effective versions of a party are refused naming validFrom', async () => {
    const v1 = await newContract();
    expect((await action('terminate', [v1.id])).status).toBe(409);
    expect((await action('submit', [v1.id])).status).toBe(200);
    const edit = await call('POST', contract, 'update', { body: { id: v1.id, version: 1, name: 'changed', clientId: v1.clientId, validFrom: '2026-01-01', validTo: '2026-12-31' } });
    expect(edit.status).toBe(409);
    expect(edit.json.msg).toBe(zh('messages.finance.notDraft'));
    expect((await action('effect', [v1.id])).status).toBe(200);
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
