/**
 * The vehicle check report's drill-down in the browser: a driver reports a check with a picture through
 * the driver API; the report shows the item, its "failed" figure opens the checks behind it, and the
 * check opens with its items and the driver's picture, loaded through its signed link.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useAdminSession } from './support/admin-session.ts';
import { shot } from './support/browser.ts';
import { CREW, dispatchOrderIn, driverToken, type Envelope } from './support/dispatch.ts';

const admin = useAdminSession({}, { failureShots: true });

describe('vehicle check report', () => {
  it('drills down from an item to its checks and to a check with its picture', async () => {
    const { server, page } = admin;
    // the driver app: a dispatch order of the demo driver in effect (its own: the seeded ones may be another file's), a picture, the checklist
    const token = await driverToken(server, 'zhangwei');
    const trip = await dispatchOrderIn(server, 'EFFECTIVE', { crew: CREW.zhangwei });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#d43' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'tyre.png');
    const up = await fetch(`${server.url}/api/driver/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(up.status).toBe(200);
    const pictureId = ((await up.json()) as Envelope<{ id: number }>).data.id;
    const remark = `出车前检查 e2e-${Date.now().toString(36)}`;
    // the report counts every check of the period: the driver app's test, run before on the same server, may have failed the tyres too
    const failedTyres = async () => {
      const r = await server.api<Envelope<{ rows: { itemCode: string; failed: number }[] }>>('GET', '/api/reports/check/data', undefined, await server.adminToken());
      return Number(r.json.data.rows.find((x) => x.itemCode === 'TYRES')?.failed ?? 0);
    };
    const failedBefore = await failedTyres();
    const check = await server.api<Envelope<{ id: number; result: string }>>(
      'POST',
      `/api/driver/shipments/${trip.id}/vehicleCheck`,
      {
        items: [
          { code: 'TYRES', passed: false, remark: '左后胎磨损', pictureIds: [pictureId] },
          { code: 'BRAKES', passed: true },
          { code: 'LIGHTS', passed: true },
        ],
        remark,
      },
      token,
    );
    expect(check.status, JSON.stringify(check.json)).toBe(200);

    // the report: the item by its name, its failed figure opens the checks in which it failed
    await page.goto(server.url + '/reports/check');
    const failed = page.getByTestId('check-drill-failed-TYRES');
    await failed.waitFor();
    expect(await failed.textContent()).toBe(String(failedBefore + 1));
    await page.getByTestId('report-check').locator('.ant-table-tbody').getByText('轮胎', { exact: true }).waitFor();
    await shot(page, 'report-check');
    // a button that says it opens a drawer: reached and pressed from the keyboard
    expect(await failed.getAttribute('aria-haspopup')).toBe('dialog');
    await failed.focus();
    await page.keyboard.press('Enter');
    const list = page.getByTestId('check-list');
    const row = list.locator('tr', { hasText: trip.shipmentCode });
    await row.waitFor();
    expect(await row.textContent()).toContain('不合格');
    expect(await row.textContent()).toContain(remark);
    await shot(page, 'report-check-drill');

    // the check: every item with its result, the driver's remark and picture
    await page.getByTestId(`check-open-${check.json.data.id}`).click();
    const detail = page.getByTestId('check-detail');
    const tyres = detail.getByTestId('check-items').locator('tr', { hasText: '轮胎' });
    await tyres.waitFor();
    expect(await tyres.textContent()).toContain('不合格');
    expect(await tyres.textContent()).toContain('左后胎磨损');
    const brakes = await detail.getByTestId('check-items').locator('tr', { hasText: '制动' }).textContent();
    expect(brakes).toContain('合格');
    expect(brakes).not.toContain('不合格');
    expect(await detail.textContent()).toContain(remark);
    const img = tyres.locator('img.ant-image-img');
    expect(await img.getAttribute('src')).toMatch(new RegExp(`^/api/files/${pictureId}\\?exp=\\d+&sig=`));
    // the browser loads it through the signed link (no session header on an <img>)
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), { timeout: 15_000 }).toBe(40);
    await shot(page, 'report-check-detail');
    // the viewer opens on it
    await img.click();
    await page.locator('.ant-image-preview-progress').getByText('1 / 1').waitFor();
    const big = page.locator('img.ant-image-preview-img');
    await expect.poll(() => big.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), { timeout: 15_000 }).toBe(40);
  });
});
