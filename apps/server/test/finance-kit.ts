/** Finance test fixtures: an effective contract with its rate lines, made through the API. */
import { expect } from 'vitest';
import { getResource } from '@tms/domain';
import { rand, type Json } from './helpers.ts';
import { call, ctx } from './resource-kit.ts';

const contract = getResource('contract');
const rateLine = getResource('rateLine');

export const one = async (sql: string, params: unknown[] = []) => (await ctx.s.db.query<{ id: number }>(sql, params)).rows[0]!.id;

/** A receivable (clientId) or payable (carrierId) contract valid 2020–2099 with the lines (`chargeType` = its code), made effective. */
export async function effectiveContract(party: { clientId?: number; carrierId?: number }, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}): Promise<Json> {
  const kind = party.clientId ? 'RECEIVABLE' : 'PAYABLE';
  const made = await call('POST', contract, 'save', { body: { code: `C_${rand(6)}`, name: 'freight', kind, ...party, validFrom: '2020-01-01', validTo: '2099-12-31', ...extra } });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  for (const l of lines) {
    const chargeTypeId = await one(`select id from fin_charge_type where code = $1`, [l.chargeType]);
    const { chargeType: _, ...rest } = l;
    const r = await call('POST', rateLine, 'save', { body: { contractId: made.json.data.id, chargeTypeId, ...rest } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  expect((await ctx.s.api('POST', '/api/finance/contract/effect', { token: ctx.admin, body: { ids: [made.json.data.id] } })).status).toBe(200);
  return made.json.data;
}

/** The period (YYYY-MM) after `p`. */
export const nextPeriod = (p: string) => {
  const [y, m] = p.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
