/** Request and answer schemas of the hand-written order routes (/api/order/*). */
import { z } from 'zod';
import { endpoint, IdList, IdParams, intText, okOf, resourceBody, resourceListQuery, resourceRow, RemoveQuery, XLSX_ANSWER } from '../api.ts';
import { bodySchema } from '../resource.ts';
import { order, orderLine, ORDER_LINES_MAX } from '../resources/order.ts';

const Line = bodySchema(orderLine, 'create');
/** The lines of an order: 1…ORDER_LINES_MAX, each an item with its quantities. */
const Lines = z
  .array(Line, { error: 'messages.order.linesRequired' })
  .min(1, { error: 'messages.order.linesRequired' })
  .max(ORDER_LINES_MAX, { error: 'validation.max' });

/** The client comes before items: lines without a client are refused with the spec's message. */
const clientFirst = (b: { clientId?: unknown; lines?: unknown }, ctx: z.RefinementCtx) => {
  if ((b.clientId === undefined || b.clientId === null) && Array.isArray(b.lines) && b.lines.length) {
    ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'messages.order.selectOwnerFirst', params: { msg: 'messages.order.selectOwnerFirst' } });
  }
};

export const OrderSave = resourceBody(order, 'create').extend({ lines: Lines }).superRefine(clientFirst).meta({ id: 'OrderSave' });
export const OrderUpdate = resourceBody(order, 'update').extend({ lines: Lines }).meta({ id: 'OrderUpdate' });
export type OrderSaveInput = z.input<typeof OrderSave>;
export type OrderUpdateInput = z.input<typeof OrderUpdate>;

export const OrderRow = resourceRow(order);
export const OrderLineRow = resourceRow(orderLine);
export const OrderListQuery = resourceListQuery(order).extend({ afterId: intText(1).optional().describe('keyset cursor: the rows after this id (newest first), instead of pageNum') });
export const OrderLineListQuery = resourceListQuery(orderLine);
export const OrderSummary = z.object({ totalWeight: z.number(), totalVolume: z.number(), totalQuantity: z.number() });
export const OrderPage = z.object({ code: z.literal(0), msg: z.string(), rows: z.array(OrderRow), total: z.number().int(), summary: OrderSummary });
/** A tracking entry of an order (server order/list.ts trackingOf). */
export const OrderTrackingEntry = z.object({
  id: z.number().int(),
  operationType: z.string().describe('a value of the tracking_operation dictionary'),
  relatedCode: z.string().nullable(),
  operatorName: z.string().nullable(),
  operationTime: z.string().meta({ format: 'date-time' }),
  remark: z.string().nullable(),
  waybillId: z.number().int().nullable(),
  shipmentId: z.number().int().nullable(),
});
/** A waybill made from an order (server order/list.ts waybillsOf). */
export const OrderWaybill = z.object({ id: z.number().int(), code: z.string(), status: z.string(), shipmentCode: z.string().nullable(), totalWeight: z.number(), totalQuantity: z.number() });
export const OrderDetail = OrderRow.extend({
  lines: z.array(OrderLineRow),
  tracking: z.array(OrderTrackingEntry).describe('the tracking entries, newest first (at most 500)'),
  waybills: z.array(OrderWaybill).describe('the waybills made from the order'),
}).meta({ id: 'OrderDetail' });

