/**
 * The rules of system administration (issue 3, spec §5), proved over HTTP as an administrator meets them:
 * menus (outside links open in a new window, a button needs its permission key, a menu without a key takes no
 * effect, hidden flags reach the user's menu), departments (no parent among its own descendants, no removal with
 * children or users, the enabled list within the caller's scope), roles (at least one menu, the admin role
 * protected, the unassigned-role list), data groups (a user's groups drive their scope at once, binds name records
 * that exist), a single default printer, and an export that holds exactly the filtered list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuRecord } from '@tms/domain';
import { ADMIN, rand, startServer, type ApiOptions, type ApiResponse, type Json, type TestServer } from './helpers.ts';
import { readSheet } from './resource-kit.ts';
import { translate } from '../src/platform/i18n.ts';

let s: TestServer;
let admin: string;
const tag = rand(5);
const PASSWORD = 'Rules1234';
const zh = (key: string) => translate('zh-CN', key);

const asAdmin = (method: string, path: string, o: ApiOptions = {}) => s.api(method, path, { token: admin, ...o });
function ok(r: ApiResponse, what = ''): Json {
  expect(r.status, `${what} ${JSON.stringify(r.json)}`).toBe(200);
  return r.json.data;
}
/** A paged list: its rows and total. */
function page(r: ApiResponse): { rows: Json[]; total: number } {
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { rows: r.json.rows, total: r.json.total };
}
/** 400 naming exactly this field. */
function refusedField(r: ApiResponse, field: string, msg?: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(400);
  expect(Object.keys(r.json.errors ?? {})).toEqual([field]);
  if (msg) expect(r.json.msg).toBe(msg);
}
function refused(r: ApiResponse, status: number, key: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  expect(r.json.msg).toBe(zh(key));
}
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
}, 120_000);

afterAll(async () => {
  await s?.close();
});

// ---------------------------------------------------------------------------------------------
// helpers

const saveMenu = (body: Record<string, unknown>) => asAdmin('POST', '/api/system/menu/save', { body: { parentId: 0, orderNum: 0, ...body } });
const getMenu = async (id: number) => ok(await asAdmin('GET', `/api/system/menu/get/${id}`));
async function newMenu(body: Record<string, unknown>): Promise<number> {
  return ok(await saveMenu(body), `menu ${JSON.stringify(body)}`).id;
}
async function menuIdsFor(perms: string[]): Promise<number[]> {
  return (await s.db.query<{ id: number }>(`select id from sys_menu where perms = any($1)`, [perms])).rows.map((r) => r.id);
}
async function newRole(key: string, menuIds: number[], dataScope?: string): Promise<number> {
  const id = ok(await asAdmin('POST', '/api/system/role/save', { body: { roleKey: `${key}_${tag}`, roleName: `${key} ${tag}`, menuIds } }), 'role').id;
  if (dataScope) ok(await asAdmin('POST', '/api/system/role/authDataScope', { body: { id, dataScope } }));
  return id;
}
async function newUser(name: string, roleIds: number[], extra: Record<string, unknown> = {}): Promise<{ id: number; userName: string; token: () => Promise<string> }> {
  const userName = `${name}_${tag}`;
  const u = ok(await asAdmin('POST', '/api/system/user/save', { body: { userName, nickName: name, password: PASSWORD, ...extra } }), 'user');
  if (roleIds.length) ok(await asAdmin('POST', '/api/system/role/binding', { body: { userId: u.id, roleIds } }));
  return { id: u.id, userName, token: () => s.login(userName, PASSWORD) };
}
function flatten(list: MenuRecord[]): MenuRecord[] {
  return list.flatMap((m) => [m, ...flatten(m.children ?? [])]);
}

// ---------------------------------------------------------------------------------------------

