/**
 * System administration beyond plain CRUD: role menus and data scope, user roles / dispatch centers /
 * data groups / transfer / password reset, tree rules for menus and departments, log clean-up,
 * online users, the server monitor and number rules.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getResource, okOf, SystemApi as C } from '@tms/domain';
import { z } from 'zod';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { legacyErrors, parseInput, route } from '../../platform/contract.ts';
import { idList, ok, page } from '../../platform/http.ts';
import { hashPassword, hasPermission, requireCaller, type Caller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { getInScope, scopeOf, type ResourceHooks, type Row } from '../../platform/resource-engine.ts';
import { formatCode, nextCode } from './number-rules.ts';
import { assertNotBeyond, ownRights, type Rights } from '../../platform/rights.ts';


const userDef = getResource('user');
const deptDef = getResource('dept');

/**
 * The user a route reads or changes, within the caller's data scope (the roles' departments / self):
 * like the user list and form, a user outside it answers 404 and nothing changes.
 */
function userInScope(q: Queryable, req: FastifyRequest, userId: number): Promise<Row> {
  return getInScope(q, userDef, requireCaller(req), userId);
}

/** The WHERE of the users the caller may see (alias `u`), for lists of users outside the generic engine. */
function usersInScope(req: FastifyRequest, params: unknown[]): string {
  const where = scopeOf(userDef, requireCaller(req), params, 'u');
  return where.length ? where.join(' and ') : 'true';
}

/** An address outside the application (a menu path that opens another site). */
export const isOutsideLink = (path: string) => /^https?:\/\//i.test(path.trim());

/** Ids of a node and all its descendants in a parent-linked table. */
async function subtree(q: Queryable, table: 'sys_menu' | 'sys_dept' | 'sys_district', id: number): Promise<Set<number>> {
  const r = await q.query<{ id: number }>(
    `with recursive t(id) as (select $1::bigint union all select c.id from ${table} c join t on c.parent_id = t.id) select id from t`,
    [id],
  );
  return new Set(r.rows.map((x) => x.id));
}

async function checkParent(q: Queryable, table: 'sys_menu' | 'sys_dept' | 'sys_district', values: Row, existing: Row | null) {
  const parent = Number(values.parentId ?? 0);
  if (!parent) return;
  const exists = await q.query(`select 1 from ${table} where id = $1`, [parent]);
  if (!exists.rows.length) throw badRequest('messages.validationFailed', { parentId: { key: 'validation.invalid' } });
  if (existing && (await subtree(q, table, Number(existing.id))).has(parent)) {
    throw badRequest('messages.parentIsDescendant', { parentId: { key: 'messages.parentIsDescendant' } });
  }
}

/** The users holding a role. */
const holdersOf = async (q: Queryable, roleId: number) =>
  (await q.query<{ user_id: number }>(`select user_id from sys_user_role where role_id = $1 order by user_id`, [roleId])).rows.map((r) => Number(r.user_id));

/**
 * A change to a role changes every user holding it: refused (403) when one of them holds more than the caller before
 * it, or would after it (a wider data scope given to one's own role, say). `before` returns what `after` needs.
 */
const roleChange = {
  before: async (q: Queryable, caller: Caller, roleId: number): Promise<Rights> => {
    const own = await ownRights(q, caller);
    if (caller.isAdmin && !caller.scopes) return own; // an administrator holds everything anyone can
    for (const id of await holdersOf(q, roleId)) await assertNotBeyond(q, caller, id);
    return own;
  },
  after: async (q: Queryable, caller: Caller, roleId: number, own: Rights) => {
    if (caller.isAdmin && !caller.scopes) return;
    for (const id of await holdersOf(q, roleId)) await assertNotBeyond(q, caller, id, own);
  },
};
/** the caller's rights read before a role update, for the check after it (same request, same caller object) */
const ownBeforeRoleUpdate = new WeakMap<Caller, Rights>();

