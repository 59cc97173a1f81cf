/**
 * The usual setting of a browser test file: the product on a fresh database, Chromium, and the admin
 * logged in on one page. Call at the top of the file; the members are set once beforeAll has run.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startProduct, type ProductServer } from './server.ts';
import { launch, newPage } from './browser.ts';
import { LoginPage } from '../pages/login-page.ts';

export interface AdminSession {
  server: ProductServer;
  browser: Browser;
  ctx: BrowserContext;
  page: Page;
}

export function useAdminSession(env: Record<string, string> = {}): AdminSession {
  const s = {} as AdminSession;
  beforeAll(async () => {
    s.server = await startProduct(env);
    s.browser = await launch();
    Object.assign(s, await newPage(s.browser));
    const login = new LoginPage(s.page, s.server.url);
    await login.open();
    await login.login('admin', 'admin123');
    await s.page.waitForURL(/\/welcome/);
  });
  afterAll(async () => {
    await s.ctx?.close();
    await s.browser?.close();
    await s.server?.stop();
  });
  return s;
}
