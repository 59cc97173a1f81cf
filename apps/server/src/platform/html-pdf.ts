/**
 * A print template's HTML laid out as PDF (pdfkit, platform/pdf.ts), so that a document saved as PDF is the same
 * template the browser prints. It reads the HTML the print templates are written in — headings, paragraphs and
 * divisions, tables of rows and cells (th, td, colspan, a width in % or points, border and cellpadding),
 * line breaks, inline b / strong / span / i — with the styles text-align (left, center, right), font-size (px / pt)
 * and font-weight, and `section.tms-print-page` as one page each (printDocument). Anything else is read for its
 * text. Values filled into a template are HTML-escaped (Mustache), so the text is the stored text.
 */
import type PDFKit from 'pdfkit';
import { parseDocument, ElementType } from 'htmlparser2';
import { openPdf } from './pdf.ts';

interface El {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
}
type Node = El | string;

const SKIP = new Set(['head', 'style', 'script', 'title', 'template']);
const BLOCK = new Set(['div', 'p', 'section', 'article', 'header', 'footer', 'main', 'body', 'html', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'hr', 'blockquote']);
const HEADING: Record<string, number> = { h1: 20, h2: 16, h3: 13, h4: 11, h5: 10, h6: 9 };
/** The HTML as a tree, read by htmlparser2 (entities decoded, void and unclosed elements as browsers read them). */
export function parseHtml(html: string): El {
  type Dom = ReturnType<typeof parseDocument>['children'][number];
  const convert = (n: Dom): Node | null => {
    if (n.type === ElementType.Text) return (n as Dom & { data: string }).data;
    if (n.type !== ElementType.Tag && n.type !== ElementType.Script && n.type !== ElementType.Style) return null;
    const el = n as Dom & { name: string; attribs: Record<string, string>; children: Dom[] };
    return { tag: el.name.toLowerCase(), attrs: { ...el.attribs }, children: el.children.map(convert).filter((c): c is Node => c !== null) };
  };
  const doc = parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });
  return { tag: '#root', attrs: {}, children: doc.children.map(convert).filter((c): c is Node => c !== null) };
}

const styleOf = (el: El): Record<string, string> =>
  Object.fromEntries(
    (el.attrs.style ?? '')
      .split(';')
      .map((d) => d.split(':').map((x) => x.trim().toLowerCase()))
      .filter((d) => d.length >= 2 && d[0])
      .map((d) => [d[0]!, d.slice(1).join(':')]),
  );

type Align = 'left' | 'center' | 'right';
interface Look {
  size: number;
  align: Align;
  bold: boolean;
}

function lookOf(el: El, parent: Look): Look {
  const st = styleOf(el);
  const align = (['left', 'center', 'right'].includes(st['text-align'] ?? '') ? st['text-align'] : (el.attrs.align ?? parent.align)) as Align;
  const fs = /^([\d.]+)(px|pt)?$/.exec(st['font-size'] ?? '');
  const size = HEADING[el.tag] ?? (fs ? Number(fs[1]) * (fs[2] === 'px' ? 0.75 : 1) : parent.size);
  const bold = el.tag === 'th' || el.tag === 'b' || el.tag === 'strong' || !!HEADING[el.tag] || st['font-weight'] === 'bold' || Number(st['font-weight']) >= 600 || parent.bold;
  return { size, align, bold };
}

/** The text of inline content, whitespace collapsed as HTML does, `<br>` a line break. */
function textOf(nodes: Node[]): string {
  let out = '';
  for (const n of nodes) {
    if (typeof n === 'string') out += n.replace(/[ \t\r\n\f]+/g, ' ');
    else if (n.tag === 'br') out += '\n';
    else if (!SKIP.has(n.tag)) out += textOf(n.children);
  }
  return out
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
    .trim();
}

const isBlock = (n: Node) => typeof n !== 'string' && (BLOCK.has(n.tag) || (n.tag === 'section'));
const hasBlock = (el: El): boolean => el.children.some((c) => isBlock(c) || (typeof c !== 'string' && !SKIP.has(c.tag) && hasBlock(c)));

