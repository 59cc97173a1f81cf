/**
 * Shipments (dispatch orders) in the browser: a reviewed waybill (order → review → waybill review,
 * through the API) becomes a dispatch order from the ready-to-dispatch page; on the dispatch order list
 * the selection rules and a refused ship show the spec's messages; the order is scheduled in the
 * scheduling modal (vehicle and driver from their selection modals, ETD / ETA), takes effect and ships
 * through the UI; its driver reports positions and a receipt two short (driver API); another vehicle
 * and driver take over in transit (UI); it finishes. The detail shows its sections, the abnormal
 * receipt line, the transport information and the adjustments with both legs; the positions play back
 * on the map with start, pause, continue, stop, a speed that changes the progress per frame, and the
 * map driving view of the planned route. On another dispatch order, a waybill of another carrier is
 * bound after the carrier-mismatch confirmation and unbound after its own.
 */
import { describe, expect, it } from 'vitest';
import { sharedLocales } from '@tms/domain';
import shipmentLocales from '../apps/web/src/features/shipment/locales.ts';
import { shot } from './support/browser.ts';
import { useAdminSession } from './support/admin-session.ts';
import { driverToken, idOf, reviewedWaybill, shipmentOf as shipmentOfWaybill, type Envelope } from './support/dispatch.ts';
import { pickerTime, ShipmentListPage } from './pages/shipment-page.ts';

const admin = useAdminSession();

const zh = sharedLocales['zh-CN'].messages.shipment;
const ui = shipmentLocales['zh-CN'].shipment;
const fields = sharedLocales['zh-CN'].resources.shipment.fields;
const MIN = 60_000;

const shipmentOf = (waybillCode: string) => shipmentOfWaybill(admin.server, waybillCode);

interface Detail {
  id: number;
  shipmentCode: string;
  status: string;
  version: number;
  stops: { stationName: string }[];
  legs: { seq: number; plateNumber: string | null; driverName: string | null; handoverPlace: string | null }[];
  waybills: { id: number; code: string }[];
  abnormalReceipts: { code: string; waybillCode: string; shortage: number; signedQuantity: number; plannedQuantity: number }[];
}
const detailOf = async (id: number) => (await admin.server.api<Envelope<Detail>>('GET', `/api/shipment/shipment/get/${id}`, undefined, await admin.server.adminToken())).json.data;

/**
 * The driver app reports positions along the way while the dispatch order is in transit (driver API):
 * one every 10 s over the last 50 minutes.
 */
async function reportPositions(shipmentId: number) {
  const token = await driverToken(admin.server, 'zhangwei');
  const now = Date.now();
  const points = Array.from({ length: 300 }, (_, i) => ({
    shipmentId,
    lng: 121.1669 + (i / 300) * (121.5447 - 121.1669),
    lat: 31.2958 + (i / 300) * (31.2304 - 31.2958) + 0.003 * Math.sin(i / 20),
    speed: 50 + (i % 20),
    time: new Date(now - (300 - i) * 10_000).toISOString(),
  }));
  const sent = await admin.server.api('POST', '/api/driver/positions', { points }, token);
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
}

/** The driver app reports the receipt of the dispatch order with its first line two short (driver API). */
async function reportShort(shipmentId: number): Promise<{ code: string }> {
  const token = await driverToken(admin.server, 'zhangwei');
  const mine = await admin.server.api<Envelope<{ id: number }[]>>('GET', `/api/driver/epods?shipmentId=${shipmentId}`, undefined, token);
  expect(mine.json.data).toHaveLength(1);
  const epod = (await admin.server.api<Envelope<{ id: number; code: string; lines: { id: number; shippedQuantity: number }[] }>>('GET', `/api/driver/epods/${mine.json.data[0]!.id}`, undefined, token)).json.data;
  const at = new Date().toISOString();
  const lines = epod.lines.map((l, i) => ({ lineId: l.id, signedQuantity: Number(l.shippedQuantity) - (i === 0 ? 2 : 0), shortage: i === 0 ? 2 : 0, damage: 0, remark: i === 0 ? '少两箱' : null }));
  const r = await admin.server.api('POST', `/api/driver/epods/${epod.id}/report`, { arrivalTime: at, signTime: at, lines }, token);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return epod;
}

