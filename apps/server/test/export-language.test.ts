/**
 * Excel exports speak the caller's language (issue 15, "exports … in the party's language"): the headers, and the
 * dictionary values too. Dictionary labels are stored in Chinese and edited by administrators; a zh-CN export shows
 * the stored label (an edit included), another language the shipped translation (locale key dicts.<type>.<value>),
 * as the web app does. The language is the request's: `lang` header, `?lang=`, else Accept-Language. Import templates
 * list the labels of their language; an import reads them, or the stored ones.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { centerId, rand } from './helpers.ts';
import { ctx, upload, useServer, workbook } from './resource-kit.ts';

useServer();

/** The exported sheet as rows of cell texts, the header row first. */
async function exported(path: string, query: Record<string, string>, headers: Record<string, string>): Promise<string[][]> {
  const r = await ctx.s.api('GET', path, { token: ctx.admin, query, headers });
  expect(r.status, path).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(r.body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return rows;
}
/** The column of a header's row under the header named `header`. */
const column = (rows: string[][], header: string) => {
  const i = rows[0]!.indexOf(header);
  expect(i, `${header} in ${rows[0]!.join(', ')}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[i]);
};

describe('list exports in the caller\'s language', () => {
  it('a finance list (statements): status and kind are dictionary labels in zh-CN, en-US and zh-TW', async () => {
    const center = await centerId(ctx.s.db, 'SH01');
    const code = `LANG${rand(6)}`;
    const client = (await ctx.s.db.query<{ id: number }>(`insert into base_client(code, name, create_by) values ($1, $1, 'test') returning id`, [code])).rows[0]!.id;
    await ctx.s.db.query(
      `insert into fin_statement(dispatch_center_id, code, kind, client_id, party_id, period, period_from, period_to, status, create_by)
       values ($1, $2, 'RECEIVABLE', $3, $3, '2026-03', '2026-03-01', '2026-03-31', 'CONFIRMED', 'test')`,
      [center, `ST-${code}`, client],
    );
    const zh = await exported('/api/finance/statement/export', { code: `ST-${code}` }, { 'accept-language': 'zh-CN' });
    expect(zh).toHaveLength(2);
    expect(column(zh, '状态')).toEqual(['已确认']);
    expect(column(zh, '类型')).toEqual(['应收（货主）']);
    const en = await exported('/api/finance/statement/export', { code: `ST-${code}` }, { 'accept-language': 'en-US,en;q=0.9' });
    expect(column(en, 'Status')).toEqual(['Confirmed']);
    expect(column(en, 'Kind')).toEqual(['Receivable (client)']);
    // the lang header wins over Accept-Language; Traditional Chinese has its own labels
    const tw = await exported('/api/finance/statement/export', { code: `ST-${code}` }, { lang: 'zh-TW', 'accept-language': 'en-US' });
    expect(tw.flat()).not.toContain('Confirmed');
    expect(tw.flat()).not.toContain('已确认');
  });

  it('a system list (users): an administrator\'s edit of a label shows in zh-CN, the shipped translation in en-US', async () => {
    const zhBefore = await exported('/api/system/user/export', { userName: 'admin' }, { 'accept-language': 'zh-CN' });
    const statusZh = zhBefore[0]!.find((h) => h === '状态')!;
    expect(column(zhBefore, statusZh)).toEqual(['正常']);
    await ctx.s.db.query(`update sys_dict_data set dict_label = '正常使用' where dict_type = 'sys_normal_disable' and dict_value = '0'`);
    try {
      expect(column(await exported('/api/system/user/export', { userName: 'admin' }, { 'accept-language': 'zh-CN' }), statusZh)).toEqual(['正常使用']);
      const en = await exported('/api/system/user/export', { userName: 'admin' }, { 'accept-language': 'en-US' });
      expect(column(en, 'Status')).toEqual(['Normal']);
      expect(en.flat()).not.toContain('正常使用');
      expect(en.flat()).not.toContain('正常');
    } finally {
      await ctx.s.db.query(`update sys_dict_data set dict_label = '正常' where dict_type = 'sys_normal_disable' and dict_value = '0'`);
    }
  });

  it('an import template offers the labels of its language, and an import reads the label of its language or the stored one', async () => {
    const lists = async (lang: string) => {
      const r = await ctx.s.api('GET', '/api/system/printer/importTemplate', { token: ctx.admin, headers: { lang } });
      expect(r.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.body as unknown as ArrayBuffer);
      const values: string[] = [];
      wb.getWorksheet('lists')!.eachRow((row) => values.push(...(row.values as unknown[]).slice(1).map(String)));
      return values;
    };
    expect(await lists('en-US')).toEqual(expect.arrayContaining(['Laser', 'Label', 'Dot matrix']));
    expect(await lists('zh-CN')).toEqual(expect.arrayContaining(['激光打印机', '标签打印机', '针式打印机']));
    const code = `LP${rand(6)}`;
    const rows = [[`${code}A`, 'en', 'Dot matrix'], [`${code}B`, 'zh', '标签打印机']];
    const r = await ctx.s.api('POST', '/api/system/printer/import', { token: ctx.admin, headers: { lang: 'en-US' }, query: { commit: 'true' }, body: upload(await workbook(['code', 'name', 'type'], rows)) });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ total: 2, errors: 0, committed: true });
    const saved = await ctx.s.db.query<{ code: string; type: string }>(`select code, type from sys_printer where code like $1 order by code`, [`${code}%`]);
    expect(saved.rows).toEqual([{ code: `${code}A`, type: 'NEEDLE' }, { code: `${code}B`, type: 'LABEL' }]);
  });
});