describe('menus', () => {
  it('a link to an outside address must open in a new window: on save, and on an update that leaves the path out', async () => {
    const base = { menuType: 'C', menuName: `外链 ${tag}`, menuKey: `outside_${tag}`, path: `https://example.com/${tag}` };
    const msg = zh('messages.outsideLinkNewWindow');
    refusedField(await saveMenu({ ...base, target: '_self' }), 'target', msg);
    refusedField(await saveMenu(base), 'target', msg); // the default is the current window
    refusedField(await saveMenu({ ...base, path: `HTTP://example.com/${tag}`, target: '_self' }), 'target', msg);
    expect((await s.db.query(`select 1 from sys_menu where menu_key = $1`, [base.menuKey])).rows).toEqual([]);

    const id = await newMenu({ ...base, target: '_blank' });
    const stored = await getMenu(id);
    expect(stored).toMatchObject({ path: base.path, target: '_blank' });
    // an update without `path` keeps the stored outside link: the current window is still refused
    const update = (body: Record<string, unknown>) => asAdmin('POST', '/api/system/menu/update', { body: { id, version: stored.version, menuType: 'C', menuName: base.menuName, ...body } });
    refusedField(await update({ target: '_self' }), 'target', msg);
    expect(await getMenu(id)).toEqual(stored);
    // a path inside the application may open in the current window
    const inside = ok(await update({ path: `/inside/${tag}`, target: '_self' }));
    expect(inside).toMatchObject({ path: `/inside/${tag}`, target: '_self' });
    refusedField(await asAdmin('POST', '/api/system/menu/update', { body: { id, version: inside.version, menuType: 'C', menuName: base.menuName, path: base.path } }), 'target', msg);

    // the user's menu shows it opening in a new window
    ok(await asAdmin('POST', '/api/system/menu/update', { body: { id, version: inside.version, menuType: 'C', menuName: base.menuName, path: base.path, target: '_blank' } }));
    const mine = flatten(ok(await asAdmin('GET', '/api/system/menu/user'))).find((m) => m.id === id);
    expect(mine).toMatchObject({ path: base.path, target: '_blank' });
  });

  it('a button needs its permission key', async () => {
    const parent = await newMenu({ menuType: 'C', menuName: `按钮父 ${tag}`, menuKey: `btnParent_${tag}`, path: `/btn/${tag}` });
    const required = (r: ApiResponse) => refusedField(r, 'perms');
    required(await saveMenu({ menuType: 'F', parentId: parent, menuName: '无权限' }));
    required(await saveMenu({ menuType: 'F', parentId: parent, menuName: '无权限', perms: '' }));
    required(await saveMenu({ menuType: 'F', parentId: parent, menuName: '无权限', perms: '   ' }));
    expect((await s.db.query(`select 1 from sys_menu where parent_id = $1`, [parent])).rows).toEqual([]);

    const id = await newMenu({ menuType: 'F', parentId: parent, menuName: '查询', perms: `rules:${tag}:query` });
    const b = await getMenu(id);
    // an update that leaves the key out keeps it; one that clears it is refused
    const renamed = ok(await asAdmin('POST', '/api/system/menu/update', { body: { id, version: b.version, menuType: 'F', parentId: parent, menuName: '查询2' } }));
    expect(renamed).toMatchObject({ menuName: '查询2', perms: `rules:${tag}:query` });
    required(await asAdmin('POST', '/api/system/menu/update', { body: { id, version: renamed.version, menuType: 'F', menuName: '查询3', perms: '' } }));
    // a menu turned into a button without a key: refused too
    required(await asAdmin('POST', '/api/system/menu/update', { body: { id: parent, version: (await getMenu(parent)).version, menuType: 'F', menuName: 'x' } }));
    expect(await getMenu(id)).toMatchObject(renamed);
  });

  it('a menu without a key is not in the user\'s menu, nor are its buttons in user info; with a key both appear', async () => {
    const cat = await newMenu({ menuType: 'M', menuName: `目录 ${tag}`, menuKey: `cat_${tag}`, path: `/cat${tag}` });
    const keyless = await newMenu({ menuType: 'C', parentId: cat, menuName: `无键菜单 ${tag}`, menuKey: '', path: `/cat${tag}/nokey` });
    const keylessBtn = await newMenu({ menuType: 'F', parentId: keyless, menuName: '隐藏按钮', perms: `nokey${tag}:thing:query` });
    const keyed = await newMenu({ menuType: 'C', parentId: cat, menuName: `有键菜单 ${tag}`, menuKey: `keyed_${tag}`, path: `/cat${tag}/keyed` });
    const keyedBtn = await newMenu({ menuType: 'F', parentId: keyed, menuName: '显示按钮', perms: `keyed${tag}:thing:query` });
    const roleId = await newRole('nokey', [cat, keyless, keylessBtn, keyed, keyedBtn]);
    const user = await newUser('nokey', [roleId]);

    const seen = async () => {
      const token = await user.token();
      return { menu: flatten(ok(await s.api('GET', '/api/system/menu/user', { token }))), info: ok(await s.api('GET', '/api/system/user/info', { token })) };
    };
    let { menu, info } = await seen();
    expect(menu.map((m) => m.id)).toEqual([cat, keyed]);
    expect(info.buttons).toEqual([`keyed${tag}:thing:query`]);
    expect(info.permissions).toEqual([{ permissionId: `keyed${tag}:thing`, actionList: ['query'] }]);
    // the administrator sees the same tree: the keyless menu is in no one's menu
    expect(flatten(ok(await asAdmin('GET', '/api/system/menu/user'))).some((m) => m.id === keyless)).toBe(false);
    expect(ok(await asAdmin('GET', '/api/system/user/info')).buttons).not.toContain(`nokey${tag}:thing:query`);

    // given a key, the menu and its button take effect on the next sign-in
    const m = await getMenu(keyless);
    ok(await asAdmin('POST', '/api/system/menu/update', { body: { id: keyless, version: m.version, menuType: 'C', menuName: m.menuName, menuKey: `nokeyNow_${tag}` } }));
    ({ menu, info } = await seen());
    expect(sorted(menu.map((x) => x.id))).toEqual(sorted([cat, keyless, keyed]));
    expect(info.buttons).toEqual([`keyed${tag}:thing:query`, `nokey${tag}:thing:query`].sort());
  });

  it('hidden menus, hidden children and a hidden header come through the user\'s menu as the web reads them', async () => {
    const cat = await newMenu({ menuType: 'M', menuName: `隐藏目录 ${tag}`, menuKey: `hcat_${tag}`, path: `/hcat${tag}`, hiddenHeader: true });
    const hidden = await newMenu({ menuType: 'C', parentId: cat, menuName: '隐藏菜单', menuKey: `hidden_${tag}`, path: `/hcat${tag}/hidden`, visible: '1' });
    const parent = await newMenu({ menuType: 'C', parentId: cat, menuName: '隐藏子菜单', menuKey: `hparent_${tag}`, path: `/hcat${tag}/parent`, hiddenChildren: true });
    const child = await newMenu({ menuType: 'C', parentId: parent, menuName: '子菜单', menuKey: `hchild_${tag}`, path: `/hcat${tag}/parent/child` });
    const plain = await newMenu({ menuType: 'C', parentId: cat, menuName: '普通菜单', menuKey: `plain_${tag}`, path: `/hcat${tag}/plain` });
    const user = await newUser('hidden', [await newRole('hidden', [cat, hidden, parent, child, plain])]);
    const tree: MenuRecord[] = ok(await s.api('GET', '/api/system/menu/user', { token: await user.token() }));
    expect(tree).toHaveLength(1);
    const [root] = tree;
    expect(root).toMatchObject({ id: cat, menuType: 'M', hiddenHeader: true, hiddenChildren: false, visible: '0' });
    const byId = new Map(flatten(tree).map((m) => [m.id, m]));
    // a hidden menu is still a route (it is in the tree), marked visible '1'
    expect(byId.get(hidden)).toMatchObject({ visible: '1', hiddenChildren: false, hiddenHeader: false, path: `/hcat${tag}/hidden` });
    expect(byId.get(parent)).toMatchObject({ visible: '0', hiddenChildren: true, hiddenHeader: false });
    expect(byId.get(parent)!.children!.map((c) => c.id)).toEqual([child]);
    expect(byId.get(plain)).toMatchObject({ visible: '0', hiddenChildren: false, hiddenHeader: false });
    for (const m of byId.values()) {
      expect(typeof m.hiddenChildren).toBe('boolean');
      expect(typeof m.hiddenHeader).toBe('boolean');
      expect(['0', '1']).toContain(m.visible);
    }
  });
});

