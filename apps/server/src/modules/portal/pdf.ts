/**
 * A proof of delivery as PDF (pdfkit), in the reader's language: the receipt's header, the signed quantities with
 * shortages and damage, the handling of a difference and the photos (signature pictures included).
 * Chinese text needs a CJK font (platform/pdf.ts).
 */
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Lang } from '@tms/domain';
import { translate } from '../../platform/i18n.ts';
import { openPdf, tableRow } from '../../platform/pdf.ts';

export interface PodData {
  code: string;
  orderCode: string | null;
  waybillCode: string | null;
  station: string | null;
  statusLabel: string;
  arrivalTime: string | null;
  signTime: string | null;
  departureTime: string | null;
  reportTime: string | null;
  isAbnormal: boolean;
  handle: string | null;
  lines: { itemCode: string | null; itemName: string | null; unit: string | null; plannedQuantity: number; shippedQuantity: number; signedQuantity: number | null; shortage: number; damage: number; remark: string | null }[];
  pictures: (() => Promise<Readable | null>)[];
}

async function streamBytes(s: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts);
}

/** Renders the receipt; `now` is when it was made (the server clock). */
export async function podPdf(pod: PodData, lang: Lang, now: Date, timeZone = 'Asia/Shanghai'): Promise<Buffer> {
  const t = (k: string) => translate(lang, `messages.portal.pdf.${k}`);
  const when = (v: string | null) => (v ? new Date(v).toLocaleString(lang, { timeZone, hour12: false }) : '—');
  const { doc, done } = await openPdf({ Title: `${t('title')} ${pod.code}` });

  doc.fontSize(18).text(t('title'), { align: 'center' });
  doc.moveDown(0.6).fontSize(10);
  const pairs: [string, string][] = [
    [t('code'), pod.code],
    [t('order'), pod.orderCode ?? '—'],
    [t('waybill'), pod.waybillCode ?? '—'],
    [t('station'), pod.station ?? '—'],
    [t('status'), pod.statusLabel],
    [t('arrivalTime'), when(pod.arrivalTime)],
    [t('signTime'), when(pod.signTime)],
    [t('departureTime'), when(pod.departureTime)],
    [t('reportTime'), when(pod.reportTime)],
    [t('abnormal'), pod.isAbnormal ? t('yes') : t('no')],
    ...(pod.handle ? ([[t('handle'), pod.handle]] as [string, string][]) : []),
  ];
  for (const [k, v] of pairs) doc.text(`${k}：${v}`);

  doc.moveDown().fontSize(12).text(t('lines'));
  doc.moveDown(0.3).fontSize(9);
  const cols = [t('item'), t('planned'), t('shipped'), t('signed'), t('shortage'), t('damage'), t('remark')];
  const widths = [190, 50, 50, 50, 45, 45, 85];
  const row = (cells: string[], rule = false) => tableRow(doc, widths, cells, { rule });
  row(cols, true);
  for (const l of pod.lines) {
    row([
      `${l.itemCode ?? ''} ${l.itemName ?? ''}${l.unit ? ` (${l.unit})` : ''}`.trim(),
      String(l.plannedQuantity), String(l.shippedQuantity), l.signedQuantity == null ? '—' : String(l.signedQuantity), String(l.shortage), String(l.damage), l.remark ?? '',
    ]);
  }

  if (pod.pictures.length) {
    doc.moveDown().fontSize(12).text(t('photos'), doc.page.margins.left);
    doc.moveDown(0.3);
    for (const open of pod.pictures) {
      const s = await open().catch(() => null);
      if (!s) continue;
      // any picture format the upload took → a PNG of at most 480 × 360 pixels (pdfkit embeds PNG and JPEG)
      const png = await sharp(await streamBytes(s)).rotate().resize(480, 360, { fit: 'inside', withoutEnlargement: true }).png().toBuffer().catch(() => null);
      if (!png) continue;
      if (doc.y + 250 > doc.page.height - doc.page.margins.bottom) doc.addPage();
      doc.image(png, doc.page.margins.left, doc.y, { fit: [320, 240] });
      doc.y += 250;
    }
  }
  doc.fontSize(8).text(`${t('generated')}：${when(now.toISOString())}`, doc.page.margins.left, doc.page.height - doc.page.margins.bottom - 12, { lineBreak: false });
  doc.end();
  return done;
}
