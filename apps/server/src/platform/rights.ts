/**
 * What a user may do and see, compared between two users: nobody manages a user (password, status, roles,
 * dispatch centers, data groups, API clients acting as it) who holds a permission or data scope they do not
 * hold themselves, and no change leaves a user holding more than the person who made it. The built-in
 * administrator account is changed only by an administrator.
 *
 * Rights compared: the permissions of the user's roles (the admin role holds all), the department data scope
 * of its roles (the departments it sees), its dispatch centers and its data groups (the clients, carriers and
 * zones it sees; a kind its groups bind nothing of is seen whole).
 */
import { getResource } from '@tms/domain';
import type { Queryable } from './db.ts';
import { hasPermission, type Caller } from './auth.ts';
import { AppError } from './errors.ts';
import { scopeOf } from './resource-engine.ts';

const KINDS = ['CLIENT', 'CARRIER', 'ZONE'] as const;
type Kind = (typeof KINDS)[number];
type IdSet = Set<number> | 'all';

export interface Rights {
  userId: number;
  userName: string;
  isAdmin: boolean;
  perms: Set<string>;
  depts: IdSet;
  centers: IdSet;
  groups: Record<Kind, IdSet>;
}

const deptDef = getResource('dept');

/**
 * A user's rights as stored. `disabledRolesCount`: a disabled role still counts (it can be enabled again), which is
 * how a user being managed is measured; the manager's own rights count its enabled roles only.
 */
export async function rightsOf(q: Queryable, userId: number, disabledRolesCount: boolean): Promise<Rights | null> {
  const roleOk = disabledRolesCount ? 'true' : `r.status = '0'`;
  const r = await q.query<{
    user_name: string;
    dept_id: number | null;
    roles: string[] | null;
    perms: string[] | null;
    data_scopes: string[] | null;
    centers: string[] | null;
    binds: string[] | null;
  }>(
    `select u.user_name, u.dept_id,
            (select array_agg(r.role_key) from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = u.id and ${roleOk}) as roles,
            (select array_agg(distinct m.perms) from sys_user_role ur join sys_role r on r.id = ur.role_id and ${roleOk}
               join sys_role_menu rm on rm.role_id = r.id join sys_menu m on m.id = rm.menu_id
              where ur.user_id = u.id and m.perms is not null and m.perms <> '') as perms,
            (select array_agg(distinct r.data_scope) from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = u.id and ${roleOk}) as data_scopes,
            (select array_agg(dispatch_center_id::text) from sys_user_dispatch_center where user_id = u.id) as centers,
            (select array_agg(b.target_type || ':' || b.target_id) from sys_user_data_group g
               join sys_data_group_bind b on b.data_group_id = g.data_group_id where g.user_id = u.id) as binds
       from sys_user u where u.id = $1`,
    [userId],
  );
  const row = r.rows[0];
  if (!row) return null;
  const roles = row.roles ?? [];
  const isAdmin = roles.includes('admin');
  const dataScopes = row.data_scopes ?? [];
  const groups = {} as Record<Kind, IdSet>;
  for (const k of KINDS) {
    const ids = (row.binds ?? []).filter((b) => b.startsWith(k + ':')).map((b) => Number(b.slice(k.length + 1)));
    groups[k] = ids.length ? new Set(ids) : 'all';
  }
  let depts: IdSet = 'all';
  if (!isAdmin) {
    // the departments the user's roles show, as the generic engine computes them for a caller
    const params: unknown[] = [];
    // the data-scope query of the custom scope reads enabled roles only: measure a managed user with all of its roles
    const asCaller = { userId, userName: row.user_name, isAdmin, deptId: row.dept_id, dataScopes, roles, perms: new Set<string>(), sessionId: 0, dispatchCenterId: null, scopes: null, allowedIps: null } satisfies Caller;
    const where = scopeOf(deptDef, asCaller, params, 'd');
    if (where.length) {
      const d = await q.query<{ id: number }>(`select d.id from sys_dept d where ${where.join(' and ')}`, params);
      depts = new Set(d.rows.map((x) => Number(x.id)));
    }
  }
  return {
    userId,
    userName: row.user_name,
    isAdmin,
    perms: new Set(row.perms ?? []),
    depts,
    centers: isAdmin ? 'all' : new Set((row.centers ?? []).map(Number)),
    groups: isAdmin ? { CLIENT: 'all', CARRIER: 'all', ZONE: 'all' } : groups,
  };
}

const within = (a: IdSet, b: IdSet) => b === 'all' || (a !== 'all' && [...a].every((x) => b.has(x)));

/** What `target` holds beyond what the manager holds: null when nothing. */
export function beyond(target: Rights, manager: Caller, own: Rights): string | null {
  // an administrator's own session holds everything; an API client's token only what its scopes allow
  if (manager.isAdmin && !manager.scopes) return null;
  if (target.isAdmin) return 'admin';
  for (const p of target.perms) if (!hasPermission(manager, p)) return `permission ${p}`;
  // a scope lets one see records only through a permission: a user without any has none to compare
  if (!target.perms.size) return null;
  if (!within(target.depts, own.depts)) return 'departments';
  if (!within(target.centers, own.centers)) return 'dispatch centers';
  for (const k of KINDS) if (!within(target.groups[k], own.groups[k])) return `data groups (${k})`;
  return null;
}

/** The manager's own rights, read once per request. */
export async function ownRights(q: Queryable, caller: Caller): Promise<Rights> {
  const own = await rightsOf(q, caller.userId, false);
  if (!own) throw new AppError(403, 'messages.userBeyondYou');
  return own;
}

/**
 * Refuses (403) when the user holds anything the caller does not (or is the built-in administrator and the caller
 * is not an administrator). Call it before a change (may the caller touch this user?) and, in the same transaction,
 * after it (does the user now hold more than the caller?). `own`: the caller's rights read before the change.
 */
export async function assertNotBeyond(q: Queryable, caller: Caller, userId: number, own?: Rights, field?: string): Promise<void> {
  const refuse = () => new AppError(403, 'messages.userBeyondYou', undefined, field ? { [field]: { key: 'messages.userBeyondYou' } } : undefined);
  const target = await rightsOf(q, userId, true);
  if (!target) return; // no such user: the route's own lookup answers 404
  if (target.userName === 'admin' && !(caller.isAdmin && !caller.scopes)) throw refuse();
  if (target.userId === caller.userId && !own) return; // one's own account, before a change
  if (beyond(target, caller, own ?? (await ownRights(q, caller)))) throw refuse();
}

/**
 * API-client scopes (permission prefixes): every permission a scope opens must be one the caller holds itself,
 * else 403 naming the field.
 */
export async function assertScopesHeld(q: Queryable, caller: Caller, scopes: string[], field: string): Promise<void> {
  if (caller.isAdmin && !caller.scopes) return;
  for (const s of scopes) {
    const r = await q.query<{ perms: string }>(`select distinct perms from sys_menu where perms = $1 or perms like $2`, [s, s.replace(/[\\%_]/g, (c) => '\\' + c) + ':%']);
    if (r.rows.some((x) => !hasPermission(caller, x.perms))) {
      throw new AppError(403, 'messages.scopeBeyondYou', { scope: s }, { [field]: { key: 'messages.scopeBeyondYou', params: { scope: s } } });
    }
  }
}
