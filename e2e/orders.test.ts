/**
 * Orders in the browser (spec §2 order screens, §8 order messages): a user creates an order as a new
 * user would — the client first ('Please select the owner first' otherwise), then that client's items,
 * totals live in the form — reviews it, and sees the spec's messages for refused actions.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { snap } from './support/snap.ts';
import { useAdminSession } from './support/admin-session.ts';
import { OrderPage } from './pages/order-page.ts';

const admin = useAdminSession();

interface OrderRow {
  id: number;
  code: string;
  status: string;
  refNo: string;
  totalQuantity: number;
  totalWeight: number;
}

describe('orders', () => {
  it('creates an order with lines (client first), reviews it and sees the refusals of the spec', async () => {
    const { page, server } = admin;
    const orders = new OrderPage(page, server.url);
    await orders.open();
    await orders.totals().waitFor();
    expect(await orders.totals().innerText()).toMatch(/总重量 [\d.]+ kg，总件数 \d+/);
    await snap(page, 'order-list');

    await orders.openAdd();
    // items before the client: the spec's message
    await orders.form().getByTestId('order-add-line').click();
    await page.getByText('请先选择货主').first().waitFor();

    await orders.pickRef('clientId', '鲜丰食品有限公司');
    await orders.pickRef('sourceStationId', '上海嘉定配送站');
    await orders.pickRef('destStationId', '上海浦东门店');
    const ref = `E2E-${Date.now().toString(36)}`;
    await orders.form().locator('input#refNo').fill(ref);
    await orders.addItems(['I-XF-001', 'I-XF-002']);
    // only the client's items were offered; two lines now
    await expect.poll(() => orders.form().getByTestId('order-lines').locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    await orders.lineInput(0, 'quantity').fill('10');
    await orders.lineInput(1, 'quantity').fill('4');
    await orders.lineInput(1, 'cases').fill('2');
    const totals = orders.form().getByTestId('order-line-totals');
    // weight follows the quantity: 10 × 5.2 + 4 × 1.05
    await expect.poll(() => totals.innerText()).toContain('件数 14，重量 56.2 kg');
    await snap(page, 'order-add-form');
    await orders.submit();
    await page.getByText('保存成功').first().waitFor();

    const token = await server.adminToken();
    const list = await server.api<{ rows: OrderRow[] }>('GET', `/api/order/order/list?refNo=${ref}`, undefined, token);
    const created = list.json.rows[0]!;
    expect(created).toMatchObject({ status: 'OPEN', totalQuantity: 14, totalWeight: 56.2 });

    await orders.open(`?refNo=${ref}`);
    await orders.row(created.code).waitFor();
    await orders.tick(created.code);
    await orders.bulk('order-review');
    await page.getByText('操作成功').first().waitFor();
    await orders.row(created.code).getByText('生效').waitFor();

    // refused: review again, delete an effective order
    await orders.tick(created.code);
    await orders.bulk('order-review');
    expect(await orders.notice()).toContain('审核失败，请选择打开状态的订单！');
    await snap(page, 'order-refused-review');
    await orders.closeNotices();
    await page.getByRole('button', { name: /删\s*除/ }).first().click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').last().click();
    expect(await orders.notice()).toContain('删除失败，只能删除打开状态的订单');
    await orders.closeNotices();
    // the refused delete keeps its confirmation open: cancel it
    await page.locator('.ant-modal-confirm .ant-btn:not(.ant-btn-primary)').last().click();
    await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });

    // the detail: lines, the waybill made by the review, the tracking
    await orders.row(created.code).getByTestId('row-view').click();
    const detail = page.getByTestId('order-detail');
    await detail.waitFor();
    await detail.getByText('I-XF-002').first().waitFor();
    await detail.getByText('审核订单').first().waitFor();
    await detail.getByText(/^WB\d+/).first().waitFor();
    await snap(page, 'order-detail');
  }, 240_000);

  it('imports orders from Excel through the preview: errors first, then the commit', async () => {
    const { page, server } = admin;
    const orders = new OrderPage(page, server.url);
    await orders.open();
    const key = `IMP-${Date.now().toString(36)}`;
    const sheet = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('orders');
      ws.addRow(['客户订单号', '货主编码', '发货站点编码', '收货站点编码', '物料编码', '件数']);
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const good = [`${key}`, 'C002', 'S-SZ-01', 'S-SZ-02', 'I-SH-001', 12];
    await page.getByTestId('order-more').click();
    await page.getByTestId('order-import').click();
    const modal = page.locator('.ant-modal-content:visible').last();
    await modal.locator('input[type=file]').setInputFiles({ name: 'bad.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await sheet([good, [`${key}`, 'C002', 'S-SZ-01', 'S-SZ-02', 'NOPE', 1]]) });
    const preview = modal.getByTestId('order-import-preview');
    await preview.getByText('共 2 行，1 个订单，1 行有错误').waitFor();
    expect(await modal.getByTestId('order-import-commit').isDisabled()).toBe(true);
    await preview.getByRole('tab', { name: /错误/ }).click();
    await preview.getByText('“NOPE”不存在').first().waitFor();
    await snap(page, 'order-import-preview-errors');

    await modal.getByRole('button', { name: '重新选择' }).click();
    await modal.locator('input[type=file]').setInputFiles({ name: 'good.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await sheet([good]) });
    await preview.getByText('共 1 行，1 个订单，0 行有错误').waitFor();
    await snap(page, 'order-import-preview');
    await modal.getByTestId('order-import-commit').click();
    await page.getByText('已导入 1 个订单').first().waitFor();
    const token = await server.adminToken();
    const list = await server.api<{ rows: (OrderRow & { source: string })[] }>('GET', `/api/order/order/list?customerOrderNo=${key}`, undefined, token);
    expect(list.json.rows).toHaveLength(1);
    expect(list.json.rows[0]).toMatchObject({ source: 'IMPORT', totalQuantity: 12 });
  }, 180_000);
});
