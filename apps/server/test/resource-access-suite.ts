/**
 * Generic access suites over every resource in RESOURCES: the permission matrix of the generic routes
 * (anonymous, no buttons, query only, admin) and the dispatch-center data scope. The suite runs as
 * several files (resource-access-N.test.ts), each over its share of the resources, side by side.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type ResourceDef } from '@tms/domain';
import { ADMIN, centerId, createUser, type ApiOptions, type ApiResponse, type Json } from './helpers.ts';
import { call, ctx, importFieldsOf, labelOf, readSheet, resourcesOf, sample, updatable, upload, useServer, workbook, type Body } from './resource-kit.ts';

// ---------------------------------------------------------------------------------------------
// Permission matrix

interface RouteCase {
  name: string;
  action: string;
  /** needs this permission suffix */
  perm: string;
  run: (token: string | null, id: number, version: number) => Promise<ApiResponse>;
}

function routesOf(def: ResourceDef, bodyFor: () => Promise<Body>): RouteCase[] {
  const f = def.features ?? {};
  const api = (method: string, action: string, o: ApiOptions = {}) => (token: string | null) => ctx.s.api(method, `/api${def.path}/${action}`, { ...o, token });
  const out: RouteCase[] = [
    { name: 'list', action: 'list', perm: 'query', run: (t) => api('GET', 'list')(t) },
    { name: 'get', action: 'get', perm: 'query', run: (t, id) => api('GET', `get/${id}`)(t) },
  ];
  if (f.create !== false) out.push({ name: 'save', action: 'save', perm: 'add', run: async (t) => api('POST', 'save', { body: await bodyFor() })(t) });
  if (f.update !== false)
    out.push({
      name: 'update',
      action: 'update',
      perm: 'edit',
      run: async (t, id, version) => {
        const cur = ((await call('GET', def, `get/${id}`)).json.data ?? {}) as Body;
        return api('POST', 'update', { body: { ...updatable(def, cur), id, version } })(t);
      },
    });
  if (f.status) out.push({ name: 'status', action: 'status', perm: 'enable', run: (t, id) => api('POST', 'status', { body: { id, status: '0' } })(t) });
  if (f.effect) {
    out.push({ name: 'effect', action: 'effect', perm: 'enable', run: (t, id) => api('POST', 'effect', { body: { ids: [id] } })(t) });
    out.push({ name: 'uneffect', action: 'uneffect', perm: 'disable', run: (t, id) => api('POST', 'uneffect', { body: { ids: [id] } })(t) });
  }
  if (f.export !== false) out.push({ name: 'export', action: 'export', perm: 'export', run: (t) => api('GET', 'export')(t) });
  if (f.import) {
    out.push({ name: 'importTemplate', action: 'importTemplate', perm: 'import', run: (t) => api('GET', 'importTemplate')(t) });
    out.push({
      name: 'import',
      action: 'import',
      perm: 'import',
      run: async (t) => {
        const fields = importFieldsOf(def);
        const b = await bodyFor();
        const buf = await workbook(
          fields.map((x) => labelOf(def, x, 'zh-CN')!),
          [fields.map((x) => b[x.name] ?? null)],
        );
        return api('POST', 'import', { body: upload(buf) })(t);
      },
    });
  }
  if (f.remove !== false) out.push({ name: 'remove', action: 'remove', perm: 'delete', run: (t, id) => api('POST', 'remove', { query: { ids: String(id) } })(t) });
  return out;
}