export const systemHooks: Record<string, ResourceHooks> = {
  dept: {
    beforeSave: (q, values, _c, existing) => checkParent(q, 'sys_dept', values, existing),
    beforeRemove: async (q, rows) => {
      const ids = rows.map((x) => x.id);
      const r = await q.query(`select 1 from sys_dept where parent_id = any($1) and not (id = any($1)) limit 1`, [ids]);
      if (r.rows.length) throw conflict('messages.hasChildren');
      // people still work in it: move them to another department first
      const u = await q.query(`select 1 from sys_user where dept_id = any($1) limit 1`, [ids]);
      if (u.rows.length) throw conflict('messages.deptHasUsers');
    },
  },
  district: {
    beforeSave: (q, values, _c, existing) => checkParent(q, 'sys_district', values, existing),
  },
  menu: {
    beforeSave: async (q, values, _c, existing) => {
      await checkParent(q, 'sys_menu', values, existing);
      // the record as it will be stored: an update that leaves a field out keeps the stored value
      const stored = (name: string, column: string) => (values[name] !== undefined ? values[name] : (existing?.[column] ?? undefined));
      const path = stored('path', 'path');
      // a link to an outside address opens in a new window (spec §5)
      if (typeof path === 'string' && isOutsideLink(path) && stored('target', 'target') !== '_blank') {
        throw badRequest('messages.outsideLinkNewWindow', { target: { key: 'messages.outsideLinkNewWindow' } });
      }
      // a button is the permission key the server checks: without one it grants nothing
      const perms = stored('perms', 'perms');
      if (stored('menuType', 'menu_type') === 'F' && (typeof perms !== 'string' || !perms.trim())) {
        throw badRequest('messages.validationFailed', { perms: { key: 'validation.required' } });
      }
    },
    beforeRemove: async (q, rows) => {
      const r = await q.query(`select 1 from sys_menu where parent_id = any($1) and not (id = any($1)) limit 1`, [rows.map((x) => x.id)]);
      if (r.rows.length) throw conflict('messages.hasChildren');
    },
  },
  role: {
    beforeSave: async (q, _values, caller, existing, body) => {
      const ids = body.menuIds;
      // a role needs at least one menu (spec §5); an update without menuIds keeps the current ones
      if (!existing || ids !== undefined) {
        if (!Array.isArray(ids) || !ids.length) throw badRequest('messages.roleNeedsMenu', { menuIds: { key: 'messages.roleNeedsMenu' } });
        // a role grants no button its editor does not hold (else editing one's own role would be a way up)
        if (!(caller.isAdmin && !caller.scopes)) {
          const perms = await q.query<{ perms: string }>(`select distinct perms from sys_menu where id = any($1) and perms is not null and perms <> ''`, [idList(ids, 'menuIds')]);
          if (perms.rows.some((m) => !hasPermission(caller, m.perms))) throw new AppError(403, 'messages.roleBeyondYou', undefined, { menuIds: { key: 'messages.roleBeyondYou' } });
        }
        idList(ids, 'menuIds');
      }
      if (existing && existing.role_key === 'admin' && _values.roleKey !== undefined && _values.roleKey !== 'admin') throw conflict('messages.adminRoleProtected');
      if (existing) ownBeforeRoleUpdate.set(caller, await roleChange.before(q, caller, Number(existing.id)));
    },
    afterSave: async (q, row, caller, body, created) => {
      const own = ownBeforeRoleUpdate.get(caller);
      if (!created && own) await roleChange.after(q, caller, Number(row.id), own);
      if (body.menuIds === undefined) return;
      const ids = idList(body.menuIds, 'menuIds');
      await q.query(`delete from sys_role_menu where role_id = $1`, [row.id]);
      const r = await q.query(`insert into sys_role_menu(role_id, menu_id) select $1, id from sys_menu where id = any($2)`, [row.id, ids]);
      if (r.rowCount !== ids.length) throw badRequest('messages.validationFailed', { menuIds: { key: 'validation.invalid' } });
    },
    beforeRemove: async (q, rows, caller) => {
      if (rows.some((r) => r.role_key === 'admin')) throw conflict('messages.adminRoleProtected');
      for (const r of rows) await roleChange.before(q, caller, Number(r.id));
    },
    beforeStatus: async (q, row, _status, caller) => {
      if (row.role_key === 'admin') throw conflict('messages.adminRoleProtected');
      await roleChange.before(q, caller, Number(row.id));
    },
  },
  // one default printer: saving a new default clears the previous one (the new default wins)
  printer: {
    beforeSave: async (q, values, _c, existing) => {
      // two printers made default at once: one after the other, so the last one saved is the only default
      if (values.isDefault === true && existing?.is_default !== true) await q.query(`select pg_advisory_xact_lock(hashtext('tms-default-printer'))`);
    },
    afterSave: async (q, row) => {
      if (row.is_default === true) await q.query(`update sys_printer set is_default = false, version = version + 1 where id <> $1 and is_default`, [row.id]);
    },
  },
  user: {
    beforeRemove: async (q, rows, caller) => {
      for (const r of rows) await assertNotBeyond(q, caller, Number(r.id));
      if (rows.some((r) => r.user_name === 'admin' || r.id === caller.userId)) throw conflict('messages.userCannotRemove');
    },
    beforeStatus: async (q, row, status, caller) => {
      await assertNotBeyond(q, caller, Number(row.id));
      if (status === '1' && (row.user_name === 'admin' || row.id === caller.userId)) throw conflict('messages.userCannotDisable');
    },
    // a user holding more than the editor keeps its password, department and the rest as they are
    beforeSave: async (q, _values, caller, existing) => {
      if (existing) await assertNotBeyond(q, caller, Number(existing.id));
    },
    afterSave: async (q, row, caller, _body, created) => {
      // a new user works in the creator's dispatch center until an administrator assigns others
      if (created && caller.dispatchCenterId) {
        await q.query(`insert into sys_user_dispatch_center(user_id, dispatch_center_id, is_default) values ($1,$2,true) on conflict do nothing`, [row.id, caller.dispatchCenterId]);
      }
    },
  },
};