describe('departments', () => {
  const saveDept = (body: Record<string, unknown>) => asAdmin('POST', '/api/system/dept/save', { body });
  const getDept = async (id: number) => ok(await asAdmin('GET', `/api/system/dept/get/${id}`));
  let top = 0;
  let mid = 0;
  let leaf = 0;
  beforeAll(async () => {
    top = ok(await saveDept({ deptName: `总部 ${tag}`, parentId: 0 })).id;
    mid = ok(await saveDept({ deptName: `华东 ${tag}`, parentId: top })).id;
    leaf = ok(await saveDept({ deptName: `华东销售 ${tag}`, parentId: mid })).id;
  });

  it('a department cannot move under itself or one of its descendants', async () => {
    const before = await getDept(top);
    for (const parentId of [leaf, mid, top]) {
      refusedField(await asAdmin('POST', '/api/system/dept/update', { body: { id: top, version: before.version, deptName: before.deptName, parentId } }), 'parentId', zh('messages.parentIsDescendant'));
    }
    expect(await getDept(top)).toEqual(before);
    // a move elsewhere works
    const other = ok(await saveDept({ deptName: `华南 ${tag}`, parentId: top })).id;
    const l = await getDept(leaf);
    expect(ok(await asAdmin('POST', '/api/system/dept/update', { body: { id: leaf, version: l.version, deptName: l.deptName, parentId: other } })).parentId).toBe(other);
    const l2 = await getDept(leaf);
    ok(await asAdmin('POST', '/api/system/dept/update', { body: { id: leaf, version: l2.version, deptName: l2.deptName, parentId: mid } }));
    ok(await asAdmin('POST', `/api/system/dept/remove/${other}`));
  });

  it('a department with children or with users cannot be removed', async () => {
    refused(await asAdmin('POST', `/api/system/dept/remove/${mid}`), 409, 'messages.hasChildren');
    refused(await asAdmin('POST', '/api/system/dept/remove', { body: { ids: [top] } }), 409, 'messages.hasChildren');
    const user = await newUser('deptuser', [], { deptId: leaf });
    refused(await asAdmin('POST', `/api/system/dept/remove/${leaf}`), 409, 'messages.deptHasUsers');
    // removing a department and its children together still needs its people moved first
    refused(await asAdmin('POST', '/api/system/dept/remove', { body: { ids: [mid, leaf] } }), 409, 'messages.deptHasUsers');
    for (const id of [top, mid, leaf]) expect((await getDept(id)).id).toBe(id);
    expect(ok(await asAdmin('GET', `/api/system/user/get/${user.id}`)).deptId).toBe(leaf);

    // with the person moved, an empty leaf goes
    const u = ok(await asAdmin('GET', `/api/system/user/get/${user.id}`));
    ok(await asAdmin('POST', '/api/system/user/update', { body: { id: u.id, version: u.version, nickName: u.nickName, deptId: mid } }));
    const spare = ok(await saveDept({ deptName: `空部门 ${tag}`, parentId: leaf })).id;
    ok(await asAdmin('POST', `/api/system/dept/remove/${spare}`));
    expect((await asAdmin('GET', `/api/system/dept/get/${spare}`)).status).toBe(404);
  });

  it('GET /dept/list/enable lists the enabled departments within the caller\'s data scope', async () => {
    const names = (rows: Json[]) => new Map(rows.map((r) => [r.id as number, r]));
    const all = names(ok(await asAdmin('GET', '/api/system/dept/list/enable')));
    for (const id of [top, mid, leaf]) expect(all.has(id)).toBe(true);
    expect(all.get(leaf)).toEqual({ id: leaf, parentId: mid, deptName: `华东销售 ${tag}`, orderNum: 0 });
    // every department it lists is enabled, with its parent in the list or the root
    const full = page(await asAdmin('GET', '/api/system/dept/list', { query: { pageSize: 500 } })).rows;
    const enabledIds = new Set(full.filter((d) => d.status === '0').map((d) => d.id));
    for (const d of all.values()) {
      expect(enabledIds.has(d.id)).toBe(true);
      expect(d.parentId === 0 || all.has(d.parentId)).toBe(true);
    }

    // a disabled department leaves the list, and so does what is under it
    const m = await getDept(mid);
    ok(await asAdmin('POST', '/api/system/dept/status', { body: { id: mid, status: '1' } }));
    const after = names(ok(await asAdmin('GET', '/api/system/dept/list/enable')));
    expect([after.has(top), after.has(mid), after.has(leaf)]).toEqual([true, false, false]);
    ok(await asAdmin('POST', '/api/system/dept/status', { body: { id: mid, status: '0' } }));
    expect((await getDept(mid)).version).toBeGreaterThan(m.version);

    // a user whose role sees its own department and below gets that subtree only
    const roleId = await newRole('deptbelow', await menuIdsFor(['system:dept:query']), '4');
    const user = await newUser('deptbelow', [roleId], { deptId: mid });
    const mine: Json[] = ok(await s.api('GET', '/api/system/dept/list/enable', { token: await user.token() }));
    expect(sorted(mine.map((d) => d.id))).toEqual(sorted([mid, leaf]));
    // its own department's parent is outside: it is a root for this user
    expect(mine.find((d) => d.id === mid)!.parentId).toBe(top);
    // without the permission: refused
    const none = await newUser('deptnone', [await newRole('deptnone', await menuIdsFor(['system:user:query']))], { deptId: mid });
    expect((await s.api('GET', '/api/system/dept/list/enable', { token: await none.token() })).status).toBe(403);
  });
});

