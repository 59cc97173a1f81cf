/**
 * Finance master data (issue 14): charge types, freight contracts and their rate lines.
 * A contract is receivable (with a client) or payable (with a carrier); its rate lines are the rate card
 * the rating engine (../finance/rating.ts) prices with. Contracts change only while DRAFT; a new price
 * is a new version (same code, contractVersion + 1). Money in yuan, `numeric` in the database.
 * Status: DRAFT → (submit: the BPMN approval) APPROVING → (approved) EFFECTIVE → (past its end: the expiry job)
 * EXPIRED, or → TERMINATED; a rejected or withdrawn approval goes back to DRAFT.
 */
import type { FieldDef, ResourceDef } from '../resource.ts';

const money = (name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'decimal', unit: 'yuan', minValue: 0, maxValue: 9999999999, scale: 2, list: false, ...extra });
const price = (name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'decimal', unit: 'yuan', minValue: 0, maxValue: 9999999999, scale: 4, ...extra });
const qty = (name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'decimal', minValue: 0, maxValue: 99999999, scale: 3, list: false, ...extra });

export const CONTRACT_STATUSES = ['DRAFT', 'APPROVING', 'EFFECTIVE', 'EXPIRED', 'TERMINATED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
/** The contract actions and the statuses each starts from. */
export const CONTRACT_ACTION_FROM = {
  submit: ['DRAFT'],
  // a submitted contract takes effect when its approval task is approved (the workflow), not by this action
  effect: ['DRAFT'],
  terminate: ['EFFECTIVE'],
} as const satisfies Record<string, readonly ContractStatus[]>;
export const CONTRACT_ACTION_TO: Record<keyof typeof CONTRACT_ACTION_FROM, ContractStatus> = { submit: 'APPROVING', effect: 'EFFECTIVE', terminate: 'TERMINATED' };

export const chargeType: ResourceDef = {
  name: 'chargeType',
  table: 'fin_charge_type',
  path: '/finance/chargeType',
  permission: 'finance:chargeType',
  component: 'finance/chargeType/index',
  labelField: 'name',
  features: { status: true, export: true, import: true },
  defaultSort: { field: 'sortOrder', order: 'asc' },
  fields: [
    { name: 'code', kind: 'string', required: true, max: 30, rule: 'code', unique: true, search: 'like' },
    { name: 'name', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'taxRate', kind: 'decimal', unit: '%', minValue: 0, maxValue: 100, scale: 2, default: 9 },
    { name: 'sortOrder', kind: 'int', minValue: 0, maxValue: 9999, default: 0 },
    { name: 'remark', kind: 'text', max: 100 },
  ],
};

export const contract: ResourceDef = {
  name: 'contract',
  table: 'fin_contract',
  path: '/finance/contract',
  permission: 'finance:contract',
  component: 'finance/contract/index',
  labelField: 'code',
  features: { export: true, import: true },
  scope: { dispatchCenter: 'dispatch_center_id', client: 'client_id', carrier: 'carrier_id', openWhenNull: true },
  defaultSort: { field: 'id', order: 'desc' },
  children: [{ resource: 'rateLine', foreignKey: 'contractId', parentKey: 'id' }],
  fields: [
    { name: 'code', kind: 'string', required: true, max: 30, rule: 'code', search: 'like', immutable: true },
    { name: 'contractVersion', kind: 'int', minValue: 1, maxValue: 9999, default: 1, immutable: true },
    { name: 'name', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'kind', kind: 'dict', dict: 'fin_contract_kind', required: true, search: 'eq', immutable: true },
    { name: 'clientId', kind: 'ref', ref: 'client', search: 'eq' },
    { name: 'carrierId', kind: 'ref', ref: 'carrier', search: 'eq' },
    { name: 'dispatchCenterId', kind: 'ref', ref: 'dispatchCenter', form: false },
    { name: 'currency', kind: 'string', max: 3, default: 'CNY' },
    { name: 'validFrom', kind: 'date', required: true, search: 'range' },
    { name: 'validTo', kind: 'date', required: true, search: 'range' },
    { name: 'status', kind: 'dict', dict: 'fin_contract_status', search: 'eq', form: false, default: 'DRAFT' },
    { name: 'allocationBasis', kind: 'dict', dict: 'fin_allocation_basis', default: 'WEIGHT', list: false },
    { name: 'remark', kind: 'text', max: 200 },
    // the approval's process instance (submitted contracts)
    { name: 'instanceId', kind: 'int', form: false, list: false },
  ],
};

/**
 * One price of a contract. The lane ends are a station, a district (province, city or county by its
 * depth; it matches the stations in it) or a zone, or nothing (any). On the percentage bases (of the
 * freight, of the declared value) the unit price is the percentage. `breaks` is the weight / volume break table as text, e.g.
 * `0-100:50 flat; 100-1000:0.6; 1000-:0.55` (see parseBreaks), so it survives Excel import and export.
 */
export const rateLine: ResourceDef = {
  name: 'rateLine',
  table: 'fin_rate_line',
  path: '/finance/rateLine',
  permission: 'finance:rateLine',
  component: 'finance/rateLine/index',
  labelField: 'id',
  features: { export: true, import: true },
  scope: { parent: { column: 'contract_id', resource: 'contract' } },
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'contractId', kind: 'ref', ref: 'contract', required: true, search: 'eq' },
    { name: 'chargeTypeId', kind: 'ref', ref: 'chargeType', required: true, search: 'eq' },
    { name: 'basis', kind: 'dict', dict: 'fin_rate_basis', required: true, search: 'eq' },
    { name: 'fromStationId', kind: 'ref', ref: 'station', search: 'eq' },
    { name: 'fromDistrictId', kind: 'ref', ref: 'district', search: 'eq' },
    { name: 'fromZoneId', kind: 'ref', ref: 'zone', search: 'eq' },
    { name: 'toStationId', kind: 'ref', ref: 'station', search: 'eq' },
    { name: 'toDistrictId', kind: 'ref', ref: 'district', search: 'eq' },
    { name: 'toZoneId', kind: 'ref', ref: 'zone', search: 'eq' },
    // on the percentage bases the unit price is the percentage
    price('unitPrice', { unitWhen: { field: 'basis', values: ['PCT_FREIGHT', 'PCT_VALUE'], unit: '%' } }),
    { name: 'breaks', kind: 'string', max: 500, rule: 'breaks' },
    qty('firstQty'),
    price('firstPrice', { list: false }),
    qty('addStep'),
    price('addPrice', { list: false }),
    money('minAmount', { list: true }),
    money('maxAmount', { list: true }),
    qty('roundingStep', { list: true }),
    // limited to the dispatch order's vehicle type; empty = any vehicle
    { name: 'vehicleTypeId', kind: 'ref', ref: 'transportMeansType', search: 'eq' },
    // deducted before pricing: the free waiting time (hours) of a per-hour line
    qty('freeQty'),
    // the period the line applies in (a fuel surcharge per period); empty = always
    { name: 'validFrom', kind: 'date', list: false },
    { name: 'validTo', kind: 'date', list: false },
    { name: 'remark', kind: 'text', max: 100 },
  ],
};

