/**
 * Loading the web app in a fresh browser context (issue 12): renderer CPU and wall time per page load.
 * Run: `npm run bench:page-load` (needs the web built: `npm run build`; Chromium at /usr/bin/chromium or CHROMIUM_PATH).
 *
 * For each build folder (BENCH_WEB_DIST: one folder, or several separated by commas, e.g. a "before" build and
 * apps/web/dist) it starts the built server (apps/server/dist/main.js) on a fresh embedded PGlite folder (a copy of
 * the template `npm ci` made), then, BENCH_RUNS times (default 10) and alternating between the builds, opens each
 * scenario in a NEW browser context (nothing cached, as every browser test does):
 *   login    /user/login until the sign-in button and the captcha show
 *   welcome  /welcome with a token, until the user area and the welcome page show (the shell is ready)
 *   list     /system/user with a token, until its rows show (a generic resource list page)
 * and reads Chrome's own counters of that page (CDP Performance.getMetrics: TaskDuration = main-thread busy time,
 * ScriptDuration = JavaScript, RecalcStyleDuration, LayoutDuration) at the moment the page is ready.
 * BENCH_LANG (default zh-CN) is the browser's language; BENCH_MOTION=1 leaves motion on (the tests ask for reduced motion).
 * Prints median and p90 per build and scenario as a Markdown table, and the load average before and after.
 */
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startBuiltServer, type BuiltServer } from '../scripts/built-server.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const DISTS = (process.env.BENCH_WEB_DIST ?? join(ROOT, 'apps/web/dist')).split(',').map((d) => resolve(d.trim()));
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const LANG = process.env.BENCH_LANG ?? 'zh-CN';
const MOTION = process.env.BENCH_MOTION === '1';

type Server = BuiltServer;

type Scenario = 'login' | 'welcome' | 'list';
const SCENARIOS: Scenario[] = ['login', 'welcome', 'list'];
const READY: Record<Scenario, { path: string; auth: boolean; ready: (p: Page) => Promise<unknown> }> = {
  login: {
    path: '/user/login',
    auth: false,
    ready: (p) => Promise.all([p.getByTestId('login-submit').waitFor(), p.getByTestId('captcha-bg').waitFor()]),
  },
  welcome: {
    path: '/welcome',
    auth: true,
    ready: (p) => Promise.all([p.getByTestId('user-area').waitFor(), p.getByTestId('welcome').waitFor()]),
  },
  list: {
    path: '/system/user',
    auth: true,
    ready: (p) => p.locator('.ant-table-tbody tr.ant-table-row').first().waitFor(),
  },
};

interface Sample {
  wall: number;
  task: number;
  script: number;
  style: number;
  layout: number;
}

async function measure(browser: Browser, server: Server, sc: Scenario): Promise<Sample> {
  const spec = READY[sc];
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: LANG, reducedMotion: MOTION ? 'no-preference' : 'reduce' });
  try {
    if (spec.auth) {
      await ctx.addInitScript((t) => localStorage.setItem('Access-Token', JSON.stringify({ value: t, expires: Date.now() + 3600e3 })), server.token);
    }
    const page = await ctx.newPage();
    page.setDefaultTimeout(60_000);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const metrics = async () => {
      const { metrics: m } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(m.map((x) => [x.name, x.value])) as Record<string, number>;
    };
    const before = await metrics();
    const t0 = performance.now();
    await page.goto(server.url + spec.path, { waitUntil: 'commit' });
    await spec.ready(page);
    const wall = performance.now() - t0;
    const after = await metrics();
    const d = (k: string) => ((after[k] ?? 0) - (before[k] ?? 0)) * 1000;
    return { wall, task: d('TaskDuration'), script: d('ScriptDuration'), style: d('RecalcStyleDuration'), layout: d('LayoutDuration') };
  } finally {
    await ctx.close();
  }
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const loadBefore = loadavg();
const started = new Date().toISOString();
const servers: Server[] = [];
let browser: Browser | null = null;
try {
  for (const d of DISTS) servers.push(await startBuiltServer(d));
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const samples = servers.map(() => new Map<Scenario, Sample[]>(SCENARIOS.map((s) => [s, []])));
  // one warm-up load per build and scenario (the server's first answers, Chromium's first process), not counted
  for (const [i, s] of servers.entries()) for (const sc of SCENARIOS) await measure(browser, s, sc).catch((e) => console.error(DISTS[i], sc, e));
  for (let run = 0; run < RUNS; run++) {
    for (const sc of SCENARIOS) {
      // alternate the builds, and which goes first
      const order = servers.map((_, i) => i);
      if (run % 2) order.reverse();
      for (const i of order) samples[i]!.get(sc)!.push(await measure(browser, servers[i]!, sc));
    }
    process.stderr.write(`run ${run + 1}/${RUNS} (load ${loadavg()})\n`);
  }
  console.log(`\npage loads in fresh contexts, ${RUNS} runs alternating, ${LANG}${MOTION ? ', motion on' : ', reduced motion'}; ${started}; load before ${loadBefore}, after ${loadavg()}`);
  console.log('\n| build | page | wall median / p90 | main-thread tasks median / p90 | script median / p90 | style recalc median | layout median |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const f = (xs: number[]) => `${pct(xs, 50).toFixed(0)} / ${pct(xs, 90).toFixed(0)} ms`;
  for (const sc of SCENARIOS) {
    for (const [i, d] of DISTS.entries()) {
      const xs = samples[i]!.get(sc)!;
      const label = basename(d) === 'dist' ? basename(resolve(d, '../../..')) + '/' + basename(d) : basename(d);
      console.log(
        `| ${label} | ${READY[sc].path} | ${f(xs.map((x) => x.wall))} | ${f(xs.map((x) => x.task))} | ${f(xs.map((x) => x.script))} | ${pct(xs.map((x) => x.style), 50).toFixed(0)} ms | ${pct(xs.map((x) => x.layout), 50).toFixed(0)} ms |`,
      );
    }
  }
} finally {
  await browser?.close();
  for (const s of servers) await s.stop();
}
