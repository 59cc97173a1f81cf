/** Request and answer schemas of the signed-in user's own routes: info, menu, dispatch centers, dictionaries, profile. */
import { z } from 'zod';
import { endpoint, intText, okOf, OkEnvelope } from '../api.ts';
import { rules } from '../rules.ts';

export const Health = z.object({ code: z.literal(0), msg: z.string() });

export const UserInfo = z
  .object({
    id: z.number(), userName: z.string(), nickName: z.string(), avatar: z.string(), roleIds: z.string().describe("comma separated, '-1' for none"), roles: z.array(z.string()),
    buttons: z.array(z.string()), permissions: z.array(z.object({ permissionId: z.string(), actionList: z.array(z.string()) })),
    sysUserProfile: z.object({ dateStyle: z.string() }), dispatchCenterId: z.number().nullable(), email: z.string().nullable(), mobile: z.string().nullable(),
    userKind: z.enum(['STAFF', 'CLIENT']).optional().describe('CLIENT: a user of a client, who works in the portal (/portal)'),
  })
  .meta({ id: 'UserInfo' });

export const MenuRecord: z.ZodType<MenuNode> = z
  .object({
    id: z.number(), parentId: z.number(), menuName: z.string(), menuKey: z.string(), icon: z.string().nullish(), visible: z.string().describe("'1' = hidden"), path: z.string(),
    component: z.string().nullish(), redirect: z.string().nullish(), remark: z.string().nullish(), target: z.string().nullish(), hiddenChildren: z.boolean().optional(),
    hiddenHeader: z.boolean().optional(), menuType: z.enum(['M', 'C', 'F']), perms: z.string().nullish(), orderNum: z.number(),
    get children() {
      return z.array(MenuRecord).optional();
    },
  })
  .meta({ id: 'MenuRecord' });
export interface MenuNode {
  id: number; parentId: number; menuName: string; menuKey: string; icon?: string | null; visible: string; path: string; component?: string | null; redirect?: string | null;
  remark?: string | null; target?: string | null; hiddenChildren?: boolean; hiddenHeader?: boolean; menuType: 'M' | 'C' | 'F'; perms?: string | null; orderNum: number; children?: MenuNode[];
}

export const MyDispatchCenter = z.object({ uuid: z.number(), id: z.number(), code: z.string(), shortCode: z.string().nullable(), name: z.string(), isDefault: z.enum(['0', '1']), current: z.boolean() });
export const SwitchCenterQuery = z.object({ dispatchCenterId: intText(1).describe('one of the caller’s dispatch centers') });
export const DictTypeQuery = z.object({ dictType: z.string().max(100).optional(), lang: z.string().max(10).optional() });
export const DictItem = z.object({ dictValue: z.string(), dictLabel: z.string(), dictSort: z.number(), listClass: z.string().nullish(), remark: z.string().nullish() }).loose().meta({ id: 'DictItem' });
export const DictTypeOption = z.object({ id: z.number(), dictName: z.string(), dictType: z.string() });
export const AppInfo = z.object({ type: z.string(), versionName: z.string(), downloadUrl: z.string().nullable() });

const optional = (pattern: RegExp, key: string) => z.union([z.literal(''), z.null(), z.string().regex(pattern, { error: key })], { error: key }).optional();
export const ProfileUpdate = z.object({
  nickName: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(30, { error: 'validation.maxLength' }),
  email: optional(rules.email.pattern, 'validation.email'),
  mobile: optional(rules.mobile.pattern, 'validation.mobile'),
  dateStyle: z.string().max(30).optional().catch(undefined).describe('date display style; ignored when not valid'),
});
export const PasswordUpdate = z.object({
  oldPassword: z.string().optional().catch(undefined),
  newPassword: z.string({ error: 'validation.passwordLength' }).regex(rules.password.pattern, { error: 'validation.passwordLength' }),
});

/** The routes the shell reads on every start, and the signed-in user's own profile: one declaration for the server's route and the web's call. */
const tags = ['session'];
const profileTags = ['profile'];
export const endpoints = {
  userInfo: endpoint({ method: 'GET', path: '/system/user/info', operationId: 'session.userInfo', summary: 'The signed-in user: roles, buttons, permissions, profile and dispatch center', tags, permission: 'authenticated', response: okOf(UserInfo) }),
  menus: endpoint({ method: 'GET', path: '/system/menu/user', operationId: 'session.menus', summary: "The signed-in user's menu tree", tags, permission: 'authenticated', response: okOf(z.array(MenuRecord)) }),
  dispatchCenters: endpoint({ method: 'GET', path: '/system/dispatchCenter/listByUser', operationId: 'session.dispatchCenters', summary: "The signed-in user's dispatch centers (the session's marked current)", tags, permission: 'authenticated', response: okOf(z.array(MyDispatchCenter)) }),
  switchDispatchCenter: endpoint({ method: 'GET', path: '/system/user/updateUserRights', operationId: 'session.switchDispatchCenter', summary: "Switch the session's dispatch center", tags, permission: 'authenticated', querystring: SwitchCenterQuery, response: okOf(z.object({ dispatchCenterId: z.number() })) }),
  dicts: endpoint({ method: 'GET', path: '/system/dict/data/selectAllByType', operationId: 'session.dicts', summary: 'Every dictionary in use, by type', tags, permission: 'authenticated', response: okOf(z.record(z.string(), z.array(DictItem))) }),
  latestApps: endpoint({ method: 'GET', path: '/shipment/appInfo/getLatestAppInfo', operationId: 'session.latestApps', summary: 'The newest driver-app version of each type', tags, permission: 'authenticated', response: okOf(z.array(AppInfo)) }),
  updateProfile: endpoint({ method: 'POST', path: '/system/user/profile/update', operationId: 'profile.update', summary: 'Update the own nickname, e-mail, mobile and date style', tags: profileTags, permission: 'authenticated', body: ProfileUpdate, response: OkEnvelope }),
  updatePassword: endpoint({ method: 'POST', path: '/system/user/profile/updatePwd', operationId: 'profile.updatePassword', summary: 'Change the own password (other sessions of the user end)', tags: profileTags, permission: 'authenticated', body: PasswordUpdate, response: OkEnvelope }),
};
