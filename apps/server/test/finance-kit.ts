/** Finance test fixtures: an effective contract with its rate lines, made through the API. */
import { afterEach, expect } from 'vitest';
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

/**
 * fin_charge_unstated (migration 0084, what statement generation reads) is exactly the charges on no live statement
 * line, each with the settlement fields of its charge: the rows missing, left over or different, as text (none: []).
 */
export async function unstatedDrift(): Promise<string[]> {
  const r = await ctx.s.db.query<{ drift: string }>(
    `with want as (select c.id as charge_id, c.dispatch_center_id, c.kind, c.contract_id, c.waybill_id, c.charge_type_code, c.currency, c.amount, c.tax_rate, c.source, c.create_time,
                          case when c.source = 'RERATE' then c.trace->'rerate' end as rerate
                     from fin_charge c where not exists (select 1 from fin_statement_line l where l.charge_id = c.id and not l.released)),
          have as (select charge_id, dispatch_center_id, kind, contract_id, waybill_id, charge_type_code, currency, amount, tax_rate, source, create_time, rerate from fin_charge_unstated)
     select 'missing ' || row(w.*)::text as drift from (select * from want except select * from have) w
     union all
     select 'left over ' || row(h.*)::text from (select * from have except select * from want) h`,
  );
  return r.rows.map((x) => x.drift);
}

/** After each test of the file: fin_charge_unstated is exact (unstatedDrift). */
export function unstatedStaysExact(): void {
  afterEach(async () => {
    expect(await unstatedDrift()).toEqual([]);
  });
}
