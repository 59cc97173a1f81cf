/**
 * Settlement records (issue 15) as generic resources: the settlement terms of a contract (editable), and
 * read-only lists with Excel export of statements, their lines, invoices, payments and paper receipts.
 * Their changes go through the settlement routes (apps/server/src/modules/finance/settlement*.ts).
 */
import type { FieldDef, ResourceDef } from '../resource.ts';

const amount = (name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'decimal', unit: 'yuan', scale: 2, form: false, ...extra });
const READ_ONLY = { create: false, update: false, remove: false, export: true } as const;
const PARTY_SCOPE = { dispatchCenter: 'dispatch_center_id', client: 'client_id', carrier: 'carrier_id', openWhenNull: true } as const;

export const settleTerm: ResourceDef = {
  name: 'settleTerm',
  table: 'fin_settle_term',
  path: '/finance/settleTerm',
  permission: 'finance:settleTerm',
  component: 'finance/settleTerm/index',
  labelField: 'id',
  features: { export: true },
  scope: { parent: { column: 'contract_id', resource: 'contract' } },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'contractId', kind: 'ref', ref: 'contract', required: true, search: 'eq', unique: true },
    { name: 'settleEvent', kind: 'dict', dict: 'fin_settle_event', required: true, default: 'REVIEW', search: 'eq' },
    { name: 'cutOffDay', kind: 'int', minValue: 1, maxValue: 28 },
    { name: 'tolerancePct', kind: 'decimal', unit: '%', minValue: 0, maxValue: 100, scale: 2 },
    { name: 'toleranceAmount', kind: 'decimal', unit: 'yuan', minValue: 0, maxValue: 9999999999, scale: 2 },
    { name: 'receiptDays', kind: 'int', minValue: 0, maxValue: 3650, default: 7 },
    { name: 'remark', kind: 'text', max: 200 },
  ],
};

export const statement: ResourceDef = {
  name: 'statement',
  table: 'fin_statement',
  path: '/finance/statement',
  permission: 'finance:statement',
  component: 'finance/statement/index',
  labelField: 'code',
  features: READ_ONLY,
  scope: PARTY_SCOPE,
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'code', kind: 'string', max: 40, search: 'like', unique: true },
    { name: 'kind', kind: 'dict', dict: 'fin_contract_kind', search: 'eq' },
    { name: 'clientId', kind: 'ref', ref: 'client', search: 'eq' },
    { name: 'carrierId', kind: 'ref', ref: 'carrier', search: 'eq' },
    { name: 'partyId', kind: 'int', list: false, search: 'eq' },
    { name: 'period', kind: 'string', max: 7, search: 'eq' },
    { name: 'periodFrom', kind: 'date', list: false },
    { name: 'periodTo', kind: 'date', list: false },
    { name: 'currency', kind: 'string', max: 3 },
    { name: 'status', kind: 'dict', dict: 'fin_statement_status', search: 'in' },
    { name: 'lineCount', kind: 'int' },
    amount('chargeAmount', { list: false }),
    amount('adjustAmount'),
    amount('totalAmount'),
    amount('invoicedAmount'),
    amount('paidAmount'),
    { name: 'voidReason', kind: 'string', max: 200, list: false },
  ],
};

export const statementLine: ResourceDef = {
  name: 'statementLine',
  table: 'fin_statement_line',
  path: '/finance/statementLine',
  permission: 'finance:statement',
  component: 'finance/statementLine/index',
  labelField: 'id',
  features: READ_ONLY,
  scope: { parent: { column: 'statement_id', resource: 'statement' } },
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'statementId', kind: 'ref', ref: 'statement', search: 'eq' },
    { name: 'lineType', kind: 'dict', dict: 'fin_statement_line_type', search: 'eq' },
    { name: 'waybillCode', kind: 'string', max: 40, search: 'like' },
    { name: 'chargeTypeCode', kind: 'string', max: 30, search: 'eq' },
    { name: 'eventDate', kind: 'date' },
    amount('amount'),
    { name: 'taxRate', kind: 'decimal', unit: '%', scale: 2 },
    { name: 'adjustsLineId', kind: 'int' },
    { name: 'disputeStatus', kind: 'dict', dict: 'fin_dispute_status', search: 'eq' },
    { name: 'disputeReason', kind: 'string', max: 200 },
    amount('proposedAmount'),
    { name: 'remark', kind: 'string', max: 200 },
    // where an adjustment line came from (migration 0075): a manual adjustment, or a re-rating of a charge stated before
    { name: 'origin', kind: 'dict', dict: 'fin_statement_line_origin', search: 'eq' },
    { name: 'adjustmentId', kind: 'int', search: 'eq' },
    { name: 'originStatementCode', kind: 'string', max: 40, search: 'eq' },
    amount('beforeAmount'),
    amount('afterAmount'),
  ],
};

