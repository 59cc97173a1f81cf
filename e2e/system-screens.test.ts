/**
 * Issue 3 in the browser, three smaller screens: the address form's province → city → area cascader
 * (districts loaded level by level, the picked names saved, an edited address opening on its own path),
 * /system/profile (the user's own profile: details, avatar, date style) and a menu with hiddenHeader
 * (the screen shows without the header bar, other screens keep it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useAdminSession } from './support/admin-session.ts';
import { snap } from './support/snap.ts';
import { Shell } from './pages/shell.ts';

const s = useAdminSession({}, { timeout: 30_000, failureShots: true });
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let token: string;
beforeAll(async () => {
  token = await s.server.adminToken();
});

const modal = (page: Page) => page.locator('.ant-modal-content:visible').last();
const dropdown = (page: Page) => page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)').last();

/** Clicks the names one column after the other (each column loads when its parent is clicked). */
async function pick(page: Page, cascader: Locator, names: string[]) {
  await cascader.click();
  for (const [i, name] of names.entries()) {
    const item = dropdown(page).locator('.ant-cascader-menu').nth(i).locator('.ant-cascader-menu-item', { hasText: name });
    await item.waitFor();
    await item.click();
  }
}

/** The names highlighted in the open cascader, column by column. */
const activePath = (page: Page) => dropdown(page).locator('.ant-cascader-menu-item-active').allInnerTexts();

async function addressRow(code: string): Promise<Json> {
  const r = await s.server.api<{ rows: Json[] }>('GET', `/api/baseinfo/address/list?code=${code}`, undefined, token);
  expect(r.json.rows).toHaveLength(1);
  return r.json.rows[0]!;
}

describe('address form: province → city → area', () => {
  it('picks a district path, saves its names, and opens an edited address on its own path', async () => {
    const { page, server } = s;
    await page.goto(server.url + '/baseinfo/address');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const m = modal(page);
    const cascader = m.getByTestId('address-district');
    await cascader.waitFor();
    await m.locator('input#code').fill('AD-DIST-1');
    await m.locator('input#address1').fill('天河路 385 号');

    await pick(page, cascader, ['广东省', '广州市', '天河区']);
    // a leaf closes the cascader; city and area are filled beside it
    await dropdown(page).waitFor({ state: 'hidden' });
    await expect.poll(() => m.locator('input#city').inputValue()).toBe('广州市');
    expect(await m.locator('input#area').inputValue()).toBe('天河区');
    expect(await cascader.innerText()).toContain('广东省 / 广州市 / 天河区');
    await snap(page, 'baseinfo-address-district');
    await m.locator('.ant-modal-footer button.ant-btn-primary').click();
    await page.getByText('保存成功').first().waitFor();
    expect(await addressRow('AD-DIST-1')).toMatchObject({ province: '广东省', city: '广州市', area: '天河区' });

    // edit: the cascader shows the saved path and opens on it, each level loaded
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'AD-DIST-1' });
    await row.getByText('修改', { exact: true }).click();
    const e = modal(page);
    const again = e.getByTestId('address-district');
    await expect.poll(() => again.innerText()).toContain('广东省 / 广州市 / 天河区');
    await again.click();
    await expect.poll(() => activePath(page)).toEqual(['广东省', '广州市', '天河区']);
    await snap(page, 'baseinfo-address-district-edit');
    // another province: a new province clears the city and area until they are picked again
    const col0 = dropdown(page).locator('.ant-cascader-menu').nth(0);
    await col0.locator('.ant-cascader-menu-item', { hasText: '浙江省' }).click();
    await expect.poll(() => e.locator('input#city').inputValue()).toBe('');
    const col1 = dropdown(page).locator('.ant-cascader-menu').nth(1);
    await col1.locator('.ant-cascader-menu-item', { hasText: '杭州市' }).click();
    await dropdown(page).locator('.ant-cascader-menu').nth(2).locator('.ant-cascader-menu-item', { hasText: '余杭区' }).click();
    await dropdown(page).waitFor({ state: 'hidden' });
    expect(await e.locator('input#city').inputValue()).toBe('杭州市');
    expect(await e.locator('input#area').inputValue()).toBe('余杭区');
    await e.locator('.ant-modal-footer button.ant-btn-primary').click();
    await page.getByText('保存成功').first().waitFor();
    await expect.poll(async () => (await addressRow('AD-DIST-1')).city).toBe('杭州市');
    expect(await addressRow('AD-DIST-1')).toMatchObject({ province: '浙江省', city: '杭州市', area: '余杭区' });
  });

  it('shows a saved path that is not among the districts as it is', async () => {
    const { page, server } = s;
    const saved = await server.api('POST', '/api/baseinfo/address/save', { code: 'AD-DIST-2', province: '台湾省', city: '台北市', address1: '忠孝东路 1 号' }, token);
    expect(saved.status).toBe(200);
    await page.goto(server.url + '/baseinfo/address');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'AD-DIST-2' });
    await row.getByText('修改', { exact: true }).click();
    const e = modal(page);
    await expect.poll(() => e.getByTestId('address-district').innerText()).toContain('台湾省 / 台北市');
    expect(await e.locator('input#city').inputValue()).toBe('台北市');
    await e.getByRole('button', { name: /取\s*消/ }).click();
  });
});

describe('/system/profile', () => {
  it("shows the user's own profile: details, avatar and date style", async () => {
    const { page, server } = s;
    await page.goto(server.url + '/system/profile');
    await page.waitForURL(/\/account\/settings\/base$/);
    await page.getByTestId('account-settings').waitFor();
    await page.getByTestId('avatar-upload').waitFor();
    await page.getByTestId('profile-nickName').waitFor();
    expect(await page.getByTestId('profile-nickName').inputValue()).not.toBe('');
    await page.getByText('日期格式').first().waitFor();
    // the same screen as the account settings: one tab, named as such
    const shell = new Shell(page);
    await shell.tab('/account/settings').getByText('个人设置').waitFor();
    expect(await shell.tabKeys()).not.toContain('/system/profile');
  });
});

describe('hiddenHeader', () => {
  it('shows a screen whose menu has hiddenHeader without the header bar; other screens keep it', async () => {
    const { page, server } = s;
    // by its key: the menu tree has more entries than a page holds
    const byKey = async () => (await server.api<{ rows: Json[] }>('GET', '/api/system/menu/list?menuKey=baseAddress&pageSize=500', undefined, token)).json.rows.find((r) => r.menuKey === 'baseAddress')!;
    const menu = await byKey();
    const up = await server.api('POST', '/api/system/menu/update', { ...menu, hiddenHeader: true }, token);
    expect(up.status).toBe(200);
    try {
      const shell = new Shell(page);
      await page.goto(server.url + '/system/dict');
      await shell.waitReady();
      await page.getByTestId('header').waitFor();
      await new Shell(page).openMenu('基础信息', '地址');
      await page.waitForURL(/\/baseinfo\/address$/);
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      // the tab bar and the menu stay: the user can go on from here
      await shell.tab('/baseinfo/address').waitFor();
      expect(await page.getByTestId('header').count()).toBe(0);
      expect(await page.getByTestId('user-area').count()).toBe(0);
      await snap(page, 'system-menu-hidden-header');
      await shell.tab('/system/dict').click();
      await page.waitForURL(/\/system\/dict$/);
      await page.getByTestId('header').waitFor();
    } finally {
      const fresh = await byKey();
      await server.api('POST', '/api/system/menu/update', { ...fresh, hiddenHeader: false }, token);
    }
  });
});
