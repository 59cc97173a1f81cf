/**
 * Accessibility of the product's other faces (issue 18 §2: screens everyone can use): the sign-in page, the client
 * portal with the dialogs its screens open, the public tracking page a visitor opens, and the driver app on a phone,
 * in zh-CN and in en-US. On every screen, and on every dialog a screen's button says it opens (`aria-haspopup`), as the
 * back office's sweeps (e2e/a11y-zh / -en): 0 serious or critical axe findings, the focus back on the button after a
 * dialog; in English, no Chinese text that is not marked as Chinese data (WCAG 3.1.2, language of parts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, type Page } from 'playwright-core';
import { useProductBrowser } from './support/admin-session.ts';
import { go, newPage } from './support/browser.ts';
import { snap } from './support/snap.ts';
import { adminCall, dispatchOrderIn, driverToken, type Envelope } from './support/dispatch.ts';
import { clientWithWaybill, thisPeriod } from './support/finance.ts';
import { audit, auditDialog, injectAxe, newSweep, runOnlyRules, skipRules, untaggedChinese, type Finding, type Sweep } from './support/a11y.ts';

const s = useProductBrowser();
const tag = Date.now().toString(36);
const password = 'client123';
const fx = { user: `a11y_${tag}`, orderId: 0, statementId: 0, token: '', shipmentId: 0, epodId: 0 };

beforeAll(async () => {
  const { server } = s;
  // every rule, in both languages (a sweep of the back office that ran before in this worker may have narrowed them)
  skipRules([]);
  runOnlyRules(null);
  // a client of the file's own with a reviewed order and a statement sent to it; a client user of it
  const client = await clientWithWaybill(server, 'A11YA', tag.slice(-5).toUpperCase());
  const statement = await client.sent('500.00', '加急费', thisPeriod());
  fx.statementId = statement.id;
  const made = await adminCall<{ id: number }>(server, 'POST', '/api/system/user/save', { userName: fx.user, nickName: '无障碍客户', password, userKind: 'CLIENT' });
  const userId = made.data.id;
  const centers = await adminCall<{ id: number; code: string }[]>(server, 'GET', `/api/system/user/dispatchCenters?userId=${userId}`);
  await adminCall(server, 'POST', '/api/system/user/dispatchCenters', { userId, ids: [centers.data.find((c) => c.code === 'SH01')!.id] });
  await adminCall(server, 'POST', '/api/system/user/portalClients', { userId, clientIds: [client.clientId] });
  const token = await server.signIn(fx.user, password);
  const portal = async <T,>(method: string, path: string, body?: unknown) => {
    const r = await server.api<Envelope<T>>(method, `/api/portal${path}`, body, token);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.data;
  };
  const orders = await server.api<{ rows: { id: number }[] }>('GET', '/api/portal/orders', undefined, token);
  fx.orderId = orders.json.rows[0]!.id;
  fx.token = (await portal<{ token: string }>('POST', `/orders/${fx.orderId}/trackingLinks`, { days: 7 })).token;
  // the driver's trip in transit, with its receipt to report
  const trip = await dispatchOrderIn(server, 'SHIPPED');
  fx.shipmentId = trip.id;
  const epods = await server.api<Envelope<{ id: number }[]>>('GET', `/api/driver/epods?shipmentId=${trip.id}`, undefined, await driverToken(server, 'zhangwei'));
  fx.epodId = epods.json.data[0]!.id;
});

/** Waits until the screen shows `ready` and nothing on it still loads (spinners, skeletons: antd's and antd-mobile's). */
async function settled(page: Page, ready: string) {
  await page.locator(ready).first().waitFor();
  // and nothing half-drawn: no transition or finite animation running (a button fading in as the phone comes online)
  await page.waitForFunction(
    () => !document.querySelector('.ant-spin-spinning, .ant-skeleton, .adm-skeleton, .adm-spin-loading, .adm-dot-loading') && !document.getAnimations().some((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity)),
    undefined,
    { polling: 50 },
  );
}

/**
 * Audits the screen shown, then each dialog its buttons say they open (once a button name a sweep), closed again with
 * Escape and the focus checked back; in English, the language of parts on the screen and in the dialogs.
 */
async function screen(page: Page, where: string, out: Sweep, english: boolean): Promise<Finding[]> {
  await injectAxe(page);
  const found = await audit(page, where);
  if (english) out.untagged.push(...(await untaggedChinese(page, where, 'body')));
  const openers = page.locator('[aria-haspopup="dialog"]:visible:enabled');
  const names = await openers.evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim() || (e.getAttribute('aria-label') ?? '')));
  for (const [i, name] of names.entries()) {
    const key = `${where.split(' ')[0]} ${name}`;
    if (out.nestedSeen.has(key)) continue;
    out.nestedSeen.add(key);
    found.push(...(await auditDialog(page, `${where} › ${name}`, openers.nth(i), out, english, { must: true, orMessage: true })));
  }
  return found;
}

