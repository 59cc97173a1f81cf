/**
 * Request and answer schemas of the hand-written system routes: role menus and data scope, user roles /
 * dispatch centers / data groups / transfer / password reset, data-group bindings, enabled departments,
 * districts, number rules, log clean-up, online users, the server monitor, API-client secrets, object storage.
 * Refusals keep the words of the checks they replace (contracts/checks.ts).
 */
import { z } from 'zod';
import { rules } from '../rules.ts';
import { endpoint, okOf, OkEnvelope, pageOf } from '../api.ts';
import { anyText, idOrNone, idsIn, type Ctx, matching, needId, needIds, oneOf, optInt, plainBody, refuse } from './checks.ts';

const rows = <T extends z.ZodType>(row: T) => z.array(row);

export const RoleChoice = z.object({ id: z.number(), roleKey: z.string(), roleName: z.string(), status: z.string() }).meta({ id: 'RoleChoice' });
export const CheckedKeys = z.object({ checkedKeys: z.array(z.number()) });
export const RoleParams = z.object({ id: needId('the role') });
/** A role's data scope (the sys_data_scope dictionary's values). */
export const DATA_SCOPES = ['1', '2', '3', '4', '5'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
export const AuthDataScope = plainBody({
  id: needId('the role'),
  dataScope: oneOf(DATA_SCOPES, '1 all, 2 custom departments (deptIds), 3 own department, 4 own and below, 5 self'),
  deptIds: anyText<(number | string)[] | string>('department ids (dataScope 2): an array, or `1,2,3`', { type: ['array', 'string'] }),
}).transform((b, ctx) => ({ ...b, deptIds: b.dataScope === '2' ? idsIn(b.deptIds, ctx as Ctx, 'deptIds') : [] }));
export const UserIdQuery = z.object({ userId: needId('the user') });
export const RoleIdQuery = z.object({ roleId: needId('the role') });
export const RoleUser = z.object({ id: z.number(), userName: z.string(), nickName: z.string().nullable() });
/** Binding roles: userId and roleIds, in the body or in the query string. */
export const RoleBinding = plainBody({ userId: needId('the user'), roleIds: needIds('the roles') });
export const RoleBindingPart = z.object({ userId: anyText<number | string>('the user', { type: ['integer', 'string'] }), roleIds: anyText<(number | string)[] | string>('the roles: an array, or `1,2,3`', { type: ['array', 'string'] }) }).loose();

export const UserChoice = z.object({ id: z.number(), userName: z.string(), nickName: z.string().nullable(), status: z.string() });
export const ResetPassword = plainBody(
  { id: needId('the user (or `userId`)'), password: matching(rules.password.pattern, 'validation.passwordLength', 'the new password') },
  (b) => ({ ...b, id: b.id ?? b.userId }),
);
export const UserCenter = z.object({ id: z.number(), code: z.string(), name: z.string(), assigned: z.boolean(), isDefault: z.boolean() });
export const SetUserCenters = plainBody({
  userId: needId('the user'),
  ids: needIds('the dispatch centers (an empty array removes every one)', true),
  defaultId: idOrNone('the default one of `ids` (none = the first)'),
});
export const UserGroup = z.object({ id: z.number(), code: z.string(), name: z.string(), assigned: z.boolean() });
export const SetUserGroups = plainBody({ userId: needId('the user'), ids: needIds('the data groups (an empty array removes every one)', true) });
export const TransferParts = ['roles', 'dispatchCenters', 'dataGroups'] as const;
export const Transfer = plainBody({
  fromUserId: needId('the user giving'),
  toUserId: needId('the user receiving'),
  parts: z
    .unknown()
    .optional()
    .meta({ type: 'array', items: { type: 'string', enum: [...TransferParts] }, description: 'what moves (all three when absent)' })
    .transform((v, ctx) => {
      if (v === undefined || v === null) return [...TransferParts] as string[];
      const parts = Array.isArray(v) ? [...new Set(v.map(String))] : [];
      if (!parts.length) return refuse(ctx, 'validation.required', 'messages.validationFailed');
      if (parts.some((p) => !(TransferParts as readonly string[]).includes(p))) return refuse(ctx, 'validation.invalid', 'messages.validationFailed');
      return parts;
    }),
});
export const Transferred = z.object({
  fromUserId: z.number(), toUserId: z.number(), parts: z.array(z.string()), roleIds: z.array(z.number()), dispatchCenterIds: z.array(z.number()), dataGroupIds: z.array(z.number()),
});

export const DataGroupQuery = z.object({ id: needId('the data group') });
export const DataGroupBindRow = z.object({ targetType: z.string(), targetId: z.number() });
export const BindTargets = ['CLIENT', 'CARRIER', 'ZONE'] as const;
export const DataGroupBind = plainBody({
  id: needId('the data group'),
  targetType: oneOf(BindTargets),
  targetIds: needIds('the clients, carriers or zones (an empty array unbinds every one of the type)', true),
});
export const EnabledDept = z.object({ id: z.number(), parentId: z.number(), deptName: z.string(), orderNum: z.number().nullable() });
export const DistrictQuery = z.object({ parentId: optInt(0, 0, Number.MAX_SAFE_INTEGER, 'the parent district (0 = provinces)') });
export const District = z.object({ id: z.number(), name: z.string(), depth: z.number(), hasChildren: z.boolean() });
export const NumberExampleQuery = z.object({
  prefix: z.string().optional(),
  timestampEnabled: z.string().optional().describe("'false' = no date part"),
  timestampPattern: z.string().optional().describe('default YYYYMMDD'),
  serialLength: optInt(6, 3, 12),
});
export const NextNumber = plainBody({ refType: anyText('the rule (e.g. ORDER)') });
export const Removed = z.object({ removed: z.number().nullable() });
export const OnlineQuery = z.object({
  pageSize: optInt(10, 1, 500),
  pageNum: optInt(1, 1, 100000),
  userName: z.string().optional().describe('contains'),
}).loose();
export const OnlineSession = z.object({
  id: z.number(), userName: z.string(), nickName: z.string().nullable(), ipaddr: z.string().nullable(), userAgent: z.string().nullable(), dispatchCenterName: z.string().nullable(),
  loginTime: z.string().describe('ISO-8601'), expiresAt: z.string().describe('ISO-8601'),
});
export const IdInBody = plainBody({ id: needId() });
export const ServerState = z
  .object({
    process: z.object({
      uptimeSec: z.number(),
      rssBytes: z.number(),
      heapUsedBytes: z.number(),
      heapTotalBytes: z.number(),
      eventLoopDelayMs: z.object({ mean: z.number(), p99: z.number(), max: z.number() }),
      requests: z.number().describe('since the start'),
      requestsPerMinute: z.number().describe('average since the start'),
      node: z.string().describe('the Node.js version'),
    }),
    host: z.object({ cpus: z.number(), loadavg: z.array(z.number()), totalMemBytes: z.number(), freeMemBytes: z.number(), platform: z.string() }),
    database: z.object({
      kind: z.enum(['pg', 'pglite']),
      sizeBytes: z.number(),
      connections: z.array(z.object({ state: z.string().nullable(), n: z.number() })),
      tables: z.array(z.object({ table: z.string(), rows: z.number(), bytes: z.number() })).describe('the 15 largest'),
      slowest: z.array(z.object({ query: z.string(), calls: z.number(), meanMs: z.number() })).describe('the 10 slowest statements on average (pg_stat_statements)'),
      slowestAvailable: z.boolean().describe('false: the pg_stat_statements extension is not installed in this database'),
    }),
  })
  .meta({ id: 'ServerState' });
export const ClientSecret = z.object({ clientSecret: z.string().describe('shown once') });

/** OAuth 2.0 client credentials (RFC 6749 §4.4): form-urlencoded or JSON; errors are RFC 6749 §5.2 `{ error, error_description }`. */
export const TokenRequest = z
  .object({
    grant_type: z.unknown().optional().meta({ type: 'string', enum: ['client_credentials'] }),
    client_id: anyText('else HTTP Basic authentication'),
    client_secret: anyText(),
    scope: anyText('space-separated permission prefixes: a narrower set of the client’s scopes'),
  })
  .loose()
  .nullish();
export const TokenAnswer = z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number(), scope: z.string() }).meta({ id: 'OAuthToken' });

