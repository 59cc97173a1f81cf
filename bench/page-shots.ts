/**
 * Did a change of the web build change what the user sees? Screenshots of the same screens from two builds,
 * compared pixel by pixel (issue 12: antd's styles written ahead must look exactly like the generated ones).
 *
 *   BENCH_WEB_DIST=<before build>,<after build> npx tsx bench/page-shots.ts
 *
 * Each build is served by the built server on its own fresh embedded database (the same seed). In zh-CN and en-US,
 * with reduced motion (as the browser tests) and with motion (as most users), it shoots /user/login, /welcome,
 * /order/list, /baseinfo/carrier, /system/menu, the carrier list's create dialog, and the carrier list in the real-dark
 * page style and in another primary colour (themes generated at run time), each in a fresh context, and
 * counts the pixels that differ (Chromium decodes and compares the two PNGs). Shots and a diff image (differing
 * pixels in red) go to .test-artifacts/page-shots/. Prints one line per shot; exits 1 if any pixel differs.
 * Two loads of the same build differ by 0–95 scattered pixels (anti-aliasing; the captcha's picture is random).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startBuiltServer, type BuiltServer } from '../scripts/built-server.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const DISTS = (process.env.BENCH_WEB_DIST ?? '').split(',').filter(Boolean).map((d) => resolve(d.trim()));
if (DISTS.length !== 2) throw new Error('BENCH_WEB_DIST=<before build>,<after build>');
const OUT = join(ROOT, '.test-artifacts/page-shots');
/** BENCH_SHOTS=name,name: only those shots */
const ONLY = (process.env.BENCH_SHOTS ?? '').split(',').filter(Boolean);

interface Shot {
  name: string;
  path: string;
  auth: boolean;
  /** layout settings remembered in the browser (app/settings.ts): another theme, generated at run time */
  settings?: Record<string, unknown>;
  ready: (p: Page) => Promise<unknown>;
  then?: (p: Page) => Promise<unknown>;
}

const rows = (p: Page) => p.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
const SHOTS: Shot[] = [
  { name: 'login', path: '/user/login', auth: false, ready: (p) => Promise.all([p.getByTestId('login-submit').waitFor(), p.getByTestId('captcha-bg').waitFor()]) },
  { name: 'welcome', path: '/welcome', auth: true, ready: (p) => Promise.all([p.getByTestId('user-area').waitFor(), p.getByTestId('welcome').waitFor()]) },
  { name: 'order-list', path: '/order/list', auth: true, ready: rows },
  { name: 'carrier', path: '/baseinfo/carrier', auth: true, ready: rows },
  { name: 'menu', path: '/system/menu', auth: true, ready: rows },
  {
    name: 'carrier-add',
    path: '/baseinfo/carrier',
    auth: true,
    ready: rows,
    then: async (p) => {
      await p.locator('.ant-pro-table-list-toolbar .ant-btn-primary').first().click();
      await p.locator('.ant-modal-content, .ant-drawer-content').first().waitFor();
    },
  },
  { name: 'carrier-real-dark', path: '/baseinfo/carrier', auth: true, settings: { pageStyle: 'realDark' }, ready: rows },
  { name: 'carrier-dust', path: '/baseinfo/carrier', auth: true, settings: { colorPrimary: '#F5222D' }, ready: rows },
];

/** Waits until nothing moves on the page: no spinner, no pending request, the same screenshot twice. */
async function stable(page: Page): Promise<Buffer> {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), null, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  let last = await page.screenshot();
  for (let i = 0; i < 20; i++) {
    const next = await page.screenshot();
    if (next.equals(last)) return next;
    last = next;
  }
  return last;
}

