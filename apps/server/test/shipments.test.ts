/**
 * Shipments (dispatch orders, design/domain.md "Shipment"): creation from reviewed waybills, binding with
 * recomputed totals and stops, the full state machine (every action from every state, with the exact
 * messages in en-US and zh-CN), scheduling rules (overlap, station limits), the race of two dispatchers
 * scheduling one vehicle, printing, data scope and the trajectory.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedLocales } from '@tms/domain';
import { translate } from '../src/platform/i18n.ts';
import { checkDistributionKey, centerId, createUser, type ApiOptions, type Json } from './helpers.ts';
import { ctx, useServer } from './resource-kit.ts';
import { carrierId, driverId, insertPositions, reviewedWaybill, vehicleId, type ReviewedWaybillSpec } from './shipments-fixtures.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey();

useServer();

const en = (key: string, params?: Record<string, unknown>) => translate('en-US', key, params);
const zh = (key: string, params?: Record<string, unknown>) => translate('zh-CN', key, params);
const api = (method: string, action: string, o: ApiOptions = {}) => ctx.s.api(method, `/api/shipment/shipment/${action}`, { token: ctx.admin, ...o });
const post = (action: string, body: unknown, lang = 'en-US') => api('POST', action, { body, headers: { lang } });
const get = async (id: number): Promise<Json> => {
  const r = await api('GET', `get/${id}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
};
const wb = (spec: ReviewedWaybillSpec = {}) => reviewedWaybill(ctx.s.db, spec);

async function create(waybillIds: number[]): Promise<number> {
  const r = await post('create', { waybillIds });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id as number;
}

interface Fleet {
  carrierId: number;
  vehicleIdMain: number;
  driverIdMaster: number;
}
let cr1: Fleet;
let cr2: Fleet;
let cr3: Fleet;
beforeAll(async () => {
  const db = ctx.s.db;
  cr1 = { carrierId: await carrierId(db, 'CR001'), vehicleIdMain: await vehicleId(db, 'V001'), driverIdMaster: await driverId(db, 'D001') };
  cr2 = { carrierId: await carrierId(db, 'CR002'), vehicleIdMain: await vehicleId(db, 'V002'), driverIdMaster: await driverId(db, 'D002') };
  cr3 = { carrierId: await carrierId(db, 'CR003'), vehicleIdMain: await vehicleId(db, 'V003'), driverIdMaster: await driverId(db, 'D003') };
});

/** Disjoint time windows, so shipments of one test never overlap by accident. */
let day = 0;
function window(): { etd: string; eta: string } {
  day += 2;
  const etd = new Date(Date.UTC(2031, 0, 1) + day * 86400_000);
  return { etd: etd.toISOString(), eta: new Date(etd.getTime() + 8 * 3600_000).toISOString() };
}

async function scheduleBody(id: number, fleet: Fleet = cr3, times = window()) {
  return { id, version: (await get(id)).version, ...fleet, ...times };
}

const STATES = ['OPEN', 'CONFIRMED', 'EFFECTIVE', 'SHIPPED', 'COMPLETED'] as const;
type State = (typeof STATES)[number];

/** A fresh shipment (one waybill, carrier CR003) driven to the state through the API. */
async function inState(state: State): Promise<{ id: number; waybillId: number }> {
  const w = await wb({ carrierCode: 'CR003' });
  const id = await create([w.id]);
  const steps: [State, () => Promise<unknown>][] = [
    ['CONFIRMED', async () => post('schedule', await scheduleBody(id))],
    ['EFFECTIVE', () => post('effect', { ids: [id] })],
    ['SHIPPED', () => post('ship', { ids: [id], time: '2031-06-01T08:00:00Z' })],
    ['COMPLETED', () => post('finish', { ids: [id], time: '2031-06-01T18:00:00Z' })],
  ];
  for (const [reached, step] of steps) {
    if (STATES.indexOf(state) < STATES.indexOf(reached)) break;
    const r = (await step()) as { status: number; json: Json };
    expect(r.status, `${reached}: ${JSON.stringify(r.json)}`).toBe(200);
  }
  expect((await get(id)).status).toBe(state);
  return { id, waybillId: w.id };
}

