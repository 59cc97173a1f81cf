/**
 * A mixed workload against `npm run cluster` (issue 20), through HAProxy, with a server and the replica lost on the way:
 *
 *   npm run cluster:load -- [--users 200] [--streams 200] [--minutes 5 | --seconds 90] [--no-faults]
 *
 * - N signed-in users (a dispatcher role with every menu, in SH01) each loop: list orders, open one, create one (with
 *   an Idempotency-Key), review one of their own (with a key), read the order report; a pause of 1–3 s between two.
 * - The demo drivers with a dispatch order in progress post a batch of positions every 2 s (each with a key).
 * - `--streams` event streams (types=alert), one per user in turn; a stream that ends reopens with a new ticket and
 *   `?lastEventId=` (as the web app does), through HAProxy, so on whichever server is up.
 * - Real alerts, raised by the product's alert rule ETA_LATE from the drivers' positions (fleet/geofence.ts: the
 *   alert row and its realtime event, logged + NOTIFY, in the positions' transaction): for each of the drivers' trips in
 *   turn the load makes its delivery window end a day ago (on the primary), the driver's next positions raise the
 *   alert, a user handles it through the API (POST /api/shipment/shipmentAlert/deal), the window moves a week ahead so
 *   the next positions clear the stop's late mark, and again. Every 'alert' event the database logged for the center
 *   during the run (sys_realtime_event, whatever raised it) must reach every stream.
 * - Faults (unless --no-faults): at 30 % of the run api2 is killed with SIGKILL (through the cluster's control port);
 *   at 50 % it is started again; at 65 % the replica is killed (pg_ctl -m immediate), at 85 % started again.
 *
 * A write whose answer was lost (connection cut, 502/503/504, 409 in progress) is sent again with the same key until
 * it gets an answer (at most 10 times). At the end: every create the client saw succeed exists exactly once, no create
 * exists twice (its key is in the order's remark), every stream got every alert event. Prints a Markdown table.
 */
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/auth.ts';

const { values: opt } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:18080' },
    control: { type: 'string', default: 'http://127.0.0.1:18089' },
    primary: { type: 'string', default: 'postgres://postgres@127.0.0.1:15432/tms' },
    users: { type: 'string', default: '200' },
    streams: { type: 'string', default: '200' },
    minutes: { type: 'string', default: '5' },
    seconds: { type: 'string' },
    'no-faults': { type: 'boolean', default: false },
  },
});
const BASE = opt.url!;
const USERS = Number(opt.users);
const STREAMS = Number(opt.streams);
const DURATION_MS = (opt.seconds ? Number(opt.seconds) : Number(opt.minutes) * 60) * 1000;
const RUN = `L${Date.now().toString(36)}`;
const PASSWORD = 'load12345';

