/**
 * Live fleet monitor in the browser (issue 19): the vehicles of the scope appear on the map, a plate search finds
 * one, a click opens its card (dispatch order in progress, driver, speed), a position the driver app reports moves
 * it live (the server's 'fleet' events, no polling) and the state filter works. Screenshots in zh-CN and en-US.
 */
import { describe, expect, it } from 'vitest';
import { useAdminSession } from './support/admin-session.ts';
import { shot } from './support/browser.ts';
import { CREW, dispatchOrderIn, driverToken, idOf, reportPositions } from './support/dispatch.ts';

const admin = useAdminSession({}, { failureShots: true });
const WAIT = { timeout: 15_000 };

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
    await page.getByTestId('monitor-plate').fill(CREW.zhangwei.plate);
    await page.getByTestId('monitor-plate').press('Enter');
    await expect.poll(() => root.getAttribute('data-vehicles'), WAIT).toBe('1');
    await expect.poll(() => root.getAttribute('data-dots'), WAIT).toBe('1');
    const box = (await page.getByTestId('fleet-monitor-map').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
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
});
