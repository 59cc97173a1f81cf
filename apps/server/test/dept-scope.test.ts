/**
 * The roles' department data scope (issue 3): all ('1'), custom departments ('2', sys_role_dept), own department ('3'),
 * own department and below ('4'), self ('5').
 *
 * As an administrator would, through the API: a department tree HQ > East > East-Sales and HQ > West, a person in
 * each department (and a colleague beside them), records each person makes, and one role per scope set through the
 * role routes (save, then authDataScope with the departments of '2'). Each person then signs in with one role or two,
 * and in EVERY resource that declares `scope.dept` (taken from RESOURCES, not listed here) sees exactly the records
 * of the scope in its list, export and detail; update, status and remove of a record outside it answer 404 and change
 * nothing (the administrator's view is compared before and after), while the same update of a record inside it works.
 * Roles add up; the admin role ignores data scope; a change of a role's scope (or its status) applies to the very next
 * request of a signed-in user, without signing in again (the session's caller is read on every request).
 * The user administration routes (reset password, roles, dispatch centers, data groups, transfer, user pickers) and
 * writes that place a record in a department (a user's department, a department's parent) keep to the scope too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/platform/i18n.ts';
import { RESOURCES, actionsOf, allFields, columnOf, getResource, permissionOf, type ResourceDef } from '@tms/domain';
import { rand, type ApiOptions, type ApiResponse, type Json } from './helpers.ts';
import { changeField, ctx, fit, formFields, readSheet, sample, updatable, useServer } from './resource-kit.ts';

useServer();

const SCOPED = RESOURCES.filter((d) => d.scope?.dept);
const userDef = getResource('user');
const deptDef = getResource('dept');

type DeptKey = 'hq' | 'east' | 'sales' | 'west';
const DEPTS: DeptKey[] = ['hq', 'east', 'sales', 'west'];
type RoleKey = 'all' | 'custom' | 'own' | 'below' | 'self' | 'customWest' | 'customSales';

const tag = rand(4);
const PASSWORD = 'Scope1234';
const dept = {} as Record<DeptKey, number>;
const person = {} as Record<DeptKey, { id: number; userName: string }>;
const role = {} as Record<RoleKey, number>;

const api = (method: string, path: string, token: string, o: ApiOptions = {}) => ctx.s.api(method, path, { token, ...o });
const asAdmin = (method: string, path: string, o: ApiOptions = {}) => api(method, path, ctx.admin, o);
function ok(r: ApiResponse): Json {
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json;
}
const byId = (a: number, b: number) => a - b;
const idsOf = (rows: Json[]) => rows.map((r) => r.id as number).sort(byId);
/** A record's own values, without the labels of the records it refers to (a renamed parent renames them). */
const own = (rec: Json) => Object.fromEntries(Object.entries(rec ?? {}).filter(([k]) => !k.endsWith('Label')));

/** The field stored in a column (the department and self columns of `scope`). */
const fieldOf = (def: ResourceDef, column: string) => {
  const f = allFields(def).find((x) => columnOf(x) === column);
  if (!f) throw new Error(`${def.name}: no field for column ${column}`);
  return f;
};
const deptOf = (def: ResourceDef, rec: Json): number | null => rec[fieldOf(def, def.scope!.dept!).name] ?? null;
const ownerOf = (def: ResourceDef, rec: Json): string | null => (def.scope?.self ? (rec[fieldOf(def, def.scope.self).name] ?? null) : null);
const inTree = (def: ResourceDef, rec: Json) => DEPTS.some((k) => dept[k] === deptOf(def, rec));

/**
 * How a record gets its department: it IS a department (column id), the form sets it (a user's department),
 * or the server stamps its creator's (leave and purchase requests).
 */
function placement(def: ResourceDef): 'isDept' | 'form' | 'creator' {
  const f = fieldOf(def, def.scope!.dept!);
  if (f.name === 'id') return 'isDept';
  return formFields(def).includes(f) ? 'form' : 'creator';
}

/** Every record of a resource as the administrator lists it. */
async function adminRows(def: ResourceDef): Promise<Json[]> {
  return listAll(def, ctx.admin);
}
async function listAll(def: ResourceDef, token: string): Promise<Json[]> {
  const r = ok(await api('GET', `/api${def.path}/list`, token, { query: { pageSize: 500 } }));
  expect(r.total, `${def.name}: fits in one page`).toBeLessThanOrEqual(500);
  return r.rows;
}

