/**
 * User transfer (issue 3): POST /api/system/user/transfer MOVES the chosen parts — roles, dispatch centers, data groups —
 * from one user to another in one transaction. The giving user loses them and goes on working with what it has left;
 * the receiving user ends with exactly one default dispatch center (its own, else the giving user's). Everything is set
 * up and read back as an administrator does it, over HTTP; the operation log records the move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, centerId, rand, startServer, type ApiOptions, type ApiResponse, type Json, type TestServer } from './helpers.ts';
import { translate } from '../src/platform/i18n.ts';

let s: TestServer;
let admin: string;
const PASSWORD = 'Move12345';
const tag = rand(5);
const center = {} as Record<'SH01' | 'BJ01' | 'GZ01', number>;
const role = {} as Record<'client' | 'carrier' | 'zone', number>;
const group = {} as Record<'g1' | 'g2', number>;

const asAdmin = (method: string, path: string, o: ApiOptions = {}) => s.api(method, path, { token: admin, ...o });
function ok(r: ApiResponse, what = ''): Json {
  expect(r.status, `${what} ${JSON.stringify(r.json)}`).toBe(200);
  return r.json.data;
}
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function menuIdsFor(perm: string): Promise<number[]> {
  return (await s.db.query<{ id: number }>(`select id from sys_menu where perms = $1`, [perm])).rows.map((r) => r.id);
}
async function newRole(key: string, perm: string): Promise<number> {
  return ok(await asAdmin('POST', '/api/system/role/save', { body: { roleKey: `${key}_${tag}`, roleName: `${key} ${tag}`, menuIds: await menuIdsFor(perm) } }), 'role').id;
}
async function newUser(name: string): Promise<{ id: number; userName: string }> {
  const userName = `${name}_${tag}`;
  const u = ok(await asAdmin('POST', '/api/system/user/save', { body: { userName, nickName: name, password: PASSWORD } }), 'user');
  return { id: u.id, userName };
}

/** What an administrator sees of a user: role ids, dispatch centers (with the default) and data groups. */
async function holdings(userId: number) {
  const roles = ok(await asAdmin('GET', '/api/system/role/selectUserRefRolesByUserId', { query: { userId } })).map((r: Json) => r.id as number);
  const centers = ok(await asAdmin('GET', '/api/system/user/dispatchCenters', { query: { userId } })).filter((c: Json) => c.assigned);
  const groups = ok(await asAdmin('GET', '/api/system/user/dataGroups', { query: { userId } })).filter((g: Json) => g.assigned);
  return {
    roles: sorted(roles),
    centers: sorted(centers.map((c: Json) => c.id)),
    defaults: centers.filter((c: Json) => c.isDefault).map((c: Json) => c.id as number),
    groups: sorted(groups.map((g: Json) => g.id)),
  };
}

async function give(userId: number, h: { roles?: number[]; centers?: number[]; defaultId?: number; groups?: number[] }) {
  if (h.roles) ok(await asAdmin('POST', '/api/system/role/binding', { body: { userId, roleIds: h.roles } }), 'binding');
  if (h.centers) ok(await asAdmin('POST', '/api/system/user/dispatchCenters', { body: { userId, ids: h.centers, defaultId: h.defaultId } }), 'centers');
  if (h.groups) ok(await asAdmin('POST', '/api/system/user/dataGroups', { body: { userId, ids: h.groups } }), 'groups');
}

