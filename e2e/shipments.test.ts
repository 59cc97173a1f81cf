/**
 * Shipments (dispatch orders) in the browser: a reviewed waybill (order → review → waybill review,
 * through the API) becomes a dispatch order from the ready-to-dispatch page; on the dispatch order list
 * the selection rules and a refused ship show the spec's messages; the order is scheduled in the
 * scheduling modal (vehicle and driver from their selection modals, ETD / ETA), takes effect, ships and
 * finishes through the UI; the detail shows its sections; the driver app's positions (driver API) play
 * back on the map with start, pause, continue and stop.
 */
import { describe, expect, it } from 'vitest';
import { sharedLocales } from '@tms/domain';
import { shot } from './support/browser.ts';
import { useAdminSession } from './support/admin-session.ts';
import { driverToken, reviewedWaybill, shipmentOf as shipmentOfWaybill } from './support/dispatch.ts';
import { ShipmentListPage } from './pages/shipment-page.ts';

const admin = useAdminSession();

const zh = sharedLocales['zh-CN'].messages.shipment;

const shipmentOf = (waybillCode: string) => shipmentOfWaybill(admin.server, waybillCode);

/** The driver app reports positions along the way while the dispatch order is in transit (driver API). */
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

describe('shipments', () => {
  let waybillCode = '';
  let shipment: { id: number; shipmentCode: string; status: string };
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

  it('takes effect, ships and finishes through the UI', async () => {
    const page = admin.page;
    const l = list();
    await l.tick();
    await l.effect();
    await page.getByText(zh.effectOk).first().waitFor();
    expect((await shipmentOf(waybillCode)).status).toBe('EFFECTIVE');

    await l.tick();
    await l.timeAction('shipment-ship');
    await page.getByText(zh.shipped).first().waitFor();
    expect((await shipmentOf(waybillCode)).status).toBe('SHIPPED');
    await reportPositions(shipment.id);

    // finish is refused before shipping elsewhere, allowed now
    await l.tick();
    await l.timeAction('shipment-finish');
    await page.getByText(zh.finished).first().waitFor();
    expect((await shipmentOf(waybillCode)).status).toBe('COMPLETED');
    await shot(page, 'shipment-list-completed');
  });

  it('the detail shows its sections, waybills, stops and business log', async () => {
    const page = admin.page;
    await list().rows().first().getByTestId('row-view').click();
    const detail = page.getByTestId('shipment-detail');
    await detail.waitFor();
    await page.getByText('基本调度信息').first().waitFor();
    await page.getByText('司机信息').first().waitFor();
    await page.getByText('路由信息').first().waitFor();
    await page.getByTestId('shipment-waybills').getByText(waybillCode).waitFor();
    await shot(page, 'shipment-detail');
    await page.getByRole('tab', { name: '业务日志' }).click();
    await page.getByTestId('shipment-log').getByText('发运').first().waitFor();
    await page.locator('.ant-drawer-close').click();
  });

  it('plays the trajectory back: start, pause, continue, stop', async () => {
    const page = admin.page;
    const player = await list().openTrajectory(shipment.shipmentCode);
    await expect.poll(async () => (await player.counts()).total).toBe(300);
    expect((await player.counts()).shown).toBeGreaterThan(2);
    await player.track().waitFor();

    await player.speed('20×');
    await player.start();
    await expect.poll(() => player.state()).toBe('playing');
    await player.now().waitFor();
    await player.pause();
    await expect.poll(() => player.state()).toBe('paused');
    const pausedAt = await player.now().textContent();
    await player.frames(30);
    expect(await player.now().textContent()).toBe(pausedAt);
    await shot(page, 'shipment-trajectory-paused');
    await player.resume();
    await expect.poll(() => player.state()).toBe('playing');
    await player.stop();
    await expect.poll(() => player.state()).toBe('idle');
    // map driving: the planned route between the stops
    await page.getByTestId('trajectory-driving').click();
    await shot(page, 'shipment-map-driving');
  });
});
