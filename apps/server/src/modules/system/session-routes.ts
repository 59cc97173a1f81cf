/** What the signed-in shell needs: user info, menu tree, dispatch centers, dictionaries, own profile. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { okOf, SessionApi as C, type MenuRecord, type UserInfo } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { route } from '../../platform/contract.ts';
import { hashPassword, requireCaller, verifyPassword, type Caller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';

interface MenuRow {
  id: number;
  parent_id: number;
  menu_name: string;
  menu_key: string | null;
  icon: string | null;
  visible: string;
  path: string;
  component: string | null;
  redirect: string | null;
  remark: string | null;
  target: string;
  hidden_children: boolean;
  hidden_header: boolean;
  menu_type: 'M' | 'C' | 'F';
  perms: string | null;
  order_num: number;
}

/** Menus granted to the caller (admin: all), enabled ones only. */
export async function grantedMenus(db: Db, caller: Caller): Promise<MenuRow[]> {
  const r = caller.isAdmin
    ? await db.query<MenuRow>(`select * from sys_menu where status = '0' order by parent_id, order_num, id`)
    : await db.query<MenuRow>(
        `select distinct m.* from sys_menu m join sys_role_menu rm on rm.menu_id = m.id
           join sys_user_role ur on ur.role_id = rm.role_id join sys_role r on r.id = ur.role_id and r.status = '0'
          where ur.user_id = $1 and m.status = '0' order by m.parent_id, m.order_num, m.id`,
        [caller.userId],
      );
  return r.rows;
}

/** An address outside the application: such a menu always opens in a new window. */
const isOutsideLink = (path: string | null) => !!path && /^https?:\/\//i.test(path.trim());

/**
 * The permission keys of the granted buttons that take effect: a button under a catalogue or menu without a key
 * (which is not in the user's menu, spec §5) grants nothing on the screen either.
 */
export async function effectiveButtons(db: Db, granted: MenuRow[]): Promise<string[]> {
  const all = (await db.query<{ id: number; parent_id: number; menu_type: string; menu_key: string | null }>(`select id, parent_id, menu_type, menu_key from sys_menu`)).rows;
  const byId = new Map(all.map((m) => [Number(m.id), m]));
  const keyless = (id: number): boolean => {
    const seen = new Set<number>();
    for (let m = byId.get(id); m && !seen.has(Number(m.id)); m = byId.get(Number(m.parent_id))) {
      seen.add(Number(m.id));
      if (m.menu_type !== 'F' && !m.menu_key?.trim()) return true;
    }
    return false;
  };
  const keys = granted.filter((m) => m.perms?.trim() && !keyless(Number(m.id))).map((m) => m.perms!.trim());
  return [...new Set(keys)].sort();
}

export function buildTree(rows: MenuRow[]): MenuRecord[] {
  const nodes = new Map<number, MenuRecord>();
  for (const m of rows) {
    if (m.menu_type === 'F') continue;
    // a menu needs a non-empty key to take effect (spec §5)
    if (!m.menu_key?.trim()) continue;
    nodes.set(m.id, {
      id: m.id,
      parentId: m.parent_id,
      menuName: m.menu_name,
      menuKey: m.menu_key,
      icon: m.icon,
      visible: m.visible,
      path: m.path,
      component: m.component,
      redirect: m.redirect,
      remark: m.remark,
      // a link to an outside address always opens in a new window
      target: isOutsideLink(m.path) ? '_blank' : m.target,
      hiddenChildren: m.hidden_children,
      hiddenHeader: m.hidden_header,
      menuType: m.menu_type,
      perms: m.perms,
      orderNum: m.order_num,
      children: [],
    });
  }
  const roots: MenuRecord[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId);
    if (parent) parent.children!.push(n);
    else if (n.parentId === 0) roots.push(n);
  }
  const sort = (list: MenuRecord[]) => {
    list.sort((a, b) => a.orderNum - b.orderNum || a.id - b.id);
    for (const n of list) sort(n.children!);
  };
  sort(roots);
  // catalogues with nothing granted under them are left out
  const prune = (list: MenuRecord[]): MenuRecord[] =>
    list.filter((n) => {
      n.children = prune(n.children!);
      return n.menuType !== 'M' || n.children.length > 0;
    });
  return prune(roots);
}