/** Menu ids granting permission keys, as the role form's menu tree offers them. */
async function menuIds(perms: string[]): Promise<number[]> {
  const found = new Map<string, number>();
  for (const prefix of new Set(perms.map((p) => p.split(':').slice(0, -1).join(':') + ':'))) {
    const rows = ok(await asAdmin('GET', '/api/system/menu/list', { query: { perms: prefix, pageSize: 500 } })).rows as Json[];
    for (const m of rows) if (m.perms) found.set(m.perms, m.id);
  }
  const missing = perms.filter((p) => !found.has(p));
  expect(missing, 'menus grant every permission').toEqual([]);
  return perms.map((p) => found.get(p)!);
}

/** Sets a role's data scope as the role page does, and checks it reads back. */
async function setScope(id: number, dataScope: string, deptIds: number[] = []) {
  ok(await asAdmin('POST', '/api/system/role/authDataScope', { body: { id, dataScope, deptIds } }));
  expect(ok(await asAdmin('GET', `/api/system/role/get/${id}`)).data.dataScope).toBe(dataScope);
  expect(ok(await asAdmin('GET', `/api/system/dept/role/${id}`)).data.checkedKeys.map(Number).sort(byId)).toEqual([...deptIds].sort(byId));
}

async function makeRole(key: string, perms: string[], dataScope: string, deptIds: number[] = []): Promise<number> {
  const saved = ok(await asAdmin('POST', '/api/system/role/save', { body: { roleKey: `ds_${key}_${tag}`, roleName: `范围 ${key} ${tag}`, roleSort: 9, menuIds: await menuIds(perms) } }));
  await setScope(saved.data.id, dataScope, deptIds);
  return saved.data.id;
}

const bind = async (userId: number, roleIds: number[]) => ok(await asAdmin('POST', '/api/system/role/binding', { body: { userId, roleIds } }));
const unbind = async (userId: number, roleIds: number[]) => ok(await asAdmin('POST', '/api/system/role/unbinding', { body: { userId, roleIds } }));
const signIn = (k: DeptKey) => ctx.s.login(person[k].userName, PASSWORD);

/** Every action of every scoped resource (and reading roles, for the role's user list). */
const SCOPE_PERMS = [...SCOPED.flatMap((d) => actionsOf(d).map((a) => permissionOf(d, a))), 'system:role:query'];

beforeAll(async () => {
  // the department tree
  const mkDept = async (name: string, parentId: number) => ok(await asAdmin('POST', '/api/system/dept/save', { body: { deptName: `${name} ${tag}`, parentId } })).data.id as number;
  dept.hq = await mkDept('HQ', 0);
  dept.east = await mkDept('East', dept.hq);
  dept.sales = await mkDept('East-Sales', dept.east);
  dept.west = await mkDept('West', dept.hq);

  // a person in each department (they sign in below)
  for (const k of DEPTS) {
    const userName = `ds_${k}_${tag}`;
    const u = ok(await asAdmin('POST', '/api/system/user/save', { body: { userName, nickName: `${k} ${tag}`, password: PASSWORD, deptId: dept[k] } }));
    person[k] = { id: u.data.id, userName };
  }

  // records in each department, made as their kind is made
  const maker = await makeRole('maker', SCOPED.filter((d) => placement(d) === 'creator').map((d) => permissionOf(d, 'add')), '1');
  for (const k of DEPTS) {
    await bind(person[k].id, [maker]);
    const token = await signIn(k);
    for (const def of SCOPED) {
      const how = placement(def);
      if (how === 'creator') {
        // the server stamps the creator's department and name
        const saved = ok(await api('POST', `/api${def.path}/save`, token, { body: await sample(def) })).data;
        const rec = ok(await asAdmin('GET', `/api${def.path}/get/${saved.id}`)).data;
        expect(deptOf(def, rec)).toBe(dept[k]);
        if (def.scope!.self) expect(ownerOf(def, rec)).toBe(person[k].userName);
      } else if (how === 'form') {
        // a colleague record the administrator places in the department
        const f = fieldOf(def, def.scope!.dept!);
        ok(await asAdmin('POST', `/api${def.path}/save`, { body: { ...(await sample(def)), [f.name]: dept[k] } }));
      }
    }
    await unbind(person[k].id, [maker]);
  }

  // one role per data scope, through the role routes
  role.all = await makeRole('all', SCOPE_PERMS, '1');
  role.custom = await makeRole('custom', SCOPE_PERMS, '2', [dept.east, dept.west]);
  role.own = await makeRole('own', SCOPE_PERMS, '3');
  role.below = await makeRole('below', SCOPE_PERMS, '4');
  role.self = await makeRole('self', SCOPE_PERMS, '5');
  role.customWest = await makeRole('customWest', SCOPE_PERMS, '2', [dept.west]);
  role.customSales = await makeRole('customSales', SCOPE_PERMS, '2', [dept.sales]);
});

