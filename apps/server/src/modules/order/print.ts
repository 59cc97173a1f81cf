/**
 * Printing orders: a print template (base_print_template of type ORDER, HTML with mustache
 * {{placeholders}} and a {{#lines}}…{{/lines}} block) filled for each order, on a chosen printer.
 * The print data is tracked (count, status, user, date, time, printer); printing an order again
 * needs a reset reason. The web opens the HTML in a new window for the browser's print dialog. A template may
 * show the order's public tracking link and its QR code ({{trackingUrl}}, <img src="{{trackingQr}}">: portal/print-links.ts).
 */
import Mustache from 'mustache';
import dayjs from 'dayjs';
import { orderResource } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { getManyInScope, selectList, toApi, type Row } from '../../platform/resource-engine.ts';
import { centerOf } from '../../platform/auth.ts';
import type { ActionContext } from './actions.ts';
import { linesOf } from './list.ts';
import { trackOrders } from './tracking.ts';
import { printTracking, usesTracking, type LinkSource, type Tracking } from '../portal/print-links.ts';

export interface PrintRequest {
  ids: number[];
  templateId: number;
  printerId: number;
  resetReason: string | null;
}

/** An enabled print template of a type (ORDER, WAYBILL): a 400 naming `templateId` otherwise. */
export async function templateOf(q: Queryable, id: number, type: 'ORDER' | 'WAYBILL' | 'STATEMENT' = 'ORDER'): Promise<{ code: string; name: string; content: string }> {
  const r = await q.query<{ code: string; name: string; content: string | null }>(
    `select code, name, content from base_print_template where id = $1 and type = $2 and status = '0'`,
    [id, type],
  );
  const t = r.rows[0];
  if (!t) throw badRequest('messages.validationFailed', { templateId: { key: 'validation.invalid' } });
  return { ...t, content: t.content ?? '' };
}

/** The print dialog's choices: the enabled templates of a type and the printers in use, defaults first. */
export async function printOptions(q: Queryable, type: 'ORDER' | 'WAYBILL' | 'STATEMENT'): Promise<{ templates: Choice[]; printers: Choice[] }> {
  const [templates, printers] = await Promise.all([
    q.query<Choice>(`select id, code, name, is_default as "isDefault" from base_print_template where type = $1 and status = '0' order by is_default desc, id`, [type]),
    q.query<Choice>(`select id, code, name, is_default as "isDefault" from sys_printer where status = '0' order by is_default desc, id`),
  ]);
  return { templates: templates.rows, printers: printers.rows };
}
type Choice = { id: number; code: string; name: string; isDefault: boolean };

export async function printerOf(q: Queryable, id: number): Promise<{ code: string; name: string }> {
  const r = await q.query<{ code: string; name: string }>(`select code, name from sys_printer where id = $1 and status = '0'`, [id]);
  if (!r.rows[0]) throw badRequest('messages.validationFailed', { printerId: { key: 'validation.invalid' } });
  return r.rows[0];
}

/** What a template can use: every order field, readable names of its references, totals, lines. */
export function printView(order: Row, lines: Row[], printer: { name: string }, printedAt: string): Record<string, unknown> {
  return {
    ...order,
    clientName: order.clientIdLabel,
    orderTypeName: order.orderTypeIdLabel,
    sourceStation: order.sourceStationIdLabel,
    destStation: order.destStationIdLabel,
    carrierName: order.carrierIdLabel,
    routeName: order.routeIdLabel,
    weight: order.totalWeight,
    volume: order.totalVolume,
    quantity: order.totalQuantity,
    cases: order.totalCases,
    pallets: order.totalPallets,
    printerName: printer.name,
    printTime: printedAt,
    lines: lines.map((l, i) => ({ ...l, index: i + 1 })),
  };
}

export function printDocument(title: string, pages: string[]): string {
  const esc = Mustache.escape(title);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc}</title>
<style>@media print { .tms-print-page { page-break-after: always; } .tms-print-page:last-child { page-break-after: auto; } }</style>
</head><body>${pages.map((p) => `<section class="tms-print-page">${p}</section>`).join('\n')}</body></html>`;
}

export async function print(ctx: ActionContext, req: PrintRequest, links?: LinkSource): Promise<{ html: string; printed: number }> {
  const rows = await getManyInScope(ctx.q, orderResource, ctx.caller, req.ids);
  // the orders' center: the caller's, whose scope found them
  const center = centerOf(ctx.caller);
  const locked = rows.find((o) => o.is_lock);
  if (locked) throw conflict('messages.order.lockedNoAction', { code: locked.code });
  const again = rows.find((o) => o.is_print);
  if (again && !req.resetReason) throw conflict('messages.order.reprintNeedsReason', { code: again.code }, { resetReason: { key: 'messages.order.reprintNeedsReason', params: { code: again.code } } });
  const template = await templateOf(ctx.q, req.templateId);
  const printer = await printerOf(ctx.q, req.printerId);
  const at = dayjs(ctx.now);
  await ctx.q.query(
    `update tms_order set print_qty = print_qty + 1, reset_print = is_print, is_print = true,
        reset_reason = case when is_print then $1 else reset_reason end,
        print_by = $2, print_date = $3, print_time = $4, printer_id = $5, update_by = $2, update_time = $6, version = version + 1
      where id = any($7::bigint[]) and dispatch_center_id = $8`,
    [req.resetReason, ctx.caller.userName, at.format('YYYY-MM-DD'), at.format('HH:mm:ss'), req.printerId, ctx.now, req.ids, center],
  );
  await trackOrders(ctx.q, ctx.caller, ctx.now, 'ORDER_PRINT', req.ids, [template.code, printer.name, req.resetReason].filter(Boolean).join(' / '));
  const fresh = await ctx.q.query<Row>(`select ${selectList(orderResource)} from tms_order t where t.id = any($1::bigint[]) and t.dispatch_center_id = $2 order by t.id`, [req.ids, center]);
  // the public tracking link and its QR code, when the template shows them
  const tracking = links && usesTracking(template.content) ? await printTracking({ ...links, q: ctx.q, by: ctx.caller.userName, center: centerOf(ctx.caller) }, 'ORDER', req.ids) : new Map<number, Tracking>();
  const pages: string[] = [];
  for (const row of fresh.rows) {
    const order = toApi(orderResource, row);
    const view = printView(order, await linesOf(ctx.q, order.id as number, center), printer, at.format('YYYY-MM-DD HH:mm:ss'));
    pages.push(Mustache.render(template.content, { ...view, ...tracking.get(order.id as number) }));
  }
  return { html: printDocument(template.name, pages), printed: rows.length };
}