describe('creating from reviewed waybills, binding and unbinding', () => {
  it('creates an OPEN shipment whose totals and stops come from its waybills, in route order', async () => {
    const a = await wb({ from: 'S-SZ-01', to: 'S-HZ-01', quantity: 10, weight: 100, volume: 1, etd: '2031-01-01T08:00:00Z', eta: '2031-01-01T12:00:00Z' });
    const b = await wb({ from: 'S-SH-01', to: 'S-HZ-02', quantity: 5, weight: 40, volume: 0.5, etd: '2031-01-01T06:00:00Z', eta: '2031-01-01T14:00:00Z' });
    const id = await create([a.id, b.id]);
    const s = await get(id);
    expect(s.status).toBe('OPEN');
    expect(s.shipmentCode).toMatch(/^SP/);
    expect(s.carrierId).toBe(cr1.carrierId); // both waybills are CR001's
    expect([s.totalQuantity, s.totalWeight, s.totalVolume]).toEqual([15, 140, 1.5]);
    expect(s.stationNum).toBe(4);
    // loads by departure, then unloads by arrival
    expect(s.stops.map((x: Json) => [x.stationCode, x.stopType])).toEqual([
      ['S-SH-01', 'LOAD'],
      ['S-SZ-01', 'LOAD'],
      ['S-HZ-01', 'UNLOAD'],
      ['S-HZ-02', 'UNLOAD'],
    ]);
    expect(s.waybills.map((x: Json) => x.code).sort()).toEqual([a.code, b.code].sort());
    expect(s.lines).toHaveLength(2);
    expect(s.tracking.map((x: Json) => x.operationType)).toEqual(['SHIPMENT_CREATE', 'SHIPMENT_BIND', 'SHIPMENT_BIND']);
    // the orders' own tracking: here the binding of their waybills
    expect(s.orderTracking.map((x: Json) => x.orderCode).sort()).toHaveLength(2);
    // the waybills now carry the shipment
    const w = await ctx.s.db.query<{ shipment_code: string }>(`select shipment_code from tms_waybill where id = any($1::bigint[])`, [[a.id, b.id]]);
    expect(w.rows.every((x) => x.shipment_code === s.shipmentCode)).toBe(true);
  });

  it('a station that is loaded and unloaded is one BOTH stop', async () => {
    const a = await wb({ from: 'S-SZ-01', to: 'S-HZ-01' });
    const b = await wb({ from: 'S-HZ-01', to: 'S-HZ-02' });
    const s = await get(await create([a.id, b.id]));
    expect(s.stops.map((x: Json) => [x.seq, x.stationCode, x.stopType])).toEqual([
      [1, 'S-SZ-01', 'LOAD'],
      [2, 'S-HZ-01', 'BOTH'],
      [3, 'S-HZ-02', 'UNLOAD'],
    ]);
    expect(s.stationNum).toBe(3);
  });

  it('refuses waybills that are not reviewed or already bound', async () => {
    const a = await wb();
    await create([a.id]);
    const again = await post('create', { waybillIds: [a.id] });
    expect(again.status).toBe(409);
    expect(again.json.msg).toContain(a.code);
    const open = await wb();
    await ctx.s.db.query(`update tms_waybill set status = 'OPEN' where id = $1`, [open.id]);
    const r = await post('create', { waybillIds: [open.id] });
    expect(r.status).toBe(409);
    expect(r.json.msg).toBe(en('messages.shipment.waybillNotReviewed', { codes: open.code }));
  });

  it('bind and unbind recompute totals, stops and stationNum; a carrier mismatch needs confirmation', async () => {
    const a = await wb({ carrierCode: 'CR001', from: 'S-SZ-01', to: 'S-HZ-01', quantity: 10, weight: 100 });
    const id = await create([a.id]);
    const same = await wb({ carrierCode: 'CR001', from: 'S-SZ-01', to: 'S-HZ-02', quantity: 4, weight: 30 });
    const r1 = await post('bind', { id, waybillIds: [same.id] });
    expect(r1.status, JSON.stringify(r1.json)).toBe(200);
    let s = await get(id);
    expect([s.totalQuantity, s.totalWeight, s.stationNum]).toEqual([14, 130, 3]);

    const other = await wb({ carrierCode: 'CR002', from: 'S-SH-01', to: 'S-HZ-01', quantity: 1, weight: 5 });
    for (const lang of ['en-US', 'zh-CN']) {
      const refused = await post('bind', { id, waybillIds: [other.id] }, lang);
      expect(refused.status).toBe(409);
      expect(refused.json.msg).toBe(translate(lang as 'en-US', 'messages.shipment.carrierMismatch'));
    }
    expect(en('messages.shipment.carrierMismatch')).toBe('The carrier of the dispatch order is inconsistent with that of the waybill. Do you want to continue binding?');
    const confirmed = await post('addWaybills', { id, waybillIds: [other.id], confirmCarrierMismatch: true });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    s = await get(id);
    expect([s.totalQuantity, s.stationNum, s.carrierId]).toEqual([15, 4, cr1.carrierId]);
    // no planned times: loads, then unloads, in binding order; a station visited twice is one stop
    expect(s.stops.map((x: Json) => [x.stationCode, x.stopType])).toEqual([
      ['S-SZ-01', 'LOAD'],
      ['S-SH-01', 'LOAD'],
      ['S-HZ-01', 'UNLOAD'],
      ['S-HZ-02', 'UNLOAD'],
    ]);

    const un = await post('unbind', { id, waybillIds: [other.id, same.id] });
    expect(un.status, JSON.stringify(un.json)).toBe(200);
    s = await get(id);
    expect([s.totalQuantity, s.totalWeight, s.stationNum]).toEqual([10, 100, 2]);
    expect(s.stops.map((x: Json) => x.stopType)).toEqual(['LOAD', 'UNLOAD']);
    const log = s.tracking.map((x: Json) => x.operationType);
    expect(log.filter((x: string) => x === 'SHIPMENT_UNBIND')).toHaveLength(2);
    const free = await ctx.s.db.query<{ n: number }>(`select count(*)::int n from tms_waybill where id = any($1::bigint[]) and shipment_id is null`, [[other.id, same.id]]);
    expect(free.rows[0]!.n).toBe(2);

    // a waybill of another shipment cannot be unbound from this one
    const b = await wb();
    const id2 = await create([b.id]);
    const wrong = await post('unbind', { id: id2, waybillIds: [a.id] });
    expect(wrong.status).toBe(409);
    expect(wrong.json.msg).toBe(en('messages.shipment.waybillNotOnShipment', { codes: a.code, shipment: (await get(id2)).shipmentCode }));
  });
});

