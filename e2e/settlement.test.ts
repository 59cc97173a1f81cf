/**
 * Issue 15 (settlement) in the browser: a client contract rates a reviewed order (API); on Finance →
 * Statements the month is generated for every party (the job's progress), the statement is opened,
 * sent, a line disputed as the client's reconciliation says, the dispute accepted (an adjustment line),
 * the statement confirmed and invoiced in the drawer; a partial payment is written off (API) and the
 * aging page shows what is left. Paper receipts: a scanned code and an unknown one, with the running count.
 */
import { describe, expect, it } from 'vitest';
import { snap } from './support/snap.ts';
import { useAdminSession } from './support/admin-session.ts';
import { adminCall, idOf, reviewedWaybillOf } from './support/dispatch.ts';

const session = useAdminSession();

describe('settlement', () => {
  it('generate a month, dispute a line, accept it, confirm, invoice, pay part, read the aging; scan paper receipts', async () => {
    const { server, page } = session;
    const clientId = await idOf(server, 'client', 'C001');
    const contract = await adminCall<{ id: number }>(server, 'POST', '/api/finance/contract/save', { code: `E2E${Date.now() % 100000}`, name: 'e2e', kind: 'RECEIVABLE', clientId, validFrom: '2020-01-01', validTo: '2099-12-31' });
    const freight = await server.api<{ rows: { id: number }[] }>('GET', '/api/finance/chargeType/list?code=FREIGHT', undefined, await server.adminToken());
    await adminCall(server, 'POST', '/api/finance/rateLine/save', { contractId: contract.data.id, chargeTypeId: freight.json.rows[0]!.id, basis: 'TRIP', unitPrice: 100 });
    await adminCall(server, 'POST', '/api/finance/contract/effect', { ids: [contract.data.id] });
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

    // a partial payment written off through the API, then the aging page
    const invoices = await server.api<{ rows: { id: number }[] }>('GET', '/api/finance/invoice/list?invoiceNo=E2E-INV-1', undefined, await server.adminToken());
    await adminCall(server, 'POST', '/api/finance/payment/register', { kind: 'RECEIVABLE', partyId: clientId, paymentNo: 'E2E-PAY-1', payDate: new Date().toISOString().slice(0, 10), amount: 30, writeOffs: [{ invoiceId: invoices.json.rows[0]!.id, amount: 30 }] });
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
});
