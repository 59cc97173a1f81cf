/**
 * Order routes under /api/order (spec §2 order screens, §4 Order; design/domain.md "Order").
 * Lists, detail, add / edit with lines, the state actions, Excel import with preview, export,
 * printing, the order-lines page and an order's tracking.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS, orderImportResource, orderResource } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { idList, intParam, ok, page } from '../../platform/http.ts';
import { requireCaller, uploadLimit } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { exportWorkbook, importTemplate } from '../../platform/excel.ts';
import { getInScope, parseBody, toApi } from '../../platform/resource-engine.ts';
import { listLines, listOrders, linesOf, trackingOf, waybillsOf } from './list.ts';
import { createOrder, parseLines, requireClientBeforeItems, updateOrder } from './save.ts';
import * as actions from './actions.ts';
import { print } from './print.ts';
import { commitImport, previewAnswer, previewImport } from './import.ts';

const BASE = '/api/order/order';
const tag = (name: string) => ({ schema: { tags: [name] } });
const perm = (p: string) => ({ config: { permission: p }, ...tag('order') });

function paging(query: Record<string, unknown>) {
  const pageSize = intParam(query.pageSize, 10, 1, LIMITS.pageSizeMax, 'pageSize');
  const pageNum = intParam(query.pageNum, 1, 1, 1_000_000, 'pageNum');
  // a keyset cursor (afterId) replaces the offset
  const offset = query.afterId ? 0 : (pageNum - 1) * pageSize;
  return { pageSize, offset };
}

const bodyOf = (req: FastifyRequest) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
const idsOf = (req: FastifyRequest) => idList(bodyOf(req).ids ?? (req.query as Record<string, unknown>).ids);

/** The detail of an order: the record with its lines, tracking and waybills. */
async function detail(db: Db, req: FastifyRequest, id: number) {
  const row = await getInScope(db, orderResource, requireCaller(req), id);
  const [lines, tracking, waybills] = await Promise.all([linesOf(db, id), trackingOf(db, id), waybillsOf(db, id)]);
  return { ...toApi(orderResource, row), lines, tracking, waybills };
}

