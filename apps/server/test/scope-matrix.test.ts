/**
 * The data-scope matrix (issue 3, "enforced on the server"): records are seeded in dispatch center A, and
 * every staff route that takes a record's identity is called with their ids by
 *  - a user of ANOTHER dispatch center (every staff permission, data scope "all", center B only), and
 *  - a user of ANOTHER data group (the same role, center A, data groups binding other clients, carriers, zones).
 * Each call is refused with 404 (exceptions are written next to their route, with the reason), leaks nothing
 * of the record, and changes no row. Their lists, exports, reports and dashboards leave the records out.
 * A user in scope with the same role reads every one of them, so the refusals prove the scope, not a broken route.
 *
 * Every staff route is classified below; a route that is not fails the first test until it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_NAMES, RESOURCES, orderLineResource, orderResource, type ResourceDef } from '@tms/domain';
import ExcelJS from 'exceljs';
import { ADMIN, centerId, createUser, rand, startServer, type ApiResponse, type Json, type TestServer } from './helpers.ts';
import { ctx, saveSample, updatable } from './resource-kit.ts';
import { translate } from '../src/platform/i18n.ts';
import { insertPositions, reviewedWaybill } from './shipments-fixtures.ts';
import { makeWaybill } from './waybills-fixtures.ts';
import { buildShippedShipment } from '../src/modules/epod/demo.ts';
import { clientUser } from './portal-kit.ts';

let s: TestServer;
let admin: string;

// ---------------------------------------------------------------------------------------------
// The seeded records

/** Every kind of record a route acts on. The operational kinds live in a dispatch center; master data only in data groups. */
const OPERATIONAL = [
  'order', 'orderLine', 'waybill', 'waybillLine', 'reviewedWaybill', 'shipment', 'openShipment', 'shipmentStop', 'shipmentLine', 'shipmentLog', 'orderTracking',
  'epod', 'epodPending', 'epodOpinion', 'epodPicture', 'alert', 'vehicleCheck', 'contract', 'rateLine', 'waybillRating',
  // driver-app writes the server refused (issue 16)
  'driverRefusal',
  // settlement (issue 15)
  'settleTerm', 'statement', 'statementLine', 'invoice', 'payment', 'paperReceipt',
] as const;
const MASTER = [
  'client', 'carrier', 'carrierLicence', 'driver', 'transportMeansType', 'transportMeans', 'item', 'zone', 'location', 'station', 'carrierRoute',
  'stationLimit', 'timeWindow', 'extraWindow',
  // notifications (issue 17): per client, in no dispatch center
  'webhookEndpoint', 'notifySubscription', 'notifyDelivery', 'notifyAttempt',
] as const;
type Kind = (typeof OPERATIONAL)[number] | (typeof MASTER)[number];

interface Rec {
  id: number;
  table: string;
  /** a text only this record shows: operational codes are matched anywhere, master codes as a whole value */
  code?: string;
}
const rec = {} as Record<Kind, Rec>;
const isOperational = (k: Kind) => (OPERATIONAL as readonly string[]).includes(k);

/** what the generic routes of a definition act on (views show the rows of another kind) */
const KIND_OF_DEF: Record<string, Kind> = {
  order: 'order', orderLine: 'orderLine', waybill: 'waybill', waybillLine: 'waybillLine', shipment: 'shipment', shipmentStop: 'shipmentStop',
  shipmentLine: 'shipmentLine', shipmentRos: 'reviewedWaybill', shipmentLog: 'shipmentLog', orderTracking: 'orderTracking', driverRefusal: 'driverRefusal',
  epod: 'epod', epodCheck: 'epod', epodOpinion: 'epodOpinion',
  client: 'client', carrier: 'carrier', carrierLicence: 'carrierLicence', driver: 'driver', transportMeansType: 'transportMeansType',
  transportMeans: 'transportMeans', item: 'item', zone: 'zone', location: 'location', station: 'station', carrierRoute: 'carrierRoute',
  stationLimit: 'stationLimit', timeWindow: 'timeWindow', extraWindow: 'extraWindow',
  contract: 'contract', rateLine: 'rateLine', waybillRating: 'waybillRating',
  settleTerm: 'settleTerm', statement: 'statement', statementLine: 'statementLine', invoice: 'invoice', payment: 'payment', paperReceipt: 'paperReceipt',
  webhookEndpoint: 'webhookEndpoint', notifySubscription: 'notifySubscription', notifyDelivery: 'notifyDelivery', notifyAttempt: 'notifyAttempt',
};

const one = async (sql: string, params: unknown[] = []): Promise<Json> => {
  const r = await s.db.query<Json>(sql, params);
  if (!r.rows[0]) throw new Error(`seed: nothing for ${sql}`);
  return r.rows[0];
};
const byCode = async (table: string, code: string): Promise<Rec> => ({ id: (await one(`select id from ${table} where code = $1`, [code])).id, table, code });

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const form = (name: string, type: string, data: Buffer) => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return f;
};

const expectOk = (r: ApiResponse, what: string) => expect(r.status, `${what}: ${JSON.stringify(r.json)}`).toBe(200);