export function permissionList(buttons: string[]): { permissionId: string; actionList: string[] }[] {
  const map = new Map<string, string[]>();
  for (const b of buttons) {
    const i = b.lastIndexOf(':');
    if (i <= 0) continue;
    const id = b.slice(0, i);
    map.set(id, [...(map.get(id) ?? []), b.slice(i + 1)]);
  }
  return [...map].map(([permissionId, actionList]) => ({ permissionId, actionList }));
}

export function registerSessionRoutes(app: FastifyInstance, db: Db): void {
  route(app, { method: 'GET', url: '/api/health', operationId: 'health', summary: 'Answers once migrations are applied', tags: ['session'], permission: 'public', response: C.Health }, async () => ({ code: 0 as const, msg: 'ok' }));

  const tags = ['session'];
  route(app, C.endpoints.userInfo, async (req) => {
    const caller = requireCaller(req);
    const u = (
      await db.query<{ id: number; user_name: string; nick_name: string; avatar: string | null; date_style: string; email: string | null; mobile: string | null }>(
        `select id, user_name, nick_name, avatar, date_style, email, mobile from sys_user where id = $1`,
        [caller.userId],
      )
    ).rows[0];
    if (!u) throw notFound();
    const roleIds = (await db.query<{ id: number }>(`select r.id from sys_user_role ur join sys_role r on r.id = ur.role_id and r.status = '0' where ur.user_id = $1 order by r.id`, [caller.userId])).rows.map((r) => r.id);
    const menus = await grantedMenus(db, caller);
    const buttons = await effectiveButtons(db, menus);
    const info: UserInfo & { email: string | null; mobile: string | null } = {
      id: u.id,
      userName: u.user_name,
      nickName: u.nick_name,
      avatar: u.avatar || '/avatar2.jpg',
      roleIds: roleIds.length ? roleIds.join(',') : '-1',
      roles: caller.roles,
      buttons,
      permissions: permissionList(buttons),
      sysUserProfile: { dateStyle: u.date_style },
      dispatchCenterId: caller.dispatchCenterId,
      email: u.email,
      mobile: u.mobile,
      userKind: caller.userKind ?? 'STAFF',
    };
    return ok(req, info);
  });

  route(app, C.endpoints.menus, async (req) => {
    return ok(req, buildTree(await grantedMenus(db, requireCaller(req))));
  });

  route(app, C.endpoints.dispatchCenters, async (req) => {
    const caller = requireCaller(req);
    const r = await db.query<{ id: number; code: string; short_code: string | null; name: string; is_default: boolean }>(
      `select d.id, d.code, d.short_code, d.name, udc.is_default from sys_user_dispatch_center udc
         join sys_dispatch_center d on d.id = udc.dispatch_center_id and d.status = '0'
        where udc.user_id = $1 order by udc.is_default desc, d.id`,
      [caller.userId],
    );
    return ok(
      req,
      r.rows.map((d) => ({ uuid: d.id, id: d.id, code: d.code, shortCode: d.short_code, name: d.name, isDefault: d.is_default ? ('1' as const) : ('0' as const), current: d.id === caller.dispatchCenterId })),
    );
  });

  route(app, C.endpoints.switchDispatchCenter, async (req) => {
    const caller = requireCaller(req);
    const id = req.query.dispatchCenterId;
    const r = await db.query(
      `select 1 from sys_user_dispatch_center udc join sys_dispatch_center d on d.id = udc.dispatch_center_id and d.status = '0' where udc.user_id = $1 and udc.dispatch_center_id = $2`,
      [caller.userId, id],
    );
    if (!r.rows.length) throw forbidden('messages.login.noDispatchCenter');
    await db.query(`update sys_session set dispatch_center_id = $1 where id = $2`, [id, caller.sessionId]);
    return ok(req, { dispatchCenterId: id });
  });

  type DictItem = z.input<typeof C.DictItem>;
  route(app, { method: 'GET', url: '/api/system/dict/data/type', operationId: 'session.dictByType', summary: 'The entries in use of one dictionary type', tags, permission: 'authenticated', querystring: C.DictTypeQuery, response: okOf(z.array(C.DictItem)) }, async (req) => {
    const r = await db.query<DictItem>(
      `select dict_value as "dictValue", dict_label as "dictLabel", dict_sort as "dictSort", list_class as "listClass", remark from sys_dict_data where dict_type = $1 and status = '0' order by dict_sort, id`,
      [req.query.dictType ?? ''],
    );
    return ok(req, r.rows);
  });

  route(app, C.endpoints.dicts, async (req) => {
    const r = await db.query<DictItem & { dictType: string }>(
      `select dict_type as "dictType", dict_value as "dictValue", dict_label as "dictLabel", dict_sort as "dictSort", list_class as "listClass", remark from sys_dict_data where status = '0' order by dict_type, dict_sort, id`,
    );
    const out: Record<string, DictItem[]> = {};
    for (const row of r.rows) (out[row.dictType] ??= []).push(row);
    return ok(req, out);
  });

  route(app, { method: 'GET', url: '/api/system/dict/type/optionselect', operationId: 'session.dictTypes', summary: 'The dictionary types in use', tags, permission: 'authenticated', response: okOf(z.array(C.DictTypeOption)) }, async (req) => {
    const r = await db.query<z.input<typeof C.DictTypeOption>>(`select id, dict_name as "dictName", dict_type as "dictType" from sys_dict_type where status = '0' order by id`);
    return ok(req, r.rows);
  });

  route(app, C.endpoints.latestApps, async (req) => {
    const r = await db.query<z.input<typeof C.AppInfo>>(
      `select distinct on (type) type, version_name as "versionName", download_url as "downloadUrl" from app_info where status = '0' order by type, id desc`,
    );
    return ok(req, r.rows);
  });

  // Own profile (account settings)
  route(app, C.endpoints.updateProfile, async (req) => {
    const caller = requireCaller(req);
    const { nickName: nick, email, mobile, dateStyle } = req.body;
    await mutate(db, req, { title: 'profile', businessType: 'UPDATE' }, async (q) => {
      await q.query(`update sys_user set nick_name = $1, email = $2, mobile = $3, date_style = coalesce($4, date_style), update_by = $5, update_time = now(), version = version + 1 where id = $6`, [
        nick,
        email || null,
        mobile || null,
        dateStyle ?? null,
        caller.userName,
        caller.userId,
      ]);
      return { id: caller.userId };
    });
    return ok(req);
  });

  route(app, { ...C.endpoints.updatePassword, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (req) => {
    const caller = requireCaller(req);
    const oldPassword = req.body.oldPassword ?? '';
    const newPassword = req.body.newPassword;
    const u = (await db.query<{ password_hash: string }>(`select password_hash from sys_user where id = $1`, [caller.userId])).rows[0]!;
    if (!(await verifyPassword(u.password_hash, oldPassword))) throw badRequest('messages.validationFailed', { oldPassword: { key: 'messages.login.badCredentials' } });
    const hash = await hashPassword(newPassword);
    await mutate(db, req, { title: 'profile', businessType: 'UPDATE' }, async (q) => {
      await q.query(`update sys_user set password_hash = $1, update_time = now(), version = version + 1 where id = $2`, [hash, caller.userId]);
      // other sessions of this user end; this one stays
      await q.query(`update sys_session set revoked_at = now() where user_id = $1 and id <> $2 and revoked_at is null`, [caller.userId, caller.sessionId]);
      return { id: caller.userId };
    });
    return ok(req);
  });
}
