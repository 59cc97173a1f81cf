/** Money set-ups of the browser tests, through the API (issues 14, 15). */
import type { ProductServer } from './server.ts';
import { adminCall } from './dispatch.ts';

/** An effective contract of the party, priced per trip: charge type code → unit price; settlement terms as given. */
export async function tripContract(server: ProductServer, party: { clientId: number } | { carrierId: number }, prices: Record<string, number>, terms?: Record<string, unknown>): Promise<number> {
  const kind = 'clientId' in party ? 'RECEIVABLE' : 'PAYABLE';
  const contract = await adminCall<{ id: number }>(server, 'POST', '/api/finance/contract/save', { code: `E2E${kind[0]}${Date.now() % 100000}`, name: 'e2e', kind, ...party, validFrom: '2020-01-01', validTo: '2099-12-31' });
  const id = contract.data.id;
  for (const [code, unitPrice] of Object.entries(prices)) {
    const type = await server.api<{ rows: { id: number }[] }>('GET', `/api/finance/chargeType/list?code=${code}`, undefined, await server.adminToken());
    await adminCall(server, 'POST', '/api/finance/rateLine/save', { contractId: id, chargeTypeId: type.json.rows[0]!.id, basis: 'TRIP', unitPrice });
  }
  if (terms) await adminCall(server, 'POST', '/api/finance/settleTerm/save', { contractId: id, settleEvent: 'REVIEW', ...terms });
  await adminCall(server, 'POST', '/api/finance/contract/effect', { ids: [id] });
  return id;
}

/** This month in the settlement's time zone (YYYY-MM). */
export const thisPeriod = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(new Date());

/** The period (YYYY-MM) after `p`. */
export const nextPeriod = (p: string) => {
  const [y, m] = p.split('-').map(Number);
  return m === 12 ? `${y! + 1}-01` : `${y}-${String(m! + 1).padStart(2, '0')}`;
};

export interface StatementRef {
  id: number;
  version: number;
  code: string;
}

/** The statement generated for the party and period (this month by default), as a draft. */
export async function generatedStatement(server: ProductServer, kind: 'RECEIVABLE' | 'PAYABLE', partyId: number, period = thisPeriod()): Promise<StatementRef> {
  const generated = await adminCall<{ statementIds: number[] }>(server, 'POST', '/api/finance/statement/generate', { kind, period, partyId });
  return (await adminCall<StatementRef>(server, 'GET', `/api/finance/statement/detail/${generated.data.statementIds[0]}`)).data;
}

/** The statement generated for the party and period, then sent to it. */
export async function sentStatement(server: ProductServer, kind: 'RECEIVABLE' | 'PAYABLE', partyId: number, period = thisPeriod()): Promise<StatementRef> {
  const st = await generatedStatement(server, kind, partyId, period);
  await adminCall(server, 'POST', '/api/finance/statement/send', { id: st.id, version: st.version });
  return st;
}