/** Seeds one record of every kind in center A (SH01), all of client C001 / carrier CR001 / zone SH. */
async function seed(): Promise<void> {
  const A = await centerId(s.db, 'SH01');
  const now = s.clock.now();
  const by = { userId: 1, userName: 'admin' };

  // a shipped dispatch order with stops, two waybills of effective orders, and their receipts
  const chain = await s.db.tx((q) => buildShippedShipment(q, { dispatchCenterId: A, waybills: [[10, 5], [7]], now, by }));
  const sh = await one(`select s.id, s.shipment_code, s.carrier_id, c.code as carrier from tms_shipment s join base_carrier c on c.id = s.carrier_id where s.id = $1`, [chain.shipmentId]);
  const client = await one(`select c.code from tms_waybill w join base_client c on c.id = w.client_id where w.id = $1`, [chain.waybillIds[0]]);
  // the data-group user is bound to other clients and carriers than these
  expect([client.code, sh.carrier]).toEqual(['C001', 'CR001']);
  rec.shipment = { id: sh.id, table: 'tms_shipment', code: sh.shipment_code };
  rec.shipmentStop = { id: (await one(`select id from tms_shipment_stop where shipment_id = $1 order by seq limit 1`, [sh.id])).id, table: 'tms_shipment_stop' };
  rec.shipmentLine = { id: (await one(`select id from tms_waybill_line where waybill_id = $1 order by id limit 1`, [chain.waybillIds[0]])).id, table: 'tms_waybill_line' };
  await insertPositions(s.db, sh.id, 5, now.toISOString());
  const refused = await one(
    `insert into tms_driver_refusal(dispatch_center_id, shipment_id, shipment_code, action, status_code, message) values ($1, $2, $3, 'ACCEPT', 404, $4) returning id, message`,
    [A, sh.id, sh.shipment_code, `T-REF-${rand(8)}`],
  );
  rec.driverRefusal = { id: refused.id, table: 'tms_driver_refusal', code: refused.message };

  // an OPEN manual order with a line (every order action could take it)
  const o = await one(
    `insert into tms_order(dispatch_center_id, code, client_id, carrier_id, source_station_id, dest_station_id, status, etd, eta, total_quantity, create_by)
     select $1, $2, c.id, cr.id, s1.id, s2.id, 'OPEN', now() + interval '1 day', now() + interval '2 days', 8, 'admin'
       from base_client c, base_carrier cr, base_station s1, base_station s2
      where c.code = 'C001' and cr.code = 'CR001' and s1.code = 'S-SH-01' and s2.code = 'S-SH-02' returning id, code`,
    [A, `T-OPEN-${rand(8)}`],
  );
  rec.order = { id: o.id, table: 'tms_order', code: o.code };
  const line = await one(
    `insert into tms_order_line(dispatch_center_id, order_id, pos_no, item_id, item_code, item_name, quantity, cases, unit, create_by)
     select $1, $2, 1, id, code, name, 8, 8, '箱', 'admin' from base_item where code = 'I-XF-001' returning id`,
    [A, o.id],
  );
  rec.orderLine = { id: line.id, table: 'tms_order_line' };

  // an OPEN waybill (review, split) and a REVIEWED one on no dispatch order (to dispatch, bind)
  const open = await makeWaybill(s.db, { center: 'SH01' });
  rec.waybill = { id: open.waybillId, table: 'tms_waybill', code: open.code };
  rec.waybillLine = { id: (await one(`select id from tms_waybill_line where waybill_id = $1 order by id limit 1`, [open.waybillId])).id, table: 'tms_waybill_line' };
  const reviewed = await reviewedWaybill(s.db, { center: 'SH01', from: 'S-SH-01', to: 'S-SH-02' });
  rec.reviewedWaybill = { id: reviewed.id, table: 'tms_waybill', code: reviewed.code };
  // an OPEN dispatch order (scheduling, the to-dispatch dialog's choices), made as the screen makes it
  const made = await s.api('POST', '/api/shipment/shipment/create', { token: admin, body: { waybillIds: [(await reviewedWaybill(s.db, { center: 'SH01', from: 'S-SH-01', to: 'S-SH-02' })).id] } });
  expectOk(made, 'seed open shipment');
  rec.openShipment = { id: made.json.data.id, table: 'tms_shipment', code: made.json.data.shipmentCode };

  // receipts: one signed with a shortage and handled (an abnormal receipt with an opinion and a picture), one pending
  const [e1, e2] = chain.epods;
  const d = (await s.api('GET', `/api/epod/epod/get/${e1!.id}`, { token: admin })).json.data;
  const at = new Date(now.getTime() - 60_000).toISOString();
  const lines = (d.lines as Json[]).map((l, i) => ({
    lineId: l.id, signedQuantity: l.shippedQuantity - (i === 0 ? 1 : 0), cases: l.plannedCases, pallets: l.plannedPallets, shortage: i === 0 ? 1 : 0, damage: 0, remark: null,
  }));
  expectOk(await s.api('POST', '/api/epod/epod/signFor', { token: admin, body: { id: e1!.id, version: d.version, arrivalTime: at, signTime: at, lines } }), 'seed signFor');
  expectOk(await s.api('POST', '/api/epod/epod/handle', { token: admin, body: { id: e1!.id, result: 'ACCEPT', remark: '差异已确认' } }), 'seed handle');
  const pic = await s.api('POST', '/api/epod/epod/picture/upload', { token: admin, query: { epodId: e1!.id }, body: form('p.png', 'image/png', PNG) });
  expectOk(pic, 'seed picture');
  rec.epod = { id: e1!.id, table: 'tms_epod', code: e1!.code };
  rec.epodPending = { id: e2!.id, table: 'tms_epod', code: e2!.code };
  rec.epodOpinion = { id: (await one(`select id from tms_epod_opinion where epod_id = $1 order by id limit 1`, [e1!.id])).id, table: 'tms_epod_opinion' };
  rec.epodPicture = { id: pic.json.data.id, table: 'tms_epod_picture' };

  // an open alert of the shipment, and the tracking of its order, waybill and shipment
  const alert = await one(
    `insert into shipment_alert(dispatch_center_id, shipment_id, alert_type, alert_content, carrier_name, status, create_by)
     values ($1, $2, 'LATE_ARRIVAL', $3, '顺达物流', 'NEW', 'test') returning id, alert_content`,
    [A, sh.id, `T-ALERT-${rand(8)}`],
  );
  rec.alert = { id: alert.id, table: 'shipment_alert', code: alert.alert_content };
  // a vehicle check the shipment's driver reported (the vehicle check report drills down to it), its remark as its code
  const check = await one(
    `insert into tms_vehicle_check(dispatch_center_id, shipment_id, shipment_code, driver_id, vehicle_id, check_time, result, failed_count, remark, create_by)
     select dispatch_center_id, id, shipment_code, driver_id_master, vehicle_id_main, $2, 'FAIL', 1, $3, 'test' from tms_shipment where id = $1 returning id, remark`,
    [sh.id, now, `T-CHECK-${rand(8)}`],
  );
  await s.db.query(`insert into tms_vehicle_check_item(dispatch_center_id, check_id, seq, item_code, passed) values ($1, $2, 1, 'TYRES', false), ($1, $2, 2, 'BRAKES', true)`, [A, check.id]);
  rec.vehicleCheck = { id: check.id, table: 'tms_vehicle_check', code: check.remark };
  const track = await one(
    `insert into tms_order_tracking(dispatch_center_id, order_id, waybill_id, shipment_id, operation_type, related_code, operator_name, remark)
     values ($1, $2, $3, $4, 'SHIPMENT_SHIP', $5, 'admin', $6) returning id, remark`,
    [A, (await one(`select order_id from tms_waybill where id = $1`, [chain.waybillIds[0]])).order_id, chain.waybillIds[0], sh.id, sh.shipment_code, `T-TRACK-${rand(8)}`],
  );
  rec.shipmentLog = { id: track.id, table: 'tms_order_tracking', code: track.remark };
  const orderTrack = await one(
    `insert into tms_order_tracking(dispatch_center_id, order_id, operation_type, related_code, operator_name, remark)
     values ($1, $2, 'ORDER_LOCK', $3, 'admin', $4) returning id, remark`,
    [A, o.id, o.code, `T-TRACK-${rand(8)}`],
  );
  rec.orderTracking = { id: orderTrack.id, table: 'tms_order_tracking', code: orderTrack.remark };

  // master data of client C001, carrier CR001 and zone SH (the demo data)
  rec.client = await byCode('base_client', 'C001');
  rec.carrier = await byCode('base_carrier', 'CR001');
  rec.carrierLicence = { id: (await one(`select id from base_carrier_licence where carrier_id = $1 order by id limit 1`, [rec.carrier.id])).id, table: 'base_carrier_licence' };
  rec.driver = await byCode('base_driver', 'D001');
  rec.transportMeansType = await byCode('base_transport_means_type', 'VT-42');
  rec.transportMeans = await byCode('base_transport_means', 'V001');
  rec.item = await byCode('base_item', 'I-XF-001');
  rec.zone = { ...(await byCode('base_zone', 'SH')), code: undefined }; // "SH" is also a client's short code: the zone is found by its id
  rec.location = await byCode('base_location', 'L-SH-JD');
  rec.station = await byCode('base_station', 'S-SH-01');
  rec.carrierRoute = { id: (await one(`select id from base_carrier_route where carrier_id = $1 order by id limit 1`, [rec.carrier.id])).id, table: 'base_carrier_route' };
  rec.stationLimit = { id: (await one(`select id from base_station_limit where station_id = $1 order by id limit 1`, [rec.station.id])).id, table: 'base_station_limit' };
  const s2 = await byCode('base_station', 'S-SH-02');
  rec.timeWindow = { id: (await one(`select id from base_time_window where station_id = $1 order by id limit 1`, [s2.id])).id, table: 'base_time_window' };
  rec.extraWindow = { id: (await one(`select id from base_extra_window where station_id = $1 order by id limit 1`, [s2.id])).id, table: 'base_extra_window' };

  // an effective receivable contract of client C001 in center A with one rate line (any lane, per kg), and the
  // rating of the reviewed waybill under it
  const contract = await s.api('POST', '/api/finance/contract/save', {
    token: admin,
    body: { code: `T-CON-${rand(6)}`, name: 'matrix', kind: 'RECEIVABLE', clientId: rec.client.id, validFrom: '2020-01-01', validTo: '2099-12-31' },
  });
  expectOk(contract, 'seed contract');
  expect((await one(`select dispatch_center_id from fin_contract where id = $1`, [contract.json.data.id])).dispatch_center_id).toBe(A);
  rec.contract = { id: contract.json.data.id, table: 'fin_contract', code: contract.json.data.code };
  const freight = (await one(`select id from fin_charge_type where code = 'FREIGHT'`)).id;
  const rate = await s.api('POST', '/api/finance/rateLine/save', { token: admin, body: { contractId: rec.contract.id, chargeTypeId: freight, basis: 'KG', unitPrice: 1 } });
  expectOk(rate, 'seed rate line');
  rec.rateLine = { id: rate.json.data.id, table: 'fin_rate_line' };
  expectOk(await s.api('POST', '/api/finance/contract/effect', { token: admin, body: { ids: [rec.contract.id] } }), 'seed contract effect');
  const rating = await one(
    `insert into fin_waybill_rating(dispatch_center_id, waybill_id, waybill_code, client_id, state, contract_id, contract_code, contract_version, currency, total_amount, create_by)
     select w.dispatch_center_id, w.id, w.code, w.client_id, 'RATED', $2, $3, 1, 'CNY', 10, 'test' from tms_waybill w where w.id = $1 returning id`,
    [rec.reviewedWaybill.id, rec.contract.id, rec.contract.code],
  );
  rec.waybillRating = { id: rating.id, table: 'fin_waybill_rating' };

  // settlement (issue 15): settlement terms of the contract; a charge (of the open waybill) in a statement (sent, confirmed),
  // invoiced in part and partly paid; the waybill's paper receipt
  const term = await s.api('POST', '/api/finance/settleTerm/save', { token: admin, body: { contractId: rec.contract.id, settleEvent: 'REVIEW' } });
  expectOk(term, 'seed settlement terms');
  rec.settleTerm = { id: term.json.data.id, table: 'fin_settle_term' };
  await s.db.query(
    `insert into fin_charge(dispatch_center_id, waybill_id, kind, contract_id, contract_version, charge_type_id, charge_type_code, currency, amount, tax_rate, trace, create_by, create_time)
     values ($1, $2, 'RECEIVABLE', $3, 1, $4, 'FREIGHT', 'CNY', 10, 9, '{}'::jsonb, 'test', $5)`,
    [A, rec.waybill.id, rec.contract.id, freight, now],
  );
  const gen = await s.api('POST', '/api/finance/statement/generate', { token: admin, body: { kind: 'RECEIVABLE', period: now.toISOString().slice(0, 7), partyId: rec.client.id } });
  expectOk(gen, 'seed statement');
  const st = await one(`select id, code from fin_statement where id = $1`, [gen.json.data.statementIds[0]]);
  rec.statement = { id: st.id, table: 'fin_statement', code: st.code };
  rec.statementLine = { id: (await one(`select id from fin_statement_line where statement_id = $1 order by id limit 1`, [st.id])).id, table: 'fin_statement_line' };
  expectOk(await s.api('POST', '/api/finance/statement/send', { token: admin, body: { id: st.id, version: 0 } }), 'seed statement send');
  expectOk(await s.api('POST', '/api/finance/statement/confirm', { token: admin, body: { id: st.id, version: 1 } }), 'seed statement confirm');
  const inv = await s.api('POST', '/api/finance/invoice/register', {
    token: admin,
    body: { kind: 'RECEIVABLE', invoiceNo: `T-INV-${rand(8)}`, invoiceDate: now.toISOString().slice(0, 10), invoiceType: 'SPECIAL', taxRate: 9, allocations: [{ statementId: st.id, amount: 5 }] },
  });
  expectOk(inv, 'seed invoice');
  rec.invoice = { id: inv.json.data.id, table: 'fin_invoice', code: (await one(`select invoice_no from fin_invoice where id = $1`, [inv.json.data.id])).invoice_no };
  const pay = await s.api('POST', '/api/finance/payment/register', {
    token: admin,
    body: { kind: 'RECEIVABLE', partyId: rec.client.id, paymentNo: `T-PAY-${rand(8)}`, payDate: now.toISOString().slice(0, 10), amount: 3, writeOffs: [{ invoiceId: rec.invoice.id, amount: 1 }] },
  });
  expectOk(pay, 'seed payment');
  rec.payment = { id: pay.json.data.id, table: 'fin_payment', code: (await one(`select payment_no from fin_payment where id = $1`, [pay.json.data.id])).payment_no };
  const receipt = await one(
    `insert into fin_paper_receipt(dispatch_center_id, waybill_id, waybill_code, client_id, create_by) select dispatch_center_id, id, code, client_id, 'test' from tms_waybill where id = $1
     on conflict (waybill_id) do update set remark = null returning id, waybill_code`,
    [rec.reviewedWaybill.id],
  );
  rec.paperReceipt = { id: receipt.id, table: 'fin_paper_receipt', code: receipt.waybill_code };

  // a logistics account (no scope of its own) with vehicle V001 bound
  const acc = await s.api('POST', '/api/logistics/account/save', { token: admin, body: { platform: 'G7', accountName: `acc_${rand(6)}`, appKey: 'k', secret: 'push-secret-of-the-matrix', mode: 'PUSH' } });
  expectOk(acc, 'seed logistics account');
  logisticsAccount = acc.json.data.id;
  expectOk(await s.api('POST', '/api/logistics/account/bind', { token: admin, body: { id: logisticsAccount, vehicleIds: [rec.transportMeans.id] } }), 'seed bind vehicle');

  // notifications of client C001: a webhook endpoint, a subscription, a logged delivery with its attempt
  const hook = await s.api('POST', '/api/notify/webhook/save', { token: admin, body: { clientId: rec.client.id, name: `T-HOOK-${rand(6)}`, url: 'https://example.com/hook', events: '*' } });
  expectOk(hook, 'seed webhook');
  rec.webhookEndpoint = { id: hook.json.data.id, table: 'ntf_webhook', code: hook.json.data.name };
  const sub = await s.api('POST', '/api/notify/subscription/save', { token: admin, body: { clientId: rec.client.id, channel: 'EMAIL', events: '*', address: `t-${rand(6)}@example.com` } });
  expectOk(sub, 'seed subscription');
  rec.notifySubscription = { id: sub.json.data.id, table: 'ntf_subscription', code: sub.json.data.address };
  const ev = await one(`insert into ntf_event(event_id, event_type, client_id, payload, occurred_at) values ($1, 'webhook.test', $2, '{}', now()) returning id, event_id`, [`T-EV-${rand(8)}`, rec.client.id]);
  const dl = await one(
    `insert into ntf_delivery(event_ref, event_id, event_type, client_id, channel, webhook_id, target, status, attempts, response_status)
     values ($1, $2, 'webhook.test', $3, 'WEBHOOK', $4, $5, 'DELIVERED', 1, 200) returning id, target`,
    [ev.id, ev.event_id, rec.client.id, rec.webhookEndpoint.id, `https://example.com/T-DLV-${rand(6)}`],
  );
  rec.notifyDelivery = { id: dl.id, table: 'ntf_delivery', code: dl.target };
  const att = await one(`insert into ntf_attempt(delivery_id, client_id, attempt, target, response_status, attempted_at) values ($1, $2, 1, $3, 200, now()) returning id, target`, [
    dl.id,
    rec.client.id,
    `https://example.com/T-ATT-${rand(6)}`,
  ]);
  rec.notifyAttempt = { id: att.id, table: 'ntf_attempt', code: att.target };
}
let logisticsAccount = 0;

