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
 *
 * Each test starts from a dispatch order of its own, brought through the API (support/dispatch.ts) to
 * the state the test begins in, and drives through the UI only the step it is about.
 */
import { describe, expect, it } from 'vitest';
import { sharedLocales } from '@tms/domain';
import shipmentLocales from '../apps/web/src/features/shipment/locales.ts';
import { shot } from './support/browser.ts';
import { useAdminSession } from './support/admin-session.ts';
import {
  CREW,
  dispatchOrderIn,
  finish,
  reassignInTransit,
  reportPositions,
  reportReceiptShort,
  reviewedWaybill,
  reviewedWaybillOf,
  shipmentOf as shipmentOfWaybill,
  type DispatchOrder,
  type Envelope,
} from './support/dispatch.ts';
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

const waybillIdOf = async (code: string) =>
  (await admin.server.api<{ rows: { id: number; shipmentId: number | null }[] }>('GET', `/api/waybill/waybill/list?code=${code}`, undefined, await admin.server.adminToken())).json.rows[0]!;

/**
 * A dispatch order's whole trip through the API, as the UI tests of the steps leave it: scheduled with
 * 沪A12345 / 张伟, in effect, shipped an hour ago; the driver reports 300 positions (one every 10 s over
 * the last 50 minutes) and the receipt two short; 浙A88888 / 赵磊 take over at 嘉兴服务区 25 minutes
 * ago; finished now.
 */
async function finishedTrip(): Promise<DispatchOrder & { receipt: { code: string } }> {
  const server = admin.server;
  const order = await dispatchOrderIn(server, 'SHIPPED', { crew: CREW.zhangwei, shippedAt: new Date(Date.now() - 60 * MIN) });
  await reportPositions(server, CREW.zhangwei.login, order.id, 300, 10_000, true);
  const receipt = await reportReceiptShort(server, CREW.zhangwei.login, order.id);
  await reassignInTransit(server, order.id, CREW.zhaolei, new Date(Date.now() - 25 * MIN), '嘉兴服务区');
  await finish(server, order.id, new Date());
  return { ...order, receipt };
}

