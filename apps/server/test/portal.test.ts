/**
 * The client portal and public tracking links (issue 17): a client user works in the portal only, sees its
 * clients' orders, places and cancels them, reads a proof of delivery (and its PDF); a public tracking link shows
 * the progress without prices or people, and stops when expired, revoked or tampered with; the public answer is
 * rate-limited. Which portal route refuses another client's records is in scope-matrix.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDistributionKey, ADMIN, centerId, rand, startServer, type Json, type TestServer } from './helpers.ts';
import { clientUser, type ClientUser } from './portal-kit.ts';
import { insertPositions } from './shipments-fixtures.ts';
import { buildShippedShipment } from '../src/modules/epod/demo.ts';
import { translate } from '../src/platform/i18n.ts';
import ExcelJS from 'exceljs';
import { PORTAL_IMPORT_FIELDS, portalOrderImportResource } from '@tms/domain';
import { upload } from './resource-kit.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey('portal.test.ts');

let s: TestServer;
let admin: string;
let mine: ClientUser; // client C001
let other: ClientUser; // client C002
let shippedOrderId = 0;
let epodId = 0;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const ids = async (clientCode: string) => {
  const r = await s.db.query<{ client: number; station: number; item: number }>(
    `select c.id as client, (select array_agg(id order by code) from base_station where client_id = c.id and effective) as stations, (select id from base_item where client_id = c.id and effective order by code limit 1) as item
       from base_client c where c.code = $1`,
    [clientCode],
  );
  const row = r.rows[0] as unknown as { client: number; stations: number[]; item: number };
  return { clientId: Number(row.client), from: Number(row.stations[0]), to: Number(row.stations[1]), itemId: Number(row.item) };
};

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  mine = await clientUser(s, ['C001']);
  other = await clientUser(s, ['C002']);
  // a shipped dispatch order of client C001 with positions, and one receipt signed with a photo
  const now = s.clock.now();
  // the center first: inside the transaction s.db would wait for it (embedded PGlite has one connection)
  const dispatchCenterId = await centerId(s.db, 'SH01');
  const chain = await s.db.tx(async (q) => buildShippedShipment(q, { dispatchCenterId, waybills: [[6, 4], [3]], now, by: { userId: 1, userName: 'admin' } }));
  // its departure, logged per dispatch order as the ship action does
  await s.db.query(
    `insert into tms_order_tracking(dispatch_center_id, shipment_id, operation_type, related_code, operator_name, operation_time) select dispatch_center_id, id, 'SHIPMENT_SHIP', shipment_code, 'admin', $2 from tms_shipment where id = $1`,
    [chain.shipmentId, new Date(now.getTime() - 300_000)],
  );
  await insertPositions(s.db, chain.shipmentId, 5, new Date(now.getTime() - 120_000).toISOString());
  // the second waybill's order is still in transit (its receipt is not signed)
  shippedOrderId = (await s.db.query<{ order_id: number }>(`select order_id from tms_waybill where id = $1`, [chain.waybillIds[1]])).rows[0]!.order_id;
  const e = chain.epods[0]!;
  epodId = e.id;
  const d = (await s.api('GET', `/api/epod/epod/get/${e.id}`, { token: admin })).json.data;
  const at = new Date(now.getTime() - 60_000).toISOString();
  const lines = (d.lines as Json[]).map((l, i) => ({ lineId: l.id, signedQuantity: l.shippedQuantity - (i === 0 ? 1 : 0), cases: l.plannedCases, pallets: l.plannedPallets, shortage: i === 0 ? 1 : 0, damage: 0, remark: null }));
  expect((await s.api('POST', '/api/epod/epod/signFor', { token: admin, body: { id: e.id, version: d.version, arrivalTime: at, signTime: at, lines } })).status).toBe(200);
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'sign.png');
  expect((await s.api('POST', '/api/epod/epod/picture/upload', { token: admin, query: { epodId: e.id }, body: f })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('client users', () => {
  it('an administrator makes a client user bound to a client; it signs in and works in the portal only', async () => {
    const userName = `cu_${rand(6)}`;
    const made = await s.api('POST', '/api/system/user/save', { token: admin, body: { userName, nickName: '客户甲', password: 'client123', userKind: 'CLIENT' } });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const id = made.json.data.id;
    const c001 = (await s.db.query<{ id: number }>(`select id from base_client where code = 'C001'`)).rows[0]!.id;
    expect((await s.api('POST', '/api/system/user/portalClients', { token: admin, body: { userId: id, clientIds: [c001] } })).status).toBe(200);
    const list = await s.api('GET', '/api/system/user/portalClients', { token: admin, query: { userId: id } });
    expect(list.json.data.filter((c: Json) => c.assigned).map((c: Json) => c.code)).toEqual(['C001']);
    const token = await s.login(userName, 'client123');
    expect((await s.api('GET', '/api/system/user/info', { token })).json.data.userKind).toBe('CLIENT');
    const me = await s.api('GET', '/api/portal/me', { token });
    expect(me.status).toBe(200);
    expect(me.json.data.clients.map((c: Json) => c.code)).toEqual(['C001']);
    // back-office routes refuse it, whatever roles it is given
    await s.db.query(`insert into sys_user_role(user_id, role_id) select $1, id from sys_role where role_key = 'admin'`, [id]);
    for (const path of ['/api/order/order/list', '/api/system/menu/user', '/api/system/user/list', '/api/shipment/shipmentAlert/getAlert']) {
      expect((await s.api('GET', path, { token })).status, path).toBe(403);
    }
    // and a staff token opens no portal route
    expect((await s.api('GET', '/api/portal/me', { token: admin })).status).toBe(403);
    expect((await s.api('GET', '/api/portal/me')).status).toBe(401);
  });
});

describe('orders in the portal', () => {
  let orderId = 0;
  let code = '';
  it('a client user places an order for its client; it is listed, exported and shown with its timeline; another client user gets 404', async () => {
    const c = await ids('C001');
    const r = await s.api('POST', '/api/portal/orders', {
      token: mine.token,
      body: { clientId: c.clientId, sourceStationId: c.from, destStationId: c.to, customerOrderNo: `PO-${rand(6)}`, lines: [{ itemId: c.itemId, quantity: 12, cases: 2, weight: 30.5 }] },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    orderId = r.json.data.id;
    code = r.json.data.code;
    expect(r.json.data).toMatchObject({ status: 'OPEN', progress: 'RECEIVED', cancellable: true, totalQuantity: 12, totalWeight: '30.500' });
    expect(r.json.data.timeline.map((e: Json) => e.event)).toEqual(['ORDER_CREATE']);
    const list = await s.api('GET', '/api/portal/orders', { token: mine.token, query: { pageSize: 500 } });
    expect(list.json.rows.map((o: Json) => o.code)).toContain(code);
    expect(new Set(list.json.rows.map((o: Json) => o.clientName)).size).toBe(1);
    const theirs = await s.api('GET', '/api/portal/orders', { token: other.token, query: { pageSize: 500 } });
    expect(theirs.json.rows.map((o: Json) => o.code)).not.toContain(code);
    expect((await s.api('GET', `/api/portal/orders/${orderId}`, { token: other.token })).status).toBe(404);
    const xlsx = await s.api('GET', '/api/portal/orders/export', { token: mine.token });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheet');
    // an order for a client that is not its own, or with another client's station, is refused naming the field
    const o2 = await ids('C002');
    const bad = await s.api('POST', '/api/portal/orders', { token: mine.token, body: { clientId: o2.clientId, sourceStationId: o2.from, destStationId: o2.to, lines: [{ itemId: o2.itemId, quantity: 1 }] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors)).toEqual(['clientId']);
    const bad2 = await s.api('POST', '/api/portal/orders', { token: mine.token, body: { clientId: c.clientId, sourceStationId: o2.from, destStationId: c.to, lines: [{ itemId: c.itemId, quantity: 1 }] } });
    expect(Object.keys(bad2.json.errors)).toEqual(['sourceStationId']);
  });

  it('a client user imports orders from Excel: the template, a preview naming what is not its own, then every order or none', async () => {
    const tpl = await s.api('GET', '/api/portal/orders/importTemplate', { token: mine.token, headers: { lang: 'en-US' } });
    expect(tpl.headers.get('content-type')).toContain('spreadsheet');
    const wbT = new ExcelJS.Workbook();
    await wbT.xlsx.load(Buffer.from(tpl.body) as unknown as ArrayBuffer);
    const headers = (wbT.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
    // the client's sheet: no order type, transport type or reference numbers, which the client does not choose
    expect(headers.length).toBe(PORTAL_IMPORT_FIELDS.size);
    const codes = async (client: string) =>
      (await s.db.query<{ client: string; st: string[]; item: string }>(
        `select c.code as client, (select array_agg(code order by code) from base_station where client_id = c.id and effective and status = '0') as st,
                (select code from base_item where client_id = c.id and effective order by code limit 1) as item from base_client c where c.code = $1`,
        [client],
      )).rows[0]!;
    const a = await codes('C001');
    const b = await codes('C002');
    const po = `IMP-${rand(6)}`;
    // the template's columns are the resource's fields, in order
    const fields = portalOrderImportResource.fields.map((f) => f.name);
    const sheet = async (rows: Record<string, unknown>[]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(headers);
      for (const r of rows) ws.addRow(fields.map((f) => r[f] ?? null));
      return upload(Buffer.from(await wb.xlsx.writeBuffer()));
    };
    const row = (o: Record<string, unknown>) => o;
    const good = [
      row({ customerOrderNo: `${po}-1`, clientCode: a.client, sourceStationCode: a.st[0], destStationCode: a.st[1], itemCode: a.item, quantity: 5, weight: 12.5 }),
      row({ customerOrderNo: `${po}-1`, clientCode: a.client, sourceStationCode: a.st[0], destStationCode: a.st[1], itemCode: a.item, quantity: 3 }),
      row({ customerOrderNo: `${po}-2`, clientCode: a.client, sourceStationCode: a.st[1], destStationCode: a.st[0], itemCode: a.item, quantity: 1, remark: 'fragile' }),
    ];
    // another client's code and station are unknown to this user: named on their rows, and nothing is created
    const bad = [...good, row({ customerOrderNo: `${po}-3`, clientCode: b.client, sourceStationCode: b.st[0], destStationCode: a.st[1], itemCode: a.item, quantity: 1 }), row({ customerOrderNo: `${po}-4`, clientCode: a.client, sourceStationCode: b.st[0], destStationCode: a.st[1], itemCode: b.item, quantity: 1 })];
    const preview = await s.api('POST', '/api/portal/orders/import', { token: mine.token, body: await sheet(bad), headers: { lang: 'en-US' } });
    expect(preview.status, JSON.stringify(preview.json).slice(0, 500)).toBe(200);
    expect(preview.json.data).toMatchObject({ total: 5, errors: 2, committed: false });
    const errs = Object.fromEntries(preview.json.data.rows.filter((r: Json) => Object.keys(r.errors).length).map((r: Json) => [r.raw.customerOrderNo, Object.keys(r.errors).sort()]));
    expect(errs).toEqual({ [`${po}-3`]: ['clientCode', 'sourceStationCode'], [`${po}-4`]: ['itemCode', 'sourceStationCode'] });
    expect(preview.json.data.rows[3].errors.clientCode).toBe(translate('en-US', 'messages.order.unknownCode', { value: b.client }));
    const refused = await s.api('POST', '/api/portal/orders/import', { token: mine.token, query: { commit: 'true' }, body: await sheet(bad) });
    expect(refused.status).toBe(400);
    expect((await s.db.query(`select 1 from tms_order where customer_order_no like $1`, [`${po}%`])).rowCount).toBe(0);
    // the corrected sheet: two orders, the first with two lines, placed as the form places them
    const done = await s.api('POST', '/api/portal/orders/import', { token: mine.token, query: { commit: 'true' }, body: await sheet(good) });
    expect(done.status, JSON.stringify(done.json).slice(0, 500)).toBe(200);
    expect(done.json.data).toMatchObject({ committed: true, errors: 0 });
    expect(done.json.data.ids).toHaveLength(2);
    const made = await s.api('GET', `/api/portal/orders/${done.json.data.ids[0]}`, { token: mine.token });
    expect(made.json.data).toMatchObject({ customerOrderNo: `${po}-1`, status: 'OPEN', totalQuantity: 8 });
    expect(made.json.data.lines).toHaveLength(2);
    expect(made.json.data.timeline.map((e: Json) => e.event)).toEqual(['ORDER_IMPORT']);
    const stored = await s.db.query<{ source: string; create_by: string; remark: string | null }>(`select source, create_by, remark from tms_order where customer_order_no like $1 order by customer_order_no`, [`${po}%`]);
    expect(stored.rows).toEqual([
      { source: 'EXTERNAL', create_by: `client:${mine.userName}`, remark: null },
      { source: 'EXTERNAL', create_by: `client:${mine.userName}`, remark: 'fragile' },
    ]);
    expect((await s.api('GET', `/api/portal/orders/${done.json.data.ids[0]}`, { token: other.token })).status).toBe(404);
  });

  it('cancels an order before review, once; another client user cannot', async () => {
    expect((await s.api('POST', `/api/portal/orders/${orderId}/cancel`, { token: other.token, body: {} })).status).toBe(404);
    const r = await s.api('POST', `/api/portal/orders/${orderId}/cancel`, { token: mine.token, body: {}, headers: { lang: 'en-US' } });
    expect(r.status).toBe(200);
    expect(r.json.msg).toBe('Order cancelled');
    const d = (await s.api('GET', `/api/portal/orders/${orderId}`, { token: mine.token })).json.data;
    expect(d).toMatchObject({ status: 'CANCELLED', progress: 'CANCELLED', cancellable: false });
    expect(d.timeline.map((e: Json) => e.event)).toEqual(['ORDER_CREATE', 'ORDER_CANCEL']);
    const again = await s.api('POST', `/api/portal/orders/${orderId}/cancel`, { token: mine.token, body: {} });
    expect(again.status).toBe(409);
  });

  it('an order in transit shows its waybills with ETA and last position, and is on the map', async () => {
    const d = (await s.api('GET', `/api/portal/orders/${shippedOrderId}`, { token: mine.token })).json.data;
    expect(d.progress).toBe('IN_TRANSIT');
    expect(d.waybills[0].lastPosition).toMatchObject({ lng: expect.any(Number), lat: expect.any(Number) });
    expect(d.waybills[0].shipmentStatus).toBe('SHIPPED');
    const map = (await s.api('GET', '/api/portal/transit', { token: mine.token })).json.data as Json[];
    expect(map.some((r) => r.orderId === shippedOrderId && r.lastPosition)).toBe(true);
    expect(((await s.api('GET', '/api/portal/transit', { token: other.token })).json.data as Json[]).some((r) => r.orderId === shippedOrderId)).toBe(false);
  });

  it('reads a proof of delivery with its signed quantities and photo, and downloads it as PDF', async () => {
    const e = await s.api('GET', `/api/portal/epods/${epodId}`, { token: mine.token });
    expect(e.status).toBe(200);
    expect(e.json.data.lines[0]).toMatchObject({ shortage: 1 });
    expect(e.json.data.pictures).toHaveLength(1);
    const pic = await s.api('GET', e.json.data.pictures[0].url, { token: mine.token });
    expect(pic.headers.get('content-type')).toBe('image/png');
    const pdf = await s.api('GET', `/api/portal/epods/${epodId}/pdf`, { token: mine.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.body.length).toBeGreaterThan(2000);
    expect((await s.api('GET', `/api/portal/epods/${epodId}/pdf`, { token: other.token })).status).toBe(404);
  });
});

describe('statements in the portal', () => {
  /**
   * A receivable statement of a client in a status, with two charge lines of 100.10 and 20.05, each of a period of its
   * own (one live statement per party and period: a period drawn at random could meet one drawn before)
   */
  let periods = 0;
  async function statement(clientCode: string, status: string): Promise<{ id: number; lines: number[] }> {
    const n = periods++;
    const { clientId } = await ids(clientCode);
    const center = await centerId(s.db, 'SH01');
    const st = (
      await s.db.query<{ id: number }>(
        `insert into fin_statement(dispatch_center_id, code, kind, client_id, party_id, period, period_from, period_to, status, line_count, charge_amount, total_amount, create_by)
         values ($1, $2, 'RECEIVABLE', $3, $3, $4, '2026-01-01', '2026-01-31', $5, 2, 120.15, 120.15, 'test') returning id`,
        [center, `ST-P-${rand(8)}`, clientId, `${2010 + Math.floor(n / 12)}-${String(1 + (n % 12)).padStart(2, '0')}`, status],
      )
    ).rows[0]!.id;
    const lines = [];
    for (const amount of ['100.10', '20.05']) {
      lines.push((await s.db.query<{ id: number }>(`insert into fin_statement_line(statement_id, amount, waybill_code, charge_type_code, create_by) values ($1, $2, 'WB-P', 'FREIGHT', 'test') returning id`, [st, amount])).rows[0]!.id);
    }
    return { id: Number(st), lines: lines.map(Number) };
  }
  const detail = (token: string, id: number) => s.api('GET', `/api/portal/statements/${id}`, { token });

  it('a client user reads its sent statements with their lines, disputes a line with the amount it says is right, and confirms once adjusted; drafts and other clients\' stay hidden', async () => {
    const sent = await statement('C001', 'SENT');
    const draft = await statement('C001', 'DRAFT');
    const foreign = await statement('C002', 'SENT');
    const list = await s.api('GET', '/api/portal/statements', { token: mine.token });
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    const seen = (list.json.data as Json[]).map((x) => x.id);
    expect(seen).toContain(sent.id);
    expect(seen).not.toContain(draft.id);
    expect(seen).not.toContain(foreign.id);
    for (const id of [draft.id, foreign.id]) expect((await detail(mine.token, id)).status).toBe(404);
    const d = (await detail(mine.token, sent.id)).json.data as Json;
    expect(d).toMatchObject({ status: 'SENT', totalAmount: '120.15', lineCount: 2 });
    expect((d.lines as Json[]).map((l) => l.amount)).toEqual(['100.10', '20.05']);

    // a stale version is refused; a dispute names its line, its reason and the proposed amount (exact)
    const stale = await s.api('POST', '/api/portal/statements/dispute', { token: mine.token, body: { id: sent.id, version: d.version + 1, lines: [{ lineId: sent.lines[0], reason: 'x', proposedAmount: '90' }] } });
    expect(stale.status).toBe(409);
    const bad = await s.api('POST', '/api/portal/statements/dispute', { token: mine.token, body: { id: sent.id, version: d.version, lines: [{ lineId: sent.lines[0], reason: '', proposedAmount: '90' }] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors)).toEqual(['lines.0.reason']);
    // the dispute's photo: uploaded by the client (a file of someone else's is refused, naming the field)
    const photo = new FormData();
    photo.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), '少送照片.png');
    const up = await s.api('POST', '/api/portal/statements/file', { token: mine.token, body: photo });
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    expect(up.json.data).toMatchObject({ name: '少送照片.png', contentType: 'image/png' });
    const theirs = await s.api('POST', '/api/portal/statements/file', { token: other.token, body: photo });
    const foreignFile = await s.api('POST', '/api/portal/statements/dispute', { token: mine.token, body: { id: sent.id, version: d.version, lines: [{ lineId: sent.lines[0], reason: 'x', proposedAmount: '90', fileId: theirs.json.data.id }] } });
    expect(foreignFile.status).toBe(400);
    expect(Object.keys(foreignFile.json.errors)).toEqual(['lines.0.fileId']);
    const disputed = await s.api('POST', '/api/portal/statements/dispute', { token: mine.token, body: { id: sent.id, version: d.version, lines: [{ lineId: sent.lines[0], reason: '少送两箱', proposedAmount: '90.10', fileId: up.json.data.id }] } });
    expect(disputed.status, JSON.stringify(disputed.json)).toBe(200);
    expect(disputed.json.data.status).toBe('DISPUTED');
    const line = ((await detail(mine.token, sent.id)).json.data.lines as Json[]).find((l) => l.id === sent.lines[0])!;
    expect(line).toMatchObject({ disputeStatus: 'OPEN', disputeReason: '少送两箱', proposedAmount: '90.10', disputeFile: { id: up.json.data.id, name: '少送照片.png', contentType: 'image/png' } });
    // the back office reads the same attachment through its signed link
    const seenByStaff = ((await s.api('GET', `/api/finance/statement/detail/${sent.id}`, { token: admin })).json.data.lines as Json[]).find((l) => l.id === sent.lines[0])!;
    const got = await fetch(new URL(String(seenByStaff.disputeFile.url), s.url));
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
    // the other client cannot act on it; confirming a disputed statement is refused until the back office decides
    expect((await s.api('POST', '/api/portal/statements/confirm', { token: other.token, body: { id: sent.id, version: disputed.json.data.version } })).status).toBe(404);
    expect((await s.api('POST', '/api/portal/statements/confirm', { token: mine.token, body: { id: sent.id, version: disputed.json.data.version } })).status).toBe(409);
    // the back office accepts it: an adjustment line of −10.00; the client confirms the adjusted statement
    const resolved = await s.api('POST', '/api/finance/statement/resolve', { token: admin, body: { id: sent.id, version: disputed.json.data.version, decisions: [{ lineId: sent.lines[0], accept: true }] } });
    expect(resolved.status, JSON.stringify(resolved.json)).toBe(200);
    expect(resolved.json.data).toMatchObject({ status: 'ADJUSTED', totalAmount: '110.15' });
    const confirmed = await s.api('POST', '/api/portal/statements/confirm', { token: mine.token, body: { id: sent.id, version: resolved.json.data.version } });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect(confirmed.json.data.status).toBe('CONFIRMED');
    const events = ((await detail(mine.token, sent.id)).json.data.events as Json[]).map((e) => [e.action, e.toStatus]);
    expect(events).toEqual([['DISPUTE', 'DISPUTED'], ['RESOLVE', 'ADJUSTED'], ['CONFIRM', 'CONFIRMED']]);
  });

  it("a client user prints its statement from the STATEMENT template, or saves it as PDF, in its language; another client's or a draft is 404", async () => {
    const sent = await statement('C001', 'SENT');
    const draft = await statement('C001', 'DRAFT');
    const code = String((await s.db.query<{ code: string }>(`select code from fin_statement where id = $1`, [sent.id])).rows[0]!.code);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const printed = await s.api('GET', `/api/portal/statements/${sent.id}/print`, { token: mine.token, headers: { lang } });
      expect(printed.status, JSON.stringify(printed.json)).toBe(200);
      expect(printed.json.data.printed).toBe(1);
      const html = String(printed.json.data.html);
      for (const text of [translate(lang, 'messages.settlement.pdf.title'), code, '100.10', '20.05', '120.15 CNY', translate(lang, 'dicts.fin_statement_status.SENT')]) expect(html).toContain(text);
    }
    const pdf = await s.api('GET', `/api/portal/statements/${sent.id}/pdf`, { token: mine.token, query: { lang: 'en-US' } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`${code}.pdf`);
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const [token, id] of [[other.token, sent.id], [mine.token, draft.id]] as const)
      for (const what of ['print', 'pdf']) {
        const r = await s.api('GET', `/api/portal/statements/${id}/${what}`, { token });
        expect(r.status, `${what} ${id}`).toBe(404);
      }
  });
});

