/**
 * Epod (receipts, design/domain.md "Epod"): creation from a shipped dispatch order, the full state
 * machine (every action from every state, allowed or refused with its message in zh-CN and en-US),
 * abnormal receipts handled before audit, pictures, lists, shipment / waybill views and data scope.
 * Fixtures are written straight into the database (modules/epod/demo.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownPictures } from '@tms/domain';
import { checkDistributionKey, ADMIN, centerId, createUser, startServer, type Json, type TestServer } from './helpers.ts';
import { translate } from '../src/platform/i18n.ts';
import { buildShippedShipment, type Fixture } from '../src/modules/epod/demo.ts';
import { createEpodsForShipments } from '../src/modules/epod/create.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey();

let s: TestServer;
let admin: string;
let sh: number;
const zh = (key: string, params?: Record<string, unknown>) => translate('zh-CN', key, params);
const en = (key: string, params?: Record<string, unknown>) => translate('en-US', key, params);

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  sh = await centerId(s.db, 'SH01');
});
afterAll(async () => {
  await s?.close();
});

const fixture = (waybills: number[][] = [[10, 5]], center = sh): Promise<Fixture> =>
  s.db.tx((q) => buildShippedShipment(q, { dispatchCenterId: center, waybills, now: s.clock.now(), by: { userId: 1, userName: 'admin' } }));

const post = (path: string, body: unknown, token = admin, lang?: string) =>
  s.api('POST', `/api/epod/epod/${path}`, { token, body, headers: lang ? { lang } : {} });
const detail = async (id: number, token = admin) => {
  const r = await s.api('GET', `/api/epod/epod/get/${id}`, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as Json;
};

const NOW = () => s.clock.now().toISOString();
const EARLIER = () => new Date(s.clock.now().getTime() - 3600_000).toISOString();

/** Sign-for body: every line signed in full, the first with `shortage` missing (and `damage` broken). */
async function signBody(id: number, shortage = 0, damage = 0) {
  const d = await detail(id);
  return {
    id,
    version: d.version,
    arrivalTime: EARLIER(),
    signTime: NOW(),
    lines: (d.lines as Json[]).map((l, i) => ({
      lineId: l.id,
      signedQuantity: l.shippedQuantity - (i === 0 ? shortage + damage : 0),
      cases: l.plannedCases,
      pallets: l.plannedPallets,
      shortage: i === 0 ? shortage : 0,
      damage: i === 0 ? damage : 0,
      remark: i === 0 && (shortage || damage) ? '外箱破损' : null,
    })),
  };
}

const ok = (r: { status: number; json: Json }) => expect(r.status, JSON.stringify(r.json)).toBe(200);

type State = 'PENDING' | 'REPORTED' | 'ABNORMAL' | 'HANDLED' | 'AUDITED' | 'REJECTED' | 'RECALLED';

/** A fresh receipt driven through the API to a state. */
async function inState(state: State): Promise<number> {
  const id = (await fixture()).epods[0]!.id;
  if (state === 'PENDING') return id;
  ok(await post('signFor', await signBody(id, state === 'ABNORMAL' || state === 'HANDLED' ? 2 : 0)));
  if (state === 'HANDLED') ok(await post('handle', { id, result: 'ACCEPT', remark: '差异已确认' }));
  if (state === 'AUDITED') ok(await post('audit', { ids: [id] }));
  if (state === 'REJECTED') ok(await post('reject', { id, opinion: '签收数量与照片不符' }));
  if (state === 'RECALLED') ok(await post('recall', { id }));
  return id;
}

type Action = 'signFor' | 'audit' | 'reject' | 'recall' | 'handle';
const run = async (action: Action, id: number, lang?: string) => {
  switch (action) {
    case 'signFor':
      return post('signFor', await signBody(id), admin, lang);
    case 'audit':
      return post('audit', { ids: [id] }, admin, lang);
    case 'reject':
      return post('reject', { id, opinion: '请补充照片' }, admin, lang);
    case 'recall':
      return post('recall', { id }, admin, lang);
    case 'handle':
      return post('handle', { id, result: 'CLAIM', remark: '向承运商索赔' }, admin, lang);
  }
};

