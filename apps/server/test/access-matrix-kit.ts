/**
 * The access matrix over every API route (access-matrix.test.ts), and its longest part, whether each
 * permission opens its routes and every other permission together does not, run as several files
 * (access-matrix-grants-N.test.ts) side by side, each over its share of the permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startServer, type TestServer } from './helpers.ts';

/** Staff routes; a staff token opens no route of another principal (see driver.test.ts). */
export const staffRoutesOf = (s: TestServer) => s.app.routeTable.filter((r) => !r.principal);
export const concrete = (url: string) => url.replace(/:(\w+)/g, '999999');
/** safe bodies: ids that do not exist, so nothing is changed by the matrix itself */
export const body = { id: 999999, ids: [999999], version: 0 };

/** Part `part` (0-based) of `parts` of the guarded permissions, in their sorted order. */
export function grantsSuite(part: number, parts: number): void {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s?.close();
  });
  const staffRoutes = () => staffRoutesOf(s);

  describe('access matrix over every route', () => {
    it('a route opens with its own permission, and every other permission together does not open it', async () => {
      const wrong: string[] = [];
      const guarded = staffRoutes().filter((r) => r.permission !== 'public' && r.permission !== 'authenticated');
      const perms = [...new Set(guarded.map((r) => r.permission))].sort().filter((_, i) => i % parts === part);
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
  });
}
