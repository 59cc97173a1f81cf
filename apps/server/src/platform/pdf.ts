/**
 * PDF documents (pdfkit, loaded on first use: the server's start should not pay for it), with a font that
 * writes Chinese: TMS_PDF_FONT (`/path/font.ttc#PostScriptName` or a .ttf), else the first of the Debian
 * fonts found (fonts-noto-cjk, fonts-wqy-microhei, fonts-wqy-zenhei), else DejaVu / Helvetica (Latin only).
 */
import { existsSync } from 'node:fs';
import type PDFKit from 'pdfkit';

const FONT_CANDIDATES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#NotoSansCJKsc-Regular',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc#WenQuanYiMicroHei',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc#WenQuanYiZenHei',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
];

let fontChoice: { path: string; family?: string } | null | undefined;
function pdfFont(): { path: string; family?: string } | null {
  if (fontChoice !== undefined) return fontChoice;
  const env = process.env.TMS_PDF_FONT;
  fontChoice = null;
  for (const c of [...(env ? [env] : []), ...FONT_CANDIDATES]) {
    const [path, family] = c.split('#') as [string, string | undefined];
    if (existsSync(path)) {
      fontChoice = { path, ...(family ? { family } : {}) };
      break;
    }
  }
  return fontChoice;
}

/** A new A4 document in the CJK-capable font, and the promise of its bytes once `doc.end()` is called. */
export async function openPdf(info: PDFKit.DocumentInfo, options: PDFKit.PDFDocumentOptions = {}): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const { default: PDFDocument } = (await import('pdfkit')) as { default: typeof PDFKit };
  const doc = new PDFDocument({ size: 'A4', margin: 40, ...options, info: { Producer: 'TMS', ...info } });
  const font = pdfFont();
  if (font) doc.registerFont('body', font.path, font.family);
  doc.font(font ? 'body' : 'Helvetica');
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * Writes one table row of cells in columns of `widths` (points) from the left margin, each wrapped in its
 * column; `rule` draws a line under it (a header row). Numbers are right-aligned when `align` says so.
 */
export function tableRow(doc: PDFKit.PDFDocument, widths: number[], cells: string[], opts: { rule?: boolean; align?: ('left' | 'right')[] } = {}): void {
  const y = doc.y;
  let x = doc.page.margins.left;
  let h = 0;
  cells.forEach((c, i) => {
    doc.text(c, x, y, { width: widths[i]! - 4, align: opts.align?.[i] ?? 'left' });
    h = Math.max(h, doc.y - y);
    x += widths[i]!;
  });
  doc.x = doc.page.margins.left;
  doc.y = y + h + 3;
  if (opts.rule) doc.moveTo(doc.page.margins.left, doc.y - 1).lineTo(doc.page.margins.left + widths.reduce((a, b) => a + b, 0), doc.y - 1).stroke();
}