// Object storage
export const FileParams = z.object({ id: optInt(0, 1, Number.MAX_SAFE_INTEGER) });
export const FileQuery = z.object({ exp: optInt(0, 0, Number.MAX_SAFE_INTEGER, 'expiry (epoch seconds)'), sig: z.unknown().optional().meta({ type: 'string', description: 'signature of the link' }) }).loose();
export const IdParams = z.object({ id: optInt(0, 1, Number.MAX_SAFE_INTEGER) });
export const StoredFile = z.object({ id: z.number(), url: z.string() }).loose().meta({ id: 'StoredFile' });
export const StorageInUse = z.object({ configKey: z.string(), storageType: z.string() });
export const ConfigId = plainBody({ id: optInt(0, 1, Number.MAX_SAFE_INTEGER) });
export const SaveStorageConfig = z.object({}).loose().nullish().describe('an object-storage configuration: without `id` created, with `id` and `version` updated (the fields of ossConfig)');
export const Avatar = z.object({ avatar: z.string() });

export { rows };
/** A write that takes no input (absent, or any object). */
export const NoInput = z.object({}).loose().nullish().meta({ description: 'no input: send no body or {}' });

/** The routes of the system and monitor screens: one declaration for the server's route and the web's call. */
const userTags = ['user'];
const ossTags = ['oss'];
const bindRoles = (bind: boolean) =>
  endpoint({
    method: 'POST', path: `/system/role/${bind ? 'binding' : 'unbinding'}`, operationId: `user.${bind ? 'bindRoles' : 'unbindRoles'}`, summary: bind ? 'Give a user roles' : 'Take roles from a user',
    description: '`userId` and `roleIds` in the body or in the query string.', tags: userTags, permission: 'system:user:edit', querystring: RoleBindingPart, body: RoleBindingPart.nullish(), response: OkEnvelope,
  });
