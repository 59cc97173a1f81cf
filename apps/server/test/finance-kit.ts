/** Finance test fixtures: an effective contract with its rate lines, made through the API; a party's statement; a PDF's text. */
import { afterEach, expect } from 'vitest';
import { getResource } from '@tms/domain';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
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
 * line, each with its charge's fields it copies (0094: not the figures a re-rating writes over, which generation reads
 * from the charge): the rows missing, left over or different, as text (none: []).
 */
export async function unstatedDrift(): Promise<string[]> {
  const r = await ctx.s.db.query<{ drift: string }>(
    `with want as (select c.id as charge_id, c.dispatch_center_id, c.kind, c.waybill_id, c.charge_type_code, c.source, case when c.source = 'RERATE' then c.trace->'rerate' end as rerate
                     from fin_charge c where not exists (select 1 from fin_statement_line l where l.charge_id = c.id and not l.released)),
          have as (select charge_id, dispatch_center_id, kind, waybill_id, charge_type_code, source, rerate from fin_charge_unstated)
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

/** A statement's detail (header, lines, events) as the back office reads it. */
export async function statementDetail(id: number): Promise<Json> {
  const r = await ctx.s.api('GET', `/api/finance/statement/detail/${id}`, { token: ctx.admin });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as Json;
}

export interface StatementCharge {
  waybillId: number;
  dispatchOrderId?: number;
  /** the charge type's code (FREIGHT unless given) */
  type?: string;
  amount: string;
}

/**
 * A new carrier (payable, the default) or client (receivable) of dispatch center `center`, with an effective contract
 * (tolerance 2 % or 50.00) and its statement of January 2026 with these charges, generated and sent (unless `send`
 * is false) by the administrator: the statement's detail. `docLang`: the party's document language.
 */
export async function partyStatement(center: number, charges: StatementCharge[], opts: { kind?: 'PAYABLE' | 'RECEIVABLE'; send?: boolean; name?: string; docLang?: string } = {}): Promise<Json> {
  const kind = opts.kind ?? 'PAYABLE';
  const code = `T${rand(8)}`;
  const table = kind === 'PAYABLE' ? 'base_carrier' : 'base_client';
  const partyId = await one(`insert into ${table}(code, name, doc_lang, create_by) values ($1, $2, $3, 'test') returning id`, [code, opts.name ?? `carrier ${code}`, opts.docLang ?? null]);
  const contractId = await one(
    `insert into fin_contract(dispatch_center_id, code, name, kind, client_id, carrier_id, valid_from, valid_to, status, create_by)
     values ($1, $2, 'three-way', $3, $4, $5, '2020-01-01', '2099-12-31', 'EFFECTIVE', 'test') returning id`,
    [center, `K${code}`, kind, kind === 'RECEIVABLE' ? partyId : null, kind === 'PAYABLE' ? partyId : null],
  );
  await one(`insert into fin_settle_term(contract_id, tolerance_pct, tolerance_amount, create_by) values ($1, 2, 50, 'test') returning id`, [contractId]);
  for (const c of charges)
    await one(
      `insert into fin_charge(dispatch_center_id, waybill_id, dispatch_order_id, kind, contract_id, contract_version, charge_type_id, charge_type_code, currency, amount, tax_rate, trace, create_by, create_time)
       select $1, $2, $3, $4, $5, 1, id, code, 'CNY', $6, 9, '{}'::jsonb, 'test', '2026-01-15T04:00:00Z' from fin_charge_type where code = $7 returning id`,
      [center, c.waybillId, c.dispatchOrderId ?? null, kind, contractId, c.amount, c.type ?? 'FREIGHT'],
    );
  const api = (path: string, body: unknown) => ctx.s.api('POST', `/api/finance/${path}`, { token: ctx.admin, body, headers: { lang: 'zh-CN' } });
  const g = await api('statement/generate', { kind, period: '2026-01', partyId });
  expect(g.status, JSON.stringify(g.json)).toBe(200);
  const d = await statementDetail(g.json.data.statementIds[0]);
  if (opts.send === false) return d;
  expect((await api('statement/send', { id: d.id, version: d.version })).status).toBe(200);
  return statementDetail(d.id);
}

/**
 * The PDF's text as a reader sees it (pdf.js, the legacy build for Node): the pages' text runs, a line break
 * where a run ends a line.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++)
    for (const item of (await (await doc.getPage(i)).getTextContent()).items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
  await doc.destroy();
  return text;
}
