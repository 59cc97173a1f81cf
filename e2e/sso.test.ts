/**
 * Single sign-on mode (spec §4 Session) in Chromium: the server switches it on at run time (TMS_SSO…,
 * written into the served page), the visitor brings a one-time code in a cookie, the web exchanges it
 * through POST /api/auth/getToken and shows the page asked for. A bad or missing code says why, then
 * goes to the external sign-in address after 1.5 s (that site is answered by page.route: no network).
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newPage, shot } from './support/browser.ts';
import { useProductBrowser } from './support/admin-session.ts';

const LOGIN_URL = 'https://sso.example.test/login';
const COOKIE = 'tms_sso_code';
const s = useProductBrowser({ TMS_SSO: '1', TMS_SSO_LOGIN_URL: `${LOGIN_URL}?back={redirect}`, TMS_SSO_COOKIE: COOKIE });

/** A one-time code, asked for by a signed-in application the way the server's own test does. */
async function ssoCode(): Promise<string> {
  const r = await s.server.api<{ data: { code: string } }>('POST', '/api/auth/sso/code', undefined, await s.server.adminToken());
  expect(r.status).toBe(200);
  return r.json.data.code;
}

/** The external sign-in site, answered in the browser; when it was asked for (ms since epoch). */
async function fakeSignInSite(page: Page): Promise<{ at: () => number | null; url: () => string | null }> {
  let at: number | null = null;
  let url: string | null = null;
  await page.route(`${LOGIN_URL}**`, async (route) => {
    at ??= Date.now();
    url ??= route.request().url();
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>SSO</title><h1>Company sign-in</h1>' });
  });
  return { at: () => at, url: () => url };
}

/** Lets the real answer of getToken through, noting when the browser is handed it. */
async function watchExchange(page: Page): Promise<{ at: () => number | null; bodies: unknown[] }> {
  let at: number | null = null;
  const bodies: unknown[] = [];
  await page.route('**/api/auth/getToken', async (route) => {
    bodies.push(route.request().postDataJSON());
    const res = await route.fetch();
    at = Date.now();
    await route.fulfill({ response: res });
  });
  return { at: () => at, bodies };
}

async function codeCookie(ctx: BrowserContext) {
  return (await ctx.cookies()).find((c) => c.name === COOKIE);
}

describe('single sign-on', () => {
  it('the page served carries the run-time setting', async () => {
    const html = await (await fetch(`${s.server.url}/welcome`)).text();
    expect(html).toContain('<meta name="tms-config"');
    expect(html).toContain('&quot;enabled&quot;:true');
    // index.html asked for by name carries it too
    expect(await (await fetch(`${s.server.url}/index.html`)).text()).toContain('<meta name="tms-config"');
  });

  it('exchanges the cookie code for a token and opens the page asked for', async () => {
    const { ctx, page } = await newPage(s.browser);
    try {
      const code = await ssoCode();
      const site = await fakeSignInSite(page);
      const exchange = await watchExchange(page);
      await ctx.addCookies([{ name: COOKIE, value: code, url: s.server.url }]);
      await page.goto(`${s.server.url}/system/dict?pageSize=20`);
      await page.locator('.ant-table-row').first().waitFor();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/system/dict?pageSize=20');
      await page.getByTestId('user-area').waitFor();
      await shot(page, 'sso-signed-in');
      expect(exchange.bodies).toEqual([{ code }]);
      // signed in with a token of its own, for the admin who asked for the code
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')!).value as string);
      expect(token).not.toBe(await s.server.adminToken());
      const info = await s.server.api<{ data: { userName: string } }>('GET', '/api/system/user/info', undefined, token);
      expect(info.json.data.userName).toBe('admin');
      // the code cookie is gone, and the code cannot be used again
      expect(await codeCookie(ctx)).toBeUndefined();
      expect((await s.server.api('POST', '/api/auth/getToken', { code })).status).toBe(401);
      expect(site.at()).toBeNull();
    } finally {
      await ctx.close();
    }
  });

  it('a bad code says so, then goes to the external sign-in page after 1.5 s', async () => {
    const { ctx, page } = await newPage(s.browser);
    try {
      const site = await fakeSignInSite(page);
      const exchange = await watchExchange(page);
      await ctx.addCookies([{ name: COOKIE, value: 'not-a-code-we-gave', url: s.server.url }]);
      await page.goto(`${s.server.url}/account/center`);
      const failed = page.getByTestId('sso-failed');
      await failed.waitFor();
      await expect.poll(() => failed.textContent()).toContain('单点登录失败');
      // the server's reason, in the page's language
      expect(await page.getByTestId('sso-failed-reason').textContent()).toBe('登录已过期，请重新登录');
      expect(await failed.textContent()).toContain('正在跳转到登录页');
      await shot(page, 'sso-failed');
      expect(await codeCookie(ctx)).toBeUndefined();
      await page.waitForURL((u) => u.href.startsWith(LOGIN_URL));
      await page.getByText('Company sign-in').waitFor();
      // the address asked for goes along; the move waited the 1.5 s after the answer reached the browser
      expect(new URL(site.url()!).searchParams.get('back')).toBe(`${s.server.url}/account/center`);
      expect(site.at()! - exchange.at()!).toBeGreaterThanOrEqual(1500);
      expect(exchange.bodies).toEqual([{ code: 'not-a-code-we-gave' }]);
    } finally {
      await ctx.close();
    }
  });

  it('without a code (e.g. after logging out) goes to the external sign-in page, in English too', async () => {
    const { ctx, page } = await newPage(s.browser);
    try {
      const site = await fakeSignInSite(page);
      const exchange = await watchExchange(page);
      await ctx.addCookies([{ name: 'lang', value: 'en-US', url: s.server.url }]);
      await page.goto(`${s.server.url}/welcome`);
      await page.getByTestId('sso-failed').waitFor();
      expect(await page.getByTestId('sso-failed').textContent()).toContain('Single sign-on failed');
      expect(await page.getByTestId('sso-failed-reason').textContent()).toBe('No sign-on code was found: please sign in again.');
      await page.waitForURL((u) => u.href.startsWith(LOGIN_URL));
      expect(site.url()).toContain(encodeURIComponent(`${s.server.url}/welcome`));
      // nothing to exchange: the server was not asked
      expect(exchange.bodies).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