describe('roles', () => {
  it('a role needs at least one menu', async () => {
    const key = `nomenu_${tag}`;
    const msg = zh('messages.roleNeedsMenu');
    refusedField(await asAdmin('POST', '/api/system/role/save', { body: { roleKey: key, roleName: key } }), 'menuIds', msg);
    refusedField(await asAdmin('POST', '/api/system/role/save', { body: { roleKey: key, roleName: key, menuIds: [] } }), 'menuIds', msg);
    expect((await s.db.query(`select 1 from sys_role where role_key = $1`, [key])).rows).toEqual([]);
    const id = await newRole('withmenu', await menuIdsFor(['system:user:query']));
    const r = ok(await asAdmin('GET', `/api/system/role/get/${id}`));
    refusedField(await asAdmin('POST', '/api/system/role/update', { body: { id, version: r.version, roleKey: r.roleKey, roleName: r.roleName, menuIds: [] } }), 'menuIds', msg);
    expect(ok(await asAdmin('GET', `/api/system/menu/role/${id}`)).checkedKeys.length).toBeGreaterThan(0);
  });

  it('the admin role cannot be removed, disabled or have its key renamed', async () => {
    const adminRole = ok(await asAdmin('GET', '/api/system/role/all')).find((r: Json) => r.roleKey === 'admin');
    const before = ok(await asAdmin('GET', `/api/system/role/get/${adminRole.id}`));
    refused(await asAdmin('POST', '/api/system/role/remove', { body: { ids: [adminRole.id] } }), 409, 'messages.adminRoleProtected');
    refused(await asAdmin('POST', `/api/system/role/remove/${adminRole.id}`), 409, 'messages.adminRoleProtected');
    refused(await asAdmin('POST', '/api/system/role/status', { body: { id: adminRole.id, status: '1' } }), 409, 'messages.adminRoleProtected');
    refused(
      await asAdmin('POST', '/api/system/role/update', { body: { id: adminRole.id, version: before.version, roleKey: 'admin2', roleName: before.roleName } }),
      409,
      'messages.adminRoleProtected',
    );
    expect(ok(await asAdmin('GET', `/api/system/role/get/${adminRole.id}`))).toEqual(before);
    // the administrator still passes every check
    expect((await asAdmin('GET', '/api/system/user/list')).status).toBe(200);
    expect(ok(await s.api('GET', '/api/system/user/info', { token: await s.login(ADMIN.user, ADMIN.password) })).roles).toEqual(['admin']);
  });

  it('selectUserNotRefRolesByUserId lists exactly the roles the user does not have', async () => {
    const menus = await menuIdsFor(['system:user:query']);
    const r1 = await newRole('ref1', menus);
    const r2 = await newRole('ref2', menus);
    const user = await newUser('refroles', [r1, r2]);
    const all: number[] = ok(await asAdmin('GET', '/api/system/role/all')).map((r: Json) => r.id);
    const ref: number[] = ok(await asAdmin('GET', '/api/system/role/selectUserRefRolesByUserId', { query: { userId: user.id } })).map((r: Json) => r.id);
    const notRef: Json[] = ok(await asAdmin('GET', '/api/system/role/selectUserNotRefRolesByUserId', { query: { userId: user.id } }));
    expect(sorted(ref)).toEqual(sorted([r1, r2]));
    expect(sorted(notRef.map((r) => r.id))).toEqual(sorted(all.filter((id) => id !== r1 && id !== r2)));
    expect(notRef[0]).toEqual({ id: expect.any(Number), roleKey: expect.any(String), roleName: expect.any(String), status: expect.any(String) });
    // after unbinding one, it is back in the unassigned list
    ok(await asAdmin('POST', '/api/system/role/unbinding', { body: { userId: user.id, roleIds: [r1] } }));
    const again: number[] = ok(await asAdmin('GET', '/api/system/role/selectUserNotRefRolesByUserId', { query: { userId: user.id } })).map((r: Json) => r.id);
    expect(sorted(again)).toEqual(sorted(all.filter((id) => id !== r2)));
  });
});

