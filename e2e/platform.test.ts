/**
 * The platform as a user meets it in Chromium: login through the real slide captcha, redirect back,
 * the tab bar, the settings drawer, language switch, dispatch-center switch, the alert bell, a resource
 * page with a server-side field error, and logout with its confirmation.
 *
 * Each test has a page of its own in a new browser context; the ones that are not about signing in
 * start signed in with a new session of the admin (its cookie, as the login page leaves it).
 */
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.ts';
import { useBrowserSession } from './support/admin-session.ts';
import { LoginPage } from './pages/login-page.ts';
import { Shell } from './pages/shell.ts';
import { openAlerts, openAlertsAtLeast } from './support/dispatch.ts';

const s = useBrowserSession({}, { failureShots: true });

/** The test's browser context signed in as the admin with a new session; opens `path` and waits for the shell. */
async function signedIn(path = '/welcome') {
  await s.ctx.addCookies([{ name: 'Access-Token', value: await s.server.signIn(), url: s.server.url }]);
  await s.page.goto(s.server.url + path);
  await new Shell(s.page).waitReady();
}

describe('login and session', () => {
  it('refuses a wrong password with a clear message and a new captcha', async () => {
    const { page, server } = s;
    const login = new LoginPage(page, server.url);
    await login.open();
    await login.fill('admin', 'wrong-password');
    await login.slide();
    await page.getByText(/验证通过|Verified/).waitFor();
    await login.submit();
    await expect.poll(async () => (await login.error().textContent()) ?? '').toContain('用户名或密码错误');
    await shot(page, 'login-wrong-password');
  });

  it('sends an anonymous visitor to login and back to the page asked for', async () => {
    const { page, server } = s;
    // made before the visit: it listens for the captcha the login page asks for as it opens
    const login = new LoginPage(page, server.url);
    await page.goto(server.url + '/system/dict?pageSize=20');
    await page.waitForURL(/\/user\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect')!)).toBe('/system/dict?pageSize=20');
    await page.getByTestId('captcha-bg').waitFor();
    await login.login('admin', 'admin123');
    await page.waitForURL(/\/system\/dict\?pageSize=20/);
    await page.locator('.ant-table-row').first().waitFor();
    await shot(page, 'redirect-back-dict');
    // a signed-in user opening the login page goes to /welcome
    await page.goto(server.url + '/user/login');
    await page.waitForURL(/\/welcome/);
    await page.getByTestId('welcome').waitFor();
  });
});

describe('the shell', () => {
  it('opens one tab per page; close right / left / others follow the rules', async () => {
    const { page } = s;
    const shell = new Shell(page);
    // a list page opened first (its tab stays in the tab bar of the browser tab)
    await signedIn('/system/dict?pageSize=20');
    await page.locator('.ant-table-row').first().waitFor();
    await shell.tab('/system/dict').waitFor();
    await shell.openMenu('系统管理', '参数设置');
    await page.waitForURL(/\/system\/config/);
    await shell.tab('/system/config').waitFor();
    await shell.openMenu('系统管理', '调度中心');
    await page.waitForURL(/\/system\/dispatchCenter/);
    await page.locator('.ant-table-row', { hasText: 'SH01' }).waitFor();
    await shot(page, 'tabs-open');
    await expect.poll(() => shell.tabKeys()).toEqual(expect.arrayContaining(['/welcome', '/system/dict', '/system/config', '/system/dispatchCenter']));

    await shell.tabMenu('/system/config', '关闭右侧');
    await expect.poll(() => shell.tabKeys()).not.toContain('/system/dispatchCenter');
    // the active tab was closed: the last remaining one is shown
    await page.waitForURL(/\/system\/config/);

    await shell.tabMenu('/welcome', '关闭左侧');
    await page.getByText('左侧没有标签页').waitFor();

    await shell.tabMenu('/system/config', '关闭其他');
    // the affix tab (/welcome) stays
    await expect.poll(() => shell.tabKeys()).toEqual(['/welcome', '/system/config']);

    await shell.tabMenu('/system/config', '关闭全部');
    await expect.poll(() => shell.tabKeys()).toEqual(['/welcome']);
    await page.waitForURL(/\/welcome/);
  });

  it('switches to the top menu in the settings drawer and remembers it', async () => {
    const { page } = s;
    const shell = new Shell(page);
    await signedIn();
    await shell.openSettings();
    await shot(page, 'settings-drawer');
    await page.locator('.ant-pro-setting-drawer-block-checkbox-item-top').click();
    await page.mouse.click(300, 650); // the drawer's mask closes it
    await page.locator('.ant-drawer-content').waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('tms.layoutSettings') ?? '')).toContain('"layout":"top"');
    await page.reload();
    await page.getByTestId('welcome').waitFor();
    expect(await page.locator('.ant-pro-sider-menu').count()).toBe(0);
    await shot(page, 'top-menu-layout');
    await page.evaluate(() => localStorage.removeItem('tms.layoutSettings'));
    await page.reload();
    await page.locator('.ant-pro-sider-menu').waitFor();
  });

  it('switches the whole interface to English without losing the page', async () => {
    const { page } = s;
    const shell = new Shell(page);
    await signedIn('/system/dict');
    await shell.switchLanguage(/English/);
    await page.locator('.ant-pro-sider-menu').getByText('System', { exact: false }).first().waitFor();
    await shot(page, 'english');
    expect(await page.evaluate(() => document.cookie)).toContain('lang=en-US');
    await shell.switchLanguage(/中文|简体/);
    await page.locator('.ant-pro-sider-menu').getByText('系统管理').waitFor();
  });

  it('handles an alert from the bell: reason required, then handled', async () => {
    const { page, server } = s;
    // one open alert at least (files run before on the worker's server may have handled the seeded ones)
    const before = (await openAlertsAtLeast(server, 1)).length;
    await signedIn();
    await page.getByTestId('alert-bell').click();
    await page.getByTestId('alert-list').waitFor();
    await page.locator('[data-testid^="alert-handle-"]').first().click();
    await page.getByTestId('alert-handle-ok').click();
    await page.getByText('必填！').first().waitFor();
    await shot(page, 'alert-required');
    await page.getByTestId('alert-reason').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
    await page.getByTestId('alert-remark').fill('已联系司机，环线拥堵，预计晚到 30 分钟');
    await page.getByTestId('alert-handle-ok').click();
    await expect
      .poll(async () => (await openAlerts(server)).length)
      .toBe(before - 1);
  });

  it('shows a server field error under the field of a resource form, then saves', async () => {
    const { page, server } = s;
    await signedIn('/system/dict');
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: /新建|新增/ }).first().click();
    const dialog = page.locator('.ant-modal-content:visible');
    await dialog.locator('input#dictName').fill('测试字典');
    await dialog.locator('input#dictType').fill('sys_normal_disable');
    await dialog.getByRole('button', { name: /确\s*定|提\s*交|保\s*存/ }).click();
    await dialog.getByText(/已存在/).first().waitFor();
    await shot(page, 'resource-duplicate-error');
    await dialog.locator('input#dictType').fill('e2e_test_type');
    await dialog.getByRole('button', { name: /确\s*定|提\s*交|保\s*存/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const saved = await server.api<{ total: number }>('GET', '/api/system/dict/type/list?dictType=e2e_test_type', undefined, await server.adminToken());
    expect(saved.json.total).toBe(1);
  });

  it('switches the dispatch center and reloads into it', async () => {
    const { page, server } = s;
    await signedIn();
    await page.getByTestId('welcome-center').waitFor();
    await page.getByTestId('dispatch-center-select').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '北京调度中心' }).click();
    await page.getByTestId('welcome-center').getByText('北京调度中心').waitFor();
    await shot(page, 'dispatch-center-switched');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')!).value as string);
    const info = await server.api<{ data: { dispatchCenterId: number } }>('GET', '/api/system/user/info', undefined, token);
    const centers = await server.api<{ data: { id: number; name: string }[] }>('GET', '/api/system/dispatchCenter/listByUser', undefined, token);
    expect(centers.json.data.find((c) => c.id === info.json.data.dispatchCenterId)?.name).toBe('北京调度中心');
  });

  it('clears the local-storage token when the page unloads; the cookie carries the session into the next page', async () => {
    const { page, server } = s;
    await signedIn();
    await page.getByTestId('welcome').waitFor();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')!).value as string);
    // leave the product for another page of the same origin that does not run the app: the copy is gone
    await page.goto(server.url + '/logo.svg');
    expect(await page.evaluate(() => localStorage.getItem('Access-Token'))).toBeNull();
    expect((await page.context().cookies()).find((c) => c.name === 'Access-Token')?.value).toBe(token);
    // back in the product: still signed in, the copy written again
    await page.goto(server.url + '/welcome');
    await page.getByTestId('welcome').waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')!).value as string)).toBe(token);
  });

  it('asks before logging out, then revokes the token at once', async () => {
    const { page, server } = s;
    const shell = new Shell(page);
    await signedIn();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')!).value as string);
    await shell.logout(/退出登录|注销/);
    await page.getByText('真的要注销登录吗').waitFor();
    await shot(page, 'logout-confirm');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /是|确\s*定|Yes/ }).last().click();
    await page.waitForURL(/\/user\/login/);
    expect((await server.api('GET', '/api/system/user/info', undefined, token)).status).toBe(401);
  });
});