// ---------------------------------------------------------------------------------------------
// The users

interface User {
  name: string;
  token: string;
  /** the kinds outside this user's scope */
  hides: (k: Kind) => boolean;
}
let inScope: User;
let otherCenter: User;
let otherGroup: User;

async function users(): Promise<void> {
  // one role with every staff permission (every menu and button), not admin, data scope "all"
  const role = await one(`insert into sys_role(role_key, role_name, data_scope, create_by) values ($1, $1, '1', 'test') returning id`, [`all_${rand(6)}`]);
  await s.db.query(`insert into sys_role_menu(role_id, menu_id) select $1, id from sys_menu`, [role.id]);
  const make = async (centers: string[]) => {
    const u = await createUser(s.db, { role: false, centers });
    await s.db.query(`insert into sys_user_role(user_id, role_id) values ($1, $2)`, [u.id, role.id]);
    return { ...u, token: await s.login(u.userName, u.password) };
  };
  const a = await make(['SH01']);
  const b = await make(['BJ01']);
  const g = await make(['SH01']);
  // the other data group: client C002, carrier CR002, zone SZ
  const group = await one(`insert into sys_data_group(code, name, create_by) values ($1, $1, 'test') returning id`, [`DG_${rand(6)}`]);
  await s.db.query(
    `insert into sys_data_group_bind(data_group_id, target_type, target_id)
     select $1::bigint, 'CLIENT', id from base_client where code = 'C002' union all
     select $1::bigint, 'CARRIER', id from base_carrier where code = 'CR002' union all
     select $1::bigint, 'ZONE', id from base_zone where code = 'SZ'`,
    [group.id],
  );
  await s.db.query(`insert into sys_user_data_group(user_id, data_group_id) values ($1, $2)`, [g.id, group.id]);
  inScope = { name: 'in scope', token: a.token, hides: () => false };
  otherCenter = { name: 'another dispatch center', token: b.token, hides: isOperational };
  otherGroup = { name: 'another data group', token: g.token, hides: () => true };
}

// ---------------------------------------------------------------------------------------------
// Calls

interface Call {
  method: string;
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
}

const send = (c: Call, token: string) => s.api(c.method, c.path, { token, query: c.query, body: c.body });

/** A route that acts on one seeded record. */
interface RecordCase {
  kind: Kind;
  call: () => Promise<Call> | Call;
  /** reads answer the in-scope user with the record (the positive control) */
  read?: boolean;
}
/** A list, export, report or dashboard: the records out of the caller's scope are not in it. */
interface ListCase {
  list: () => Call;
  /** the kinds it shows (for the in-scope user's positive control: the first one with a code must be there) */
  shows: Kind[];
  /**
   * it reads one dispatch center, the session's unless `dispatchCenterId` names another of the caller's own:
   * center A asked for by the user of center B is refused with 403 (the center is not one of theirs — no record id is guessed)
   */
  centerParam?: boolean;
}
type Classified = RecordCase | ListCase | { none: string };

const adminGet = async (path: string) => {
  const r = await s.api('GET', path, { token: admin });
  expectOk(r, path);
  return r.json.data as Json;
};

/** An update body from the admin's view of the record (an order's lines go with it). */
function updateBody(def: ResourceDef, cur: Json): Json {
  const body: Json = { ...updatable(def, cur), id: cur.id, version: cur.version };
  if (def === orderResource) body.lines = (cur.lines as Json[]).map((l) => ({ ...updatable(orderLineResource, l), id: l.id }));
  return body;
}

const unseeded: string[] = [];