/** Every action, the states it is allowed in, the state it leads to and its refusal message. */
interface ActionCase {
  name: string;
  allowed: State[];
  to?: State;
  refusal: string;
  ok?: string;
  body: (id: number, waybillId: number) => Promise<Json>;
}

const ACTIONS: ActionCase[] = [
  { name: 'schedule', allowed: ['OPEN'], to: 'CONFIRMED', refusal: 'messages.shipment.selectOpen', body: (id) => scheduleBody(id) },
  { name: 'cancelSchedule', allowed: ['CONFIRMED'], to: 'OPEN', refusal: 'messages.shipment.selectConfirmed', body: async (id) => ({ ids: [id] }) },
  { name: 'effect', allowed: ['CONFIRMED'], to: 'EFFECTIVE', refusal: 'messages.shipment.selectConfirmed', ok: 'messages.shipment.effectOk', body: async (id) => ({ ids: [id] }) },
  { name: 'withdraw', allowed: ['EFFECTIVE'], to: 'CONFIRMED', refusal: 'messages.shipment.selectEffective', ok: 'messages.shipment.withdrawOk', body: async (id) => ({ ids: [id] }) },
  { name: 'ship', allowed: ['EFFECTIVE'], to: 'SHIPPED', refusal: 'messages.shipment.shipNotEffective', body: async (id) => ({ ids: [id], time: '2031-06-01T08:00:00Z' }) },
  { name: 'finish', allowed: ['SHIPPED'], to: 'COMPLETED', refusal: 'messages.shipment.finishNotShipped', body: async (id) => ({ ids: [id], time: '2031-06-01T20:00:00Z' }) },
  {
    name: 'bind',
    allowed: ['OPEN', 'CONFIRMED'],
    refusal: 'messages.shipment.bindOnlyOpenConfirmed',
    body: async (id) => ({ id, waybillIds: [(await wb({ carrierCode: 'CR003' })).id] }),
  },
  { name: 'unbind', allowed: ['OPEN', 'CONFIRMED'], refusal: 'messages.shipment.bindOnlyOpenConfirmed', body: async (id, waybillId) => ({ id, waybillIds: [waybillId] }) },
  {
    name: 'reassignDriver',
    allowed: ['CONFIRMED', 'EFFECTIVE'],
    refusal: 'messages.shipment.selectConfirmedOrEffective',
    body: async (id) => ({ id, version: (await get(id)).version, driverIdMaster: cr3.driverIdMaster, reason: 'sick' }),
  },
  {
    name: 'reassignInTransit',
    allowed: ['SHIPPED'],
    refusal: 'messages.shipment.selectShipped',
    body: async (id) => ({ id, version: (await get(id)).version, handoverTime: '2031-06-01T10:00:00Z', handoverPlace: 'Jiaxing service area' }),
  },
  { name: 'adminReturn', allowed: ['CONFIRMED', 'EFFECTIVE'], to: 'OPEN', refusal: 'messages.shipment.selectConfirmedOrEffective', body: async (id) => ({ ids: [id], reason: 'customer postponed' }) },
  { name: 'print', allowed: ['OPEN', 'CONFIRMED', 'EFFECTIVE', 'SHIPPED', 'COMPLETED'], refusal: '', body: async (id) => ({ ids: [id] }) },
];

