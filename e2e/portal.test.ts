/**
 * The client portal in the browser (issue 17): a client user made by the administrator signs in on the usual login
 * page, lands in the portal, places an order for its client and finds it in its orders, makes a public tracking
 * link of it; a visitor (another browser context, English, nobody signed in) opens the link and follows the order.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, shot } from './support/browser.ts';
import { useProductBrowser } from './support/admin-session.ts';
import { LoginPage } from './pages/login-page.ts';
import { adminCall, CREW, dispatchOrderIn, futureWindow, idOf, reportPositions, reportReceiptShort, reviewedWaybillOf } from './support/dispatch.ts';
import { readFileSync } from 'node:fs';
import { sentStatement, tripContract } from './support/finance.ts';
import ExcelJS from 'exceljs';
import { portalOrderImportResource } from '@tms/domain';

// a server of its own: an effective contract for client C001 and this period's statement of it, as rating, reports and settlement make
const app = useProductBrowser({}, { ownServer: true });
const userName = `client_${Date.now().toString(36)}`;
const password = 'client123';

interface Env<T> {
  data: T;
}
interface Option {
  id: number;
  code: string;
  assigned?: boolean;
}

beforeAll(async () => {
  const { server } = app;
  const admin = await server.adminToken();
  const made = await server.api<Env<{ id: number }>>('POST', '/api/system/user/save', { userName, nickName: '苏禾采购', password, userKind: 'CLIENT' }, admin);
  expect(made.status).toBe(200);
  const userId = made.json.data.id;
  const centers = (await server.api<Env<Option[]>>('GET', `/api/system/user/dispatchCenters?userId=${userId}`, undefined, admin)).json.data;
  expect((await server.api('POST', '/api/system/user/dispatchCenters', { userId, ids: [centers.find((c) => c.code === 'SH01')!.id] }, admin)).status).toBe(200);
  const clients = (await server.api<Env<Option[]>>('GET', `/api/system/user/portalClients?userId=${userId}`, undefined, admin)).json.data;
  expect((await server.api('POST', '/api/system/user/portalClients', { userId, clientIds: [clients.find((c) => c.code === 'C001')!.id] }, admin)).status).toBe(200);
});

/** A sheet of two orders (the first with two lines) of client C001, on the template the portal gives its user. */
async function importSheet(prefix: string): Promise<{ buffer: Buffer; orders: string[] }> {
  const { server } = app;
  const token = await server.signIn(userName, password);
  const get = (path: string) => fetch(server.url + path, { headers: { authorization: `Bearer ${token}`, lang: 'zh-CN' } });
  const me = (await (await get('/api/portal/me')).json()) as Env<{ clients: Option[] }>;
  const choices = (await (await get(`/api/portal/choices?clientId=${me.data.clients[0]!.id}`)).json()) as Env<{ stations: Option[]; items: Option[] }>;
  const [from, to] = choices.data.stations;
  const item = choices.data.items[0]!;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await (await get('/api/portal/orders/importTemplate')).arrayBuffer());
  const ws = wb.worksheets[0]!;
  const fields = portalOrderImportResource.fields.map((f) => f.name);
  const orders = [`${prefix}-1`, `${prefix}-2`];
  for (const [no, qty] of [[orders[0], 5], [orders[0], 3], [orders[1], 2]] as const) {
    const row: Record<string, unknown> = { customerOrderNo: no, clientCode: me.data.clients[0]!.code, sourceStationCode: from!.code, destStationCode: to!.code, itemCode: item.code, quantity: qty };
    ws.addRow(fields.map((f) => row[f] ?? null));
  }
  return { buffer: Buffer.from(await wb.xlsx.writeBuffer()), orders };
}

const pick = async (page: import('playwright-core').Page, testId: string, nth = 0) => {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(nth).click();
};

/** The client user signs in on the usual login page and lands in its portal. */
async function signIn(page: Page): Promise<void> {
  const login = new LoginPage(page, app.server.url);
  await login.open();
  await login.login(userName, password);
  await page.waitForURL(/\/portal\/orders$/);
}

