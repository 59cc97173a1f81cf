/**
 * Privilege escalation (issue 13): nobody changes the password, status, roles, dispatch centers, data groups or
 * anything else of a user who holds a permission or data scope they do not hold themselves; the built-in
 * administrator is changed only by an administrator; no change leaves a user holding more than its editor; and an
 * API client acts with at most the rights of the person who configures it.
 *
 * The editor may edit users and API clients but is no administrator. Every user-changing route (every POST route
 * whose permission is a user permission, found in the route table) is called on users holding more than the editor
 * in each way (admin role, the built-in administrator, a permission, a wider department scope, another dispatch
 * center, no data-group restriction): each answers 403 and changes nothing. The same call on a user holding less
 * passes, so the refusals prove the rule, not a broken route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getResource } from '@tms/domain';
import { ADMIN, centerId, createUser, rand, startServer, type ApiResponse, type Json, type TestServer } from './helpers.ts';
import { updatable } from './resource-kit.ts';
import { translate } from '../src/platform/i18n.ts';

let s: TestServer;
let admin: string;
const userDef = getResource('user');

const one = async <T = Json>(sql: string, params: unknown[] = []): Promise<T> => (await s.db.query<Json>(sql, params)).rows[0] as T;

const EDITOR_PERMS = [
  'system:user:query', 'system:user:add', 'system:user:edit', 'system:user:delete', 'system:user:enable', 'system:user:disable', 'system:user:import',
  'system:authClient:query', 'system:authClient:add', 'system:authClient:edit', 'system:authClient:delete', 'system:authClient:enable', 'system:authClient:disable',
  'system:dict:query',
];

/** A role with these permissions (by the menus granting them) and data scope. */
async function role(perms: string[], dataScope = '1', key = `r_${rand(8)}`): Promise<number> {
  const r = await one<{ id: number }>(`insert into sys_role(role_key, role_name, data_scope, create_by) values ($1,$1,$2,'test') returning id`, [key, dataScope]);
  if (perms.length) await s.db.query(`insert into sys_role_menu(role_id, menu_id) select $1, id from sys_menu where perms = any($2)`, [r.id, perms]);
  return r.id;
}

interface Person {
  id: number;
  userName: string;
  password: string;
}
/** A user in department `east`, with these roles, dispatch centers and data groups. */
async function person(roleIds: number[], opts: { centers?: string[]; groups?: number[] } = {}): Promise<Person> {
  const u = await createUser(s.db, { role: false, centers: opts.centers ?? ['SH01'] });
  await s.db.query(`update sys_user set dept_id = $2 where id = $1`, [u.id, dept.east]);
  for (const r of roleIds) await s.db.query(`insert into sys_user_role(user_id, role_id) values ($1,$2)`, [u.id, r]);
  for (const g of opts.groups ?? [group.c001]) await s.db.query(`insert into sys_user_data_group(user_id, data_group_id) values ($1,$2)`, [u.id, g]);
  return { id: u.id, userName: u.userName, password: u.password };
}

/** Everything a user-changing route could change about a user. */
async function snapshot(userId: number): Promise<Json> {
  return one(
    `select u.password_hash, u.status, u.dept_id, u.nick_name, u.version,
            (select array_agg(role_id order by role_id) from sys_user_role where user_id = u.id) as roles,
            (select array_agg(dispatch_center_id order by dispatch_center_id) from sys_user_dispatch_center where user_id = u.id) as centers,
            (select array_agg(data_group_id order by data_group_id) from sys_user_data_group where user_id = u.id) as groups
       from sys_user u where u.id = $1`,
    [userId],
  );
}