/** A bulk action's input: `ids` in the body (or in the query string). */
export const ActionBody = z.object({ ids: IdList.optional() }).loose().nullish();
export const ActionQuery = RemoveQuery;
const reason = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.maxLength' });
export const LockBody = z.object({ ids: IdList.optional(), reason });
export const AssignCarrierRouteBody = z.object({ ids: IdList.optional(), carrierRouteId: intText(1) });
export const PrintBody = z.object({
  ids: IdList.optional(),
  templateId: intText(1),
  printerId: intText(1),
  resetReason: z.union([z.literal(''), z.null(), reason]).optional().describe('required for a reprint'),
});
export const PrintAnswer = z.object({ html: z.string(), printed: z.number().int() });
const Choice = z.object({ id: z.number(), code: z.string(), name: z.string(), isDefault: z.boolean().nullable() });
export const PrintOptions = z.object({ templates: z.array(Choice), printers: z.array(Choice) });
export const ActionAnswer = z.object({}).loose().describe('what changed (e.g. `changed`, the waybills made)');
export const TrackingQuery = z.object({ orderId: intText(1).describe('the order whose tracking is listed') });
const previewToken = z.string().max(64).optional().describe("the preview's token (its answer), sent with the same file: the commit takes the orders the preview built instead of reading the file again");
export const OrderImportQuery = z.object({ commit: z.enum(['true', 'false']).optional(), token: previewToken });
export const OrderImportCommitQuery = z.object({ token: previewToken });
export const OrderImportAnswer = z
  .object({
    total: z.number().int(),
    errors: z.number().int().describe('rows with at least one error'),
    headers: z.array(z.object({ name: z.string(), label: z.string() })),
    rows: z.array(z.object({ rowNum: z.number().int(), raw: z.record(z.string(), z.unknown()), errors: z.record(z.string(), z.string()) })),
    orders: z.array(
      z.object({
        key: z.string(), rowNums: z.array(z.number().int()), clientCode: z.string(), clientName: z.string().nullable(), sourceStation: z.string().nullable(),
        destStation: z.string().nullable(), lines: z.number().int(), totalWeight: z.number(), totalQuantity: z.number(), errors: z.number().int(),
      }),
    ),
    committed: z.boolean(),
    token: z.string().optional().describe('a preview that can be committed: send it with the same file to the commit'),
    ids: z.array(z.number()).optional().describe('the orders created (commit)'),
  })
  .meta({ id: 'OrderImportPreview' });

const orderAction = <B extends z.ZodType, A extends z.ZodType>(name: string, summary: string, permission: string, body: B, answer: A) =>
  endpoint({ method: 'POST', path: `/order/order/${name}`, operationId: `order.${name}`, summary, tags: ['order'], permission, querystring: ActionQuery, body, response: okOf(answer) });
/** The actions on ticked orders (their ids in the body, or in the query string). */
export const actions = {
  remove: orderAction('remove', 'Delete open orders (all or nothing)', 'order:order:delete', ActionBody, ActionAnswer),
  review: orderAction('review', 'Review open orders: one waybill each', 'order:order:review', ActionBody, ActionAnswer),
  retract: orderAction('retract', 'Retract reviewed orders (their waybills are deleted)', 'order:order:retract', ActionBody, ActionAnswer),
  lock: orderAction('lock', 'Lock orders, with a reason', 'order:order:lock', LockBody, ActionAnswer),
  unlock: orderAction('unlock', 'Unlock orders', 'order:order:unlock', ActionBody, ActionAnswer),
  assignCarrierRoute: orderAction('assignCarrierRoute', 'Assign a carrier route to open orders', 'order:order:assign', AssignCarrierRouteBody, ActionAnswer),
  printVerify: orderAction('printVerify', 'Mark printed orders as verified', 'order:order:verify', ActionBody, ActionAnswer),
  print: orderAction('print', 'Print orders with a template on a printer (a reprint needs a reason)', 'order:order:print', PrintBody, PrintAnswer),
};

const tags = ['order'];
const BASE = '/order/order';
const importRoute = (path: string, operationId: string, summary: string) => ({ method: 'POST' as const, path: `${BASE}/${path}`, operationId, summary, tags, permission: 'order:order:import', body: 'upload' as const, response: okOf(OrderImportAnswer) });
/** The order screens' reads and the import (its upload limit is the server's route config). */
export const endpoints = {
  get: endpoint({ method: 'GET', path: `${BASE}/get/:id`, operationId: 'order.get', summary: 'An order with its lines, tracking and waybills', tags, permission: 'order:order:query', params: IdParams, response: okOf(OrderDetail) }),
  printOptions: endpoint({ method: 'GET', path: `${BASE}/printOptions`, operationId: 'order.printOptions', summary: 'The print dialog: ORDER templates and printers in use', tags, permission: 'order:order:print', response: okOf(PrintOptions) }),
  importTemplate: endpoint({ method: 'GET', path: `${BASE}/importTemplate`, operationId: 'order.importTemplate', summary: 'The .xlsx order import template', tags, permission: 'order:order:import', response: XLSX_ANSWER }),
  import: endpoint({ ...importRoute('import', 'order.import', 'Import orders from .xlsx: a grouped preview, or (commit=true) all or nothing'), querystring: OrderImportQuery }),
  importCommit: endpoint({ ...importRoute('import/commit', 'order.importCommit', 'Import orders from .xlsx, all or nothing'), querystring: OrderImportCommitQuery }),
};
