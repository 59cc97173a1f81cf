/**
 * Issue 4 in the browser: the station detail drawer (profile, site restrictions, delivery time windows,
 * extra receiving windows, bound location); a time window that overlaps another is refused with the
 * reason under the field, a free one is added to the station. The client form (issue 15): a client added with
 * its document language chosen from the product's languages, in Chinese and in English.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot } from './support/browser.ts';
import { useAdminSession } from './support/admin-session.ts';

const admin = useAdminSession();

describe('station detail', () => {
  it('shows the tabs of a seeded station and adds a delivery time window, refusing an overlapping one', async () => {
    const { page, server } = admin;
    await page.goto(server.url + '/baseinfo/station');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '上海浦东门店' });
    await row.getByTestId('station-detail-link').click();
    const drawer = page.locator('.ant-drawer-content:visible');
    await drawer.getByText('站点详情 - 上海浦东门店').waitFor();
    for (const tab of ['基本信息', '站点限制', '送货时间窗', '额外收货窗口', '绑定地点']) await drawer.getByRole('tab', { name: new RegExp(tab) }).waitFor();
    await drawer.getByText('0.8 km').waitFor();

    await drawer.getByRole('tab', { name: /绑定地点/ }).click();
    await drawer.locator('.ant-tabs-tabpane-active').getByText('L-SH-PD').waitFor();

    await drawer.getByRole('tab', { name: /送货时间窗/ }).click();
    const pane = drawer.locator('.ant-tabs-tabpane-active');
    await pane.getByText('11:30').first().waitFor();
    expect(await pane.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(10);

    await pane.getByRole('button', { name: /新\s*增/ }).click();
    const m = page.locator('.ant-modal-content:visible').last();
    await m.locator('input#weekday').fill('1');
    await m.locator('input#startTime').fill('11:00');
    await m.locator('input#endTime').fill('12:00');
    await m.locator('.ant-modal-footer button.ant-btn-primary').click();
    await m.getByText(/重叠/).waitFor();
    await shot(page, 'baseinfo-time-window-overlap');

    await m.locator('input#startTime').fill('18:00');
    await m.locator('input#endTime').fill('19:00');
    await m.locator('.ant-modal-footer button.ant-btn-primary').click();
    await page.getByText('保存成功').first().waitFor();
    await pane.getByText('19:00').waitFor();

    const token = await server.adminToken();
    const list = await server.api<{ rows: { id: number }[] }>('GET', '/api/baseinfo/station/list?code=S-SH-02', undefined, token);
    const detail = await server.api<{ data: { timeWindows: { weekday: number; startTime: string }[] } }>('GET', `/api/baseinfo/station/detail/${list.json.rows[0]!.id}`, undefined, token);
    expect(detail.json.data.timeWindows.filter((w) => w.weekday === 1).map((w) => w.startTime)).toEqual(['08:00', '14:00', '18:00']);
    await shot(page, 'baseinfo-station-detail');
  });
});

describe('client form', () => {
  /** Adds a client on the client screen: code, name and the document language picked by its label; the dialog's shot taken before saving. */
  async function addClient(page: Page, url: string, t: { add: RegExp; ok: RegExp; saved: string; field: string; options: string[]; pick: string }, code: string, name: string) {
    await page.goto(url + '/baseinfo/client');
    await page.locator('.tms-page .ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.locator('.tms-page').getByRole('button', { name: t.add }).first().click();
    const form = page.locator('.tms-resource-form .ant-modal-content:visible').last();
    await form.locator('input#code').fill(code);
    await form.locator('input#name').fill(name);
    await form.locator('.ant-form-item', { hasText: t.field }).locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.allInnerTexts()).toEqual(t.options);
    await options.filter({ hasText: t.pick }).click();
    await form.locator('.ant-form-item', { hasText: t.field }).locator('.ant-select-selection-item', { hasText: t.pick }).waitFor();
    await shot(page, `baseinfo-client-form-${code.slice(0, 2).toLowerCase()}`);
    await form.getByRole('button', { name: t.ok }).click();
    await form.waitFor({ state: 'hidden' });
    await page.locator('.ant-message-notice', { hasText: t.saved }).first().waitFor();
  }

  it("adds a client with its document language picked in the form, in Chinese and in English; the list shows the language's label", async () => {
    const { page, server } = admin;
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    await addClient(page, server.url, { add: /新\s*增/, ok: /确\s*定/, saved: '保存成功', field: '语言', options: ['简体中文', '英语（美国）', '英语（英国）', '繁体中文'], pick: '英语（美国）' }, `ZH${tag}`, `语言货主 ${tag}`);
    await page.context().addCookies([{ name: 'lang', value: 'en-US', url: server.url }]);
    await addClient(page, server.url, { add: /Add/, ok: /OK/, saved: 'Saved', field: 'Document language', options: ['Simplified Chinese', 'English (US)', 'English (UK)', 'Traditional Chinese'], pick: 'Traditional Chinese' }, `EN${tag}`, `Language client ${tag}`);

    const token = await server.adminToken();
    const r = await server.api<{ rows: { code: string; docLang: string | null }[] }>('GET', `/api/baseinfo/client/list?code=${tag}&pageSize=10`, undefined, token);
    expect(Object.fromEntries(r.json.rows.map((x) => [x.code, x.docLang]))).toEqual({ [`ZH${tag}`]: 'en-US', [`EN${tag}`]: 'zh-TW' });
    // the list (in English now) shows the label of each
    await page.goto(`${server.url}/baseinfo/client?code=${tag}`);
    await page.locator('.tms-page .ant-table-tbody tr.ant-table-row', { hasText: `ZH${tag}` }).getByText('English (US)').waitFor();
    await page.locator('.tms-page .ant-table-tbody tr.ant-table-row', { hasText: `EN${tag}` }).getByText('Traditional Chinese').waitFor();
  });
});
