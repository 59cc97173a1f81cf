import type { ResourceDef } from '../resource.ts';

export const dictType: ResourceDef = {
  name: 'dictType',
  table: 'sys_dict_type',
  path: '/system/dict/type',
  permission: 'system:dict',
  component: 'system/dict/index',
  labelField: 'dictName',
  features: { status: true, export: true, import: true },
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'dictName', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'dictType', kind: 'string', required: true, max: 60, rule: 'code', unique: true, search: 'like', immutable: true },
    { name: 'remark', kind: 'text', max: 100 },
  ],
  children: [{ resource: 'dictData', foreignKey: 'dictType', parentKey: 'dictType' }],
};

export const dictData: ResourceDef = {
  name: 'dictData',
  table: 'sys_dict_data',
  path: '/system/dict/data',
  permission: 'system:dict',
  component: 'system/dict/data',
  labelField: 'dictLabel',
  features: { status: true, export: true, import: true },
  defaultSort: { field: 'dictSort', order: 'asc' },
  fields: [
    { name: 'dictType', kind: 'string', required: true, max: 60, rule: 'code', search: 'eq', immutable: true },
    { name: 'dictLabel', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'dictValue', kind: 'string', required: true, max: 60, search: 'eq' },
    { name: 'dictSort', kind: 'int', minValue: 0, maxValue: 99999, default: 0 },
    { name: 'listClass', kind: 'string', max: 30, list: false },
    { name: 'remark', kind: 'text', max: 100 },
  ],
};

export const config: ResourceDef = {
  name: 'config',
  table: 'sys_config',
  path: '/system/config',
  permission: 'system:config',
  component: 'system/config/index',
  labelField: 'configName',
  builtinField: 'configType',
  features: { export: true, import: true },
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'configName', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'configKey', kind: 'string', required: true, max: 100, unique: true, search: 'like' },
    { name: 'configValue', kind: 'string', required: true, max: 500, copyable: true },
    { name: 'configType', kind: 'boolean', default: false, search: 'eq' },
    { name: 'remark', kind: 'text', max: 100 },
    // the value of a secret key (SECRET_CONFIG_KEYS), encrypted; configValue then holds CONFIG_SECRET_MASK
    { name: 'valueEnc', column: 'value_enc', kind: 'secret', form: false, list: false, secret: true },
  ],
};

/**
 * Configuration keys whose value is a credential the server uses again: stored encrypted, answered and exported
 * as CONFIG_SECRET_MASK. Saving the mask back keeps the stored value; saving anything else replaces it.
 */
export const SECRET_CONFIG_KEYS: readonly string[] = ['notify.smtp.password'];
export const CONFIG_SECRET_MASK = '******';
export const isSecretConfigKey = (key: unknown): boolean => typeof key === 'string' && SECRET_CONFIG_KEYS.includes(key);

export const dispatchCenter: ResourceDef = {
  name: 'dispatchCenter',
  table: 'sys_dispatch_center',
  path: '/system/dispatchCenter',
  permission: 'system:dispatchCenter',
  component: 'system/dispatchCenter/index',
  labelField: 'name',
  features: { status: true, export: true, import: true },
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'code', kind: 'string', required: true, max: 30, rule: 'code', unique: true, search: 'like' },
    { name: 'shortCode', kind: 'string', max: 10, rule: 'code', search: 'eq' },
    { name: 'name', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'contactPhone', kind: 'string', max: 20, rule: 'phone' },
    { name: 'remark', kind: 'text', max: 100 },
  ],
};