describe('state machine: every action from every state', () => {
  for (const a of ACTIONS) {
    for (const state of STATES) {
      const allowed = a.allowed.includes(state);
      it(`${a.name} from ${state}: ${allowed ? `allowed${a.to ? ` → ${a.to}` : ''}` : 'refused'}`, async () => {
        const { id, waybillId } = await inState(state);
        const body = await a.body(id, waybillId);
        const before = await get(id);
        if (allowed) {
          const r = await post(a.name, body);
          expect(r.status, JSON.stringify(r.json)).toBe(200);
          if (a.ok) expect(r.json.msg).toBe(en(a.ok));
          const after = await get(id);
          expect(after.status).toBe(a.to ?? state);
          expect(after.tracking.length).toBeGreaterThan(before.tracking.length);
          return;
        }
        for (const lang of ['en-US', 'zh-CN']) {
          const r = await post(a.name, body, lang);
          expect(r.status, JSON.stringify(r.json)).toBe(409);
          expect(r.json.msg).toBe(translate(lang as 'en-US', a.refusal, { code: before.shipmentCode }));
        }
        const after = await get(id);
        expect([after.status, after.version]).toEqual([state, before.version]);
      });
    }
  }

  it('the spec messages are verbatim in en-US and translated in zh-CN', () => {
    expect(en('messages.shipment.selectFirst')).toBe('Please select dispatch order first!');
    expect(en('messages.shipment.selectOpen')).toBe('Please select an open dispatch order operation!');
    expect(en('messages.shipment.shipNotEffective')).toBe('Unable to ship. The dispatch is not yet effective');
    expect(en('messages.shipment.finishNotShipped')).toBe('Unable to complete. The dispatch has not been delivered');
    expect(en('messages.shipment.effectOk')).toBe('Successful entry into force!');
    expect(en('messages.shipment.withdrawOk')).toBe('Withdraw successfully!');
    for (const k of Object.keys(sharedLocales['en-US'].messages.shipment)) expect(zh(`messages.shipment.${k}`)).not.toBe(en(`messages.shipment.${k}`));
  });

  it('an empty selection answers "Please select dispatch order first!"', async () => {
    for (const action of ['cancelSchedule', 'effect', 'withdraw', 'ship', 'finish', 'adminReturn', 'print', 'schedule', 'bind']) {
      const r = await post(action, { ids: [], waybillIds: [1] });
      expect(r.status, action).toBe(400);
      expect(r.json.msg, action).toBe('Please select dispatch order first!');
    }
    expect((await post('effect', {}, 'zh-CN')).json.msg).toBe(zh('messages.shipment.selectFirst'));
  });

  it('bulk actions are all or nothing; ship and finish need a time', async () => {
    const a = await inState('CONFIRMED');
    const b = await inState('OPEN');
    const r = await post('effect', { ids: [a.id, b.id] });
    expect(r.status).toBe(409);
    expect((await get(a.id)).status).toBe('CONFIRMED');
    const e = await inState('EFFECTIVE');
    const noTime = await post('ship', { ids: [e.id] });
    expect(noTime.status).toBe(400);
    expect(noTime.json.errors.time).toBeTruthy();
    expect((await post('ship', { ids: [e.id], time: 'yesterday' })).status).toBe(400);
  });

  it('withdraw is refused once the driver accepted; ship creates one receipt per waybill', async () => {
    const { id } = await inState('EFFECTIVE');
    await ctx.s.db.query(`update tms_shipment set is_receive = 'ACCEPTED' where id = $1`, [id]);
    const code = (await get(id)).shipmentCode;
    const r = await post('withdraw', { ids: [id] });
    expect(r.status).toBe(409);
    expect(r.json.msg).toBe(en('messages.shipment.withdrawAccepted', { code }));
    const extra = await wb({ carrierCode: 'CR003' });
    await ctx.s.db.query(`update tms_waybill set shipment_id = $1, shipment_code = $2 where id = $3`, [id, code, extra.id]);
    const shipped = await post('ship', { ids: [id], time: '2031-06-01T08:00:00Z' });
    expect(shipped.status, JSON.stringify(shipped.json)).toBe(200);
    const epods = await ctx.s.db.query<{ n: number }>(`select count(*)::int n from tms_epod where shipment_id = $1`, [id]);
    expect(epods.rows[0]!.n).toBe(2);
    const s = await get(id);
    expect(s.atd).toBe('2031-06-01T08:00:00.000Z');
    const early = await post('finish', { ids: [id], time: '2031-06-01T07:00:00Z' });
    expect(early.status).toBe(400);
  });

  it('cancel scheduling and administrator return clear the assignment; return keeps its reason', async () => {
    const { id } = await inState('EFFECTIVE');
    const r = await post('adminReturn', { ids: [id], reason: 'customer postponed' });
    expect(r.status).toBe(200);
    const s = await get(id);
    expect([s.status, s.vehicleIdMain, s.driverIdMaster, s.etd, s.returnReasons]).toEqual(['OPEN', null, null, null, 'customer postponed']);
    expect((await post('adminReturn', { ids: [id] })).status).toBe(400);
  });

  it('in-transit reassignment keeps both legs; driver reassignment resets acceptance', async () => {
    const { id } = await inState('SHIPPED');
    const body = { id, version: (await get(id)).version, ...{ vehicleIdMain: await vehicleId(ctx.s.db, 'V003'), driverIdMaster: cr3.driverIdMaster }, handoverTime: '2031-06-01T11:00:00Z', handoverPlace: 'Jiaxing' };
    const r = await post('reassignInTransit', body);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const s = await get(id);
    expect(s.legs.map((l: Json) => [l.seq, l.startTime, l.endTime])).toEqual([
      [1, '2031-06-01T08:00:00.000Z', '2031-06-01T11:00:00.000Z'],
      [2, '2031-06-01T11:00:00.000Z', null],
    ]);
    expect(s.legs[1].handoverPlace).toBe('Jiaxing');
    const stale = await post('reassignInTransit', body);
    expect(stale.status).toBe(409);
    expect(stale.json.msg).toBe(en('messages.conflictVersion'));

    const c = await inState('EFFECTIVE');
    await ctx.s.db.query(`update tms_shipment set is_receive = 'ACCEPTED' where id = $1`, [c.id]);
    const d4 = await driverId(ctx.s.db, 'D004'); // CR001's driver: not of the shipment's carrier
    const bad = await post('reassignDriver', { id: c.id, version: (await get(c.id)).version, driverIdMaster: d4 });
    expect(bad.status).toBe(400);
    const re = await post('reassignDriver', { id: c.id, version: (await get(c.id)).version, driverIdMaster: cr3.driverIdMaster, driverIdSecond: null, reason: 'swap' });
    expect(re.status, JSON.stringify(re.json)).toBe(200);
    const after = await get(c.id);
    expect([after.status, after.isReceive]).toEqual(['EFFECTIVE', null]);
    expect(after.tracking.at(-1).operationType).toBe('SHIPMENT_REASSIGN');
  });
});

