/**
 * The usual setting of a browser test file: the product on a fresh database, Chromium, and the admin
 * logged in on one page. Call at the top of the file; the members are set once beforeAll has run.
 * For files that log in themselves: useBrowserSession (one page, nobody logged in) and
 * useProductBrowser (no page; the file opens its own).
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startProduct, type ProductServer } from './server.ts';
import { launch, newPage } from './browser.ts';
import { snap } from './snap.ts';
import { LoginPage } from '../pages/login-page.ts';

export interface ProductBrowser {
  server: ProductServer;
  browser: Browser;
}

export interface BrowserSession extends ProductBrowser {
  ctx: BrowserContext;
  page: Page;
}

export type AdminSession = BrowserSession;

export interface SessionOptions {
  /** the page's default timeout (15 s otherwise), set before anything runs on the page */
  timeout?: number;
  /** a screenshot of the page when a test fails: `true` names it after the test, a function names it itself */
  failureShots?: boolean | ((testName: string) => string);
}

/** Opens the login page, logs in and waits for the welcome page. */
export async function logIn(page: Page, baseUrl: string, user = 'admin', password = 'admin123'): Promise<void> {
  const login = new LoginPage(page, baseUrl);
  await login.open();
  await login.login(user, password);
  await page.waitForURL(/\/welcome/);
}

function session(env: Record<string, string>, withPage: boolean, admin: boolean, opts: SessionOptions): BrowserSession {
  const s = {} as BrowserSession;
  beforeAll(async () => {
    s.server = await startProduct(env);
    s.browser = await launch();
    if (!withPage) return;
    Object.assign(s, await newPage(s.browser));
    if (opts.timeout) s.page.setDefaultTimeout(opts.timeout);
    if (admin) await logIn(s.page, s.server.url);
  });
  const { failureShots } = opts;
  if (withPage && failureShots) {
    const name = failureShots === true ? (n: string) => `FAILED-${n.slice(0, 40).replace(/[^\w]+/g, '-')}` : failureShots;
    afterEach(async (t) => {
      if (t.task.result?.state === 'fail' && s.page) await snap(s.page, name(t.task.name)).catch(() => undefined);
    });
  }
  afterAll(async () => {
    await s.ctx?.close();
    await s.browser?.close();
    await s.server?.stop();
  });
  return s;
}

/** The product and Chromium, without a page: the file opens its own (newPage(s.browser)). */
export function useProductBrowser(env: Record<string, string> = {}): ProductBrowser {
  return session(env, false, false, {});
}

/** The product, Chromium and one page, with nobody logged in. */
export function useBrowserSession(env: Record<string, string> = {}, opts: SessionOptions = {}): BrowserSession {
  return session(env, true, false, opts);
}

/** The product, Chromium and one page with the admin logged in (on /welcome). */
export function useAdminSession(env: Record<string, string> = {}, opts: SessionOptions = {}): AdminSession {
  return session(env, true, true, opts);
}
