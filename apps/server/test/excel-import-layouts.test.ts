/**
 * Issue 13, order import "silently imports nothing" and "dates typed in a spreadsheet are refused".
 * Fixtures in fixtures/import were saved by LibreOffice Calc (see make.sh there): dates, date-times and
 * times typed into cells are date / time cells (serial numbers with a date format), some typed as text;
 * LibreOffice writes the shared strings after the worksheet. Each file is read in three zip layouts —
 * as LibreOffice saved it, with the parts in the order workbook.xml, workbook.xml.rels, sheet1.xml,
 * sharedStrings.xml (the layout that imported nothing), and with the shared strings first — by the order
 * import and by a master-data import (the generic engine), preview and commit. A sheet whose columns or
 * rows cannot be read is refused (400 naming the file), never reported as a success.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { getResource } from '@tms/domain';
import { translate } from '../src/platform/i18n.ts';
import { type Json } from './helpers.ts';
import { call, ctx, upload, useServer, workbook } from './resource-kit.ts';

useServer();

const fixture = (name: string) => readFileSync(new URL(`./fixtures/import/${name}`, import.meta.url));

/** The same parts, the named ones first in that order, then the others as they were. */
async function layout(buf: Buffer, first: string[]): Promise<Buffer> {
  const zip = await JSZip.loadAsync(buf);
  const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
  for (const n of first) expect(names, n).toContain(n);
  const out = new JSZip();
  for (const n of [...first, ...names.filter((n) => !first.includes(n))]) out.file(n, await zip.file(n)!.async('uint8array'));
  return Buffer.from(await out.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
}

const LAYOUTS: [string, (b: Buffer) => Promise<Buffer>][] = [
  ['as LibreOffice saved it', async (b) => b],
  [
    'workbook, its rels, the sheet, then the shared strings',
    (b) => layout(b, ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml']),
  ],
  ['shared strings and styles first', (b) => layout(b, ['[Content_Types].xml', '_rels/.rels', 'xl/sharedStrings.xml', 'xl/styles.xml', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels'])],
];

it('the LibreOffice fixtures hold date cells (serial 46351, yyyy-mm-dd) and their shared strings after the sheet', async () => {
  const zip = await JSZip.loadAsync(fixture('orders-libreoffice.xlsx'));
  const names = Object.keys(zip.files);
  expect(names.indexOf('xl/sharedStrings.xml')).toBeGreaterThan(names.indexOf('xl/worksheets/sheet1.xml'));
  const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  expect(sheet).toMatch(/<c r="E2" s="\d+" t="n"><v>46351<\/v><\/c>/);
  expect(await zip.file('xl/styles.xml')!.async('string')).toContain('formatCode="yyyy\\-mm\\-dd"');
});

const orderImport = (buf: Buffer, commit = false) => ctx.s.api('POST', `/api/order/order/import${commit ? '/commit' : ''}`, { token: ctx.admin, body: upload(buf) });

describe('order import', () => {
  for (const [name, make] of LAYOUTS) {
    it(`${name}: every row is read, typed and text dates alike, and committed`, async () => {
      const buf = await make(fixture('orders-libreoffice.xlsx'));
      const preview = await orderImport(buf);
      expect(preview.status, JSON.stringify(preview.json).slice(0, 800)).toBe(200);
      const p = preview.json.data;
      expect(p.rows.filter((r: Json) => Object.keys(r.errors).length)).toEqual([]);
      expect(p).toMatchObject({ total: 3, errors: 0 });
      expect(p.orders.map((o: Json) => [o.key, o.lines])).toEqual([
        ['LO-IMP-1', 2],
        ['LO-IMP-2', 1],
      ]);
      const row = (n: number) => p.rows.find((r: Json) => r.rowNum === n).raw;
      // date cells, date-time cells, and dates typed as text ("2026/12/01", "2026年11月30日", "2026/12/02 12:00:30")
      expect([row(2).orderDate, row(2).prepDate, row(2).etd, row(2).eta]).toEqual(['2026-11-25', '2026-11-24', '2026-11-26T08:30:00.000Z', '2026-11-26T17:45:00.000Z']);
      expect([row(4).orderDate, row(4).prepDate, row(4).etd, row(4).eta]).toEqual(['2026-12-01', '2026-11-30', '2026-12-02T06:00:00.000Z', '2026-12-02T12:00:30.000Z']);

      const done = await orderImport(buf, true);
      expect(done.status, JSON.stringify(done.json).slice(0, 800)).toBe(200);
      expect(done.json.data.committed).toBe(true);
      expect(done.json.data.ids).toHaveLength(2);
      const orders = await Promise.all((done.json.data.ids as number[]).map(async (id) => (await ctx.s.api('GET', `/api/order/order/get/${id}`, { token: ctx.admin })).json.data));
      const first = orders.find((o) => o.customerOrderNo === 'LO-IMP-1')!;
      expect([first.orderDate, first.prepDate, first.etd, first.totalQuantity, first.lines.length]).toEqual(['2026-11-25', '2026-11-24', '2026-11-26T08:30:00.000Z', 14, 2]);
    });
  }
});

describe('master-data import (the generic engine): extra windows with date and time cells', () => {
  const def = getResource('extraWindow');
  // the layout that imported nothing goes last and is committed (its codes then exist)
  for (const [i, [name, make]] of [LAYOUTS[0]!, LAYOUTS[2]!, LAYOUTS[1]!].entries()) {
    it(`${name}: every row is read with its dates and times${i === 2 ? ', and committed' : ''}`, async () => {
      const buf = await make(fixture('extra-windows-libreoffice.xlsx'));
      const preview = await call('POST', def, 'import', { body: upload(buf) });
      expect(preview.status, JSON.stringify(preview.json).slice(0, 800)).toBe(200);
      const p = preview.json.data;
      expect(p.rows.filter((r: Json) => Object.keys(r.errors).length)).toEqual([]);
      expect(p.total).toBe(2);
      const raw = (n: number) => p.rows.find((r: Json) => r.rowNum === n).raw;
      expect([raw(2).code, raw(2).startTime, raw(2).endTime, raw(2).startDay, raw(2).endDay]).toEqual(['LO-EW-1', '08:30', '17:00', '2026-12-31', '2027-01-02']);
      // typed as text
      expect([raw(3).code, raw(3).startTime, raw(3).endTime, raw(3).startDay, raw(3).endDay]).toEqual(['LO-EW-2', '06:15', '22:45:30', '2027-02-05', '2027-02-12']);
      if (i !== 2) return;
      const done = await call('POST', def, 'import', { query: { commit: 'true' }, body: upload(buf) });
      expect(done.status, JSON.stringify(done.json).slice(0, 800)).toBe(200);
      expect(done.json.data.committed).toBe(true);
      const stored = await ctx.s.db.query<Json>(
        `select code, start_time, end_time, to_char(start_day, 'YYYY-MM-DD') as start_day from base_extra_window where code like 'LO-EW-%' order by code`,
      );
      expect(stored.rows.map((r) => [r.code, r.start_time, r.end_time, r.start_day])).toEqual([
        ['LO-EW-1', '08:30', '17:00', '2026-12-31'],
        ['LO-EW-2', '06:15', '22:45:30', '2027-02-05'],
      ]);
    });
  }
});

describe('a sheet whose rows are not read is never a success', () => {
  const LANGS = ['zh-CN', 'en-US', 'en-GB', 'zh-TW'] as const;
  const headersOnly = async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Sheet1').addRow(['客户订单号', '货主编码', '发货站点编码', '收货站点编码', '物料编码', '件数', '编码', '名称', '站点']);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const cases: [string, () => Promise<Buffer>, string][] = [
    ['no data rows', headersOnly, 'messages.importNoRows'],
    ['no known column', () => workbook(['foo', 'bar'], [['a', 'b']]), 'messages.importNoColumns'],
  ];
  for (const [name, make, key] of cases) {
    it(`${name}: 400 naming the file, in preview and commit, for orders and master data`, async () => {
      const buf = await make();
      for (const lang of LANGS) {
        for (const r of [
          await ctx.s.api('POST', '/api/order/order/import', { token: ctx.admin, body: upload(buf), headers: { lang } }),
          await ctx.s.api('POST', '/api/order/order/import/commit', { token: ctx.admin, body: upload(buf), headers: { lang } }),
          await call('POST', getResource('extraWindow'), 'import', { body: upload(buf), headers: { lang } }),
          await call('POST', getResource('extraWindow'), 'import', { query: { commit: 'true' }, body: upload(buf), headers: { lang } }),
        ]) {
          expect(r.status, JSON.stringify(r.json)).toBe(400);
          expect(r.json.msg).toBe(translate(lang, key));
          expect(Object.keys(r.json.errors)).toEqual(['file']);
        }
      }
    });
  }
});