/** The routes the generic resource engine mounts for a definition (order and its lines follow the same shape). */
function genericRoutes(def: ResourceDef): Map<string, Classified> {
  const base = `/api${def.path}`;
  const f = def.features ?? {};
  const kind = KIND_OF_DEF[def.name];
  const scoped = !!(def.scope?.dispatchCenter || def.scope?.client || def.scope?.carrier || def.scope?.zone || def.scope?.parent);
  const out = new Map<string, Classified>();
  const NONE = "global record: its definition has no dispatch-center or data-group scope (system data, or only the roles' department data scope)";
  if (scoped && !kind) unseeded.push(`seed a record of ${def.name}: its routes are scoped`);
  const put = (method: string, action: string, c: (k: Kind) => Classified) => out.set(`${method} ${base}/${action}`, kind && scoped ? c(kind) : { none: NONE });
  put('GET', 'list', (k) => ({ list: () => ({ method: 'GET', path: `${base}/list`, query: { pageSize: 500 } }), shows: [k] }));
  put('GET', 'get/:id', (k) => ({ kind: k, read: true, call: () => ({ method: 'GET', path: `${base}/get/${rec[k].id}` }) }));
  if (f.create !== false) out.set(`POST ${base}/save`, { none: 'creates a new record: takes no identity' });
  if (f.update !== false)
    put('POST', 'update', (k) => ({
      kind: k,
      call: async () => {
        const cur = await adminGet(`${base}/get/${rec[k].id}`);
        return { method: 'POST', path: `${base}/update`, body: updateBody(def, cur) };
      },
    }));
  if (f.remove !== false) {
    put('POST', 'remove', (k) => ({ kind: k, call: () => ({ method: 'POST', path: `${base}/remove`, query: { ids: rec[k].id } }) }));
    put('POST', 'remove/:id', (k) => ({ kind: k, call: () => ({ method: 'POST', path: `${base}/remove/${rec[k].id}` }) }));
  }
  if (f.status) put('POST', 'status', (k) => ({ kind: k, call: () => ({ method: 'POST', path: `${base}/status`, body: { id: rec[k].id, status: '1' } }) }));
  if (f.effect) {
    put('POST', 'effect', (k) => ({ kind: k, call: () => ({ method: 'POST', path: `${base}/effect`, body: { ids: [rec[k].id] } }) }));
    put('POST', 'uneffect', (k) => ({ kind: k, call: () => ({ method: 'POST', path: `${base}/uneffect`, body: { ids: [rec[k].id] } }) }));
  }
  if (f.export !== false) put('GET', 'export', (k) => ({ list: () => ({ method: 'GET', path: `${base}/export` }), shows: [k] }));
  if (f.import) {
    out.set(`GET ${base}/importTemplate`, { none: 'an empty template' });
    out.set(`POST ${base}/import`, { none: 'creates new records: takes no identity' });
  }
  return out;
}

const ids = (k: Kind) => ({ ids: [rec[k].id] });
const post = (path: string, body: () => Promise<unknown> | unknown, query?: () => Record<string, string | number>) => async (): Promise<Call> => ({
  method: 'POST',
  path,
  body: await body(),
  ...(query ? { query: query() } : {}),
});
const get = (path: () => string, query?: () => Record<string, string | number>) => (): Call => ({ method: 'GET', path: path(), ...(query ? { query: query() } : {}) });
const list = (path: string, shows: Kind[], query: () => Record<string, string | number> = () => ({ pageSize: 500 })): ListCase => ({ list: () => ({ method: 'GET', path, query: query() }), shows });
const inHour = (h: number) => new Date(s.clock.now().getTime() + h * 3600_000).toISOString();