describe('data groups', () => {
  const clientId = async (code: string) => (await s.db.query<{ id: number }>(`select id from base_client where code = $1`, [code])).rows[0]!.id;
  const newGroup = async (code: string) => ok(await asAdmin('POST', '/api/system/dataGroup/save', { body: { code: `${code}_${tag}`, name: `${code} ${tag}` } })).id as number;
  const binds = async (id: number) => ok(await asAdmin('GET', '/api/system/dataGroup/binds', { query: { id } }));

  it('saving a user\'s data groups sets their scope at once', async () => {
    const [c1, c2] = [await clientId('C001'), await clientId('C002')];
    const group = await newGroup('DGC2');
    ok(await asAdmin('POST', '/api/system/dataGroup/bind', { body: { id: group, targetType: 'CLIENT', targetIds: [c2] } }));
    const user = await newUser('dgscope', [await newRole('dgscope', await menuIdsFor(['baseinfo:client:query']))]);
    const token = await user.token();
    const clients = async () => page(await s.api('GET', '/api/baseinfo/client/list', { token, query: { pageSize: 500 } })).rows.map((c) => c.id as number);
    expect(await clients()).toEqual(expect.arrayContaining([c1, c2]));

    ok(await asAdmin('POST', '/api/system/user/dataGroups', { body: { userId: user.id, ids: [group] } }));
    const assigned = ok(await asAdmin('GET', '/api/system/user/dataGroups', { query: { userId: user.id } })).filter((g: Json) => g.assigned);
    expect(assigned.map((g: Json) => g.id)).toEqual([group]);
    expect(await clients()).toEqual([c2]); // the same session: no new sign-in needed
    expect((await s.api('GET', `/api/baseinfo/client/get/${c1}`, { token })).status).toBe(404);

    // an unknown group is refused and changes nothing
    refusedField(await asAdmin('POST', '/api/system/user/dataGroups', { body: { userId: user.id, ids: [group, 99_999_999] } }), 'ids');
    expect(ok(await asAdmin('GET', '/api/system/user/dataGroups', { query: { userId: user.id } })).filter((g: Json) => g.assigned).map((g: Json) => g.id)).toEqual([group]);

    ok(await asAdmin('POST', '/api/system/user/dataGroups', { body: { userId: user.id, ids: [] } }));
    expect(await clients()).toEqual(expect.arrayContaining([c1, c2]));
  });

  it('a bind names clients, carriers and zones that exist', async () => {
    const group = await newGroup('DGBIND');
    const c1 = await clientId('C001');
    ok(await asAdmin('POST', '/api/system/dataGroup/bind', { body: { id: group, targetType: 'CLIENT', targetIds: [c1] } }));
    const before = await binds(group);
    expect(before).toEqual([{ targetType: 'CLIENT', targetId: c1 }]);
    refusedField(await asAdmin('POST', '/api/system/dataGroup/bind', { body: { id: group, targetType: 'CLIENT', targetIds: [c1, 99_999_999] } }), 'targetIds');
    refusedField(await asAdmin('POST', '/api/system/dataGroup/bind', { body: { id: group, targetType: 'CARRIER', targetIds: [99_999_998] } }), 'targetIds');
    refusedField(await asAdmin('POST', '/api/system/dataGroup/bind', { body: { id: group, targetType: 'ZONE', targetIds: [99_999_997] } }), 'targetIds');
    refusedField(await asAdmin('POST', '/api/system/dataGroup/bind', { body: { id: group, targetType: 'PRINTER', targetIds: [1] } }), 'targetType');
    expect(await binds(group)).toEqual(before);
    // carriers and zones that exist bind
    const carrier = (await s.db.query<{ id: number }>(`select id from base_carrier where code = 'CR002'`)).rows[0]!.id;
    const zone = (await s.db.query<{ id: number }>(`select id from base_zone where code = 'SZ'`)).rows[0]!.id;
    ok(await asAdmin('POST', '/api/system/dataGroup/bind', { body: { id: group, targetType: 'CARRIER', targetIds: [carrier] } }));
    ok(await asAdmin('POST', '/api/system/dataGroup/bind', { body: { id: group, targetType: 'ZONE', targetIds: [zone] } }));
    expect(await binds(group)).toEqual([
      { targetType: 'CARRIER', targetId: carrier },
      { targetType: 'CLIENT', targetId: c1 },
      { targetType: 'ZONE', targetId: zone },
    ]);
  });
});

