/** Money set-ups of the browser tests, through the API (issues 14, 15). */
import type { ProductServer } from './server.ts';
import { adminCall, idOf } from './dispatch.ts';

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

/**
 * A client of the test's own with a reviewed order's waybill, and functions sending, or confirming, a statement of a
 * period that holds one approved manual adjustment of that waybill (a charge above 0, a credit below).
 */
export async function clientWithWaybill(server: ProductServer, prefix: string, tag: string) {
  const client = await adminCall<{ id: number }>(server, 'POST', '/api/baseinfo/client/save', { code: `${prefix}${tag}`, name: `红字测试客户 ${prefix}${tag}`, effective: true });
  const clientId = client.data.id;
  const item = await adminCall<{ id: number }>(server, 'POST', '/api/baseinfo/item/save', { clientId, code: `${prefix}I${tag}`, name: `红字测试物料 ${tag}` });
  const order = await adminCall<{ id: number; code: string }>(server, 'POST', '/api/order/order/save', {
    clientId, sourceStationId: await idOf(server, 'station', 'S-SH-01'), destStationId: await idOf(server, 'station', 'S-SH-02'), isSplitAllowed: true,
    lines: [{ itemId: item.data.id, quantity: 2, weight: 10.4, volume: 0.024, cases: 2, pallets: 0, other: 0 }],
  });
  const routes = await server.api<{ rows: { id: number }[] }>('GET', `/api/baseinfo/carrierRoute/list?carrierId=${await idOf(server, 'carrier', 'CR001')}`, undefined, await server.adminToken());
  await adminCall(server, 'POST', '/api/order/order/assignCarrierRoute', { ids: [order.data.id], carrierRouteId: routes.json.rows[0]!.id });
  await adminCall(server, 'POST', '/api/order/order/review', { ids: [order.data.id] });
  const waybill = (await server.api<{ rows: { id: number; code: string }[] }>('GET', `/api/waybill/waybill/list?orderCode=${order.data.code}`, undefined, await server.adminToken())).json.rows[0]!;
  const other = (await server.api<{ rows: { id: number }[] }>('GET', '/api/finance/chargeType/list?code=OTHER', undefined, await server.adminToken())).json.rows[0]!.id;
  const sent = async (amount: string, reason: string, period: string): Promise<StatementRef> => {
    await adminCall(server, 'POST', '/api/finance/adjustment/save', { kind: 'RECEIVABLE', waybillId: waybill.id, chargeTypeId: other, amount, reason });
    return sentStatement(server, 'RECEIVABLE', clientId, period);
  };
  const confirmed = async (amount: string, reason: string, period: string): Promise<StatementRef> => {
    const st = await sent(amount, reason, period);
    await adminCall(server, 'POST', '/api/finance/statement/confirm', { id: st.id, version: st.version + 1 });
    return st;
  };
  return { clientId, code: `${prefix}${tag}`, sent, confirmed };
}