describe('public tracking links', () => {
  let token = '';
  let linkId = 0;
  const track = (t: string, lang = 'zh-CN') => s.api('GET', `/api/public/track/${encodeURIComponent(t)}`, { headers: { lang } });

  it('a valid link shows the progress, timeline, ETA and the last position at city level, and nothing private', async () => {
    const r = await s.api('POST', `/api/portal/orders/${shippedOrderId}/trackingLinks`, { token: mine.token, body: {} });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    token = r.json.data.token;
    linkId = r.json.data.id;
    expect(new Date(r.json.data.expiresAt).getTime() - s.clock.now().getTime()).toBeGreaterThan(29.9 * 86_400_000);
    const t = await track(token, 'en-US');
    expect(t.status, t.body.toString()).toBe(200);
    const d = t.json.data;
    expect(d).toMatchObject({ kind: 'ORDER', progress: 'IN_TRANSIT', progressLabel: 'In transit' });
    expect(d.eta).toBeTruthy();
    expect(d.timeline.map((e: Json) => e.event)).toContain('SHIPMENT_SHIP');
    // rounded to 0.1°: the street is not told
    expect(Math.round(d.lastPosition.lng * 10)).toBe(d.lastPosition.lng * 10);
    // no price, no person, no phone, no vehicle, no carrier, no other party
    const text = t.body.toString('utf8');
    const private_ = (
      await s.db.query<{ v: string }>(
        `select d.name as v from tms_shipment s join base_driver d on d.id = s.driver_id_master where s.id in (select shipment_id from tms_waybill where order_id = $1)
         union all select d.mobile from tms_shipment s join base_driver d on d.id = s.driver_id_master where s.id in (select shipment_id from tms_waybill where order_id = $1)
         union all select v.code from tms_shipment s join base_transport_means v on v.id = s.vehicle_id_main where s.id in (select shipment_id from tms_waybill where order_id = $1)
         union all select cr.name from tms_shipment s join base_carrier cr on cr.id = s.carrier_id where s.id in (select shipment_id from tms_waybill where order_id = $1)
         union all select c.name from tms_order o join base_client c on c.id = o.client_id where o.id = $1
         union all select operator_name from tms_order_tracking where order_id = $1 and operator_name is not null`,
        [shippedOrderId],
      )
    ).rows.map((x) => x.v).filter(Boolean);
    expect(private_.length).toBeGreaterThan(3);
    for (const v of private_) expect(text, v).not.toContain(v);
    for (const word of ['price', 'amount', 'mobile', 'phone', 'driver', 'carrier', 'operator']) expect(text.toLowerCase()).not.toContain(word);
  });

  it('a tampered or unknown token answers 404, and shows nothing', async () => {
    const [nonce, exp, sig] = token.split('.') as [string, string, string];
    for (const bad of [`${nonce}.${Number(exp) + 86_400}.${sig}`, `${nonce}.${exp}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`, `${nonce.slice(0, -1)}x.${exp}.${sig}`, 'nonsense']) {
      const r = await track(bad);
      expect(r.status, bad).toBe(404);
      expect(r.json.msg).toBe(translate('zh-CN', 'messages.portal.linkInvalid'));
      expect(r.json.data).toBeUndefined();
    }
  });

  it('an expired link answers 410 with a friendly message (the test clock)', async () => {
    const r = await s.api('POST', `/api/portal/orders/${shippedOrderId}/trackingLinks`, { token: mine.token, body: { days: 1 } });
    const t = r.json.data.token;
    expect((await track(t)).status).toBe(200);
    s.clock.advance(86_400_000 + 1000);
    try {
      const e = await track(t, 'en-US');
      expect(e.status).toBe(410);
      expect(e.json.msg).toBe('This tracking link has expired: ask the shipper for a new one');
      expect(e.json.data).toBeUndefined();
    } finally {
      s.clock.reset();
    }
  });

  it('a revoked link answers 410; only its client may revoke it', async () => {
    expect((await s.api('POST', `/api/portal/trackingLinks/${linkId}/revoke`, { token: other.token, body: {} })).status).toBe(404);
    expect((await track(token)).status).toBe(200);
    expect((await s.api('POST', `/api/portal/trackingLinks/${linkId}/revoke`, { token: mine.token, body: {} })).status).toBe(200);
    const r = await track(token);
    expect(r.status).toBe(410);
    expect(r.json.msg).toBe(translate('zh-CN', 'messages.portal.linkRevoked'));
    const links = (await s.api('GET', `/api/portal/orders/${shippedOrderId}/trackingLinks`, { token: mine.token })).json.data as Json[];
    expect(links.find((l) => l.id === linkId)).toMatchObject({ active: false });
  });

  it('is rate-limited per address', async () => {
    let status = 0;
    for (let i = 0; i < 70 && status !== 429; i++) status = (await track('nonsense')).status;
    expect(status).toBe(429);
  });
});