/** A reviewed waybill of another carrier (CR002, 远航运输): its order given CR002's carrier route, reviewed, the waybill reviewed. */
async function reviewedWaybillOfCR002(): Promise<{ id: number; code: string }> {
  const server = admin.server;
  const token = await server.adminToken();
  const saved = await server.api<Envelope<{ id: number; code: string }>>(
    'POST',
    '/api/order/order/save',
    {
      clientId: await idOf(server, 'client', 'C001'),
      sourceStationId: await idOf(server, 'station', 'S-SH-01'),
      destStationId: await idOf(server, 'station', 'S-SH-02'),
      isSplitAllowed: true,
      lines: [{ itemId: await idOf(server, 'item', 'I-XF-001'), quantity: 3, weight: 15.6, volume: 0.036, cases: 3, pallets: 0, other: 0 }],
    },
    token,
  );
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const routes = await server.api<{ rows: { id: number }[] }>('GET', `/api/baseinfo/carrierRoute/list?carrierId=${await idOf(server, 'carrier', 'CR002')}`, undefined, token);
  expect((await server.api('POST', '/api/order/order/assignCarrierRoute', { ids: [saved.json.data.id], carrierRouteId: routes.json.rows[0]!.id }, token)).status).toBe(200);
  expect((await server.api('POST', '/api/order/order/review', { ids: [saved.json.data.id] }, token)).status).toBe(200);
  const w = await server.api<{ rows: { id: number; code: string }[] }>('GET', `/api/waybill/waybill/list?orderCode=${saved.json.data.code}`, undefined, token);
  const wb = w.json.rows[0]!;
  expect((await server.api('POST', '/api/waybill/waybill/review', { ids: [wb.id] }, token)).status).toBe(200);
  return wb;
}

const waybillIdOf = async (code: string) =>
  (await admin.server.api<{ rows: { id: number; shipmentId: number | null }[] }>('GET', `/api/waybill/waybill/list?code=${code}`, undefined, await admin.server.adminToken())).json.rows[0]!;

