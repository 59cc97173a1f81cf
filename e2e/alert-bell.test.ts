/**
 * The header alert bell in near real time: when an alert of the dispatch center is handled
 * elsewhere, the open bell's badge and list follow through the realtime stream alone. The bell's
 * polling (a minute in production) is set to six hours in this browser (localStorage
 * 'tms.alertPollMs', read by AlertBell), so nothing but the stream can move it while the test runs.
 */
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.ts';
import { logIn, useBrowserSession } from './support/admin-session.ts';
import { Shell } from './pages/shell.ts';
import { AlertBell } from './pages/alert-bell.ts';
import { openAlertsAtLeast } from './support/dispatch.ts';

const s = useBrowserSession({}, { failureShots: true });

const SIX_HOURS_MS = 6 * 3600_000;


describe('alert bell', () => {
  it('follows an alert handled by someone else through the realtime stream, with polling out of reach', async () => {
    const { page, server } = s;
    // two open alerts at least (files run before on the worker's server may have handled the seeded ones)
    const alerts = await openAlertsAtLeast(server, 2);
    await page.addInitScript((ms) => localStorage.setItem('tms.alertPollMs', String(ms)), SIX_HOURS_MS);
    await logIn(page, server.url);
    await new Shell(page).waitReady();
    const bell = new AlertBell(page);
    await expect.poll(() => bell.count()).toBe(String(alerts.length));
    await bell.open();
    await expect.poll(() => bell.handles().count()).toBe(alerts.length);
    // the stream is open and the server has subscribed it (its 'ready' event arrived)
    await bell.waitLive();
    await shot(page, 'alert-bell-open');

    // handled by another dispatcher, through the API: only the stream can tell this page
    const deal = await server.api('POST', '/api/shipment/shipmentAlert/deal', { id: alerts[0]!.id, alertReason: 'OTHER', alertRemark: '另一位调度员已处理' }, await server.adminToken());
    expect(deal.status).toBe(200);
    // no time bound but the test's own: the list drops the handled alert, the badge counts one less
    await page.getByTestId(`alert-handle-${alerts[0]!.id}`).waitFor({ state: 'detached', timeout: 0 });
    expect(await bell.handles().count()).toBe(alerts.length - 1);
    await expect.poll(() => bell.count()).toBe(String(alerts.length - 1));
    await shot(page, 'alert-bell-realtime');
  });
});