/** Part `part` (0-based) of `parts`: the resources whose index in RESOURCES is `part` modulo `parts`. */
export function resourceAccessSuite(part: number, parts: number): void {
  useServer();
  const mine = resourcesOf(part, parts);

  describe('permission matrix', () => {
    let noButtons: string;
    const queryOnly = new Map<string, string>();
    beforeAll(async () => {
      const u = await createUser(ctx.s.db, { role: true });
      noButtons = await ctx.s.login(u.userName, u.password);
      for (const perm of new Set(mine.map((d) => d.permission))) {
        const q = await createUser(ctx.s.db, { perms: [`${perm}:query`] });
        queryOnly.set(perm, await ctx.s.login(q.userName, q.password));
      }
    });

    for (const def of mine) {
      const bodyFor = () => sample(def);
      const routes = routesOf(def, bodyFor);

      it(`${def.name}: anonymous → 401, no buttons → 403 on every route`, async () => {
        const target = (await call('GET', def, 'list', { query: { pageSize: 1 } })).json.rows[0];
        const id = target?.id ?? 1;
        for (const r of routes) {
          const anon = await r.run(null, id, target?.version ?? 0);
          expect(anon.status, `anonymous ${r.name}`).toBe(401);
          expect(anon.json?.code, `anonymous ${r.name}`).toBe(401);
          const none = await r.run(noButtons, id, target?.version ?? 0);
          expect(none.status, `no buttons ${r.name}`).toBe(403);
          expect(none.json?.code).toBe(403);
        }
      });

      it(`${def.name}: a user with only :query reads but cannot change`, async () => {
        const token = queryOnly.get(def.permission)!;
        const target = (await call('GET', def, 'list', { query: { pageSize: 1 } })).json.rows[0];
        const id = target?.id ?? 1;
        for (const r of routes) {
          const res = await r.run(token, id, target?.version ?? 0);
          if (r.perm === 'query') {
            if (r.name === 'get' && !target) continue;
            expect(res.status, `query-only ${r.name}`).toBe(200);
          } else {
            expect(res.status, `query-only ${r.name}`).toBe(403);
          }
        }
        if (target) expect((await call('GET', def, `get/${id}`)).json.data.version).toBe(target.version);
      });

      it(`${def.name}: admin → 2xx on every route`, async () => {
        if ((def.features ?? {}).create === false) return;
        const saved = await call('POST', def, 'save', { body: await bodyFor() });
        expect(saved.status).toBe(200);
        const id = saved.json.data.id as number;
        for (const r of routes) {
          const version = (await call('GET', def, `get/${id}`)).json.data.version as number;
          const res = await r.run(ctx.admin, id, version);
          expect(res.status, `admin ${r.name}: ${JSON.stringify(res.json)}`).toBeGreaterThanOrEqual(200);
          expect(res.status).toBeLessThan(300);
        }
      });
    }

    it('status: the enable button switches on but not off (disable needs its own button)', async () => {
      const toggles = mine.filter((d) => d.features?.status && d.features?.create !== false);
      const tokens = new Map<string, { token: string; userId: number }>();
      for (const def of toggles) {
        if (!tokens.has(def.permission)) {
          const u = await createUser(ctx.s.db, { perms: [`${def.permission}:query`, `${def.permission}:enable`] });
          tokens.set(def.permission, { token: await ctx.s.login(u.userName, u.password), userId: u.id });
        }
        const { token, userId } = tokens.get(def.permission)!;
        // an API client acts as a user holding no more than its editor (privilege.test.ts): here, the editor itself
        const saved = await call('POST', def, 'save', { body: { ...(await sample(def)), ...(def.name === 'authClient' ? { userId } : {}) } });
        expect(saved.status, def.name).toBe(200);
        const id = saved.json.data.id;
        const off = await ctx.s.api('POST', `/api${def.path}/status`, { token, body: { id, status: '1' } });
        expect(off.status, `${def.name} disable with enable only`).toBe(403);
        expect((await call('POST', def, 'status', { body: { id, status: '1' } })).status).toBe(200);
        const on = await ctx.s.api('POST', `/api${def.path}/status`, { token, body: { id, status: '0' } });
        expect(on.status, `${def.name} enable`).toBe(200);
      }
    });

    it('a user holding one action gets exactly that action', async () => {
      const def = mine.find((d) => d.features?.export !== false)!;
      const u = await createUser(ctx.s.db, { perms: [`${def.permission}:export`] });
      const token = await ctx.s.login(u.userName, u.password);
      expect((await ctx.s.api('GET', `/api${def.path}/export`, { token })).status).toBe(200);
      expect((await ctx.s.api('GET', `/api${def.path}/list`, { token })).status).toBe(403);
    });

    it('a disabled role grants nothing', async () => {
      const def = mine[0]!;
      const u = await createUser(ctx.s.db, { perms: [`${def.permission}:query`] });
      const token = await ctx.s.login(u.userName, u.password);
      expect((await ctx.s.api('GET', `/api${def.path}/list`, { token })).status).toBe(200);
      await ctx.s.db.query(`update sys_role set status = '1' where id = $1`, [u.roleId]);
      expect((await ctx.s.api('GET', `/api${def.path}/list`, { token })).status).toBe(403);
    });
  });

  // ---------------------------------------------------------------------------------------------
  // Data scope: records of one dispatch center are invisible from another

  const scoped = mine.filter((d) => d.scope?.dispatchCenter && d.features?.create !== false);
  if (scoped.length) {
    describe('dispatch-center data scope', () => {
      let inA: string;
      let inB: string;
      beforeAll(async () => {
        inA = await ctx.s.login(ADMIN.user, ADMIN.password);
        inB = await ctx.s.login(ADMIN.user, ADMIN.password);
        const bj = await centerId(ctx.s.db, 'BJ01');
        expect((await ctx.s.api('GET', '/api/system/user/updateUserRights', { token: inB, query: { dispatchCenterId: bj } })).status).toBe(200);
      });

      for (const def of scoped) {
        it(`${def.name}: a record of center A is 404 and absent in center B`, async () => {
          const body = await sample(def);
          const saved = await ctx.s.api('POST', `/api${def.path}/save`, { token: inA, body });
          expect(saved.status).toBe(200);
          const id = saved.json.data.id as number;
          expect((await ctx.s.api('GET', `/api${def.path}/get/${id}`, { token: inA })).status).toBe(200);
          expect((await ctx.s.api('GET', `/api${def.path}/get/${id}`, { token: inB })).status).toBe(404);
          expect((await ctx.s.api('POST', `/api${def.path}/update`, { token: inB, body: { ...updatable(def, body), id, version: 0 } })).status).toBe(404);
          expect((await ctx.s.api('POST', `/api${def.path}/remove`, { token: inB, query: { ids: String(id) } })).status).toBe(404);
          const listB = await ctx.s.api('GET', `/api${def.path}/list`, { token: inB, query: { pageSize: 500 } });
          expect(listB.json.rows.map((r: Json) => r.id)).not.toContain(id);
          const listA = await ctx.s.api('GET', `/api${def.path}/list`, { token: inA, query: { pageSize: 500 } });
          expect(listA.json.rows.map((r: Json) => r.id)).toContain(id);
          const exportB = await ctx.s.api('GET', `/api${def.path}/export`, { token: inB });
          if (exportB.status === 200) expect((await readSheet(exportB.body)).length).toBe(listB.json.total + 1);
          if (def.features?.status) expect((await ctx.s.api('POST', `/api${def.path}/status`, { token: inB, body: { id, status: '1' } })).status).toBe(404);
        });
      }
    });
  }
}
