/**
 * Issue 4 "Excel import" in the browser: a file with one bad row shows that row's error in the preview and
 * cannot be committed; the fixed file previews clean and commits; the rows appear in the list.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useAdminSession } from './support/admin-session.ts';
import { snap } from './support/snap.ts';

// the machine running the suite may be busy: allow slow renders
const s = useAdminSession({}, { timeout: 45_000 });
const errors: string[] = [];
beforeEach(() => {
  // the page errors of the test's own page
  errors.length = 0;
  s.page.on('pageerror', (e) => errors.push(String(e)));
});
const dir = mkdtempSync(join(tmpdir(), 'tms-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An item sheet with the template's Chinese headers; clients are named by code. */
async function itemFile(name: string, rows: [client: string, code: string, itemName: string, weight: number][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('物料');
  ws.addRow(['货主', '物料编码', '物料名称', '重量']);
  for (const r of rows) ws.addRow(r);
  const path = join(dir, name);
  await wb.xlsx.writeFile(path);
  return path;
}

describe('master-data import', () => {
  it('shows the bad row of a file, then commits the fixed file', async () => {
    const page = s.page;
    const server = s.server;
    const bad = await itemFile('items-bad.xlsx', [
      ['C001', 'IMP-001', '导入物料一', 1.5],
      ['C999', 'IMP-002', '导入物料二', 2],
      ['C002', 'IMP-003', '导入物料三', 3],
    ]);
    const fixed = await itemFile('items-fixed.xlsx', [
      ['C001', 'IMP-001', '导入物料一', 1.5],
      ['C001', 'IMP-002', '导入物料二', 2],
      ['C002', 'IMP-003', '导入物料三', 3],
    ]);

    await page.goto(server.url + '/baseinfo/item');
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const modal = page.locator('.ant-modal-content:visible').last();
    await modal.locator('input[type=file]').setInputFiles(bad);
    await modal.getByText('items-bad.xlsx').waitFor();
    await modal.getByRole('button', { name: '上传并预览' }).click();
    await modal.getByText('共 3 行，其中 1 行有错误').waitFor();
    const badRow = modal.locator('tr.tms-import-row-error');
    expect(await badRow.count()).toBe(1);
    await badRow.getByText('“C999”不存在或无权使用').waitFor();
    expect(await modal.getByRole('button', { name: '确认导入' }).count()).toBe(0);
    await snap(page, 'baseinfo-import-bad-row');

    await modal.getByRole('button', { name: '重新选择文件' }).click();
    await modal.locator('input[type=file]').setInputFiles(fixed);
    await modal.getByRole('button', { name: '上传并预览' }).click();
    await modal.getByText('共 3 行，其中 0 行有错误').waitFor();
    await modal.getByRole('button', { name: '确认导入' }).click();
    await page.getByText('成功导入 3 行').waitFor();

    await page.locator('#root').getByRole('cell', { name: 'IMP-002', exact: true }).waitFor();
    const token = await server.adminToken();
    const r = await server.api<{ rows: { code: string; clientIdLabel: string }[] }>('GET', '/api/baseinfo/item/list?code=IMP-&pageSize=50', undefined, token);
    expect(r.json.rows.map((x) => x.code).sort()).toEqual(['IMP-001', 'IMP-002', 'IMP-003']);
    expect(r.json.rows.find((x) => x.code === 'IMP-002')!.clientIdLabel).toBe('鲜丰食品有限公司');
    expect(errors).toEqual([]);
  });
});
