/**
 * Live fleet monitor benchmark (issue 19): 10,000 vehicles with positions, the monitor page open in headless
 * Chromium, positions streaming in through the ingestion path at 1,000 a second.
 *
 * Run: `npm run bench:monitor` with a PostgreSQL server (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and the web built (BENCH_WEB_DIST, default apps/web/dist).
 * BENCH_VEHICLES (10000), BENCH_HISTORY (positions per vehicle before the run, 100), BENCH_RATE (positions a
 * second while streaming, 1000), BENCH_SECONDS (seconds of frames measured per view, 15).
 * Prints a Markdown table for bench/README.md ("Fleet monitor"); the screenshot goes to .test-artifacts/bench/.
 *
 * Figures:
 * - server: the newest position of every vehicle three ways — the kept row per vehicle
 *   (tms_vehicle_last_position, what the route reads), DISTINCT ON over the partitioned positions, and one
 *   index probe per vehicle (lateral … order by reported_at desc limit 1 on (vehicle_id, reported_at)); then
 *   GET /api/fleet/monitor for the 10,000 vehicles (p50 of 10) and its size
 * - the batch statement's cost: 100-row batches through ingestPositions, p50
 * - browser: in-app navigation → every vehicle drawn (first visit, which loads the page's code and Leaflet)
 * - while positions stream at BENCH_RATE a second (batches of 100 every 100 ms through ingestPositions, which
 *   publishes the 'fleet' events; the server gathers them per vehicle and sends the page one event a second):
 *   requestAnimationFrame deltas, p50 / p95 / max, the page zoomed out (clusters) and zoomed in (dots), with
 *   the live rows the page applied and the events it received per second
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { startServer, ADMIN } from '../apps/server/test/helpers.ts';
import { ingestPositions, refreshLastPositions, type PositionRow } from '../apps/server/src/modules/fleet/ingest.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const BATCH = 100;
process.env.TEST_DATABASE_URL ||= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TMS_WEB_DIST ||= process.env.BENCH_WEB_DIST ?? join(ROOT, 'apps/web/dist');

const results: [string, string, string][] = [];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
const load = () => loadavg().map((x) => x.toFixed(1)).join(' / ');

async function timed<T>(n: number, fn: () => Promise<T>): Promise<number> {
  await fn();
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  return pct(xs, 50);
}

async function main() {
  const s = await startServer();
  try {
    const token = await s.login(ADMIN.user, ADMIN.password);
    const t0 = performance.now();
    // vehicles around Shanghai, each with a finished dispatch order of SH01 (the monitor's scope), and their history
    await s.db.query(
      `insert into base_transport_means(carrier_id, code, plate_number, effective)
       select (select id from base_carrier where code = 'CR00' || (1 + i % 3)), 'BM' || lpad(i::text, 6, '0'), '沪B' || lpad(i::text, 5, '0'), true
         from generate_series(1, $1) i`,
      [VEHICLES],
    );
    await s.db.query(
      `insert into tms_shipment(dispatch_center_id, shipment_code, status, carrier_id, vehicle_id_main, create_by)
       select (select id from sys_dispatch_center where code = 'SH01'), 'BMS' || v.code, 'COMPLETED', v.carrier_id, v.id, 'bench'
         from base_transport_means v where v.code like 'BM%'`,
    );
    await s.db.query(
      // spread over 1.2° × 1.2°; a fifth stopped, one in 13 silent for an hour (offline), one in 97 with an emergency flag
      `insert into tms_position(vehicle_id, lng, lat, speed, direction, reported_at, received_at, source, alarm)
       select v.id, 120.8 + (v.id * 7919 % 997) / 997.0 * 1.2 + g * 0.0005, 30.7 + (v.id * 104729 % 991) / 991.0 * 1.2,
              case when v.id % 5 = 0 then 0 else 10 + (v.id + g) % 70 end, 90,
              now() - (${HISTORY} - g) * interval '30 second' - (v.id % 13 = 0)::int * interval '1 hour',
              now() - (${HISTORY} - g) * interval '30 second' - (v.id % 13 = 0)::int * interval '1 hour', 'APP',
              case when v.id % 97 = 0 then 1 else 0 end
         from base_transport_means v cross join generate_series(1, $1) g where v.code like 'BM%'`,
      [HISTORY],
    );
    await s.db.query('analyze');
    const positions = (await s.db.query<{ n: number }>('select count(*)::int as n from tms_position')).rows[0]!.n;
    const setup = performance.now() - t0;
    console.log(`setup done in ${(setup / 1000).toFixed(0)} s, ${positions} positions; load ${load()}`);

    // the newest position of every vehicle, three ways
    const kept = await timed(5, () => refreshLastPositions(s.db));
    results.push([`Refresh every vehicle's kept row from ${positions.toLocaleString('en')} positions (DISTINCT ON over the partitions; the demo seed's path, not the monitor's)`, `${kept.toFixed(0)} ms`, 'once']);
    const distinct = await timed(5, () => s.db.query(`select distinct on (vehicle_id) vehicle_id, lng, lat, speed, reported_at from tms_position where vehicle_id is not null order by vehicle_id, reported_at desc`));
    results.push([`Newest position of ${VEHICLES.toLocaleString('en')} vehicles by DISTINCT ON over tms_position (index vehicle_id, reported_at)`, `${distinct.toFixed(0)} ms (p50 of 5)`, 'rejected']);
    const lateral = await timed(5, () =>
      s.db.query(`select v.id, p.* from base_transport_means v cross join lateral (select lng, lat, speed, reported_at from tms_position p where p.vehicle_id = v.id order by reported_at desc limit 1) p`),
    );
    results.push([`… by one index probe per vehicle (lateral, limit 1, every monthly partition probed)`, `${lateral.toFixed(0)} ms (p50 of 5)`, 'rejected']);
    const row = await timed(5, () => s.db.query(`select v.id, l.lng, l.lat, l.speed, l.reported_at from base_transport_means v join tms_vehicle_last_position l on l.vehicle_id = v.id`));
    results.push([`… from tms_vehicle_last_position (one row per vehicle, kept by the batch statement)`, `${row.toFixed(0)} ms (p50 of 5)`, 'kept']);
    let bytes = 0;
    let rows = 0;
    const route = await timed(10, async () => {
      const r = await s.api('GET', '/api/fleet/monitor', { token });
      bytes = r.body.length;
      rows = r.json.data.rows.length;
    });
    results.push([`GET /api/fleet/monitor: ${rows.toLocaleString('en')} vehicles, ${(bytes / 1024).toFixed(0)} KB JSON (uncompressed)`, `${route.toFixed(0)} ms (p50 of 10)`, '< 1 s']);

    // the ingestion: batches of 100 through the one path (insert + kept rows + events)
    const ids = (await s.db.query<{ id: number }>(`select id from base_transport_means where code like 'BM%' order by id`)).rows.map((r) => Number(r.id));
    const at = new Map<number, [number, number]>(
      (await s.db.query<{ vehicle_id: number; lng: number; lat: number }>(`select vehicle_id, lng, lat from tms_vehicle_last_position`)).rows.map((r) => [Number(r.vehicle_id), [r.lng, r.lat]]),
    );
    let k = 0;
    const batch = (): PositionRow[] => {
      const now = s.clock.now();
      return Array.from({ length: BATCH }, () => {
        const id = ids[(k = (k + 7919) % ids.length)]!;
        const p = at.get(id) ?? [121.4, 31.2];
        // the stopped fifth stays where it is
        const stopped = id % 5 === 0;
        if (!stopped) p[0] += 0.0004;
        at.set(id, p);
        return { dispatchCenterId: null, shipmentId: null, vehicleId: id, driverId: null, lng: p[0], lat: p[1], speed: stopped ? 0 : 20 + (k % 60), direction: 90, at: now, source: 'APP' };
      });
    };
    const ingest = await timed(20, () => s.db.tx((q) => ingestPositions(q, s.app, batch(), s.clock.now())));
    results.push([`Ingestion of a batch of ${BATCH} positions (insert into the partitions + the kept rows in one statement, 'fleet' events)`, `${ingest.toFixed(1)} ms (p50 of 20)`, `< ${(1000 / (RATE / BATCH)).toFixed(0)} ms to keep up`]);

    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 } });
      await ctx.addInitScript((t) => localStorage.setItem('Access-Token', JSON.stringify({ value: t, expires: Date.now() + 3600e3 })), token);
      // tsx keeps function names with a helper the page does not have
      await ctx.addInitScript('window.__name = (f) => f');
      const page = await ctx.newPage();
      await page.goto(`${s.url}/welcome`, { waitUntil: 'networkidle' });
      await page.getByTestId('user-area').waitFor({ timeout: 60_000 });
      const first = await page.evaluate(async (n) => {
        const t0 = performance.now();
        window.history.pushState({}, '', '/shipment/monitor');
        window.dispatchEvent(new PopStateEvent('popstate'));
        for (;;) {
          await new Promise((r) => requestAnimationFrame(r));
          const el = document.querySelector('[data-testid="fleet-monitor"]');
          if (Number(el?.getAttribute('data-vehicles')) >= n && Number(el?.getAttribute('data-dots') ?? 0) + Number(el?.getAttribute('data-clusters') ?? 0) > 0) break;
          if (performance.now() - t0 > 60_000) throw new Error('not drawn in 60 s');
        }
        return performance.now() - t0;
      }, VEHICLES);
      console.log(`drawn in ${first.toFixed(0)} ms`);
      results.push([`Browser: menu → ${VEHICLES.toLocaleString('en')} vehicles drawn, first visit (loads the page's code and Leaflet)`, `${first.toFixed(0)} ms`, '< 3 s']);
      await page.getByTestId('monitor-live').filter({ hasText: '实时' }).waitFor({ timeout: 30_000 });

      // positions stream while the page's frames are timed
      let streaming = true;
      let sent = 0;
      const stream = (async () => {
        await new Promise((r) => setTimeout(r, 0));
        const every = 1000 / (RATE / BATCH);
        let next = performance.now();
        while (streaming) {
          await s.db.tx((q) => ingestPositions(q, s.app, batch(), s.clock.now()));
          sent += BATCH;
          next += every;
          const wait = next - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
      })();
      const frames = async (label: string) => {
        const sent0 = sent;
        const t = performance.now();
        const f = await page.evaluate(async (secs) => {
          const root = document.querySelector('[data-testid="fleet-monitor"]')!;
          const u0 = Number(root.getAttribute('data-updates') ?? 0);
          const d0 = Number(root.getAttribute('data-tick') ?? 0);
          const deltas: number[] = [];
          let last = performance.now();
          const end = last + secs * 1000;
          await new Promise<void>((done) => {
            const step = (now: number) => {
              deltas.push(now - last);
              last = now;
              if (now < end) requestAnimationFrame(step);
              else done();
            };
            requestAnimationFrame(step);
          });
          return { deltas, applied: Number(root.getAttribute('data-updates') ?? 0) - u0, dots: root.getAttribute('data-dots'), clusters: root.getAttribute('data-clusters'), ticks: Number(root.getAttribute('data-tick') ?? 0) - d0 };
        }, SECONDS);
        const secs = (performance.now() - t) / 1000;
        const rate = (sent - sent0) / secs;
        results.push([
          `Frames while ${rate.toFixed(0)} positions/s stream, ${label} (${f.dots} dots, ${f.clusters} clusters drawn; ${(f.applied / secs).toFixed(0)} live rows/s applied)`,
          `p50 ${pct(f.deltas, 50).toFixed(1)} ms, p95 ${pct(f.deltas, 95).toFixed(1)} ms, max ${Math.max(...f.deltas).toFixed(0)} ms (${f.deltas.length} frames)`,
          'p95 ≤ 33 ms',
        ]);
      };
      try {
      await page.waitForTimeout(2000);
      await frames('all 10,000 in view, clustered (zoom ≤ 11)');
      mkdirSync(join(ROOT, '.test-artifacts/bench'), { recursive: true });
      await page.screenshot({ path: join(ROOT, '.test-artifacts/bench/monitor-clusters.png') });
      // zoomed in: every vehicle in view a dot with its plate
      const root = page.getByTestId('fleet-monitor');
      for (let i = 0; i < 8 && Number(await root.getAttribute('data-clusters')) > 0; i++) {
        await page.locator('.leaflet-control-zoom-in').click();
        await page.waitForTimeout(800);
      }
      await page.waitForTimeout(1000);
      await frames('zoomed in (dots)');
      await page.screenshot({ path: join(ROOT, '.test-artifacts/bench/monitor-dots.png') });
      } finally {
        streaming = false;
        await stream.catch((e) => console.error('streaming failed', e));
      }
    } finally {
      await browser.close();
    }
    console.log(`setup ${(setup / 1000).toFixed(0)} s (${VEHICLES} vehicles, ${positions.toLocaleString('en')} positions)`);
  } finally {
    await s.close();
  }
  console.log(`\nPostgreSQL server (TEST_DATABASE_URL); ${new Date().toISOString()}; load average at the end ${load()} (2 cores, shared)\n`);
  console.log('| figure | measured | target |\n| --- | --- | --- |');
  for (const [f, m, t] of results) console.log(`| ${f} | ${m} | ${t} |`);
}

await main();
