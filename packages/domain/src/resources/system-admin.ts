/** System administration resources (users, roles, menus, departments, logs, …). */
import type { ResourceDef } from '../resource.ts';

export const dept: ResourceDef = {
  name: 'dept',
  table: 'sys_dept',
  path: '/system/dept',
  permission: 'system:dept',
  component: 'system/dept/index',
  labelField: 'deptName',
  tree: { parentField: 'parentId' },
  features: { status: true, export: true },
  defaultSort: { field: 'orderNum', order: 'asc' },
  fields: [
    { name: 'parentId', kind: 'ref', ref: 'dept', search: 'eq', minValue: 0, default: 0 },
    { name: 'deptName', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'orderNum', kind: 'int', minValue: 0, maxValue: 9999, default: 0 },
    { name: 'leader', kind: 'string', max: 30 },
    { name: 'phone', kind: 'string', max: 20, rule: 'phone' },
    { name: 'email', kind: 'string', max: 60, rule: 'email' },
  ],
};

export const user: ResourceDef = {
  name: 'user',
  table: 'sys_user',
  path: '/system/user',
  permission: 'system:user',
  component: 'system/user/index',
  labelField: 'nickName',
  features: { status: true, export: true, import: true },
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'userName', kind: 'string', required: true, max: 30, rule: 'code', unique: true, immutable: true, search: 'like' },
    { name: 'nickName', kind: 'string', required: true, max: 30, search: 'like' },
    { name: 'password', column: 'password_hash', kind: 'password', required: true },
    { name: 'deptId', kind: 'ref', ref: 'dept', search: 'eq' },
    { name: 'mobile', kind: 'string', max: 11, rule: 'mobile', search: 'like' },
    { name: 'email', kind: 'string', max: 60, rule: 'email' },
    { name: 'dateStyle', kind: 'string', max: 30, list: false, default: 'YYYY-MM-DD HH:mm:ss' },
    { name: 'loginIp', kind: 'string', form: false },
    { name: 'loginDate', kind: 'datetime', form: false },
    { name: 'remark', kind: 'text', max: 100 },
  ],
};

export const role: ResourceDef = {
  name: 'role',
  table: 'sys_role',
  path: '/system/role',
  permission: 'system:role',
  component: 'system/role/index',
  labelField: 'roleName',
  features: { status: true, export: true },
  defaultSort: { field: 'roleSort', order: 'asc' },
  fields: [
    { name: 'roleKey', kind: 'string', required: true, max: 60, rule: 'code', unique: true, search: 'like' },
    { name: 'roleName', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'roleSort', kind: 'int', minValue: 0, maxValue: 9999, default: 0 },
    { name: 'dataScope', kind: 'dict', dict: 'sys_data_scope', default: '1', form: false },
    { name: 'remark', kind: 'text', max: 100 },
  ],
};

export const menu: ResourceDef = {
  name: 'menu',
  table: 'sys_menu',
  path: '/system/menu',
  permission: 'system:menu',
  component: 'system/menu/index',
  labelField: 'menuName',
  tree: { parentField: 'parentId' },
  features: { status: true },
  defaultSort: { field: 'orderNum', order: 'asc' },
  fields: [
    { name: 'parentId', kind: 'ref', ref: 'menu', search: 'eq', minValue: 0, default: 0 },
    { name: 'menuType', kind: 'dict', dict: 'sys_menu_type', required: true, search: 'eq', default: 'C' },
    { name: 'menuName', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'menuKey', kind: 'string', max: 100, search: 'like' },
    { name: 'icon', kind: 'string', max: 100 },
    { name: 'path', kind: 'string', max: 200 },
    { name: 'component', kind: 'string', max: 200 },
    { name: 'redirect', kind: 'string', max: 200, list: false },
    { name: 'perms', kind: 'string', max: 100, search: 'like' },
    { name: 'target', kind: 'dict', dict: 'sys_menu_target', default: '_self', list: false },
    { name: 'visible', kind: 'dict', dict: 'sys_show_hide', default: '0' },
    { name: 'hiddenChildren', kind: 'boolean', default: false, list: false },
    { name: 'hiddenHeader', kind: 'boolean', default: false, list: false },
    { name: 'orderNum', kind: 'int', minValue: 0, maxValue: 9999, default: 0 },
    { name: 'remark', kind: 'text', max: 100 },
  ],
};

export const dataGroup: ResourceDef = {
  name: 'dataGroup',
  table: 'sys_data_group',
  path: '/system/dataGroup',
  permission: 'system:dataGroup',
  component: 'system/dataGroup/index',
  labelField: 'name',
  features: { status: true, export: true, import: true },
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'code', kind: 'string', required: true, max: 30, rule: 'code', unique: true, search: 'like' },
    { name: 'name', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'remark', kind: 'text', max: 100 },
  ],
};