describe('the abnormal receipt report of the detail', () => {
  it('lists the line the driver reported short (driver app), with planned, signed and shortage', async () => {
    const { id } = await inState('SHIPPED');
    expect((await get(id)).abnormalReceipts).toEqual([]);
    // the dispatch order's driver (D003) signs in to the driver app and reports its receipt two short
    const login = (await ctx.s.db.query<{ login_name: string }>(`select login_name from base_driver where code = 'D003'`)).rows[0]!.login_name;
    const signIn = await ctx.s.api('POST', '/api/driver/login', { body: { loginName: login, password: 'driver123' } });
    expect(signIn.status, JSON.stringify(signIn.json)).toBe(200);
    const driver = signIn.json.data.token as string;
    const mine = await ctx.s.api('GET', '/api/driver/epods', { token: driver, query: { shipmentId: id } });
    expect(mine.json.data).toHaveLength(1);
    const epod = (await ctx.s.api('GET', `/api/driver/epods/${mine.json.data[0].id}`, { token: driver })).json.data;
    const [line] = epod.lines as Json[];
    const report = await ctx.s.api('POST', `/api/driver/epods/${epod.id}/report`, {
      token: driver,
      body: {
        arrivalTime: '2031-06-01T15:00:00Z',
        signTime: '2031-06-01T15:30:00Z',
        lines: [{ lineId: line!.id, signedQuantity: line!.shippedQuantity - 2, shortage: 2, damage: 0, remark: 'two cases missing' }],
      },
    });
    expect(report.status, JSON.stringify(report.json)).toBe(200);

    const d = await get(id);
    expect(d.abnormalReceipts).toHaveLength(1);
    expect(d.abnormalReceipts[0]).toMatchObject({
      id: epod.id,
      code: epod.code,
      waybillCode: d.waybills[0].code,
      status: 'REPORTED',
      itemCode: 'I-XF-001',
      plannedQuantity: 10,
      signedQuantity: 8,
      shortage: 2,
      damage: 0,
      lineRemark: 'two cases missing',
      handleResult: null,
    });
  });
});

