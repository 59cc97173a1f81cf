/**
 * Issue 15 in the browser, what reaches a statement besides rated charges: a manual adjustment approved in the
 * back office is a line of the month's statement with its source in words; a line is disputed with a photo
 * attached in the dispute dialog, and the attachment shows on the line as a link to the file; once the statement
 * is confirmed, a new contract version re-rates the waybill, and the next statement carries the difference as
 * an adjustment line naming the confirmed statement and the amounts before and after.
 */
import { describe, expect, it } from 'vitest';
import { snap } from './support/snap.ts';
import { useAdminSession } from './support/admin-session.ts';
import { adminCall, idOf } from './support/dispatch.ts';
import { generatedStatement, sentStatement, nextPeriod, thisPeriod } from './support/finance.ts';

const session = useAdminSession();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('settlement: adjustments, re-rating differences, dispute attachments', () => {
  it('a manual adjustment and a re-rating difference show their source; a disputed line carries its photo', async () => {
    const { server, page } = session;
    const clientId = await idOf(server, 'client', 'C002');
    const typeId = async (code: string) => (await server.api<{ rows: { id: number }[] }>('GET', `/api/finance/chargeType/list?code=${code}`, undefined, await server.adminToken())).json.rows[0]!.id;
    // C002's contract: 100.00 freight a trip
    const code = `E2EADJ${Date.now() % 100000}`;
    const contract = async (version: number, price: number) => {
      const c = await adminCall<{ id: number }>(server, 'POST', '/api/finance/contract/save', { code, contractVersion: version, name: 'e2e', kind: 'RECEIVABLE', clientId, validFrom: '2020-01-01', validTo: '2099-12-31' });
      await adminCall(server, 'POST', '/api/finance/rateLine/save', { contractId: c.data.id, chargeTypeId: await typeId('FREIGHT'), basis: 'TRIP', unitPrice: price });
      await adminCall(server, 'POST', '/api/finance/contract/effect', { ids: [c.data.id] });
      return c.data.id;
    };
    const v1 = await contract(1, 100);
    const order = await adminCall<{ id: number; code: string }>(server, 'POST', '/api/order/order/save', {
      clientId, sourceStationId: await idOf(server, 'station', 'S-SH-01'), destStationId: await idOf(server, 'station', 'S-SH-02'), isSplitAllowed: true,
      lines: [{ itemId: await idOf(server, 'item', 'I-SH-001'), quantity: 5, weight: 26, volume: 0.06, cases: 5, pallets: 0, other: 0 }],
    });
    const routes = await server.api<{ rows: { id: number }[] }>('GET', `/api/baseinfo/carrierRoute/list?carrierId=${await idOf(server, 'carrier', 'CR001')}`, undefined, await server.adminToken());
    await adminCall(server, 'POST', '/api/order/order/assignCarrierRoute', { ids: [order.data.id], carrierRouteId: routes.json.rows[0]!.id });
    await adminCall(server, 'POST', '/api/order/order/review', { ids: [order.data.id] });
    const waybill = (await server.api<{ rows: { id: number; code: string }[] }>('GET', `/api/waybill/waybill/list?orderCode=${order.data.code}`, undefined, await server.adminToken())).json.rows[0]!;
    const adjustment = await adminCall<{ id: number }>(server, 'POST', '/api/finance/adjustment/save', { kind: 'RECEIVABLE', waybillId: waybill.id, chargeTypeId: await typeId('OTHER'), amount: '-15.50', reason: '破损赔偿' });
    const period = thisPeriod();
    const first = await sentStatement(server, 'RECEIVABLE', clientId, period);

    await page.goto(`${server.url}/finance/statement?code=${first.code}`);
    await expect.poll(() => page.getByTestId('row-view').count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('row-view').click();
    const drawer = page.getByTestId('statement-detail');
    await expect.poll(() => drawer.getByTestId('statement-status').textContent()).toBe('已发送');
    const row = (text: string) => drawer.locator('.ant-table-tbody').first().locator('tr.ant-table-row', { hasText: text });
    await expect.poll(() => row('OTHER').locator('td').allTextContents()).toEqual(['调整', waybill.code, 'OTHER', expect.any(String), '-15.50', `手工调整 #${adjustment.data.id}：破损赔偿`, '', '']);

    // the freight line disputed with a photo attached in the dialog
    await row('FREIGHT').getByTestId('line-dispute').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('input').first().fill('实际只送了一半');
    await dialog.locator('input').nth(1).fill('50');
    await dialog.locator('input[type=file]').setInputFiles({ name: '签收单.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => dialog.getByTestId('dispute-file').textContent(), { timeout: 10_000 }).toContain('签收单.png');
    await dialog.getByRole('button', { name: /OK|确\s*定/ }).click();
    await expect.poll(() => drawer.getByTestId('statement-status').textContent()).toBe('有争议');
    const link = row('FREIGHT').getByTestId('dispute-file');
    await expect.poll(() => link.textContent()).toContain('签收单.png');
    const served = await page.request.get(new URL((await link.getAttribute('href'))!, server.url).toString());
    expect(served.status()).toBe(200);
    expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);
    await snap(page, 'settlement-dispute-attachment');
    // rejected: the statement is adjusted as it was, then confirmed
    await row('FREIGHT').getByTestId('line-reject').click();
    await expect.poll(() => drawer.getByTestId('statement-status').textContent()).toBe('已调整');
    await drawer.getByTestId('statement-confirm').click();
    await expect.poll(() => drawer.getByTestId('statement-status').textContent()).toBe('已确认');

    // version 2 of the contract at 130.00 re-rates the waybill: the confirmed statement stays, the next one carries +30.00
    await adminCall(server, 'POST', '/api/finance/contract/terminate', { ids: [v1] });
    const v2 = await contract(2, 130);
    await expect
      .poll(async () => (await adminCall<{ status: string } | null>(server, 'GET', `/api/finance/contract/rerate/${v2}`)).data?.status, { timeout: 20_000 })
      .toBe('DONE');
    const second = await generatedStatement(server, 'RECEIVABLE', clientId, nextPeriod(period));
    await page.goto(`${server.url}/finance/statement?code=${second.code}`);
    await expect.poll(() => page.getByTestId('row-view').count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('row-view').click();
    // (a draft: its first column picks lines to take out, not an adjustment line)
    await expect.poll(async () => (await row('FREIGHT').locator('td').allTextContents()).slice(1)).toEqual(['调整', waybill.code, 'FREIGHT', expect.any(String), '30.00', `重新计费：对账单 ${first.code} 已对账 100.00，重新计费后 130.00`, '', '']);
    await snap(page, 'settlement-rerate-difference');
    // printed from the statement print template: the difference and where it came from are on the sheet
    await drawer.getByTestId('statement-print').click();
    await expect.poll(() => page.getByTestId('statement-print-modal').innerText(), { timeout: 10_000 }).toContain('对账单模板');
    const [sheet] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('statement-print-modal-ok').click()]);
    await expect.poll(() => sheet.locator('body').innerText()).toContain(second.code);
    const printed = await sheet.locator('body').innerText();
    for (const text of ['对账单', '30.00 CNY', `重新计费：对账单 ${first.code} 已对账 100.00，重新计费后 130.00`]) expect(printed).toContain(text);
    await snap(sheet, 'settlement-print-sheet');
    await sheet.close();
    // in English
    await page.context().addCookies([{ name: 'lang', value: 'en-US', url: server.url }]);
    await page.reload();
    await page.getByTestId('row-view').click();
    await expect.poll(() => row('FREIGHT').getByTestId('line-origin').textContent(), { timeout: 10_000 }).toBe(`Re-rated: statement ${first.code} stated 100.00, now 130.00`);
    await snap(page, 'settlement-rerate-difference-en');
    await page.context().addCookies([{ name: 'lang', value: 'zh-CN', url: server.url }]);
  }, 90_000);
});
