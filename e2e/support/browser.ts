/** Headless Chromium (Debian's /usr/bin/chromium) driven by playwright-core. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SHOTS = new URL('../../.test-artifacts/e2e/', import.meta.url).pathname;

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

const BROWSER = Symbol.for('tms.e2e.sharedBrowser');
type WithBrowser = typeof globalThis & { [BROWSER]?: Promise<Browser> };

/**
 * The worker's Chromium, launched by its first browser file and kept for the next ones (each test has its
 * own context: no cookie or storage carries over). One that crashed is launched again.
 */
export async function sharedBrowser(): Promise<Browser> {
  const g = globalThis as WithBrowser;
  const running = await g[BROWSER]?.catch(() => null);
  if (running?.isConnected()) return running;
  g[BROWSER] = launch();
  return g[BROWSER];
}

export async function newPage(browser: Browser, lang = 'zh-CN'): Promise<{ ctx: BrowserContext; page: Page }> {
  // reduced motion, as a user may set it: antd's slides and fades are off, so a step waits for what it
  // needs (a row, a message) and never for an animation to end
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: lang, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  page.on('load', countLoad);
  return { ctx, page };
}

/**
 * Full loads of a document in the pages of newPage, by test (its name; '(hooks)' outside a test): each one starts the
 * web app anew (its JavaScript compiled, its styles generated), the largest CPU cost of a browser test (issue 12). A
 * move inside the app (a menu click, history.pushState) is no load. Written by the file's afterAll (writePageLoads)
 * and summed by the runner (scripts/test.mjs) into .test-artifacts/test-times.json.
 */
const pageLoads = new Map<string, number>();
function countLoad(): void {
  // named as vitest's JSON report names it (the describe blocks and the test, joined by spaces)
  const name = expect.getState().currentTestName?.replaceAll(' > ', ' ') ?? '(hooks)';
  pageLoads.set(name, (pageLoads.get(name) ?? 0) + 1);
}

/** Appends the file's page loads to .test-artifacts/e2e/page-loads.jsonl and starts counting anew (the worker's next file). */
export function writePageLoads(): void {
  const file = expect.getState().testPath;
  if (!file || !pageLoads.size) return;
  mkdirSync(SHOTS, { recursive: true });
  const root = new URL('../..', import.meta.url).pathname;
  appendFileSync(join(SHOTS, 'page-loads.jsonl'), `${JSON.stringify({ file: relative(root, file), tests: Object.fromEntries(pageLoads) })}\n`);
  pageLoads.clear();
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/**
 * Navigates inside the single-page app, as a menu link does (history entry + popstate: react-router follows): no new
 * load of the app (a full one costs 3.5–4.6 CPU-seconds of Chromium, bench/README.md).
 */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState({}, '', p);
    dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}
