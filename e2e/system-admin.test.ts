/**
 * Issue 3 in the browser: an administrator creates a role with two screens and one button and a user
 * with that role in one dispatch center; the user signs in and sees exactly those menus and that button;
 * the administrator withdraws the button, the user no longer sees it on the next sign-in, and the server
 * refuses the withdrawn action when it is called directly.
 *
 * Each test makes the role and user it needs through the API, with names of its own, and drives
 * through the UI only its own step (the role form, the user screen, the user's sign-in).
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { newPage, shot } from './support/browser.ts';
import { logIn, useAdminSession } from './support/admin-session.ts';
import { Shell } from './pages/shell.ts';

const PASSWORD = 'clerk12345';
/** the menus of the role: 系统管理 with 字典管理 and its 新增 button, and 参数设置 */
const GRANTED = ['system', 'systemConfig', 'systemDict', 'systemDict:add'];

let unique = 0;
/** A role key, role name and user name no other test uses. */
function names() {
  const tag = `${unique++}x${Date.now().toString(36)}`;
  return { roleKey: `e2e_dict_clerk_${tag}`, roleName: `E2E 字典员 ${tag}`, user: `e2eclerk${tag}` };
}
/** every catalogue of the seeded menu tree but the one the role gets */
const OTHER_CATALOGUES = ['仪表盘', '订单管理', '运单管理', '调度管理', '电子回单', '报表', '基础信息', '物流账号', '系统监控', '流程管理', '系统工具'];

const admin = useAdminSession();

const modal = (page: Page) => page.locator('.ant-modal-content:visible').last();
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/** The visible nodes of the role form's menu tree, by title (the first after `after`, when given). */
async function treeNode(page: Page, title: string, after?: string): Promise<Locator> {
  const nodes = page.locator('[data-testid=role-menu-tree] .ant-tree-list-holder-inner .ant-tree-treenode');
  const titles = await nodes.evaluateAll((els) => els.map((e) => e.querySelector('.ant-tree-title')?.textContent ?? ''));
  const i = titles.indexOf(title, after ? titles.indexOf(after) + 1 : 0);
  if (i < 0) throw new Error(`no tree node "${title}" in ${titles.join(', ')}`);
  return nodes.nth(i);
}

/** Opens 系统管理 › 字典管理 in the role form's tree (one level at a time; no slide: reduced motion). */
async function expandDict(page: Page) {
  const title = (text: string) => page.locator('[data-testid=role-menu-tree] .ant-tree-title', { hasText: text }).first();
  await title('系统管理').waitFor();
  await (await treeNode(page, '系统管理')).locator('.ant-tree-switcher').click();
  await title('字典管理').waitFor();
  await (await treeNode(page, '字典管理')).locator('.ant-tree-switcher').click();
  await title('新增').waitFor();
}

