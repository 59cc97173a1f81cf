/**
 * Trajectory benchmark (issue 6, shipments): a dispatch order with 50,000 positions is served by
 * GET /api/shipment/shipment/trajectory/{id}?zoom= and drawn by the playback page in headless Chromium.
 *
 * Run: `npx tsx bench/trajectory.ts` with a PostgreSQL server (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and the web built (BENCH_WEB_DIST, default apps/web/dist).
 * Prints a Markdown table for bench/README.md ("Trajectory").
 *
 * Figures:
 * - server: p50 of 10 requests per zoom level (points sent, JSON size), and without simplification
 * - browser: in-app navigation to /shipment/trajectory?id= → track drawn (first visit, which loads the
 *   page's code; then three other dispatch orders with the code loaded, median)
 */
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { startServer, ADMIN } from '../apps/server/test/helpers.ts';
import { insertPositions, reviewedWaybill } from '../apps/server/test/shipments-fixtures.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const POINTS = 50_000;
process.env.TEST_DATABASE_URL ||= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TMS_WEB_DIST ||= process.env.BENCH_WEB_DIST ?? join(ROOT, 'apps/web/dist');

const results: [string, string, string][] = [];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const s = await startServer();
  try {
    const token = await s.login(ADMIN.user, ADMIN.password);
    /** a shipped dispatch order with POINTS positions */
    const shipment = async () => {
      const w = await reviewedWaybill(s.db, { carrierCode: 'CR003' });
      const r = await s.api('POST', '/api/shipment/shipment/create', { token, body: { waybillIds: [w.id] } });
      const id = r.json.data.id as number;
      await s.db.query(`update tms_shipment set status = 'SHIPPED', atd = '2030-01-01T00:00:00Z' where id = $1`, [id]);
      await insertPositions(s.db, id, POINTS, '2030-01-01T00:00:00Z', 0.03);
      return id;
    };
    const a = await shipment();
    // fresh dispatch orders for the warm browser runs (the page caches what it loaded)
    const warmIds = [await shipment(), await shipment(), await shipment()];
    await s.db.query('analyze tms_position');

    // warm up (JIT, PostgreSQL buffers) before measuring
    for (let i = 0; i < 3; i++) await s.api('GET', `/api/shipment/shipment/trajectory/${a}`, { token, query: { zoom: 12 } });
    for (const zoom of [8, 10, 12, 14, 16, null]) {
      const times: number[] = [];
      let points = 0;
      let bytes = 0;
      for (let i = 0; i < 10; i++) {
        const t = performance.now();
        const r = await s.api('GET', `/api/shipment/shipment/trajectory/${a}`, { token, query: zoom === null ? {} : { zoom } });
        times.push(performance.now() - t);
        points = r.json.data.points.length;
        bytes = r.body.length;
      }
      results.push([`Server, zoom ${zoom ?? 'none (every point)'}: ${POINTS.toLocaleString('en')} → ${points.toLocaleString('en')} points, ${(bytes / 1024).toFixed(0)} KB JSON`, `${median(times).toFixed(0)} ms (p50 of 10)`, 'target < 2 s with drawing']);
    }

    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 } });
      await ctx.addInitScript((t) => localStorage.setItem('Access-Token', JSON.stringify({ value: t, expires: Date.now() + 3600e3 })), token);
      const page = await ctx.newPage();
      await page.goto(`${s.url}/welcome`, { waitUntil: 'networkidle' });
      await page.getByTestId('user-area').waitFor({ timeout: 60_000 });
      /** in-app navigation (what a menu click does) until the track is on the map, timed inside the page */
      const drawn = (id: number) =>
        page.evaluate(async ([path, id]) => {
          const t0 = performance.now();
          window.history.pushState({}, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
          for (;;) {
            await new Promise((r) => requestAnimationFrame(r));
            // the tab bar keeps earlier pages mounted: look for this dispatch order's player
            const el = document.querySelector(`[data-testid="trajectory-playback"][data-shipment="${id}"]`);
            const n = Number(el?.getAttribute('data-points') ?? 0);
            if (n > 0 && el?.querySelector('.leaflet-overlay-pane canvas, .leaflet-overlay-pane path')) break;
            if (performance.now() - t0 > 30_000) throw new Error('not drawn in 30 s');
          }
          await new Promise((r) => requestAnimationFrame(r));
          return performance.now() - t0;
        }, [`/shipment/trajectory?id=${id}`, id] as const);
      const away = () => page.evaluate(() => (window.history.pushState({}, '', '/welcome'), window.dispatchEvent(new PopStateEvent('popstate'))));
      const first = await drawn(a);
      results.push(['Browser: navigate → 50,000-point track drawn, first visit (loads the page code and Leaflet)', `${first.toFixed(0)} ms`, '< 2 s']);
      const warm: number[] = [];
      for (const id of warmIds) {
        await away();
        await page.waitForTimeout(300);
        warm.push(await drawn(id));
      }
      results.push(['Browser: navigate → 50,000-point track drawn, code loaded (median of 3)', `${median(warm).toFixed(0)} ms`, '< 2 s']);
    } finally {
      await browser.close();
    }
  } finally {
    await s.close();
  }
  console.log(`load average during the run: ${loadavg().map((x) => x.toFixed(1)).join(' / ')} (2 cores)`);
  console.log('| figure | measured | target |\n| --- | --- | --- |');
  for (const [f, m, t] of results) console.log(`| ${f} | ${m} | ${t} |`);
}

await main();
