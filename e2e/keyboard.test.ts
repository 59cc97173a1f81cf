/**
 * The main flows with the keyboard alone (issue 18 §2): sign in (the slide captcha too), create an
 * order with two lines, review it, make a dispatch order of a reviewed waybill and schedule it, handle
 * an alert from the header bell, delete an order from a list. Only keys: Tab / Shift+Tab to reach a control (tabTo proves it lies in
 * the tab order), Enter, Space, arrows, Escape and typing; no click. After each dialog closes the focus
 * is back on what opened it, and at the main steps the focused control shows a ring.
 * Each test makes its own data through the API where that is not what it tests.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { sharedLocales } from '@tms/domain';
import { newPage } from './support/browser.ts';
import { snap } from './support/snap.ts';
import { signedInPage, useProductBrowser } from './support/admin-session.ts';
import { expectFocusOn, expectFocusRing, tabTo } from './support/keyboard.ts';
import { adminCall, futureWindow, idOf, openAlertsAtLeast, reviewedWaybill, shipmentOf, type Envelope } from './support/dispatch.ts';
import { pickerTime } from './pages/shipment-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { Shell } from './pages/shell.ts';

const s = useProductBrowser();
const zh = sharedLocales['zh-CN'].messages;
const en = sharedLocales['en-US'].messages;
const ROWS = '.ant-table-tbody tr.ant-table-row';

/** A signed-in page in a language of its own (the session cookie, and the language cookie the switch writes). */
async function open(lang: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<Page> {
  const { ctx, page } = await signedInPage(s.browser, s.server);
  await ctx.addCookies([{ name: 'lang', value: lang, url: s.server.url }]);
  return page;
}

/** The open dialog on top (a selection dialog opens over a form), pinned: it reads hidden once it closes. */
async function topDialog(page: Page): Promise<Locator> {
  const open = page.locator('.ant-modal-wrap:visible');
  await open.first().waitFor();
  return open.nth((await open.count()) - 1);
}

/**
 * Picks a record for a ref field: its select button (reached with Tab) opens the selection dialog over
 * the form, the radio of the record's row (Space), OK (Enter); the focus comes back to the button.
 */
async function pickRef(page: Page, button: Locator, rowText: string | RegExp) {
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(2);
  const dialog = await topDialog(page);
  const radio = dialog.locator(ROWS, { hasText: rowText }).first().locator('input[type=radio]');
  await tabTo(page, radio);
  await page.keyboard.press('Space');
  await expect.poll(() => radio.isChecked()).toBe(true);
  await tabTo(page, dialog.getByRole('button', { name: /确\s*定/ }));
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await expectFocusOn(button);
}

/** Chooses an option of the focused antd Select: opens it (ArrowDown), moves to the option, Enter. */
async function chooseOption(page: Page, label: string) {
  await page.keyboard.press('ArrowDown');
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.waitFor();
  for (let i = 0; i < 30; i++) {
    const active = (await dropdown.locator('.ant-select-item-option-active').textContent().catch(() => null))?.trim();
    if (active === label) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await dropdown.waitFor({ state: 'hidden' });
}

/** Replaces what the focused text field holds. */
async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** An open order of C001 with one line, saved through the API: its code and reference. */
async function savedOrder(): Promise<{ code: string; refNo: string }> {
  const refNo = `KBD-${Math.random().toString(36).slice(2, 10)}`;
  const body = {
    clientId: await idOf(s.server, 'client', 'C001'),
    sourceStationId: await idOf(s.server, 'station', 'S-SH-01'),
    destStationId: await idOf(s.server, 'station', 'S-SH-02'),
    refNo,
    isSplitAllowed: true,
    lines: [{ itemId: await idOf(s.server, 'item', 'I-XF-001'), quantity: 3, weight: 15.6, volume: 0.036, cases: 3, pallets: 0, other: 0 }],
  };
  const saved = await s.server.api<Envelope<{ id: number; code: string }>>('POST', '/api/order/order/save', body, await s.server.adminToken());
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return { code: saved.json.data.code, refNo };
}

/** Ticks a row of the open list: Tab to its checkbox, Space. */
async function tickRow(page: Page, row: Locator) {
  const tick = row.locator('input[type=checkbox]');
  await tabTo(page, tick, { max: 120 });
  await page.keyboard.press('Space');
  await expect.poll(() => tick.isChecked()).toBe(true);
}

/** A new order's row in the order list of a signed-in page (filtered to it), ticked with the keyboard. */
async function tickedOrder(): Promise<{ page: Page; row: Locator }> {
  const { code, refNo } = await savedOrder();
  const page = await open();
  await page.goto(`${s.server.url}/order/list?refNo=${refNo}`);
  const row = page.locator(ROWS, { hasText: code });
  await row.waitFor({ timeout: 60_000 });
  await tickRow(page, row);
  return { page, row };
}

describe('the main flows with the keyboard alone', () => {
  it('1. signs in: user name, password, the slide captcha with the arrow keys, Enter', async () => {
    const { page, ctx } = await newPage(s.browser);
    try {
      const login = new LoginPage(page, s.server.url);
      await login.open();
      await tabTo(page, page.getByTestId('login-username'));
      await expectFocusRing(page);
      await page.keyboard.type('admin');
      await tabTo(page, page.getByTestId('login-password'));
      await page.keyboard.type('admin123');
      // the captcha: the slider takes the focus, the arrow keys move the piece to the gap, Enter checks
      const slider = page.getByRole('slider');
      await tabTo(page, slider);
      await expectFocusRing(page);
      const x = await login.answer();
      for (let i = 0; i < Math.floor(x / 10); i++) await page.keyboard.press('PageUp');
      for (let i = 0; i < x % 10; i++) await page.keyboard.press('ArrowRight');
      await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe(String(x));
      await snap(page, 'keyboard-1-captcha');
      await page.keyboard.press('Enter');
      await page.getByText('验证通过').waitFor();
      await tabTo(page, page.getByTestId('login-submit'));
      await expectFocusRing(page);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/welcome/);
    } finally {
      await ctx.close();
    }
  });

  it('2. creates an order with two lines in the create dialog and finds it in the list', { timeout: 120_000 }, async () => {
    const page = await open();
    try {
      await page.goto(`${s.server.url}/order/list`);
      await page.locator(ROWS).first().waitFor({ timeout: 60_000 });
      const create = page.getByRole('button', { name: /新\s*增/ }).first();
      await tabTo(page, create, { max: 120 });
      await expectFocusRing(page);
      await page.keyboard.press('Enter');
      const form = await topDialog(page);
      await form.getByTestId('order-lines').waitFor();

      // the references: each field's select button opens its selection dialog; the focus comes back to it
      const ref = (field: string, row: string) => pickRef(page, form.locator('.ant-form-item').filter({ has: page.locator(`label[for="${field}"]`) }).getByRole('button', { name: /选\s*择/ }), row);
      await ref('clientId', '鲜丰食品有限公司');
      await expectFocusRing(page);
      await ref('sourceStationId', '上海嘉定配送站');
      await ref('destStationId', '上海浦东门店');
      const refNo = `KBD-${Date.now().toString(36)}`;
      await tabTo(page, form.locator('input#refNo'));
      await page.keyboard.type(refNo);
      // a date typed into its picker
      await tabTo(page, form.locator('input#orderDate'));
      await page.keyboard.type('2026-12-01');
      await page.keyboard.press('Enter');

      // two lines from the item selection (several ticked with Space), their quantities typed
      const addLine = form.getByTestId('order-add-line');
      await tabTo(page, addLine);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(2);
      const items = await topDialog(page);
      await items.locator(ROWS).first().waitFor();
      for (const code of ['I-XF-001', 'I-XF-002']) {
        const box = items.locator(ROWS, { hasText: code }).locator('input[type=checkbox]');
        await tabTo(page, box);
        await page.keyboard.press('Space');
        await expect.poll(() => box.isChecked()).toBe(true);
      }
      await expectFocusRing(page);
      await tabTo(page, items.getByRole('button', { name: /确\s*定/ }));
      await page.keyboard.press('Enter');
      await items.waitFor({ state: 'hidden' });
      await expectFocusOn(addLine);
      const lines = form.getByTestId('order-lines').locator(ROWS);
      await expect.poll(() => lines.count()).toBe(2);
      const quantity = (row: number) => lines.nth(row).locator('input[data-testid="line-quantity"], [data-testid="line-quantity"] input').first();
      await tabTo(page, quantity(0), { back: true });
      await retype(page, '10');
      await tabTo(page, quantity(1));
      await retype(page, '4');
      await expect.poll(() => form.getByTestId('order-line-totals').innerText()).toContain('件数 14');
      await snap(page, 'keyboard-2-order-form');

      await tabTo(page, form.locator('.ant-modal-footer').getByRole('button', { name: /确\s*定|保\s*存/ }));
      await page.keyboard.press('Enter');
      await page.getByText('保存成功').first().waitFor();
      await form.waitFor({ state: 'hidden' });
      await expectFocusOn(create);

      const list = await s.server.api<{ rows: { code: string; totalQuantity: number; orderDate: string | null }[] }>('GET', `/api/order/order/list?refNo=${refNo}`, undefined, await s.server.adminToken());
      const saved = list.json.rows[0]!;
      expect(saved).toMatchObject({ totalQuantity: 14 });
      expect(saved.orderDate).toMatch(/^2026-12-01/);
      await page.locator(ROWS, { hasText: saved.code }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('3. reviews an order: its row ticked with Space, the review button, the confirmation with Enter', async () => {
    const { page, row } = await tickedOrder();
    try {
      await expectFocusRing(page);
      await snap(page, 'keyboard-3-row-ticked');
      const review = page.getByTestId('order-review');
      await tabTo(page, review, { back: true, max: 120 });
      await expectFocusRing(page);
      await page.keyboard.press('Enter');
      // the confirmation takes the focus on its OK button
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.waitFor();
      await expectFocusOn(confirm.locator('.ant-btn-primary'));
      await page.keyboard.press('Enter');
      await page.getByText('操作成功').first().waitFor();
      await confirm.waitFor({ state: 'detached' });
      await row.getByText('生效').waitFor();
      await expectFocusOn(review);

      // its detail: the row's view action (a link without an address) with Enter; Escape closes it back onto the link
      const view = row.getByTestId('row-view');
      await tabTo(page, view, { max: 120 });
      await expectFocusRing(page);
      await page.keyboard.press('Enter');
      const detail = page.getByTestId('order-detail');
      await detail.getByText(/^WB\d+/).first().waitFor();
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
      await expectFocusOn(view);
    } finally {
      await page.context().close();
    }
  });

  it('4. makes a dispatch order of a reviewed waybill and schedules it: vehicle, driver, times', { timeout: 120_000 }, async () => {
    const waybill = await reviewedWaybill(s.server);
    const page = await open();
    try {
      // the ready-to-dispatch page: the waybill ticked, create, confirmed
      await page.goto(`${s.server.url}/shipment/ros?code=${waybill}`);
      const wbRow = page.locator(ROWS, { hasText: waybill });
      await wbRow.waitFor({ timeout: 60_000 });
      await tickRow(page, wbRow);
      const create = page.getByTestId('ros-create');
      await tabTo(page, create, { back: true, max: 120 });
      await page.keyboard.press('Enter');
      const confirm = page.locator('.ant-modal-confirm');
      await expectFocusOn(confirm.locator('.ant-btn-primary'));
      await page.keyboard.press('Enter');
      await page.getByText(/SP\d+/).first().waitFor();
      const shipment = await shipmentOf(s.server, waybill);
      expect(shipment.status).toBe('OPEN');

      // the dispatch order list: ticked, the scheduling dialog
      await page.goto(`${s.server.url}/shipment/list?shipmentCode=${shipment.shipmentCode}`);
      const row = page.locator(ROWS, { hasText: shipment.shipmentCode });
      await row.waitFor({ timeout: 60_000 });
      await tickRow(page, row);
      const schedule = page.getByTestId('shipment-schedule');
      await tabTo(page, schedule, { back: true, max: 120 });
      await expectFocusRing(page);
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('shipment-assign-modal');
      await page.getByTestId('assign-vehicleIdMain').waitFor();
      await expect.poll(() => page.getByTestId('assign-carrierId').locator('input').inputValue()).toBe('顺达物流');
      const pick = (field: string, text: string) => pickRef(page, page.getByTestId(`assign-${field}`).getByRole('button'), text);
      await pick('vehicleIdMain', '浙A88888');
      await pick('driverIdMaster', '赵磊');
      const w = futureWindow();
      for (const [field, at] of [['etd', w.etd], ['eta', w.eta]] as const) {
        await tabTo(page, page.getByTestId(`assign-${field}`).locator('input'));
        await page.keyboard.type(pickerTime(at));
        await page.keyboard.press('Enter');
      }
      await expectFocusRing(page);
      await snap(page, 'keyboard-4-schedule');
      await tabTo(page, page.locator('.ant-modal-footer').filter({ has: page.locator('.ant-btn-primary') }).last().locator('.ant-btn-primary'));
      await page.keyboard.press('Enter');
      await page.getByText(zh.shipment.scheduled).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      // the dialog was removed with the focus in it: the focus is back on the button that opened it
      await expectFocusOn(schedule);
      const after = await adminCall<{ status: string; etd: string }>(s.server, 'GET', `/api/shipment/shipment/get/${shipment.id}`);
      expect(after.data.status).toBe('CONFIRMED');
      expect(new Date(after.data.etd).getTime()).toBe(Math.floor(w.etd.getTime() / 60_000) * 60_000);
    } finally {
      await page.context().close();
    }
  });

  it('5. handles an alert from the header bell with a reason and a remark (en-US)', async () => {
    const token = await s.server.adminToken();
    // one open alert at least (files run before on the worker's server may have handled the seeded ones)
    const open_ = await openAlertsAtLeast(s.server, 1);
    // the newest, at the top of the list: the files run before on the server may have left many open
    const alert = open_[0]!;
    const page = await open('en-US');
    try {
      await page.goto(`${s.server.url}/welcome`);
      await new Shell(page).waitReady();
      const bell = page.getByTestId('alert-bell');
      await tabTo(page, bell, { max: 120 });
      await expectFocusRing(page);
      // the list takes the focus as it opens; Escape closes it back onto the bell
      await page.keyboard.press('Enter');
      await page.getByTestId('alert-list').waitFor();
      await expectFocusOn(page.getByTestId('alert-list'));
      await page.keyboard.press('Escape');
      await page.getByTestId('alert-list').waitFor({ state: 'hidden' });
      await expectFocusOn(bell);
      await page.keyboard.press('Enter');
      const handle = page.getByTestId(`alert-handle-${alert.id}`);
      await tabTo(page, handle);
      await expectFocusRing(page);
      await snap(page, 'keyboard-5-bell-en');
      await page.keyboard.press('Enter');
      const dialog = page.locator('.ant-modal-wrap').filter({ has: page.getByTestId('alert-handle-ok') });
      await dialog.waitFor();
      const reason = dialog.getByTestId('alert-reason');
      await tabTo(page, reason);
      await expectFocusRing(page);
      await chooseOption(page, 'Traffic jam');
      await tabTo(page, dialog.getByTestId('alert-remark'));
      await page.keyboard.type('Handled with the keyboard: the receiver was told');
      await snap(page, 'keyboard-5-handle-en');
      await tabTo(page, page.getByTestId('alert-handle-ok'));
      await page.keyboard.press('Enter');
      await page.getByText(en.alert.handled).first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await expectFocusOn(bell);
      const still = (await s.server.api<{ data: { id: number }[] }>('GET', '/api/shipment/shipmentAlert/getAlert?field1=N', undefined, token)).json.data;
      expect(still.map((a) => a.id)).not.toContain(alert.id);
    } finally {
      await page.context().close();
    }
  });

  it('6. deletes an order: ticked, the delete button, confirmed; the focus stays in the toolbar', async () => {
    const { page, row } = await tickedOrder();
    try {
      const toolbar = page.locator('.ant-pro-table-list-toolbar');
      await tabTo(page, toolbar.getByRole('button', { name: /删\s*除/ }), { back: true, max: 120 });
      await page.keyboard.press('Enter');
      const confirm = page.locator('.ant-modal-confirm');
      await expectFocusOn(confirm.locator('.ant-btn-primary'));
      await page.keyboard.press('Enter');
      await page.getByText('删除成功').first().waitFor();
      await row.waitFor({ state: 'detached' });
      // the delete button is disabled again (no row ticked): the focus moved to the next control of the toolbar
      await expectFocusOn(toolbar);
      await expectFocusRing(page);
    } finally {
      await page.context().close();
    }
  });
});
