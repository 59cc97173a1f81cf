/**
 * The access matrix over EVERY API route the server registers: anonymous callers, a user whose role
 * grants nothing, a user granted exactly the route's permission, and admin. Every permission a route
 * declares must also exist as a menu button, so an administrator can grant or withdraw it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let adminToken: string;
let noneToken: string;

beforeAll(async () => {
  s = await startServer();
  adminToken = await s.login(ADMIN.user, ADMIN.password);
  const none = await createUser(s.db, { perms: [] });
  noneToken = await s.login(none.userName, none.password);
}, 120_000);

afterAll(async () => {
  await s?.close();
});

/** Staff routes; a staff token opens no route of another principal (see driver.test.ts). */
const staffRoutes = () => s.app.routeTable.filter((r) => !r.principal);
const concrete = (url: string) => url.replace(/:(\w+)/g, '999999');
// safe bodies: ids that do not exist, so nothing is changed by the matrix itself
const body = { id: 999999, ids: [999999], version: 0 };

describe('access matrix over every route', () => {
  it('every declared permission can be granted through a menu button', async () => {
    // routes of another principal (the driver app) are not granted to staff at all
    const perms = [...new Set(staffRoutes().map((r) => r.permission).filter((p) => p !== 'public' && p !== 'authenticated'))];
    const r = await s.db.query<{ perms: string }>(`select distinct perms from sys_menu where perms = any($1)`, [perms]);
    const granted = new Set(r.rows.map((x) => x.perms));
    expect(perms.filter((p) => !granted.has(p))).toEqual([]);
  });

  it('anonymous callers get 401 on every non-public route', async () => {
    const leaks: string[] = [];
    for (const r of s.app.routeTable) {
      if (r.permission === 'public') continue;
      const res = await s.api(r.method, concrete(r.url), { body: r.method === 'GET' ? undefined : body });
      if (res.status !== 401 || res.json?.code !== 401) leaks.push(`${r.method} ${r.url} → ${res.status}`);
    }
    expect(leaks).toEqual([]);
  }, 120_000);

  it('a user whose role grants nothing gets 403 on every permission-guarded route', async () => {
    const leaks: string[] = [];
    for (const r of s.app.routeTable) {
      if (r.permission === 'public' || r.permission === 'authenticated') continue;
      const res = await s.api(r.method, concrete(r.url), { token: noneToken, body: r.method === 'GET' ? undefined : body });
      if (res.status !== 403) leaks.push(`${r.method} ${r.url} → ${res.status}`);
    }
    expect(leaks).toEqual([]);
  }, 120_000);

  it('a route opens with its own permission, and every other permission together does not open it', async () => {
    const wrong: string[] = [];
    const guarded = staffRoutes().filter((r) => r.permission !== 'public' && r.permission !== 'authenticated');
    const perms = [...new Set(guarded.map((r) => r.permission))];
    // the permissions are checked in a few lanes at once, each with a user and role of its own
    const LANES = 4;
    const lanes = await Promise.all(
      Array.from({ length: LANES }, async () => {
        const u = await createUser(s.db, { perms: [] });
        return { roleId: u.roleId!, token: await s.login(u.userName, u.password) };
      }),
    );
    const run = async (lane: { roleId: number; token: string }, mine: string[]) => {
      const grant = async (sql: string, perm: string) => {
        await s.db.query(`delete from sys_role_menu where role_id = $1`, [lane.roleId]);
        await s.db.query(`insert into sys_role_menu(role_id, menu_id) select $1, id from sys_menu where ${sql}`, [lane.roleId, perm]);
      };
      for (const perm of mine) {
        const routes = guarded.filter((r) => r.permission === perm);
        await grant('perms = $2', perm);
        for (const r of routes) {
          const res = await s.api(r.method, concrete(r.url), { token: lane.token, body: r.method === 'GET' ? undefined : body });
          if (res.status === 401 || res.status === 403) wrong.push(`${perm} does not open ${r.method} ${r.url} (${res.status})`);
        }
        await grant('perms is distinct from $2', perm);
        for (const r of routes) {
          const res = await s.api(r.method, concrete(r.url), { token: lane.token, body: r.method === 'GET' ? undefined : body });
          if (res.status !== 403) wrong.push(`every permission but ${perm} opens ${r.method} ${r.url} (${res.status})`);
        }
      }
    };
    await Promise.all(lanes.map((lane, i) => run(lane, perms.filter((_, j) => j % LANES === i))));
    expect(wrong.sort()).toEqual([]);
  }, 600_000);

  it('admin passes every permission check', async () => {
    const denied: string[] = [];
    for (const r of staffRoutes()) {
      // these would end sessions or wipe logs; updateUserRights refuses an unassigned center by scope, not permission
      if (r.url.includes('forceLogout') || r.url.endsWith('/clean') || r.url.includes('/auth/logout') || r.url.includes('updateUserRights')) continue;
      const res = await s.api(r.method, concrete(r.url), { token: adminToken, body: r.method === 'GET' ? undefined : body });
      if (res.status === 401 || res.status === 403) denied.push(`${r.method} ${r.url} → ${res.status} ${res.json?.msg ?? ''}`);
    }
    expect(denied).toEqual([]);
  }, 120_000);
});
