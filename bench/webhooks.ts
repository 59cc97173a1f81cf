/**
 * Webhook and tracking-page benchmarks (issue 17): webhook delivery ≥ 500 deliveries/s to a local receiver, event to
 * webhook p95 ≤ 2 s under that load, and the public tracking answer ≤ 50 ms p50. Run: `npm run bench:webhooks`
 * (a PostgreSQL server: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh database
 * `tms_bench_webhooks`, dropped at the end). BENCH_EVENTS changes the size (5 000). Prints a Markdown table for
 * bench/README.md ("Webhooks and tracking").
 *
 * The product runs in this process as `npm start` runs it (its dispatcher and job queue on the same database); the
 * receiver is a plain node:http server in a worker thread (its own event loop, as an external system would be) that
 * checks each request's HMAC signature with the endpoint's secret and answers 200 at once. Events are stored through
 * the product's own outbox (`enqueue`, what the order, shipment and epod modules call in their transactions):
 * - burst: every event at once, the time until the receiver has them all → deliveries per second;
 * - steady: events offered at 500 per second in 100 ms slices → event-to-receiver latency (p50, p95) from each
 *   event's occurredAt to its arrival at the receiver.
 * The tracking answer is the public GET /api/public/track/<token> of an order in transit (positions, waybills).
 */
import { Worker } from 'node:worker_threads';
import { openPg } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { seed } from '../apps/server/src/modules/system/seed.ts';
import { enqueue, type ClientEvent } from '../apps/server/src/modules/notify/outbox.ts';
import { buildShippedShipment } from '../apps/server/src/modules/epod/demo.ts';
import { median, serveAdmin } from './kit.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'tms_bench_webhooks';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const RATE = 500; // offered events per second in the steady run
process.env.TMS_DEMO = 'off'; // the small seed: the demo operation's thousands of orders are not what is measured

/** A statement on the server's maintenance database (creating and dropping the bench's own). */
async function onServer(sql: string): Promise<void> {
  const server = await openPg(ADMIN_URL);
  try {
    await server.query(sql);
  } finally {
    await server.close();
  }
}