interface Scope {
  /** sees every record */
  all?: boolean;
  /** departments whose records it sees */
  depts?: DeptKey[];
  /** sees the records of its own name (resources with a self column) */
  self?: boolean;
}
const visible = (def: ResourceDef, rec: Json, s: Scope, caller: DeptKey) =>
  !!s.all || (s.depts ?? []).some((k) => dept[k] === deptOf(def, rec)) || (!!s.self && !!def.scope!.self && ownerOf(def, rec) === person[caller].userName);

/** What a signed-in user's lists show, by resource. */
async function expectLists(token: string, caller: DeptKey, s: Scope) {
  for (const def of SCOPED) {
    const all = await adminRows(def);
    expect(idsOf(await listAll(def, token)), `${def.name} list`).toEqual(idsOf(all.filter((r) => visible(def, r, s, caller))));
  }
}

describe('the fixtures', () => {
  it('cover every resource with a department scope, in every department, with records outside the tree too', async () => {
    expect(SCOPED.map((d) => d.name)).toEqual(expect.arrayContaining(['user', 'dept']));
    for (const def of SCOPED) {
      const rows = await adminRows(def);
      for (const k of DEPTS) expect(rows.some((r) => deptOf(def, r) === dept[k]), `${def.name} in ${k}`).toBe(true);
      expect(rows.some((r) => !inTree(def, r)), `${def.name} outside the tree`).toBe(true);
      if (def.scope!.self) for (const k of DEPTS) expect(rows.some((r) => ownerOf(def, r) === person[k].userName), `${def.name} of ${k}`).toBe(true);
    }
  });
});

interface Case extends Scope {
  name: string;
  caller: DeptKey;
  roles: RoleKey[];
}
const CASES: Case[] = [
  { name: "all ('1') sees every record", caller: 'west', roles: ['all'], all: true },
  { name: "custom departments ('2': East, West) see exactly those, not HQ (own) nor East-Sales (below East)", caller: 'hq', roles: ['custom'], depts: ['east', 'west'] },
  { name: "own department ('3') sees East only", caller: 'east', roles: ['own'], depts: ['east'] },
  { name: "own department and below ('4') sees East and East-Sales", caller: 'east', roles: ['below'], depts: ['east', 'sales'] },
  { name: "self ('5') sees its own records only (no department)", caller: 'sales', roles: ['self'], self: true },
  { name: "two roles add up: custom West + own and below", caller: 'east', roles: ['customWest', 'below'], depts: ['east', 'sales', 'west'] },
  { name: "two roles add up: self + custom West", caller: 'hq', roles: ['self', 'customWest'], depts: ['west'], self: true },
  { name: "self + all sees every record", caller: 'sales', roles: ['self', 'all'], all: true },
];

