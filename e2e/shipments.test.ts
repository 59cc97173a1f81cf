/**
 * Shipments (dispatch orders) in the browser: a reviewed waybill (order → review → waybill review,
 * through the API) becomes a dispatch order from the ready-to-dispatch page; on the dispatch order list
 * the selection rules and a refused ship show the spec's messages; the order is scheduled in the
 * scheduling modal (vehicle and driver from their selection modals, ETD / ETA), takes effect, ships and
 * finishes through the UI; the detail shows its sections; the driver app's positions (driver API) play
 * back on the map with start, pause, continue and stop.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedLocales } from '@tms/domain';
import { shot } from './support/browser.ts';
import { useAdminSession } from './support/admin-session.ts';

const admin = useAdminSession();

const zh = sharedLocales['zh-CN'].messages.shipment;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function idOf(path: string, code: string): Promise<number> {
  const r = await admin.server.api<{ rows: { id: number }[] }>('GET', `/api/baseinfo/${path}/list?code=${code}`, undefined, await admin.server.adminToken());
  return r.json.rows[0]!.id;
}

/** A reviewed waybill of carrier CR001 (S-SH-01 → S-SH-02): an order saved, given a carrier route and reviewed, its waybill reviewed. */
async function reviewedWaybill(): Promise<string> {
  const token = await admin.server.adminToken();
  const body = {
    clientId: await idOf('client', 'C001'),
    sourceStationId: await idOf('station', 'S-SH-01'),
    destStationId: await idOf('station', 'S-SH-02'),
    isSplitAllowed: true,
    lines: [{ itemId: await idOf('item', 'I-XF-001'), quantity: 12, weight: 62.4, volume: 0.144, cases: 12, pallets: 0, other: 0 }],
  };
  const saved = await admin.server.api<Envelope<{ id: number; code: string }>>('POST', '/api/order/order/save', body, token);
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const routes = await admin.server.api<{ rows: { id: number }[] }>('GET', `/api/baseinfo/carrierRoute/list?carrierId=${await idOf('carrier', 'CR001')}`, undefined, token);
  expect((await admin.server.api('POST', '/api/order/order/assignCarrierRoute', { ids: [saved.json.data.id], carrierRouteId: routes.json.rows[0]!.id }, token)).status).toBe(200);
  expect((await admin.server.api('POST', '/api/order/order/review', { ids: [saved.json.data.id] }, token)).status).toBe(200);
  const w = await admin.server.api<{ rows: { id: number; code: string }[] }>('GET', `/api/waybill/waybill/list?orderCode=${saved.json.data.code}`, undefined, token);
  const wb = w.json.rows[0]!;
  expect((await admin.server.api('POST', '/api/waybill/waybill/review', { ids: [wb.id] }, token)).status).toBe(200);
  return wb.code;
}

