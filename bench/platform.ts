/**
 * Platform benchmarks (issue: platform). Run: `npm run bench` (needs a PostgreSQL server for the
 * list-vs-SQL figure: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * the web must be built: `npm run build`, or BENCH_WEB_DIST names another build folder; BENCH_ONLY=browser measures
 * only the browser figures). Prints a Markdown table to paste into bench/README.md.
 *
 * Figures:
 * - cold start to first served page (fresh data dir, embedded PGlite: migrations + seed + listen + GET /)
 * - login round trip p50 / p95 (captcha off, includes the argon2id check)
 * - generic list request vs the raw SQL of the same query (p50 ratio), 100 000 rows in the table
 * - JavaScript (gzip) loaded by /user/login and by /welcome
 * - a resource list page rendering 50 rows in headless Chromium
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';

const ROOT = new URL('..', import.meta.url).pathname;
/** the built web app the server serves and the JS figures read (BENCH_WEB_DIST: another build folder) */
const WEB_DIST = process.env.BENCH_WEB_DIST ?? join(ROOT, 'apps/web/dist');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const results: [string, string, string][] = [];
/** BENCH_ONLY=browser: only the browser figures (bundle sizes, list page), on a fresh database */
const ONLY = process.env.BENCH_ONLY ?? '';

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function startServer(env: Record<string, string>, port: number): Promise<{ proc: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TMS_WEB_DIST: WEB_DIST, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/user/login`);
      if (r.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - t0 > 120_000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 25));
  }
  return { proc, ms: performance.now() - t0 };
}

async function stop(proc: ChildProcess) {
  proc.kill('SIGTERM');
  await new Promise((r) => proc.once('exit', r));
}

async function login(base: string): Promise<string> {
  const r = await fetch(`${base}/api/auth/login/slide`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const j = (await r.json()) as { data: { token: string } };
  return j.data.token;
}

async function coldStartAndLogin() {
  const dir = mkdtempSync(join(tmpdir(), 'tms-bench-'));
  try {
    const first = await startServer({ TMS_DATA_DIR: dir, TMS_CAPTCHA: 'off' }, 8131);
    results.push(['Cold start to first page, empty data dir (PGlite: migrate + seed)', `${first.ms.toFixed(0)} ms`, '']);
    const base = 'http://127.0.0.1:8131';
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const t = performance.now();
      await login(base);
      times.push(performance.now() - t);
    }
    results.push(['Login round trip p50 / p95 (argon2id 19 MiB, t=2)', `${pct(times, 50).toFixed(1)} / ${pct(times, 95).toFixed(1)} ms`, 'target p50 ≤ 100 ms']);
    await stop(first.proc);
    const second = await startServer({ TMS_DATA_DIR: dir, TMS_CAPTCHA: 'off' }, 8131);
    results.push(['Warm start to first page, existing data dir', `${second.ms.toFixed(0)} ms`, '']);
    await stop(second.proc);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function listVsSql() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `tms_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const srv = await startServer({ DATABASE_URL: url, TMS_CAPTCHA: 'off' }, 8132);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    if (ONLY === 'browser') {
      await db.query(`insert into sys_dispatch_center(code, name, create_by) select 'B' || g, 'Bench center ' || g, 'bench' from generate_series(1, 60) g`);
      await browserFigures('http://127.0.0.1:8132', await login('http://127.0.0.1:8132'));
      return;
    }
    await db.query(`insert into sys_dict_data(dict_type, dict_label, dict_value, dict_sort, create_by)
      select 'bench_' || (g % 50), 'label ' || g, 'v' || g, g % 1000, 'bench' from generate_series(1, 100000) g`);
    await db.query('analyze sys_dict_data');
    const base = 'http://127.0.0.1:8132';
    const token = await login(base);
    const url1 = `${base}/api/system/dict/data/list?pageNum=3&pageSize=20&dictType=bench_7&dictLabel=label`;
    const sql = `select *, count(*) over() as __total from "sys_dict_data" where "dict_type" = $1 and "dict_label"::text ilike $2 order by "dict_sort" asc, "id" asc limit $3 offset $4`;
    const params = ['bench_7', '%label%', 20, 40];
    const api: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < 60; i++) {
      let t = performance.now();
      const r = await fetch(url1, { headers: { authorization: `Bearer ${token}` } });
      await r.json();
      api.push(performance.now() - t);
      t = performance.now();
      await db.query(sql, params);
      raw.push(performance.now() - t);
    }
    const a = pct(api.slice(10), 50);
    const s = pct(raw.slice(10), 50);
    results.push(['Generic list (100 000 rows, filter + sort + page 3) p50: HTTP / raw SQL', `${a.toFixed(2)} / ${s.toFixed(2)} ms = ${(a / s).toFixed(2)}×`, 'target ≤ 3×']);
    // the list page in Chromium: 50 rows
    await db.query(`insert into sys_dispatch_center(code, name, create_by) select 'B' || g, 'Bench center ' || g, 'bench' from generate_series(1, 60) g`);
    await browserFigures(base, token);
  } finally {
    await db.end();
    await stop(srv.proc);
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}