// expected outcome per action and state: the status it leads to, or the refusal's message key
const MATRIX: Record<Action, Record<State, string>> = {
  signFor: { PENDING: '→REPORTED', REPORTED: 'reportNotAllowed', ABNORMAL: 'reportNotAllowed', HANDLED: 'reportNotAllowed', AUDITED: 'alreadyAudited', REJECTED: '→REPORTED', RECALLED: '→REPORTED' },
  audit: { PENDING: 'auditOnlyReported', REPORTED: '→AUDITED', ABNORMAL: 'handleBeforeAudit', HANDLED: '→AUDITED', AUDITED: 'auditOnlyReported', REJECTED: 'auditRejectedRecalled', RECALLED: 'auditRejectedRecalled' },
  reject: { PENDING: 'rejectOnlyReported', REPORTED: '→REJECTED', ABNORMAL: '→REJECTED', HANDLED: '→REJECTED', AUDITED: 'rejectOnlyReported', REJECTED: 'rejectOnlyReported', RECALLED: 'rejectOnlyReported' },
  recall: { PENDING: 'recallOnlyReported', REPORTED: '→RECALLED', ABNORMAL: '→RECALLED', HANDLED: '→RECALLED', AUDITED: 'recallOnlyReported', REJECTED: 'recallOnlyReported', RECALLED: 'recallOnlyReported' },
  handle: { PENDING: 'handleOnlyAbnormal', REPORTED: 'handleOnlyAbnormal', ABNORMAL: '→REPORTED', HANDLED: '→REPORTED', AUDITED: 'handleOnlyAbnormal', REJECTED: 'handleOnlyAbnormal', RECALLED: 'handleOnlyAbnormal' },
};

describe('createEpodsForShipments', () => {
  it('creates one PENDING receipt per waybill with the waybill lines copied, codes from the EPOD rule, once', async () => {
    const f = await s.db.tx((q) => buildShippedShipment(q, { dispatchCenterId: sh, waybills: [[10, 5], [7]], now: s.clock.now(), unshipped: true }));
    expect(f.epods).toEqual([]);
    await s.db.query(`update tms_waybill_line set real_quantity = quantity - 1 where waybill_id = $1 and pos_no = 2`, [f.waybillIds[0]]);
    const created = await s.db.tx((q) => createEpodsForShipments(q, [f.shipmentId], sh, s.clock.now(), { userId: 1, userName: 'admin' }));
    expect(created).toHaveLength(2);
    expect(new Set(created.map((e) => e.code)).size).toBe(2);
    for (const e of created) expect(e.code).toMatch(/^EP\d{14}$/);

    const rows = (await s.db.query<Json>(`select * from tms_epod where shipment_id = $1 order by id`, [f.shipmentId])).rows;
    expect(rows.map((r) => [r.waybill_id, r.status, r.is_abnormal, r.dispatch_center_id])).toEqual([
      [f.waybillIds[0], 'PENDING', false, sh],
      [f.waybillIds[1], 'PENDING', false, sh],
    ]);
    expect(rows[0].shipment_code).toBe(f.shipmentCode);
    expect(rows[0].stop_id).not.toBeNull();
    expect(rows[0].batch_code).toMatch(/^B/);

    const d = await detail(rows[0].id);
    expect(d.lines.map((l: Json) => [l.posNo, l.plannedQuantity, l.shippedQuantity, l.signedQuantity])).toEqual([
      [1, 10, 10, null],
      [2, 5, 4, null],
    ]);
    const tracking = await s.db.query<Json>(`select operation_type, related_code, operator_name from tms_order_tracking where shipment_id = $1 and operation_type like 'EPOD%'`, [f.shipmentId]);
    expect(tracking.rows.map((t) => t.operation_type)).toEqual(['EPOD_CREATE', 'EPOD_CREATE']);

    // a second call (the ship action retried) creates nothing twice
    expect(await s.db.tx((q) => createEpodsForShipments(q, [f.shipmentId], sh, s.clock.now()))).toEqual([]);
    expect((await s.db.query(`select 1 from tms_epod where shipment_id = $1`, [f.shipmentId])).rows).toHaveLength(2);
  });
});