describe('what each data scope shows and lets a user change', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const roleIds = c.roles.map((k) => role[k]);
      await bind(person[c.caller].id, roleIds);
      try {
        const token = await signIn(c.caller);
        for (const def of SCOPED) {
          const base = `/api${def.path}`;
          const before = await adminRows(def);
          const inside = before.filter((r) => visible(def, r, c, c.caller));
          const outside = before.filter((r) => !visible(def, r, c, c.caller));
          if (!c.all) expect(outside.length, `${def.name}: something is out of scope`).toBeGreaterThan(0);

          // list and export show exactly the scope
          expect(idsOf(await listAll(def, token)), `${def.name} list`).toEqual(idsOf(inside));
          if (def.features?.export !== false) {
            const x = await api('GET', `${base}/export`, token);
            expect(x.status).toBe(200);
            expect((await readSheet(x.body)).length - 1, `${def.name} export rows`).toBe(inside.length);
          }
          // the detail opens inside the scope only
          for (const r of before) {
            const got = await api('GET', `${base}/get/${r.id}`, token);
            expect(got.status, `${def.name} get ${r.id}`).toBe(visible(def, r, c, c.caller) ? 200 : 404);
          }

          // update / status / remove of a record outside: 404
          const cf = changeField(def)!;
          const edit = (r: Json) => ({ ...updatable(def, r), id: r.id, version: r.version, [cf.name]: fit(`changed ${rand(6)}`, cf) });
          for (const r of outside) {
            const up = await api('POST', `${base}/update`, token, { body: edit(r) });
            expect(up.status, `${def.name} update ${r.id}: ${JSON.stringify(up.json)}`).toBe(404);
            expect(up.json.data ?? null).toBeNull();
            if (def.features?.status) expect((await api('POST', `${base}/status`, token, { body: { id: r.id, status: '1' } })).status, `${def.name} status ${r.id}`).toBe(404);
            expect((await api('POST', `${base}/remove`, token, { body: { ids: [r.id] } })).status, `${def.name} remove ${r.id}`).toBe(404);
          }
          // a bulk removal reaching outside removes nothing, not even the records inside
          const mine = inside.find((r) => inTree(def, r));
          if (mine && outside.length) expect((await api('POST', `${base}/remove`, token, { body: { ids: [mine.id, outside[0].id] } })).status).toBe(404);

          // the same update of a record inside works: the refusals are the scope's
          if (mine) {
            const body = edit(mine);
            const up = await api('POST', `${base}/update`, token, { body });
            expect(up.status, `${def.name} update inside: ${JSON.stringify(up.json)}`).toBe(200);
            expect(up.json.data[cf.name]).toBe(body[cf.name]);
          }

          // nothing else changed
          const after = await adminRows(def);
          expect(idsOf(after)).toEqual(idsOf(before));
          for (const r of before) if (r.id !== mine?.id) expect(own(after.find((x) => x.id === r.id)), `${def.name} ${r.id} unchanged`).toEqual(own(r));
        }
      } finally {
        await unbind(person[c.caller].id, roleIds);
      }
    });
  }

  it('the admin role ignores data scope', async () => {
    const adminRole = (ok(await asAdmin('GET', '/api/system/role/list', { query: { roleKey: 'admin' } })).rows as Json[]).find((r) => r.roleKey === 'admin');
    const before = new Map<string, number[]>();
    for (const def of SCOPED) before.set(def.name, idsOf(await adminRows(def)));
    await setScope(adminRole.id, '5');
    try {
      for (const def of SCOPED) {
        const rows = await adminRows(def);
        expect(idsOf(rows), def.name).toEqual(before.get(def.name));
        expect(rows.some((r) => !inTree(def, r)) && DEPTS.every((k) => rows.some((r) => deptOf(def, r) === dept[k]))).toBe(true);
      }
      const west = (await adminRows(userDef)).find((r) => r.id === person.west.id);
      expect(ok(await asAdmin('GET', `/api/system/user/get/${west.id}`)).data.userName).toBe(person.west.userName);
    } finally {
      await setScope(adminRole.id, '1');
    }
  });
});

describe('changes of scope', () => {
  it("a role's new data scope applies to the signed-in user's next request, without signing in again", async () => {
    await bind(person.east.id, [role.own]);
    try {
      const token = await signIn('east');
      await expectLists(token, 'east', { depts: ['east'] });
      await setScope(role.own, '4');
      await expectLists(token, 'east', { depts: ['east', 'sales'] });
      await setScope(role.own, '2', [dept.west, dept.hq]);
      await expectLists(token, 'east', { depts: ['west', 'hq'] });
      await setScope(role.own, '2', [dept.sales]);
      await expectLists(token, 'east', { depts: ['sales'] });
      await setScope(role.own, '5');
      await expectLists(token, 'east', { self: true });
      await setScope(role.own, '1');
      await expectLists(token, 'east', { all: true });
    } finally {
      await setScope(role.own, '3');
      await unbind(person.east.id, [role.own]);
    }
  });

  it("binding, unbinding and disabling a role change the scope at the next request; a disabled role's custom departments count no more", async () => {
    await bind(person.hq.id, [role.custom]);
    try {
      const token = await signIn('hq');
      await expectLists(token, 'hq', { depts: ['east', 'west'] });
      await bind(person.hq.id, [role.customSales]);
      await expectLists(token, 'hq', { depts: ['east', 'west', 'sales'] });
      ok(await asAdmin('POST', '/api/system/role/status', { body: { id: role.customSales, status: '1' } }));
      await expectLists(token, 'hq', { depts: ['east', 'west'] });
      ok(await asAdmin('POST', '/api/system/role/status', { body: { id: role.customSales, status: '0' } }));
      await expectLists(token, 'hq', { depts: ['east', 'west', 'sales'] });
      await unbind(person.hq.id, [role.custom]);
      await expectLists(token, 'hq', { depts: ['sales'] });
    } finally {
      await unbind(person.hq.id, [role.custom, role.customSales]);
    }
  });
});

