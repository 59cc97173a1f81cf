/**
 * The access matrix over EVERY API route the server registers: anonymous callers, a user whose role
 * grants nothing, a user granted exactly the route's permission, and admin. Every permission a route
 * declares must also exist as a menu button, so an administrator can grant or withdraw it. Whether each
 * permission opens its routes and nothing else does is in access-matrix-grants-N.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, startServer, type TestServer } from './helpers.ts';
import { body, concrete, staffRoutesOf } from './access-matrix-kit.ts';

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
});