const cleanLog = (name: 'operLog' | 'loginLog', path: string, permission: string) =>
  endpoint({ method: 'POST', path, operationId: `${name}.clean`, summary: `Remove every ${name === 'operLog' ? 'operation' : 'login'} log row the caller sees`, tags: [name], permission, body: NoInput, response: okOf(Removed) });
const roleTags = ['role'];
export const endpoints = {
  roleMenus: endpoint({ method: 'GET', path: '/system/menu/role/:id', operationId: 'role.menus', summary: 'The menus a role holds', tags: roleTags, permission: 'system:role:query', params: RoleParams, response: okOf(CheckedKeys) }),
  roleDepts: endpoint({ method: 'GET', path: '/system/dept/role/:id', operationId: 'role.depts', summary: 'The departments of a role’s custom data scope', tags: roleTags, permission: 'system:role:query', params: RoleParams, response: okOf(CheckedKeys) }),
  roleDataScope: endpoint({ method: 'POST', path: '/system/role/authDataScope', operationId: 'role.dataScope', summary: 'Set the data scope of a role (custom: its departments)', tags: roleTags, permission: 'system:role:edit', body: AuthDataScope, response: OkEnvelope }),
  userAll: endpoint({ method: 'GET', path: '/system/user/selectAll', operationId: 'user.all', summary: 'Every user within the caller’s data scope (for pickers)', tags: userTags, permission: 'system:user:query', response: okOf(z.array(UserChoice)) }),
  resetPassword: endpoint({ method: 'POST', path: '/system/user/resetPwd', operationId: 'user.resetPassword', summary: 'Set a user’s password (its sessions end)', tags: userTags, permission: 'system:user:edit', body: ResetPassword, response: OkEnvelope }),
  setUserCenters: endpoint({ method: 'POST', path: '/system/user/dispatchCenters', operationId: 'user.setDispatchCenters', summary: 'Set the dispatch centers a user works in, and its default', tags: userTags, permission: 'system:user:edit', body: SetUserCenters, response: OkEnvelope }),
  setUserGroups: endpoint({ method: 'POST', path: '/system/user/dataGroups', operationId: 'user.setDataGroups', summary: 'Set the data groups of a user', tags: userTags, permission: 'system:user:edit', body: SetUserGroups, response: OkEnvelope }),
  transfer: endpoint({ method: 'POST', path: '/system/user/transfer', operationId: 'user.transfer', summary: 'Move roles, dispatch centers and / or data groups from one user to another', tags: userTags, permission: 'system:user:edit', body: Transfer, response: okOf(Transferred) }),
  userRoles: endpoint({ method: 'GET', path: '/system/role/selectUserRefRolesByUserId', operationId: 'user.roles', summary: 'The roles a user holds', tags: userTags, permission: 'system:user:query', querystring: UserIdQuery, response: okOf(z.array(RoleChoice)) }),
  userOtherRoles: endpoint({ method: 'GET', path: '/system/role/selectUserNotRefRolesByUserId', operationId: 'user.otherRoles', summary: 'The roles a user does not hold', tags: userTags, permission: 'system:user:query', querystring: UserIdQuery, response: okOf(z.array(RoleChoice)) }),
  userCenters: endpoint({ method: 'GET', path: '/system/user/dispatchCenters', operationId: 'user.dispatchCenters', summary: 'Every dispatch center, marked when the user works in it', tags: userTags, permission: 'system:user:query', querystring: UserIdQuery, response: okOf(z.array(UserCenter)) }),
  userGroups: endpoint({ method: 'GET', path: '/system/user/dataGroups', operationId: 'user.dataGroups', summary: 'Every data group, marked when the user belongs to it', tags: userTags, permission: 'system:user:query', querystring: UserIdQuery, response: okOf(z.array(UserGroup)) }),
  bindRoles: bindRoles(true),
  unbindRoles: bindRoles(false),
  dataGroupBind: endpoint({ method: 'POST', path: '/system/dataGroup/bind', operationId: 'dataGroup.bind', summary: 'Set the clients, carriers or zones (one type) bound to a data group', tags: ['dataGroup'], permission: 'system:dataGroup:edit', body: DataGroupBind, response: OkEnvelope }),
  districtChildren: endpoint({ method: 'GET', path: '/system/districts/children', operationId: 'district.children', summary: 'The districts under one (provinces under 0), for the address cascader', tags: ['district'], permission: 'authenticated', querystring: DistrictQuery, response: okOf(z.array(District)) }),
  numberExample: endpoint({ method: 'GET', path: '/system/numberRule/example', operationId: 'numberRule.example', summary: 'An example code of a number rule as the form describes it', tags: ['numberRule'], permission: 'system:numberRule:query', querystring: NumberExampleQuery, response: okOf(z.object({ example: z.string() })) }),
  cleanOperLog: cleanLog('operLog', '/monitor/operlog/clean', 'monitor:operlog:delete'),
  cleanLoginLog: cleanLog('loginLog', '/monitor/logininfor/clean', 'monitor:logininfor:delete'),
  onlineList: endpoint({ method: 'GET', path: '/monitor/online/list', operationId: 'online.list', summary: 'Signed-in sessions of the users the caller sees (paged)', tags: ['online'], permission: 'monitor:online:query', querystring: OnlineQuery, response: pageOf(OnlineSession) }),
  forceLogout: endpoint({ method: 'POST', path: '/monitor/online/forceLogout', operationId: 'online.forceLogout', summary: 'End a session (not the caller’s own)', tags: ['online'], permission: 'monitor:online:forceLogout', body: IdInBody, response: OkEnvelope }),
  serverState: endpoint({ method: 'GET', path: '/monitor/server', operationId: 'server.state', summary: 'Process, host and database figures', tags: ['server'], permission: 'monitor:server:query', response: okOf(ServerState) }),
  resetClientSecret: endpoint({ method: 'POST', path: '/system/sysAuthClient/resetSecret', operationId: 'authClient.resetSecret', summary: 'Give an API client a new secret (shown once; its tokens end)', tags: ['authClient'], permission: 'system:authClient:edit', body: ConfigId, response: okOf(ClientSecret) }),
  ossUpload: endpoint({ method: 'POST', path: '/system/oss/upload', operationId: 'oss.upload', summary: 'Upload a file (multipart, one part `file`) through the default storage', tags: ossTags, permission: 'system:oss:upload', body: 'upload', response: okOf(StoredFile) }),
  ossUrl: endpoint({ method: 'GET', path: '/system/oss/url/:id', operationId: 'oss.url', summary: 'A signed link to a stored file', tags: ossTags, permission: 'system:oss:query', params: IdParams, response: okOf(z.object({ url: z.string() })) }),
  ossSetDefault: endpoint({ method: 'POST', path: '/system/oss/config/setDefault', operationId: 'oss.setDefault', summary: 'Make a storage configuration the default', tags: ossTags, permission: 'system:oss:edit', body: ConfigId, response: OkEnvelope }),
  ossTest: endpoint({ method: 'POST', path: '/system/oss/config/test', operationId: 'oss.testConfig', summary: 'Test a storage configuration with its stored keys', tags: ossTags, permission: 'system:oss:edit', body: ConfigId, response: okOf(z.object({ ok: z.boolean() })) }),
  avatar: endpoint({ method: 'POST', path: '/system/user/profile/avatar', operationId: 'profile.avatar', summary: 'Set the signed-in user’s picture (PNG, JPEG, WebP or GIF; 2 MB)', tags: ['profile'], permission: 'authenticated', body: 'upload', response: okOf(Avatar) }),
  dataGroupBinds: endpoint({ method: 'GET', path: '/system/dataGroup/binds', operationId: 'dataGroup.binds', summary: 'The clients, carriers and zones bound to a data group', tags: ['dataGroup'], permission: 'system:dataGroup:query', querystring: DataGroupQuery, response: okOf(z.array(DataGroupBindRow)) }),
};