describe('state machine: every action from every state', () => {
  for (const action of Object.keys(MATRIX) as Action[]) {
    for (const state of Object.keys(MATRIX[action]) as State[]) {
      const expected = MATRIX[action][state];
      it(`${action} on ${state} → ${expected}`, async () => {
        const id = await inState(state);
        const before = await detail(id);
        if (expected.startsWith('→')) {
          ok(await run(action, id));
          const after = await detail(id);
          expect(after.status).toBe(expected.slice(1));
          expect(after.version).toBeGreaterThan(before.version);
          return;
        }
        const key = `messages.epod.${expected}`;
        const refused = await run(action, id);
        expect(refused.status, JSON.stringify(refused.json)).toBe(409);
        expect(refused.json).toMatchObject({ code: 409, msg: zh(key, { code: before.code }) });
        const english = await run(action, id, 'en-US');
        expect(english.json.msg).toBe(en(key, { code: before.code }));
        const after = await detail(id);
        expect([after.status, after.version]).toEqual([before.status, before.version]);
      });
    }
  }

  it('the refusals read as the spec says', () => {
    expect(en('messages.epod.auditRejectedRecalled')).toBe('A rejected or recalled receipt cannot be audited');
    expect(zh('messages.epod.auditRejectedRecalled')).toBe('已驳回或已撤回的回单不能审核');
    expect(en('messages.epod.handleBeforeAudit', { code: 'EP1' })).toBe('Receipt EP1 is abnormal: check and handle it before auditing');
  });
});

