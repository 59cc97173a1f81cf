/**
 * The header alert bell in near real time: when an alert of the dispatch center is handled
 * elsewhere, the open bell's badge and list follow within seconds (the realtime stream), long
 * before its one-minute polling would.
 */
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.ts';
import { logIn, useBrowserSession } from './support/admin-session.ts';
import { Shell } from './pages/shell.ts';
import { AlertBell } from './pages/alert-bell.ts';

const s = useBrowserSession({}, { failureShots: true });

type Alert = { id: number };
const openAlerts = async () => (await s.server.api<{ data: Alert[] }>('GET', '/api/shipment/shipmentAlert/getAlert?field1=N', undefined, await s.server.adminToken())).json.data;

describe('alert bell', () => {
  it('follows an alert handled by someone else without waiting for the poll', async () => {
    const { page, server } = s;
    await logIn(page, server.url);
    await new Shell(page).waitReady();
    const bell = new AlertBell(page);
    const alerts = await openAlerts();
    expect(alerts.length).toBeGreaterThan(1);
    await expect.poll(() => bell.count()).toBe(String(alerts.length));
    await bell.open();
    await expect.poll(() => bell.handles().count()).toBe(alerts.length);
    await shot(page, 'alert-bell-open');

    // handled by another dispatcher, through the API
    const started = Date.now();
    const deal = await server.api('POST', '/api/shipment/shipmentAlert/deal', { id: alerts[0]!.id, alertReason: 'OTHER', alertRemark: '另一位调度员已处理' }, await server.adminToken());
    expect(deal.status).toBe(200);
    await expect.poll(() => bell.handles().count(), { timeout: 15_000 }).toBe(alerts.length - 1);
    expect(Date.now() - started).toBeLessThan(30_000); // the poll would take up to 60 s
    await expect.poll(() => bell.count()).toBe(String(alerts.length - 1));
    await shot(page, 'alert-bell-realtime');
  });
});
