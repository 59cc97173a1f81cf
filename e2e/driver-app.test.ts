/**
 * The driver app (issue 16) on a phone (Pixel 7 viewport) in Chromium: installable (manifest,
 * service worker controlling the page), sign-in, accepting a task, a proof of delivery reported
 * OFFLINE (three photos, a signature, a shortage) after a vehicle check (a failed item with a photo),
 * a sync cut mid-way and retried, and the back
 * office seeing the receipt exactly once; a foreign waybill code is refused; emulated geolocation
 * along the route fills the dispatch order's trajectory.
 */
import { describe, expect, it } from 'vitest';
import { devices, type Page } from 'playwright-core';
import sharp from 'sharp';
import { useProductBrowser } from './support/admin-session.ts';
import { adminCall, dispatchOrderIn, type Envelope } from './support/dispatch.ts';
import { snap } from './support/snap.ts';

const s = useProductBrowser();
/** waits on a condition (15 s: the phone compresses photos, the outbox syncs in the background) */
const poll = <T>(f: () => T | Promise<T>, o: { timeout?: number } = {}) => expect.poll(f, { timeout: 15_000, ...o });

/** A camera-sized photo (noise does not compress: the app must shrink it to ≤ 300 KB). */
const photo = async (seed: number) => {
  const w = 800;
  const h = 600;
  const raw = Buffer.alloc(w * h * 3);
  let x = seed * 7919 + 1;
  for (let i = 0; i < raw.length; i++) raw[i] = (x = (x * 1103515245 + 12345) & 0x7fffffff) >> 16;
  return { name: `photo-${seed}.jpg`, mimeType: 'image/jpeg', buffer: await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 92 }).toBuffer() };
};

const tab = (page: Page, name: string) => page.locator('.adm-tab-bar-item', { hasText: name });

async function sign(page: Page) {
  // in view, as a person scrolls to it (below the fold, the strokes would miss it)
  await page.getByTestId('signature').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('signature').boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 40);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 20, box.y + 40 + (i % 2 ? 50 : 0));
  await page.mouse.up();
}