async function browserFigures(base: string, token: string) {
  const { chromium } = await import('playwright-core');
  type Request = import('playwright-core').Request;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const measure = async (path: string, auth: boolean) => {
      const ctx = await browser.newContext();
      if (auth) {
        await ctx.addInitScript((t) => localStorage.setItem('Access-Token', JSON.stringify({ value: t, expires: Date.now() + 3600e3 })), token);
      }
      const page = await ctx.newPage();
      // every .js the page requested, gzipped from the built files (response bodies of preloads are not always readable)
      // each file's first request; its browser-side start time splits off what the shell's idle prefetch loads
      const seen = new Map<string, Request>();
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname.endsWith('.js') && !seen.has(u.pathname)) seen.set(u.pathname, r);
      });
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(2000); // the user area and idle prefetches
      // app/idle.ts marks 'tms-prefetch' when the idle prefetch starts (none on the login page)
      const mark = (await page.evaluate(`(() => { const m = performance.getEntriesByName('tms-prefetch')[0]; return m ? performance.timeOrigin + m.startTime : null; })()`)) as number | null;
      await ctx.close();
      let all = 0;
      let first = 0;
      for (const [p, r] of seen) {
        const at = r.timing().startTime; // epoch ms, as performance.timeOrigin
        const gz = gzipSync(readFileSync(join(WEB_DIST, p))).length;
        all += gz;
        if (mark === null || at < mark) first += gz;
      }
      return { all: all / 1024, first: first / 1024 };
    };
    const login = await measure('/user/login', false);
    const welcome = await measure('/welcome', true);
    results.push(['JavaScript loaded by /user/login (gzip)', `${login.all.toFixed(0)} KB`, 'target ≤ 250 KB']);
    results.push(['JavaScript loaded by /welcome with the shell, before the idle prefetch (gzip)', `${welcome.first.toFixed(0)} KB`, 'target ≤ 500 KB']);
    results.push(['same, including the idle prefetch of the list-page code', `${welcome.all.toFixed(0)} KB`, '']);

    const ctx = await browser.newContext();
    await ctx.addInitScript((t) => localStorage.setItem('Access-Token', JSON.stringify({ value: t, expires: Date.now() + 3600e3 })), token);
    const page = await ctx.newPage();
    await page.goto(base + '/welcome', { waitUntil: 'networkidle' });
    await page.getByTestId('user-area').waitFor();
    await page.waitForTimeout(3000); // idle prefetch of the list page code
    // in-app navigation, as a click in the menu does: welcome → the list page with 50 rows
    const go = (path: string) =>
      page.evaluate((p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      await go('/welcome');
      await page.getByTestId('welcome').waitFor();
      const t = performance.now();
      await go('/system/dispatchCenter?pageSize=50');
      await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length >= 50, null, { timeout: 30_000, polling: 16 });
      times.push(performance.now() - t);
    }
    results.push(['Resource list page, in-app navigation → 50 rows visible (median of 5; includes the list request)', `${pct(times, 50).toFixed(0)} ms`, 'target ≤ 300 ms']);
    const full: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await page.goto(base + '/system/dispatchCenter?pageSize=50', { waitUntil: 'commit' });
      await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length >= 50, null, { timeout: 30_000 });
      full.push(performance.now() - t);
    }
    results.push(['Same page by full page load (boot, user info, menu, code, list)', `${pct(full, 50).toFixed(0)} ms`, '']);
    await ctx.close();
  } finally {
    await browser.close();
  }
}

if (ONLY !== 'browser') await coldStartAndLogin();
await listVsSql();
console.log('\n| figure | measured | note |\n| --- | --- | --- |');
for (const [a, b, c] of results) console.log(`| ${a} | ${b} | ${c} |`);