/** The routes that are not the generic engine's: each with the record it acts on, or why it takes none. */
function customRoutes(): Record<string, Classified> {
  const SYS = 'system administration: users, roles, menus, departments, dictionaries, configs are not kept per dispatch center or data group';
  const SELF = "the caller's own session, profile or settings";
  const WF = 'workflow records are restricted by the roles\' department data scope (workflow.test.ts), not by dispatch center or data group';
  const TOOL = 'developer tool on table definitions, no records';
  const MON = 'monitoring of the whole system (operation / login logs, sessions, server): system administration, not per center';
  const OSS = 'the object store of the whole system (system administration); receipts reach their pictures through the receipt';
  const c: Record<string, Classified> = {};
  const none = (why: string, ...keys: string[]) => keys.forEach((k) => (c[k] = { none: why }));

  none(SELF, 'POST /api/auth/sso/code', 'GET /api/system/user/info', 'GET /api/system/menu/user', 'GET /api/system/dispatchCenter/listByUser', 'GET /api/system/user/updateUserRights',
    'POST /api/system/user/profile/update', 'POST /api/system/user/profile/updatePwd', 'POST /api/system/user/profile/avatar', 'POST /api/realtime/ticket');
  none('lookups of dictionaries, districts, maps and app versions: no record of a center', 'GET /api/system/dict/data/type', 'GET /api/system/dict/data/selectAllByType',
    'GET /api/system/dict/type/optionselect', 'GET /api/shipment/appInfo/getLatestAppInfo', 'GET /api/system/districts/children', 'GET /api/baseinfo/map/config',
    'GET /api/geo/config', 'GET /api/geo/search');
  none(SYS, 'GET /api/system/role/all', 'GET /api/system/menu/role/:id', 'GET /api/system/dept/role/:id', 'GET /api/system/dept/list/enable', 'POST /api/system/role/authDataScope',
    'GET /api/system/role/selectUserRefRolesByUserId', 'GET /api/system/role/selectUserNotRefRolesByUserId', 'GET /api/system/role/allUser', 'POST /api/system/role/binding',
    'POST /api/system/role/unbinding', 'GET /api/system/user/selectAll', 'POST /api/system/user/resetPwd', 'GET /api/system/user/dispatchCenters', 'POST /api/system/user/dispatchCenters',
    'GET /api/system/user/dataGroups', 'POST /api/system/user/dataGroups', 'POST /api/system/user/transfer', 'GET /api/system/dataGroup/binds', 'POST /api/system/dataGroup/bind',
    'GET /api/system/numberRule/example', 'POST /api/system/numberRule/next', 'POST /api/system/sysAuthClient/resetSecret', 'GET /api/system/oss/config',
    'POST /api/system/oss/config/setDefault', 'POST /api/system/oss/config/test', 'POST /api/system/oss/saveConfig');
  // client portal (issue 17): binding a client user to clients is user administration
  none(SYS, 'GET /api/system/user/portalClients', 'POST /api/system/user/portalClients');
  none(MON, 'POST /api/monitor/operlog/clean', 'POST /api/monitor/logininfor/clean', 'GET /api/monitor/online/list', 'POST /api/monitor/online/forceLogout', 'GET /api/monitor/server');
  none(OSS, 'POST /api/system/oss/upload', 'GET /api/system/oss/url/:id');
  none(TOOL, 'GET /api/tool/gen/tables', 'GET /api/tool/gen/config/:table', 'POST /api/tool/gen/preview', 'POST /api/tool/gen/download');
  none(WF, 'GET /api/act/models/xml/:id', 'POST /api/act/models/xml', 'POST /api/act/models/import', 'GET /api/act/models/export/:id', 'POST /api/act/models/deploy', 'GET /api/act/prof/:id',
    'POST /api/act/process/suspend', 'POST /api/act/process/activate', 'GET /api/act/node/list', 'POST /api/act/node/save', 'POST /api/act/business/start', 'GET /api/act/business/list',
    'GET /api/act/process/ins/detail/:id', 'POST /api/act/process/ins/terminate', 'GET /api/act/task/todo', 'GET /api/act/task/done', 'GET /api/act/task/get/:id', 'POST /api/act/task/claim',
    'POST /api/act/task/approve', 'POST /api/act/task/reject', 'POST /api/act/leave/submit', 'POST /api/act/leave/cancel', 'GET /api/act/leave/progress/:id',
    'POST /api/act/purchase/submit', 'POST /api/act/purchase/cancel', 'GET /api/act/purchase/progress/:id');
  none('print choices (templates, printers): global', 'GET /api/order/order/printOptions', 'GET /api/waybill/waybill/printOptions');
  none('creates new orders from a workbook: takes no identity', 'GET /api/order/order/importTemplate', 'POST /api/order/order/import', 'POST /api/order/order/import/commit');
  none('a logistics account has no scope of its own (its vehicles do: see bind / unbind / vehicles)', 'POST /api/logistics/account/sync');

  // alerts
  c['GET /api/shipment/shipmentAlert/getAlert'] = list('/api/shipment/shipmentAlert/getAlert', ['alert'], () => ({}));
  c['POST /api/shipment/shipmentAlert/deal'] = { kind: 'alert', call: post('/api/shipment/shipmentAlert/deal', async () => ({ id: rec.alert.id, alertReason: await dictValue('shipment_alert_reason'), alertRemark: '已处理' })) };

  // shipments
  const S = '/api/shipment/shipment';
  const shipmentBody = async (extra: Record<string, unknown> = {}) => ({ id: rec.shipment.id, version: (await adminGet(`${S}/get/${rec.shipment.id}`)).version, ...extra });
  c[`POST ${S}/create`] = { kind: 'reviewedWaybill', call: post(`${S}/create`, () => ({ waybillIds: [rec.reviewedWaybill.id] })) };
  c[`POST ${S}/schedule`] = {
    kind: 'openShipment',
    call: post(`${S}/schedule`, async () => ({
      id: rec.openShipment.id,
      version: (await adminGet(`${S}/get/${rec.openShipment.id}`)).version,
      ...{ carrierId: rec.carrier.id, vehicleIdMain: rec.transportMeans.id, driverIdMaster: rec.driver.id, etd: inHour(1), eta: inHour(5) },
    })),
  };
  c[`POST ${S}/reassignDriver`] = { kind: 'shipment', call: post(`${S}/reassignDriver`, () => shipmentBody({ driverIdMaster: rec.driver.id, reason: '换人' })) };
  c[`POST ${S}/reassignInTransit`] = { kind: 'shipment', call: post(`${S}/reassignInTransit`, () => shipmentBody({ handoverTime: inHour(0), handoverPlace: '嘉定' })) };
  for (const [action, extra] of [
    ['cancelSchedule', {}],
    ['effect', {}],
    ['withdraw', {}],
    ['ship', { time: inHour(0) }],
    ['finish', { time: inHour(1) }],
    ['adminReturn', { reason: '退回' }],
    ['print', { reason: '重打' }],
  ] as const)
    c[`POST ${S}/${action}`] = { kind: 'shipment', call: post(`${S}/${action}`, () => ({ ...ids('shipment'), ...extra })) };
  for (const action of ['bind', 'addWaybills'])
    c[`POST ${S}/${action}`] = { kind: 'shipment', call: post(`${S}/${action}`, () => ({ id: rec.shipment.id, waybillIds: [rec.reviewedWaybill.id], confirmCarrierMismatch: true })) };
  for (const action of ['unbind', 'reduceWaybills'])
    c[`POST ${S}/${action}`] = { kind: 'shipment', call: post(`${S}/${action}`, () => ({ id: rec.shipment.id, waybillIds: [waybillOfLine] })) };
  c[`GET ${S}/trajectory/:id`] = { kind: 'shipment', read: true, call: get(() => `${S}/trajectory/${rec.shipment.id}`) };

  /** Printing records of a kind with a seeded template on the first printer. */
  const printing = (kind: 'order' | 'waybill' | 'statement', url: string, template: string) => ({
    kind,
    call: post(url, async () => ({
      ...ids(kind),
      templateId: (await one(`select id from base_print_template where code = $1`, [template])).id,
      printerId: (await one(`select id from sys_printer order by id limit 1`)).id,
    })),
  });

  // waybills
  const W = '/api/waybill/waybill';
  c[`POST ${W}/review`] = { kind: 'waybill', call: post(`${W}/review`, () => ids('waybill')) };
  c[`POST ${W}/retract`] = { kind: 'reviewedWaybill', call: post(`${W}/retract`, () => ids('reviewedWaybill')) };
  c[`POST ${W}/split`] = {
    kind: 'waybill',
    call: post(`${W}/split`, async () => ({ id: rec.waybill.id, version: (await adminGet(`${W}/get/${rec.waybill.id}`)).version, lines: [{ lineId: rec.waybillLine.id, splitNum: 1 }] })),
  };
  c[`POST ${W}/toRos`] = { kind: 'reviewedWaybill', call: post(`${W}/toRos`, () => ids('reviewedWaybill')) };
  c[`GET ${W}/rosShipments`] = list(`${W}/rosShipments`, ['openShipment']);
  c[`POST ${W}/print`] = printing('waybill', `${W}/print`, 'TPL-WAYBILL');

  // orders
  const O = '/api/order/order';
  c[`GET ${O}/summary`] = { none: 'totals of the caller\'s list (its filters and scope are the list\'s, checked there)' };
  for (const [action, extra] of [
    ['review', {}],
    ['retract', {}],
    ['lock', { reason: '锁定' }],
    ['unlock', {}],
    ['printVerify', {}],
  ] as const)
    c[`POST ${O}/${action}`] = { kind: 'order', call: post(`${O}/${action}`, () => ({ ...ids('order'), ...extra })) };
  c[`POST ${O}/assignCarrierRoute`] = { kind: 'order', call: post(`${O}/assignCarrierRoute`, () => ({ ...ids('order'), carrierRouteId: rec.carrierRoute.id })) };
  c[`POST ${O}/print`] = printing('order', `${O}/print`, 'TPL-ORDER');
  c['GET /api/order/tracking/list'] = { kind: 'order', read: true, call: get(() => '/api/order/tracking/list', () => ({ orderId: rec.order.id })) };

  // receipts
  const E = '/api/epod/epod';
  c[`POST ${E}/signFor`] = {
    kind: 'epodPending',
    call: post(`${E}/signFor`, async () => {
      const d = await adminGet(`${E}/get/${rec.epodPending.id}`);
      const at = inHour(-1);
      const lines = (d.lines as Json[]).map((l) => ({ lineId: l.id, signedQuantity: l.shippedQuantity, cases: l.plannedCases, pallets: l.plannedPallets, shortage: 0, damage: 0 }));
      return { id: d.id, version: d.version, arrivalTime: at, signTime: at, lines };
    }),
  };
  c[`POST ${E}/audit`] = { kind: 'epod', call: post(`${E}/audit`, () => ({ ...ids('epod'), opinion: '通过' })) };
  c[`POST ${E}/reject`] = { kind: 'epod', call: post(`${E}/reject`, () => ({ id: rec.epod.id, opinion: '照片不清' })) };
  c[`POST ${E}/recall`] = { kind: 'epod', call: post(`${E}/recall`, () => ({ id: rec.epod.id })) };
  c[`POST ${E}/handle`] = { kind: 'epod', call: post(`${E}/handle`, () => ({ id: rec.epod.id, result: 'ACCEPT', remark: '再次确认' })) };
  c[`POST ${E}/picture/upload`] = { kind: 'epod', call: post(`${E}/picture/upload`, () => form('x.png', 'image/png', PNG), () => ({ epodId: rec.epod.id })) };
  c[`POST ${E}/picture/remove`] = { kind: 'epodPicture', call: post(`${E}/picture/remove`, () => ({ id: rec.epodPicture.id })) };
  c[`POST ${E}/video/upload`] = { kind: 'epod', call: post(`${E}/video/upload`, () => form('v.mp4', 'video/mp4', Buffer.from('not really a video')), () => ({ epodId: rec.epod.id })) };
  c[`GET ${E}/byShipment/:shipmentId`] = { kind: 'shipment', read: true, call: get(() => `${E}/byShipment/${rec.shipment.id}`) };
  c[`GET ${E}/byWaybill/:waybillId`] = { kind: 'epod', read: true, call: get(() => `${E}/byWaybill/${waybillOfEpod}`) };

  // master data with maps
  c['POST /api/baseinfo/zone/shape'] = {
    kind: 'zone',
    call: post('/api/baseinfo/zone/shape', async () => ({ id: rec.zone.id, version: (await adminGet(`/api/baseinfo/zone/get/${rec.zone.id}`)).version, shapeType: 'CIRCLE', centerLongitude: 121.4, centerLatitude: 31.2, radius: 5 })),
  };
  c['POST /api/baseinfo/station/fence'] = {
    kind: 'station',
    call: post('/api/baseinfo/station/fence', async () => ({ id: rec.station.id, version: (await adminGet(`/api/baseinfo/station/get/${rec.station.id}`)).version, longitude: 121.2, latitude: 31.3, fenceType: 'CIRCLE', fenceDistance: 2 })),
  };
  c['GET /api/baseinfo/station/detail/:id'] = { kind: 'station', read: true, call: get(() => `/api/baseinfo/station/detail/${rec.station.id}`) };

  // logistics accounts: their vehicles are in the data groups' scope
  c['GET /api/logistics/account/vehicles'] = list('/api/logistics/account/vehicles', ['transportMeans'], () => ({ id: logisticsAccount, pageSize: 500 }));
  c['POST /api/logistics/account/bind'] = { kind: 'transportMeans', call: post('/api/logistics/account/bind', () => ({ id: logisticsAccount, vehicleIds: [rec.transportMeans.id] })) };
  c['POST /api/logistics/account/unbind'] = { kind: 'transportMeans', call: post('/api/logistics/account/unbind', () => ({ id: logisticsAccount, vehicleIds: [rec.transportMeans.id] })) };

  // finance: contract actions act on a contract; a waybill's charges are read as the waybill; a quote lists contracts
  for (const action of ['submit', 'effect', 'terminate']) c[`POST /api/finance/contract/${action}`] = { kind: 'contract', call: post(`/api/finance/contract/${action}`, () => ids('contract')) };
  c['POST /api/finance/contract/rerate'] = { kind: 'contract', call: post('/api/finance/contract/rerate', () => ({ id: rec.contract.id })) };
  c['GET /api/finance/contract/rerate/:id'] = { kind: 'contract', call: get(() => `/api/finance/contract/rerate/${rec.contract.id}`) };
  c['GET /api/finance/contract/progress/:id'] = { kind: 'contract', call: get(() => `/api/finance/contract/progress/${rec.contract.id}`) };
  c['GET /api/finance/charge/list'] = { kind: 'reviewedWaybill', read: true, call: get(() => '/api/finance/charge/list', () => ({ waybillId: rec.reviewedWaybill.id })) };
  c['POST /api/finance/quote'] = {
    list: () => ({ method: 'POST', path: '/api/finance/quote', body: { kind: 'RECEIVABLE', from: {}, to: {}, quantities: { weightKg: 10 }, date: new Date().toISOString().slice(0, 10) } }),
    shows: ['contract'],
  };
  // finance, payable rating (rating branch): a dispatch order's charges are read as the dispatch order, a history as its waybill
  c['GET /api/finance/dispatch/charge/list'] = { kind: 'shipment', read: true, call: get(() => '/api/finance/dispatch/charge/list', () => ({ shipmentId: rec.shipment.id })) };
  c['GET /api/finance/rating/history'] = { kind: 'reviewedWaybill', read: true, call: get(() => '/api/finance/rating/history', () => ({ waybillId: rec.reviewedWaybill.id })) };
  c['POST /api/finance/adjustment/save'] = { kind: 'reviewedWaybill', call: post('/api/finance/adjustment/save', async () => ({ kind: 'RECEIVABLE', waybillId: rec.reviewedWaybill.id, chargeTypeId: (await one(`select id from fin_charge_type where code = 'OTHER'`)).id, amount: 5000, reason: 'scope' })) };
  c['POST /api/finance/adjustment/decide'] = {
    kind: 'reviewedWaybill',
    call: post('/api/finance/adjustment/decide', async () => ({
      ids: [(await one(`insert into fin_adjustment (dispatch_center_id, kind, waybill_id, charge_type_id, charge_type_code, amount, tax_rate, reason, status) select dispatch_center_id, 'RECEIVABLE', id, (select id from fin_charge_type where code = 'OTHER'), 'OTHER', 5000, 9, 'scope', 'PENDING' from tms_waybill where id = ${rec.reviewedWaybill.id} returning id`)).id],
      approve: true,
    })),
  };
  c['GET /api/finance/adjustment/list'] = { kind: 'reviewedWaybill', read: true, call: get(() => '/api/finance/adjustment/list', () => ({ waybillId: rec.reviewedWaybill.id })) };
  c['GET /api/finance/rating/summary'] = { none: "counts by rating state, in the caller's scope (the waybill-rating and dispatch-order scope in its SQL)" };

  // settlement (issue 15): statement actions act on a statement (404 before any status or version check); an invoice
  // covers statements; a generation and a payment name their party (a client outside the data groups answers 404)
  const F = '/api/finance';
  const stmt = (extra: () => Record<string, unknown> = () => ({})) => () => ({ id: rec.statement.id, version: 0, ...extra() });
  c[`POST ${F}/statement/generate`] = { kind: 'client', call: post(`${F}/statement/generate`, () => ({ kind: 'RECEIVABLE', period: '2026-01', partyId: rec.client.id })) };
  none("a generation run of the caller's own dispatch center: its status and counts, no party's record", `GET ${F}/statement/job/:id`);
  none("stores an attachment as the caller's own file: a dispute takes only files its caller uploaded (finance-statement-adjustments.test.ts)", `POST ${F}/statement/disputeFile`);
  c[`GET ${F}/statement/detail/:id`] = { kind: 'statement', read: true, call: get(() => `${F}/statement/detail/${rec.statement.id}`) };
  for (const action of ['send', 'confirm']) c[`POST ${F}/statement/${action}`] = { kind: 'statement', call: post(`${F}/statement/${action}`, stmt()) };
  c[`POST ${F}/statement/void`] = { kind: 'statement', call: post(`${F}/statement/void`, stmt(() => ({ reason: '作废' }))) };
  c[`POST ${F}/statement/removeLines`] = { kind: 'statement', call: post(`${F}/statement/removeLines`, stmt(() => ({ lineIds: [rec.statementLine.id] }))) };
  c[`POST ${F}/statement/dispute`] = { kind: 'statement', call: post(`${F}/statement/dispute`, stmt(() => ({ lines: [{ lineId: rec.statementLine.id, reason: '不对', proposedAmount: 1 }] }))) };
  // the three-way check reads the carrier's workbook only once the statement is found in scope; the PDF shows the statement
  const claimSheet = async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('claim').addRows([['waybillCode', 'claimAmount'], ['X', 1]]);
    return form('claim.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', Buffer.from(await wb.xlsx.writeBuffer()));
  };
  c[`POST ${F}/statement/threeWay`] = { kind: 'statement', call: post(`${F}/statement/threeWay`, claimSheet, () => ({ id: rec.statement.id, version: 0 })) };
  c[`GET ${F}/statement/pdf/:id`] = { kind: 'statement', read: true, call: get(() => `${F}/statement/pdf/${rec.statement.id}`) };
  c[`POST ${F}/statement/print`] = { ...printing('statement', `${F}/statement/print`, 'TPL-STATEMENT'), read: true };
  none('print choices (templates, printers): global', `GET ${F}/statement/printOptions`);
  none("the blank template of a carrier's statement: no record", `GET ${F}/statement/claimTemplate`);
  c[`POST ${F}/statement/resolve`] = { kind: 'statement', call: post(`${F}/statement/resolve`, stmt(() => ({ decisions: [{ lineId: rec.statementLine.id, accept: true }] }))) };
  c[`POST ${F}/invoice/register`] = {
    kind: 'statement',
    call: post(`${F}/invoice/register`, () => ({ kind: 'RECEIVABLE', invoiceNo: `X${rand(6)}`, invoiceDate: '2026-01-01', invoiceType: 'SPECIAL', taxRate: 9, allocations: [{ statementId: rec.statement.id, amount: 1 }] })),
  };
  c[`POST ${F}/invoice/void`] = { kind: 'invoice', call: post(`${F}/invoice/void`, () => ({ id: rec.invoice.id, version: 0, reason: '作废' })) };
  c[`POST ${F}/payment/register`] = { kind: 'client', call: post(`${F}/payment/register`, () => ({ kind: 'RECEIVABLE', partyId: rec.client.id, paymentNo: `X${rand(6)}`, payDate: '2026-01-01', amount: 1 })) };
  c[`POST ${F}/payment/writeOff`] = { kind: 'payment', call: post(`${F}/payment/writeOff`, () => ({ paymentId: rec.payment.id, invoiceId: rec.invoice.id, amount: 1 })) };
  for (const path of ['settlement/open', 'settlement/aging', 'settlement/aging/export']) c[`GET ${F}/${path}`] = list(`${F}/${path}`, [], () => ({ kind: 'RECEIVABLE' }));
  c[`GET ${F}/paperReceipt/overdue`] = list(`${F}/paperReceipt/overdue`, [], () => ({ days: 0, pageSize: 500 }));
  none('scans waybill codes: a code outside the caller\'s scope answers "does not exist" in its own result line, like an unknown code, and changes nothing (finance-settlement.test.ts)', `POST ${F}/paperReceipt/scan`);

  // notifications: a test send acts on its endpoint, a replay on the logged delivery; the inbox is the caller's own
  c['POST /api/notify/webhook/test'] = { kind: 'webhookEndpoint', call: post('/api/notify/webhook/test', () => ({ id: rec.webhookEndpoint.id })) };
  c['POST /api/notify/delivery/replay'] = { kind: 'notifyDelivery', call: post('/api/notify/delivery/replay', () => ids('notifyDelivery')) };
  none(SELF, 'GET /api/notify/inbox', 'POST /api/notify/inbox/read');

  // reports and dashboards: figures of the session's center and data groups
  const figures = (path: string): ListCase => ({ ...list(path, [], () => ({})), centerParam: true });
  for (const name of REPORT_NAMES) {
    c[`GET /api/reports/${name}/data`] = figures(`/api/reports/${name}/data`);
    c[`GET /api/reports/${name}/export`] = figures(`/api/reports/${name}/export`);
  }
  for (const name of ['analysis', 'workplace', 'monitor']) c[`GET /api/dashboard/${name}`] = figures(`/api/dashboard/${name}`);
  // the vehicle check report's drill-down: its checks (a list of the report's center) and one check
  c['GET /api/reports/check/checks'] = { ...list('/api/reports/check/checks', ['vehicleCheck'], () => ({ pageSize: 100 })), centerParam: true };
  c['GET /api/reports/check/checks/:id'] = { kind: 'vehicleCheck', read: true, call: get(() => `/api/reports/check/checks/${rec.vehicleCheck.id}`) };
  // fleet tracking (issue 19): a vehicle's own track
  c['GET /api/fleet/track/:id'] = { kind: 'transportMeans', read: true, call: get(() => `/api/fleet/track/${rec.transportMeans.id}`, () => ({ from: inHour(-24), to: inHour(0) })) };
  // the live fleet monitor: the vehicles that ran dispatch orders of the caller's centers, within the data groups; another center asked: 403
  c['GET /api/fleet/monitor'] = { ...list('/api/fleet/monitor', ['transportMeans'], () => ({})), centerParam: true };
  c['GET /api/fleet/monitor/:id'] = { kind: 'transportMeans', read: true, call: get(() => `/api/fleet/monitor/${rec.transportMeans.id}`) };
  return c;
}
let waybillOfLine = 0;
let waybillOfEpod = 0;