/** The receiver: counts deliveries per event id, verifies signatures, reports arrival times on request. */
const RECEIVER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { createHmac, timingSafeEqual } = require('node:crypto');
const arrivals = new Map();
let bad = 0;
let secret = workerData.secret;
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const sig = String(req.headers['x-tms-signature'] || '');
    const m = /^t=(\\d+),v1=([0-9a-f]+)$/.exec(sig);
    const want = m && createHmac('sha256', secret).update(m[1] + '.' + body).digest('hex');
    if (!m || want.length !== m[2].length || !timingSafeEqual(Buffer.from(want), Buffer.from(m[2]))) bad++;
    const id = String(req.headers['x-tms-event-id']);
    if (!arrivals.has(id)) arrivals.set(id, Date.now());
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
});
server.keepAliveTimeout = 30000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (m) => {
  if (m.secret) secret = m.secret;
  if (m.report) parentPort.postMessage({ arrivals: [...arrivals.entries()], bad });
  if (m.reset) { arrivals.clear(); bad = 0; }
});
`;

interface Receiver {
  port: number;
  setSecret(s: string): void;
  report(): Promise<{ arrivals: Map<string, number>; bad: number }>;
  reset(): void;
  stop(): Promise<number>;
}

async function startReceiver(): Promise<Receiver> {
  const w = new Worker(RECEIVER, { eval: true, workerData: { secret: '' } });
  const port = await new Promise<number>((ok) => w.once('message', (m: { port: number }) => ok(m.port)));
  return {
    port,
    setSecret: (secret) => w.postMessage({ secret }),
    report: () =>
      new Promise((ok) => {
        w.once('message', (m: { arrivals: [string, number][]; bad: number }) => ok({ arrivals: new Map(m.arrivals), bad: m.bad }));
        w.postMessage({ report: true });
      }),
    reset: () => w.postMessage({ reset: true }),
    stop: () => w.terminate(),
  };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function main() {
  await onServer(`drop database if exists ${DB_NAME}`);
  await onServer(`create database ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const db = await openPg(url.toString());
  const results: [string, string, string][] = [];
  let receiver: Receiver | null = null;
  let app: Awaited<ReturnType<typeof serveAdmin>>['app'] | null = null;
  try {
    await migrate(db);
    await seed(db);
    // a local receiver over plain http: allowed by the administrator, as the issue says
    for (const [k, v] of [['notify.webhook.allowHttp', 'true'], ['notify.webhook.allowPrivate', 'true']])
      await db.query(
        `insert into sys_config(config_name, config_key, config_value, config_type, create_by) values ($1, $1, $2, true, 'bench')
         on conflict (config_key) do update set config_value = excluded.config_value`,
        [k, v],
      );
    process.env.TMS_TRACK_RATE_PER_MINUTE = '1000000';
    receiver = await startReceiver();
    const served = await serveAdmin(db);
    app = served.app;
    const { base, token } = served;
    const call = async <T>(method: string, path: string, body?: unknown, tok = token): Promise<T> => {
      const r = await fetch(base + path, { method, headers: { authorization: `Bearer ${tok}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      const j = (await r.json()) as { code: number; msg: string; data: T };
      if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${j.msg}`);
      return j.data;
    };
    const client = (await db.query<{ id: string }>(`select id from base_client where code = 'C001'`)).rows[0]!;
    const clientId = Number(client.id);
    const hook = await call<{ id: number; secret: string }>('POST', '/api/notify/webhook/save', { clientId, name: 'bench receiver', url: `http://127.0.0.1:${receiver.port}/hook`, events: '*' });
    receiver.setSecret(hook.secret);

    const events = (n: number, tag: string): ClientEvent[] => Array.from({ length: n }, (_, i) => ({ type: 'order.received', clientId, subject: `${tag}-${i}`, data: { orderCode: `${tag}-${i}`, customerOrderNo: null } }) as ClientEvent);
    const delivered = async () => Number((await db.query<{ n: string }>(`select count(*) as n from ntf_delivery where status = 'DELIVERED'`)).rows[0]!.n);
    const waitFor = async (n: number, timeoutMs: number) => {
      const t0 = performance.now();
      while ((await delivered()) < n) {
        if (performance.now() - t0 > timeoutMs) throw new Error(`only ${await delivered()} of ${n} delivered after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    // warm-up: connections, the job queue's first fetches
    await db.tx((q) => enqueue(q, new Date(), events(100, 'warm')));
    await waitFor(100, 60_000);
    receiver.reset();

    // burst: every event stored at once (one transaction of 500 at a time, as a bulk review would), drained
    let done = await delivered();
    const t0 = Date.now();
    for (let i = 0; i < EVENTS; i += 500) await db.tx((q) => enqueue(q, new Date(), events(Math.min(500, EVENTS - i), `burst${i}`)));
    const stored = Date.now() - t0;
    await waitFor(done + EVENTS, 600_000);
    const burst = await receiver.report();
    const last = Math.max(...burst.arrivals.values());
    const burstRate = EVENTS / ((last - t0) / 1000);
    results.push([`Burst: ${EVENTS} events stored (${stored} ms) and delivered`, `${(last - t0).toLocaleString('en')} ms`, `**${Math.round(burstRate)} deliveries/s** (target ≥ 500)`]);
    if (burst.bad) throw new Error(`${burst.bad} deliveries with a bad signature`);
    if (burst.arrivals.size !== EVENTS) throw new Error(`the receiver got ${burst.arrivals.size} distinct events of ${EVENTS}`);
    receiver.reset();

    // steady: RATE events per second, in slices of 100 ms, for EVENTS events
    done = await delivered();
    const occurred = new Map<string, number>();
    const slice = RATE / 10;
    const s0 = Date.now();
    for (let i = 0; i < EVENTS; i += slice) {
      const at = s0 + (i / RATE) * 1000;
      const wait = at - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const now = new Date();
      const ids = await db.tx(async (q) => {
        const refs = await enqueue(q, now, events(Math.min(slice, EVENTS - i), `steady${i}`));
        return (await q.query<{ event_id: string }>(`select event_id from ntf_event where id = any($1::bigint[])`, [refs])).rows.map((r) => r.event_id);
      });
      for (const id of ids) occurred.set(id, now.getTime());
    }
    const offeredFor = Date.now() - s0;
    await waitFor(done + EVENTS, 600_000);
    const steady = await receiver.report();
    const lat = [...occurred.entries()].map(([id, at]) => steady.arrivals.get(id)! - at);
    if (lat.some((x) => !Number.isFinite(x))) throw new Error('an event of the steady run never arrived');
    results.push([
      `Steady: ${RATE} events/s offered for ${(offeredFor / 1000).toFixed(1)} s`,
      `p50 ${pct(lat, 50)} ms, p95 ${pct(lat, 95)} ms, max ${Math.max(...lat)} ms`,
      `**event → webhook p95 ${pct(lat, 95)} ms** (target ≤ 2 000 ms)`,
    ]);

    // the public tracking answer of an order in transit
    const center = Number((await db.query<{ id: string }>(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0]!.id);
    const chain = await db.tx((q) => buildShippedShipment(q, { dispatchCenterId: center, waybills: [[6, 4], [3]], now: new Date(), by: { userId: 1, userName: 'admin' } }));
    const orderId = Number((await db.query<{ order_id: string }>(`select order_id from tms_waybill where id = $1`, [chain.waybillIds[0]])).rows[0]!.order_id);
    const orderClient = Number((await db.query<{ client_id: string }>(`select client_id from tms_order where id = $1`, [orderId])).rows[0]!.client_id);
    const user = await call<{ id: number }>('POST', '/api/system/user/save', { userName: 'bench_client', nickName: 'bench', password: 'client123', userKind: 'CLIENT' });
    await call('POST', '/api/system/user/dispatchCenters', { userId: user.id, ids: [center] });
    await call('POST', '/api/system/user/portalClients', { userId: user.id, clientIds: [orderClient] });
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench_client', password: 'client123' }) });
    const clientToken = ((await login.json()) as { data: { token: string } }).data.token;
    const link = await call<{ token: string }>('POST', `/api/portal/orders/${orderId}/trackingLinks`, {}, clientToken);
    const track = async () => {
      const r = await fetch(`${base}/api/public/track/${link.token}`);
      if (r.status !== 200) throw new Error(`track: ${r.status}`);
      await r.arrayBuffer();
    };
    const trackMs = await median(200, track, 20);
    results.push(['Public tracking answer (GET /api/public/track/<token>, order in transit), p50 of 200', `${trackMs.toFixed(1)} ms`, `target ≤ 50 ms`]);

    console.log('\n| Measure | Figure | Note |\n|---|---|---|');
    for (const r of results) console.log(`| ${r.join(' | ')} |`);
  } finally {
    await app?.close();
    await receiver?.stop();
    await db.close();
    await onServer(`drop database if exists ${DB_NAME} with (force)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