const dept = { root: 0, east: 0 };
const group = { c001: 0, c002: 0 };
const center = { SH01: 0, BJ01: 0 };
const roleId = { editor: 0, less: 0, strong: 0, wideDept: 0, admin: 0 };
let editor: Person;
let editorToken: string;
/** users holding more than the editor, each in one way */
const beyond: Record<string, Person> = {};

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  dept.root = (await one(`select id from sys_dept where parent_id = 0 order by id limit 1`)).id;
  dept.east = (await one(`insert into sys_dept(parent_id, ancestors, dept_name, create_by) values ($1, $2, 'east', 'test') returning id`, [dept.root, `0,${dept.root}`])).id;
  for (const c of ['C001', 'C002'] as const) {
    const g = await one(`insert into sys_data_group(code, name, create_by) values ($1, $1, 'test') returning id`, [`DG_${rand(6)}`]);
    await s.db.query(`insert into sys_data_group_bind(data_group_id, target_type, target_id) select $1, 'CLIENT', id from base_client where code = $2`, [g.id, c]);
    group[c === 'C001' ? 'c001' : 'c002'] = g.id;
  }
  center.SH01 = await centerId(s.db, 'SH01');
  center.BJ01 = await centerId(s.db, 'BJ01');
  // the editor sees its department and those below it, works in SH01, sees client C001 only
  roleId.editor = await role(EDITOR_PERMS, '4');
  roleId.less = await role(['system:user:query', 'system:dict:query'], '3');
  roleId.strong = await role([...EDITOR_PERMS, 'system:config:edit'], '3');
  roleId.wideDept = await role(['system:user:query'], '1');
  roleId.admin = (await one(`select id from sys_role where role_key = 'admin'`)).id;
  editor = await person([roleId.editor]);
  editorToken = await s.login(editor.userName, editor.password);
  beyond.adminRole = await person([roleId.admin]);
  beyond.permission = await person([roleId.strong]);
  beyond.deptScope = await person([roleId.wideDept]);
  beyond.center = await person([roleId.less], { centers: ['SH01', 'BJ01'] });
  beyond.dataGroups = await person([roleId.less], { groups: [] });
  beyond.otherGroup = await person([roleId.less], { groups: [group.c001, group.c002] });
  // the built-in administrator, moved into the editor's department so the refusal is the rule's, not a 404
  const builtin = await one(`select id from sys_user where user_name = 'admin'`);
  await s.db.query(`update sys_user set dept_id = $2 where id = $1`, [builtin.id, dept.east]);
  beyond.builtinAdmin = { id: builtin.id, userName: 'admin', password: ADMIN.password };
});
afterAll(async () => {
  await s?.close();
});

const api = (method: string, path: string, token: string, o: { body?: unknown; query?: Record<string, string | number> } = {}) => s.api(method, path, { token, ...o });
const expect403 = (r: ApiResponse, what: string, key = 'messages.userBeyondYou', params?: Record<string, unknown>) => {
  expect(r.status, `${what}: ${JSON.stringify(r.json)}`).toBe(403);
  expect(r.json.msg, what).toBe(translate('zh-CN', key, params));
};

/** A user holding less than the editor (the control), fresh for each route. */
const lesser = () => person([roleId.less]);

/**
 * Every user-changing route: how to call it on a target user. POST routes with a user permission that are not
 * here fail the first test until they are added (with a reason when they change no existing user).
 */
const USER_ROUTES: Record<string, ((t: Person) => Promise<ApiResponse>) | string> = {
  'POST /api/system/user/save': 'creates a user: no existing user changes; its department must be in scope (dept-scope.test.ts), it has no roles',
  'POST /api/system/user/import': 'creates users, like save',
  'POST /api/system/user/update': async (t) => {
    const row = (await api('GET', `/api/system/user/get/${t.id}`, admin)).json.data;
    return api('POST', '/api/system/user/update', editorToken, { body: { ...updatable(userDef, row), id: t.id, version: row.version, password: 'Taken1234', nickName: 'taken' } });
  },
  'POST /api/system/user/remove': (t) => api('POST', '/api/system/user/remove', editorToken, { query: { ids: t.id } }),
  'POST /api/system/user/remove/:id': (t) => api('POST', `/api/system/user/remove/${t.id}`, editorToken),
  'POST /api/system/user/status': (t) => api('POST', '/api/system/user/status', editorToken, { body: { id: t.id, status: '1' } }),
  'POST /api/system/user/resetPwd': (t) => api('POST', '/api/system/user/resetPwd', editorToken, { body: { id: t.id, password: 'Taken1234' } }),
  'POST /api/system/user/dispatchCenters': (t) => api('POST', '/api/system/user/dispatchCenters', editorToken, { body: { userId: t.id, ids: [center.SH01] } }),
  'POST /api/system/user/dataGroups': (t) => api('POST', '/api/system/user/dataGroups', editorToken, { body: { userId: t.id, ids: [group.c001] } }),
  'POST /api/system/user/transfer': async (t) =>
    api('POST', '/api/system/user/transfer', editorToken, { body: { fromUserId: t.id, toUserId: (await lesser()).id, parts: ['roles', 'dispatchCenters', 'dataGroups'] } }),
  'POST /api/system/user/transfer (to)': async (t) =>
    api('POST', '/api/system/user/transfer', editorToken, { body: { fromUserId: (await lesser()).id, toUserId: t.id, parts: ['roles'] } }),
  // the portal (issue 17): the clients a client user works for
  'POST /api/system/user/portalClients': (t) => api('POST', '/api/system/user/portalClients', editorToken, { body: { userId: t.id, clientIds: [] } }),
  'POST /api/system/role/binding': (t) => api('POST', '/api/system/role/binding', editorToken, { body: { userId: t.id, roleIds: [roleId.less] } }),
  'POST /api/system/role/unbinding': async (t) => {
    const roles = (await snapshot(t.id)).roles as number[] | null;
    return api('POST', '/api/system/role/unbinding', editorToken, { body: { userId: t.id, roleIds: roles?.length ? roles : [roleId.less] } });
  },
};