describe('abnormal receipts', () => {
  it('a shortage makes the receipt abnormal; it is audited only after check and handle, which leaves opinions and tracking', async () => {
    const id = await inState('PENDING');
    ok(await post('signFor', await signBody(id, 0, 3)));
    let d = await detail(id);
    expect([d.status, d.isAbnormal, d.handled, d.reportSource, d.reportBy]).toEqual(['REPORTED', true, false, 'STAFF', 'admin']);
    expect(d.lines[0]).toMatchObject({ damage: 3, shortage: 0, remark: '外箱破损' });

    const refused = await post('audit', { ids: [id] });
    expect(refused.status).toBe(409);
    expect(refused.json.msg).toBe(zh('messages.epod.handleBeforeAudit', { code: d.code }));

    const check = await s.api('GET', '/api/epod/check/list', { token: admin, query: { code: d.code } });
    expect(check.json.rows.map((r: Json) => [r.id, r.isHandled])).toEqual([[id, false]]);

    const bad = await post('handle', { id, result: 'NOPE', remark: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.result).toBeTruthy();
    const noRemark = await post('handle', { id, result: 'ACCEPT', remark: '  ' });
    expect(noRemark.status).toBe(400);
    expect(noRemark.json.errors.remark).toBe(zh('validation.required'));
    const tooLong = await post('handle', { id, result: 'ACCEPT', remark: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);

    const handled = await post('handle', { id, result: 'ACCEPT', remark: '客户接受差异' });
    ok(handled);
    expect(handled.json.msg).toBe(zh('messages.epod.handled'));
    expect((await s.api('GET', '/api/epod/check/list', { token: admin, query: { code: d.code, isHandled: 'true' } })).json.total).toBe(1);

    const audited = await post('audit', { ids: [id], opinion: '同意' });
    ok(audited);
    expect(audited.json.msg).toBe(zh('messages.epod.audited'));
    d = await detail(id);
    expect([d.status, d.auditBy, d.handleResult, d.handleRemark, d.handleBy]).toEqual(['AUDITED', 'admin', 'ACCEPT', '客户接受差异', 'admin']);
    expect(d.opinions.map((o: Json) => [o.opinionType, o.content])).toEqual([
      ['HANDLE', '客户接受差异'],
      ['AUDIT', '同意'],
    ]);
    expect(d.tracking.map((t: Json) => t.operationType)).toEqual(['EPOD_CREATE', 'EPOD_REPORT', 'EPOD_HANDLE', 'EPOD_AUDIT']);
    const opinions = await s.api('GET', '/api/epod/opinion/list', { token: admin, query: { epodCode: d.code } });
    expect(opinions.json.total).toBe(2);
  });

  it('a report after a rejection clears the earlier handling; the rejection needs an opinion', async () => {
    const id = await inState('HANDLED');
    const noOpinion = await post('reject', { id, opinion: '' });
    expect(noOpinion.status).toBe(400);
    expect(noOpinion.json.errors.opinion).toBe(zh('validation.required'));
    ok(await post('reject', { id, opinion: '短少数量与照片不符' }));
    ok(await post('signFor', await signBody(id, 1)));
    const d = await detail(id);
    expect([d.status, d.isAbnormal, d.handled, d.handleResult]).toEqual(['REPORTED', true, false, null]);
    expect((await post('audit', { ids: [id] })).status).toBe(409);
    // reported again without a shortage: normal, audited at once
    ok(await post('recall', { id }));
    ok(await post('signFor', await signBody(id)));
    expect((await detail(id)).isAbnormal).toBe(false);
    ok(await post('audit', { ids: [id] }));
  });

  it('a bulk audit changes all receipts or none', async () => {
    const a = await inState('REPORTED');
    const b = await inState('PENDING');
    const r = await post('audit', { ids: [a, b] });
    expect(r.status).toBe(409);
    expect(r.json.msg).toBe(zh('messages.epod.auditOnlyReported'));
    expect((await detail(a)).status).toBe('REPORTED');
    const c = await inState('REPORTED');
    ok(await post('audit', { ids: [a, c] }));
    expect([(await detail(a)).status, (await detail(c)).status]).toEqual(['AUDITED', 'AUDITED']);
    expect((await post('audit', { ids: [] })).status).toBe(400);
  });
});

describe('sign-for registration input', () => {
  it('refuses missing or foreign lines, a sign time before arrival, bad numbers and a stale version', async () => {
    const id = await inState('PENDING');
    const other = await inState('PENDING');
    const body = await signBody(id);
    const otherLine = (await detail(other)).lines[0].id;

    const missing = await post('signFor', { ...body, lines: body.lines.slice(1) });
    expect(missing.status).toBe(400);
    expect(missing.json.msg).toBe(zh('messages.epod.linesIncomplete'));
    const foreign = await post('signFor', { ...body, lines: [...body.lines.slice(1), { ...body.lines[0], lineId: otherLine }] });
    expect(foreign.status).toBe(400);
    expect(foreign.json.msg).toBe(zh('messages.epod.lineNotOfEpod', { lineId: otherLine }));
    const early = await post('signFor', { ...body, signTime: EARLIER(), arrivalTime: NOW() });
    expect(early.status).toBe(400);
    expect(early.json.errors.signTime).toBe(zh('messages.epod.signBeforeArrival'));
    const negative = await post('signFor', { ...body, lines: [{ ...body.lines[0], shortage: -1 }, ...body.lines.slice(1)] });
    expect(negative.status).toBe(400);
    expect(negative.json.errors['lines.0.shortage']).toBeTruthy();
    const noQty = await post('signFor', { ...body, lines: [{ ...body.lines[0], signedQuantity: undefined }, ...body.lines.slice(1)] });
    expect(noQty.status).toBe(400);
    expect(noQty.json.errors['lines.0.signedQuantity']).toBe(zh('validation.required'));
    const noTime = await post('signFor', { ...body, arrivalTime: 'yesterday' });
    expect(noTime.json.errors.arrivalTime).toBe(zh('validation.datetime'));
    const longRemark = await post('signFor', { ...body, lines: [{ ...body.lines[0], remark: 'x'.repeat(101) }, ...body.lines.slice(1)] });
    expect(longRemark.status).toBe(400);
    const noVersion = await post('signFor', { ...body, version: undefined });
    expect(noVersion.status).toBe(400);
    expect(noVersion.json.errors.version).toBeTruthy();

    const stale = await post('signFor', { ...body, version: body.version + 5 });
    expect(stale.status).toBe(409);
    expect(stale.json.msg).toBe(zh('messages.conflictVersion'));

    const done = await post('signFor', body);
    ok(done);
    expect(done.json.msg).toBe(zh('messages.epod.reported'));
    const d = await detail(id);
    expect(d.lines.map((l: Json) => l.signedQuantity)).toEqual(body.lines.map((l) => l.signedQuantity));
    expect(d.arrivalTime).toBe(body.arrivalTime);
    expect(d.signTime).toBe(body.signTime);
  });
});

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const form = (name: string, type: string, data: Buffer) => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return f;
};
const upload = (query: Record<string, string | number>, f: FormData, token = admin) => s.api('POST', '/api/epod/epod/picture/upload', { token, query, body: f });

describe('pictures and video', () => {
  it('uploads pictures of a receipt and of a line as signed links; a receipt shows five of them and "+N"', async () => {
    const id = await inState('PENDING');
    const lineId = (await detail(id)).lines[0].id;
    for (let i = 0; i < 6; i++) ok(await upload({ epodId: id }, form(`p${i}.png`, 'image/png', PNG)));
    const onLine = await upload({ epodId: id, lineId }, form('line.png', 'image/png', PNG));
    ok(onLine);
    expect(onLine.json.data).toMatchObject({ epodId: id, lineId });

    const d = await detail(id);
    expect(d.pictureCount).toBe(7);
    expect(d.pictures).toHaveLength(7);
    expect(d.lines[0].pictures.map((p: Json) => p.id)).toEqual([onLine.json.data.id]);
    const { shown, more } = shownPictures(d.pictures);
    expect([shown.length, more]).toEqual([5, 2]);
    const file = await s.api('GET', d.pictures[0].url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');

    const text = await upload({ epodId: id }, form('a.txt', 'text/plain', Buffer.from('hello')));
    expect(text.status).toBe(400);
    expect(text.json.msg).toBe(zh('messages.imageOnly'));
    const foreignLine = await upload({ epodId: id, lineId: (await detail(await inState('PENDING'))).lines[0].id }, form('x.png', 'image/png', PNG));
    expect(foreignLine.status).toBe(400);
    expect((await detail(id)).pictureCount).toBe(7);

    const removed = await post('picture/remove', { id: d.pictures[0].id });
    ok(removed);
    expect((await detail(id)).pictureCount).toBe(6);

    const video = await s.api('POST', '/api/epod/epod/video/upload', { token: admin, query: { epodId: id }, body: form('stop.mp4', 'video/mp4', Buffer.from('not really a video')) });
    ok(video);
    expect((await detail(id)).video).toMatchObject({ name: 'stop.mp4', contentType: 'video/mp4' });
    const notVideo = await s.api('POST', '/api/epod/epod/video/upload', { token: admin, query: { epodId: id }, body: form('stop.png', 'image/png', PNG) });
    expect(notVideo.json.msg).toBe(zh('messages.epod.videoOnly'));
  });

  it('an audited receipt takes no more pictures', async () => {
    const id = await inState('AUDITED');
    const r = await upload({ epodId: id }, form('late.png', 'image/png', PNG));
    expect(r.status).toBe(409);
    expect(r.json.msg).toBe(zh('messages.epod.alreadyAudited'));
  });
});

describe('lists and views', () => {
  it('filters the receipt list by code, waybill, shipment, status and abnormal flag; the shipment-stop and waybill views', async () => {
    const f = await fixture([[3], [4, 2]]);
    const [a, b] = f.epods;
    ok(await post('signFor', await signBody(b!.id, 1)));
    const list = (query: Record<string, string>) => s.api('GET', '/api/epod/epod/list', { token: admin, query: { shipmentCode: f.shipmentCode, ...query } });
    expect((await list({})).json.total).toBe(2);
    expect((await list({ status: 'PENDING' })).json.rows.map((r: Json) => r.id)).toEqual([a!.id]);
    expect((await list({ status: 'PENDING,REPORTED' })).json.total).toBe(2);
    expect((await list({ isAbnormal: 'true' })).json.rows.map((r: Json) => r.id)).toEqual([b!.id]);
    expect((await list({ code: b!.code })).json.total).toBe(1);
    const wb = (await s.db.query<{ code: string }>(`select code from tms_waybill where id = $1`, [f.waybillIds[0]])).rows[0]!.code;
    expect((await list({ waybillCode: wb })).json.rows.map((r: Json) => r.id)).toEqual([a!.id]);
    expect((await list({ reportTimeBegin: EARLIER() })).json.rows.map((r: Json) => r.id)).toEqual([b!.id]);

    const stops = await s.api('GET', `/api/epod/epod/byShipment/${f.shipmentId}`, { token: admin });
    ok(stops);
    expect(stops.json.data.stops.map((x: Json) => [x.seq, x.receipts.length])).toEqual([
      [1, 0],
      [2, 2],
    ]);
    expect(stops.json.data.stops[1].receipts.find((r: Json) => r.id === b!.id)).toMatchObject({ isAbnormal: true, isHandled: false, status: 'REPORTED' });

    const byWaybill = await s.api('GET', `/api/epod/epod/byWaybill/${f.waybillIds[1]}`, { token: admin });
    expect(byWaybill.json.data.map((r: Json) => [r.id, r.lines.length])).toEqual([[b!.id, 2]]);
    expect(byWaybill.json.data[0].lines[0]).toMatchObject({ plannedQuantity: 4, shortage: 1, signedQuantity: 3 });

    const d = await detail(b!.id);
    expect(d.execution).toMatchObject({ shipmentCode: f.shipmentCode, shipmentStatus: 'SHIPPED', stopSeq: 2 });
    expect(d.execution.vehiclePlate).toBeTruthy();
    expect(d.execution.driverName).toBeTruthy();
  });
});

describe('data scope and permissions', () => {
  it('a receipt of another dispatch center is 404 everywhere and absent from lists', async () => {
    const bj = await centerId(s.db, 'BJ01');
    const f = await fixture([[5]], bj);
    const id = f.epods[0]!.id;
    expect((await s.api('GET', `/api/epod/epod/get/${id}`, { token: admin })).status).toBe(404);
    expect((await s.api('GET', `/api/epod/check/get/${id}`, { token: admin })).status).toBe(404);
    for (const [path, body] of [
      ['audit', { ids: [id] }],
      ['reject', { id, opinion: 'x' }],
      ['recall', { id }],
      ['handle', { id, result: 'ACCEPT', remark: 'x' }],
      ['signFor', { id, version: 0, arrivalTime: EARLIER(), signTime: NOW(), lines: [{ lineId: 1, signedQuantity: 1 }] }],
    ] as const)
      expect((await post(path, body)).status, path).toBe(404);
    expect((await upload({ epodId: id }, form('x.png', 'image/png', PNG))).status).toBe(404);
    expect((await s.api('GET', `/api/epod/epod/byShipment/${f.shipmentId}`, { token: admin })).status).toBe(404);
    expect((await s.api('GET', '/api/epod/epod/list', { token: admin, query: { shipmentCode: f.shipmentCode } })).json.total).toBe(0);

    // a user working in that center sees it
    const u = await createUser(s.db, { perms: ['epod:epod:query', 'epod:epod:audit'], centers: ['BJ01'] });
    const token = await s.login(u.userName, u.password);
    expect((await s.api('GET', `/api/epod/epod/get/${id}`, { token })).status).toBe(200);
    expect((await post('audit', { ids: [id] }, token)).status).toBe(409);
  });

  it('each action needs its button', async () => {
    const u = await createUser(s.db, { perms: ['epod:epod:query'] });
    const token = await s.login(u.userName, u.password);
    const id = await inState('REPORTED');
    expect((await s.api('GET', `/api/epod/epod/get/${id}`, { token })).status).toBe(200);
    for (const [path, body] of [
      ['audit', { ids: [id] }],
      ['reject', { id, opinion: 'x' }],
      ['recall', { id }],
      ['handle', { id, result: 'ACCEPT', remark: 'x' }],
      ['signFor', await signBody(id)],
    ] as const)
      expect((await post(path, body, token)).status, path).toBe(403);
    expect((await s.api('GET', '/api/epod/check/list', { token })).status).toBe(403);
    expect((await s.api('GET', '/api/epod/opinion/list', { token })).status).toBe(403);
  });

  it('the demo seed shows receipts in several states', async () => {
    const r = await s.db.query<{ status: string; n: number }>(`select status, count(*)::int as n from tms_epod where create_by = 'system' group by status order by status`);
    expect(Object.fromEntries(r.rows.map((x) => [x.status, x.n]))).toEqual({ AUDITED: 1, PENDING: 2, REPORTED: 2 });
  });
});

describe('driver app', () => {
  const driverLogin = async (loginName: string) => {
    const r = await s.api('POST', '/api/driver/login', { body: { loginName, password: 'driver123' } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.data.token as string;
  };
  const driver = (method: string, path: string, token: string, body?: unknown, lang?: string) =>
    s.api(method, `/api/driver/epods${path}`, { token, body, headers: lang ? { lang } : {} });

  it('the shipment driver reports, recalls and reports again; others get 404; tokens do not cross', async () => {
    const f = await fixture([[6, 4]]);
    const id = f.epods[0]!.id;
    const login = (await s.db.query<{ login_name: string }>(`select login_name from base_driver where id = $1`, [f.driverId])).rows[0]!.login_name;
    const token = await driverLogin(login);

    const mine = await driver('GET', `?shipmentId=${f.shipmentId}`, token);
    expect(mine.json.data.map((r: Json) => r.id)).toEqual([id]);
    const d = (await driver('GET', `/${id}`, token)).json.data;
    expect(d.lines).toHaveLength(2);
    const report = { arrivalTime: EARLIER(), signTime: NOW(), lines: d.lines.map((l: Json) => ({ lineId: l.id, signedQuantity: l.shippedQuantity, shortage: 0, damage: 0 })) };

    ok(await driver('POST', `/${id}/report`, token, { ...report, lines: [{ ...report.lines[0], signedQuantity: 5, shortage: 1 }, report.lines[1]] }));
    let e = await detail(id);
    expect([e.status, e.isAbnormal, e.reportSource, e.reportBy]).toEqual(['REPORTED', true, 'DRIVER', `driver:${login}`]);
    const tracked = await s.db.query<Json>(`select driver_id, operator_id from tms_order_tracking where related_code = $1 and operation_type = 'EPOD_REPORT'`, [e.code]);
    expect(tracked.rows).toEqual([{ driver_id: f.driverId, operator_id: null }]);

    const again = await driver('POST', `/${id}/report`, token, report, 'en-US');
    expect(again.status).toBe(409);
    expect(again.json.msg).toBe('Only pending, rejected or recalled receipts can be reported');
    ok(await driver('POST', `/${id}/recall`, token));
    expect((await detail(id)).status).toBe('RECALLED');
    expect((await driver('POST', `/${id}/recall`, token)).status).toBe(409);
    ok(await driver('POST', `/${id}/report`, token, report));
    ok(await post('reject', { id, opinion: '照片不清晰' }));
    const rejected = (await driver('GET', `/${id}`, token)).json.data;
    expect(rejected.opinions.map((o: Json) => o.content)).toEqual(['照片不清晰']);
    ok(await driver('POST', `/${id}/report`, token, report));

    const pic = await s.api('POST', `/api/driver/epods/${id}/pictures`, { token, body: form('sign.png', 'image/png', PNG) });
    ok(pic);
    e = await detail(id);
    expect([e.status, e.isAbnormal, e.pictureCount]).toEqual(['REPORTED', false, 1]);

    // another driver, a staff token, a driver token on a staff route
    const other = (await s.db.query<{ login_name: string }>(`select login_name from base_driver where id <> $1 and login_name is not null order by id limit 1`, [f.driverId])).rows[0]!.login_name;
    const otherToken = await driverLogin(other);
    expect((await driver('GET', `/${id}`, otherToken)).status).toBe(404);
    expect((await driver('POST', `/${id}/recall`, otherToken)).status).toBe(404);
    expect((await driver('GET', `?shipmentId=${f.shipmentId}`, otherToken)).json.data).toEqual([]);
    expect((await driver('GET', `/${id}`, admin)).status).toBe(403);
    expect((await s.api('GET', `/api/epod/epod/get/${id}`, { token })).status).toBe(401);
  });

  it('the driver records leaving the stop once the receipt is signed: the receipt and the stop keep the time; before the signature or in the future is refused, naming the field', async () => {
    const f = await fixture([[3]]);
    const id = f.epods[0]!.id;
    const login = (await s.db.query<{ login_name: string }>(`select login_name from base_driver where id = $1`, [f.driverId])).rows[0]!.login_name;
    const token = await driverLogin(login);
    const base = s.clock.now().getTime();
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    const depart = (departureTime: string, lang?: string, key?: string) =>
      s.api('POST', `/api/driver/epods/${id}/departure`, { token, body: { departureTime }, headers: { ...(lang ? { lang } : {}), ...(key ? { 'idempotency-key': key } : {}) } });

    // not signed yet
    const early = await depart(at(0), 'en-US');
    expect([early.status, early.json.msg]).toEqual([409, en('messages.epod.departNotReported')]);
    const d = (await driver('GET', `/${id}`, token)).json.data;
    ok(await driver('POST', `/${id}/report`, token, { arrivalTime: at(-30), signTime: at(-10), lines: d.lines.map((l: Json) => ({ lineId: l.id, signedQuantity: l.shippedQuantity })) }));

    const before = await depart(at(-20));
    expect(before.status).toBe(400);
    expect(before.json.msg).toBe(zh('messages.epod.departBeforeSign'));
    expect(before.json.errors?.departureTime ?? before.json.fields?.departureTime, JSON.stringify(before.json)).toBeTruthy();
    const future = await depart(at(30), 'en-US');
    expect([future.status, future.json.msg]).toEqual([400, en('messages.epod.departInFuture')]);
    const bad = await depart('soon');
    expect(bad.status).toBe(400);

    // sent twice with one key (a sync cut after the server applied it): applied once, the same answer
    const first = await depart(at(-5), undefined, 'depart-key-1');
    ok(first);
    expect(first.json.msg).toBe(zh('messages.epod.departed'));
    const repeat = await depart(at(-1), undefined, 'depart-key-1');
    expect(repeat.json).toEqual(first.json);
    const e = await detail(id);
    expect(e.departureTime).toBe(at(-5));
    const stop = await s.db.query<{ ata: Date | null; atd: Date | null }>(`select p.ata, p.atd from tms_shipment_stop p join tms_epod e on e.stop_id = p.id where e.id = $1`, [id]);
    expect(stop.rows.map((r) => [r.ata?.toISOString(), r.atd?.toISOString()])).toEqual([[at(-30), at(-5)]]);
    // the driver's task list carries it, so the phone shows it after a refresh
    const tasks = (await s.api('GET', '/api/driver/shipments', { token })).json.data as Json[];
    const w = tasks.flatMap((t: Json) => t.waybills as Json[]).find((x: Json) => x.epodId === id);
    expect(new Date(w!.epodDepartureTime).toISOString()).toBe(at(-5));

    // someone else's receipt: 404
    const other = (await s.db.query<{ login_name: string }>(`select login_name from base_driver where id <> $1 and login_name is not null order by id limit 1`, [f.driverId])).rows[0]!.login_name;
    expect((await s.api('POST', `/api/driver/epods/${id}/departure`, { token: await driverLogin(other), body: { departureTime: at(0) } })).status).toBe(404);
  });
});
