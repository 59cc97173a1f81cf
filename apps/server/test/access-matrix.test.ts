/**
 * The access matrix over EVERY API route the server registers: anonymous callers, a user whose role
 * grants nothing, a user granted exactly the route's permission, and admin. Every permission a route
 * declares must also exist as a menu button, so an administrator can grant or withdraw it. Whether each
 * permission opens its routes and nothing else does is in access-matrix-grants-N.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, startServer, type TestServer } from './helpers.ts';
import { body, concrete, staffRoutesOf } from './access-matrix-kit.ts';
import { clientUser } from './portal-kit.ts';

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

const staffRoutes = () => staffRoutesOf(s);

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

  // client portal (issue 17): a client user, even holding the admin role, opens no staff route but its own session's;
  // it passes the portal's authentication on every portal route, which no staff user does
  it('a client user gets 403 on every staff route (but its user info and password) and opens every portal route', async () => {
    const client = await clientUser(s, ['C001']);
    await s.db.query(`insert into sys_user_role(user_id, role_id) select $1, id from sys_role where role_key = 'admin'`, [client.id]);
    const wrong: string[] = [];
    const routes = s.app.routeTable.filter((r) => r.permission !== 'public' && (!r.principal || r.principal === 'portal'));
    // refusals come from the access hook before any handler: a few calls at once
    for (let i = 0; i < routes.length; i += 6) {
      await Promise.all(
        routes.slice(i, i + 6).map(async (r) => {
          const res = await s.api(r.method, concrete(r.url), { token: client.token, body: r.method === 'GET' ? undefined : body });
          const own = r.principal === 'portal' || ['GET /api/system/user/info', 'POST /api/system/user/profile/updatePwd'].includes(`${r.method} ${r.url}`);
          if (own ? res.status === 401 || res.status === 403 : res.status !== 403) wrong.push(`${r.method} ${r.url} → ${res.status}`);
        }),
      );
    }
    expect(wrong).toEqual([]);
    // and a staff administrator gets 403 on every portal route
    const portal = s.app.routeTable.filter((r) => r.principal === 'portal');
    expect(portal.length).toBeGreaterThan(10);
    for (const r of portal) expect((await s.api(r.method, concrete(r.url), { token: adminToken, body: r.method === 'GET' ? undefined : body })).status, r.url).toBe(403);
  }, 120_000);
});
