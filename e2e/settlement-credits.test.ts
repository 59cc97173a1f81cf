/**
 * Issue 15 in the browser, statements of credits:
 * - reversed: a client's month is invoiced (blue invoice), the next month holds only a manual credit of 30.00 (total
 *   −30.00). Confirmed, its drawer offers a red-letter invoice (红字发票) instead of an invoice: the dialog names the blue
 *   invoice it reverses and the red-letter form number; saved, the credit statement is settled and the blue invoice's
 *   open amount is 30.00 less. The invoice list shows the red-letter invoice with the invoice it reverses, in Chinese and
 *   in English.
 * - netted (下期抵扣): a client's month holds only a credit of 30.00, the next month 500.00 owed. In the invoice list's
 *   register dialog, one ordinary invoice covers both: 500.00 on the later statement, −30.00 on the credit; it is of
 *   470.00, the credit statement is settled by it and the later one invoiced.
 */
import { describe, expect, it } from 'vitest';
import { snap } from './support/snap.ts';
import { useAdminSession } from './support/admin-session.ts';
import { adminCall } from './support/dispatch.ts';
import { clientWithWaybill, nextPeriod, thisPeriod } from './support/finance.ts';

const session = useAdminSession();


describe('settlement: a statement of credits', () => {
  it('is reversed by a red-letter invoice naming the blue invoice, from the statement drawer', async () => {
    const { server, page } = session;
    const tag = String(Date.now() % 1_000_000);
    // a client of this test's own, an order of it reviewed, a manual charge of 500.00 this month and a credit of 30.00 after
    const { confirmed } = await clientWithWaybill(server, 'E2ECR', tag);
    const first = await confirmed('500.00', '加急费', thisPeriod());
    const blueNo = `E2E-BLUE-${tag}`;
    await adminCall(server, 'POST', '/api/finance/invoice/register', { kind: 'RECEIVABLE', invoiceNo: blueNo, invoiceDate: new Date().toISOString().slice(0, 10), invoiceType: 'SPECIAL', taxRate: 9, allocations: [{ statementId: first.id, amount: '500.00' }] });
    const credit = await confirmed('-30.00', '破损赔偿', nextPeriod(thisPeriod()));

    await page.goto(`${server.url}/finance/statement?code=${credit.code}`);
    await expect.poll(() => page.getByTestId('row-view').count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('row-view').click();
    const drawer = page.getByTestId('statement-detail');
    await expect.poll(() => drawer.getByTestId('statement-status').textContent()).toBe('已确认');
    await expect.poll(() => drawer.getByTestId('statement-invoice').textContent()).toBe('红字发票');
    await drawer.getByTestId('statement-invoice').click();
    const dialog = page.locator('.ant-modal', { hasText: credit.code });
    await expect.poll(() => dialog.getByTestId('statement-invoice-amount').inputValue()).toBe('-30.00');
    await dialog.getByTestId('invoice-red-of').click();
    await page.locator('.ant-select-item-option', { hasText: blueNo }).click();
    await dialog.getByTestId('invoice-red-info').fill(`HZ${tag}`);
    await dialog.getByTestId('invoice-no').fill(`E2E-RED-${tag}`);
    await snap(page, 'settlement-red-invoice-dialog');
    await page.getByTestId('statement-invoice-ok').click();
    await expect.poll(() => drawer.getByTestId('statement-status').textContent(), { timeout: 10_000 }).toBe('已结清');
    const blueNow = (await server.api<{ rows: { writtenOff: unknown }[] }>('GET', `/api/finance/invoice/list?invoiceNo=${blueNo}`, undefined, await server.adminToken())).json.rows[0]!;
    expect(Number(blueNow.writtenOff)).toBe(30);

    // the invoice list: the red-letter invoice, −30.00, reversing the blue one
    await page.goto(`${server.url}/finance/invoice?invoiceNo=E2E-RED-${tag}`);
    const redRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: `E2E-RED-${tag}` });
    await expect.poll(() => redRow.innerText(), { timeout: 10_000 }).toContain(blueNo);
    expect(await redRow.innerText()).toContain('-30.00');
    await snap(page, 'settlement-red-invoice-list');
    await page.context().addCookies([{ name: 'lang', value: 'en-US', url: server.url }]);
    await page.reload();
    await expect.poll(() => page.locator('.ant-table-thead').innerText(), { timeout: 10_000 }).toContain('Reverses invoice');
    await expect.poll(() => redRow.innerText()).toContain(blueNo);
    await snap(page, 'settlement-red-invoice-list-en');
    await page.goto(`${server.url}/finance/statement?code=${credit.code}`);
    await expect.poll(() => page.getByTestId('row-view').count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('row-view').click();
    await expect.poll(() => drawer.getByTestId('statement-status').textContent()).toBe('Settled');
    await page.context().addCookies([{ name: 'lang', value: 'zh-CN', url: server.url }]);
  }, 90_000);

  it('is netted against the next statement on one ordinary invoice (下期抵扣), from the invoice register dialog', async () => {
    const { server, page } = session;
    const tag = String(Date.now() % 1_000_000);
    // this month a credit of 30.00 only, next month 500.00 owed: both confirmed
    const { clientId, code, confirmed } = await clientWithWaybill(server, 'E2ENT', tag);
    const credit = await confirmed('-30.00', '破损赔偿', thisPeriod());
    const owed = await confirmed('500.00', '加急费', nextPeriod(thisPeriod()));

    await page.goto(`${server.url}/finance/invoice`);
    await page.getByTestId('invoice-register').click();
    const dialog = page.locator('.ant-modal-content:visible', { has: page.getByTestId('invoice-register-ok') });
    // the party, picked from the client list by its code
    await dialog.getByRole('button', { name: /选\s*择/ }).click();
    const picker = page.locator('.ant-modal-content:visible').last();
    await picker.getByLabel('货主编码').fill(code);
    await picker.getByLabel('货主编码').press('Enter');
    const row = picker.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => row.innerText()).toContain(code);
    await row.dblclick();
    // the party's confirmed statements with their open amounts, the credit first (by period); each gets its amount
    const allocations = dialog.getByTestId('invoice-allocations');
    const lines = allocations.locator('tr.ant-table-row');
    await expect.poll(() => lines.count(), { timeout: 10_000 }).toBe(2);
    expect(await lines.nth(0).innerText()).toContain(credit.code);
    expect(await lines.nth(0).innerText()).toContain('-30.00');
    expect(await lines.nth(1).innerText()).toContain(owed.code);
    expect(await lines.nth(1).innerText()).toContain('500.00');
    await lines.nth(0).getByTestId('invoice-allocations-amount').fill('-30.00');
    await lines.nth(1).getByTestId('invoice-allocations-amount').fill('500.00');
    await expect.poll(() => dialog.getByTestId('invoice-allocations-sum').textContent()).toContain('470.00');
    await dialog.getByTestId('invoice-no').fill(`E2E-NET-${tag}`);
    await dialog.locator('.ant-form-item', { hasText: '发票类型' }).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '增值税普通发票' }).click();
    await snap(page, 'settlement-netting-invoice-dialog');
    await page.getByTestId('invoice-register-ok').click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);

    // the invoice list: one ordinary invoice of the net amount
    await page.goto(`${server.url}/finance/invoice?invoiceNo=E2E-NET-${tag}`);
    const invoiceRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: `E2E-NET-${tag}` });
    await expect.poll(() => invoiceRow.innerText(), { timeout: 10_000 }).toContain('470.00');
    expect(await invoiceRow.innerText()).toContain('增值税普通发票');
    const invoice = (await server.api<{ rows: { amount: unknown; invoiceType: string; partyId: unknown }[] }>('GET', `/api/finance/invoice/list?invoiceNo=E2E-NET-${tag}`, undefined, await server.adminToken())).json.rows;
    expect(invoice.map((i) => ({ amount: Number(i.amount), type: i.invoiceType, party: Number(i.partyId) }))).toEqual([{ amount: 470, type: 'ORDINARY', party: clientId }]);
    // the credit statement is settled by the invoice at once; the later one is invoiced, 30.00 of it counted as paid
    await page.goto(`${server.url}/finance/statement?code=${credit.code}`);
    await expect.poll(() => page.getByTestId('row-view').count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('row-view').click();
    const drawer = page.getByTestId('statement-detail');
    await expect.poll(() => drawer.getByTestId('statement-status').textContent(), { timeout: 10_000 }).toBe('已结清');
    const later = (await adminCall<{ status: string; invoicedAmount: string; paidAmount: string }>(server, 'GET', `/api/finance/statement/detail/${owed.id}`)).data;
    expect({ status: later.status, invoiced: later.invoicedAmount, paid: later.paidAmount }).toEqual({ status: 'INVOICED', invoiced: '500.00', paid: '30.00' });
  }, 90_000);
});
