/**
 * Generates apps/web/antd-static/{reduced-motion,motion}.css: the styles antd's css-in-js (and pro-components') generates in the
 * browser for the product's default look, written once as a static style sheet with antd's "cache path" map
 * (`.data-ant-cssinjs-cache-path{content:"path:hash;…"}`), so that on a page load `useStyleRegister` finds each
 * component's style already there and skips generating it (issue 12: it was a large part of the renderer's
 * JavaScript on every fresh page). See bench/README.md "Loading the web app: renderer CPU per fresh page".
 *
 *   npm run build && npx tsx scripts/antd-styles.ts && npm run build
 *
 * How: the built product on a fresh embedded database; Chromium opens the sign-in page, the welcome page and every
 * screen of the admin's menu (in-app navigation, as a menu click) with the create dialog of its toolbar, with the
 * page's `__tmsStyleCapture` flag set, so App.tsx hands out antd's style cache. After each screen the script reads
 * the cache's style entries (path → style id) and the <style> nodes css-in-js wrote into <head> (their text, in
 * their order). Twice: with reduced motion (the browser tests, and users who ask for it: antd's `motion` token off)
 * and without; the build links each file with the matching `media` (apps/web/vite.config.ts `antdStaticStyles`), so
 * only the matching one applies and answers. The files are served as they are (not minified: pro-components writes
 * a few rules that are not valid CSS, which the browser drops as it does at run time).
 *
 * Only styles scoped by their theme's class hash are written: pro-components' (the layout, the table's toolbar, the
 * query filter…) and the icons' rules have no hash, so they stay generated at run time, where each theme's replace
 * the other's. Anything else (another primary colour, the dark page style, a component no screen showed) is not in the map and
 * is generated at run time as before; its class hash differs, so the static rules never apply to it. The file
 * records the versions of antd, @ant-design/cssinjs and @ant-design/pro-components it was made with: when one
 * changes, apps/web/src/app/antd-static.test.ts fails until the file is generated again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startBuiltServer } from './built-server.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const OUT = join(ROOT, 'apps/web/antd-static');
const WEB_DIST = process.env.TMS_WEB_DIST ?? join(ROOT, 'apps/web/dist');
const version = (pkg: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
export const VERSIONS = { antd: version('antd'), cssinjs: version('@ant-design/cssinjs'), pro: version('@ant-design/pro-components') };

interface Snapshot {
  /** cache path (tokenKey|…|…) → style id, of the styles on the page that are not client-only */
  paths: [string, string][];
  /** every <style data-css-hash> of <head>, in document order: [hash, css] */
  nodes: [string, string][];
}

/** Reads antd's css-in-js cache and style nodes (App.tsx exposes the cache when `__tmsStyleCapture` is set). */
async function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const cache = (window as unknown as { __tmsStyleCache?: { cache: Map<string, [number, unknown[]]> } }).__tmsStyleCache;
    if (!cache) throw new Error('no style cache: App.tsx did not expose it');
    const paths: [string, string][] = [];
    for (const [key, [, value]] of cache.cache) {
      if (!key.startsWith('style%')) continue;
      const [, , styleId, , clientOnly] = value as [string, string, string, unknown, boolean];
      if (!clientOnly) paths.push([key.slice('style%'.length).replace(/%/g, '|'), styleId]);
    }
    const nodes = [...document.head.querySelectorAll('style[data-css-hash]')].map((s) => [s.getAttribute('data-css-hash')!, s.textContent ?? ''] as [string, string]);
    return { paths, nodes };
  });
}

/** Merges the nodes of a snapshot into the ordered list: a new node goes right after the last known one before it. */
function mergeNodes(into: [string, string][], nodes: [string, string][]) {
  const index = new Map(into.map(([h], i) => [h, i]));
  let at = -1;
  for (const [h, css] of nodes) {
    const known = index.get(h);
    if (known !== undefined) {
      if (into[known]![1] !== css) throw new Error(`style ${h} written with two different texts`);
      at = known;
      continue;
    }
    into.splice(at + 1, 0, [h, css]);
    at += 1;
    index.clear();
    into.forEach(([k], i) => index.set(k, i));
  }
}