describe('users holding more than their editor', () => {
  it('every user-changing route is classified here', () => {
    const routes = s.app.routeTable
      .filter((r) => r.method === 'POST' && /^system:user:(?!query|export)/.test(r.permission))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(8);
    for (const r of routes) expect(Object.keys(USER_ROUTES), `unclassified user-changing route ${r}`).toContain(r);
  });

  it('are changed by no user-changing route of an editor who is not an administrator (403, nothing changes)', async () => {
    for (const [route, callOn] of Object.entries(USER_ROUTES)) {
      if (typeof callOn === 'string') continue;
      for (const [way, target] of Object.entries(beyond)) {
        const before = await snapshot(target.id);
        expect403(await callOn(target), `${route} on a user beyond the editor by ${way}`);
        expect(await snapshot(target.id), `${route} changed the user beyond by ${way}`).toEqual(before);
      }
      // the same call on a user holding less than the editor passes
      const control = await lesser();
      const r = await callOn(control);
      expect(r.status, `${route} on a lesser user: ${JSON.stringify(r.json)}`).toBe(200);
    }
    // the built-in administrator still signs in with its own password; the admin-role holder too
    expect(await s.login(ADMIN.user, ADMIN.password)).toBeTruthy();
    expect(await s.login(beyond.adminRole!.userName, beyond.adminRole!.password)).toBeTruthy();
  });

  it('no change leaves a user (or the editor) holding more than the editor: roles, dispatch centers, data groups', async () => {
    const t = await lesser();
    const before = await snapshot(t.id);
    expect403(await api('POST', '/api/system/role/binding', editorToken, { body: { userId: t.id, roleIds: [roleId.strong] } }), 'a stronger role to a lesser user');
    expect403(await api('POST', '/api/system/role/binding', editorToken, { body: { userId: editor.id, roleIds: [roleId.strong] } }), 'a stronger role to oneself');
    expect403(await api('POST', '/api/system/role/binding', editorToken, { body: { userId: t.id, roleIds: [roleId.wideDept] } }), 'a wider department scope');
    const adminToSelf = await api('POST', '/api/system/role/binding', editorToken, { body: { userId: editor.id, roleIds: [roleId.admin] } });
    expect403(adminToSelf, 'the admin role to oneself', 'messages.adminRoleProtected');
    expect403(await api('POST', '/api/system/user/dispatchCenters', editorToken, { body: { userId: t.id, ids: [center.SH01, center.BJ01] } }), 'a center the editor lacks');
    expect403(await api('POST', '/api/system/user/dataGroups', editorToken, { body: { userId: t.id, ids: [] } }), 'no data group: every client');
    expect403(await api('POST', '/api/system/user/dataGroups', editorToken, { body: { userId: t.id, ids: [group.c002] } }), 'another client');
    expect403(await api('POST', '/api/system/user/dataGroups', editorToken, { body: { userId: editor.id, ids: [] } }), 'oneself unrestricted');
    expect(await snapshot(t.id)).toEqual(before);
    // an administrator may do all of it
    for (const [path, body] of [
      ['/api/system/role/binding', { userId: t.id, roleIds: [roleId.strong] }],
      ['/api/system/user/dispatchCenters', { userId: t.id, ids: [center.SH01, center.BJ01] }],
      ['/api/system/user/dataGroups', { userId: t.id, ids: [] }],
      ['/api/system/user/resetPwd', { id: beyond.adminRole!.id, password: 'Admin1234x' }],
    ] as const) expect((await api('POST', path, admin, { body })).status, path).toBe(200);
  });
});

