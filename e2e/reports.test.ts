/**
 * Issue 7 reports and dashboards in the browser: the order report shows the demo orders with a total
 * line and a chart and exports what is filtered; the dashboards show the data's figures.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { useAdminSession } from './support/admin-session.ts';
import { shot } from './support/browser.ts';

const admin = useAdminSession();

describe('reports and dashboards', () => {
  it('shows the order report with totals and a chart, and exports it', async () => {
    const page = admin.page;
    const token = await admin.server.adminToken();
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * 86400e3).toISOString().slice(0, 10);
    const api = await admin.server.api<{ data: { totals: { orders: number } } }>('GET', `/api/reports/order/data?from=${from}&to=${today}`, undefined, token);
    await page.goto(admin.server.url + '/reports/order');
    const totals = page.locator('.ant-table-summary tr');
    await totals.waitFor();
    expect(await totals.locator('td').nth(2).textContent()).toBe(api.json.data.totals.orders.toLocaleString('zh-CN'));
    await page.getByTestId('report-chart').locator('canvas').waitFor();
    await shot(page, 'report-order');
    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await dl.path())!);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(ws.rowCount).getCell(3).value).toBe(api.json.data.totals.orders);
  });

  it('shows the dashboards with the figures of the data', async () => {
    const page = admin.page;
    await page.goto(admin.server.url + '/dashboard/analysis');
    await page.getByTestId('dashboard-analysis').waitFor();
    await page.getByTestId('dash-orders-chart').locator('canvas').waitFor();
    expect(Number(await page.getByTestId('dash-orders-today').locator('.ant-statistic-content-value').textContent())).toBeGreaterThan(0);
    await shot(page, 'dashboard-analysis');
    await page.goto(admin.server.url + '/dashboard/workplace');
    await page.getByTestId('todo-ordersToReview').waitFor();
    const token = await admin.server.adminToken();
    const w = await admin.server.api<{ data: { todo: { ordersToReview: number } } }>('GET', '/api/dashboard/workplace', undefined, token);
    expect(await page.getByTestId('todo-ordersToReview').locator('.ant-statistic-content-value').textContent()).toBe(String(w.json.data.todo.ordersToReview));
    await shot(page, 'dashboard-workplace');
    await page.goto(admin.server.url + '/dashboard/monitor');
    await page.getByTestId('dashboard-monitor').waitFor();
    await shot(page, 'dashboard-monitor');
  });
});