const eventLoop = monitorEventLoopDelay({ resolution: 20 });
eventLoop.enable();
let requestCount = 0;

export function registerSystemAdminRoutes(app: FastifyInstance, db: Db): void {
  app.addHook('onResponse', async () => {
    requestCount += 1;
  });

  const L = legacyErrors;
  // ---- roles ----
  const roleTags = ['role'];
  route(app, { method: 'GET', url: '/api/system/role/all', operationId: 'role.all', summary: 'Every role (for pickers)', tags: roleTags, permission: 'system:role:query', response: okOf(z.array(C.RoleChoice)) }, async (req) => {
    const r = await db.query<z.input<typeof C.RoleChoice>>(`select id, role_key as "roleKey", role_name as "roleName", status from sys_role order by role_sort, id`);
    return ok(req, r.rows);
  });
  route(app, { ...C.endpoints.roleMenus, params: L(C.RoleParams) }, async (req) => {
    const { id } = req.params;
    const r = await db.query<{ menu_id: number }>(`select menu_id from sys_role_menu where role_id = $1`, [id]);
    return ok(req, { checkedKeys: r.rows.map((x) => x.menu_id) });
  });
  route(app, { ...C.endpoints.roleDepts, params: L(C.RoleParams) }, async (req) => {
    const { id } = req.params;
    const r = await db.query<{ dept_id: number }>(`select dept_id from sys_role_dept where role_id = $1`, [id]);
    return ok(req, { checkedKeys: r.rows.map((x) => x.dept_id) });
  });
  route(app, { ...C.endpoints.roleDataScope, body: L(C.AuthDataScope) }, async (req) => {
    const { id, dataScope: scope, deptIds } = req.body;
    await mutate(db, req, { title: 'role', businessType: 'UPDATE' }, async (q) => {
      const caller = requireCaller(req);
      const own = await roleChange.before(q, caller, id);
      const r = await q.query(`update sys_role set data_scope = $1, update_time = now(), version = version + 1 where id = $2`, [scope, id]);
      if (!r.rowCount) throw notFound();
      await q.query(`delete from sys_role_dept where role_id = $1`, [id]);
      if (deptIds.length) await q.query(`insert into sys_role_dept(role_id, dept_id) select $1, id from sys_dept where id = any($2)`, [id, deptIds]);
      // nobody holding the role now sees departments the caller does not
      await roleChange.after(q, caller, id, own);
      return { id };
    });
    return ok(req);
  });
  const userRoles = (assigned: boolean) => async (req: FastifyRequest<{ Querystring: z.output<typeof C.UserIdQuery> }>) => {
    const { userId } = req.query;
    await userInScope(db, req, userId);
    const r = await db.query(
      `select id, role_key as "roleKey", role_name as "roleName", status from sys_role r
        where ${assigned ? '' : 'not '}exists (select 1 from sys_user_role ur where ur.role_id = r.id and ur.user_id = $1) order by role_sort, id`,
      [userId],
    );
    return ok(req, r.rows as z.input<typeof C.RoleChoice>[]);
  };
  route(app, { ...C.endpoints.userRoles, querystring: L(C.UserIdQuery) }, userRoles(true));
  route(app, { ...C.endpoints.userOtherRoles, querystring: L(C.UserIdQuery) }, userRoles(false));
  route(app, { method: 'GET', url: '/api/system/role/allUser', operationId: 'role.users', summary: 'The users holding a role (within the caller’s data scope)', tags: roleTags, permission: 'system:role:query', querystring: L(C.RoleIdQuery), response: okOf(z.array(C.RoleUser)) }, async (req) => {
    const { roleId } = req.query;
    const params: unknown[] = [roleId];
    const r = await db.query<z.input<typeof C.RoleUser>>(
      `select u.id, u.user_name as "userName", u.nick_name as "nickName" from sys_user u join sys_user_role ur on ur.user_id = u.id
        where ur.role_id = $1 and ${usersInScope(req, params)} order by u.id`,
      params,
    );
    return ok(req, r.rows);
  });
  /**
   * A change to a user, in one transaction: refused (403) when the user holds more than the caller before it, or
   * would hold more after it (roles, centers or data groups the caller does not hold itself), or is the built-in
   * administrator and the caller is not an administrator.
   */
  const changeUsers = async <T,>(q: Queryable, req: FastifyRequest, userIds: number[], change: () => Promise<T>): Promise<T> => {
    const caller = requireCaller(req);
    const own = await ownRights(q, caller);
    for (const id of userIds) await assertNotBeyond(q, caller, id);
    const out = await change();
    for (const id of userIds) await assertNotBeyond(q, caller, id, own);
    return out;
  };
  for (const [spec, bind] of [
    [C.endpoints.bindRoles, true],
    [C.endpoints.unbindRoles, false],
  ] as const) {
    route(app, spec, async (req) => {
      const { userId, roleIds } = parseInput(L(C.RoleBinding), { ...req.query, ...(req.body ?? {}) }, 'body');
      await mutate(db, req, { title: 'user', businessType: 'UPDATE' }, async (q) => {
        const user = await userInScope(q, req, userId);
        return changeUsers(q, req, [userId], async () => {
          if (bind) {
            // only an administrator hands out the admin role (said as such; other roles beyond the caller are refused after)
            if (!(requireCaller(req).isAdmin && !requireCaller(req).scopes)) {
              const admin = await q.query(`select 1 from sys_role where role_key = 'admin' and id = any($1)`, [roleIds]);
              if (admin.rows.length) throw new AppError(403, 'messages.adminRoleProtected');
            }
            await q.query(`insert into sys_user_role(user_id, role_id) select $1, id from sys_role where id = any($2) on conflict do nothing`, [userId, roleIds]);
          } else {
            if (user.user_name === 'admin') {
              const admin = await q.query(`select 1 from sys_role where role_key = 'admin' and id = any($1)`, [roleIds]);
              if (admin.rows.length) throw conflict('messages.adminRoleProtected');
            }
            await q.query(`delete from sys_user_role where user_id = $1 and role_id = any($2)`, [userId, roleIds]);
          }
          return { userId, roleIds };
        });
      });
      return ok(req);
    });
  }

  // ---- users ----
  route(app, C.endpoints.userAll, async (req) => {
    const params: unknown[] = [];
    const r = await db.query<z.input<typeof C.UserChoice>>(`select u.id, u.user_name as "userName", u.nick_name as "nickName", u.status from sys_user u where ${usersInScope(req, params)} order by u.id`, params);
    return ok(req, r.rows);
  });
  route(app, { ...C.endpoints.resetPassword, body: L(C.ResetPassword) }, async (req) => {
    const { id, password: pw } = req.body;
    const hash = await hashPassword(pw);
    await mutate(db, req, { title: 'user', businessType: 'UPDATE' }, async (q) => {
      await userInScope(q, req, id);
      return changeUsers(q, req, [id], async () => {
        const r = await q.query(`update sys_user set password_hash = $1, update_time = now(), version = version + 1 where id = $2`, [hash, id]);
        if (!r.rowCount) throw notFound();
        await q.query(`update sys_session set revoked_at = now() where user_id = $1 and revoked_at is null`, [id]);
        return { id };
      });
    });
    return ok(req);
  });
  route(app, { ...C.endpoints.userCenters, querystring: L(C.UserIdQuery) }, async (req) => {
    const { userId } = req.query;
    await userInScope(db, req, userId);
    const r = await db.query<z.input<typeof C.UserCenter>>(
      `select d.id, d.code, d.name, (udc.user_id is not null) as assigned, coalesce(udc.is_default, false) as "isDefault"
         from sys_dispatch_center d left join sys_user_dispatch_center udc on udc.dispatch_center_id = d.id and udc.user_id = $1 order by d.id`,
      [userId],
    );
    return ok(req, r.rows);
  });
  route(app, { ...C.endpoints.setUserCenters, body: L(C.SetUserCenters) }, async (req) => {
    const { userId, ids, defaultId } = req.body;
    const def = defaultId ?? ids[0];
    if (ids.length && !ids.includes(def!)) throw badRequest('messages.validationFailed', { defaultId: { key: 'validation.invalid' } });
    await mutate(db, req, { title: 'user', businessType: 'UPDATE' }, async (q) => {
      await userInScope(q, req, userId);
      return changeUsers(q, req, [userId], async () => {
        await q.query(`delete from sys_user_dispatch_center where user_id = $1`, [userId]);
        if (ids.length) {
          const r = await q.query(`insert into sys_user_dispatch_center(user_id, dispatch_center_id, is_default) select $1, id, id = $3 from sys_dispatch_center where id = any($2)`, [userId, ids, def]);
          if (r.rowCount !== ids.length) throw badRequest('messages.validationFailed', { ids: { key: 'validation.invalid' } });
        }
        // a session working in a center the user lost moves to the default one
        await q.query(
          `update sys_session set dispatch_center_id = $2 where user_id = $1 and revoked_at is null and (dispatch_center_id is null or not (dispatch_center_id = any($3)))`,
          [userId, def ?? null, ids],
        );
        return { userId, ids };
      });
    });
    return ok(req);
  });
  route(app, { ...C.endpoints.userGroups, querystring: L(C.UserIdQuery) }, async (req) => {
    const { userId } = req.query;
    await userInScope(db, req, userId);
    const r = await db.query<z.input<typeof C.UserGroup>>(
      `select g.id, g.code, g.name, exists (select 1 from sys_user_data_group x where x.user_id = $1 and x.data_group_id = g.id) as assigned from sys_data_group g order by g.id`,
      [userId],
    );
    return ok(req, r.rows);
  });
  route(app, { ...C.endpoints.setUserGroups, body: L(C.SetUserGroups) }, async (req) => {
    const { userId, ids } = req.body;
    await mutate(db, req, { title: 'user', businessType: 'UPDATE' }, async (q) => {
      await userInScope(q, req, userId);
      return changeUsers(q, req, [userId], async () => {
        await q.query(`delete from sys_user_data_group where user_id = $1`, [userId]);
        if (ids.length) {
          const r = await q.query(`insert into sys_user_data_group(user_id, data_group_id) select $1, id from sys_data_group where id = any($2)`, [userId, ids]);
          if (r.rowCount !== ids.length) throw badRequest('messages.validationFailed', { ids: { key: 'validation.invalid' } });
        }
        return { userId, ids };
      });
    });
    return ok(req);
  });
  /**
   * User transfer: MOVES the chosen parts (roles, dispatch centers, data groups) from one user to another, in one
   * transaction. The giving user keeps the rest and goes on working with it; the receiving user keeps its own default
   * dispatch center, or takes the giving user's when it had none, so it ends with exactly one.
   */
  route(app, { ...C.endpoints.transfer, body: L(C.Transfer) }, async (req) => {
    const { fromUserId: from, toUserId: to, parts } = req.body;
    if (from === to) throw badRequest('messages.validationFailed', { toUserId: { key: 'validation.invalid' } });
    const moved = await mutate(db, req, { title: 'user', businessType: 'TRANSFER' }, async (q) => {
      const source = await userInScope(q, req, from);
      await userInScope(q, req, to);
      // two transfers between the same users run one after the other
      await q.query(`select id from sys_user where id = any($1) order by id for update`, [[from, to]]);
      return changeUsers(q, req, [from, to], async () => {
        const out = { fromUserId: from, toUserId: to, parts, roleIds: [] as number[], dispatchCenterIds: [] as number[], dataGroupIds: [] as number[] };
        if (parts.includes('roles')) {
          if (source.user_name === 'admin') {
            // the built-in administrator keeps the admin role (as on unbinding)
            const admin = await q.query(`select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = $1 and r.role_key = 'admin'`, [from]);
            if (admin.rows.length) throw conflict('messages.adminRoleProtected');
          }
          const r = await q.query<{ role_id: number }>(`delete from sys_user_role where user_id = $1 returning role_id`, [from]);
          out.roleIds = r.rows.map((x) => Number(x.role_id)).sort((x, y) => x - y);
          if (out.roleIds.length) await q.query(`insert into sys_user_role(user_id, role_id) select $1, unnest($2::bigint[]) on conflict do nothing`, [to, out.roleIds]);
        }
        if (parts.includes('dispatchCenters')) {
          const r = await q.query<{ dispatch_center_id: number; is_default: boolean }>(
            `delete from sys_user_dispatch_center where user_id = $1 returning dispatch_center_id, is_default`,
            [from],
          );
          out.dispatchCenterIds = r.rows.map((x) => Number(x.dispatch_center_id)).sort((x, y) => x - y);
          if (out.dispatchCenterIds.length) {
            await q.query(`insert into sys_user_dispatch_center(user_id, dispatch_center_id, is_default) select $1, unnest($2::bigint[]), false on conflict do nothing`, [
              to,
              out.dispatchCenterIds,
            ]);
            // exactly one default: the receiving user's own, else the giving user's, else its first center
            const sourceDefault = r.rows.find((x) => x.is_default)?.dispatch_center_id ?? null;
            await q.query(
              `update sys_user_dispatch_center set is_default = (dispatch_center_id = (select coalesce(
                   (select min(dispatch_center_id) from sys_user_dispatch_center where user_id = $1 and is_default), $2::bigint,
                   (select min(dispatch_center_id) from sys_user_dispatch_center where user_id = $1))))
                where user_id = $1`,
              [to, sourceDefault],
            );
          }
          // the giving user's sessions no longer work in a dispatch center of theirs
          await q.query(`update sys_session set dispatch_center_id = null where user_id = $1 and revoked_at is null and dispatch_center_id is not null`, [from]);
        }
        if (parts.includes('dataGroups')) {
          const r = await q.query<{ data_group_id: number }>(`delete from sys_user_data_group where user_id = $1 returning data_group_id`, [from]);
          out.dataGroupIds = r.rows.map((x) => Number(x.data_group_id)).sort((x, y) => x - y);
          if (out.dataGroupIds.length) await q.query(`insert into sys_user_data_group(user_id, data_group_id) select $1, unnest($2::bigint[]) on conflict do nothing`, [to, out.dataGroupIds]);
        }
        return out;
      });
    });
    return ok(req, moved);
  });

  // ---- data groups: bind clients, carriers and zones ----
  const BIND_TARGETS = { CLIENT: 'base_client', CARRIER: 'base_carrier', ZONE: 'base_zone' } as const;
  route(app, { ...C.endpoints.dataGroupBinds, querystring: L(C.DataGroupQuery) }, async (req) => {
    const { id } = req.query;
    const r = await db.query<z.input<typeof C.DataGroupBindRow>>(`select target_type as "targetType", target_id as "targetId" from sys_data_group_bind where data_group_id = $1 order by target_type, target_id`, [id]);
    return ok(req, r.rows);
  });
  route(app, { ...C.endpoints.dataGroupBind, body: L(C.DataGroupBind) }, async (req) => {
    const { id, targetType: type, targetIds: ids } = req.body;
    await mutate(db, req, { title: 'dataGroup', businessType: 'UPDATE' }, async (q) => {
      if (!(await q.query(`select 1 from sys_data_group where id = $1`, [id])).rows.length) throw notFound();
      // only clients, carriers and zones that exist: a group bound to nothing real would hide every record of that kind
      const table = BIND_TARGETS[type as keyof typeof BIND_TARGETS];
      const found = ids.length ? (await q.query<{ n: number }>(`select count(*)::int as n from ${table} where id = any($1)`, [ids])).rows[0]!.n : 0;
      if (Number(found) !== ids.length) throw badRequest('messages.validationFailed', { targetIds: { key: 'validation.invalid' } });
      await q.query(`delete from sys_data_group_bind where data_group_id = $1 and target_type = $2`, [id, type]);
      if (ids.length) await q.query(`insert into sys_data_group_bind(data_group_id, target_type, target_id) select $1, $2, unnest($3::bigint[])`, [id, type, ids]);
      return { id, type, ids };
    });
    return ok(req);
  });

  // ---- departments: the enabled ones within the caller's data scope (spec §7 GET /dept/list/enable) ----
  /**
   * For department pickers: every enabled department under enabled parents, within the caller's data scope, as a flat
   * list of id / parentId / deptName / orderNum. A department whose parent is not in the list is a root for this caller.
   */
  route(app, { method: 'GET', url: '/api/system/dept/list/enable', operationId: 'dept.enabled', summary: 'The enabled departments within the caller’s data scope (for pickers)', tags: ['dept'], permission: 'system:dept:query', response: okOf(z.array(C.EnabledDept)) }, async (req) => {
    const params: unknown[] = [];
    const where = scopeOf(deptDef, requireCaller(req), params, 'd');
    const r = await db.query<z.input<typeof C.EnabledDept>>(
      `with recursive enabled(id) as (
         select id from sys_dept where parent_id = 0 and status = '0'
         union all select c.id from sys_dept c join enabled e on c.parent_id = e.id where c.status = '0')
       select d.id, d.parent_id as "parentId", d.dept_name as "deptName", d.order_num as "orderNum" from sys_dept d
        where d.id in (select id from enabled)${where.length ? ' and ' + where.join(' and ') : ''}
        order by d.order_num, d.id`,
      params,
    );
    return ok(req, r.rows);
  });

  // ---- districts: the province → city → area cascader ----
  route(app, { ...C.endpoints.districtChildren, querystring: L(C.DistrictQuery) }, async (req) => {
    const { parentId } = req.query;
    const r = await db.query<z.input<typeof C.District>>(
      `select d.id, d.name, d.depth, exists (select 1 from sys_district c where c.parent_id = d.id) as "hasChildren" from sys_district d where d.parent_id = $1 order by d.id`,
      [parentId],
    );
    return ok(req, r.rows);
  });

  // ---- number rules ----
  route(app, { ...C.endpoints.numberExample, querystring: L(C.NumberExampleQuery) }, async (req) => {
    const qy = req.query;
    const pattern = String(qy.timestampPattern ?? 'YYYYMMDD');
    const code = formatCode({
      prefix: String(qy.prefix ?? ''),
      timestampEnabled: qy.timestampEnabled !== 'false',
      timestampPattern: pattern,
      serialLength: qy.serialLength,
      serial: 1,
      now: new Date(),
    });
    return ok(req, { example: code });
  });
  route(app, { method: 'POST', url: '/api/system/numberRule/next', operationId: 'numberRule.next', summary: 'Take the next code of a number rule in the caller’s dispatch center', tags: ['numberRule'], permission: 'system:numberRule:edit', body: C.NextNumber, response: okOf(z.object({ code: z.string() })) }, async (req) => {
    const caller = requireCaller(req);
    const refType = String(req.body.refType ?? '');
    const code = await db.tx((q) => nextCode(q, refType, caller.dispatchCenterId, null, new Date()));
    return ok(req, { code });
  });

  // ---- logs ----
  // clean-up removes the rows the caller sees: those of the users in its data scope
  for (const [spec, name] of [
    [C.endpoints.cleanOperLog, 'operLog'],
    [C.endpoints.cleanLoginLog, 'loginLog'],
  ] as const) {
    const def = getResource(name);
    route(app, spec, async (req) => {
      const params: unknown[] = [];
      const where = scopeOf(def, requireCaller(req), params, 't');
      const n = await mutate(db, req, { title: def.table, businessType: 'CLEAN' }, async (q) =>
        (await q.query(`delete from ${def.table} t${where.length ? ' where ' + where.join(' and ') : ''}`, params)).rowCount,
      );
      return ok(req, { removed: n });
    });
  }

  // ---- online users ----
  route(app, { ...C.endpoints.onlineList, querystring: L(C.OnlineQuery) }, async (req) => {
    const qy = req.query;
    const { pageSize, pageNum } = qy;
    const name = typeof qy.userName === 'string' && qy.userName ? `%${qy.userName.replace(/[\\%_]/g, (c) => '\\' + c)}%` : null;
    const params: unknown[] = [name, pageSize, (pageNum - 1) * pageSize];
    // the sessions of the users the caller sees (the roles' department data scope)
    const scope = usersInScope(req, params);
    const r = await db.query<Omit<z.input<typeof C.OnlineSession>, 'loginTime' | 'expiresAt'> & { loginTime: Date; expiresAt: Date; total: number }>(
      `select s.id, u.user_name as "userName", u.nick_name as "nickName", s.ipaddr, s.user_agent as "userAgent", d.name as "dispatchCenterName",
              s.create_time as "loginTime", s.expires_at as "expiresAt", count(*) over() as total
         from sys_session s join sys_user u on u.id = s.user_id left join sys_dispatch_center d on d.id = s.dispatch_center_id
        where s.revoked_at is null and s.expires_at > now() and ($1::text is null or u.user_name ilike $1) and ${scope}
        order by s.id desc limit $2 offset $3`,
      params,
    );
    return page(req, r.rows.map(({ total: _t, loginTime, expiresAt, ...x }) => ({ ...x, loginTime: loginTime.toISOString(), expiresAt: expiresAt.toISOString() })), Number(r.rows[0]?.total ?? 0));
  });
  route(app, { ...C.endpoints.forceLogout, body: L(C.IdInBody) }, async (req) => {
    const caller: Caller = requireCaller(req);
    const { id } = req.body;
    if (id === caller.sessionId) throw conflict('messages.cannotForceSelf');
    await mutate(db, req, { title: 'online', businessType: 'FORCE' }, async (q) => {
      const params: unknown[] = [id];
      const r = await q.query(
        `update sys_session s set revoked_at = now() from sys_user u where s.id = $1 and s.revoked_at is null and u.id = s.user_id and ${usersInScope(req, params)}`,
        params,
      );
      if (!r.rowCount) throw notFound();
      return { id };
    });
    return ok(req);
  });

  // ---- server and database monitor ----
  route(app, C.endpoints.serverState, async (req) => {
    const mem = process.memoryUsage();
    const dbStats = await db.query<{ size: number }>(`select pg_database_size(current_database())::int8 as size`).catch(() => ({ rows: [{ size: 0 }] }));
    const tables = await db.query<{ table: string; rows: number; bytes: number }>(
      `select relname as "table", n_live_tup::int8 as rows, pg_total_relation_size(relid)::int8 as bytes from pg_stat_user_tables order by pg_total_relation_size(relid) desc limit 15`,
    );
    const conns = await db
      .query<{ state: string | null; n: number }>(`select state, count(*)::int8 as n from pg_stat_activity where datname = current_database() group by state`)
      .catch(() => ({ rows: [] as { state: string | null; n: number }[] }));
    // the slowest statements need the pg_stat_statements extension; the answer says whether it is there
    let slowestAvailable = true;
    const slow = await db
      .query<{ query: string; calls: number; meanMs: number }>(`select query, calls::int8, round(mean_exec_time::numeric, 2) as "meanMs" from pg_stat_statements order by mean_exec_time desc limit 10`)
      .catch(() => {
        slowestAvailable = false;
        return { rows: [] as { query: string; calls: number; meanMs: number }[] };
      });
    return ok(req, {
      process: {
        uptimeSec: Math.round(process.uptime()),
        rssBytes: mem.rss,
        heapUsedBytes: mem.heapUsed,
        heapTotalBytes: mem.heapTotal,
        eventLoopDelayMs: { mean: +(eventLoop.mean / 1e6).toFixed(2), p99: +(eventLoop.percentile(99) / 1e6).toFixed(2), max: +(eventLoop.max / 1e6).toFixed(2) },
        requests: requestCount,
        requestsPerMinute: +((requestCount / Math.max(1, process.uptime())) * 60).toFixed(1),
        node: process.version,
      },
      host: { cpus: os.cpus().length, loadavg: os.loadavg(), totalMemBytes: os.totalmem(), freeMemBytes: os.freemem(), platform: `${os.type()} ${os.release()}` },
      database: { kind: db.kind, sizeBytes: dbStats.rows[0]?.size ?? 0, connections: conns.rows, tables: tables.rows, slowest: slow.rows, slowestAvailable },
    });
  });
}