describe('shipments', () => {
  let waybillCode = '';
  let shipment: { id: number; shipmentCode: string; status: string };
  let receipt: { code: string };
  const list = () => new ShipmentListPage(admin.page, admin.server.url);

  it('a reviewed waybill becomes a dispatch order on the ready-to-dispatch page', async () => {
    waybillCode = await reviewedWaybill(admin.server);
    await list().createFromRos(waybillCode, async () => {
      const r = await admin.server.api('GET', `/api/shipment/ros/list?code=${waybillCode}`, undefined, await admin.server.adminToken());
      return { status: r.status, json: r.json };
    });
    shipment = await shipmentOf(waybillCode);
    expect(shipment.status).toBe('OPEN');
  });

  it('the list applies the selection rules, and the server refuses to ship an open dispatch order', async () => {
    const page = admin.page;
    const l = list();
    await l.open(shipment.shipmentCode);
    // nothing ticked
    await page.getByTestId('shipment-effect').click();
    await page.getByText(zh.selectFirst).first().waitFor();
    // take effect needs a confirmed one
    await l.tick();
    await page.getByTestId('shipment-effect').click();
    await page.getByText(zh.selectConfirmed).first().waitFor();
    // ship: the server answers with the spec's message
    await l.timeAction('shipment-ship');
    await page.locator('.ant-notification-notice').getByText(zh.shipNotEffective).waitFor();
    await shot(page, 'shipment-refused-ship');
    await l.closeNotices();
    await page.getByTestId('shipment-time-modal').locator('.ant-modal-close').click();
  });

  it('scheduling: vehicle and driver from their selection modals, ETD and ETA', async () => {
    const page = admin.page;
    const l = list();
    await l.openSchedule();
    // the carrier comes from the waybill (CR001)
    await expect.poll(() => page.getByTestId('assign-carrierId').locator('input').inputValue()).toBe('顺达物流');
    await l.pick('vehicleIdMain', '沪A12345');
    await l.pick('driverIdMaster', '张伟');
    await l.typeTime('etd', '2031-03-01 08:00');
    await l.typeTime('eta', '2031-03-01 18:00');
    await shot(page, 'shipment-schedule-modal');
    await l.submitSchedule();
    await page.getByText(zh.scheduled).first().waitFor();
    await l.row('沪A12345').waitFor();
    expect((await shipmentOf(waybillCode)).status).toBe('CONFIRMED');
  });

  it('takes effect and ships (an hour ago) through the UI; the driver reports positions and a receipt two short', async () => {
    const page = admin.page;
    const l = list();
    await l.tick();
    await l.effect();
    await page.getByText(zh.effectOk).first().waitFor();
    expect((await shipmentOf(waybillCode)).status).toBe('EFFECTIVE');

    await l.tick();
    await l.timeAction('shipment-ship', pickerTime(new Date(Date.now() - 60 * MIN)));
    await page.getByText(zh.shipped).first().waitFor();
    expect((await shipmentOf(waybillCode)).status).toBe('SHIPPED');
    await reportPositions(shipment.id);
    receipt = await reportShort(shipment.id);
  });

  it('in-transit reassignment through the UI: another vehicle and driver take over, both legs kept', async () => {
    const page = admin.page;
    const l = list();
    await l.tick();
    await l.openTransit();
    await l.pick('vehicleIdMain', '浙A88888');
    await l.pick('driverIdMaster', '赵磊');
    // half way through the reported positions
    await l.typeTime('handoverTime', pickerTime(new Date(Date.now() - 25 * MIN)));
    await l.handoverPlace('嘉兴服务区');
    await shot(page, 'shipment-transit-modal');
    await l.submitSchedule();
    await page.getByText(zh.reassigned).first().waitFor();
    await l.row('浙A88888').waitFor();
    const d = await detailOf(shipment.id);
    expect(d.legs.map((g) => [g.seq, g.plateNumber, g.driverName, g.handoverPlace])).toEqual([
      [1, '沪A12345', '张伟', null],
      [2, '浙A88888', '赵磊', '嘉兴服务区'],
    ]);
  });

  it('finishes through the UI', async () => {
    const page = admin.page;
    const l = list();
    await l.tick();
    await l.timeAction('shipment-finish');
    await page.getByText(zh.finished).first().waitFor();
    expect((await shipmentOf(waybillCode)).status).toBe('COMPLETED');
    await shot(page, 'shipment-list-completed');
  });

  it('the detail shows its sections, the abnormal receipt line, transport information, business log and adjustments', async () => {
    const page = admin.page;
    const detail = await list().openDetail(shipment.shipmentCode);
    await page.getByText('基本调度信息').first().waitFor();
    await page.getByText('司机信息').first().waitFor();
    await page.getByText('路由信息').first().waitFor();
    await detail.rows('shipment-waybills').filter({ hasText: waybillCode }).waitFor();
    // the abnormal receipt report: the line the driver reported two short
    await page.getByText(ui.detail.sections.abnormal).first().waitFor();
    const abnormal = detail.rows('shipment-abnormal');
    await abnormal.first().waitFor();
    expect(await abnormal.count()).toBe(1);
    const cells = await abnormal.first().locator('td').allInnerTexts();
    expect(cells.slice(0, 6)).toEqual([receipt.code, waybillCode, expect.any(String), '12', '10', '2']);
    expect(cells).toContain('少两箱');
    await abnormal.first().scrollIntoViewIfNeeded();
    await shot(page, 'shipment-detail-abnormal');

    await detail.tab(ui.detail.sections.transport);
    await detail.panel().getByText(ui.detail.sections.transport).first().waitFor();
    await expect.poll(() => detail.field(fields.totalQuantity).innerText()).toBe('12');
    await shot(page, 'shipment-detail-transport');

    await detail.tab(ui.detail.sections.log);
    await page.getByTestId('shipment-log').getByText('发运').first().waitFor();

    await detail.tab(ui.detail.sections.adjustment);
    const legs = detail.rows('shipment-legs');
    await legs.first().waitFor();
    expect(await legs.count()).toBe(2);
    expect(await legs.nth(0).locator('td').allInnerTexts()).toEqual(expect.arrayContaining(['1', '沪A12345', '张伟']));
    expect(await legs.nth(1).locator('td').allInnerTexts()).toEqual(expect.arrayContaining(['2', '浙A88888', '赵磊', '嘉兴服务区']));
    await detail.panel().getByText('在途改派').first().waitFor(); // the adjustment log has the reassignment
    await shot(page, 'shipment-detail-adjustment');
    await detail.close();
  });

  it('plays the trajectory back: start, pause, continue, stop; 20× goes twenty times as far per frame time; map driving', async () => {
    const page = admin.page;
    const player = await list().openTrajectory(shipment.shipmentCode);
    await expect.poll(async () => (await player.counts()).total).toBe(300);
    expect((await player.counts()).shown).toBeGreaterThan(2);
    await player.track().waitFor();
    const stops = (await detailOf(shipment.id)).stops.length;
    expect(stops).toBe(2);
    // the track in two colours, one per leg of the in-transit reassignment; the planned route dashed
    expect(await player.drawn()).toEqual({ speed: 1, driving: false, legs: 2, planned: stops });

    // 1×: how far the playback goes over 10 frames, against the frames' own timestamps
    await player.start();
    await expect.poll(() => player.state()).toBe('playing');
    await player.frames(3);
    const a = await player.playhead();
    await player.frames(10);
    const b = await player.playhead();
    // 20× from the start again: the whole track takes 3 s at 20×, so a few frames only, lest a slow
    // machine's long frames reach the end of the track (where the playhead stops) and cut the measure
    await player.stop();
    await expect.poll(() => player.state()).toBe('idle');
    await player.speed('20×');
    await expect.poll(async () => (await player.drawn()).speed).toBe(20);
    await player.start();
    await expect.poll(() => player.state()).toBe('playing');
    await player.frames(2);
    const c = await player.playhead();
    await player.frames(4);
    const d = await player.playhead();
    expect(b.frame).toBeGreaterThan(a.frame);
    expect(d.frame).toBeGreaterThan(c.frame);
    expect(b.time).toBeGreaterThan(a.time);
    expect(d.time - c.time).toBeGreaterThan(b.time - a.time);
    const rate = (x: typeof a, y: typeof a) => (y.time - x.time) / (y.frame - x.frame);
    expect(rate(c, d) / rate(a, b)).toBeCloseTo(20, 2);
    // back to 1× while playing, so the track does not end under the pause checks below
    await player.speed('1×');
    await expect.poll(async () => (await player.drawn()).speed).toBe(1);

    await player.now().waitFor();
    await player.pause();
    await expect.poll(() => player.state()).toBe('paused');
    const pausedAt = await player.now().textContent();
    const paused = await player.playhead();
    await player.frames(30);
    expect(await player.now().textContent()).toBe(pausedAt);
    expect(await player.playhead()).toEqual(paused);
    await shot(page, 'shipment-trajectory-paused');
    await player.resume();
    await expect.poll(() => player.state()).toBe('playing');
    await player.stop();
    await expect.poll(() => player.state()).toBe('idle');

    // map driving: the planned route through the stops, drawn solid; the track and the marker give way
    await player.toggleDriving();
    await expect.poll(() => player.drawn()).toEqual({ speed: 1, driving: true, legs: 0, planned: stops });
    expect(await page.getByTestId('trajectory-start').isDisabled()).toBe(true);
    await shot(page, 'shipment-map-driving');
    await player.toggleDriving();
    await expect.poll(async () => (await player.drawn()).legs).toBe(2);
    await player.close();
  });

  it('binds a waybill of another carrier after the carrier-mismatch confirmation, and unbinds it after its own', async () => {
    const page = admin.page;
    const token = await admin.server.adminToken();
    // another open dispatch order, of carrier CR001
    const own = await waybillIdOf(await reviewedWaybill(admin.server));
    const created = await admin.server.api<Envelope<{ id: number }>>('POST', '/api/shipment/shipment/create', { waybillIds: [own.id] }, token);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const target = await detailOf(created.json.data.id);
    const other = await reviewedWaybillOfCR002();

    const l = list();
    await l.open(target.shipmentCode);
    const detail = await l.openDetail(target.shipmentCode);
    await detail.bind(other.code);
    // spec §5: the carriers differ, so the dispatcher is asked first
    await detail.confirmDialog().getByText(zh.carrierMismatch).waitFor();
    await shot(page, 'shipment-bind-carrier-mismatch');
    await detail.confirm();
    await page.getByText(zh.bound).first().waitFor();
    await detail.rows('shipment-waybills').filter({ hasText: other.code }).waitFor();
    expect((await waybillIdOf(other.code)).shipmentId).toBe(target.id);
    expect((await detailOf(target.id)).waybills.map((w) => w.code).sort()).toEqual([other.code, target.waybills[0]!.code].sort());

    await detail.unbind(other.code);
    await detail.confirmDialog().getByText(ui.confirm.unbind.replace('{{count}}', '1')).waitFor();
    await shot(page, 'shipment-unbind-confirm');
    await detail.confirm();
    await page.getByText(zh.unbound).first().waitFor();
    await detail.rows('shipment-waybills').filter({ hasText: other.code }).waitFor({ state: 'detached' });
    expect((await waybillIdOf(other.code)).shipmentId).toBeNull();
    expect((await detailOf(target.id)).waybills.map((w) => w.code)).toEqual([target.waybills[0]!.code]);
    await detail.close();
  });
});