describe('API clients act with at most the rights of the person who configures them', () => {
  /** may edit API clients, may not even list users */
  let clientEditor: Person;
  let token: string;
  const save = (userId: number, scope = 'system:dict:query', t = token) =>
    api('POST', '/api/system/sysAuthClient/save', t, { body: { clientId: `c_${rand(8)}`, clientName: 'x', userId, scope, grantTypes: 'client_credentials', accessTokenValidity: 600 } });

  beforeAll(async () => {
    const r = await role(EDITOR_PERMS.filter((p) => p.startsWith('system:authClient') || p === 'system:dict:query'), '4');
    clientEditor = await person([r]);
    token = await s.login(clientEditor.userName, clientEditor.password);
  });

  it('a client cannot be bound to a user holding more than its editor, nor given a scope the editor holds nothing under', async () => {
    expect((await api('GET', '/api/system/user/list', token)).status).toBe(403);
    const count = async () => Number((await one(`select count(*)::int as n from sys_auth_client`)).n);
    const n = await count();
    for (const [way, target] of Object.entries(beyond)) {
      const r = await save(target.id);
      expect403(r, `a client bound to a user beyond by ${way}`);
      expect(Object.keys(r.json.errors ?? {})).toEqual(['userId']);
    }
    const wide = await save(clientEditor.id, 'system');
    expect403(wide, 'scope system', 'messages.scopeBeyondYou', { scope: 'system' });
    expect403(await save(clientEditor.id, 'system:dict'), 'scope system:dict (it may only query dictionaries)', 'messages.scopeBeyondYou', { scope: 'system:dict' });
    expect403(await save(clientEditor.id, 'system:dict:query,system:user'), 'scope system:user', 'messages.scopeBeyondYou', { scope: 'system:user' });
    expect(await count()).toBe(n);
    // within: its own account (or a lesser one) and a scope it holds
    const own = await save(clientEditor.id);
    expect(own.status, JSON.stringify(own.json)).toBe(200);
    const lesserClient = await save((await person([await role(['system:dict:query'], '3')])).id);
    expect(lesserClient.status, JSON.stringify(lesserClient.json)).toBe(200);
    // its token lists dictionaries, not users
    const tk = await s.api('POST', '/api/auth/oauth/token', {
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: own.json.data.clientId, client_secret: own.json.data.clientSecret }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(tk.status).toBe(200);
    expect((await api('GET', '/api/system/dict/type/list', tk.json.access_token)).status).toBe(200);
    expect((await api('GET', '/api/system/user/list', tk.json.access_token)).status).toBe(403);
  });

  it('every client-changing route leaves alone a client of a user holding more than the editor', async () => {
    const made = await save(beyond.adminRole!.id, 'system:dict', admin);
    expect(made.status).toBe(200);
    const id = made.json.data.id as number;
    const row = async () => one(`select client_name, user_id, status, client_secret_hash, version from sys_auth_client where id = $1`, [id]);
    const before = await row();
    const cur = (await api('GET', `/api/system/sysAuthClient/get/${id}`, admin)).json.data;
    const calls: Record<string, () => Promise<ApiResponse>> = {
      'POST /api/system/sysAuthClient/update': () => api('POST', '/api/system/sysAuthClient/update', token, { body: { ...updatable(getResource('authClient'), cur), id, version: cur.version, clientName: 'taken' } }),
      'POST /api/system/sysAuthClient/update (rebind)': () =>
        api('POST', '/api/system/sysAuthClient/update', token, { body: { ...updatable(getResource('authClient'), cur), id, version: cur.version, userId: clientEditor.id } }),
      'POST /api/system/sysAuthClient/status': () => api('POST', '/api/system/sysAuthClient/status', token, { body: { id, status: '1' } }),
      'POST /api/system/sysAuthClient/remove': () => api('POST', '/api/system/sysAuthClient/remove', token, { query: { ids: id } }),
      'POST /api/system/sysAuthClient/remove/:id': () => api('POST', `/api/system/sysAuthClient/remove/${id}`, token),
      'POST /api/system/sysAuthClient/resetSecret': () => api('POST', '/api/system/sysAuthClient/resetSecret', token, { body: { id } }),
      'POST /api/system/sysAuthClient/save': () => save(beyond.adminRole!.id),
    };
    // every client-changing route is here
    for (const r of s.app.routeTable.filter((x) => x.method === 'POST' && /^system:authClient:(?!query|export)/.test(x.permission))) {
      expect(Object.keys(calls), `unclassified client-changing route ${r.url}`).toContain(`${r.method} ${r.url}`);
    }
    for (const [name, call] of Object.entries(calls)) expect403(await call(), name);
    expect(await row()).toEqual(before);
  });
});

describe('roles grant no more than their editor holds', () => {
  it('a role editor cannot add to a role (its own included) a menu or button it does not hold', async () => {
    const editorRole = await role(['system:role:query', 'system:role:add', 'system:role:edit', 'system:dict:query'], '4');
    const roleEditor = await person([editorRole]);
    const token = await s.login(roleEditor.userName, roleEditor.password);
    const menuOf = async (perms: string) => (await one<{ id: number }>(`select id from sys_menu where perms = $1 order by id limit 1`, [perms])).id;
    const menusOf = async (id: number) => ((await s.db.query<{ menu_id: number }>(`select menu_id from sys_role_menu where role_id = $1 order by menu_id`, [id])).rows.map((r) => r.menu_id));
    const roleDef = getResource('role');
    // its own role, with the user editor's button added
    const cur = (await api('GET', `/api/system/role/get/${editorRole}`, admin)).json.data;
    const before = await menusOf(editorRole);
    const up = await api('POST', '/api/system/role/update', token, {
      body: { ...updatable(roleDef, cur), id: editorRole, version: cur.version, menuIds: [...before, await menuOf('system:user:edit')] },
    });
    expect403(up, 'its own role with a button it lacks', 'messages.roleBeyondYou');
    expect(await menusOf(editorRole)).toEqual(before);
    // a new role with a button it lacks: refused; with one it holds: saved
    const body = (perms: string) => async () => ({ roleKey: `k_${rand(6)}`, roleName: 'n', roleSort: 1, menuIds: [await menuOf(perms)] });
    expect403(await api('POST', '/api/system/role/save', token, { body: await body('system:config:edit')() }), 'a new role with a button it lacks', 'messages.roleBeyondYou');
    const fine = await api('POST', '/api/system/role/save', token, { body: await body('system:dict:query')() });
    expect(fine.status, JSON.stringify(fine.json)).toBe(200);
  });
});

describe('a role change changes its holders', () => {
  it('an editor who is not an administrator widens no data scope (its own role included) and leaves alone a role of a stronger user', async () => {
    const editorRole = await role(['system:role:query', 'system:role:add', 'system:role:edit', 'system:role:enable', 'system:role:disable', 'system:role:delete', 'system:dict:query'], '4');
    const roleEditor = await person([editorRole]);
    const token = await s.login(roleEditor.userName, roleEditor.password);
    const scopeOf = async (id: number) => (await one<{ data_scope: string; status: string }>(`select data_scope, status from sys_role where id = $1`, [id]));
    // its own role, to "all departments" (it sees its department and those below): refused (the data scope is set here only)
    expect403(await api('POST', '/api/system/role/authDataScope', token, { body: { id: editorRole, dataScope: '1' } }), 'authDataScope all on its own role');
    expect((await scopeOf(editorRole)).data_scope).toBe('4');
    // a role a stronger user holds (the permission one): its scope, status and existence stay
    const before = await scopeOf(roleId.strong);
    expect403(await api('POST', '/api/system/role/authDataScope', token, { body: { id: roleId.strong, dataScope: '5' } }), 'authDataScope of a stronger user\'s role');
    expect403(await api('POST', '/api/system/role/status', token, { body: { id: roleId.strong, status: '1' } }), 'status of a stronger user\'s role');
    expect403(await api('POST', '/api/system/role/remove', token, { query: { ids: roleId.strong } }), 'remove of a stronger user\'s role');
    expect(await scopeOf(roleId.strong)).toEqual(before);
    // narrowing a role of lesser users is fine
    const lesserRole = await role(['system:dict:query'], '4');
    await person([lesserRole]);
    expect((await api('POST', '/api/system/role/authDataScope', token, { body: { id: lesserRole, dataScope: '3' } })).status).toBe(200);
  });
});
