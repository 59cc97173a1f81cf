/**
 * Printing waybills: the enabled WAYBILL print template (Mustache, values HTML-escaped) filled once per waybill
 * with its fields, the readable names of its references, its lines and, when the template names them, its public
 * tracking link and QR code ({{trackingUrl}}, <img src="{{trackingQr}}">: portal/print-links.ts), so the paper that
 * travels with the goods lets the consignee follow them. Only waybills in the caller's scope print (404 otherwise).
 */
import Mustache from 'mustache';
import dayjs from 'dayjs';
import { getResource } from '@tms/domain';
import type { Queryable } from '../../platform/db.ts';
import { centerOf, type Caller } from '../../platform/auth.ts';
import { getManyInScope, selectList, toApi, type Row } from '../../platform/resource-engine.ts';
import { printDocument, printerOf, templateOf } from '../order/print.ts';
import { printTracking, usesTracking, type LinkSource, type Tracking } from '../portal/print-links.ts';

const waybillResource = getResource('waybill');
const lineDef = getResource('waybillLine');

export interface WaybillPrint {
  ids: number[];
  templateId: number;
  printerId: number;
}

export async function printWaybills(q: Queryable, caller: Caller, now: Date, req: WaybillPrint, links?: LinkSource): Promise<{ html: string; printed: number }> {
  await getManyInScope(q, waybillResource, caller, req.ids);
  const template = await templateOf(q, req.templateId, 'WAYBILL');
  const printer = await printerOf(q, req.printerId);
  const rows = await q.query<Row>(`select ${selectList(waybillResource)} from tms_waybill t where t.id = any($1::bigint[]) and t.dispatch_center_id = $2 order by t.id`, [req.ids, centerOf(caller)]);
  const lines = await q.query<Row>(`select ${selectList(lineDef)} from tms_waybill_line t where t.waybill_id = any($1::bigint[]) and t.dispatch_center_id = $2 order by t.waybill_id, t.pos_no, t.id`, [req.ids, centerOf(caller)]);
  const tracking = links && usesTracking(template.content) ? await printTracking({ ...links, q, by: caller.userName, center: centerOf(caller) }, 'WAYBILL', req.ids) : new Map<number, Tracking>();
  const printTime = dayjs(now).format('YYYY-MM-DD HH:mm:ss');
  const pages = rows.rows.map((row) => {
    const w = toApi(waybillResource, row);
    const own = lines.rows.filter((l) => l.waybill_id === row.id).map((l, i) => ({ ...toApi(lineDef, l), index: i + 1 }));
    const view = {
      ...w,
      clientName: w.clientIdLabel,
      carrierName: w.carrierIdLabel,
      sourceStation: w.sourceStationIdLabel,
      destStation: w.destStationIdLabel,
      weight: w.totalWeight,
      volume: w.totalVolume,
      quantity: w.totalQuantity,
      cases: w.totalCases,
      pallets: w.totalPallets,
      printerName: printer.name,
      printTime,
      lines: own,
    };
    return Mustache.render(template.content, { ...view, ...tracking.get(Number(row.id)) });
  });
  return { html: printDocument(template.name, pages), printed: pages.length };
}
