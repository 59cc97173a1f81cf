/**
 * Issue 7 reports and dashboards in the browser: the order report shows the demo orders with a total
 * line and a chart and exports what is filtered; the margin report (issue 14) groups as picked and shows
 * and exports its money exactly; the dashboards show the data's figures.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { useAdminSession } from './support/admin-session.ts';
import { shot } from './support/browser.ts';
import { formatMoney } from '../apps/web/src/features/reports/format.ts';
import { adminCall, idOf, reviewedWaybillOf } from './support/dispatch.ts';

// a server of its own: the margin test makes an effective contract for client C001, as rating, settlement and portal do (one per party and period)
const admin = useAdminSession({}, { ownServer: true });

/** Waits for the report's chart, takes the screenshot, then downloads the export: its first sheet. */
async function chartThenExport(page: Page, name: string): Promise<ExcelJS.Worksheet> {
  await page.getByTestId('report-chart').locator('canvas').waitFor();
  await shot(page, name);
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await dl.path())!);
  return wb.worksheets[0]!;
}

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
    const ws = await chartThenExport(page, 'report-order');
    expect(ws.getRow(ws.rowCount).getCell(3).value).toBe(api.json.data.totals.orders);
  });

  it('shows the margin report grouped as picked, its money exact in the totals, and exports the same figures', async () => {
    const { page, server } = admin;
    const token = await server.adminToken();
    // a client contract at 123.45 a trip rates the waybill of an order reviewed today: revenue the demo data lacks
    const clientId = await idOf(server, 'client', 'C001');
    const contract = await adminCall<{ id: number }>(server, 'POST', '/api/finance/contract/save', { code: `MRG${Date.now() % 100000}`, name: 'e2e margin', kind: 'RECEIVABLE', clientId, validFrom: '2020-01-01', validTo: '2099-12-31' });
    const freight = await server.api<{ rows: { id: number }[] }>('GET', '/api/finance/chargeType/list?code=FREIGHT', undefined, token);
    await adminCall(server, 'POST', '/api/finance/rateLine/save', { contractId: contract.data.id, chargeTypeId: freight.json.rows[0]!.id, basis: 'TRIP', unitPrice: 123.45 });
    await adminCall(server, 'POST', '/api/finance/contract/effect', { ids: [contract.data.id] });
    await reviewedWaybillOf(server);
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * 86400e3).toISOString().slice(0, 10);
    type Totals = { waybills: number; revenue: string; cost: string; margin: string };
    const api = await admin.server.api<{ data: { totals: Totals } }>('GET', `/api/reports/margin/data?from=${from}&to=${today}&groupBy=month`, undefined, token);
    expect(api.status).toBe(200);
    const totals = api.json.data.totals;
    expect(Number(totals.revenue)).toBeGreaterThanOrEqual(123.45);
    await page.goto(admin.server.url + '/reports/margin');
    await page.getByTestId('report-margin').waitFor();
    // grouped by client first; the user picks the month
    await page.getByTestId('report-group-by').click();
    await page.locator('.ant-select-item-option', { hasText: '月份' }).click();
    await page.getByTestId('report-search').click();
    await page.locator('.ant-table-thead th', { hasText: '月份' }).first().waitFor();
    const sum = page.locator('.ant-table-summary tr');
    await sum.waitFor();
    const cells = await sum.locator('td').allTextContents();
    // waybills, revenue, cost and margin as the server summed them, shown exactly (no float on the way)
    expect(cells.slice(1, 5)).toEqual([totals.waybills.toLocaleString('zh-CN'), formatMoney(totals.revenue, 'zh-CN'), formatMoney(totals.cost, 'zh-CN'), formatMoney(totals.margin, 'zh-CN')]);
    const ws = await chartThenExport(page, 'report-margin');
    const last = ws.getRow(ws.rowCount);
    expect([last.getCell(2).value, last.getCell(3).value, last.getCell(4).value]).toEqual([totals.waybills, Number(totals.revenue), Number(totals.cost)]);
  });

  it('opens a vehicle’s history from the vehicle list, and shows the mileage report with its totals, chart and export', async () => {
    const { page, server } = admin;
    const token = await server.adminToken();
    await page.goto(server.url + '/baseinfo/transportMeans');
    await page.getByTestId('vehicle-history-link').first().click();
    await page.waitForURL(/\/shipment\/vehicleHistory\?vehicle=\d+/);
    // the picked vehicle's track of today in the playback (the demo vehicles have none: nothing to play)
    await page.getByTestId('trajectory-playback').waitFor();
    expect(await page.getByTestId('trajectory-start').isDisabled()).toBe(true);
    await shot(page, 'vehicle-history');
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * 86400e3).toISOString().slice(0, 10);
    const api = await server.api<{ data: { totals: { positions: number } } }>('GET', `/api/reports/mileage/data?from=${from}&to=${today}`, undefined, token);
    expect(api.status).toBe(200);
    await page.goto(server.url + '/reports/mileage');
    await page.getByTestId('report-mileage').waitFor();
    const sum = page.locator('.ant-table-summary tr');
    await sum.waitFor();
    // the last column: the positions of the period, as the server counted them
    expect(await sum.locator('td').last().textContent()).toBe(api.json.data.totals.positions.toLocaleString('zh-CN'));
    const ws = await chartThenExport(page, 'report-mileage');
    expect(ws.getRow(ws.rowCount).getCell(ws.getRow(ws.rowCount).cellCount).value).toBe(api.json.data.totals.positions);
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
