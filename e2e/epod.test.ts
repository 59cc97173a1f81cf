/**
 * Receipts (epod) in the browser, each test on receipts of its own (dispatch orders shipped through
 * the API, one receipt per waybill; the driver API reports one): register the sign-for of a pending
 * receipt with a shortage, check and handle it, audit it; auditing a pending receipt shows the
 * refusal; a receipt with seven pictures shows five and "+2", which opens the viewer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { shot } from './support/browser.ts';
import { useAdminSession } from './support/admin-session.ts';
import { EpodListPage } from './pages/epod-page.ts';
import { dispatchOrderIn, driverToken, reportReceiptShort, type Envelope } from './support/dispatch.ts';

const admin = useAdminSession();
let token: string;
beforeAll(async () => {
  token = await admin.server.adminToken();
});

interface Receipt {
  id: number;
  code: string;
  status: string;
}
const receipts = async (status: string) =>
  (await admin.server.api<{ rows: Receipt[] }>('GET', `/api/epod/epod/list?status=${status}&pageSize=100`, undefined, token)).json.rows;

/** The pending receipt of a dispatch order shipped through the API (its driver is 张伟). */
async function pendingReceipt(): Promise<Receipt> {
  const order = await dispatchOrderIn(admin.server, 'SHIPPED');
  const driver = await driverToken(admin.server, 'zhangwei');
  const mine = await admin.server.api<Envelope<Receipt[]>>('GET', `/api/driver/epods?shipmentId=${order.id}`, undefined, driver);
  expect(mine.json.data.map((r) => r.status)).toEqual(['PENDING']);
  return mine.json.data[0]!;
}

describe('receipts', () => {
  it('registers a sign-for with a shortage, handles it and audits it; a pending receipt cannot be audited', async () => {
    const { server } = admin;
    const first = await pendingReceipt();
    const second = await pendingReceipt();
    const page = admin.page;
    const list = new EpodListPage(page, server.url);
    await list.open();

    // sign-for registration with a shortage of 2 on the first line
    await list.row(first!.code).getByTestId('epod-sign-link').click();
    const form = page.getByTestId('sign-form');
    await form.waitFor();
    const signed = Number(await form.getByTestId('sign-signedQuantity-0').inputValue());
    await form.getByTestId('sign-signedQuantity-0').fill(String(signed - 2));
    await form.getByTestId('sign-shortage-0').fill('2');
    await form.getByTestId('sign-remark-0').fill('少两箱');
    await shot(page, 'epod-sign-for');
    await page.getByTestId('sign-submit').click();
    await page.getByText('签收登记成功').first().waitFor();

    // it is abnormal now: the audit is refused until it is handled
    await list.tick(first!.code);
    await list.audit();
    await page.getByTestId('epod-action-error').getByText(`回单${first!.code}存在异常，请先进行异常处理再审核`).waitFor();
    await list.cancelDialog();

    await list.handle(first!.code, '接受差异', '客户确认少货，接受差异');
    await page.getByText('异常处理已保存').first().waitFor();

    await list.tick(first!.code);
    await list.audit();
    await page.getByText('审核成功').first().waitFor();
    expect((await server.api<{ data: { status: string; handleResult: string } }>('GET', `/api/epod/epod/get/${first!.id}`, undefined, token)).json.data).toMatchObject({
      status: 'AUDITED',
      handleResult: 'ACCEPT',
    });

    // the detail shows the receipt details with the shortage and the opinions
    await list.view(first!.code);
    const detail = page.getByTestId('epod-detail');
    await detail.getByTestId('epod-lines').getByText('少两箱').waitFor();
    await detail.getByRole('tab', { name: /意见/ }).click();
    await detail.getByRole('tabpanel').getByRole('cell', { name: '客户确认少货，接受差异' }).waitFor();
    await shot(page, 'epod-detail-audited');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // a pending receipt: the audit is refused with the message of the state
    await list.tick(second!.code);
    await list.audit();
    await page.getByTestId('epod-action-error').getByText('审核失败，请选择已回单的回单！').waitFor();
    await shot(page, 'epod-audit-pending-refused');
    await list.cancelDialog();
    expect((await receipts('PENDING')).map((r) => r.id)).toContain(second!.id);
  });

  it('shows five of seven pictures and "+2", which opens the viewer', async () => {
    const { server } = admin;
    // a receipt the driver has reported (two short)
    const order = await dispatchOrderIn(server, 'SHIPPED');
    const reported = await reportReceiptShort(server, 'zhangwei', order.id);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    for (let i = 0; i < 7; i++) {
      const fd = new FormData();
      fd.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `p${i}.png`);
      const r = await fetch(`${server.url}/api/epod/epod/picture/upload?epodId=${reported!.id}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd });
      expect(r.status).toBe(200);
    }
    const page = admin.page;
    const list = new EpodListPage(page, server.url);
    await list.open();
    await list.view(reported!.code);
    const detail = page.getByTestId('epod-detail');
    await detail.getByRole('tab', { name: /回单图片/ }).click();
    const strip = detail.getByTestId('epod-pictures');
    await strip.getByTestId('epod-picture-more').waitFor();
    expect(await strip.getByTestId('epod-picture').count()).toBe(5);
    expect(await strip.getByTestId('epod-picture-more').textContent()).toBe('+2');
    await strip.getByTestId('epod-picture-more').click();
    await page.locator('.ant-image-preview-progress').getByText('6 / 7').waitFor();
    await shot(page, 'epod-pictures-viewer');
  });
});