export const invoice: ResourceDef = {
  name: 'invoice',
  table: 'fin_invoice',
  path: '/finance/invoice',
  permission: 'finance:invoice',
  component: 'finance/invoice/index',
  labelField: 'invoiceNo',
  features: READ_ONLY,
  scope: PARTY_SCOPE,
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'invoiceNo', kind: 'string', max: 40, search: 'like' },
    { name: 'kind', kind: 'dict', dict: 'fin_contract_kind', search: 'eq' },
    { name: 'clientId', kind: 'ref', ref: 'client', search: 'eq' },
    { name: 'carrierId', kind: 'ref', ref: 'carrier', search: 'eq' },
    { name: 'partyId', kind: 'int', list: false, search: 'eq' },
    { name: 'invoiceDate', kind: 'date', search: 'range' },
    { name: 'invoiceType', kind: 'dict', dict: 'fin_invoice_type', search: 'eq' },
    amount('amount'),
    { name: 'taxRate', kind: 'decimal', unit: '%', scale: 2 },
    amount('taxAmount'),
    amount('writtenOff'),
    { name: 'status', kind: 'dict', dict: 'fin_invoice_status', search: 'eq' },
    // a red-letter invoice (migration 0082): the blue invoice it reverses and its red-letter form number
    { name: 'redOf', kind: 'ref', ref: 'invoice', search: 'eq' },
    { name: 'redInfoNo', kind: 'string', max: 40 },
    { name: 'voidReason', kind: 'string', max: 200, list: false },
    { name: 'remark', kind: 'string', max: 200 },
  ],
};

export const payment: ResourceDef = {
  name: 'payment',
  table: 'fin_payment',
  path: '/finance/payment',
  permission: 'finance:payment',
  component: 'finance/payment/index',
  labelField: 'paymentNo',
  features: READ_ONLY,
  scope: PARTY_SCOPE,
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'paymentNo', kind: 'string', max: 40, search: 'like' },
    { name: 'kind', kind: 'dict', dict: 'fin_contract_kind', search: 'eq' },
    { name: 'clientId', kind: 'ref', ref: 'client', search: 'eq' },
    { name: 'carrierId', kind: 'ref', ref: 'carrier', search: 'eq' },
    { name: 'partyId', kind: 'int', list: false, search: 'eq' },
    { name: 'payDate', kind: 'date', search: 'range' },
    amount('amount'),
    amount('applied'),
    { name: 'method', kind: 'dict', dict: 'fin_payment_method', search: 'eq' },
    { name: 'remark', kind: 'string', max: 200 },
  ],
};

export const paperReceipt: ResourceDef = {
  name: 'paperReceipt',
  table: 'fin_paper_receipt',
  path: '/finance/paperReceipt',
  permission: 'finance:paperReceipt',
  component: 'finance/paperReceipt/index',
  labelField: 'waybillCode',
  features: READ_ONLY,
  scope: { dispatchCenter: 'dispatch_center_id', client: 'client_id', openWhenNull: true },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'waybillCode', kind: 'string', max: 40, search: 'like' },
    { name: 'waybillId', kind: 'int', list: false, search: 'eq', unique: true },
    { name: 'clientId', kind: 'ref', ref: 'client', search: 'eq' },
    { name: 'status', kind: 'dict', dict: 'fin_receipt_status', search: 'in' },
    { name: 'signedTime', kind: 'datetime' },
    { name: 'returnedTime', kind: 'datetime', search: 'range' },
    { name: 'handedTime', kind: 'datetime' },
    { name: 'lostReason', kind: 'string', max: 200 },
  ],
};

/**
 * One row of a carrier's statement for the three-way check of a payable statement (its import template and
 * sheet; not a stored resource): the waybill and / or dispatch order the carrier bills, optionally the
 * charge type, and the amount the carrier claims.
 */
export const carrierClaimRow: ResourceDef = {
  name: 'carrierClaim',
  table: 'fin_statement_line',
  path: '/finance/statement',
  permission: 'finance:statement',
  component: 'finance/statement/threeWay',
  labelField: 'waybillCode',
  fields: [
    { name: 'waybillCode', kind: 'string', max: 40 },
    { name: 'dispatchOrderCode', kind: 'string', max: 40 },
    { name: 'chargeTypeCode', kind: 'string', max: 30 },
    { name: 'claimAmount', kind: 'string', max: 24, required: true },
  ],
};