class Layout {
  constructor(private doc: PDFKit.PDFDocument) {}
  private get left() {
    return this.doc.page.margins.left;
  }
  private get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }
  private pages = 0;

  private font(look: Look) {
    this.doc.fontSize(look.size);
    // the CJK font has no bold face: bold is drawn with a thin stroke of the glyphs
    this.doc.lineWidth(look.bold ? 0.25 : 1);
  }

  private text(s: string, look: Look, x = this.left, width = this.width) {
    if (!s) return;
    this.font(look);
    const h = this.doc.heightOfString(s, { width });
    if (this.doc.y + h > this.bottom && this.doc.y > this.doc.page.margins.top) this.doc.addPage();
    this.doc.text(s, x, this.doc.y, { width, align: look.align, ...(look.bold ? { stroke: true, fill: true } : {}) });
    this.doc.lineWidth(1);
  }

  block(el: El, look: Look): void {
    if (SKIP.has(el.tag)) return;
    const mine = el.tag === '#root' ? look : lookOf(el, look);
    if (el.tag === 'section' && (el.attrs.class ?? '').split(/\s+/).includes('tms-print-page')) {
      if (this.pages++ > 0) this.doc.addPage();
    }
    if (el.tag === 'table') return this.table(el, mine);
    if (el.tag === 'hr') {
      this.doc.moveTo(this.left, this.doc.y + 2).lineTo(this.left + this.width, this.doc.y + 2).stroke();
      this.doc.y += 6;
      return;
    }
    if (HEADING[el.tag]) this.doc.moveDown(0.3);
    if (!hasBlock(el)) {
      this.text(textOf(el.children), mine);
    } else {
      // runs of inline content between the blocks are paragraphs of their own
      let run: Node[] = [];
      const flush = () => {
        this.text(textOf(run), mine);
        run = [];
      };
      for (const c of el.children) {
        if (typeof c !== 'string' && (isBlock(c) || hasBlock(c))) {
          flush();
          this.block(c, mine);
        } else run.push(c);
      }
      flush();
    }
    if (HEADING[el.tag] || el.tag === 'p') this.doc.moveDown(0.4);
  }

  private table(el: El, look: Look): void {
    const rows: El[] = [];
    const collect = (e: El) => e.children.forEach((c) => typeof c !== 'string' && (c.tag === 'tr' ? rows.push(c) : ['thead', 'tbody', 'tfoot'].includes(c.tag) && collect(c)));
    collect(el);
    if (!rows.length) return;
    const st = styleOf(el);
    const border = Number(el.attrs.border ?? 0) > 0;
    const pad = Math.min(Number(el.attrs.cellpadding ?? 2) * 0.75, 8);
    const cellsOf = (r: El) => r.children.filter((c): c is El => typeof c !== 'string' && (c.tag === 'td' || c.tag === 'th'));
    const spanOf = (c: El) => Math.max(1, Number(c.attrs.colspan ?? 1) || 1);
    const columns = Math.max(...rows.map((r) => cellsOf(r).reduce((n, c) => n + spanOf(c), 0)));
    // the table's width: its style (a % of the page or points), else the whole width when it has a border or
    // many columns, else half of it (a small table of totals); margin-left:auto puts it on the right
    const w = /^([\d.]+)(%|px|pt)?$/.exec(st.width ?? el.attrs.width ?? '');
    const total = w ? (w[2] === '%' ? (this.width * Number(w[1])) / 100 : Number(w[1]) * (w[2] === 'px' ? 0.75 : 1)) : border || columns > 2 ? this.width : this.width / 2;
    const width = Math.min(total, this.width);
    const x0 = st['margin-left'] === 'auto' ? this.left + this.width - width : this.left;
    // column widths: a width given on a cell of the first row that has one per column, the rest shared equally
    const given: (number | null)[] = Array(columns).fill(null);
    for (const r of rows) {
      let i = 0;
      for (const c of cellsOf(r)) {
        const cw = /^([\d.]+)(%|px|pt)?$/.exec(styleOf(c).width ?? c.attrs.width ?? '');
        if (cw && spanOf(c) === 1 && given[i] === null) given[i] = cw[2] === '%' ? (width * Number(cw[1])) / 100 : Number(cw[1]) * (cw[2] === 'px' ? 0.75 : 1);
        i += spanOf(c);
      }
    }
    // the other columns as a browser lays them out: each at least its longest word, the rest of the width shared by
    // how much more each needs to fit its text on one line
    const need = Array.from({ length: columns }, () => ({ min: 12, max: 12 }));
    for (const r of rows) {
      let i = 0;
      for (const c of cellsOf(r)) {
        if (spanOf(c) === 1) {
          const text = textOf(c.children);
          this.font(lookOf(c, look));
          const words = text.split(/\s+/).map((w) => this.doc.widthOfString(w));
          need[i]!.min = Math.max(need[i]!.min, Math.max(0, ...words) + 2 * pad + 1);
          need[i]!.max = Math.max(need[i]!.max, Math.max(0, ...text.split('\n').map((l) => this.doc.widthOfString(l))) + 2 * pad + 1);
        }
        i += spanOf(c);
      }
    }
    const fixed = given.reduce<number>((s, v) => s + (v ?? 0), 0);
    const open = given.map((v, i) => (v === null ? i : -1)).filter((i) => i >= 0);
    const room = Math.max(width - fixed, 0);
    const mins = open.reduce((s, i) => s + need[i]!.min, 0);
    const maxs = open.reduce((s, i) => s + need[i]!.max, 0);
    const widths = given.slice();
    for (const i of open)
      widths[i] = maxs <= room ? need[i]!.max + (room - maxs) / open.length : mins >= room ? (room * need[i]!.min) / mins : need[i]!.min + ((room - mins) * (need[i]!.max - need[i]!.min)) / Math.max(maxs - mins, 1);
    const scale = width / Math.max(widths.reduce<number>((a, b) => a + (b ?? 0), 0), 1);
    const cols = widths.map((v) => (v ?? 0) * scale);
    const head = cellsOf(rows[0]!).every((c) => c.tag === 'th') && rows.length > 1 ? rows[0]! : null;

    const drawRow = (r: El) => {
      const cells: { x: number; w: number; text: string; look: Look }[] = [];
      let col = 0;
      for (const c of cellsOf(r)) {
        const span = spanOf(c);
        const x = x0 + cols.slice(0, col).reduce((a, b) => a + b, 0);
        const cw = cols.slice(col, col + span).reduce((a, b) => a + b, 0);
        cells.push({ x, w: cw, text: textOf(c.children), look: lookOf(c, lookOf(r, { ...look, align: c.tag === 'th' ? 'center' : look.align })) });
        col += span;
      }
      const h = Math.max(...cells.map((c) => (this.font(c.look), this.doc.heightOfString(c.text || ' ', { width: c.w - 2 * pad }))), look.size) + 2 * pad;
      if (this.doc.y + h > this.bottom) {
        this.doc.addPage();
        if (head && r !== head) drawRow(head);
      }
      const y = this.doc.y;
      for (const c of cells) {
        if (border) this.doc.lineWidth(0.5).rect(c.x, y, c.w, h).stroke().lineWidth(1);
        this.font(c.look);
        this.doc.text(c.text, c.x + pad, y + pad, { width: c.w - 2 * pad, align: c.look.align, ...(c.look.bold ? { stroke: true, fill: true } : {}) });
        this.doc.lineWidth(1);
      }
      this.doc.x = this.left;
      this.doc.y = y + h;
    };
    for (const r of rows) drawRow(r);
    this.doc.x = this.left;
    this.doc.moveDown(0.5);
  }
}

/** A template's HTML (one document, pages as `section.tms-print-page`) as PDF bytes. */
export async function htmlPdf(html: string, info: PDFKit.DocumentInfo): Promise<Buffer> {
  const { doc, done } = await openPdf(info);
  const body = parseHtml(html);
  new Layout(doc).block(body, { size: 10, align: 'left', bold: false });
  doc.end();
  return done;
}