const dictValue = async (type: string) => (await one(`select dict_value from sys_dict_data where dict_type = $1 and status = '0' order by dict_sort, id limit 1`, [type])).dict_value as string;

/** Every staff route with its classification; the unclassified ones are listed. */
function classify(): { routes: Map<string, Classified>; missing: string[] } {
  const routes = new Map<string, Classified>();
  const table = new Set(s.app.routeTable.filter((r) => !r.principal && r.permission !== 'public').map((r) => `${r.method} ${r.url}`));
  // another principal's routes (the driver app) and public ones take no staff session (access-matrix.test.ts, driver.test.ts)
  for (const def of [...RESOURCES, orderResource, orderLineResource]) for (const [k, v] of genericRoutes(def)) if (table.has(k)) routes.set(k, v);
  // the custom routes come after: they replace a generic one of the same path (e.g. the shipment's own effect)
  const custom = customRoutes();
  for (const [k, v] of Object.entries(custom)) routes.set(k, v);
  const missing = [...unseeded, ...[...table].filter((k) => !routes.has(k))];
  // a classification of a route that is gone is stale
  for (const k of Object.keys(custom)) if (!table.has(k)) missing.push(`(no such route) ${k}`);
  return { routes, missing };
}

// ---------------------------------------------------------------------------------------------
// What a response shows, and what the database holds

