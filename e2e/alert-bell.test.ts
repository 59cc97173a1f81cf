/**
 * The header alert bell in near real time: when an alert of the dispatch center is handled
 * elsewhere, the open bell's badge and list follow within seconds (the realtime stream), long
 * before its one-minute polling would.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startProduct, type ProductServer } from './support/server.ts';
import { launch, newPage, shot } from './support/browser.ts';
import { LoginPage } from './pages/login-page.ts';
import { Shell } from './pages/shell.ts';
import { AlertBell } from './pages/alert-bell.ts';

let server: ProductServer;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startProduct();
  browser = await launch();
  ({ ctx, page } = await newPage(browser));
});

afterEach(async (t) => {
  if (t.task.result?.state === 'fail' && page) await shot(page, `FAILED-${t.task.name.slice(0, 40).replace(/[^\w]+/g, '-')}`);
});

afterAll(async () => {
  await ctx?.close();
  await browser?.close();
  await server?.stop();
});

type Alert = { id: number };
const openAlerts = async () => (await server.api<{ data: Alert[] }>('GET', '/api/shipment/shipmentAlert/getAlert?field1=N', undefined, await server.adminToken())).json.data;

describe('alert bell', () => {
  it('follows an alert handled by someone else without waiting for the poll', async () => {
    const login = new LoginPage(page, server.url);
    await login.open();
    await login.login('admin', 'admin123');
    await page.waitForURL(/\/welcome/);
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
