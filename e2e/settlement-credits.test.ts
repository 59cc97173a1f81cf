/**
 * Issue 15 in the browser, a statement of credits: a client's month is invoiced (blue invoice), the next month holds
 * only a manual credit of 30.00 (total −30.00). Confirmed, its drawer offers a red-letter invoice (红字发票) instead of
 * an invoice: the dialog names the blue invoice it reverses and the red-letter form number; saved, the credit statement
 * is settled and the blue invoice's open amount is 30.00 less. The invoice list shows the red-letter invoice with the
 * invoice it reverses, in Chinese and in English.
 */
import { describe, expect, it } from 'vitest';
import { snap } from './support/snap.ts';
import { useAdminSession } from './support/admin-session.ts';
import { adminCall, idOf } from './support/dispatch.ts';
import { generatedStatement, nextPeriod, thisPeriod } from './support/finance.ts';

const session = useAdminSession();

describe('settlement: a statement of credits', () => {
  it('is reversed by a red-letter invoice naming the blue invoice, from the statement drawer', async () => {
    const { server, page } = session;
    const tag = String(Date.now() % 1_000_000);
    // a client of this test's own, an order of it reviewed, a manual charge of 500.00 this month and a credit of 30.00 after
    const client = await adminCall<{ id: number }>(server, 'POST', '/api/baseinfo/client/save', { code: `E2ECR${tag}`, name: `红字测试客户 ${tag}`, effective: true });
    const clientId = client.data.id;
    const item = await adminCall<{ id: number }>(server, 'POST', '/api/baseinfo/item/save', { clientId, code: `E2ECRI${tag}`, name: `红字测试物料 ${tag}` });
    const order = await adminCall<{ id: number; code: string }>(server, 'POST', '/api/order/order/save', {
      clientId, sourceStationId: await idOf(server, 'station', 'S-SH-01'), destStationId: await idOf(server, 'station', 'S-SH-02'), isSplitAllowed: true,
      lines: [{ itemId: item.data.id, quantity: 2, weight: 10.4, volume: 0.024, cases: 2, pallets: 0, other: 0 }],
    });
    const routes = await server.api<{ rows: { id: number }[] }>('GET', `/api/baseinfo/carrierRoute/list?carrierId=${await idOf(server, 'carrier', 'CR001')}`, undefined, await server.adminToken());
    await adminCall(server, 'POST', '/api/order/order/assignCarrierRoute', { ids: [order.data.id], carrierRouteId: routes.json.rows[0]!.id });
    await adminCall(server, 'POST', '/api/order/order/review', { ids: [order.data.id] });
    const waybill = (await server.api<{ rows: { id: number; code: string }[] }>('GET', `/api/waybill/waybill/list?orderCode=${order.data.code}`, undefined, await server.adminToken())).json.rows[0]!;
    const other = (await server.api<{ rows: { id: number }[] }>('GET', '/api/finance/chargeType/list?code=OTHER', undefined, await server.adminToken())).json.rows[0]!.id;
    const confirmed = async (amount: string, reason: string, period: string) => {
      await adminCall(server, 'POST', '/api/finance/adjustment/save', { kind: 'RECEIVABLE', waybillId: waybill.id, chargeTypeId: other, amount, reason });
      const st = await generatedStatement(server, 'RECEIVABLE', clientId, period);
      await adminCall(server, 'POST', '/api/finance/statement/send', { id: st.id, version: st.version });
      await adminCall(server, 'POST', '/api/finance/statement/confirm', { id: st.id, version: st.version + 1 });
      return st;
    };
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
});