const report = (found: Finding[], out: Sweep) => ({
  findings: found.map((f) => `${f.where} ${f.rule} (${f.impact}, ${f.nodes}) ${f.target} ${f.html}`),
  focusLost: out.focusLost,
  untagged: out.untagged,
});
const clean = { findings: [], focusLost: [], untagged: [] };

for (const lang of ['zh-CN', 'en-US'] as const) {
  const english = lang === 'en-US';
  describe(lang, () => {
    it(`${lang}: the sign-in page, the client portal's screens and dialogs, the public tracking page`, async () => {
      const { server, browser } = s;
      const out = newSweep();
      const found: Finding[] = [];
      const { ctx, page } = await newPage(browser, lang);
      try {
        await ctx.addCookies([{ name: 'lang', value: lang, url: server.url }]);
        await page.goto(`${server.url}/user/login`);
        await settled(page, '[data-testid="captcha-bg"]');
        found.push(...(await screen(page, '/user/login', out, english)));
        // the client user, signed in
        await ctx.addCookies([{ name: 'Access-Token', value: await server.signIn(fx.user, password), url: server.url }]);
        await page.goto(`${server.url}/portal/orders`);
        const screens: [string, string][] = [
          ['/portal/orders', '[data-testid="portal-orders"] .ant-table-row'],
          ['/portal/orders/new', '[data-testid="portal-new-order"]'],
          [`/portal/orders/${fx.orderId}`, '[data-testid="portal-links"]'],
          ['/portal/map', '[data-testid="portal-map"]'],
          ['/portal/statements', '[data-testid="portal-statements"] .ant-table-row'],
          [`/portal/statements/${fx.statementId}`, '[data-testid="portal-statement-lines"]'],
        ];
        for (const [path, ready] of screens) {
          await go(page, path);
          await settled(page, ready);
          found.push(...(await screen(page, path, out, english)));
        }
        await snap(page, `a11y-apps-portal-${lang}`);
        // a visitor on the public tracking page (no session)
        const visitor = await newPage(browser, lang);
        try {
          await visitor.ctx.addCookies([{ name: 'lang', value: lang, url: server.url }]);
          await visitor.page.goto(`${server.url}/track/${fx.token}`);
          await settled(visitor.page, '[data-testid="track-code"]');
          found.push(...(await screen(visitor.page, '/track', out, english)));
        } finally {
          await visitor.ctx.close();
        }
        expect(report(found, out)).toEqual(clean);
        expect(out.dialogs).toBeGreaterThan(0);
      } finally {
        await ctx.close();
      }
    });

    it(`${lang}: the driver app on a phone: sign-in, tasks, a task, its vehicle check and receipt, the outbox, the driver's page`, async () => {
      const { server, browser } = s;
      const out = newSweep();
      const found: Finding[] = [];
      const ctx = await browser.newContext({ ...devices['Pixel 7'], deviceScaleFactor: 1, locale: lang, reducedMotion: 'reduce', serviceWorkers: 'block' });
      await ctx.addInitScript((l) => localStorage.setItem('tms-driver-lang', l), lang);
      const page = await ctx.newPage();
      page.setDefaultTimeout(15_000);
      // a task of this test's own waiting for the driver's answer: refused below, with the states that shows
      const pending = await dispatchOrderIn(server, 'EFFECTIVE');
      /** The screen as it shows now, audited (with A11Y_DEBUG, a screenshot named `shot`). */
      const look = async (where: string, shot?: string) => {
        found.push(...(await screen(page, where, out, english)));
        if (shot && process.env.A11Y_DEBUG) await snap(page, `a11y-apps-driver-${lang}${shot}`);
      };
      try {
        await page.goto(`${server.url}/driver/`);
        await settled(page, 'input[type="password"]');
        await look('/driver/ (sign-in)');
        await page.locator('#loginName').fill('zhangwei');
        await page.locator('#password').fill('driver123');
        await page.locator('button[type="submit"]').click();
        const screens: [string, string][] = [
          ['#/', `[data-testid="task"]`],
          [`#/task/${fx.shipmentId}`, '[data-testid="open-epod"]'],
          [`#/check/${fx.shipmentId}`, '[data-testid="check-items"]'],
          [`#/epod/${fx.shipmentId}/${fx.epodId}`, '[data-testid="typed-code"]'],
          ['#/outbox', '.shell-tabs'],
          ['#/me', '[data-testid="lang"]'],
        ];
        for (const [hash, ready] of screens) {
          // the receipt opens from what the task's page keeps on the phone (fetched as the task opens)
          if (hash.startsWith('#/epod/'))
            await page.waitForFunction((id) => !!localStorage.getItem(`tms-driver-epod-${id}`), fx.epodId, { polling: 100 });
          await page.evaluate((h) => (window.location.hash = h), hash);
          await settled(page, ready);
          await look(`/driver/${hash}`, hash.replace(/[#/]+/g, '-'));
          if (hash.startsWith('#/check/')) {
            // sent with nothing answered: the count of what is left, as an alert
            await page.getByTestId('submit-check').click();
            await settled(page, '[data-testid="check-error"]');
            await look(`/driver/${hash} (items left)`);
          }
          if (!hash.startsWith('#/epod/')) continue;
          // a code that is not the receipt's waybill: refused with the code named
          await page.getByTestId('typed-code').locator('input').fill('WB-NOT-OURS-1');
          await page.getByTestId('confirm-code').click();
          await settled(page, '[data-testid="code-error"]');
          await look(`/driver/${hash} (wrong code)`);
          // the receipt's lines, its photos and the signature show once the waybill's code is confirmed
          const code = await page.evaluate((id) => (JSON.parse(localStorage.getItem(`tms-driver-epod-${id}`)!) as { waybillCode: string }).waybillCode, fx.epodId);
          await page.getByTestId('typed-code').locator('input').fill(code);
          await page.getByTestId('confirm-code').click();
          await settled(page, '[data-testid="epod-line"]');
          await look(`/driver/${hash} (code confirmed)`);
        }
        // refusing a task: the reason asked for (and missing), then the answer queued while offline and refused by the
        // server (the task was accepted meanwhile, elsewhere): the outbox's refused item with its message and removal
        await page.evaluate(() => (window.location.hash = '#/'));
        const task = page.locator(`[data-testid="task"][data-code="${pending.shipmentCode}"]`);
        await task.getByTestId('refuse').click();
        const reasonBox = task.getByTestId('refuse-reason').locator('textarea');
        const focused = () => reasonBox.evaluate((el) => el === document.activeElement);
        await expect.poll(focused).toBe(true); // the form opens on its field
        // Cancel closes it and gives the focus back to the button that opened it
        await task.getByRole('button', { name: english ? 'Cancel' : '取消' }).click();
        await expect.poll(() => task.getByTestId('refuse').evaluate((el) => el === document.activeElement)).toBe(true);
        await task.getByTestId('refuse').click();
        await expect.poll(focused).toBe(true);
        await task.getByTestId('confirm-refuse').click();
        await settled(page, '[data-testid="refuse-error"]');
        // the field is marked invalid, is described by the error, and has the focus back
        const described = () => reasonBox.evaluate((el) => [el.getAttribute('aria-invalid'), (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ')]);
        await expect.poll(described).toEqual(['true', (await task.getByTestId('refuse-error').textContent()) ?? '-']);
        expect(await task.getByTestId('refuse-error').textContent()).toBe(english ? 'Please give a reason for refusing' : '请填写拒单原因');
        expect(await focused()).toBe(true);
        await look('/driver/#/ (refusing, no reason)', '-refusing');
        await ctx.setOffline(true);
        await reasonBox.fill(english ? 'Vehicle in repair' : '车辆维修中');
        await expect.poll(described).toEqual([null, '']); // typed: the error is gone
        await task.getByTestId('confirm-refuse').click();
        await settled(page, `[data-testid="task"][data-code="${pending.shipmentCode}"] [data-answer="REFUSED"]`);
        await look('/driver/#/ (refusal waiting to be sent)', '-refusal-queued');
        const accepted = await server.api('POST', `/api/driver/shipments/${pending.id}/accept`, {}, await driverToken(server, 'zhangwei'));
        expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
        await ctx.setOffline(false);
        await page.evaluate(() => (window.location.hash = '#/outbox'));
        await settled(page, '[data-testid="outbox-item"][data-state="refused"]');
        await look('/driver/#/outbox (an answer refused)', '-outbox-refused');
        // the list read again (online): the task as the server has it, accepted
        await page.evaluate(() => (window.location.hash = '#/'));
        await settled(page, `[data-testid="task"][data-code="${pending.shipmentCode}"] [data-answer="ACCEPTED"]`);
        await page.evaluate((id) => (window.location.hash = `#/task/${id}`), pending.id);
        await settled(page, '[data-testid="open-check"]');
        await look(`/driver/#/task/${pending.id} (accepted elsewhere, the refusal refused)`);
        await snap(page, `a11y-apps-driver-${lang}`);
        expect(report(found, out)).toEqual(clean);
      } finally {
        await ctx.close();
      }
    });
  });
}