async function settle(page: Page) {
  // the screen's lazy code and first requests: no spinner and no skeleton left (a generator, not a test: a screen
  // that never settles is captured as it is)
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-pro-table-list-toolbar-setting-item .anticon-spin'), null, { timeout: 20_000, polling: 100 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

async function capture(url: string, token: string, reduced: boolean): Promise<{ paths: Map<string, string>; nodes: [string, string][] }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const paths = new Map<string, string>();
  const nodes: [string, string][] = [];
  const take = async (page: Page) => {
    const s = await snapshot(page);
    for (const [p, id] of s.paths) paths.set(p, id);
    mergeNodes(nodes, s.nodes);
  };
  try {
    for (const lang of ['zh-CN', 'en-US']) {
      const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: lang, reducedMotion: reduced ? 'reduce' : 'no-preference' });
      await ctx.addInitScript(() => Object.assign(window, { __tmsStyleCapture: true }));
      // a build that already carries the static sheet: its map is renamed away, so every style is generated (and seen)
      await ctx.route('**/assets/*.css', async (route) => {
        const r = await route.fetch();
        await route.fulfill({ response: r, body: (await r.text()).replaceAll('.data-ant-cssinjs-cache-path{', '.tms-capture-off{') });
      });
      const page = await ctx.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(url + '/user/login');
      await page.getByTestId('login-submit').waitFor();
      await settle(page);
      await take(page);
      if (lang !== 'zh-CN') {
        await ctx.close();
        continue;
      }
      await page.evaluate((t) => localStorage.setItem('Access-Token', JSON.stringify({ value: t, expires: Date.now() + 3600e3 })), token);
      await page.goto(url + '/welcome');
      await page.getByTestId('welcome').waitFor();
      await settle(page);
      await take(page);
      const menu = (await (await fetch(url + '/api/system/menu/user', { headers: { authorization: `Bearer ${token}` } })).json()) as { data: Menu[] };
      const screens = leaves(menu.data);
      for (const [i, path] of screens.entries()) {
        process.stderr.write(`${reduced ? 'reduced motion' : 'motion'} ${i + 1}/${screens.length} ${path}\n`);
        await page.evaluate((p) => {
          history.pushState({}, '', p);
          dispatchEvent(new PopStateEvent('popstate', { state: {} }));
        }, path);
        await settle(page);
        await take(page);
        // the toolbar's create dialog (a form of the resource)
        const add = page.locator('.ant-pro-table-list-toolbar .ant-btn-primary').first();
        if (await add.isVisible().catch(() => false)) {
          await add.click().catch(() => undefined);
          const dialog = page.locator('.ant-modal-content, .ant-drawer-content').first();
          if (await dialog.waitFor({ timeout: 5_000 }).then(() => true, () => false)) {
            await settle(page);
            await take(page);
            await page.keyboard.press('Escape');
            await dialog.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
          }
        }
      }
      await ctx.close();
    }
  } finally {
    await browser.close();
  }
  return { paths, nodes };
}

interface Menu {
  path: string;
  menuType: string;
  target?: string | null;
  children?: Menu[];
}

function leaves(list: Menu[]): string[] {
  const out: string[] = [];
  const walk = (ms: Menu[]) => {
    for (const m of ms) {
      if (m.menuType === 'F') continue;
      const p = m.path.startsWith('/') ? m.path : `/${m.path}`;
      if (m.menuType === 'C' && !/^https?:/.test(m.path) && m.target !== '_blank' && !out.includes(p)) out.push(p);
      if (m.children) walk(m.children);
    }
  };
  walk(list);
  return out;
}

/** The captured styles whose paths are in the map, their effect styles (keyframes), and the map. */
function sheet(c: { paths: Map<string, string>; nodes: [string, string][] }): { css: string; count: number } {
  const ids = new Set<string>();
  const map: string[] = [];
  const text = new Map(c.nodes);
  for (const [p, id] of c.paths) {
    // the map is `path:hash;…` inside a CSS string: a path with one of those characters cannot be listed
    if (/[:;"\\]/.test(p) || !text.has(id)) continue;
    // only styles scoped by their theme's class hash (`:where(.css-…)`). pro-components' rules (the layout, the
    // table's toolbar…) and the icons' are not: written ahead, the default look's would also apply under another page
    // style (the light menu, real dark) and win over that theme's own, generated at run time before them in <head>
    if (!/\.css-[a-z0-9]+/.test(text.get(id)!)) continue;
    ids.add(id);
    map.push(`${p}:${id}`);
  }
  const body = c.nodes.filter(([h]) => ids.has(h) || h.startsWith('_effect-')).map(([, css]) => css);
  return { css: `${body.join('\n')}\n.data-ant-cssinjs-cache-path{content:"${map.join(';')}"}\n`, count: map.length };
}

const server = await startBuiltServer(WEB_DIST);
try {
  for (const [file, reduced, media] of [
    ['reduced-motion.css', true, '(prefers-reduced-motion: reduce)'],
    ['motion.css', false, '(prefers-reduced-motion: no-preference)'],
  ] as const) {
    const { css, count } = sheet(await capture(server.url, server.token, reduced));
    const head =
      `/* Generated by scripts/antd-styles.ts: do not edit. antd ${VERSIONS.antd}, @ant-design/cssinjs ${VERSIONS.cssinjs}, ` +
      `@ant-design/pro-components ${VERSIONS.pro}; ${count} styles, for <link media="${media}">. */\n`;
    writeFileSync(join(OUT, file), head + css);
    process.stderr.write(`wrote ${file}: ${count} styles, ${((head + css).length / 1024).toFixed(0)} KB\n`);
  }
} finally {
  await server.stop();
}
