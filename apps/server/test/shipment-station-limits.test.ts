/**
 * Issue 13, "station limits bypassed by binding": a scheduled dispatch order keeps its vehicles, so every way
 * of putting a waybill on it (bind, add waybills, the waybill's "to dispatch" onto an existing dispatch order)
 * must check the new stops' station limits exactly as scheduling does, and so must both reassignments.
 * Seed: S-SH-01 allows only type VT-42; carrier CR002 has only V002 (VT-96C).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/platform/i18n.ts';
import { type ApiOptions, type Json } from './helpers.ts';
import { ctx, useServer } from './resource-kit.ts';
import { carrierId, driverId, reviewedWaybill, vehicleId } from './shipments-fixtures.ts';

useServer();

const api = (method: string, path: string, o: ApiOptions = {}) => ctx.s.api(method, path, { token: ctx.admin, ...o });
const post = (action: string, body: unknown, lang = 'en-US') => api('POST', `/api/shipment/shipment/${action}`, { body, headers: { lang } });
const get = async (id: number): Promise<Json> => (await api('GET', `/api/shipment/shipment/get/${id}`)).json.data;

interface Fleet {
  carrierId: number;
  vehicleIdMain: number;
  driverIdMaster: number;
}
let cr1: Fleet;
let cr2: Fleet;
beforeAll(async () => {
  const db = ctx.s.db;
  cr1 = { carrierId: await carrierId(db, 'CR001'), vehicleIdMain: await vehicleId(db, 'V001'), driverIdMaster: await driverId(db, 'D001') };
  cr2 = { carrierId: await carrierId(db, 'CR002'), vehicleIdMain: await vehicleId(db, 'V002'), driverIdMaster: await driverId(db, 'D002') };
});

let day = 0;
const window = () => {
  day += 2;
  const etd = new Date(Date.UTC(2032, 0, 1) + day * 86400_000);
  return { etd: etd.toISOString(), eta: new Date(etd.getTime() + 8 * 3600_000).toISOString() };
};

/** A CONFIRMED dispatch order of CR002 (V002, VT-96C) over stations without limits. */
async function scheduledWithVt96(): Promise<number> {
  const w = await reviewedWaybill(ctx.s.db, { carrierCode: 'CR002', from: 'S-SZ-01', to: 'S-HZ-01' });
  const created = await post('create', { waybillIds: [w.id] });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id = created.json.data.id as number;
  const r = await post('schedule', { id, version: (await get(id)).version, ...cr2, ...window() });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return id;
}

const stops = async (id: number) =>
  (await ctx.s.db.query<{ station_id: number }>('select station_id from tms_shipment_stop where shipment_id = $1 order by seq', [id])).rows.map((x) => x.station_id);
const shipmentOf = async (waybillId: number) => (await ctx.s.db.query<{ shipment_id: number | null }>('select shipment_id from tms_waybill where id = $1', [waybillId])).rows[0]!.shipment_id;

describe('putting waybills on a scheduled dispatch order checks the station limits, as scheduling does', () => {
  const ways: [string, (shipmentId: number, waybillId: number, lang: string) => Promise<{ status: number; json: Json }>][] = [
    ['bind', (id, w, lang) => post('bind', { id, waybillIds: [w] }, lang)],
    ['addWaybills', (id, w, lang) => post('addWaybills', { id, waybillIds: [w] }, lang)],
    ['waybill toRos onto it', (id, w, lang) => api('POST', '/api/waybill/waybill/toRos', { body: { ids: [w], shipmentId: id }, headers: { lang } })],
  ];
  for (const [name, put] of ways) {
    it(`${name}: a waybill from a station that refuses the vehicle type is refused and nothing changes`, async () => {
      const id = await scheduledWithVt96();
      const before = { stops: await stops(id), s: await get(id) };
      const bad = await reviewedWaybill(ctx.s.db, { carrierCode: 'CR002', from: 'S-SH-01', to: 'S-HZ-01' });
      for (const lang of ['en-US', 'zh-CN', 'en-GB', 'zh-TW']) {
        const r = await put(id, bad.id, lang);
        expect(r.status, JSON.stringify(r.json)).toBe(409);
        // CR002 has no other vehicle that would fit: the message scheduling gives
        expect(r.json.msg).toBe(translate(lang as 'en-US', 'messages.shipment.noVehicleAlternative', { type: '9.6 米冷藏车', station: '上海嘉定配送站' }));
      }
      expect(await shipmentOf(bad.id)).toBeNull();
      expect(await stops(id)).toEqual(before.stops);
      const after = await get(id);
      expect([after.stationNum, after.totalQuantity, after.version]).toEqual([before.s.stationNum, before.s.totalQuantity, before.s.version]);
      // a waybill whose stations accept the type is bound
      const good = await reviewedWaybill(ctx.s.db, { carrierCode: 'CR002', from: 'S-SZ-01', to: 'S-HZ-02' });
      const ok = await put(id, good.id, 'en-US');
      expect(ok.status, JSON.stringify(ok.json)).toBe(200);
      expect(await shipmentOf(good.id)).toBe(id);
    });
  }

  it('an open dispatch order (no vehicle yet) takes any waybill; scheduling then applies the limits', async () => {
    const w = await reviewedWaybill(ctx.s.db, { carrierCode: 'CR002', from: 'S-SZ-01', to: 'S-HZ-01' });
    const id = (await post('create', { waybillIds: [w.id] })).json.data.id as number;
    const bad = await reviewedWaybill(ctx.s.db, { carrierCode: 'CR002', from: 'S-SH-01', to: 'S-HZ-01' });
    expect((await post('bind', { id, waybillIds: [bad.id] })).status).toBe(200);
    const r = await post('schedule', { id, version: (await get(id)).version, ...cr2, ...window() });
    expect(r.status).toBe(409);
    expect(r.json.msg).toBe(translate('en-US', 'messages.shipment.noVehicleAlternative', { type: '9.6 米冷藏车', station: '上海嘉定配送站' }));
  });

  it('driver reassignment and in-transit reassignment refuse a vehicle the stops refuse', async () => {
    const w = await reviewedWaybill(ctx.s.db, { carrierCode: 'CR001', from: 'S-SH-01', to: 'S-HZ-01' });
    const id = (await post('create', { waybillIds: [w.id] })).json.data.id as number;
    const t = window();
    expect((await post('schedule', { id, version: (await get(id)).version, ...cr1, ...t })).status).toBe(200);
    const re = await post('reassignDriver', { id, version: (await get(id)).version, ...cr2 });
    expect(re.status, JSON.stringify(re.json)).toBe(409);
    expect(re.json.msg).toBe(translate('en-US', 'messages.shipment.noVehicleAlternative', { type: '9.6 米冷藏车', station: '上海嘉定配送站' }));
    expect((await post('effect', { ids: [id] })).status).toBe(200);
    expect((await post('ship', { ids: [id], time: t.etd })).status).toBe(200);
    const transit = await post('reassignInTransit', {
      id,
      version: (await get(id)).version,
      ...cr2,
      handoverTime: new Date(Date.parse(t.etd) + 3600_000).toISOString(),
      handoverPlace: 'G15',
    });
    expect(transit.status, JSON.stringify(transit.json)).toBe(409);
    expect(transit.json.msg).toBe(translate('en-US', 'messages.shipment.noVehicleAlternative', { type: '9.6 米冷藏车', station: '上海嘉定配送站' }));
    expect((await get(id)).vehicleIdMain).toBe(cr1.vehicleIdMain);
  });
});
