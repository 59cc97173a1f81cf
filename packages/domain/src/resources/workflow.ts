/**
 * Workflow (spec §1 "workflow tools", §2 workflow screens, §7 /act/* paths): process models edited in the
 * browser, deployed process definitions, process instances, and the two demo business records (leave and
 * purchase requests) that start the seeded processes. Tasks, node configuration and business bindings have
 * their own routes (apps/server/src/modules/workflow).
 *
 * The BPMN XML of models and definitions is not a field: lists never carry it; it has its own routes.
 */
import type { ResourceDef } from '../resource.ts';

/** Business types a process instance can be bound to (dict wf_business_type). */
export const WF_BUSINESS_TYPES = ['LEAVE', 'PURCHASE', 'CONTRACT', 'OTHER'] as const;
export type WfBusinessType = (typeof WF_BUSINESS_TYPES)[number];

/** The process variable an approval task sets; exclusive gateways test it (`${approved}`). */
export const WF_APPROVED_VARIABLE = 'approved';

export const actModel: ResourceDef = {
  name: 'actModel',
  table: 'act_model',
  path: '/act/models',
  permission: 'act:models',
  component: 'workflow/models/index',
  labelField: 'name',
  features: { export: false },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    // the process id in the BPMN XML and the key of every definition deployed from the model
    { name: 'modelKey', kind: 'string', required: true, max: 64, rule: 'code', unique: true, immutable: true, search: 'like' },
    { name: 'name', kind: 'string', required: true, max: 100, search: 'like' },
    { name: 'description', kind: 'text', max: 100 },
    { name: 'deployedVersion', kind: 'int', form: false },
    { name: 'deployTime', kind: 'datetime', form: false },
  ],
};

export const actDefinition: ResourceDef = {
  name: 'actDefinition',
  table: 'act_definition',
  path: '/act/process',
  permission: 'act:process',
  component: 'workflow/process/index',
  labelField: 'name',
  // definitions come from deploying a model; they are suspended or activated, never edited
  features: { create: false, update: false, remove: false, export: false },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'defKey', kind: 'string', max: 64, search: 'like' },
    { name: 'name', kind: 'string', max: 100, search: 'like' },
    { name: 'defVersion', kind: 'int' },
    { name: 'suspended', kind: 'boolean', search: 'eq' },
    { name: 'modelId', kind: 'ref', ref: 'actModel', list: false },
    { name: 'description', kind: 'text', max: 100 },
  ],
};

export const actInstance: ResourceDef = {
  name: 'actInstance',
  table: 'act_instance',
  path: '/act/process/ins',
  permission: 'act:instance',
  component: 'workflow/instance/index',
  labelField: 'businessKey',
  features: { create: false, update: false, remove: false, export: false },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'defName', kind: 'string', max: 100, search: 'like' },
    { name: 'defKey', kind: 'string', max: 64, search: 'eq' },
    { name: 'defVersion', kind: 'int' },
    { name: 'businessType', kind: 'dict', dict: 'wf_business_type', search: 'eq' },
    { name: 'businessKey', kind: 'string', max: 64, search: 'like' },
    { name: 'applicant', kind: 'string', max: 64, search: 'like' },
    { name: 'currentNodes', kind: 'string', max: 200, sortable: false },
    { name: 'status', kind: 'dict', dict: 'wf_instance_status', search: 'in' },
    { name: 'result', kind: 'dict', dict: 'wf_result', search: 'eq' },
    { name: 'endTime', kind: 'datetime', search: 'range' },
    { name: 'definitionId', kind: 'ref', ref: 'actDefinition', list: false },
  ],
};

/** Server-owned fields of a request that goes through approval. */
const approvalFields = [
  { name: 'status', kind: 'dict', dict: 'wf_apply_status', form: false, search: 'eq', default: 'DRAFT' },
  { name: 'applyUser', kind: 'string', max: 64, form: false, search: 'like' },
  { name: 'submitTime', kind: 'datetime', form: false },
  { name: 'finishTime', kind: 'datetime', form: false },
  { name: 'instanceId', kind: 'int', form: false, list: false },
  { name: 'deptId', kind: 'ref', ref: 'dept', form: false, list: false },
] as const satisfies ResourceDef['fields'];

export const leave: ResourceDef = {
  name: 'leave',
  table: 'act_leave',
  path: '/act/leave',
  permission: 'act:leave',
  component: 'workflow/leave/index',
  labelField: 'reason',
  // a request belongs to its applicant: the roles' data scope (department / self) applies
  scope: { dept: 'dept_id', self: 'apply_user' },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'leaveType', kind: 'dict', dict: 'wf_leave_type', required: true, search: 'eq' },
    { name: 'startDate', kind: 'date', required: true, search: 'range' },
    { name: 'endDate', kind: 'date', required: true },
    { name: 'days', kind: 'decimal', required: true, minValue: 0.5, maxValue: 365, scale: 1 },
    { name: 'reason', kind: 'text', required: true, max: 100, list: true },
    ...approvalFields,
  ],
};

export const purchase: ResourceDef = {
  name: 'purchase',
  table: 'act_purchase',
  path: '/act/purchase',
  permission: 'act:purchase',
  component: 'workflow/purchase/index',
  labelField: 'item',
  scope: { dept: 'dept_id', self: 'apply_user' },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'item', kind: 'string', required: true, max: 100, search: 'like' },
    { name: 'quantity', kind: 'int', required: true, minValue: 1, maxValue: 1_000_000 },
    { name: 'amount', kind: 'decimal', required: true, minValue: 0.01, maxValue: 100_000_000, scale: 2, unit: 'yuan' },
    { name: 'reason', kind: 'text', required: true, max: 100, list: true },
    ...approvalFields,
  ],
};

/** The business record types the demo processes start for, by business type. */
export const WF_BUSINESS_RESOURCES: Partial<Record<WfBusinessType, ResourceDef>> = { LEAVE: leave, PURCHASE: purchase };