/** The text of a response: JSON as sent, a workbook as its cells (one value per line). */
async function textOf(r: ApiResponse): Promise<string> {
  if (r.body.subarray(0, 2).toString('latin1') !== 'PK') return r.body.toString('utf8');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(r.body as unknown as ExcelJS.Buffer);
  const cells: string[] = [];
  for (const ws of wb.worksheets) ws.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text ?? ''))));
  return cells.map((x) => `"${x}"`).join('\n');
}

/**
 * What of a seeded record a text shows: its code (operational codes anywhere, master codes as a whole value),
 * or — in a list or record of its own kind (`ofKind`) — its id as a row's id.
 */
function shows(text: string, k: Kind, ofKind = false): string | null {
  const r = rec[k];
  if (r.code && (isOperational(k) ? text.includes(r.code) : text.includes(`"${r.code}"`))) return `code ${r.code}`;
  if (ofKind && new RegExp(`"id":${r.id}[,}]`).test(text)) return `id ${r.id}`;
  return null;
}

/** The rows of the seeded records, and the counts of the tables a route could add to. */
async function snapshot(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [k, r] of Object.entries(rec)) out[k] = (await s.db.query(`select * from ${r.table} where id = $1`, [r.id])).rows;
  for (const t of ['tms_order', 'tms_order_line', 'tms_waybill', 'tms_waybill_line', 'tms_shipment', 'tms_shipment_stop', 'tms_shipment_leg', 'tms_epod', 'tms_epod_line',
    'tms_epod_picture', 'tms_epod_opinion', 'shipment_alert', 'tms_order_tracking', 'tms_position', 'tms_shipment_print_log', 'sys_oss'])
    out[`count ${t}`] = (await s.db.query<{ n: number }>(`select count(*)::int as n from ${t}`)).rows[0]!.n;
  out['waybills of the orders'] = (await s.db.query(`select id, order_id, shipment_id, status, version from tms_waybill where order_id = $1 order by id`, [rec.order.id])).rows;
  return out;
}

// ---------------------------------------------------------------------------------------------

const NOT_FOUND = translate('zh-CN', 'messages.notFound');
let classified: ReturnType<typeof classify>;
let before: Record<string, unknown>;
const OUT = () => [otherCenter, otherGroup];
/** the dashboards and reports of the out-of-scope users before anything was seeded */
const beforeSeeding = new Map<string, string>();

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  await users();
  classified = classify();
  // figures first: seeding records out of their scope must not move them
  for (const [key, c] of classified.routes) {
    if (!('list' in c) || !/\/api\/(reports|dashboard)\//.test(key)) continue;
    for (const u of OUT()) beforeSeeding.set(`${u.name} ${key}`, await textOf(await send(c.list(), u.token)));
  }
  await seed();
  waybillOfLine = (await one(`select waybill_id from tms_waybill_line where id = $1`, [rec.shipmentLine.id])).waybill_id;
  waybillOfEpod = (await one(`select waybill_id from tms_epod where id = $1`, [rec.epod.id])).waybill_id;
  before = await snapshot();
}, 180_000);

afterAll(async () => {
  await s?.close();
});

