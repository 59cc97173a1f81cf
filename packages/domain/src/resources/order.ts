/**
 * Orders, their lines and their tracking (spec §3 "Order", "Order line", "Order tracking";
 * design/domain.md "Order"). Orders have a state machine, lines and a summary list, so the server
 * mounts their routes itself (modules/order) and these definitions are not in RESOURCES: they give
 * the field list, validation, filters, labels and data scope that the engine's pieces work from.
 */
import type { FieldDef, ResourceDef } from '../resource.ts';

const kg = (name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'decimal', unit: 'kg', scale: 3, minValue: 0, maxValue: 99999999, ...extra });
const m3 = (name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'decimal', unit: 'm3', scale: 3, minValue: 0, maxValue: 99999999, ...extra });
const int = (name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'int', minValue: 0, maxValue: 99999999, ...extra });
const str = (name: string, max: number, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'string', max, ...extra });
/** set by the server (state, print data, totals): shown, never sent by a form */
const ro = { form: false } as const;
const hidden = { list: false } as const;

/** What a line carries (the form's line, the import row's line part). */
const LINE_QUANTITIES: FieldDef[] = [int('quantity'), kg('weight'), m3('volume'), int('cases'), int('pallets'), int('other'), str('unit', 20), str('extLineNo', 30)];

/** Order remark limit (spec §5 / §9: remarks at most 100 characters). */
export const ORDER_REMARK_MAX = 100;
/** Lines one order may hold (a form, an import group). */
export const ORDER_LINES_MAX = 500;

export const order: ResourceDef = {
  name: 'order',
  table: 'tms_order',
  path: '/order/order',
  permission: 'order:order',
  component: 'order/index',
  labelField: 'code',
  // import has its own preview screen (orders grouped from rows), not the generic one
  features: { export: true },
  scope: { dispatchCenter: 'dispatch_center_id', client: 'client_id' },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    str('code', 40, { search: 'like', ...ro }),
    { name: 'status', kind: 'dict', dict: 'order_status', search: 'eq', ...ro },
    { name: 'isLock', kind: 'boolean', search: 'eq', ...ro },
    str('lockReason', 100, { ...ro, ...hidden }),
    { name: 'source', kind: 'dict', dict: 'order_source', search: 'eq', ...ro },
    { name: 'clientId', kind: 'ref', ref: 'client', required: true, search: 'eq', immutable: true },
    { name: 'orderTypeId', kind: 'ref', ref: 'orderType', search: 'eq' },
    { name: 'sourceStationId', kind: 'ref', ref: 'station', required: true, search: 'eq' },
    { name: 'destStationId', kind: 'ref', ref: 'station', required: true, search: 'eq' },
    { name: 'orderDate', kind: 'date', search: 'range' },
    { name: 'prepDate', kind: 'date', search: 'range' },
    { name: 'etd', kind: 'datetime' },
    { name: 'eta', kind: 'datetime' },
    { name: 'transType', kind: 'dict', dict: 'transport_type', search: 'eq' },
    { name: 'loadMode', kind: 'dict', dict: 'load_mode', search: 'eq' },
    { name: 'carrierId', kind: 'ref', ref: 'carrier', search: 'eq', ...ro },
    { name: 'routeId', kind: 'ref', ref: 'route', ...ro },
    { name: 'carrierRouteId', kind: 'ref', ref: 'carrierRoute', ...ro, ...hidden },
    str('routeCode', 30, { ...ro, ...hidden }),
    str('batchCode', 40, hidden),
    str('refNo', 60, { search: 'like' }),
    str('refNo1', 60, hidden),
    str('refNo2', 60, hidden),
    str('refNo3', 60, { search: 'like' }),
    str('refNo4', 60, { search: 'like' }),
    str('customerOrderNo', 60, { search: 'like' }),
    str('customerSubOrderNo', 60, hidden),
    { name: 'isSplitAllowed', kind: 'boolean', default: true, ...hidden },
    { name: 'sourceZoneId', kind: 'ref', ref: 'zone', ...ro, ...hidden },
    { name: 'destZoneId', kind: 'ref', ref: 'zone', ...ro, ...hidden },
    kg('totalWeight', ro),
    m3('totalVolume', ro),
    int('totalQuantity', ro),
    int('totalCases', ro),
    int('totalPallets', ro),
    int('totalOther', { ...ro, ...hidden }),
    // the value of the goods as declared by the client (insurance as a % of it; cost allocation by declared value)
    { name: 'declaredValue', kind: 'decimal', unit: 'yuan', minValue: 0, maxValue: 999999999999, scale: 2, list: false },
    { name: 'isPrint', kind: 'boolean', search: 'eq', ...ro },
    { name: 'isPrintCheck', kind: 'boolean', search: 'eq', ...ro },
    { name: 'printDate', kind: 'date', search: 'range', ...ro },
    // a time of day: matched as text ('14:' = printed in the 14 o'clock hour)
    str('printTime', 8, { rule: 'time', search: 'like', ...ro }),
    { name: 'printerId', kind: 'ref', ref: 'printer', search: 'eq', ...ro },
    int('printQty', { search: 'eq', ...ro }),
    str('printBy', 64, { ...ro, ...hidden }),
    { name: 'resetPrint', kind: 'boolean', ...ro, ...hidden },
    str('resetReason', 100, { search: 'like', ...ro }),
    str('auditBy', 64, { ...ro, ...hidden }),
    { name: 'auditTime', kind: 'datetime', ...ro, ...hidden },
    { name: 'remark', kind: 'text', max: ORDER_REMARK_MAX },
  ],
};

