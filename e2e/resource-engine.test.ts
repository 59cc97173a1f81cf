/**
 * The resource engine on the system screens, in Chromium against the real server: the dictionary
 * type list opens the dictionary-data modal of a row and adds an entry there (the API then has it);
 * system config copies a value with its success feedback; the generic detail view shows a dispatch
 * center's fields; switching the language keeps what the user typed, the address and the open tabs,
 * without a reload.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from './support/snap.ts';
import { useAdminSession } from './support/admin-session.ts';
import { Shell } from './pages/shell.ts';

const s = useAdminSession({}, { failureShots: true });

/** Waits for a real condition (the page and the machine may be slow: 15 s, as the page's own time-out). */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

const rows = (page: Page) => page.locator('.tms-page .ant-table-tbody tr.ant-table-row');
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).first();

async function api<T>(method: string, path: string, body?: unknown): Promise<{ data: T; rows: T extends unknown[] ? T : never; total: number }> {
  const r = await s.server.api<{ data: T; rows: never; total: number }>(method, path, body, await s.server.adminToken());
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
}

describe('resource engine on the system screens', () => {
  it('opens the dictionary-data modal from a dictionary type row and adds an entry there', async () => {
    const { page, server } = s;
    await api('POST', '/api/system/dict/type/save', { dictName: '车辆颜色', dictType: 'e2e_vehicle_color', remark: 'e2e' });
    await page.goto(`${server.url}/system/dict?dictType=e2e_vehicle_color`);
    await poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    await row.getByText('e2e_vehicle_color').waitFor();
    await row.getByRole('button', { name: '字典数据', exact: true }).click();

    const dataModal = page.locator('.ant-modal-content', { hasText: '字典数据 — 车辆颜色 (e2e_vehicle_color)' });
    await dataModal.waitFor();
    // a new type has no entries yet
    await dataModal.locator('.ant-table-placeholder .ant-empty').waitFor();
    await dataModal.getByRole('button', { name: /新\s*增/ }).click();

    // the add form: a modal over the data modal, rendered inside it (so the innermost dialog with its title)
    const form = page.locator('.ant-modal-content', { has: page.locator('.ant-modal-title', { hasText: '新增字典数据' }) }).last();
    await form.waitFor();
    // the foreign key is filled in and hidden
    expect(await form.locator('input#dictType').inputValue()).toBe('e2e_vehicle_color');
    expect(await form.locator('input#dictType').isVisible()).toBe(false);
    await form.locator('input#dictLabel').fill('宝石蓝');
    await form.locator('input#dictValue').fill('blue');
    await form.locator('input#dictSort').fill('3');
    await snap(page, 'dict-data-form');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.waitFor({ state: 'hidden' });
    await toast(page, '保存成功').waitFor();
    // the modal's list shows the entry
    await dataModal.locator('.ant-table-row', { hasText: '宝石蓝' }).waitFor();
    expect(await dataModal.locator('.ant-table-row').count()).toBe(1);
    await snap(page, 'dict-data-modal');

    const saved = await api<{ dictType: string; dictLabel: string; dictValue: string; dictSort: number }[]>('GET', '/api/system/dict/data/list?dictType=e2e_vehicle_color');
    expect(saved.total).toBe(1);
    expect(saved.rows[0]).toMatchObject({ dictType: 'e2e_vehicle_color', dictLabel: '宝石蓝', dictValue: 'blue', dictSort: 3 });

    await dataModal.locator('.ant-modal-close').click();
    await dataModal.waitFor({ state: 'hidden' });
  });

  it("copies a system config value and says so", async () => {
    const { page, ctx, server } = s;
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const cfg = (await api<{ configKey: string; configValue: string }[]>('GET', '/api/system/config/list?configKey=sys.account.captchaEnabled')).rows[0]!;
    await page.goto(`${server.url}/system/config?configKey=sys.account.captchaEnabled`);
    await poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    await row.getByText(cfg.configValue, { exact: true }).waitFor();
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await row.getByRole('button', { name: '复制' }).click();
    await toast(page, '复制成功').waitFor();
    await snap(page, 'config-copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cfg.configValue);
  });

  it('shows a dispatch center record in the generic detail view', async () => {
    const { page, server } = s;
    await api('POST', '/api/system/dispatchCenter/save', { code: 'HZ01', shortCode: 'HZ', name: '杭州调度中心', contactPhone: '0571-88880000', remark: '钱塘江以南的线路' });
    await page.goto(`${server.url}/system/dispatchCenter?code=HZ01`);
    await poll(() => rows(page).count()).toBe(1);
    await rows(page).first().getByTestId('row-view').click();
    const drawer = page.locator('.ant-drawer-content', { hasText: '调度中心详情' });
    await drawer.waitFor();
    await drawer.locator('.ant-descriptions').waitFor();
    const fields = await drawer.locator('.ant-descriptions-item-label').allInnerTexts();
    const values = await drawer.locator('.ant-descriptions-item-content').allInnerTexts();
    const shown = Object.fromEntries(fields.map((f, i) => [f.trim(), values[i]?.trim()]));
    await snap(page, 'dispatch-center-detail');
    expect(shown).toMatchObject({ 编码: 'HZ01', 简码: 'HZ', 名称: '杭州调度中心', 联系电话: '0571-88880000', 备注: '钱塘江以南的线路', 状态: '正常', 创建人: 'admin' });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('switches the language without losing the typed search value, the address or the open tabs, and without a reload', async () => {
    const { page, server } = s;
    const shell = new Shell(page);
    await page.goto(`${server.url}/welcome`);
    await shell.waitReady();
    await shell.openMenu('系统管理', '参数设置');
    await page.waitForURL(/\/system\/config/);
    await rows(page).first().waitFor();
    await shell.openMenu('系统管理', '字典管理');
    await page.waitForURL(/\/system\/dict/);
    await rows(page).first().waitFor();
    const name = page.locator('.tms-page .ant-pro-table-search input#dictName');
    await name.fill('车辆');
    const tabs = await shell.tabKeys();
    expect(tabs).toEqual(expect.arrayContaining(['/welcome', '/system/config', '/system/dict']));
    const url = page.url();
    await page.evaluate(() => ((window as unknown as { __marker: string }).__marker = 'still-here'));

    await shell.switchLanguage(/English/);
    await page.locator('.ant-pro-sider-menu').getByText('System', { exact: false }).first().waitFor();
    // the screen itself switched: its search form and toolbar are in English
    await page.locator('.tms-page .ant-pro-table-search').getByText('Dictionary name').waitFor();
    await snap(page, 'language-switched');
    expect(await name.inputValue()).toBe('车辆');
    expect(page.url()).toBe(url);
    expect(await shell.tabKeys()).toEqual(tabs);
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe('still-here');
    expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('en-US');

    // and back
    await shell.switchLanguage(/中文|简体/);
    await page.locator('.ant-pro-sider-menu').getByText('系统管理').waitFor();
    expect(await name.inputValue()).toBe('车辆');
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe('still-here');
  });
});