describe('printers', () => {
  it('one default printer: the printer last made default is the only one', async () => {
    const defaults = async () => page(await asAdmin('GET', '/api/system/printer/list', { query: { isDefault: 'true', pageSize: 500 } })).rows.map((p) => p.code);
    expect(await defaults()).toEqual(['PRN-SH-01']);
    const a = ok(await asAdmin('POST', '/api/system/printer/save', { body: { code: `PA-${tag}`, name: 'A', type: 'LASER', isDefault: true } }));
    expect(await defaults()).toEqual([`PA-${tag}`]);
    // a printer saved without being default leaves the default alone
    ok(await asAdmin('POST', '/api/system/printer/save', { body: { code: `PB-${tag}`, name: 'B', type: 'LABEL', isDefault: false } }));
    expect(await defaults()).toEqual([`PA-${tag}`]);
    // an existing printer made default takes over
    const p2 = page(await asAdmin('GET', '/api/system/printer/list', { query: { code: 'PRN-SH-02' } })).rows[0];
    ok(await asAdmin('POST', '/api/system/printer/update', { body: { id: p2.id, version: p2.version, code: p2.code, name: p2.name, type: p2.type, isDefault: true } }));
    expect(await defaults()).toEqual(['PRN-SH-02']);
    // editing the default printer keeps it default; the one it replaced stays not default
    const again = ok(await asAdmin('GET', `/api/system/printer/get/${p2.id}`));
    ok(await asAdmin('POST', '/api/system/printer/update', { body: { id: p2.id, version: again.version, code: p2.code, name: `${p2.name}*`, type: p2.type, isDefault: true } }));
    expect(await defaults()).toEqual(['PRN-SH-02']);
    expect(ok(await asAdmin('GET', `/api/system/printer/get/${a.id}`)).isDefault).toBe(false);
    // the print dialog offers the default first
    expect(ok(await asAdmin('GET', '/api/order/order/printOptions')).printers[0]).toMatchObject({ code: 'PRN-SH-02', isDefault: true });
  });
});