export const printer: ResourceDef = {
  name: 'printer',
  table: 'sys_printer',
  path: '/system/printer',
  permission: 'system:printer',
  component: 'system/printer/index',
  labelField: 'name',
  features: { status: true, export: true, import: true },
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'code', kind: 'string', required: true, max: 30, rule: 'code', unique: true, search: 'like' },
    { name: 'name', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'type', kind: 'dict', dict: 'sys_printer_type', required: true, search: 'eq' },
    { name: 'isDefault', kind: 'boolean', default: false, search: 'eq' },
    { name: 'remark', kind: 'text', max: 100 },
  ],
};

export const feedback: ResourceDef = {
  name: 'feedback',
  table: 'sys_feedback',
  path: '/system/feedback',
  permission: 'system:feedback',
  component: 'system/feedback/index',
  labelField: 'reporter',
  features: { export: true, update: false },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'reporter', kind: 'string', required: true, max: 30, search: 'like' },
    { name: 'systemFunction', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'remark', kind: 'text', required: true, max: 100, list: true },
  ],
};

export const district: ResourceDef = {
  name: 'district',
  table: 'sys_district',
  path: '/system/districts',
  permission: 'system:districts',
  component: 'system/districts/index',
  labelField: 'name',
  tree: { parentField: 'parentId' },
  features: { export: true, import: true },
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'parentId', kind: 'ref', ref: 'district', search: 'eq', minValue: 0, default: 0 },
    { name: 'depth', kind: 'int', required: true, minValue: 1, maxValue: 4, search: 'eq' },
    { name: 'name', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'pinyin', kind: 'string', max: 100, search: 'like' },
    { name: 'pinyinShort', kind: 'string', max: 30 },
    { name: 'extName', kind: 'string', max: 100 },
  ],
};

export const numberRule: ResourceDef = {
  name: 'numberRule',
  table: 'sys_number_rule',
  path: '/system/numberRule',
  permission: 'system:numberRule',
  component: 'system/numberRule/index',
  labelField: 'refType',
  features: { status: true, export: true },
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'refType', kind: 'dict', dict: 'sys_ref_type', required: true, search: 'eq' },
    { name: 'dispatchCenterId', kind: 'ref', ref: 'dispatchCenter', search: 'eq' },
    { name: 'clientId', kind: 'int', minValue: 1, list: false },
    { name: 'prefix', kind: 'string', required: true, max: 10, rule: 'code' },
    { name: 'timestampEnabled', kind: 'boolean', default: true },
    { name: 'timestampPattern', kind: 'dict', dict: 'sys_timestamp_pattern', default: 'YYYYMMDD' },
    { name: 'serialLength', kind: 'int', required: true, minValue: 3, maxValue: 12, default: 6 },
    { name: 'remark', kind: 'text', max: 100 },
  ],
};

export const operLog: ResourceDef = {
  name: 'operLog',
  table: 'sys_oper_log',
  path: '/monitor/operlog',
  permission: 'monitor:operlog',
  component: 'monitor/operlog/index',
  labelField: 'title',
  features: { create: false, update: false, export: true },
  defaultSort: { field: 'operTime', order: 'desc' },
  fields: [
    { name: 'title', kind: 'string', search: 'like' },
    { name: 'businessType', kind: 'dict', dict: 'sys_oper_type', search: 'eq' },
    { name: 'operName', kind: 'string', search: 'like' },
    { name: 'requestMethod', kind: 'string' },
    { name: 'operUrl', kind: 'string', list: false },
    { name: 'operIp', kind: 'string', search: 'like' },
    { name: 'operLocation', kind: 'string' },
    { name: 'status', kind: 'dict', dict: 'sys_common_status', search: 'eq' },
    { name: 'operParam', kind: 'text' },
    { name: 'jsonResult', kind: 'text' },
    { name: 'errorMsg', kind: 'text' },
    { name: 'operTime', kind: 'datetime', search: 'range' },
  ],
  noAudit: true,
};

export const loginLog: ResourceDef = {
  name: 'loginLog',
  table: 'sys_login_log',
  path: '/monitor/logininfor',
  permission: 'monitor:logininfor',
  component: 'monitor/logininfor/index',
  labelField: 'userName',
  features: { create: false, update: false, export: true },
  defaultSort: { field: 'loginTime', order: 'desc' },
  fields: [
    { name: 'userName', kind: 'string', search: 'like' },
    { name: 'ipaddr', kind: 'string', search: 'like' },
    { name: 'loginLocation', kind: 'string' },
    { name: 'browser', kind: 'string' },
    { name: 'os', kind: 'string' },
    { name: 'status', kind: 'dict', dict: 'sys_common_status', search: 'eq' },
    { name: 'msg', kind: 'string' },
    { name: 'loginTime', kind: 'datetime', search: 'range' },
  ],
  noAudit: true,
};
