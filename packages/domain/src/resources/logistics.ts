/**
 * Logistics accounts (spec §2 business screen family "logistics accounts"): accounts on third-party
 * vehicle-tracking platforms. A PULL account is fetched on a schedule; a PUSH account receives signed
 * position posts. Vehicles are bound to an account (transport means' platform source and device number).
 */
import type { ResourceDef } from '../resource.ts';

export const logisticsAccount: ResourceDef = {
  name: 'logisticsAccount',
  table: 'tms_logistics_account',
  path: '/logistics/account',
  permission: 'logistics:account',
  component: 'logistics/account/index',
  labelField: 'accountName',
  features: { status: true, export: true },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'platform', kind: 'dict', dict: 'platform_source', required: true, search: 'eq' },
    { name: 'accountName', kind: 'string', required: true, max: 60, unique: true, search: 'like' },
    { name: 'appKey', kind: 'string', required: true, max: 100, list: false },
    // encrypted at rest, write-only: never listed, shown, exported or logged
    { name: 'secret', column: 'secret_enc', kind: 'secret', max: 200 },
    { name: 'mode', kind: 'dict', dict: 'logistics_mode', required: true, default: 'PULL', search: 'eq' },
    { name: 'endpointUrl', kind: 'string', max: 300, rule: 'url', list: false },
    { name: 'pullInterval', kind: 'int', minValue: 30, maxValue: 86400, default: 60, unit: 's' },
    { name: 'fieldMapping', kind: 'json' },
    { name: 'lastSyncTime', kind: 'datetime', form: false },
    { name: 'lastPositionTime', kind: 'datetime', form: false, list: false },
    { name: 'lastError', kind: 'string', form: false },
    { name: 'lastErrorTime', kind: 'datetime', form: false, list: false },
    { name: 'failureCount', kind: 'int', form: false },
    { name: 'nextPullAt', kind: 'datetime', form: false, list: false },
    { name: 'remark', kind: 'text', max: 100 },
  ],
};

/**
 * Where the generic JSON-over-HTTP adapter finds each value of a position (dotted paths; `list` '' =
 * the body itself is the array). An account's `fieldMapping` overrides some of these.
 */
export const LOGISTICS_DEFAULT_MAPPING = {
  list: 'positions',
  device: 'deviceNo',
  plate: 'plateNo',
  lng: 'lng',
  lat: 'lat',
  speed: 'speed',
  direction: 'direction',
  time: 'time',
  timeFormat: 'iso' as 'iso' | 'epochMs' | 'epochS',
  /** coordinates sent as integers (e.g. 1000000 for micro-degrees) are divided by this */
  coordScale: 1,
};
export type LogisticsFieldMapping = typeof LOGISTICS_DEFAULT_MAPPING;

/** Push and pull requests are signed: hex HMAC-SHA256 of `${x-timestamp}.${body}` with the account's secret. */
export const LOGISTICS_SIGNATURE_HEADERS = { timestamp: 'x-timestamp', signature: 'x-signature' } as const;