describe('scheduling rules', () => {
  it('refuses a vehicle or driver on another unfinished shipment in an overlapping window', async () => {
    const times = window();
    const a = await create([(await wb({ carrierCode: 'CR003' })).id]);
    expect((await post('schedule', await scheduleBody(a, cr3, times))).status).toBe(200);
    const b = await create([(await wb({ carrierCode: 'CR003' })).id]);
    const overlapping = { etd: new Date(Date.parse(times.etd) + 3600_000).toISOString(), eta: new Date(Date.parse(times.eta) + 3600_000).toISOString() };
    const r = await post('schedule', await scheduleBody(b, cr3, overlapping));
    expect(r.status).toBe(409);
    expect(r.json.msg).toMatch(/^Vehicle 苏E54321 is already on dispatch order SP/);
    // the same vehicle with another driver: still the vehicle; another vehicle with the same driver: the driver
    const v = await ctx.s.db.query<{ id: number }>(
      `insert into base_transport_means(carrier_id, type_id, code, plate_number, effective, create_by) select carrier_id, type_id, 'V-T-OVL', '苏E00001', true, 'test' from base_transport_means where code = 'V003' returning id`,
    );
    const d = await post('schedule', await scheduleBody(b, { ...cr3, vehicleIdMain: v.rows[0]!.id }, overlapping));
    expect(d.status).toBe(409);
    expect(d.json.msg).toMatch(/^Driver 王芳 is already on dispatch order SP/);
    // touching windows do not overlap
    const after = { etd: times.eta, eta: new Date(Date.parse(times.eta) + 3600_000).toISOString() };
    expect((await post('schedule', await scheduleBody(b, cr3, after))).status).toBe(200);
    // a finished shipment frees its vehicle
    await post('cancelSchedule', { ids: [b] });
    await ctx.s.db.query(`update tms_shipment set status = 'COMPLETED' where id = $1`, [a]);
    expect((await post('schedule', await scheduleBody(b, cr3, overlapping))).status).toBe(200);
  });

  it('refuses a vehicle type excluded by the stops\' station limits', async () => {
    // S-SH-01 allows only type VT-42; S-SH-02 forbids VT-96C
    const w = await wb({ carrierCode: 'CR002', from: 'S-SH-01', to: 'S-SH-02' });
    const id = await create([w.id]);
    for (const lang of ['en-US', 'zh-CN']) {
      const r = await post('schedule', await scheduleBody(id, cr2), lang);
      expect(r.status).toBe(409);
      // CR002 has no other vehicle that fits
      expect(r.json.msg).toBe(translate(lang as 'en-US', 'messages.shipment.noVehicleAlternative'));
    }
    // CR001 has V001 (VT-42) that fits: its new type VT-X is simply not allowed there
    const t = await ctx.s.db.query<{ id: number }>(`insert into base_transport_means_type(carrier_id, code, name, effective, create_by) values ($1,'VT-X','X 型车',true,'test') returning id`, [cr1.carrierId]);
    const v = await ctx.s.db.query<{ id: number }>(
      `insert into base_transport_means(carrier_id, type_id, code, plate_number, effective, create_by) values ($1,$2,'V-T-X','沪X00001',true,'test') returning id`,
      [cr1.carrierId, t.rows[0]!.id],
    );
    const r = await post('schedule', await scheduleBody(id, { ...cr1, vehicleIdMain: v.rows[0]!.id }));
    expect(r.status).toBe(409);
    expect(r.json.msg).toBe(en('messages.shipment.vehicleTypeNotAllowed', { type: 'X 型车', station: '上海嘉定配送站' }));
    const fits = await post('schedule', await scheduleBody(id, cr1));
    expect(fits.status, JSON.stringify(fits.json)).toBe(200);
  });

  it('checks the input: ETA after ETD, vehicles and drivers of the carrier, distinct drivers', async () => {
    const id = await create([(await wb({ carrierCode: 'CR003' })).id]);
    const t = window();
    const reversed = await post('schedule', await scheduleBody(id, cr3, { etd: t.eta, eta: t.etd }));
    expect(reversed.status).toBe(400);
    expect(reversed.json.msg).toBe(en('messages.shipment.etaBeforeEtd'));
    const foreign = await post('schedule', await scheduleBody(id, { ...cr3, vehicleIdMain: cr1.vehicleIdMain }));
    expect(foreign.status).toBe(400);
    expect(foreign.json.errors.vehicleIdMain).toBe(en('messages.shipment.notOfCarrier', { what: '沪A12345' }));
    const same = await post('schedule', { ...(await scheduleBody(id)), driverIdSecond: cr3.driverIdMaster });
    expect(same.status).toBe(400);
    const missing = await post('schedule', { id, version: 0 });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.errors).sort()).toEqual(['carrierId', 'driverIdMaster', 'eta', 'etd', 'vehicleIdMain']);
    const stale = await post('schedule', { ...(await scheduleBody(id)), version: 99 });
    expect(stale.status).toBe(409);
  });

  it('two dispatchers scheduling the same vehicle at once: exactly one wins', async () => {
    const other = await ctx.s.login(
      (await createUser(ctx.s.db, { perms: ['shipment:shipment:query', 'shipment:shipment:schedule'], centers: ['SH01'] })).userName,
      'test12345',
    );
    for (let round = 0; round < 5; round++) {
      const times = window();
      const a = await create([(await wb({ carrierCode: 'CR003' })).id]);
      const b = await create([(await wb({ carrierCode: 'CR003' })).id]);
      const [ra, rb] = await Promise.all([
        post('schedule', await scheduleBody(a, cr3, times)),
        ctx.s.api('POST', '/api/shipment/shipment/schedule', { token: other, body: await scheduleBody(b, cr3, times), headers: { lang: 'en-US' } }),
      ]);
      const statuses = [ra.status, rb.status].sort();
      expect(statuses, JSON.stringify([ra.json, rb.json])).toEqual([200, 409]);
      const loser = ra.status === 409 ? ra : rb;
      expect(loser.json.msg).toMatch(/already on dispatch order/);
      const confirmed = await ctx.s.db.query<{ n: number }>(`select count(*)::int n from tms_shipment where id = any($1::bigint[]) and status = 'CONFIRMED'`, [[a, b]]);
      expect(confirmed.rows[0]!.n).toBe(1);
    }
  });
});