async function shipmentOf(waybillCode: string): Promise<{ id: number; shipmentCode: string; status: string }> {
  const token = await admin.server.adminToken();
  const w = await admin.server.api<{ rows: { shipmentId: number }[] }>('GET', `/api/waybill/waybill/list?code=${waybillCode}`, undefined, token);
  const s = await admin.server.api<Envelope<{ id: number; shipmentCode: string; status: string }>>('GET', `/api/shipment/shipment/get/${w.json.rows[0]!.shipmentId}`, undefined, token);
  return s.json.data;
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function closeNotices(page: Page) {
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
  await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached' }).catch(() => undefined);
}

/** Ticks the one row of the list (the list is filtered to one dispatch order). */
async function tick(page: Page) {
  await rows(page).first().locator('.ant-checkbox-input').check();
}

/** Picks a record in a ref field's selection modal by a text of its row. */
async function pick(page: Page, field: string, text: string) {
  await page.getByTestId(`assign-${field}`).getByRole('button').click();
  const modal = page.locator('.ant-modal').filter({ has: page.locator('.ant-table') }).last();
  await modal.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first().dblclick();
  await modal.waitFor({ state: 'hidden' });
}

async function typeTime(page: Page, field: string, value: string) {
  const input = page.getByTestId(`assign-${field}`).locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** The driver app reports positions along the way while the dispatch order is in transit (driver API). */
async function reportPositions(shipmentId: number) {
    const login = await admin.server.api<Envelope<{ token: string }>>('POST', '/api/driver/login', { loginName: 'zhangwei', password: 'driver123' });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const now = Date.now();
    const points = Array.from({ length: 300 }, (_, i) => ({
      shipmentId,
      lng: 121.1669 + (i / 300) * (121.5447 - 121.1669),
      lat: 31.2958 + (i / 300) * (31.2304 - 31.2958) + 0.003 * Math.sin(i / 20),
      speed: 50 + (i % 20),
      time: new Date(now - (300 - i) * 10_000).toISOString(),
    }));
    const sent = await admin.server.api('POST', '/api/driver/positions', { points }, login.json.data.token);
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
}

describe('shipments', () => {
  let waybillCode = '';
  let shipment: { id: number; shipmentCode: string; status: string };

  it('a reviewed waybill becomes a dispatch order on the ready-to-dispatch page', async () => {
    const page = admin.page;
    waybillCode = await reviewedWaybill();
    await page.goto(`${admin.server.url}/shipment/ros?code=${waybillCode}`);
    await rows(page)
      .filter({ hasText: waybillCode })
      .waitFor({ timeout: 60_000 })
      .catch(async (e: unknown) => {
        // say what the page showed instead, and what the server lists for the same filter
        const listed = await admin.server.api('GET', `/api/shipment/ros/list?code=${waybillCode}`, undefined, await admin.server.adminToken());
        const shown = (await page.locator('body').innerText().catch(() => '')).slice(0, 1500);
        throw new Error(`${String(e)}\nURL ${page.url()}\nserver: ${listed.status} ${JSON.stringify(listed.json).slice(0, 600)}\npage: ${shown}`);
      });
    await tick(page);
    await page.getByTestId('ros-create').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.getByText(/SP\d+/).first().waitFor();
    shipment = await shipmentOf(waybillCode);
    expect(shipment.status).toBe('OPEN');
  });

  it('the list applies the selection rules, and the server refuses to ship an open dispatch order', async () => {
    const page = admin.page;
    await page.goto(`${admin.server.url}/shipment/list?shipmentCode=${shipment.shipmentCode}`);
    await rows(page).filter({ hasText: shipment.shipmentCode }).waitFor({ timeout: 60_000 });
    // nothing ticked
    await page.getByTestId('shipment-effect').click();
    await page.getByText(zh.selectFirst).first().waitFor();
    // take effect needs a confirmed one
    await tick(page);
    await page.getByTestId('shipment-effect').click();
    await page.getByText(zh.selectConfirmed).first().waitFor();
    // ship: the server answers with the spec's message
    await page.getByTestId('shipment-ship').click();
    await page.getByTestId('shipment-time-modal').locator('.ant-btn-primary').click();
    await page.locator('.ant-notification-notice').getByText(zh.shipNotEffective).waitFor();
    await shot(page, 'shipment-refused-ship');
    await closeNotices(page);
    await page.getByTestId('shipment-time-modal').locator('.ant-modal-close').click();
  });

  it('scheduling: vehicle and driver from their selection modals, ETD and ETA', async () => {
    const page = admin.page;
    await page.getByTestId('shipment-schedule').click();
    const modal = page.getByTestId('shipment-assign-modal');
    await page.getByTestId('assign-vehicleIdMain').waitFor();
    // the carrier comes from the waybill (CR001)
    await expect.poll(() => page.getByTestId('assign-carrierId').locator('input').inputValue()).toBe('顺达物流');
    await pick(page, 'vehicleIdMain', '沪A12345');
    await pick(page, 'driverIdMaster', '张伟');
    await typeTime(page, 'etd', '2031-03-01 08:00');
    await typeTime(page, 'eta', '2031-03-01 18:00');
    await shot(page, 'shipment-schedule-modal');
    await modal.locator('.ant-btn-primary').click();
    await page.getByText(zh.scheduled).first().waitFor();
    await rows(page).filter({ hasText: '沪A12345' }).waitFor();
    expect((await shipmentOf(waybillCode)).status).toBe('CONFIRMED');
  });

  it('takes effect, ships and finishes through the UI', async () => {
    const page = admin.page;
    await tick(page);
    await page.getByTestId('shipment-effect').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.getByText(zh.effectOk).first().waitFor();
    expect((await shipmentOf(waybillCode)).status).toBe('EFFECTIVE');

    await tick(page);
    await page.getByTestId('shipment-ship').click();
    await page.getByTestId('shipment-time-modal').locator('.ant-btn-primary').click();
    await page.getByText(zh.shipped).first().waitFor();
    expect((await shipmentOf(waybillCode)).status).toBe('SHIPPED');
    await reportPositions(shipment.id);

    // finish is refused before shipping elsewhere, allowed now
    await tick(page);
    await page.getByTestId('shipment-finish').click();
    await page.getByTestId('shipment-time-modal').locator('.ant-btn-primary').click();
    await page.getByText(zh.finished).first().waitFor();
    expect((await shipmentOf(waybillCode)).status).toBe('COMPLETED');
    await shot(page, 'shipment-list-completed');
  });

  it('the detail shows its sections, waybills, stops and business log', async () => {
    const page = admin.page;
    await rows(page).first().getByTestId('row-view').click();
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
    await rows(page).first().getByTestId('shipment-trajectory-link').click();
    const player = page.getByTestId('trajectory-playback');
    await player.waitFor();
    await expect.poll(async () => Number(await player.getAttribute('data-total'))).toBe(300);
    expect(Number(await player.getAttribute('data-points'))).toBeGreaterThan(2);
    await page.getByTestId('trajectory-map').locator('path.leaflet-interactive, canvas').first().waitFor();

    await page.getByTestId('trajectory-speed').getByText('20×').click();
    await page.getByTestId('trajectory-start').click();
    await expect.poll(() => player.getAttribute('data-state')).toBe('playing');
    await page.getByTestId('trajectory-now').waitFor();
    await page.getByTestId('trajectory-pause').click();
    await expect.poll(() => player.getAttribute('data-state')).toBe('paused');
    const pausedAt = await page.getByTestId('trajectory-now').textContent();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('trajectory-now').textContent()).toBe(pausedAt);
    await shot(page, 'shipment-trajectory-paused');
    await page.getByTestId('trajectory-resume').click();
    await expect.poll(() => player.getAttribute('data-state')).toBe('playing');
    await page.getByTestId('trajectory-stop').click();
    await expect.poll(() => player.getAttribute('data-state')).toBe('idle');
    // map driving: the planned route between the stops
    await page.getByTestId('trajectory-driving').click();
    await shot(page, 'shipment-map-driving');
  });
});