describe('client portal', () => {
  it('a client user places an order, sees it, and a visitor follows it through its tracking link', async () => {
    const { ctx, page } = await newPage(app.browser);
    try {
      await signIn(page);
      await expect.poll(() => page.getByTestId('portal-user').innerText()).toContain('苏禾采购');

      // a new order: stations and an item of the client, a quantity
      await page.getByTestId('portal-menu').getByText('下单').click();
      await pick(page, 'portal-source', 0);
      await pick(page, 'portal-dest', 1);
      const customerNo = `PO-${Date.now().toString(36)}`;
      await page.getByTestId('portal-customer-no').fill(customerNo);
      await pick(page, 'portal-item-0', 0);
      await page.getByTestId('portal-qty-0').fill('24');
      await page.getByTestId('portal-submit').click();
      await page.waitForURL(/\/portal\/orders\/\d+$/);
      const code = await page.getByTestId('portal-order-code').innerText();
      await expect.poll(() => page.getByTestId('portal-order-progress').innerText()).toBe('已接单');
      await expect.poll(() => page.getByTestId('portal-timeline').innerText()).toContain('创建订单');

      // a public tracking link of it, with its QR code
      await page.getByTestId('portal-new-link').click();
      const link = page.getByTestId('portal-link-url').first();
      await link.waitFor();
      const url = await link.innerText();
      expect(url).toMatch(/\/track\/[\w-]+\.\d+\.[\w-]+$/);
      await shot(page, 'portal-order-zh-CN');

      // the order is in its list
      await page.getByTestId('portal-menu').getByText('我的订单').click();
      await expect.poll(() => page.getByTestId('portal-orders').innerText()).toContain(code);
      await expect.poll(() => page.getByTestId('portal-orders').innerText()).toContain(customerNo);
      await shot(page, 'portal-orders-zh-CN');

      // two orders from an Excel sheet made on the portal's own template: a preview, then the import
      const sheet = await importSheet(`IMP-${Date.now().toString(36)}`);
      await page.getByRole('button', { name: '导入' }).click();
      await page.locator('.ant-modal input[type=file]').setInputFiles({ name: 'orders.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: sheet.buffer });
      await expect.poll(() => page.getByTestId('order-import-preview').innerText()).toContain(sheet.orders[1]);
      expect(await page.getByTestId('order-import-preview').innerText()).toContain('共 3 行');
      await shot(page, 'portal-import-zh-CN');
      await page.getByTestId('order-import-commit').click();
      await expect.poll(() => page.getByTestId('portal-orders').innerText()).toContain(sheet.orders[0]);
      expect(await page.getByTestId('portal-orders').innerText()).toContain(sheet.orders[1]);

      // a visitor, in English, nobody signed in
      const visitor = await newPage(app.browser, 'en-US');
      try {
        await visitor.ctx.addCookies([{ name: 'lang', value: 'en-US', url: app.server.url }]);
        await visitor.page.goto(url);
        await expect.poll(() => visitor.page.getByTestId('track-code').innerText()).toBe(code);
        expect(await visitor.page.getByTestId('track-progress').innerText()).toBe('Received');
        expect(await visitor.page.getByTestId('track-timeline').innerText()).toContain('Order created');
        expect(await visitor.page.getByTestId('track-page').innerText()).not.toContain('苏禾采购');
        await shot(visitor.page, 'track-en-US');
        // a link changed by one character shows the friendly page and nothing of the order
        await visitor.page.goto(url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
        await expect.poll(() => visitor.page.getByTestId('track-error').innerText()).toContain('not valid');
        expect(await visitor.page.getByTestId('track-page').innerText()).not.toContain(code);
      } finally {
        await visitor.ctx.close();
      }
    } catch (e) {
      await shot(page, 'FAILED-portal').catch(() => undefined);
      throw e;
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it('a client user follows its waybill on the map while in transit, then downloads the proof of delivery as PDF', async () => {
    const { server } = app;
    // a dispatch order of C001's waybill, shipped a minute ago; its driver reports positions on the way
    const order = await dispatchOrderIn(server, 'SHIPPED', { crew: CREW.zhaolei, window: futureWindow(), shippedAt: new Date(Date.now() - 60_000) });
    await reportPositions(server, CREW.zhaolei.login, order.id, 10, 2_000);
    const { ctx, page } = await newPage(app.browser);
    try {
      await signIn(page);
      await page.getByTestId('portal-menu').getByText('在途地图').click();
      const item = page.getByText(new RegExp(`^${order.waybillCode} · `));
      await item.waitFor();
      await expect.poll(() => page.getByTestId('portal-map').locator('.leaflet-marker-icon').count()).toBeGreaterThan(0);
      await shot(page, 'portal-map-zh-CN');
      // its order, then the receipt the driver reports on arrival, viewed and downloaded
      await item.click();
      await page.waitForURL(/\/portal\/orders\/\d+$/);
      const epod = await reportReceiptShort(server, CREW.zhaolei.login, order.id);
      await page.reload();
      const epods = page.getByTestId('portal-epods');
      await expect.poll(() => epods.innerText()).toContain(epod.code);
      await epods.getByText('查看').first().click();
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('portal-epod-pdf').click()]);
      expect(file.suggestedFilename()).toBe(`${epod.code}.pdf`);
      expect(readFileSync((await file.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } catch (e) {
      await shot(page, 'FAILED-portal-map').catch(() => undefined);
      throw e;
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it('a client user reads the statement it was sent and disputes a line with the amount it says is right', async () => {
    const { server } = app;
    // the back office: C001 priced 100.00 a trip, a reviewed waybill rated, this month's statement generated and sent
    const clientId = await idOf(server, 'client', 'C001');
    await tripContract(server, { clientId }, { FREIGHT: 100 });
    const waybill = await reviewedWaybillOf(server);
    const st = await sentStatement(server, 'RECEIVABLE', clientId);

    const { ctx, page } = await newPage(app.browser);
    try {
      await signIn(page);
      await page.getByTestId('portal-menu').getByText('对账单').click();
      await expect.poll(() => page.getByTestId('portal-statements').innerText()).toContain(st.code);
      await page.getByTestId('portal-statements').getByText(st.code).click();
      await expect.poll(() => page.getByTestId('portal-statement-total').innerText()).toBe('100.00 CNY');
      const lines = page.getByTestId('portal-statement-lines');
      expect(await lines.innerText()).toContain(waybill.code);
      await lines.getByTestId('portal-line-dispute').first().click();
      await page.getByTestId('portal-dispute-form').getByLabel('原因').fill('合同价应为 80 元');
      await page.getByTestId('portal-dispute-form').getByLabel('您认为正确的金额').fill('80.00');
      // the client's photo of its own reconciliation goes with the dispute
      const photo = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
      await page.getByTestId('portal-dispute-form').locator('input[type=file]').setInputFiles({ name: '客户对账单.png', mimeType: 'image/png', buffer: photo });
      await expect.poll(() => page.getByTestId('portal-dispute-form').getByTestId('dispute-file').textContent(), { timeout: 10_000 }).toContain('客户对账单.png');
      await shot(page, 'portal-statement-dispute-zh-CN');
      await page.getByTestId('portal-dispute-ok').click();
      await expect.poll(() => lines.innerText()).toContain('80.00 · 合同价应为 80 元');
      await expect.poll(() => lines.getByTestId('dispute-file').textContent()).toContain('客户对账单.png');
      await expect.poll(() => page.getByTestId('portal-statement').innerText()).toContain('有争议');
      // no confirmation while a dispute is open
      expect(await page.getByTestId('portal-statement-confirm').count()).toBe(0);
      await shot(page, 'portal-statement-zh-CN');
      // the back office sees the client's dispute on the line
      const line = (await adminCall<{ lines: { disputeStatus: string; proposedAmount: string }[]; status: string }>(server, 'GET', `/api/finance/statement/detail/${st.id}`)).data;
      expect(line.status).toBe('DISPUTED');
      expect(line.lines[0]).toMatchObject({ disputeStatus: 'OPEN', proposedAmount: '80.00', disputeFile: { name: '客户对账单.png', contentType: 'image/png' } });
      // printed from the statement template: the sheet opens in a window of its own with the statement and its dispute
      const [sheet] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('portal-statement-print').click()]);
      await expect.poll(() => sheet.locator('body').innerText(), { timeout: 10_000 }).toContain(st.code);
      for (const text of ['对账单', waybill.code, '100.00 CNY', '合同价应为 80 元']) expect(await sheet.locator('body').innerText()).toContain(text);
      await shot(sheet, 'portal-statement-print-zh-CN');
      await sheet.close();
    } catch (e) {
      await shot(page, 'FAILED-portal-statement').catch(() => undefined);
      throw e;
    } finally {
      await ctx.close();
    }
    // in English
    const en = await newPage(app.browser, 'en-US');
    try {
      await en.ctx.addCookies([{ name: 'lang', value: 'en-US', url: server.url }]);
      await signIn(en.page);
      await en.page.goto(`${server.url}/portal/statements/${st.id}`);
      await expect.poll(() => en.page.getByTestId('portal-statement').innerText()).toContain('Disputed');
      await shot(en.page, 'portal-statement-en-US');
      const [sheet] = await Promise.all([en.page.context().waitForEvent('page'), en.page.getByTestId('portal-statement-print').click()]);
      await expect.poll(() => sheet.locator('body').innerText(), { timeout: 10_000 }).toContain('Statement no.');
      expect(await sheet.locator('body').innerText()).toContain(st.code);
      await shot(sheet, 'portal-statement-print-en-US');
      // saved as PDF: the download is the statement's PDF
      const [file] = await Promise.all([en.page.waitForEvent('download'), en.page.getByTestId('portal-statement-pdf').click()]);
      expect(file.suggestedFilename()).toBe(`${st.code}.pdf`);
    } finally {
      await en.ctx.close();
    }
  }, 90_000);
});