describe('printing the dispatch sheet', () => {
  it('renders the DISPATCH template, counts prints, logs each, and needs a reason for a reprint', async () => {
    const { id } = await inState('CONFIRMED');
    const s = await get(id);
    const first = await post('print', { ids: [id] });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data.html).toContain(s.shipmentCode);
    expect(first.json.data.html).toContain('苏E54321');
    const again = await post('print', { ids: [id] });
    expect(again.status).toBe(409);
    expect(again.json.msg).toBe(en('messages.shipment.printReasonRequired', { code: s.shipmentCode }));
    expect((await post('print', { ids: [id], reason: 'paper jam' })).status).toBe(200);
    const after = await get(id);
    expect(after.printQty).toBe(2);
    expect(after.prints.map((p: Json) => [p.printNo, p.reason])).toEqual([
      [1, null],
      [2, 'paper jam'],
    ]);
    expect(after.tracking.filter((t: Json) => t.operationType === 'SHIPMENT_PRINT')).toHaveLength(2);
  });
});

describe('lists, data scope and permissions', () => {
  it('a dispatcher of one carrier data group cannot schedule with, nor route orders to, a carrier outside it', async () => {
    const { id } = await inState('OPEN');
    const u = await createUser(ctx.s.db, { perms: ['shipment:shipment:query', 'shipment:shipment:schedule', 'order:order:query', 'order:order:assign'], centers: ['SH01'] });
    const group = (await ctx.s.db.query<{ id: number }>(`insert into sys_data_group(code, name, create_by) values ('DG_CR3', 'CR003 only', 'test') returning id`)).rows[0]!.id;
    await ctx.s.db.query(`insert into sys_data_group_bind(data_group_id, target_type, target_id) select $1::bigint, 'CARRIER', id from base_carrier where code = 'CR003'`, [group]);
    await ctx.s.db.query(`insert into sys_user_data_group(user_id, data_group_id) values ($1, $2)`, [u.id, group]);
    const token = await ctx.s.login(u.userName, u.password);
    const as = (path: string, body: unknown) => ctx.s.api('POST', path, { token, body, headers: { lang: 'en-US' } });
    // the dispatch order (CR003) is in the group; carrier CR001 with its own vehicle and driver is not
    const cr1 = { carrierId: await carrierId(ctx.s.db, 'CR001'), vehicleIdMain: await vehicleId(ctx.s.db, 'V001'), driverIdMaster: await driverId(ctx.s.db, 'D001') };
    const outside = await as('/api/shipment/shipment/schedule', await scheduleBody(id, cr1));
    expect(outside.status, JSON.stringify(outside.json)).toBe(400);
    expect(Object.keys(outside.json.errors ?? {})).toContain('carrierId');
    expect((await get(id)).status).toBe('OPEN');
    expect((await as('/api/shipment/shipment/schedule', await scheduleBody(id))).status).toBe(200);
    // an order of the center, and a carrier route of CR001: unknown to this dispatcher
    const route = (await ctx.s.db.query<{ id: number }>(`select cr.id from base_carrier_route cr join base_carrier c on c.id = cr.carrier_id where c.code = 'CR001' limit 1`)).rows[0]!.id;
    const order = (await ctx.s.db.query<{ id: number }>(`select id from tms_order where status = 'OPEN' and not coalesce(is_lock, false) and dispatch_center_id = $1 limit 1`, [await centerId(ctx.s.db, 'SH01')])).rows[0];
    expect(order, 'the demo data has an open order in SH01').toBeDefined();
    const before = (await ctx.s.db.query(`select carrier_route_id from tms_order where id = $1`, [order!.id])).rows[0];
    const r = await as('/api/order/order/assignCarrierRoute', { ids: [order!.id], carrierRouteId: route });
    expect(r.status, JSON.stringify(r.json)).toBe(400);
    expect(Object.keys(r.json.errors ?? {})).toContain('carrierRouteId');
    expect((await ctx.s.db.query(`select carrier_route_id from tms_order where id = $1`, [order!.id])).rows[0]).toEqual(before);
  });

  it('the list filters by code, status, carrier, vehicle, driver and dates', async () => {
    const { id } = await inState('CONFIRMED');
    const s = await get(id);
    const list = async (query: Record<string, string | number>) => (await api('GET', 'list', { query: { pageSize: 100, ...query } })).json;
    expect((await list({ shipmentCode: s.shipmentCode })).rows.map((r: Json) => r.id)).toEqual([id]);
    const byAll = await list({ status: 'CONFIRMED', carrierId: cr3.carrierId, vehicleIdMain: cr3.vehicleIdMain, driverIdMaster: cr3.driverIdMaster, etdBegin: s.etd, etdEnd: s.etd });
    expect(byAll.rows.map((r: Json) => r.id)).toEqual([id]);
    expect(byAll.rows[0].vehicleIdMainLabel).toBe('苏E54321');
    expect((await list({ status: 'OPEN,CONFIRMED' })).total).toBeGreaterThan(0);
    for (const page of ['lines', 'stops', 'ros', 'businessLog', 'orderTracking']) {
      const r = await ctx.s.api('GET', `/api/shipment/${page}/list`, { token: ctx.admin });
      expect(r.status, page).toBe(200);
    }
    const stops = await ctx.s.api('GET', '/api/shipment/stops/list', { token: ctx.admin, query: { shipmentId: id } });
    expect(stops.json.rows).toHaveLength(2);
    const log = await ctx.s.api('GET', '/api/shipment/businessLog/list', { token: ctx.admin, query: { shipmentId: id } });
    expect(log.json.rows.map((r: Json) => r.operationType)).toContain('SHIPMENT_SCHEDULE');
    const ros = await ctx.s.api('GET', '/api/shipment/ros/list', { token: ctx.admin, query: { pageSize: 500 } });
    const free = await wb();
    const ros2 = await ctx.s.api('GET', '/api/shipment/ros/list', { token: ctx.admin, query: { pageSize: 500 } });
    expect(ros2.json.total).toBe(ros.json.total + 1);
    expect(ros2.json.rows.some((r: Json) => r.id === free.id)).toBe(true);
  });

  it('a shipment of another dispatch center is 404 for every call', async () => {
    const w = await wb({ center: 'BJ01' });
    const bj = await centerId(ctx.s.db, 'BJ01');
    const r = await ctx.s.db.query<{ id: number }>(`insert into tms_shipment(dispatch_center_id, shipment_code, create_by) values ($1, 'SP-BJ-TEST', 'test') returning id`, [bj]);
    const id = r.rows[0]!.id;
    expect((await api('GET', `get/${id}`)).status).toBe(404);
    expect((await api('GET', `trajectory/${id}`)).status).toBe(404);
    for (const [action, body] of [
      ['effect', { ids: [id] }],
      ['schedule', await scheduleBody(await create([(await wb()).id]))],
      ['print', { ids: [id] }],
    ] as const) {
      const b = action === 'schedule' ? { ...body, id } : body;
      expect((await post(action, b)).status, action).toBe(404);
    }
    // a waybill of another center cannot be bound here either
    const here = await create([(await wb()).id]);
    expect((await post('bind', { id: here, waybillIds: [w.id] })).status).toBe(404);
    const list = await api('GET', 'list', { query: { shipmentCode: 'SP-BJ-TEST' } });
    expect(list.json.total).toBe(0);
  });

  it('a user limited to one carrier by a data group sees only its shipments', async () => {
    const { id } = await inState('OPEN'); // CR003
    const other = await create([(await wb({ carrierCode: 'CR001' })).id]);
    const u = await createUser(ctx.s.db, { perms: ['shipment:shipment:query', 'shipment:shipment:effect'] });
    const g = await ctx.s.db.query<{ id: number }>(`insert into sys_data_group(code, name, create_by) values ('DG-SHP', 'shipments CR001', 'test') returning id`);
    await ctx.s.db.query(`insert into sys_data_group_bind(data_group_id, target_type, target_id) values ($1, 'CARRIER', $2)`, [g.rows[0]!.id, cr1.carrierId]);
    await ctx.s.db.query(`insert into sys_user_data_group(user_id, data_group_id) values ($1, $2)`, [u.id, g.rows[0]!.id]);
    const token = await ctx.s.login(u.userName, u.password);
    expect((await ctx.s.api('GET', `/api/shipment/shipment/get/${id}`, { token })).status).toBe(404);
    expect((await ctx.s.api('GET', `/api/shipment/shipment/get/${other}`, { token })).status).toBe(200);
    expect((await ctx.s.api('POST', '/api/shipment/shipment/effect', { token, body: { ids: [id] } })).status).toBe(404);
    // without the button permission: 403
    expect((await ctx.s.api('POST', '/api/shipment/shipment/ship', { token, body: { ids: [other], time: '2031-01-01T00:00:00Z' } })).status).toBe(403);
  });
});