const transfer = (body: Record<string, unknown>) => asAdmin('POST', '/api/system/user/transfer', { body });

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  for (const code of ['SH01', 'BJ01', 'GZ01'] as const) center[code] = await centerId(s.db, code);
  role.client = await newRole('mv_client', 'baseinfo:client:query');
  role.carrier = await newRole('mv_carrier', 'baseinfo:carrier:query');
  role.zone = await newRole('mv_zone', 'baseinfo:zone:query');
  for (const g of ['g1', 'g2'] as const) group[g] = ok(await asAdmin('POST', '/api/system/dataGroup/save', { body: { code: `MV_${g}_${tag}`, name: `${g} ${tag}` } })).id;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('user transfer moves roles, dispatch centers and data groups', () => {
  it('everything moves: the giving user keeps nothing of it, the receiving user keeps its own default center, the log records the move', async () => {
    const from = await newUser('mv_from');
    const to = await newUser('mv_to');
    await give(from.id, { roles: [role.client, role.carrier], centers: [center.SH01, center.BJ01], defaultId: center.BJ01, groups: [group.g1, group.g2] });
    // the receiving user already works in BJ01 (shared) and GZ01 (its default)
    await give(to.id, { roles: [role.zone], centers: [center.GZ01, center.BJ01], defaultId: center.GZ01, groups: [group.g2] });
    // the giving user is signed in while it happens (its session works in BJ01)
    const earlier = await s.login(from.userName, PASSWORD);
    expect(ok(await s.api('GET', '/api/system/user/info', { token: earlier })).dispatchCenterId).toBe(center.BJ01);

    const moved = ok(await transfer({ fromUserId: from.id, toUserId: to.id, parts: ['roles', 'dispatchCenters', 'dataGroups'] }), 'transfer');
    expect(moved).toMatchObject({
      fromUserId: from.id,
      toUserId: to.id,
      roleIds: sorted([role.client, role.carrier]),
      dispatchCenterIds: sorted([center.SH01, center.BJ01]),
      dataGroupIds: sorted([group.g1, group.g2]),
    });

    // moved, not copied
    expect(await holdings(from.id)).toEqual({ roles: [], centers: [], defaults: [], groups: [] });
    expect(await holdings(to.id)).toEqual({
      roles: sorted([role.client, role.carrier, role.zone]),
      centers: sorted([center.SH01, center.BJ01, center.GZ01]),
      defaults: [center.GZ01], // its own default stays the only one, though BJ01 was the giver's default
      groups: sorted([group.g1, group.g2]),
    });

    // the receiving user works with all of it
    const toToken = await s.login(to.userName, PASSWORD);
    const toInfo = ok(await s.api('GET', '/api/system/user/info', { token: toToken }));
    expect(toInfo.buttons).toEqual(expect.arrayContaining(['baseinfo:client:query', 'baseinfo:carrier:query', 'baseinfo:zone:query']));
    expect(toInfo.dispatchCenterId).toBe(center.GZ01);
    const toCenters = ok(await s.api('GET', '/api/system/dispatchCenter/listByUser', { token: toToken }));
    expect(sorted(toCenters.map((c: Json) => c.id))).toEqual(sorted([center.SH01, center.BJ01, center.GZ01]));
    expect(toCenters.filter((c: Json) => c.isDefault === '1').map((c: Json) => c.id)).toEqual([center.GZ01]);
    expect((await s.api('GET', '/api/baseinfo/client/list', { token: toToken })).status).toBe(200);

    // the giving user still signs in, with nothing left: no buttons, no menu, no center; its open session lost them at once
    const fromToken = await s.login(from.userName, PASSWORD);
    for (const token of [fromToken, earlier]) {
      const info = ok(await s.api('GET', '/api/system/user/info', { token }));
      expect(info.buttons).toEqual([]);
      expect(info.dispatchCenterId).toBeNull();
      expect(ok(await s.api('GET', '/api/system/menu/user', { token }))).toEqual([]);
      expect(ok(await s.api('GET', '/api/system/dispatchCenter/listByUser', { token }))).toEqual([]);
      expect((await s.api('GET', '/api/baseinfo/client/list', { token })).status).toBe(403);
    }

    // the operation log has the move: who, what route, which user to which, what moved
    const log = await asAdmin('GET', '/api/monitor/operlog/list', { query: { businessType: 'TRANSFER', operName: 'admin', pageSize: 50 } });
    expect(log.status).toBe(200);
    const row = (log.json.rows as Json[]).find((r) => JSON.parse(r.operParam).body?.fromUserId === from.id);
    expect(row, JSON.stringify(log.json.rows)).toBeDefined();
    expect(row).toMatchObject({ title: 'user', businessType: 'TRANSFER', operName: 'admin', requestMethod: 'POST', status: '0' });
    expect(JSON.parse(row.operParam).body).toMatchObject({ fromUserId: from.id, toUserId: to.id });
    expect(JSON.parse(row.jsonResult)).toMatchObject({ roleIds: moved.roleIds, dispatchCenterIds: moved.dispatchCenterIds, dataGroupIds: moved.dataGroupIds });
  });

  it('only the chosen parts move; a receiving user without a default takes the giving user\'s; the giver keeps working with the rest', async () => {
    const from = await newUser('mv_part');
    const to = await newUser('mv_recv');
    await give(from.id, { roles: [role.client], centers: [center.SH01, center.GZ01], defaultId: center.GZ01, groups: [group.g1] });
    await give(to.id, { centers: [] });
    expect((await holdings(to.id)).centers).toEqual([]);

    ok(await transfer({ fromUserId: from.id, toUserId: to.id, parts: ['dispatchCenters'] }), 'transfer centers');
    expect(await holdings(to.id)).toEqual({ roles: [], centers: sorted([center.SH01, center.GZ01]), defaults: [center.GZ01], groups: [] });
    expect(await holdings(from.id)).toEqual({ roles: [role.client], centers: [], defaults: [], groups: [group.g1] });
    // signed in anew, the receiver starts in its (new) default center
    expect(ok(await s.api('GET', '/api/system/user/info', { token: await s.login(to.userName, PASSWORD) })).dispatchCenterId).toBe(center.GZ01);

    // the giver keeps its role and data group and goes on using them
    const fromToken = await s.login(from.userName, PASSWORD);
    expect(ok(await s.api('GET', '/api/system/user/info', { token: fromToken })).buttons).toContain('baseinfo:client:query');
    expect((await s.api('GET', '/api/baseinfo/client/list', { token: fromToken })).status).toBe(200);

    // then the roles and data groups; the centers move back to a user that has none: the giver's default comes along
    ok(await transfer({ fromUserId: from.id, toUserId: to.id, parts: ['roles', 'dataGroups'] }), 'transfer roles and groups');
    expect(await holdings(from.id)).toEqual({ roles: [], centers: [], defaults: [], groups: [] });
    expect(await holdings(to.id)).toEqual({ roles: [role.client], centers: sorted([center.SH01, center.GZ01]), defaults: [center.GZ01], groups: [group.g1] });
    ok(await transfer({ fromUserId: to.id, toUserId: from.id, parts: ['dispatchCenters'] }), 'centers back');
    expect(await holdings(from.id)).toMatchObject({ centers: sorted([center.SH01, center.GZ01]), defaults: [center.GZ01] });
  });

  it('refuses a bad request and changes nothing', async () => {
    const from = await newUser('mv_bad');
    const to = await newUser('mv_bad_to');
    await give(from.id, { roles: [role.client], groups: [group.g2] });
    const before = [await holdings(from.id), await holdings(to.id)];
    const field = (r: ApiResponse, name: string) => {
      expect(r.status, JSON.stringify(r.json)).toBe(400);
      expect(Object.keys(r.json.errors ?? {})).toEqual([name]);
    };
    field(await transfer({ fromUserId: from.id, toUserId: from.id }), 'toUserId');
    field(await transfer({ fromUserId: from.id, toUserId: to.id, parts: [] }), 'parts');
    field(await transfer({ fromUserId: from.id, toUserId: to.id, parts: ['roles', 'passwords'] }), 'parts');
    field(await transfer({ toUserId: to.id }), 'fromUserId');
    expect((await transfer({ fromUserId: from.id, toUserId: 99_999_999 })).status).toBe(404);

    // the built-in administrator keeps the admin role: its roles cannot be moved away
    const adminUser = (await s.db.query<{ id: number }>(`select id from sys_user where user_name = 'admin'`)).rows[0]!.id;
    const adminBefore = await holdings(adminUser);
    const r = await transfer({ fromUserId: adminUser, toUserId: to.id, parts: ['roles', 'dataGroups'] });
    expect(r.status).toBe(409);
    expect(r.json.msg).toBe(translate('zh-CN', 'messages.adminRoleProtected'));
    expect(await holdings(adminUser)).toEqual(adminBefore);
    expect([await holdings(from.id), await holdings(to.id)]).toEqual(before);
    // the refused attempt is in the log as a failure
    const log = await asAdmin('GET', '/api/monitor/operlog/list', { query: { businessType: 'TRANSFER', status: '1', pageSize: 50 } });
    expect(log.status).toBe(200);
    expect((log.json.rows as Json[]).some((x) => JSON.parse(x.operParam).body?.fromUserId === adminUser && x.errorMsg === 'messages.adminRoleProtected')).toBe(true);
  });
});