describe('shipments', () => {
  const list = () => new ShipmentListPage(admin.page, admin.server.url);

  it('a reviewed waybill becomes a dispatch order on the ready-to-dispatch page', async () => {
    const waybillCode = await reviewedWaybill(admin.server);
    await list().createFromRos(waybillCode, async () => {
      const r = await admin.server.api('GET', `/api/shipment/ros/list?code=${waybillCode}`, undefined, await admin.server.adminToken());
      return { status: r.status, json: r.json };
    });
    expect((await shipmentOf(waybillCode)).status).toBe('OPEN');
  });

  it('the list applies the selection rules, and the server refuses to ship an open dispatch order', async () => {
    const page = admin.page;
    const order = await dispatchOrderIn(admin.server, 'OPEN');
    const l = list();
    await l.open(order.shipmentCode);
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
    const order = await dispatchOrderIn(admin.server, 'OPEN');
    const l = list();
    await l.open(order.shipmentCode);
    await l.tick();
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
    expect((await shipmentOf(order.waybillCode)).status).toBe('CONFIRMED');
  });

  it('takes effect and ships (an hour ago) through the UI; the driver reports positions and a receipt two short', async () => {
    const page = admin.page;
    const server = admin.server;
    const order = await dispatchOrderIn(server, 'CONFIRMED', { crew: CREW.zhangwei });
    const l = list();
    await l.open(order.shipmentCode);
    await l.tick();
    await l.effect();
    await page.getByText(zh.effectOk).first().waitFor();
    expect((await shipmentOf(order.waybillCode)).status).toBe('EFFECTIVE');

    await l.tick();
    await l.timeAction('shipment-ship', pickerTime(new Date(Date.now() - 60 * MIN)));
    await page.getByText(zh.shipped).first().waitFor();
    expect((await shipmentOf(order.waybillCode)).status).toBe('SHIPPED');
    // the driver app of the trip: positions along the way, the receipt two short
    await reportPositions(server, CREW.zhangwei.login, order.id, 300, 10_000, true);
    const receipt = await reportReceiptShort(server, CREW.zhangwei.login, order.id);
    expect((await detailOf(order.id)).abnormalReceipts.map((r) => [r.code, r.shortage])).toEqual([[receipt.code, 2]]);
  });

  it('in-transit reassignment through the UI: another vehicle and driver take over, both legs kept', async () => {
    const page = admin.page;
    // shipped an hour ago with 沪A12345 / 张伟
    const order = await dispatchOrderIn(admin.server, 'SHIPPED', { crew: CREW.zhangwei, shippedAt: new Date(Date.now() - 60 * MIN) });
    const l = list();
    await l.open(order.shipmentCode);
    await l.tick();
    await l.openTransit();
    await l.pick('vehicleIdMain', '浙A88888');
    await l.pick('driverIdMaster', '赵磊');
    // half way through the trip so far
    await l.typeTime('handoverTime', pickerTime(new Date(Date.now() - 25 * MIN)));
    await l.handoverPlace('嘉兴服务区');
    await shot(page, 'shipment-transit-modal');
    await l.submitSchedule();
    await page.getByText(zh.reassigned).first().waitFor();
    await l.row('浙A88888').waitFor();
    const d = await detailOf(order.id);
    expect(d.legs.map((g) => [g.seq, g.plateNumber, g.driverName, g.handoverPlace])).toEqual([
      [1, '沪A12345', '张伟', null],
      [2, '浙A88888', '赵磊', '嘉兴服务区'],
    ]);
  });

  it('finishes through the UI', async () => {
    const page = admin.page;
    const order = await dispatchOrderIn(admin.server, 'SHIPPED', { shippedAt: new Date(Date.now() - 60 * MIN) });
    const l = list();
    await l.open(order.shipmentCode);
    await l.tick();
    await l.timeAction('shipment-finish');
    await page.getByText(zh.finished).first().waitFor();
    expect((await shipmentOf(order.waybillCode)).status).toBe('COMPLETED');
    await shot(page, 'shipment-list-completed');
  });

  it('the detail shows its sections, the abnormal receipt line, transport information, business log and adjustments', async () => {
    const page = admin.page;
    const trip = await finishedTrip();
    const l = list();
    await l.open(trip.shipmentCode);
    const detail = await l.openDetail(trip.shipmentCode);
    await page.getByText('基本调度信息').first().waitFor();
    await page.getByText('司机信息').first().waitFor();
    await page.getByText('路由信息').first().waitFor();
    await detail.rows('shipment-waybills').filter({ hasText: trip.waybillCode }).waitFor();
    // the abnormal receipt report: the line the driver reported two short
    await page.getByText(ui.detail.sections.abnormal).first().waitFor();
    const abnormal = detail.rows('shipment-abnormal');
    await abnormal.first().waitFor();
    expect(await abnormal.count()).toBe(1);
    const cells = await abnormal.first().locator('td').allInnerTexts();
    expect(cells.slice(0, 6)).toEqual([trip.receipt.code, trip.waybillCode, expect.any(String), '12', '10', '2']);
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
    const trip = await finishedTrip();
    const l = list();
    await l.open(trip.shipmentCode);
    const player = await l.openTrajectory(trip.shipmentCode);
    await expect.poll(async () => (await player.counts()).total).toBe(300);
    expect((await player.counts()).shown).toBeGreaterThan(2);
    await player.track().waitFor();
    const stops = (await detailOf(trip.id)).stops.length;
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
    // an open dispatch order of carrier CR001, and a reviewed waybill of CR002 (远航运输)
    const target = await detailOf((await dispatchOrderIn(admin.server, 'OPEN')).id);
    const other = await reviewedWaybillOf(admin.server, 'CR002', 3);

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