describe('driver app', () => {
  it('installs, signs in, accepts a task, records positions, reports a receipt offline and the back office has it exactly once', async () => {
    const { server, browser } = s;
    const t0 = Date.now();
    const mark = (what: string) => process.env.TMS_E2E_TIMING && console.log(`${what}: ${Date.now() - t0} ms`);
    const [pending, shipped] = await Promise.all([dispatchOrderIn(server, 'EFFECTIVE'), dispatchOrderIn(server, 'SHIPPED')]);
    // the phone's viewport and touch; screenshots at 1× (cheaper to take)
    const ctx = await browser.newContext({
      ...devices['Pixel 7'],
      deviceScaleFactor: 1,
      locale: 'zh-CN',
      reducedMotion: 'reduce',
      serviceWorkers: 'allow',
      permissions: ['geolocation', 'notifications'],
      geolocation: { longitude: 121.1669, latitude: 31.2958 },
    });
    // every emulated position is recorded and sent in batches of 3
    await ctx.addInitScript(() => localStorage.setItem('tms-driver-tracking', JSON.stringify({ gapMs: 0, batch: 1 })));
    const page = await ctx.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`${e.message} ${e.stack ?? ''}`.slice(0, 600)));
    try {
      mark('fixtures');
      await page.goto(`${server.url}/driver/`);
      // install criteria: a manifest with icons, and a service worker that controls the page
      const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifest = (await (await fetch(new URL(manifestHref!, `${server.url}/driver/`))).json()) as { start_url: string; display: string; icons: { sizes: string }[] };
      expect(manifest).toMatchObject({ start_url: '/driver/', display: 'standalone' });
      expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      await poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 15_000 }).toBe(true);

      mark('installed');
      // sign in (kept on the device)
      await page.getByLabel('登录名').fill('zhangwei');
      await page.getByLabel('密码').fill('driver123');
      await page.getByRole('button', { name: '登录' }).click();
      const task = page.locator(`[data-testid="task"][data-code="${pending.shipmentCode}"]`);
      await task.getByRole('button', { name: '接单' }).click();
      await poll(() => task.getByText('已接单').count()).toBe(1);
      await poll(async () => (await adminCall<{ isReceive: string }>(server, 'GET', `/api/shipment/shipment/get/${pending.id}`)).data.isReceive).toBe('ACCEPTED');
      // once sent (the outbox empties), the answer stays: it no longer depends on the outbox's copy
      await poll(() => page.evaluate(async () => { const db = await new Promise<IDBDatabase>((ok) => { const r = indexedDB.open('tms-driver'); r.onsuccess = () => ok(r.result); }); return new Promise<number>((ok) => { const c = db.transaction('outbox').objectStore('outbox').getAll(); c.onsuccess = () => ok((c.result as { type: string }[]).filter((i) => i.type === 'accept').length); }); })).toBe(0);
      expect(await task.getByText('已接单').count()).toBe(1);
      mark('accepted');
      await snap(page, 'driver-tasks-zh-CN');

      // a new task announced by Web Push (the payload the server sends, apps/server/test/driver-push.test.ts): the
      // service worker shows the notification and the open list refreshes (headless Chromium has no push service:
      // the push is handed to the service worker through the DevTools protocol)
      const fresh = await dispatchOrderIn(server, 'EFFECTIVE');
      const cdp = await ctx.newCDPSession(page);
      const registration = new Promise<string>((ok) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
          const r = e.registrations.find((x) => x.scopeURL === `${server.url}/driver/`);
          if (r) ok(r.registrationId);
        }),
      );
      await cdp.send('ServiceWorker.enable');
      const note = { title: '新任务', body: `调度单 ${fresh.shipmentCode} 已派给您，请查看并接单`, url: `/driver/#/task/${fresh.id}`, tag: `task-${fresh.id}` };
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(server.url).origin, registrationId: await registration, data: JSON.stringify(note) });
      await poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}: ${n.body}`))).toEqual([`${note.title}: ${note.body}`]);
      await page.locator(`[data-testid="task"][data-code="${fresh.shipmentCode}"]`).waitFor();
      await cdp.detach();

      // the dispatch order in transit records the phone's positions along the route
      await page.locator(`[data-testid="tracking"][data-code="${shipped.shipmentCode}"]`).waitFor();
      // each position is awaited on the server before the next is set: positions set back to back may reach the
      // page's watcher as one update (Chromium coalesces them under load), and the test is about each one recorded
      const track = async () => (await adminCall<{ points: [number, number][] }>(server, 'GET', `/api/shipment/shipment/trajectory/${shipped.id}`)).data.points.map(([lng, lat]) => `${lng.toFixed(4)},${lat.toFixed(4)}`);
      const positions = [1, 2, 3].map((i) => ({ longitude: 121.1669 + i * 0.05, latitude: 31.2958 - i * 0.01 }));
      for (const at of positions) {
        await ctx.setGeolocation(at);
        await poll(track, { timeout: 15_000 }).toContain(`${at.longitude.toFixed(4)},${at.latitude.toFixed(4)}`);
      }
      expect((await track()).length).toBeGreaterThanOrEqual(3);

      // the shipped task: its stops and receipts come to the phone while online
      // opened from the keyboard: the task's code is its link (the card opens it to a tap)
      await page.locator(`[data-testid="task"][data-code="${shipped.shipmentCode}"]`).getByRole('link', { name: shipped.shipmentCode }).press('Enter');
      await page.getByTestId('open-epod').waitFor();
      await poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('tms-driver-epod-')) && !!localStorage.getItem('tms-driver-check-items-zh-CN'))).toBe(true);
      await snap(page, 'driver-task-zh-CN');

      mark('prefetched');
      // offline from here
      await ctx.setOffline(true);
      // the vehicle check, offline: every item answered, the tyres failed with a remark and a photo
      await page.getByTestId('open-check').click();
      await page.getByTestId('submit-check').click();
      await poll(() => page.getByTestId('check-error').innerText()).toBe('还有 8 项未检查');
      const tyres = page.locator('[data-testid="check-item"][data-code="TYRES"]');
      await tyres.getByText('不合格', { exact: true }).click();
      await tyres.getByTestId('check-remark').locator('textarea').fill('左后胎磨损');
      await tyres.getByTestId('check-photo-input').setInputFiles([await photo(4)]);
      await poll(() => tyres.getByTestId('check-photo').count()).toBe(1);
      await page.getByTestId('check-all-pass').click();
      await page.getByTestId('check-overall').locator('textarea').fill('出车前检查');
      await snap(page, 'driver-check-zh-CN');
      await page.getByTestId('submit-check').click();
      await poll(() => page.getByTestId('check-status').innerText()).toBe('等待发送');
      await page.getByTestId('open-epod').click();
      await page.getByTestId('typed-code').locator('input').fill('WB-NOT-OURS-1');
      await page.getByTestId('confirm-code').click();
      await poll(() => page.getByTestId('code-error').innerText()).toBe('“WB-NOT-OURS-1”不是本站点的运单，请核对');
      await page.getByTestId('typed-code').locator('input').fill(shipped.waybillCode.toLowerCase());
      await page.getByTestId('confirm-code').click();
      await page.getByTestId('code-confirmed').waitFor();
      // a shortage of 2 on the line, with its reason
      const line = page.getByTestId('epod-line').first();
      // typed as a driver types: the 0 deleted first leaves the field empty (marked invalid, not snapped back), then 2
      const shortage = line.getByTestId('shortage').locator('input');
      await shortage.click();
      await shortage.press('End');
      await shortage.press('Backspace');
      expect([await shortage.inputValue(), await shortage.getAttribute('aria-invalid')]).toEqual(['', 'true']);
      await shortage.pressSequentially('2');
      expect([await shortage.inputValue(), await shortage.getAttribute('aria-invalid')]).toEqual(['2', null]);
      await shortage.blur();
      await line.getByText('丢失').click();
      await poll(() => line.getByTestId('signed').locator('input').inputValue()).toBe('10');
      await page.getByTestId('remark').locator('textarea').fill('外箱破损两箱');
      await page.getByTestId('photo-input').setInputFiles(await Promise.all([1, 2, 3].map(photo)));
      await poll(() => page.getByTestId('photo').count()).toBe(3);
      mark('photos');
      await sign(page);
      await snap(page, 'driver-epod-zh-CN');
      await page.getByTestId('submit-epod').click();
      await page.getByTestId('offline-banner').getByText('2 项待发送').waitFor();
      // back at the stop, still offline: the driver leaves it (queued after the receipt)
      await page.getByTestId('depart').click();
      await poll(() => page.getByTestId('departed').innerText()).toMatch(/^已于 .+ 离开 · 等待发送$/);
      await page.getByTestId('offline-banner').getByText('3 项待发送').waitFor();
      await snap(page, 'driver-departed-zh-CN');
      await tab(page, '待发送').click();
      await poll(() => page.locator('[data-testid="outbox-item"][data-state="waiting"]').count()).toBe(3);
      await snap(page, 'driver-outbox-zh-CN');

      mark('queued');
      // back online: the first send of the report is cut after the server applied it (the phone sees a failure)
      let cut = 0;
      await page.route('**/api/driver/epods/*/report', async (route) => {
        if (cut++ === 0) {
          await route.fetch();
          await route.abort('connectionreset');
        } else await route.continue();
      });
      await ctx.setOffline(false);
      await poll(() => cut, { timeout: 20_000 }).toBeGreaterThan(0);
      // the retry ("send now") gets the first answer again: the outbox empties
      await page.getByRole('button', { name: '立即发送' }).click();
      await poll(() => page.locator('[data-testid="outbox-item"]').count(), { timeout: 20_000 }).toBe(0);
      expect(cut).toBe(2);

      mark('synced');
      // the back office: one report, abnormal, three photos and the signature once each
      const list = await adminCall<unknown>(server, 'GET', `/api/epod/epod/list?shipmentCode=${shipped.shipmentCode}`);
      const rows = (list as unknown as { rows: { id: number; status: string; isAbnormal: boolean }[] }).rows;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'REPORTED', isAbnormal: true });
      const detail = (await server.api<Envelope<{ pictures: unknown[]; lines: { shortage: number; remark: string }[]; signTime: string; departureTime: string | null }>>('GET', `/api/epod/epod/get/${rows[0]!.id}`, undefined, await server.adminToken())).json.data;
      expect(detail.pictures).toHaveLength(4);
      // the departure reached the receipt after the report: not before the signature
      expect(detail.departureTime).not.toBeNull();
      expect(new Date(detail.departureTime!).getTime()).toBeGreaterThanOrEqual(new Date(detail.signTime).getTime());
      expect(detail.lines[0]).toMatchObject({ shortage: 2, remark: 'SHORTAGE:MISSING' });
      // the vehicle check reached the report once: failed on the tyres, with its photo and the phone's position
      const checks = await adminCall<unknown>(server, 'GET', `/api/reports/check/checks?itemCode=TYRES&pageSize=100`);
      const mine = (checks as unknown as { rows: { shipmentCode: string; lng: number | null }[] }).rows.filter((r) => r.shipmentCode === shipped.shipmentCode);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ result: 'FAIL', failedCount: 1, itemCount: 8, pictureCount: 1, remark: '出车前检查' });
      expect(mine[0]!.lng).not.toBeNull();

      // en-US, as the driver may switch
      await tab(page, '我的').click();
      await page.getByText('English (US)').click();
      await tab(page, 'Tasks').click();
      await page.getByText('My tasks').waitFor();
      await snap(page, 'driver-tasks-en-US');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
