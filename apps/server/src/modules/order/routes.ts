/**
 * Order routes under /api/order (spec §2 order screens, §4 Order; design/domain.md "Order").
 * Lists, detail, add / edit with lines, the state actions, Excel import with preview, export,
 * printing, the order-lines page and an order's tracking.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DomainEvents } from '../../platform/domain-events.ts';
import { z } from 'zod';
import { orderImportResource, orderResource, okOf, pageOf, OrderApi as C, type Endpoint } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import { LAG_HEADER } from '../../platform/replica.ts';
import type { Clock } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { idList, ok, page } from '../../platform/http.ts';
import { onValidationError, route } from '../../platform/contract.ts';
import { centerOf, requireCaller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { exportWorkbook, importTemplate, unreadableWorkbook, uploadedWorkbook } from '../../platform/excel.ts';
import { bodyIssuesToError, formValues, getInScope, parseBody, toApi } from '../../platform/resource-engine.ts';
import { listLines, listOrders, linesOf, trackingOf, waybillsOf } from './list.ts';
import { createOrder, parseLines, requireClientBeforeItems, updateOrder, type LineInput } from './save.ts';
import * as actions from './actions.ts';
import { print, printOptions } from './print.ts';
import { originOf } from '../portal/print-links.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { commitImport, previewAnswer, previewImport, previewStore } from './import.ts';

const BASE = '/api/order/order';
const XLSX = { binary: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] };

/**
 * A refused order body answers as it always did: the client before the items, then the order's fields,
 * then each line (`lines[i].field`), each with the field's limits.
 */
