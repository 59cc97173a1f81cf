/**
 * Live fleet monitor in the browser (issue 19): the vehicles of the scope appear on the map, a plate search finds
 * one, a click opens its card (dispatch order in progress, driver, speed), a position the driver app reports moves
 * it live (the server's 'fleet' events, no polling) and the state filter works. Screenshots in zh-CN and en-US.
 * A JT/T 808 terminal's alarm turns the vehicle to alarm live, and it leaves the alarm colour, without a reload, once
 * the alarm has ended and its alert is handled; its reports are in the dispatch order's trajectory and the vehicle's history.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useAdminSession } from './support/admin-session.ts';
import { shot } from './support/browser.ts';
import { CREW, dispatchOrderIn, driverToken, idOf, reportPositions } from './support/dispatch.ts';
import { Jt808Terminal } from '../apps/server/src/modules/fleet/client.ts';

const admin = useAdminSession({ TMS_JT808_PORT: '0' }, { failureShots: true });
const WAIT = { timeout: 15_000 };

/** Searches a plate (one vehicle, centred on the map) and clicks the vehicle: its card opens. */
async function openVehicle(page: Page, plate: string): Promise<void> {
  const root = page.getByTestId('fleet-monitor');
  await page.getByTestId('monitor-plate').fill(plate);
  await page.getByTestId('monitor-plate').press('Enter');
  await expect.poll(() => root.getAttribute('data-vehicles'), WAIT).toBe('1');
  await expect.poll(() => root.getAttribute('data-dots'), WAIT).toBe('1');
  await expect.poll(() => root.getAttribute('data-loaded'), WAIT).toBe('yes');
  const box = (await page.getByTestId('fleet-monitor-map').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('fleet monitor', () => {
  it('shows the vehicles, opens a card, moves a vehicle live and filters', async () => {
    const { page, server } = admin;
    const order = await dispatchOrderIn(server, 'SHIPPED', { crew: CREW.zhangwei });
    await reportPositions(server, CREW.zhangwei.login, order.id, 3, 60_000);

    await page.goto(server.url + '/shipment/monitor');
    const root = page.getByTestId('fleet-monitor');
    await expect.poll(() => root.getAttribute('data-loaded'), WAIT).toBe('yes');
    expect(Number(await root.getAttribute('data-vehicles'))).toBeGreaterThanOrEqual(1);
    await page.getByTestId('monitor-live').filter({ hasText: '实时' }).waitFor();

    // the plate: one vehicle, centred on the map
    await openVehicle(page, CREW.zhangwei.plate);
    const card = page.getByTestId('monitor-card');
    await card.waitFor();
    await expect.poll(() => card.textContent(), WAIT).toContain(CREW.zhangwei.plate);
    // the dispatch order in progress the server names (the seed's shipped one of this vehicle may be newer)
    const vehicleId = await idOf(server, 'transportMeans', CREW.zhangwei.vehicle);
    const shown = await server.api<{ data: { shipment: { code: string } } }>('GET', `/api/fleet/monitor/${vehicleId}`, undefined, await server.adminToken());
    await card.getByTestId('monitor-card-shipment').filter({ hasText: shown.json.data.shipment.code }).waitFor();
    expect(await card.textContent()).toContain(CREW.zhangwei.name);

    // the driver app reports: the vehicle moves on the open page, its card shows the new speed
    const before = await root.getAttribute('data-selected');
    const token = await driverToken(server, CREW.zhangwei.login);
    const sent = await server.api('POST', '/api/driver/positions', { points: [{ shipmentId: order.id, lng: 121.6, lat: 31.25, speed: 77, time: new Date().toISOString() }] }, token);
    expect(sent.status).toBe(200);
    await expect.poll(() => root.getAttribute('data-selected'), WAIT).toBe('121.6,31.25');
    expect(before).not.toBe('121.6,31.25');
    await expect.poll(() => card.getByTestId('monitor-card-speed').textContent(), WAIT).toBe('77 km/h');
    await page.getByTestId('monitor-follow').click();
    await shot(page, 'fleet-monitor-zh-CN');

    // the state filter: the moving vehicle is not offline
    await page.getByTestId('monitor-state').locator('[data-state="OFFLINE"]').click();
    await expect.poll(() => root.getAttribute('data-vehicles'), WAIT).toBe('0');
    await page.getByTestId('monitor-state').locator('[data-state="MOVING"]').click();
    await expect.poll(() => root.getAttribute('data-vehicles'), WAIT).toBe('1');

    // in English, every vehicle, clustered when zoomed out
    await page.context().addCookies([{ name: 'lang', value: 'en-US', url: server.url }]);
    await page.goto(server.url + '/shipment/monitor');
    await page.getByTestId('monitor-live').filter({ hasText: 'Live' }).waitFor();
    await expect.poll(() => root.getAttribute('data-loaded'), WAIT).toBe('yes');
    await shot(page, 'fleet-monitor-en-US');
  });

  it("colours a vehicle in alarm while its terminal's alarm lasts and clears it live once the alert is handled", async () => {
    const { page, server } = admin;
    const token = await server.adminToken();
    // the crew's vehicle carries a JT/T 808 terminal, and is on a dispatch order in progress
    const vehicleId = await idOf(server, 'transportMeans', CREW.zhaolei.vehicle);
    const got = await server.api<{ data: Record<string, unknown> }>('GET', `/api/baseinfo/transportMeans/get/${vehicleId}`, undefined, token);
    const terminalNumber = '13900000808';
    const saved = await server.api('POST', '/api/baseinfo/transportMeans/update', { ...got.json.data, terminalNumber, terminalProtocol: '2019' }, token);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    await dispatchOrderIn(server, 'SHIPPED', { crew: CREW.zhaolei });
    const terminal = new Jt808Terminal({ host: '127.0.0.1', port: server.jt808Port!, phone: terminalNumber, version: 2019, timeoutMs: 15_000 });
    await terminal.connect();
    await terminal.signIn();
    try {
      expect(await terminal.report({ lng: 120.16, lat: 30.27, at: new Date(), speed: 40, direction: 90 })).toBe(0);

      // the page asks for the list once; everything after comes over its event stream
      let lists = 0;
      page.on('request', (r) => void (new URL(r.url()).pathname === '/api/fleet/monitor' && lists++));
      await page.goto(server.url + '/shipment/monitor');
      const root = page.getByTestId('fleet-monitor');
      await page.getByTestId('monitor-live').filter({ hasText: '实时' }).waitFor();
      await openVehicle(page, CREW.zhaolei.plate);
      const state = page.getByTestId('monitor-card-state');
      await expect.poll(() => state.getAttribute('data-state'), WAIT).toBe('M');
      const asked = lists;

      // an emergency: alarm at once, the card names it
      expect(await terminal.report({ lng: 120.161, lat: 30.27, at: new Date(Date.now() + 1000), speed: 0, direction: 90, alarm: 1 })).toBe(0);
      await expect.poll(() => state.getAttribute('data-state'), WAIT).toBe('A');
      await expect.poll(() => page.getByTestId('monitor-card').textContent(), WAIT).toContain('紧急报警');
      await shot(page, 'fleet-monitor-alarm-zh-CN');
      // the terminal stops flagging it: still alarm while its alert is open
      expect(await terminal.report({ lng: 120.162, lat: 30.27, at: new Date(Date.now() + 2000), speed: 30, direction: 90 })).toBe(0);
      await expect.poll(() => root.getAttribute('data-selected'), WAIT).toBe('120.162,30.27');
      expect(await state.getAttribute('data-state')).toBe('A');

      // handled in the back office (as the bell does): the vehicle is moving again on the open page
      const bell = await server.api<{ data: { id: number; alertType: string; vehicleIdMainNumberPlates: string }[] }>('GET', '/api/shipment/shipmentAlert/getAlert', undefined, token);
      const alert = bell.json.data.find((a) => a.alertType === 'TERMINAL_EMERGENCY' && a.vehicleIdMainNumberPlates === CREW.zhaolei.plate)!;
      const dealt = await server.api('POST', '/api/shipment/shipmentAlert/deal', { id: alert.id, alertReason: 'OTHER', alertRemark: 'driver called back' }, token);
      expect(dealt.status, JSON.stringify(dealt.json)).toBe(200);
      await expect.poll(() => state.getAttribute('data-state'), WAIT).toBe('M');
      await expect.poll(() => page.getByTestId('monitor-card').textContent(), WAIT).not.toContain('紧急报警');
      expect(lists).toBe(asked);

      // the terminal's reports are in the dispatch order's trajectory (the one in progress the card names) and in
      // the vehicle's own history, which the page plays back
      const card = await server.api<{ data: { shipment: { id: number } } }>('GET', `/api/fleet/monitor/${vehicleId}`, undefined, token);
      const traj = await server.api<{ data: { points: number[][] } }>('GET', `/api/shipment/shipment/trajectory/${card.json.data.shipment.id}`, undefined, token);
      for (const lng of [120.16, 120.161, 120.162]) expect(traj.json.data.points.some(([x, y]) => x === lng && y === 30.27), `trajectory point ${lng}`).toBe(true);
      await page.goto(`${server.url}/shipment/vehicleHistory?vehicle=${vehicleId}&from=${Date.now() - 3_600_000}&to=${Date.now() + 60_000}`);
      const playback = page.getByTestId('trajectory-playback');
      await expect.poll(async () => Number(await playback.getAttribute('data-total')), WAIT).toBeGreaterThanOrEqual(3);
      expect(await page.getByTestId('trajectory-start').isDisabled()).toBe(false);
      // a year: any range opens, sampled in time buckets, and the page says so
      await page.goto(`${server.url}/shipment/vehicleHistory?vehicle=${vehicleId}&from=${Date.now() - 365 * 86_400_000}&to=${Date.now() + 60_000}`);
      await expect.poll(() => page.getByTestId('trajectory-sampled').textContent(), WAIT).toMatch(/每 \d+ 秒取一个点/);
      await expect.poll(async () => Number(await playback.getAttribute('data-points')), WAIT).toBeGreaterThanOrEqual(1);
      await shot(page, 'vehicle-history-year-zh-CN');
    } finally {
      await terminal.close();
    }
  });
});