describe('export', () => {
  it('an export with a search filter has exactly the rows of the filtered list', async () => {
    const type = `rules_${tag}`;
    ok(await asAdmin('POST', '/api/system/dict/type/save', { body: { dictName: `规则 ${tag}`, dictType: type } }));
    const labels = ['alpha-1', 'alpha-2', 'alpha-3', 'beta-1', 'beta-2'];
    for (const [i, l] of labels.entries()) ok(await asAdmin('POST', '/api/system/dict/data/save', { body: { dictType: type, dictLabel: `${l} ${tag}`, dictValue: `v${i}`, dictSort: 10 - i } }));
    const filters = [{ dictType: type }, { dictType: type, dictLabel: 'alpha' }, { dictType: type, dictLabel: 'beta-2' }, { dictType: type, dictLabel: 'gamma' }];
    const totals: number[] = [];
    for (const query of filters) {
      const list = page(await asAdmin('GET', '/api/system/dict/data/list', { query: { ...query, pageSize: 500 } }));
      const r = await asAdmin('GET', '/api/system/dict/data/export', { query });
      expect(r.status).toBe(200);
      const [, ...rows] = await readSheet(r.body);
      // the same rows (the first column is the id), in the same order
      expect(rows.map((row) => Number(row[0]))).toEqual(list.rows.map((x) => x.id));
      expect(rows.length).toBe(list.total);
      totals.push(list.total);
    }
    expect(totals).toEqual([5, 3, 1, 0]);
  });
});