const orderBodyError = (mode: 'create' | 'update') => (issues: Parameters<typeof bodyIssuesToError>[1], _part: string, data: unknown) => {
  const b = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  try {
    if (!b) return bodyIssuesToError(orderResource, issues);
    if (mode === 'create') requireClientBeforeItems(b);
    parseBody(orderResource, mode, b);
    parseLines(b);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  return bodyIssuesToError(orderResource, issues);
};
const SaveBody = onValidationError(C.OrderSave, orderBodyError('create'));
const UpdateBody = onValidationError(C.OrderUpdate, orderBodyError('update'));

/** The detail of an order: the record with its lines, tracking and waybills. */
async function detail(db: Db, req: FastifyRequest, id: number) {
  const row = await getInScope(db, orderResource, requireCaller(req), id);
  const center = Number(row.dispatch_center_id);
  const [lines, tracking, waybills] = await Promise.all([linesOf(db, id, center), trackingOf(db, id, center), waybillsOf(db, id, center)]);
  return { ...toApi(orderResource, row), lines, tracking, waybills };
}

export function registerOrderRoutes(app: FastifyInstance, db: Db, clock: Clock, events?: DomainEvents, secrets?: Secrets): void {
  const run = <T>(req: FastifyRequest, businessType: string, fn: (ctx: actions.ActionContext) => Promise<T>) =>
    mutate(db, req, { title: 'order', businessType }, (q) => fn({ q, caller: requireCaller(req), now: clock.now(), events }));
  const tags = ['order'];
  const paging = (query: { pageSize?: number; pageNum?: number; afterId?: number }) => {
    const pageSize = query.pageSize ?? 10;
    // a keyset cursor (afterId) replaces the offset
    return { pageSize, offset: query.afterId ? 0 : ((query.pageNum ?? 1) - 1) * pageSize };
  };

  route(app, { method: 'GET', url: `${BASE}/list`, operationId: 'order.list', summary: 'List orders with the weight / volume / pieces totals of the filtered set', tags, permission: 'order:order:query', querystring: C.OrderListQuery, response: C.OrderPage }, async (req) => {
    const { pageSize, offset } = paging(req.query);
    const r = await listOrders(db, requireCaller(req), req.query, pageSize, offset);
    return { ...page(req, r.rows, r.total), summary: r.summary };
  });

  // the totals of the filtered set alone (same filters as the list)
  route(app, { method: 'GET', url: `${BASE}/summary`, operationId: 'order.summary', summary: 'The totals of the filtered orders (same filters as the list)', tags, permission: 'order:order:query', querystring: C.OrderListQuery, response: okOf(C.OrderSummary.extend({ total: z.number().int() })) }, async (req) => {
    const r = await listOrders(db, requireCaller(req), req.query, 1, 0);
    return ok(req, { total: r.total, ...r.summary });
  });

  route(app, C.endpoints.get, async (req) => ok(req, await detail(db, req, req.params.id)));

  route(app, { method: 'POST', url: `${BASE}/save`, operationId: 'order.save', summary: 'Create an order with its lines (client first)', tags, permission: 'order:order:add', body: SaveBody, response: okOf(C.OrderDetail) }, async (req) => {
    const values = formValues(orderResource, 'create', req.body);
    const lines = req.body.lines as LineInput[];
    const row = await run(req, 'INSERT', async (c) => {
      const made = await createOrder(c.q, c.caller, values, lines, { source: 'MANUAL', now: c.now });
      await c.events?.emit(c, 'order.created', { dispatchCenterId: Number(made.dispatch_center_id), orderIds: [made.id as number] });
      return made;
    });
    return ok(req, await detail(db, req, row.id as number));
  });

  route(app, { method: 'POST', url: `${BASE}/update`, operationId: 'order.update', summary: 'Edit an open, unlocked order and replace its lines (with the version read)', tags, permission: 'order:order:edit', body: UpdateBody, response: okOf(C.OrderDetail) }, async (req) => {
    const values = formValues(orderResource, 'update', req.body);
    const row = await run(req, 'UPDATE', (c) => updateOrder(c.q, c.caller, values, req.body.lines as LineInput[], c.now));
    return ok(req, await detail(db, req, row.id as number));
  });

  /** The ids of a bulk action: the body's, else the query string's; none answers 400 "select rows first". */
  const idsOf = (req: { body?: { ids?: number[] } | null; query: { ids?: number[] } }) => req.body?.ids ?? req.query.ids ?? idList(undefined);

  route(app, C.actions.remove, async (req) => {
    const ids = idsOf(req);
    return ok(req, await run(req, 'DELETE', (c) => actions.remove(c, ids)));
  });

  // the operation log's business type: the action's name (`order.lock` → LOCK)
  const action = <B extends z.ZodType>(spec: Endpoint<undefined, typeof C.ActionQuery, B, z.ZodType>, fn: (c: actions.ActionContext, ids: number[], body: z.output<B>, req: FastifyRequest) => Promise<unknown>) =>
    route(app, spec, async (req) => {
      const ids = idsOf(req as { body?: { ids?: number[] } | null; query: { ids?: number[] } });
      const name = spec.operationId.slice('order.'.length);
      return ok(req, (await run(req, name.toUpperCase(), (c) => fn(c, ids, req.body as z.output<B>, req))) as Record<string, unknown>);
    });
  action(C.actions.review, (c, ids) => actions.review(c, ids));
  action(C.actions.retract, (c, ids) => actions.retract(c, ids));
  action(C.actions.lock, (c, ids, b) => actions.lock(c, ids, b.reason));
  action(C.actions.unlock, (c, ids) => actions.unlock(c, ids));
  action(C.actions.assignCarrierRoute, (c, ids, b) => actions.assignCarrierRoute(c, ids, b.carrierRouteId));
  action(C.actions.printVerify, (c, ids) => actions.printVerify(c, ids));
  action(C.actions.print, (c, ids, b, req) =>
    print(c, { ids, templateId: b.templateId, printerId: b.printerId, resetReason: b.resetReason ? b.resetReason : null }, secrets && { clock, secrets, origin: originOf(req) }),
  );

  // the print dialog's choices: ORDER templates and printers in use
  route(app, C.endpoints.printOptions, async (req) => {
    return ok(req, await printOptions(db, 'ORDER'));
  });

  route(app, { method: 'GET', url: `${BASE}/export`, operationId: 'order.export', summary: 'Export the filtered orders as .xlsx', tags, permission: 'order:order:export', querystring: C.OrderListQuery, response: XLSX }, async (req, reply) => {
    // on the replica when one is fit (platform/replica.ts), like the reports
    const { value: r, lagSeconds } = await app.reads.run((q) => listOrders(q, requireCaller(req), req.query, 100_000, 0));
    const buf = await exportWorkbook(orderResource, r.rows, req.lang, db);
    if (lagSeconds !== null) void reply.header(LAG_HEADER, String(lagSeconds));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="order.xlsx"')
      .send(buf);
  });

  route(app, C.endpoints.importTemplate, async (req, reply) => {
    const buf = await importTemplate(orderImportResource, req.lang, db);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="order-template.xlsx"')
      .send(buf);
  });

  const previews = previewStore(clock);
  const importRoute = async (req: FastifyRequest, commit: boolean, token: string | undefined) => {
    const caller = requireCaller(req);
    const file = await uploadedWorkbook(req);
    const preview = await previews.preview(`staff:${caller.userId}:${req.lang}`, file, { commit, token }, () =>
      previewImport(db, { caller }, file, req.lang).catch(unreadableWorkbook(req, 'order')),
    );
    if (!commit || !preview.orders.length) return ok(req, previewAnswer(preview));
    if (preview.errors) throw new AppError(400, 'messages.validationFailed', undefined, undefined, previewAnswer(preview));
    const ids = await run(req, 'IMPORT', async (c) => {
      const made = await commitImport(c.q, c.caller, preview, c.now);
      await c.events?.emit(c, 'order.created', { dispatchCenterId: centerOf(c.caller), orderIds: made });
      return made;
    });
    return ok(req, { ...previewAnswer(preview, true), ids });
  };
  const upload = { upload: 20 * 1024 * 1024 };
  route(app, { ...C.endpoints.import, config: upload }, (req) => importRoute(req, req.query.commit === 'true', req.query.token));
  route(app, { ...C.endpoints.importCommit, config: upload }, (req) => importRoute(req, true, req.query.token));

  route(app, { method: 'GET', url: '/api/order/line/list', operationId: 'orderLine.list', summary: 'List order lines (a line is in scope when its order is)', tags: ['orderLine'], permission: 'order:line:query', querystring: C.OrderLineListQuery, response: pageOf(C.OrderLineRow) }, async (req) => {
    const { pageSize, offset } = paging(req.query);
    const r = await listLines(db, requireCaller(req), req.query, pageSize, offset);
    return page(req, r.rows, r.total);
  });

  // the tracking of one order: without orderId 400 naming it (a list that needs its parent)
  route(app, { method: 'GET', url: '/api/order/tracking/list', operationId: 'order.tracking', summary: "An order's tracking entries", tags: ['orderTracking'], permission: 'order:order:query', querystring: C.TrackingQuery, response: pageOf(z.object({}).loose()) }, async (req) => {
    const id = req.query.orderId;
    const order = await getInScope(db, orderResource, requireCaller(req), id);
    const rows = await trackingOf(db, id, Number(order.dispatch_center_id));
    return page(req, rows, rows.length);
  });
}