/** One line of an order as the order form sends it and the detail shows it. */
export const orderLine: ResourceDef = {
  name: 'orderLine',
  table: 'tms_order_line',
  path: '/order/line',
  permission: 'order:line',
  component: 'order/lines',
  labelField: 'itemName',
  features: { create: false, update: false, remove: false, export: false },
  // a line is visible when its order is: the list reads lines joined with their order's client
  scope: { dispatchCenter: 'dispatch_center_id', client: 'client_id' },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    str('orderCode', 40, { search: 'like', ...ro }),
    { name: 'clientId', kind: 'ref', ref: 'client', search: 'eq', ...ro },
    { name: 'orderStatus', kind: 'dict', dict: 'order_status', search: 'eq', ...ro },
    int('posNo', ro),
    { name: 'itemId', kind: 'ref', ref: 'item', required: true, search: 'eq', list: false },
    str('itemCode', 30, { search: 'like', ...ro }),
    str('itemName', 60, { search: 'like', ...ro }),
    str('itemType', 30, ro),
    ...LINE_QUANTITIES,
  ],
};

/**
 * One row of the order import sheet: an order header (repeated on each of its rows) and one line.
 * Rows with the same customer order number form one order.
 */
export const orderImportRow: ResourceDef = {
  name: 'orderImport',
  table: 'tms_order',
  path: '/order/order',
  permission: 'order:order',
  component: 'order/import',
  labelField: 'customerOrderNo',
  fields: [
    str('customerOrderNo', 60, { required: true }),
    str('clientCode', 30, { required: true }),
    str('sourceStationCode', 30, { required: true }),
    str('destStationCode', 30, { required: true }),
    str('orderTypeCode', 30),
    { name: 'orderDate', kind: 'date' },
    { name: 'prepDate', kind: 'date' },
    { name: 'etd', kind: 'datetime' },
    { name: 'eta', kind: 'datetime' },
    { name: 'transType', kind: 'dict', dict: 'transport_type' },
    { name: 'loadMode', kind: 'dict', dict: 'load_mode' },
    str('refNo', 60),
    str('refNo3', 60),
    str('refNo4', 60),
    { name: 'remark', kind: 'string', max: ORDER_REMARK_MAX },
    str('itemCode', 30, { required: true }),
    ...LINE_QUANTITIES,
  ],
};

/**
 * The client portal's order import (issue 17): the staff sheet without what a client does not choose (order type,
 * transport type, load mode, reference numbers, pallets) — the same labels, one row per line, rows with the same
 * customer order number forming one order.
 */
export const PORTAL_IMPORT_FIELDS = new Set(['customerOrderNo', 'clientCode', 'sourceStationCode', 'destStationCode', 'etd', 'eta', 'remark', 'itemCode', 'quantity', 'weight', 'volume', 'cases']);
export const portalOrderImportRow: ResourceDef = { ...orderImportRow, fields: orderImportRow.fields.filter((f) => PORTAL_IMPORT_FIELDS.has(f.name)) };

/** What the order import answers: the sheet's rows with their errors and the orders they form. */
export interface OrderImportPreview {
  total: number;
  /** rows with at least one error */
  errors: number;
  headers: { name: string; label: string }[];
  rows: { rowNum: number; raw: Record<string, unknown>; errors: Record<string, string> }[];
  orders: OrderImportGroup[];
  committed: boolean;
  /** a preview that can be committed: its key, sent with the same file to the commit (which then does not read it again) */
  token?: string;
  /** ids of the orders created (commit) */
  ids?: number[];
}

/** One order of an import: the rows with one customer order number. */
export interface OrderImportGroup {
  key: string;
  rowNums: number[];
  clientCode: string;
  clientName: string | null;
  sourceStation: string | null;
  destStation: string | null;
  lines: number;
  totalWeight: number;
  totalQuantity: number;
  /** rows of this order with errors */
  errors: number;
}

/** Body fields of a line the order form sends (the rest is taken from the item). */
export const ORDER_LINE_INPUT = ['itemId', 'quantity', 'weight', 'volume', 'cases', 'pallets', 'other', 'unit', 'extLineNo'] as const;

/** The totals of an order: sums of its lines (design/domain.md "Order" rules). */
export const ORDER_TOTALS = [
  ['totalWeight', 'weight'],
  ['totalVolume', 'volume'],
  ['totalQuantity', 'quantity'],
  ['totalCases', 'cases'],
  ['totalPallets', 'pallets'],
  ['totalOther', 'other'],
] as const;

export type OrderTotals = Record<(typeof ORDER_TOTALS)[number][0], number>;

/** Totals of lines, weight and volume kept to 3 decimals (as numeric(14,3) stores them). */
export function orderTotals(lines: Partial<Record<(typeof ORDER_TOTALS)[number][1], unknown>>[]): OrderTotals {
  const out = {} as OrderTotals;
  for (const [total, field] of ORDER_TOTALS) {
    const sum = lines.reduce((s, l) => s + (Number(l[field]) || 0), 0);
    out[total] = Math.round(sum * 1000) / 1000;
  }
  return out;
}