const checked = async (node: Locator) => (await node.locator('.ant-tree-checkbox-checked').count()) > 0;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const r = await admin.server.api<T>(method, path, body, await admin.server.adminToken());
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.json)}`).toBe(200);
  return r.json;
}

/** The ids of menus by their keys. */
async function menuIds(keys: string[]): Promise<number[]> {
  // one key at a time: the menu tree has more entries than a page holds
  const one = async (k: string) => (await api<{ rows: { id: number; menuKey: string }[] }>('GET', `/api/system/menu/list?menuKey=${encodeURIComponent(k)}&pageSize=500`)).rows.find((r) => r.menuKey === k)!.id;
  return Promise.all(keys.map(one));
}

/** A role with the GRANTED menus, through the API: its id. */
async function grantedRole(roleKey: string, roleName: string): Promise<number> {
  return (await api<{ data: { id: number } }>('POST', '/api/system/role/save', { roleKey, roleName, roleSort: 9, menuIds: await menuIds(GRANTED) })).data.id;
}

/** A user with that role (in its creator's dispatch center, as a new user is), through the API. */
async function userWithRole(user: string, roleId: number): Promise<void> {
  const saved = await api<{ data: { id: number } }>('POST', '/api/system/user/save', { userName: user, nickName: 'E2E 字典员', password: PASSWORD });
  await api('POST', '/api/system/role/binding', { userId: saved.data.id, roleIds: [roleId] });
}

async function signIn(user: string): Promise<{ ctx: BrowserContext; page: Page; token: string }> {
  const { ctx, page } = await newPage(admin.browser);
  await logIn(page, admin.server.url, user, PASSWORD);
  await new Shell(page).waitReady();
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('Access-Token') ?? '{}') as { value?: string }).value ?? '');
  return { ctx, page, token };
}

/** Texts of the side menu: its catalogues, and the entries of one catalogue once opened. */
async function sideMenu(page: Page, open: string): Promise<{ catalogues: string[]; entries: string[] }> {
  const menu = page.locator('.ant-pro-sider-menu');
  await menu.waitFor();
  const catalogues = await menu.locator(':scope > li.ant-menu-submenu > .ant-menu-submenu-title').allInnerTexts();
  await menu.getByText(open, { exact: true }).click();
  const sub = menu.locator(':scope > li.ant-menu-submenu-open ul.ant-menu-sub');
  await sub.locator('li.ant-menu-item').first().waitFor();
  const entries = await sub.locator('li.ant-menu-item').allInnerTexts();
  return { catalogues: catalogues.map((s) => s.trim()), entries: entries.map((s) => s.trim()) };
}

async function openDict(page: Page) {
  await page.goto(admin.server.url + '/system/dict');
  await rows(page).first().waitFor();
  await page.locator('.ant-pro-table-list-toolbar').waitFor();
}

const addButton = (page: Page) => page.locator('.ant-pro-table-list-toolbar button', { hasText: /新\s*增/ });

describe('role, user and what the user sees', () => {
  it('creates a role with two screens and one button through the role form', async () => {
    const page = admin.page;
    const { roleKey: ROLE_KEY, roleName: ROLE_NAME } = names();
    await page.goto(admin.server.url + '/system/role');
    await rows(page).first().waitFor();
    await addButton(page).click();
    const m = modal(page);
    await m.locator('input#roleKey').fill(ROLE_KEY);
    await m.locator('input#roleName').fill(ROLE_NAME);
    // saving without a menu is refused on the spot
    await m.locator('.ant-modal-footer button.ant-btn-primary').click();
    await m.getByText('请至少选择一个菜单').waitFor();
    // checking a node takes its ancestors; without linkage it leaves the children alone
    await page.getByTestId('tree-linkage').click();
    await expandDict(page);
    await (await treeNode(page, '新增', '字典管理')).locator('.ant-tree-checkbox').click();
    await (await treeNode(page, '参数设置')).locator('.ant-tree-checkbox').click();
    expect(await checked(await treeNode(page, '系统管理'))).toBe(true);
    expect(await checked(await treeNode(page, '字典管理'))).toBe(true);
    expect(await checked(await treeNode(page, '修改', '字典管理'))).toBe(false);
    await shot(page, 'system-admin-role-form');
    await m.locator('.ant-modal-footer button.ant-btn-primary').click();
    await page.getByText('保存成功').first().waitFor();
    await rows(page).filter({ hasText: ROLE_KEY }).waitFor();

    // the server holds exactly those four menu records
    const token = await admin.server.adminToken();
    const list = await admin.server.api<{ rows: { id: number; roleKey: string }[] }>('GET', `/api/system/role/list?roleKey=${ROLE_KEY}`, undefined, token);
    const role = list.json.rows.find((r) => r.roleKey === ROLE_KEY)!;
    const menus = await admin.server.api<{ data: { checkedKeys: number[] } }>('GET', `/api/system/menu/role/${role.id}`, undefined, token);
    const granted = await menuIds(GRANTED);
    const keys = GRANTED.filter((_, i) => menus.json.data.checkedKeys.includes(granted[i]!));
    expect(menus.json.data.checkedKeys.length).toBe(GRANTED.length);
    expect(keys.sort()).toEqual([...GRANTED].sort());
  });

  it('creates a user, gives it the role and keeps it in one dispatch center', async () => {
    const page = admin.page;
    const { roleKey: ROLE_KEY, roleName: ROLE_NAME, user: USER } = names();
    await grantedRole(ROLE_KEY, ROLE_NAME);
    await page.goto(admin.server.url + '/system/user');
    await rows(page).first().waitFor();
    await addButton(page).click();
    const m = modal(page);
    await m.locator('input#userName').fill(USER);
    await m.locator('input#nickName').fill('E2E 字典员');
    await m.locator('input#password').fill(PASSWORD);
    await m.locator('.ant-modal-footer button.ant-btn-primary').click();
    await page.getByText('保存成功').first().waitFor();
    const row = rows(page).filter({ hasText: USER });
    await row.waitFor();

    await row.getByRole('button', { name: '分配角色', exact: true }).click();
    const roles = page.getByTestId('user-roles');
    const role = roles.getByRole('checkbox', { name: `${ROLE_NAME} (${ROLE_KEY})` });
    await role.check();
    await expect.poll(() => role.isChecked()).toBe(true);
    await shot(page, 'system-admin-user-roles');
    await modal(page).locator('.ant-modal-footer button.ant-btn-primary').click();
    await page.getByText('保存成功').first().waitFor();

    // a new user works in its creator's dispatch center only: keep exactly that one, as the default
    await row.getByRole('button', { name: '调度中心', exact: true }).click();
    const centers = modal(page);
    await centers.locator('.ant-table-row').first().waitFor();
    await expect.poll(() => centers.locator('.ant-checkbox-checked').count()).toBe(1);
    await expect.poll(() => centers.locator('.ant-radio-wrapper-checked').count()).toBe(1);
    await shot(page, 'system-admin-user-centers');
    await centers.locator('.ant-modal-footer button.ant-btn-primary').click();
    await page.getByText('保存成功').first().waitFor();
  });
});

describe('the user sees exactly what was granted, until it is withdrawn', () => {
  it('signs in and sees those two screens and that button', async () => {
    const { roleKey, roleName, user } = names();
    await userWithRole(user, await grantedRole(roleKey, roleName));
    const { ctx, page, token } = await signIn(user);
    const menu = await sideMenu(page, '系统管理');
    expect(menu.catalogues).toContain('系统管理');
    for (const c of OTHER_CATALOGUES) expect(menu.catalogues).not.toContain(c);
    expect(menu.entries).toEqual(['字典管理', '参数设置']);
    await shot(page, 'system-admin-user-menu');

    await openDict(page);
    await expect.poll(() => addButton(page).count()).toBe(1);
    const toolbar = page.locator('.ant-pro-table-list-toolbar');
    await expect.poll(() => toolbar.locator('button', { hasText: /导\s*出|删\s*除/ }).count()).toBe(0);
    expect(await rows(page).first().getByRole('button', { name: /修改|删除/ }).count()).toBe(0);
    await shot(page, 'system-admin-user-dict');

    await page.goto(admin.server.url + '/system/config');
    await rows(page).first().waitFor();
    expect(await addButton(page).count()).toBe(0);

    // the granted action works when called directly
    const ok = await admin.server.api('POST', '/api/system/dict/type/save', { dictName: 'E2E 字典', dictType: `e2e_granted_${user}` }, token);
    expect(ok.status).toBe(200);
    await ctx.close();
  });

  it('the administrator withdraws the button through the role form', async () => {
    const page = admin.page;
    const { roleKey: ROLE_KEY, roleName } = names();
    const roleId = await grantedRole(ROLE_KEY, roleName);
    await page.goto(admin.server.url + '/system/role');
    const row = rows(page).filter({ hasText: ROLE_KEY });
    await row.waitFor();
    await row.getByRole('button', { name: '修改', exact: true }).click();
    await expandDict(page);
    const button = await treeNode(page, '新增', '字典管理');
    await expect.poll(() => checked(button)).toBe(true);
    await button.locator('.ant-tree-checkbox').click();
    expect(await checked(await treeNode(page, '新增', '字典管理'))).toBe(false);
    await modal(page).locator('.ant-modal-footer button.ant-btn-primary').click();
    await page.getByText('保存成功').first().waitFor();
    const menus = await api<{ data: { checkedKeys: number[] } }>('GET', `/api/system/menu/role/${roleId}`);
    expect([...menus.data.checkedKeys].sort()).toEqual((await menuIds(GRANTED.filter((k) => k !== 'systemDict:add'))).sort());
  });

  it('on the next sign-in the button is gone, and the server refuses the action', async () => {
    const { roleKey, roleName, user } = names();
    const roleId = await grantedRole(roleKey, roleName);
    await userWithRole(user, roleId);
    // a session of the user from before the withdrawal
    const firstToken = await admin.server.signIn(user, PASSWORD);
    // the administrator withdraws the button (the role form's own test drives that through the UI)
    const role = await api<{ data: { version: number } }>('GET', `/api/system/role/get/${roleId}`);
    await api('POST', '/api/system/role/update', { id: roleId, version: role.data.version, roleKey, roleName, menuIds: await menuIds(GRANTED.filter((k) => k !== 'systemDict:add')) });

    const { ctx, page, token } = await signIn(user);
    const menu = await sideMenu(page, '系统管理');
    expect(menu.entries).toEqual(['字典管理', '参数设置']);
    await openDict(page); // the toolbar shows with the buttons the user holds, known before the page renders
    expect(await addButton(page).count()).toBe(0);
    await shot(page, 'system-admin-user-dict-withdrawn');

    for (const tk of [token, firstToken]) {
      const refused = await admin.server.api<{ code: number }>('POST', '/api/system/dict/type/save', { dictName: 'E2E 字典', dictType: `e2e_refused_${user}` }, tk);
      expect(refused.status).toBe(403);
    }
    // and nothing was written
    const found = await admin.server.api<{ total: number }>('GET', `/api/system/dict/type/list?dictType=e2e_refused_${user}`, undefined, await admin.server.adminToken());
    expect(found.json.total).toBe(0);
    await ctx.close();
  });
});