const log = (...a: unknown[]) => console.log(`[load ${new Date().toISOString().slice(11, 19)}]`, ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

// ------------------------------------------------------------------ figures
const lat = new Map<string, number[]>();
const errors = new Map<string, number>();
const counts = new Map<string, number>();
/** attempts that failed and were sent again, by kind and status */
const retried = new Map<string, number>();
const bump = (m: Map<string, number>, k: string, n = 1) => m.set(k, (m.get(k) ?? 0) + n);
const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

interface Answer {
  status: number;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  replayed: boolean;
}

/** One HTTP attempt; a network failure answers status 0. */
async function attempt(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  try {
    const res = await fetch(BASE + path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    return { status: res.status, json: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : null, replayed: res.headers.get('idempotency-replayed') === 'true' };
  } catch {
    return { status: 0, json: null, replayed: false };
  }
}

/** As the web app (platform/http.ts): a cut connection or a 502/503/504 is sent again after 300 ms, then 1200 ms. */
const RETRY_DELAYS_MS = [300, 1200];
const cut = (a: Answer) => a.status === 0 || a.status === 502 || a.status === 503 || a.status === 504;
/** 409 messages.idempotency.inProgress: the first of this key still runs, or its answer was lost with its server */
const inProgress = (a: Answer) => a.status === 409 && /idempotency\.inProgress|progress|处理|處理/i.test(JSON.stringify(a.json ?? ''));

/**
 * A request as a user makes it, timed under `kind` from the first attempt to the answer: sent again while it is cut
 * (a write with the same Idempotency-Key; while its key is "in progress", up to 8 times in all). Attempts that failed
 * are counted under "retried"; the answer the user finally sees under "not 200".
 */
async function call(kind: string, method: string, path: string, token: string | null, body?: unknown, key?: string): Promise<Answer & { tries: number }> {
  const t0 = performance.now();
  let a: Answer;
  let tries = 0;
  for (;;) {
    tries++;
    a = await attempt(method, path, token, body, key ? { 'idempotency-key': key } : {});
    const again = cut(a) ? RETRY_DELAYS_MS[tries - 1] : key && inProgress(a) && tries < 8 ? 1000 : undefined;
    if (again === undefined) break;
    bump(retried, `${kind} ${a.status}`);
    await sleep(again);
  }
  if (!lat.has(kind)) lat.set(kind, []);
  lat.get(kind)!.push(performance.now() - t0);
  bump(counts, kind);
  if (a.status !== 200) bump(errors, `${kind} ${a.status}`);
  if (a.replayed) bump(counts, `${kind} replayed`);
  return { ...a, tries };
}

/** A write with an Idempotency-Key of its own. */
async function write(kind: string, path: string, token: string, body: unknown, key = randomUUID()) {
  const a = await call(kind, 'POST', path, token, body, key);
  return { a, tries: a.tries, key };
}

// ------------------------------------------------------------------ set-up (on the primary directly)
interface Setup {
  center: number;
  users: string[];
  order: { clientId: number; sourceStationId: number; destStationId: number; itemId: number };
  drivers: { loginName: string; shipmentId: number; lng: number; lat: number }[];
  /** the effective ETA_LATE rule, and the drivers' trips it checks (not bound to another rule) */
  etaRule: number | null;
  alertTrips: number[];
}

async function setUp(): Promise<Setup> {
  const c = new pg.Client({ connectionString: opt.primary });
  await c.connect();
  const center = Number((await c.query(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0].id);
  let role = (await c.query(`select id from sys_role where role_key = 'load_dispatcher'`)).rows[0]?.id;
  if (!role) {
    role = (await c.query(`insert into sys_role(role_key, role_name, create_by) values ('load_dispatcher', 'load dispatcher', 'load') returning id`)).rows[0].id;
    await c.query(`insert into sys_role_menu(role_id, menu_id) select $1, id from sys_menu on conflict do nothing`, [role]);
  }
  const hash = await hashPassword(PASSWORD);
  const users: string[] = [];
  for (let i = 0; i < USERS; i++) users.push(`load_${i}`);
  await c.query(
    `insert into sys_user(user_name, nick_name, password_hash, status, create_by) select n, n, $2, '0', 'load' from unnest($1::text[]) n
      where not exists (select 1 from sys_user u where u.user_name = n)`,
    [users, hash],
  );
  await c.query(`insert into sys_user_role(user_id, role_id) select id, $2 from sys_user where user_name = any($1) on conflict do nothing`, [users, role]);
  await c.query(
    `insert into sys_user_dispatch_center(user_id, dispatch_center_id, is_default) select id, $2, true from sys_user u where user_name = any($1)
      and not exists (select 1 from sys_user_dispatch_center d where d.user_id = u.id)`,
    [users, center],
  );
  const st = await c.query(
    `select cl.id as client_id, (array_agg(s.id order by s.id))[1] as a, (array_agg(s.id order by s.id))[2] as b,
            (select min(i.id) from base_item i where i.client_id = cl.id) as item
       from base_client cl join base_station s on s.client_id = cl.id and s.longitude is not null
      group by cl.id having count(*) >= 2 and (select count(*) from base_item i where i.client_id = cl.id) > 0 order by cl.id limit 1`,
  );
  const o = st.rows[0];
  if (!o) throw new Error('no client with two stations and an item (start the cluster with the demo data)');
  // demo drivers with a dispatch order in progress, with a place to start from
  const drivers = (
    await c.query(
      `select distinct on (d.id) d.login_name, s.id as shipment_id from tms_shipment s join base_driver d on d.id = s.driver_id_master
        where s.status in ('SHIPPED', 'EFFECTIVE') and s.dispatch_center_id = $1 and d.login_name is not null order by d.id, s.status desc, s.id limit 20`,
      [center],
    ).catch(() => ({ rows: [] as { login_name: string; shipment_id: number }[] }))
  ).rows.map((r) => ({ loginName: r.login_name as string, shipmentId: Number(r.shipment_id), lng: 121.4 + Math.random() * 0.2, lat: 31.1 + Math.random() * 0.2 }));
  const etaRule = (await c.query(`select id from base_alert_rule where effective and type = 'ETA_LATE' order by id limit 1`)).rows[0]?.id ?? null;
  const alertTrips = etaRule
    ? (await c.query(`select id from tms_shipment where id = any($1::bigint[]) and (alert_rule_id is null or alert_rule_id = $2) order by id`, [drivers.map((d) => d.shipmentId), etaRule])).rows.map((r) => Number(r.id))
    : [];
  await c.end();
  return { center, users, order: { clientId: Number(o.client_id), sourceStationId: Number(o.a), destStationId: Number(o.b), itemId: Number(o.item) }, drivers, etaRule: etaRule === null ? null : Number(etaRule), alertTrips };
}

// ------------------------------------------------------------------ the workload
interface Create {
  key: string;
  seenId: number | null;
  tries: number;
  status: number;
}
const creates: Create[] = [];
const reportSource = { replica: 0, primary: 0 };
let stopAt = 0;

async function user(token: string, s: Setup): Promise<void> {
  const mine: number[] = [];
  let seen: number[] = [];
  while (Date.now() < stopAt) {
    await sleep(1000 + Math.random() * 2000);
    const r = Math.random();
    if (r < 0.4) {
      const a = await call('list', 'GET', '/api/order/order/list?pageNum=1&pageSize=20', token);
      if (a.status === 200) seen = (a.json.rows as { id: number }[]).map((x) => x.id);
    } else if (r < 0.65) {
      const id = seen.length ? pick(seen) : mine.length ? pick(mine) : null;
      if (id) await call('open', 'GET', `/api/order/order/get/${id}`, token);
    } else if (r < 0.8) {
      const key = randomUUID();
      const body = { ...s.order, remark: `${RUN}:${key}`, lines: [{ itemId: s.order.itemId, quantity: 1 + Math.floor(Math.random() * 40) }] };
      const w = await write('create', '/api/order/order/save', token, body, key);
      const id = w.a.status === 200 ? Number(w.a.json.data.id) : null;
      creates.push({ key, seenId: id, tries: w.tries, status: w.a.status });
      if (id) mine.push(id);
    } else if (r < 0.9) {
      const id = mine.shift();
      if (id) await write('review', '/api/order/order/review', token, { ids: [id] });
    } else {
      const a = await call('report', 'GET', `/api/reports/order/data?tz=Asia%2FShanghai`, token);
      if (a.status === 200) reportSource[a.json.data.lagSeconds === undefined ? 'primary' : 'replica']++;
    }
  }
}

async function driver(d: Setup['drivers'][number]): Promise<void> {
  const login = await call('driver login', 'POST', '/api/driver/login', null, { loginName: d.loginName, password: 'driver123' });
  if (login.status !== 200) return void log(`driver ${d.loginName}: no sign-in (${login.status})`);
  const token = login.json.data.token as string;
  while (Date.now() < stopAt) {
    await sleep(2000);
    const now = Date.now();
    const points = [0, 1].map((i) => ({ shipmentId: d.shipmentId, lng: (d.lng += 0.0005), lat: (d.lat += 0.0003), speed: 40, direction: 45, time: new Date(now - (1 - i) * 1000).toISOString() }));
    await write('positions', '/api/driver/positions', token, points);
  }
}

// ------------------------------------------------------------------ real alerts (rule ETA_LATE, from the positions)
const alertCycles = { raised: 0, handled: 0, notRaised: 0 };

/**
 * One trip's cycles: its delivery window ends a day ago, so the driver's next positions raise ETA_LATE; a user handles
 * the alert; the window moves a week ahead, so the next positions clear the stop's late mark; again.
 */
async function alertTrip(c: pg.Client, shipmentId: number, rule: number, token: string): Promise<void> {
  const windowAt = (sql: string) =>
    c.query(
      `with s as (update tms_shipment_stop set eta = ${sql} where shipment_id = $1 and stop_type <> 'LOAD' and ata is null returning 1)
       update tms_waybill set eta = ${sql} where shipment_id = $1 and ata is null and not exists (select 1 from s)`,
      [shipmentId],
    );
  const waitFor = async (sql: string, params: unknown[]): Promise<Record<string, unknown> | null> => {
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      const r = await c.query(sql, params);
      if (r.rows[0]) return r.rows[0] as Record<string, unknown>;
      await sleep(500);
    }
    return null;
  };
  while (Date.now() < stopAt) {
    await windowAt(`now() - interval '1 day'`);
    const a = await waitFor(`select id from shipment_alert where shipment_id = $1 and rule_id = $2 and status = 'NEW'`, [shipmentId, rule]);
    if (!a) {
      alertCycles.notRaised++;
      continue;
    }
    alertCycles.raised++;
    const dealt = await write('handle alert', '/api/shipment/shipmentAlert/deal', token, { id: String(a.id), alertReason: 'OTHER', alertRemark: `${RUN} load` });
    if (dealt.a.status === 200) alertCycles.handled++;
    await windowAt(`now() + interval '7 days'`);
    await waitFor(`select 1 from tms_shipment_geofence where shipment_id = $1 having not bool_or(eta_late)`, [shipmentId]);
  }
}

// ------------------------------------------------------------------ event streams
interface Stream {
  got: Set<number>;
  lastId: string | undefined;
  /** reopened after it had been open */
  reconnects: number;
  /** attempts to open it for the first time that failed */
  openFailures: number;
  maxGapMs: number;
}
const streams: Stream[] = [];
let streamsOpen = 0;

async function stream(token: string, st: Stream): Promise<void> {
  let wasOpen = false;
  while (Date.now() < stopAt + 20_000 && !streamsDone) {
    const down = Date.now();
    const t = await call('ticket', 'POST', '/api/realtime/ticket', token);
    if (t.status !== 200) {
      await sleep(500);
      continue;
    }
    const q = `ticket=${encodeURIComponent(t.json.data.ticket)}&types=alert${st.lastId ? `&lastEventId=${st.lastId}` : ''}`;
    const ctrl = new AbortController();
    streamAborts.add(ctrl);
    try {
      // Node's fetch: no limit of connections per origin; a body may be silent 300 s (the server pings every 25 s)
      const res = await fetch(`${BASE}/api/realtime/stream?${q}`, { signal: ctrl.signal });
      if (res.status !== 200) throw new Error(String(res.status));
      streamsOpen++;
      if (wasOpen) st.maxGapMs = Math.max(st.maxGapMs, Date.now() - down);
      wasOpen = true;
      let buf = '';
      const dec = new TextDecoder();
      try {
        const reader = res.body!.getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const part = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const id = /^id: (.+)$/m.exec(part)?.[1];
            if (id) st.lastId = id;
            if (id && /^event: alert$/m.test(part)) st.got.add(Number(id));
          }
        }
      } finally {
        streamsOpen--;
      }
    } catch {
      /* cut: reopened below */
    } finally {
      streamAborts.delete(ctrl);
    }
    if (streamsDone) return;
    if (wasOpen) st.reconnects++;
    else st.openFailures++;
    await sleep(200 + Math.random() * 800);
  }
}
let streamsDone = false;
const streamAborts = new Set<AbortController>();