async function shoot(browser: Browser, server: BuiltServer, s: Shot, lang: string, reduced: boolean): Promise<Buffer> {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: lang, reducedMotion: reduced ? 'reduce' : 'no-preference' });
  try {
    await ctx.addCookies([{ name: 'lang', value: lang, url: server.url }]);
    if (s.settings) await ctx.addInitScript((v) => localStorage.setItem('tms.layoutSettings', v), JSON.stringify(s.settings));
    if (s.auth) await ctx.addInitScript((t) => localStorage.setItem('Access-Token', JSON.stringify({ value: t, expires: Date.now() + 3600e3 })), server.token);
    const page = await ctx.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(server.url + s.path);
    await s.ready(page);
    await stable(page);
    if (s.then) await s.then(page);
    // the caret of a focused input blinks: hide it
    await page.addStyleTag({ content: '*{caret-color:transparent !important}' });
    return await stable(page);
  } finally {
    await ctx.close();
  }
}

/** Chromium decodes both PNGs and counts the differing pixels; returns the count and a diff PNG. */
async function compare(page: Page, a: Buffer, b: Buffer): Promise<{ differing: number; diff: Buffer }> {
  const r = await page.evaluate(
    async ([x, y]) => {
      // (no named helpers in here: tsx would wrap them in a __name() the page does not have)
      const bitmaps: ImageBitmap[] = [];
      for (const b64 of [x, y]) bitmaps.push(await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob()));
      const [ia, ib] = bitmaps as [ImageBitmap, ImageBitmap];
      const w = Math.max(ia.width, ib.width);
      const h = Math.max(ia.height, ib.height);
      const pixels: ImageData[] = [];
      for (const img of bitmaps) {
        const c = new OffscreenCanvas(w, h);
        const g2 = c.getContext('2d')!;
        g2.drawImage(img, 0, 0);
        pixels.push(g2.getImageData(0, 0, w, h));
      }
      const [da, db] = pixels as [ImageData, ImageData];
      const out = new OffscreenCanvas(w, h);
      const g = out.getContext('2d')!;
      g.drawImage(ia, 0, 0);
      g.fillStyle = 'rgba(255,255,255,0.7)';
      g.fillRect(0, 0, w, h);
      const diff = g.getImageData(0, 0, w, h);
      let differing = 0;
      for (let i = 0; i < da.data.length; i += 4) {
        if (da.data[i] !== db.data[i] || da.data[i + 1] !== db.data[i + 1] || da.data[i + 2] !== db.data[i + 2] || da.data[i + 3] !== db.data[i + 3]) {
          differing++;
          diff.data.set([255, 0, 0, 255], i);
        }
      }
      g.putImageData(diff, 0, 0);
      const blob = await out.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (const v of bytes) s += String.fromCharCode(v);
      return { differing, diff: btoa(s) };
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
  return { differing: r.differing, diff: Buffer.from(r.diff, 'base64') };
}

mkdirSync(OUT, { recursive: true });
const servers: BuiltServer[] = [];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--font-render-hinting=none'] });
let failed = 0;
try {
  for (const d of DISTS) servers.push(await startBuiltServer(d));
  const cmp = await (await browser.newContext()).newPage();
  for (const lang of ['zh-CN', 'en-US']) {
    for (const reduced of [true, false]) {
      for (const s of SHOTS.filter((x) => !ONLY.length || ONLY.includes(x.name))) {
        const [a, b] = [await shoot(browser, servers[0]!, s, lang, reduced), await shoot(browser, servers[1]!, s, lang, reduced)];
        const name = `${s.name}-${lang}-${reduced ? 'reduced' : 'motion'}`;
        writeFileSync(join(OUT, `${name}-before.png`), a);
        writeFileSync(join(OUT, `${name}-after.png`), b);
        const { differing, diff } = await compare(cmp, a, b);
        if (differing) {
          failed++;
          writeFileSync(join(OUT, `${name}-diff.png`), diff);
        }
        console.log(`${name.padEnd(36)} ${differing} differing pixels`);
      }
    }
  }
} finally {
  await browser.close();
  for (const s of servers) await s.stop();
}
process.exitCode = failed ? 1 : 0;
