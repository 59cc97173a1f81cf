/**
 * Issue 15 (settlement) in the browser: a client contract rates a reviewed order (API); on Finance →
 * Statements the month is generated for every party (the job's progress), the statement is opened,
 * sent, a line disputed as the client's reconciliation says, the dispute accepted (an adjustment line),
 * the statement confirmed and invoiced in the drawer; a partial payment is registered on the payments screen and
 * written off against the invoice in its dialog, and the
 * aging page shows what is left. Paper receipts: a scanned code and an unknown one, with the running count.
 * Three-way check: a carrier's payable statement (its dispatch order rated through the API) checked against
 * the carrier's statement, filled in the template downloaded from the dialog: one line within the contract's
 * tolerance, one outside it, which becomes the statement's dispute.
 */
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snap } from './support/snap.ts';
import { useAdminSession } from './support/admin-session.ts';
import { CREW, effect, futureWindow, idOf, openDispatchOrder, reviewedWaybillOf, schedule } from './support/dispatch.ts';
import { sentStatement, thisPeriod, tripContract } from './support/finance.ts';

// a server of its own: effective contracts for client C001 and carrier CR001 and this period's statements of them, as rating, reports and portal make
const session = useAdminSession({}, { ownServer: true });
const dir = mkdtempSync(join(tmpdir(), 'tms-threeway-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('settlement', () => {
  it('generate a month, dispute a line, accept it, confirm, invoice, pay part, read the aging; scan paper receipts', async () => {
    const { server, page } = session;
    const clientId = await idOf(server, 'client', 'C001');
    await tripContract(session.server, { clientId }, { FREIGHT: 100 });
    const waybill = await reviewedWaybillOf(server);

    await page.goto(`${server.url}/finance/statement`);
    await page.getByTestId('statement-generate').click();
    await page.getByTestId('statement-generate-ok').click();
    await expect.poll(() => page.getByTestId('row-view').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByTestId('row-view').first().click();
    const drawer = page.getByTestId('statement-detail');
    await drawer.getByTestId('statement-send').click();
    await expect.poll(() => drawer.getByTestId('statement-status').textContent()).toBe('已发送');
    await drawer.getByTestId('line-dispute').first().click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('input').first().fill('客户对账单为 90 元');
    await dialog.locator('input').nth(1).fill('90');
    await dialog.getByRole('button', { name: /OK|确\s*定/ }).click();
    await expect.poll(() => drawer.getByTestId('statement-status').textContent()).toBe('有争议');
    await drawer.getByTestId('line-accept').first().click();
    await expect.poll(() => drawer.getByTestId('statement-status').textContent()).toBe('已调整');
    await expect.poll(() => drawer.getByTestId('statement-amounts').textContent()).toContain('调整 -10.00');
    await snap(page, 'settlement-statement-adjusted');
    await drawer.getByTestId('statement-confirm').click();
    await expect.poll(() => drawer.getByTestId('statement-status').textContent()).toBe('已确认');
    await drawer.getByTestId('statement-invoice').click();
    await page.getByTestId('invoice-no').fill('E2E-INV-1');
    await page.getByTestId('statement-invoice-ok').click();
    await expect.poll(() => drawer.getByTestId('statement-status').textContent()).toBe('已开票');

    // a partial payment of 30.00 registered on the payments screen and written off at once against the invoice
    await page.goto(`${server.url}/finance/payment`);
    await page.getByTestId('payment-register').click();
    const payment = page.locator('.ant-modal-content:visible', { has: page.getByTestId('payment-register-ok') });
    // the client, picked from the client list by its code
    await payment.getByRole('button', { name: /选\s*择/ }).click();
    const picker = page.locator('.ant-modal-content:visible').last();
    await picker.getByLabel('货主编码').fill('C001');
    await picker.getByLabel('货主编码').press('Enter');
    const client = picker.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'C001' });
    await expect.poll(() => client.count(), { timeout: 10_000 }).toBe(1);
    await client.dblclick();
    await payment.getByTestId('payment-no').fill('E2E-PAY-1');
    await payment.getByTestId('payment-amount').fill('30');
    // the client's open invoices; the one just registered takes the 30.00
    const open = payment.getByTestId('payment-writeoffs').locator('tr.ant-table-row', { hasText: 'E2E-INV-1' });
    await expect.poll(() => open.count(), { timeout: 10_000 }).toBe(1);
    await open.getByTestId('payment-writeoffs-amount').fill('30');
    await expect.poll(() => payment.getByTestId('payment-writeoffs-sum').textContent()).toContain('30.00');
    await snap(page, 'settlement-payment-dialog');
    await page.getByTestId('payment-register-ok').click();
    await expect.poll(() => payment.isVisible(), { timeout: 10_000 }).toBe(false);
    const paid = await server.api<{ rows: { amount: unknown; applied: unknown; clientId: unknown }[] }>('GET', '/api/finance/payment/list?paymentNo=E2E-PAY-1', undefined, await server.adminToken());
    expect(paid.json.rows.map((p) => ({ amount: Number(p.amount), applied: Number(p.applied), client: Number(p.clientId) }))).toEqual([{ amount: 30, applied: 30, client: clientId }]);
    // then the aging page
    await page.goto(`${server.url}/finance/aging`);
    await expect.poll(() => page.getByTestId('aging-table').locator('tbody').textContent(), { timeout: 10_000 }).toContain('60.00');
    await snap(page, 'settlement-aging');

    await page.goto(`${server.url}/finance/paperReceipt`);
    const scan = page.getByTestId('receipt-scan');
    await scan.fill(waybill.code);
    await scan.press('Enter');
    await scan.fill('NO-SUCH');
    await scan.press('Enter');
    await expect.poll(() => page.getByTestId('receipt-count').textContent(), { timeout: 10_000 }).toBe('已扫 2 个：成功 1，失败 1');
    await snap(page, 'settlement-receipts');
  }, 60_000);

  it("checks a carrier's payable statement against the carrier's statement in the downloaded template: one line within the tolerance, one disputed", async () => {
    const { server, page } = session;
    // CR001's payable contract: 500.00 freight and 80.00 fuel a trip, tolerance 2 % or 50.00; a dispatch order rated on taking effect
    await tripContract(server, { carrierId: await idOf(server, 'carrier', 'CR001') }, { FREIGHT: 500, FUEL: 80 }, { tolerancePct: 2, toleranceAmount: 50 });
    const order = await openDispatchOrder(server);
    await schedule(server, order.id, CREW.zhangwei, futureWindow());
    await effect(server, order.id);
    const period = thisPeriod();
    const statement = await sentStatement(server, 'PAYABLE', await idOf(server, 'carrier', 'CR001'), period);

    await page.goto(`${server.url}/finance/statement?code=${statement.code}`);
    await expect.poll(() => page.getByTestId('row-view').count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('row-view').click();
    const drawer = page.getByTestId('statement-detail');
    await expect.poll(() => drawer.getByTestId('statement-status').textContent()).toBe('已发送');
    await drawer.getByTestId('statement-threeway').click();
    const dialog = page.locator('.ant-modal-content:visible').last();
    await dialog.getByText(`三方核对：对账单 ${statement.code}`).waitFor();
    // the carrier fills in the template the dialog gives: freight 10.00 over ours (within 2 % of 500.00), fuel 120.00 over (outside)
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载模板' }).click()]);
    expect(download.suggestedFilename()).toBe('承运商对账单模板.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toHaveLength(4);
    sheet.addRow([order.waybillCode, null, 'FREIGHT', 510]);
    sheet.addRow([order.waybillCode, null, 'FUEL', 200]);
    const file = join(dir, 'carrier-statement.xlsx');
    await wb.xlsx.writeFile(file);
    await dialog.locator('input[type=file]').setInputFiles(file);

    const result = dialog.getByTestId('threeway-result');
    await expect.poll(() => result.locator('.ant-alert-message').textContent(), { timeout: 15_000 }).toBe('三方核对完成：容差内 1 行，争议 1 行，未匹配 0 行，承运商未列明细 0 条');
    expect(await result.getByRole('tab').allTextContents()).toEqual(['容差内 (1)', '争议 (1)', '未匹配行 (0)', '承运商未列明细 (0)']);
    const cells = () => result.locator('.ant-tabs-tabpane-active tr.ant-table-row').first().locator('td').allTextContents();
    expect(await cells()).toEqual(['2', `${order.waybillCode} (FREIGHT)`, '500.00', '510.00', '10.00']);
    await result.getByRole('tab', { name: '争议 (1)' }).click();
    await expect.poll(cells).toEqual(['3', `${order.waybillCode} (FUEL)`, '80.00', '200.00', '120.00', '200.00']);
    await snap(page, 'settlement-threeway-result');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();

    // the statement is disputed: the fuel line carries the carrier's claim, the freight line is left as it was
    await expect.poll(() => drawer.getByTestId('statement-status').textContent()).toBe('有争议');
    const line = (type: string) => drawer.locator('.ant-table-tbody').first().locator('tr.ant-table-row', { hasText: type }).locator('td').allTextContents();
    await expect.poll(async () => (await line('FUEL')).slice(0, 7)).toEqual(['费用', order.waybillCode, 'FUEL', expect.any(String), '80.00', '', `待处理: 200.00 (承运商主张 200.00（${order.waybillCode} (FUEL)）)`]);
    expect((await line('FREIGHT')).slice(4, 7)).toEqual(['500.00', '', '']);
    expect(await drawer.getByTestId('line-accept').count()).toBe(1);
    // the history names the check in words
    const last = drawer.locator('.ant-table-tbody').last().locator('tr.ant-table-row').last().locator('td');
    expect((await last.allTextContents()).slice(0, 2)).toEqual(['三方核对', '已发送 → 有争议']);
    await snap(page, 'settlement-threeway-disputed');
  }, 60_000);
});