// ------------------------------------------------------------------ faults
const control = async (verb: string, name: string) => (await fetch(`${opt.control}/${verb}/${name}`, { method: 'POST' })).json();
const timeline: string[] = [];
const mark = (m: string) => {
  const line = `${((Date.now() - (stopAt - DURATION_MS)) / 1000).toFixed(0)} s: ${m}`;
  timeline.push(line);
  log(line);
};

async function faults(): Promise<void> {
  const at = (f: number) => sleep(Math.max(0, stopAt - DURATION_MS + f * DURATION_MS - Date.now()));
  await at(0.3);
  const state = (await (await fetch(`${opt.control}/state`)).json()) as { pieces: Record<string, { pid: number | null }> };
  mark(`kill -9 api2 (pid ${state.pieces.api2?.pid})`);
  await control('kill', 'api2');
  await at(0.5);
  await control('start', 'api2');
  mark('api2 started again');
  await at(0.65);
  await control('kill', 'replica');
  mark('replica killed (pg_ctl stop -m immediate)');
  await at(0.85);
  await control('start', 'replica');
  mark('replica started again');
}

// ------------------------------------------------------------------ main
async function main(): Promise<void> {
  const load0 = (await import('node:os')).loadavg();
  log(`run ${RUN}: ${USERS} users, ${STREAMS} streams, ${DURATION_MS / 1000} s against ${BASE}; load average ${load0.map((x) => x.toFixed(2)).join(' ')}`);
  const s = await setUp();
  log(`set up: ${s.users.length} users, ${s.drivers.length} drivers with a dispatch order in progress`);
  const tokens: string[] = [];
  for (let i = 0; i < s.users.length; i += 10) {
    const batch = await Promise.all(s.users.slice(i, i + 10).map((u) => call('login', 'POST', '/api/auth/login', null, { username: u, password: PASSWORD })));
    for (const a of batch) if (a.status === 200) tokens.push(a.json.data.token);
  }
  if (!tokens.length) throw new Error('no user could sign in');
  log(`${tokens.length} users signed in`);
  stopAt = Date.now() + DURATION_MS + 60_000; // streams first
  for (let i = 0; i < STREAMS; i++) {
    const st: Stream = { got: new Set(), lastId: undefined, reconnects: 0, openFailures: 0, maxGapMs: 0 };
    streams.push(st);
    void stream(tokens[i % tokens.length]!, st);
  }
  const openBy = Date.now() + 60_000;
  while (streamsOpen < STREAMS && Date.now() < openBy) await sleep(200);
  log(`${streamsOpen} streams open`);

  // real alerts: the rule ETA_LATE raised by the drivers' positions, handled by a user, again
  const db = new pg.Client({ connectionString: opt.primary });
  await db.connect();
  const firstEvent = Number((await db.query(`select coalesce(max(id), 0) as id from sys_realtime_event`)).rows[0].id);
  if (!s.etaRule || !s.alertTrips.length) log('no effective ETA_LATE rule or no trip in progress it checks: no alert will be raised');
  stopAt = Date.now() + DURATION_MS;
  const alerts = s.etaRule ? s.alertTrips.map((id, i) => alertTrip(db, id, s.etaRule!, tokens[i % tokens.length]!)) : [];
  const work = [...tokens.map((t) => user(t, s)), ...s.drivers.map((d) => driver(d)), ...alerts, opt['no-faults'] ? Promise.resolve() : faults()];
  const progress = setInterval(() => log(`${[...counts].filter(([k]) => !k.includes(' ')).map(([k, n]) => `${k} ${n}`).join(', ')}; errors ${[...errors.values()].reduce((a, b) => a + b, 0)}; streams open ${streamsOpen}`), 30_000);
  await Promise.all(work);
  clearInterval(progress);
  const load1 = (await import('node:os')).loadavg();

  // every stream should have every alert event the database logged for the center: wait up to 30 s for the late ones
  const published = (await db.query(`select id from sys_realtime_event where type = 'alert' and dispatch_center_id = $1 and id > $2 order by id`, [s.center, firstEvent])).rows.map((r) => Number(r.id));
  const missing = () => streams.reduce((n, st) => n + published.filter((x) => !st.got.has(x)).length, 0);
  const waitEnd = Date.now() + 30_000;
  while (missing() > 0 && Date.now() < waitEnd) await sleep(500);
  streamsDone = true;
  for (const c of streamAborts) c.abort();

  // creates: each seen once exactly; none twice
  const c = new pg.Client({ connectionString: opt.primary });
  await c.connect();
  const rows = (await c.query(`select id, remark from tms_order where remark like $1`, [`${RUN}:%`])).rows as { id: number; remark: string }[];
  const byKey = new Map<string, number[]>();
  for (const r of rows) {
    const k = r.remark.slice(RUN.length + 1);
    byKey.set(k, [...(byKey.get(k) ?? []), Number(r.id)]);
  }
  await c.end();
  await db.end();
  const seen = creates.filter((x) => x.seenId !== null);
  const lostCreates = seen.filter((x) => !(byKey.get(x.key) ?? []).includes(x.seenId!)).length;
  const duplicated = [...byKey.values()].filter((ids) => ids.length > 1).length;
  const createsAgain = creates.filter((x) => x.tries > 1);
  const retriedOnce = createsAgain.filter((x) => (byKey.get(x.key) ?? []).length === 1).length;
  const unanswered = creates.filter((x) => x.seenId === null);
  const unansweredCommitted = unanswered.filter((x) => (byKey.get(x.key) ?? []).length === 1).length;

  // the table
  const kinds = [...lat.keys()].sort();
  const lines = [
    `| request | count | p50 ms | p99 ms | attempts sent again | not 200 in the end |`,
    `|---|---:|---:|---:|---:|---:|`,
    ...kinds.map((k) => {
      const errs = [...errors].filter(([e]) => e.startsWith(`${k} `)).reduce((a, [, n]) => a + n, 0);
      const again = [...retried].filter(([e]) => e.startsWith(`${k} `)).reduce((a, [, n]) => a + n, 0);
      return `| ${k} | ${lat.get(k)!.length} | ${pct(lat.get(k)!, 50).toFixed(0)} | ${pct(lat.get(k)!, 99).toFixed(0)} | ${again} | ${errs} |`;
    }),
  ];
  console.log(`\n${lines.join('\n')}\n`);
  console.log(`not 200 by kind and status: ${JSON.stringify(Object.fromEntries(errors))}`);
  console.log(`attempts sent again (as the web app does; writes with the same key): ${JSON.stringify(Object.fromEntries(retried))}`);
  console.log(`answers replayed from a key: ${JSON.stringify(Object.fromEntries([...counts].filter(([k]) => k.endsWith('replayed'))))}`);
  console.log(`creates: ${creates.length} sent, ${seen.length} answered 200, lost ${lostCreates}, duplicated ${duplicated}; sent again ${createsAgain.length}, of which applied exactly once ${retriedOnce}; never answered ${unanswered.length} (${unansweredCommitted} of them committed once, ${unanswered.length - unansweredCommitted} not at all)`);
  const reconnects = streams.reduce((a, st) => a + st.reconnects, 0);
  const gaps = streams.map((st) => st.maxGapMs).filter((x) => x > 0);
  console.log(`alerts ETA_LATE raised by positions ${alertCycles.raised} (on ${s.alertTrips.length} trips), handled through the API ${alertCycles.handled}, windows that raised none within 20 s ${alertCycles.notRaised}`);
  console.log(`streams: ${streams.length}, alert events logged ${published.length}, missed (stream × alert) ${missing()}, reconnects ${reconnects} (${streams.filter((st) => st.reconnects > 0).length} streams), failed first opens ${streams.reduce((a, st) => a + st.openFailures, 0)}, longest reconnect ${gaps.length ? (Math.max(...gaps) / 1000).toFixed(1) : 0} s`);
  console.log(`order report read on the replica ${reportSource.replica}, on the primary ${reportSource.primary}`);
  console.log(`timeline: ${timeline.join('; ')}`);
  console.log(`load average before ${load0.map((x) => x.toFixed(2)).join(' ')}, after ${load1.map((x) => x.toFixed(2)).join(' ')}`);
  const ok = lostCreates === 0 && duplicated === 0 && missing() === 0 && published.length > 0;
  console.log(ok ? 'OK: nothing lost, nothing duplicated, no alert missed' : 'FAILED');
  process.exit(ok ? 0 : 1);
}

await main();
