/**
 * Electronic proof of delivery (epod, receipt; spec §3 "Epod", design/domain.md "Epod").
 * The receipt list, the opinions list and the abnormal-check list are read-only generic resources;
 * every change goes through the epod state machine below (server: modules/epod).
 */
import { z } from 'zod';
import type { FieldDef, ResourceDef } from '../resource.ts';

export const EPOD_STATUSES = ['PENDING', 'REPORTED', 'AUDITED', 'REJECTED', 'RECALLED'] as const;
export type EpodStatus = (typeof EPOD_STATUSES)[number];
export type EpodAction = 'report' | 'audit' | 'reject' | 'recall' | 'handle';

/** The states each action starts from (domain.md: audit and reject need REPORTED, a rejected or recalled receipt is reported again). */
export const EPOD_ACTION_FROM: Record<EpodAction, readonly EpodStatus[]> = {
  report: ['PENDING', 'REJECTED', 'RECALLED'],
  audit: ['REPORTED'],
  reject: ['REPORTED'],
  recall: ['REPORTED'],
  handle: ['REPORTED'],
};

/** Where each action leads (handle keeps the state). */
export const EPOD_ACTION_TO: Record<EpodAction, EpodStatus | null> = {
  report: 'REPORTED',
  audit: 'AUDITED',
  reject: 'REJECTED',
  recall: 'RECALLED',
  handle: null,
};

export interface EpodState {
  status: string;
  isAbnormal: boolean;
  handled: boolean;
}

/** Why an action is refused on a receipt (a message key under messages.epod), or null when it is allowed. */
export function epodRefusal(action: EpodAction, e: EpodState): string | null {
  const allowed = EPOD_ACTION_FROM[action].includes(e.status as EpodStatus);
  switch (action) {
    case 'report':
      return allowed ? null : e.status === 'AUDITED' ? 'messages.epod.alreadyAudited' : 'messages.epod.reportNotAllowed';
    case 'audit':
      if (e.status === 'REJECTED' || e.status === 'RECALLED') return 'messages.epod.auditRejectedRecalled';
      if (!allowed) return 'messages.epod.auditOnlyReported';
      return e.isAbnormal && !e.handled ? 'messages.epod.handleBeforeAudit' : null;
    case 'reject':
      return allowed ? null : 'messages.epod.rejectOnlyReported';
    case 'recall':
      return allowed ? null : 'messages.epod.recallOnlyReported';
    case 'handle':
      if (!e.isAbnormal) return 'messages.epod.handleOnlyAbnormal';
      return allowed ? null : 'messages.epod.handleOnlyReported';
  }
}

/** Spec §9: a receipt shows at most five pictures; the rest open from a "+N" viewer. */
export const EPOD_PICTURES_SHOWN = 5;

/** The pictures a receipt or line shows, and how many more the "+N" viewer holds. */
export function shownPictures<T>(all: readonly T[]): { shown: T[]; more: number } {
  return { shown: all.slice(0, EPOD_PICTURES_SHOWN), more: Math.max(0, all.length - EPOD_PICTURES_SHOWN) };
}

/** Text limits of the epod inputs (spec §5: remarks 100). */
export const EPOD_LIMITS = { remark: 100, opinion: 200, handleRemark: 100, quantityMax: 99_999_999, pictures: 50 } as const;

// Inputs of the epod actions (message keys as errors, like the resource schemas).
const qty = z.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(0, { error: 'validation.min' }).max(EPOD_LIMITS.quantityMax, { error: 'validation.max' });
const optQty = qty.nullable().optional();
const text = (max: number) => z.string({ error: 'validation.string' }).max(max, { error: 'validation.maxLength' });
const when = z.iso.datetime({ offset: true, error: 'validation.datetime' });

export const epodLineReport = z.object({
  lineId: z.number({ error: 'validation.required' }).int().positive(),
  signedQuantity: z.number({ error: (i) => (i.input == null ? 'validation.required' : 'validation.number') }).pipe(qty),
  cases: optQty,
  pallets: optQty,
  shortage: qty.default(0),
  damage: qty.default(0),
  remark: text(EPOD_LIMITS.remark).nullable().optional(),
});

/** Sign-for registration (staff) and the driver's report: times and every line's signed figures. */
export const epodReport = z.object({
  arrivalTime: when,
  signTime: when,
  lines: z.array(epodLineReport, { error: 'validation.required' }).min(1, { error: 'messages.epod.linesIncomplete' }).max(1000),
  remark: text(200).nullable().optional(),
});
export type EpodReportInput = z.infer<typeof epodReport>;

/** The driver leaves the stop after the consignee signed (issue 16: arrival and departure at each stop). */
export const epodDeparture = z.object({ departureTime: when });