describe('other routes keep to the scope', () => {
  it('user administration acts only on users in scope: reset password, roles, dispatch centers, data groups, transfer, pickers', async () => {
    await bind(person.east.id, [role.own]);
    await bind(person.west.id, [role.own]);
    try {
      const token = await signIn('east');
      const users = await adminRows(userDef);
      const eastUsers = users.filter((u) => u.deptId === dept.east);
      const colleague = eastUsers.find((u) => u.id !== person.east.id)!;
      const out = person.west.id;
      expect(colleague).toBeDefined();

      // the pickers list users in scope only
      expect(idsOf(ok(await api('GET', '/api/system/user/selectAll', token)).data)).toEqual(idsOf(eastUsers));
      expect(idsOf(ok(await api('GET', '/api/system/role/allUser', token, { query: { roleId: role.own } })).data)).toEqual([person.east.id]);
      expect(idsOf(ok(await asAdmin('GET', '/api/system/role/allUser', { query: { roleId: role.own } })).data)).toEqual([person.east.id, person.west.id].sort(byId));

      const refused: [string, string, ApiOptions][] = [
        ['POST', '/api/system/user/resetPwd', { body: { id: out, password: 'Other1234' } }],
        ['POST', '/api/system/role/binding', { body: { userId: out, roleIds: [role.all] } }],
        ['POST', '/api/system/role/unbinding', { body: { userId: out, roleIds: [role.own] } }],
        ['GET', '/api/system/role/selectUserRefRolesByUserId', { query: { userId: out } }],
        ['GET', '/api/system/role/selectUserNotRefRolesByUserId', { query: { userId: out } }],
        ['GET', '/api/system/user/dispatchCenters', { query: { userId: out } }],
        ['POST', '/api/system/user/dispatchCenters', { body: { userId: out, ids: [] } }],
        ['GET', '/api/system/user/dataGroups', { query: { userId: out } }],
        ['POST', '/api/system/user/dataGroups', { body: { userId: out, ids: [] } }],
        ['POST', '/api/system/user/transfer', { body: { fromUserId: out, toUserId: colleague.id } }],
        ['POST', '/api/system/user/transfer', { body: { fromUserId: colleague.id, toUserId: out } }],
      ];
      const centersBefore = ok(await asAdmin('GET', '/api/system/user/dispatchCenters', { query: { userId: out } })).data;
      const rolesBefore = idsOf(ok(await asAdmin('GET', '/api/system/role/selectUserRefRolesByUserId', { query: { userId: out } })).data);
      for (const [method, path, o] of refused) {
        const r = await api(method, path, token, o);
        expect(r.status, `${method} ${path} ${JSON.stringify(o)}`).toBe(404);
        expect(r.json.data ?? null).toBeNull();
      }
      // nothing changed: the same password signs in, the same roles and centers
      expect(await signIn('west')).toBeTruthy();
      expect(idsOf(ok(await asAdmin('GET', '/api/system/role/selectUserRefRolesByUserId', { query: { userId: out } })).data)).toEqual(rolesBefore);
      expect(ok(await asAdmin('GET', '/api/system/user/dispatchCenters', { query: { userId: out } })).data).toEqual(centersBefore);

      // the same routes work on a user in scope
      expect(ok(await api('GET', '/api/system/role/selectUserRefRolesByUserId', token, { query: { userId: colleague.id } })).data).toEqual([]);
      expect(ok(await api('GET', '/api/system/user/dispatchCenters', token, { query: { userId: colleague.id } })).data.length).toBeGreaterThan(0);
      ok(await api('POST', '/api/system/user/resetPwd', token, { body: { id: colleague.id, password: 'Other1234' } }));
      expect(await ctx.s.login(colleague.userName, 'Other1234')).toBeTruthy();
    } finally {
      await unbind(person.east.id, [role.own]);
      await unbind(person.west.id, [role.own]);
    }
  });

  it('a user editor who is not an administrator cannot hand out the admin role, neither by binding nor by transfer', async () => {
    await bind(person.east.id, [role.own]);
    try {
      const token = await signIn('east');
      const adminRoleId = ((await ctx.s.db.query<{ id: number }>(`select id from sys_role where role_key = 'admin'`)).rows[0]!).id;
      const adminUserId = ((await ctx.s.db.query<{ id: number }>(`select id from sys_user where user_name = 'admin'`)).rows[0]!).id;
      const rolesOf = async (userId: number) => idsOf(ok(await asAdmin('GET', '/api/system/role/selectUserRefRolesByUserId', { query: { userId } })).data);
      const before = await rolesOf(person.east.id);
      const toSelf = await api('POST', '/api/system/role/binding', token, { body: { userId: person.east.id, roleIds: [adminRoleId] } });
      expect(toSelf.status).toBe(403);
      expect(toSelf.json.msg).toBe(translate('zh-CN', 'messages.adminRoleProtected'));
      // the administrator's roles copied over: refused as well (when the administrator is in the caller's scope or not)
      const copied = await api('POST', '/api/system/user/transfer', token, { body: { fromUserId: adminUserId, toUserId: person.east.id, parts: ['roles'] } });
      expect([403, 404]).toContain(copied.status);
      expect(await rolesOf(person.east.id)).toEqual(before);
      // the administrator may
      ok(await asAdmin('POST', '/api/system/role/binding', { body: { userId: person.east.id, roleIds: [adminRoleId] } }));
      expect(await rolesOf(person.east.id)).toContain(adminRoleId);
      await unbind(person.east.id, [adminRoleId]);
    } finally {
      await unbind(person.east.id, [role.own]);
    }
  });

  it('a user places records only inside the scope: a user\'s department, a department\'s parent', async () => {
    await bind(person.east.id, [role.below]);
    try {
      const token = await signIn('east');
      const newUser = async (deptId: number) =>
        api('POST', '/api/system/user/save', token, { body: { userName: `ds_new_${rand(6)}`, nickName: 'new', password: PASSWORD, deptId } });
      const bad = (r: ApiResponse, field: string) => {
        expect(r.status, JSON.stringify(r.json)).toBe(400);
        expect(Object.keys(r.json.errors ?? {})).toEqual([field]);
      };
      const usersBefore = await adminRows(userDef);
      const deptsBefore = await adminRows(deptDef);
      // outside: refused, nothing written
      bad(await newUser(dept.west), 'deptId');
      bad(await newUser(dept.hq), 'deptId');
      const colleague = usersBefore.find((u) => u.deptId === dept.east && u.id !== person.east.id)!;
      bad(await api('POST', '/api/system/user/update', token, { body: { ...updatable(userDef, colleague), id: colleague.id, version: colleague.version, deptId: dept.west } }), 'deptId');
      bad(await api('POST', '/api/system/dept/save', token, { body: { deptName: `x ${tag}`, parentId: dept.west } }), 'parentId');
      bad(await api('POST', '/api/system/dept/save', token, { body: { deptName: `x ${tag}` } }), 'parentId');
      const east = deptsBefore.find((d) => d.id === dept.east);
      bad(await api('POST', '/api/system/dept/update', token, { body: { ...updatable(deptDef, east), id: east.id, version: east.version, parentId: dept.west } }), 'parentId');
      expect(await adminRows(userDef)).toEqual(usersBefore);
      expect(await adminRows(deptDef)).toEqual(deptsBefore);

      // inside: done, and visible to the user
      const u = ok(await newUser(dept.sales)).data;
      const moved = ok(await api('POST', '/api/system/user/update', token, { body: { ...updatable(userDef, colleague), id: colleague.id, version: colleague.version, deptId: dept.sales } })).data;
      expect(moved.deptId).toBe(dept.sales);
      const child = ok(await api('POST', '/api/system/dept/save', token, { body: { deptName: `Sales-2 ${tag}`, parentId: dept.sales } })).data;
      expect(idsOf(await listAll(userDef, token))).toEqual(expect.arrayContaining([u.id, colleague.id]));
      expect(idsOf(await listAll(deptDef, token))).toEqual(expect.arrayContaining([child.id]));
      // put things back for anyone reading the fixtures after
      ok(await asAdmin('POST', '/api/system/user/remove', { body: { ids: [u.id] } }));
      ok(await asAdmin('POST', '/api/system/dept/remove', { body: { ids: [child.id] } }));
      ok(await asAdmin('POST', '/api/system/user/update', { body: { ...updatable(userDef, moved), id: moved.id, version: moved.version, deptId: dept.east } }));
    } finally {
      await unbind(person.east.id, [role.below]);
    }
  });
});