describe('trajectory', () => {
  // its speed is measured in bench/trajectory.ts, not asserted here
  it('serves 50,000 positions simplified for the zoom level', async () => {
    const { id } = await inState('SHIPPED');
    await insertPositions(ctx.s.db, id, 50_000);
    const r = await api('GET', `trajectory/${id}`, { query: { zoom: 12 } });
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d.total).toBe(50_000);
    expect(d.points.length).toBeGreaterThan(10);
    expect(d.points.length).toBeLessThan(5_000);
    // first and last points stay; points are [lng, lat, time, speed] in time order
    expect(d.points[0][2]).toBe(Date.parse('2030-01-01T00:00:00Z'));
    expect(d.points.at(-1)[2]).toBe(Date.parse('2030-01-01T00:00:00Z') + 49_999 * 10_000);
    expect(d.points.every((p: number[], i: number) => i === 0 || p[2]! > d.points[i - 1][2])).toBe(true);
    // closer zoom keeps more detail; no zoom = every point
    const close = (await api('GET', `trajectory/${id}`, { query: { zoom: 17 } })).json.data;
    expect(close.points.length).toBeGreaterThan(d.points.length);
    const all = (await api('GET', `trajectory/${id}`)).json.data;
    expect(all.points).toHaveLength(50_000);
    expect(d.stops.map((s: Json) => s.stationCode)).toEqual(['S-SZ-01', 'S-HZ-01']);
    expect(d.stops[0].lng).toBeCloseTo(120.7202);
    expect((await api('GET', `trajectory/${id}`, { query: { zoom: 99 } })).status).toBe(400);
  });
});
