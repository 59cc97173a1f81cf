/**
 * The usual setting of a browser test file: the product and Chromium — the worker's own, shared by the
 * files it runs (sharedProduct(), sharedBrowser(): issue 12), unless the file needs settings of its own
 * (env) or a database nobody else wrote to (ownServer) — and for each test a page of its own in a new browser context (no cookie, storage, tab bar,
 * language or layout setting left by another test). Call at the top of the file; `server` and
 * `browser` are set once beforeAll has run, `ctx` and `page` before each test (and closed after it).
 * useAdminSession: the page's context carries a new session of the admin (its cookie, as the login
 * page leaves it); the page is blank, the test opens what it needs.
 * useBrowserSession: nobody signed in. useProductBrowser: no page; the file opens its own.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sharedProduct, startProduct, type ProductServer } from './server.ts';
import { newPage, sharedBrowser, writePageLoads } from './browser.ts';
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
  /**
   * a server of the file's own on a fresh database instead of the worker's shared one, for a file whose data cannot
   * be kept apart from another's: the money files (rating, reports, settlement, portal) each make the one effective
   * contract of the seeded client C001 for this period and its statements. A file with env settings always has its own
   */
  ownServer?: boolean;
}

/** Opens the login page, logs in and waits for the welcome page. */
export async function logIn(page: Page, baseUrl: string, user = 'admin', password = 'admin123'): Promise<void> {
  const login = new LoginPage(page, baseUrl);
  await login.open();
  await login.login(user, password);
  await page.waitForURL(/\/welcome/);
}

/**
 * A new browser context and page signed in as `user` with a session of its own (through the login
 * API, then the session cookie the login page would have written): what a test needs before it
 * opens a screen, without going through the login page each time.
 */
export async function signedInPage(browser: Browser, server: ProductServer, user = 'admin', password = 'admin123'): Promise<{ ctx: BrowserContext; page: Page; token: string }> {
  const token = await within(60_000, `the sign-in of ${user} (captcha image, its answer, login)`, server.signIn(user, password));
  const { ctx, page } = await within(60_000, 'a new browser context and page', newPage(browser));
  await within(60_000, 'the session cookie', ctx.addCookies([{ name: 'Access-Token', value: token, url: server.url }]));
  return { ctx, page, token };
}

/**
 * `work`, or a failure naming it once it took longer than `ms`: a step of a test's set-up that never ends (a CI run once
 * timed out in this set-up after 180 s, the hook's whole time-out, without saying which step) says which it was.
 */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done after ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What a page shows, in a line: its address, its open dialogs and drawers (title, alerts, field errors, buttons busy
 * or disabled), its messages and notifications, and a spinner still spinning.
 */
export async function pageState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const shown = (e: Element) => e.getClientRects().length > 0;
      const text = (e: Element) => ((e as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 160);
      const all = (root: ParentNode, sel: string) => [...root.querySelectorAll(sel)].filter(shown).map(text).filter(Boolean);
      const dialogs = [...document.querySelectorAll('.ant-modal-wrap, .ant-drawer-open')].filter(shown).map((d) => {
        const title = all(d, '.ant-modal-title, .ant-drawer-title')[0] ?? '(untitled)';
        const alerts = all(d, '.ant-alert');
        const errors = all(d, '.ant-form-item-explain-error');
        const busy = [...d.querySelectorAll('button')].filter((b) => shown(b) && (b.disabled || b.classList.contains('ant-btn-loading'))).map(text);
        return `[${title}${alerts.length ? `; alerts: ${alerts.join(' | ')}` : ''}${errors.length ? `; field errors: ${errors.join(' | ')}` : ''}${busy.length ? `; buttons busy or disabled: ${busy.join(' | ')}` : ''}]`;
      });
      const messages = all(document, '.ant-message-notice, .ant-notification-notice');
      const spinning = document.querySelectorAll('.ant-spin-spinning, .ant-btn-loading').length;
      return `${location.pathname}${location.search}; dialogs: ${dialogs.join(' ') || 'none'}; messages: ${messages.join(' | ') || 'none'}; spinning: ${spinning}`;
    })
    .catch((e: Error) => `(not read: ${e.message.split('\n')[0]})`);
}

function session(env: Record<string, string>, withPage: boolean, admin: boolean, opts: SessionOptions): BrowserSession {
  const s = {} as BrowserSession;
  beforeAll(async () => {
    s.server = Object.keys(env).length || opts.ownServer ? await startProduct(env) : await sharedProduct();
    s.browser = await sharedBrowser();
  });
  if (withPage) {
    beforeEach(async () => {
      Object.assign(s, admin ? await signedInPage(s.browser, s.server) : await within(60_000, 'a new browser context and page', newPage(s.browser)));
      if (opts.timeout) s.page.setDefaultTimeout(opts.timeout);
    });
    const { failureShots } = opts;
    const name = failureShots === true ? (n: string) => `FAILED-${n.slice(0, 40).replace(/[^\w]+/g, '-')}` : failureShots;
    afterEach(async (t) => {
      if (t.task.result?.state === 'fail' && s.page) {
        // what the page showed when the test failed, in the run's log (a CI run keeps its log, not its screenshots)
        console.log(`the page when "${t.task.name}" failed: ${await pageState(s.page)}`);
        if (name) await snap(s.page, name(t.task.name)).catch(() => undefined);
      }
      // requests still in flight through a route would otherwise fail after the context is gone
      await s.page?.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined);
      await s.ctx?.close();
    });
  }
  afterAll(async () => {
    writePageLoads();
    // the worker's Chromium stays for its next file, as does its shared server (stop() leaves that one running)
    await s.server?.stop();
  });
  return s;
}

/** The product and Chromium, without a page: the file opens its own (newPage(s.browser)). */
export function useProductBrowser(env: Record<string, string> = {}, opts: Pick<SessionOptions, 'ownServer'> = {}): ProductBrowser {
  return session(env, false, false, opts);
}

/** The product, Chromium and, for each test, a page of its own with nobody logged in. */
export function useBrowserSession(env: Record<string, string> = {}, opts: SessionOptions = {}): BrowserSession {
  return session(env, true, false, opts);
}

/** The product, Chromium and, for each test, a page of its own with a new session of the admin (a blank page: the test opens its screen). */
export function useAdminSession(env: Record<string, string> = {}, opts: SessionOptions = {}): AdminSession {
  return session(env, true, true, opts);
}