describe('the data-scope matrix', () => {
  it('every staff route is classified: the record it acts on, a list, or why it takes no record', () => {
    expect(classified.missing).toEqual([]);
    // and every seeded kind is the target of some route or shown by some list
    const targeted = new Set<string>();
    for (const c of classified.routes.values()) {
      if ('kind' in c) targeted.add(c.kind);
      if ('list' in c) c.shows.forEach((k) => targeted.add(k));
    }
    expect(Object.keys(rec).filter((k) => !targeted.has(k))).toEqual([]);
  });

  it('a user of another dispatch center and a user of another data group get 404 for every seeded record, and see nothing of it', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const [key, c] of classified.routes) {
      if (!('kind' in c)) continue;
      for (const u of OUT()) {
        if (!u.hides(c.kind)) continue;
        const r = await send(await c.call(), u.token);
        const text = r.body.toString('utf8');
        // the record-not-found answer of the scope, not a route that does not exist
        if (r.status !== 404 || r.json?.msg !== NOT_FOUND) wrong.push(`${u.name}: ${key} (${c.kind}) → ${r.status} ${text.slice(0, 160)}`);
        else calls++;
        for (const k of Object.keys(rec) as Kind[]) {
          const seen = u.hides(k) && rec[k].code && shows(text, k);
          if (seen) wrong.push(`${u.name}: ${key} shows ${k} (${seen})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(100);
  }, 120_000);

  it('their lists, exports, reports and dashboards leave the records out', async () => {
    const wrong: string[] = [];
    for (const [key, c] of classified.routes) {
      if (!('list' in c)) continue;
      for (const u of OUT()) {
        const r = await send(c.list(), u.token);
        if (r.status !== 200) wrong.push(`${u.name}: ${key} → ${r.status}`);
        const text = await textOf(r);
        for (const k of Object.keys(rec) as Kind[]) {
          const seen = u.hides(k) && shows(text, k, c.shows.includes(k));
          if (seen) wrong.push(`${u.name}: ${key} shows ${k} (${seen})`);
        }
        const earlier = beforeSeeding.get(`${u.name} ${key}`);
        if (earlier !== undefined && earlier !== text) wrong.push(`${u.name}: ${key} changed with records out of scope: ${earlier.slice(0, 300)} → ${text.slice(0, 300)}`);
      }
      if (c.centerParam) {
        const call = c.list();
        const r = await send({ ...call, query: { ...call.query, dispatchCenterId: await centerId(s.db, 'SH01') } }, otherCenter.token);
        if (r.status !== 403) wrong.push(`${otherCenter.name}: ${key} of center A → ${r.status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('nothing the refused calls touched has changed', async () => {
    expect(await snapshot()).toEqual(before);
  });

  it('a user in scope with the same role reads every record and finds it in the lists (the routes work; the scope refuses)', async () => {
    const wrong: string[] = [];
    for (const [key, c] of classified.routes) {
      if ('kind' in c && c.read) {
        const r = await send(await c.call(), inScope.token);
        const text = r.body.toString('utf8');
        const k = c.kind;
        if (r.status !== 200) wrong.push(`${key} (${k}) → ${r.status} ${text.slice(0, 160)}`);
        else if (!shows(text, k, true)) wrong.push(`${key} (${k}) does not show ${rec[k].code ?? rec[k].id}`);
      }
      if ('list' in c && c.shows.length) {
        const r = await send(c.list(), inScope.token);
        const text = await textOf(r);
        const k = c.shows.find((x) => rec[x].code) ?? c.shows[0]!;
        if (!rec[k].code && r.headers.get('content-type')?.includes('spreadsheet')) continue; // a workbook has no ids to find
        if (r.status !== 200) wrong.push(`${key} → ${r.status}`);
        else if (!shows(text, k, true)) wrong.push(`${key} does not show ${k} ${rec[k].code ?? rec[k].id}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('secrets', () => {
  it('password, secret and token values never appear in any list, get, export or log', async () => {
    ctx.s = s;
    ctx.admin = admin;
    const userPassword = `Pw-${rand(10)}`;
    const driverPassword = `Dp-${rand(10)}`;
    const ossSecret = `Oss-${rand(12)}`;
    const user = await saveSample('user', { password: userPassword });
    await saveSample('driver', { password: driverPassword });
    await saveSample('ossConfig', { secretKey: ossSecret });
    const client = await saveSample('authClient');
    expect(client.clientSecret).toBeTruthy(); // shown once, on creation
    const hook = await saveSample('webhookEndpoint');
    expect(hook.secret).toMatch(/^whsec_/); // shown once, on creation
    const stored = (
      await s.db.query<{ v: string }>(
        `select password_hash as v from sys_user where id = $1 union all select password_hash from base_driver where password_hash is not null
         union all select client_secret_hash from sys_auth_client union all select secret_key_enc from sys_oss_config where secret_key_enc is not null
         union all select secret_enc from tms_logistics_account where secret_enc is not null union all select token_hash from sys_session
         union all select secret_enc from ntf_webhook where secret_enc is not null`,
        [user.id],
      )
    ).rows.map((r) => r.v);
    const secrets = [userPassword, driverPassword, ossSecret, client.clientSecret as string, hook.secret as string, 'push-secret-of-the-matrix', admin, inScope.token, otherCenter.token, otherGroup.token, ...stored];

    const leaks: string[] = [];
    const check = (where: string, text: string) => {
      for (const v of secrets) if (text.includes(v)) leaks.push(`${where} shows ${v.slice(0, 12)}…`);
    };
    for (const def of RESOURCES) {
      const list = await s.api('GET', `/api${def.path}/list`, { token: admin, query: { pageSize: 500 } });
      expect(list.status, def.name).toBe(200);
      check(`${def.name} list`, list.body.toString('utf8'));
      for (const row of (list.json.rows as Json[]).slice(0, 20)) check(`${def.name} get`, (await s.api('GET', `/api${def.path}/get/${row.id}`, { token: admin })).body.toString('utf8'));
      if (def.features?.export !== false) check(`${def.name} export`, await textOf(await s.api('GET', `/api${def.path}/export`, { token: admin })));
    }
    check('online sessions', (await s.api('GET', '/api/monitor/online/list', { token: admin, query: { pageSize: 500 } })).body.toString('utf8'));
    check('operation log', JSON.stringify((await s.db.query(`select * from sys_oper_log`)).rows));
    check('login log', JSON.stringify((await s.db.query(`select * from sys_login_log`)).rows));
    expect(leaks).toEqual([]);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// The client portal (issue 17): every portal route, called with the seeded records of client C001 by a client user
// of client C002, answers 404 (or leaves them out of its lists and exports); a client user of C001 reads them.

describe('the client portal in the data-scope matrix', () => {
  let mine: string;
  let theirs: string;
  let linkId = 0;
  beforeAll(async () => {
    mine = (await clientUser(s, ['C001'])).token;
    theirs = (await clientUser(s, ['C002'])).token;
    const link = await s.api('POST', `/api/portal/orders/${rec.order.id}/trackingLinks`, { token: mine, body: {} });
    expectOk(link, 'seed tracking link');
    linkId = link.json.data.id;
    // the seeded statement of C001 as its client sees it: sent (a draft stays in the back office; the staff actions above may have moved it on)
    await s.db.query(`update fin_statement set status = 'SENT' where id = $1 and status = 'DRAFT'`, [rec.statement.id]);
  });

  /** each portal route: the record it acts on, a list, or why it takes none */
  const portalRoutes = (): Record<string, Classified> => ({
    'GET /api/portal/me': { none: "the caller's own clients" },
    'POST /api/portal/orders': { none: 'creates a new order: another client is refused with 400 naming clientId (portal.test.ts)' },
    'GET /api/portal/orders/importTemplate': { none: 'a blank template' },
    'POST /api/portal/orders/import': { none: "creates new orders from a workbook: another client's codes are unknown on their rows (portal.test.ts)" },
    'POST /api/portal/statements/file': { none: "stores an attachment as the caller's own file: a dispute takes only files its caller uploaded (portal.test.ts)" },
    'GET /api/portal/orders': list('/api/portal/orders', ['order']),
    'GET /api/portal/orders/export': { list: () => ({ method: 'GET', path: '/api/portal/orders/export' }), shows: ['order'] },
    'GET /api/portal/transit': { list: () => ({ method: 'GET', path: '/api/portal/transit' }), shows: ['shipment'] },
    'GET /api/portal/orders/:id': { kind: 'order', read: true, call: get(() => `/api/portal/orders/${rec.order.id}`) },
    'GET /api/portal/choices': { kind: 'client', call: get(() => '/api/portal/choices', () => ({ clientId: rec.client.id })) },
    'POST /api/portal/orders/:id/cancel': { kind: 'order', call: post(`/api/portal/orders/${rec.order.id}/cancel`, () => ({})) },
    'GET /api/portal/orders/:id/trackingLinks': { kind: 'order', call: get(() => `/api/portal/orders/${rec.order.id}/trackingLinks`) },
    'POST /api/portal/orders/:id/trackingLinks': { kind: 'order', call: post(`/api/portal/orders/${rec.order.id}/trackingLinks`, () => ({})) },
    'POST /api/portal/trackingLinks/:id/revoke': { kind: 'order', call: post(`/api/portal/trackingLinks/${linkId}/revoke`, () => ({})) },
    'GET /api/portal/epods/:id': { kind: 'epod', read: true, call: get(() => `/api/portal/epods/${rec.epod.id}`) },
    'GET /api/portal/epods/:id/pdf': { kind: 'epod', call: get(() => `/api/portal/epods/${rec.epod.id}/pdf`) },
    'GET /api/portal/epods/:id/pictures/:pictureId': { kind: 'epodPicture', call: get(() => `/api/portal/epods/${rec.epod.id}/pictures/${rec.epodPicture.id}`) },
    'GET /api/portal/statements': { list: () => ({ method: 'GET', path: '/api/portal/statements' }), shows: ['statement'] },
    'GET /api/portal/statements/:id': { kind: 'statement', read: true, call: get(() => `/api/portal/statements/${rec.statement.id}`) },
    'GET /api/portal/statements/:id/print': { kind: 'statement', read: true, call: get(() => `/api/portal/statements/${rec.statement.id}/print`) },
    'GET /api/portal/statements/:id/pdf': { kind: 'statement', call: get(() => `/api/portal/statements/${rec.statement.id}/pdf`) },
    'POST /api/portal/statements/confirm': { kind: 'statement', call: post('/api/portal/statements/confirm', async () => ({ id: rec.statement.id, version: (await one(`select version from fin_statement where id = $1`, [rec.statement.id])).version })) },
    'POST /api/portal/statements/dispute': {
      kind: 'statement',
      call: post('/api/portal/statements/dispute', async () => ({
        id: rec.statement.id,
        version: (await one(`select version from fin_statement where id = $1`, [rec.statement.id])).version,
        lines: [{ lineId: rec.statementLine.id, reason: 'scope', proposedAmount: '1.00' }],
      })),
    },
  });

  it('every portal route is classified, and a client user of another client gets 404 or an empty list on each, seeing nothing of client C001', async () => {
    const routes = portalRoutes();
    const table = s.app.routeTable.filter((r) => r.principal === 'portal').map((r) => `${r.method} ${r.url}`);
    expect(table.filter((k) => !routes[k])).toEqual([]);
    expect(Object.keys(routes).filter((k) => !table.includes(k))).toEqual([]);
    const before = await s.db.query(`select id, status, version from tms_order where id = $1 union all select id, revoked_at::text, 0 from tms_tracking_link where id = $2`, [rec.order.id, linkId]);
    const wrong: string[] = [];
    for (const [key, c] of Object.entries(routes)) {
      if ('none' in c) continue;
      const r = await send('kind' in c ? await c.call() : c.list(), theirs);
      const text = await textOf(r);
      if ('kind' in c && (r.status !== 404 || r.json?.msg !== NOT_FOUND)) wrong.push(`${key} → ${r.status} ${text.slice(0, 160)}`);
      if ('list' in c && r.status !== 200) wrong.push(`${key} → ${r.status}`);
      for (const k of Object.keys(rec) as Kind[]) {
        const seen = isOperational(k) && shows(text, k, 'list' in c && c.shows.includes(k));
        if (seen) wrong.push(`${key} shows ${k} (${seen})`);
      }
      if (text.includes('"C001"')) wrong.push(`${key} shows client C001`);
    }
    expect(wrong).toEqual([]);
    // nothing the refused calls touched has changed
    expect((await s.db.query(`select id, status, version from tms_order where id = $1 union all select id, revoked_at::text, 0 from tms_tracking_link where id = $2`, [rec.order.id, linkId])).rows).toEqual(before.rows);
  }, 120_000);

  it('a client user of client C001 reads every record and finds it in its lists (the routes work; the scope refuses)', async () => {
    const wrong: string[] = [];
    for (const [key, c] of Object.entries(portalRoutes())) {
      // (the actions that change a record: their own tests in portal.test.ts)
      if ('none' in c || key.includes('cancel') || key.includes('revoke') || key.startsWith('POST /api/portal/statements')) continue;
      const r = await send('kind' in c ? await c.call() : c.list(), mine);
      if (r.status !== 200) wrong.push(`${key} → ${r.status} ${r.body.toString('utf8').slice(0, 160)}`);
      const text = await textOf(r);
      if ('kind' in c && c.read && !shows(text, c.kind, true)) wrong.push(`${key} does not show ${c.kind}`);
      if ('list' in c && !shows(text, c.shows[0]!, true)) wrong.push(`${key} does not show ${c.shows[0]}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