export const epodReject = z.object({ opinion: text(EPOD_LIMITS.opinion).trim().min(1, { error: 'validation.required' }) });
export const epodHandle = z.object({
  result: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(30),
  remark: text(EPOD_LIMITS.handleRemark).trim().min(1, { error: 'validation.required' }),
});
export const epodAudit = z.object({ opinion: text(EPOD_LIMITS.opinion).nullable().optional() });

/** Nothing is entered through the generic form: every change is an epod action. */
const readOnlyFields = (fields: FieldDef[]): FieldDef[] => fields.map((f) => ({ form: false, ...f }));

const epodFields: FieldDef[] = readOnlyFields([
  { name: 'code', kind: 'string', max: 40, search: 'like', unique: true },
  { name: 'waybillCode', kind: 'string', max: 40, search: 'like' },
  { name: 'shipmentCode', kind: 'string', max: 40, search: 'like' },
  { name: 'orderCode', kind: 'string', max: 40, search: 'like', list: false },
  { name: 'batchCode', kind: 'string', max: 40, search: 'like' },
  { name: 'status', kind: 'dict', dict: 'epod_status', search: 'in' },
  { name: 'isAbnormal', kind: 'boolean', search: 'eq' },
  { name: 'clientId', kind: 'ref', ref: 'client', search: 'eq' },
  { name: 'carrierId', kind: 'ref', ref: 'carrier', search: 'eq' },
  { name: 'stationId', kind: 'ref', ref: 'station' },
  { name: 'reportSource', kind: 'dict', dict: 'epod_report_source' },
  { name: 'reportBy', kind: 'string', max: 64 },
  { name: 'reportTime', kind: 'datetime', search: 'range' },
  { name: 'arrivalTime', kind: 'datetime', search: 'range' },
  { name: 'signTime', kind: 'datetime', search: 'range' },
  { name: 'departureTime', kind: 'datetime', search: 'range' },
  { name: 'auditBy', kind: 'string', max: 64 },
  { name: 'auditTime', kind: 'datetime', search: 'range' },
  { name: 'handleResult', kind: 'dict', dict: 'epod_handle_result', list: false },
  { name: 'handleRemark', kind: 'text', max: 100 },
  { name: 'handleBy', kind: 'string', max: 64, list: false },
  { name: 'handleTime', kind: 'datetime', list: false },
  { name: 'remark', kind: 'text', max: 200 },
  { name: 'shipmentId', kind: 'int', list: false, detail: false, sortable: false },
  { name: 'waybillId', kind: 'int', list: false, detail: false, sortable: false },
  { name: 'orderId', kind: 'int', list: false, detail: false, sortable: false },
  { name: 'stopId', kind: 'int', list: false, detail: false, sortable: false },
  { name: 'videoFileId', kind: 'int', list: false, detail: false, sortable: false },
]);

const readOnly = { create: false, update: false, remove: false, export: true } as const;
const epodScope = { dispatchCenter: 'dispatch_center_id', client: 'client_id', carrier: 'carrier_id' } as const;

export const epod: ResourceDef = {
  name: 'epod',
  table: 'tms_epod',
  path: '/epod/epod',
  permission: 'epod:epod',
  component: 'epod/index',
  labelField: 'code',
  features: readOnly,
  scope: epodScope,
  defaultSort: { field: 'id', order: 'desc' },
  fields: epodFields,
};

/** Abnormal receipts (a shortage or damage on a line) and whether they were checked and handled. */
export const epodCheck: ResourceDef = {
  name: 'epodCheck',
  table: 'tms_epod_check',
  path: '/epod/check',
  permission: 'epod:check',
  component: 'epod/check',
  labelField: 'code',
  features: readOnly,
  scope: epodScope,
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    // every row is abnormal: the flag is not listed nor searched, only sent (the actions read it)
    ...epodFields.map((f) => (f.name === 'isAbnormal' ? { ...f, list: false, search: undefined } : ['handleResult', 'handleTime', 'handleBy'].includes(f.name) ? { ...f, list: true } : f)),
    ...readOnlyFields([{ name: 'isHandled', kind: 'boolean', search: 'eq' }]),
  ],
};

/** Audit, rejection and handling opinions of the receipts. */
export const epodOpinion: ResourceDef = {
  name: 'epodOpinion',
  table: 'tms_epod_opinion',
  path: '/epod/opinion',
  permission: 'epod:opinion',
  component: 'epod/opinion',
  labelField: 'epodCode',
  features: readOnly,
  scope: epodScope,
  defaultSort: { field: 'id', order: 'desc' },
  fields: readOnlyFields([
    { name: 'epodCode', kind: 'string', max: 40, search: 'like' },
    { name: 'opinionType', kind: 'dict', dict: 'epod_opinion_type', search: 'eq' },
    { name: 'content', kind: 'string', max: 500, search: 'like' },
    { name: 'opinionBy', kind: 'string', max: 64, search: 'like' },
    { name: 'opinionTime', kind: 'datetime', search: 'range' },
    { name: 'epodId', kind: 'int', list: false, detail: false, sortable: false },
  ]),
};