/** The rating state of each waybill (read only): RATED, or NO_CONTRACT / NO_RATE shown, never a silent zero. */
export const waybillRating: ResourceDef = {
  name: 'waybillRating',
  table: 'fin_waybill_rating',
  path: '/finance/waybillRating',
  permission: 'finance:waybillRating',
  component: 'finance/waybillRating/index',
  labelField: 'waybillCode',
  features: { create: false, update: false, remove: false, export: true },
  scope: { dispatchCenter: 'dispatch_center_id', client: 'client_id' },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'waybillCode', kind: 'string', max: 40, search: 'like' },
    { name: 'waybillId', kind: 'int', list: false, search: 'eq', unique: true },
    { name: 'clientId', kind: 'ref', ref: 'client', search: 'eq' },
    { name: 'kind', kind: 'dict', dict: 'fin_contract_kind', search: 'eq' },
    { name: 'state', kind: 'dict', dict: 'fin_charge_state', search: 'eq' },
    { name: 'contractId', kind: 'ref', ref: 'contract', list: false },
    { name: 'contractCode', kind: 'string', max: 30, search: 'like' },
    { name: 'contractVersion', kind: 'int' },
    { name: 'currency', kind: 'string', max: 3 },
    { name: 'totalAmount', kind: 'decimal', unit: 'yuan', scale: 2 },
    { name: 'ratedTime', kind: 'datetime', search: 'range' },
  ],
};