export function registerOrderRoutes(app: FastifyInstance, db: Db, clock: Clock): void {
  const run = <T>(req: FastifyRequest, businessType: string, fn: (ctx: actions.ActionContext) => Promise<T>) =>
    mutate(db, req, { title: 'order', businessType }, (q) => fn({ q, caller: requireCaller(req), now: clock.now() }));

  app.get(`${BASE}/list`, perm('order:order:query'), async (req) => {
    const query = req.query as Record<string, unknown>;
    const { pageSize, offset } = paging(query);
    const r = await listOrders(db, requireCaller(req), query, pageSize, offset);
    return { ...page(req, r.rows, r.total), summary: r.summary };
  });

  // the totals of the filtered set alone (same filters as the list)
  app.get(`${BASE}/summary`, perm('order:order:query'), async (req) => {
    const r = await listOrders(db, requireCaller(req), req.query as Record<string, unknown>, 1, 0);
    return ok(req, { total: r.total, ...r.summary });
  });

  app.get(`${BASE}/get/:id`, perm('order:order:query'), async (req) => {
    const id = intParam((req.params as { id: string }).id, 0, 1, Number.MAX_SAFE_INTEGER, 'id');
    return ok(req, await detail(db, req, id));
  });

  app.post(`${BASE}/save`, perm('order:order:add'), async (req) => {
    const body = bodyOf(req);
    requireClientBeforeItems(body);
    const values = parseBody(orderResource, 'create', body);
    const lines = parseLines(body);
    const row = await run(req, 'INSERT', (c) => createOrder(c.q, c.caller, values, lines, { source: 'MANUAL', now: c.now }));
    return ok(req, await detail(db, req, row.id as number));
  });

  app.post(`${BASE}/update`, perm('order:order:edit'), async (req) => {
    const row = await run(req, 'UPDATE', (c) => updateOrder(c.q, c.caller, bodyOf(req), c.now));
    return ok(req, await detail(db, req, row.id as number));
  });

  app.post(`${BASE}/remove`, perm('order:order:delete'), async (req) => {
    const ids = idsOf(req);
    return ok(req, await run(req, 'DELETE', (c) => actions.remove(c, ids)));
  });

  const action = (name: string, permission: string, fn: (c: actions.ActionContext, ids: number[], body: Record<string, unknown>) => Promise<unknown>) =>
    app.post(`${BASE}/${name}`, perm(permission), async (req) => {
      const ids = idsOf(req);
      return ok(req, await run(req, name.toUpperCase(), (c) => fn(c, ids, bodyOf(req))));
    });
  action('review', 'order:order:review', (c, ids) => actions.review(c, ids));
  action('retract', 'order:order:retract', (c, ids) => actions.retract(c, ids));
  action('lock', 'order:order:lock', (c, ids, b) => actions.lock(c, ids, actions.reasonOf(b.reason, 'reason')));
  action('unlock', 'order:order:unlock', (c, ids) => actions.unlock(c, ids));
  action('assignCarrierRoute', 'order:order:assign', (c, ids, b) =>
    actions.assignCarrierRoute(c, ids, intParam(b.carrierRouteId, 0, 1, Number.MAX_SAFE_INTEGER, 'carrierRouteId')),
  );
  action('printVerify', 'order:order:verify', (c, ids) => actions.printVerify(c, ids));
  action('print', 'order:order:print', (c, ids, b) =>
    print(c, {
      ids,
      templateId: intParam(b.templateId, 0, 1, Number.MAX_SAFE_INTEGER, 'templateId'),
      printerId: intParam(b.printerId, 0, 1, Number.MAX_SAFE_INTEGER, 'printerId'),
      resetReason: b.resetReason === undefined || b.resetReason === null || b.resetReason === '' ? null : actions.reasonOf(b.resetReason, 'resetReason'),
    }),
  );

  // the print dialog's choices: ORDER templates and printers in use
  app.get(`${BASE}/printOptions`, perm('order:order:print'), async (req) => {
    const [templates, printers] = await Promise.all([
      db.query(`select id, code, name, is_default as "isDefault" from base_print_template where type = 'ORDER' and status = '0' order by is_default desc, id`),
      db.query(`select id, code, name, is_default as "isDefault" from sys_printer where status = '0' order by is_default desc, id`),
    ]);
    return ok(req, { templates: templates.rows, printers: printers.rows });
  });

  app.get(`${BASE}/export`, perm('order:order:export'), async (req, reply) => {
    const r = await listOrders(db, requireCaller(req), req.query as Record<string, unknown>, 100_000, 0);
    const buf = await exportWorkbook(orderResource, r.rows, req.lang, db);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="order.xlsx"')
      .send(buf);
  });

  app.get(`${BASE}/importTemplate`, perm('order:order:import'), async (req, reply) => {
    const buf = await importTemplate(orderImportResource, req.lang, db);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="order-template.xlsx"')
      .send(buf);
  });

  const IMPORT_ROUTE = { config: { permission: 'order:order:import', upload: 20 * 1024 * 1024 } };
  const importRoute = async (req: FastifyRequest, commit: boolean) => {
    const caller = requireCaller(req);
    if (!req.isMultipart()) throw badRequest('messages.validationFailed', { file: { key: 'validation.required' } });
    const file = await req.file({ limits: { fileSize: uploadLimit(req) } });
    if (!file) throw badRequest('messages.validationFailed', { file: { key: 'validation.required' } });
    const preview = await previewImport(db, caller, file.file, req.lang).catch((e: unknown) => {
      if (file.file.truncated) throw new AppError(413, 'messages.tooLarge');
      if (e instanceof AppError) throw e;
      req.log.warn({ err: e }, 'order import: unreadable workbook');
      throw badRequest('messages.validationFailed', { file: { key: 'validation.invalid' } });
    });
    if (file.file.truncated) throw new AppError(413, 'messages.tooLarge');
    if (!commit || !preview.orders.length) return ok(req, previewAnswer(preview));
    if (preview.errors) throw new AppError(400, 'messages.validationFailed', undefined, undefined, previewAnswer(preview));
    const ids = await run(req, 'IMPORT', (c) => commitImport(c.q, c.caller, preview, c.now));
    return ok(req, { ...previewAnswer(preview, true), ids });
  };
  app.post(`${BASE}/import`, IMPORT_ROUTE, (req) => importRoute(req, (req.query as Record<string, unknown>).commit === 'true'));
  app.post(`${BASE}/import/commit`, IMPORT_ROUTE, (req) => importRoute(req, true));

  app.get('/api/order/line/list', { config: { permission: 'order:line:query' }, ...tag('orderLine') }, async (req) => {
    const query = req.query as Record<string, unknown>;
    const { pageSize, offset } = paging(query);
    const r = await listLines(db, requireCaller(req), query, pageSize, offset);
    return page(req, r.rows, r.total);
  });

  app.get('/api/order/tracking/list', { config: { permission: 'order:order:query' }, ...tag('orderTracking') }, async (req) => {
    const id = intParam((req.query as Record<string, unknown>).orderId, 0, 1, Number.MAX_SAFE_INTEGER, 'orderId');
    await getInScope(db, orderResource, requireCaller(req), id);
    const rows = await trackingOf(db, id);
    return page(req, rows, rows.length);
  });
}
