/**
 * The JT/T 808 TCP server (config `jt808.port`, TMS_JT808_PORT; off by default).
 *
 * Each connection is a small state machine: a terminal registers (0x0100 → 0x8100 with an authentication code;
 * a terminal number no vehicle carries is refused with result 4, "no such terminal"), authenticates (0x0102 →
 * 0x8001), then reports (0x0200, 0x0704) and beats (0x0002). Reports and heartbeats before authentication are
 * answered 0x8001 "failure" and not stored. A report is acknowledged once its row is committed, so a terminal
 * resends what was not (no position is lost).
 *
 * Limits so one faulty device cannot starve the others: connections per address, frames per second per
 * connection (token bucket), an idle timeout, bounded frame and split-packet buffers. A malformed frame (bytes
 * outside a frame, bad escape or check code, a body that does not parse) is logged and the connection closed.
 *
 * Positions of all connections are written together in batches that grow with the load (group commit:
 * PositionWriter); a batch finds each vehicle's dispatch order in progress in one query and stores the batch through the shared
 * ingestion (fleet/ingest.ts) in one insert; alarm flags raise alerts (alert/terminal.ts).
 *
 * Every `statsSeconds` (TMS_JT808_STATS_SECONDS, default 60; 0 = never) one log line 'jt808: ingestion' gives the
 * window's positions stored, failed batches, open connections and the time from a frame's bytes received to its
 * row committed (p50, p99, max, and the histogram's buckets: fleet/latency.ts).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Clock, Jt808Config } from '../../platform/config.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import {
  decodeAuth,
  decodeBatch,
  decodeFrame,
  decodeLocation,
  decodeRegister,
  encodeFrame,
  encodeGeneralResponse,
  encodeRegisterResponse,
  FrameSplitter,
  Jt808Error,
  MSG,
  normalizeTerminal,
  Reassembler,
  REGISTER_RESULT,
  RESULT,
  type Header,
  type Location,
  type Message,
} from './jt808.ts';
import { ingestPositions, vehicleTargets, type IngestSinks, type PositionRow } from './ingest.ts';
import { raiseTerminalAlarms } from '../alert/terminal.ts';
import { LatencyHistogram } from './latency.ts';

const MAX_BATCH = 2000;
const FLUSH_MS = 20;
/** a report further ahead than this is a clock error, not a position */
const FUTURE_SLACK_MS = 10 * 60_000;
/** frames waiting for their turn on one connection before it stops reading */
const MAX_QUEUED = 64;
const MAX_AUTH_FAILURES = 3;

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

interface Waiting {
  rows: PositionRow[];
  /** performance.now() when the frame's bytes were read */
  received: number;
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** What the writer did since the last stats line. */
class IngestWindow {
  latency = new LatencyHistogram();
  positions = 0;
  batches = 0;
  failed = 0;
}

/**
 * Gathers the positions of every connection and stores them in few, large statements, one batch at a time (group
 * commit): the first rows after a quiet moment wait FLUSH_MS for company; while a batch is being stored, what comes
 * meanwhile waits and goes in the next one, whole (up to MAX_BATCH rows). So the batches grow with the load and the
 * database's pace instead of queueing many small ones behind each other.
 *
 * One batch at a time on purpose: once the work waiting spans more than a vehicle's report interval, two batches at
 * once hold reports of the same vehicles and the second waits for the first's row locks (its newest position, its
 * dispatch order's ETA) — measured (bench/jt808.ts), two at once fell further behind than one.
 */
class PositionWriter {
  window = new IngestWindow();
  private queue: Waiting[] = [];
  private size = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly sinks: IngestSinks,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** announces new alerts, in the transaction that inserted them (logged with them: a stream reopened elsewhere replays it) */
    private readonly onAlerts: (created: { id: number; dispatchCenterId: number }[], q: Queryable) => Promise<void>,
  ) {}

  write(rows: PositionRow[], received: number): Promise<void> {
    if (!rows.length) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push({ rows, received, resolve, reject });
      this.size += rows.length;
      if (this.running) return; // the batch under way takes these next
      if (this.size >= MAX_BATCH) void this.run();
      else this.timer ??= setTimeout(() => void this.run(), FLUSH_MS);
    });
  }

  /** stores batch after batch while rows wait */
  private run(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running ??= (async () => {
      try {
        while (this.queue.length) await this.flush(this.take());
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** the waiting messages, oldest first, up to MAX_BATCH rows (at least one message) */
  private take(): Waiting[] {
    let n = 0;
    let k = 0;
    while (k < this.queue.length && (k === 0 || n + this.queue[k]!.rows.length <= MAX_BATCH)) n += this.queue[k++]!.rows.length;
    this.size -= n;
    return this.queue.splice(0, k);
  }

  private async flush(batch: Waiting[]): Promise<void> {
    try {
      const rows = batch.flatMap((w) => w.rows);
      const targets = await vehicleTargets(this.db, [...new Set(rows.map((r) => r.vehicleId!))]);
      for (const r of rows) {
        const t = targets.get(r.vehicleId!);
        r.shipmentId = t?.shipmentId ?? null;
        r.dispatchCenterId = t?.dispatchCenterId ?? null;
        r.driverId = t?.driverId ?? null;
      }
      const now = this.clock.now();
      // the alarms first: the monitor's rows of this batch already count the alerts it opens
      await this.db.tx(async (q) => {
        const alerts = await raiseTerminalAlarms(q, rows, now);
        await ingestPositions(q, this.sinks, rows, now);
        if (alerts.length) await this.onAlerts(alerts, q);
      });
      const committed = performance.now();
      const win = this.window;
      win.batches++;
      win.positions += rows.length;
      for (const w of batch) {
        win.latency.add(committed - w.received, w.rows.length);
        w.resolve();
      }
    } catch (e) {
      this.log.error({ err: e }, 'jt808: storing positions failed');
      this.window.failed++;
      for (const w of batch) w.reject(e);
    }
  }

  /** stores what is waiting */
  async drain(): Promise<void> {
    await this.run();
  }
}

export interface Jt808Server {
  /** the port listened on (the system's choice when configured 0) */
  port(): number | null;
  close(): Promise<void>;
  /** open connections */
  connections(): number;
}

interface Conn {
  socket: Socket;
  address: string;
  splitter: FrameSplitter;
  parts: Reassembler;
  /** set once authenticated */
  vehicleId: number | null;
  phone: string | null;
  serial: number;
  tokens: number;
  refilled: number;
  queued: number;
  chain: Promise<void>;
  authFailures: number;
  closed: boolean;
}

export async function startJt808(opts: { db: Db; clock: Clock; realtime: Realtime; events: DomainEvents; config: Jt808Config; log: FastifyBaseLogger; announce?: (c: { id: number; dispatchCenterId: number }[], q: Queryable) => Promise<void> }): Promise<Jt808Server> {
  const { db, clock, config } = opts;
  const log = opts.log.child({ module: 'jt808' });
  const writer = new PositionWriter(db, { realtime: opts.realtime, events: opts.events }, clock, log, opts.announce ?? (async () => undefined));
  const perAddress = new Map<string, number>();
  const conns = new Set<Conn>();
  let closing = false;

  const send = (c: Conn, h: Header, msgId: number, body: Buffer) => {
    if (c.closed) return;
    c.serial = (c.serial + 1) & 0xffff;
    c.socket.write(encodeFrame({ msgId, version: h.version, protocolVersion: h.protocolVersion, phone: h.phone, serial: c.serial }, body));
  };
  const answer = (c: Conn, h: Header, result: number) => send(c, h, MSG.PLATFORM_RESPONSE, encodeGeneralResponse(h.serial, h.msgId, result));

  const drop = (c: Conn, why: string, extra: Record<string, unknown> = {}) => {
    if (c.closed) return;
    log.warn({ remote: c.address, terminal: c.phone, ...extra }, `jt808: connection closed: ${why}`);
    c.closed = true;
    c.socket.destroy();
  };

  async function register(c: Conn, m: Message): Promise<void> {
    const r = decodeRegister(m.body, m.header.version);
    const number = normalizeTerminal(m.header.phone);
    const v = await db.query<{ id: number }>(`select id from base_transport_means where ltrim(terminal_number, '0') = $1 and terminal_number is not null limit 1`, [number]);
    const vehicle = v.rows[0];
    if (!vehicle) {
      log.info({ remote: c.address, terminal: number }, 'jt808: registration of an unknown terminal refused');
      return send(c, m.header, MSG.REGISTER_RESPONSE, encodeRegisterResponse(m.header.serial, REGISTER_RESULT.NO_TERMINAL, null));
    }
    const code = randomBytes(12).toString('hex');
    await db.query(
      `insert into tms_terminal(vehicle_id, terminal_number, auth_hash, manufacturer, model, device_id, plate, registered_at)
       values ($1, $2, $3, left($4, 30), left($5, 40), left($6, 40), left($7, 20), $8)
       on conflict (vehicle_id) do update set terminal_number = excluded.terminal_number, auth_hash = excluded.auth_hash, manufacturer = excluded.manufacturer,
              model = excluded.model, device_id = excluded.device_id, plate = excluded.plate, registered_at = excluded.registered_at`,
      [vehicle.id, number, hash(code), r.manufacturer, r.model, r.terminalId, r.plate, clock.now()],
    );
    send(c, m.header, MSG.REGISTER_RESPONSE, encodeRegisterResponse(m.header.serial, REGISTER_RESULT.OK, code));
  }

  async function authenticate(c: Conn, m: Message): Promise<void> {
    const a = decodeAuth(m.body, m.header.version);
    const number = normalizeTerminal(m.header.phone);
    const r = await db.query<{ vehicle_id: number; auth_hash: string }>(
      `select t.vehicle_id, t.auth_hash from tms_terminal t join base_transport_means v on v.id = t.vehicle_id where ltrim(v.terminal_number, '0') = $1 and v.terminal_number is not null limit 1`,
      [number],
    );
    const t = r.rows[0];
    const good = !!t && timingSafeEqual(Buffer.from(t.auth_hash, 'hex'), Buffer.from(hash(a.code), 'hex'));
    if (!good) {
      answer(c, m.header, RESULT.FAILURE);
      if (++c.authFailures >= MAX_AUTH_FAILURES) drop(c, 'authentication failed', { number });
      return;
    }
    c.vehicleId = t.vehicle_id;
    c.phone = m.header.phone;
    await db.query(`update tms_terminal set authenticated_at = $2, last_seen_at = $2 where vehicle_id = $1`, [t.vehicle_id, clock.now()]);
    answer(c, m.header, RESULT.OK);
  }

  const toRow = (vehicleId: number, l: Location): PositionRow => ({
    dispatchCenterId: null,
    shipmentId: null,
    vehicleId,
    driverId: null,
    lng: l.lng,
    lat: l.lat,
    speed: l.speed,
    direction: l.direction,
    at: l.at,
    source: 'JT808',
    altitude: l.altitude,
    alarm: l.alarm,
    status: l.status,
    mileage: l.mileage,
    fuel: l.fuel,
  });

  async function report(c: Conn, m: Message, received: number): Promise<void> {
    const locations = m.header.msgId === MSG.LOCATION ? [decodeLocation(m.body)] : decodeBatch(m.body).locations;
    const limit = clock.now().getTime() + FUTURE_SLACK_MS;
    // no fix (0, 0) and clocks far ahead are not positions: acknowledged, not stored
    const rows = locations.filter((l) => (l.lat !== 0 || l.lng !== 0) && l.at.getTime() <= limit).map((l) => toRow(c.vehicleId!, l));
    try {
      await writer.write(rows, received);
    } catch {
      return answer(c, m.header, RESULT.FAILURE); // the terminal sends it again
    }
    answer(c, m.header, RESULT.OK);
  }

  async function handle(c: Conn, m: Message, received: number): Promise<void> {
    const h = m.header;
    if (h.encryption) return answer(c, h, RESULT.UNSUPPORTED);
    if (c.phone !== null && h.phone !== c.phone) return drop(c, 'another terminal number on an authenticated connection', { number: h.phone });
    switch (h.msgId) {
      case MSG.REGISTER:
        return register(c, m);
      case MSG.AUTH:
        return authenticate(c, m);
      case MSG.TERMINAL_RESPONSE:
        return;
      case MSG.HEARTBEAT:
      case MSG.LOCATION:
      case MSG.BATCH_LOCATION:
        if (c.vehicleId === null) return answer(c, h, RESULT.FAILURE); // not authenticated: refused
        if (h.msgId === MSG.HEARTBEAT) return answer(c, h, RESULT.OK);
        return report(c, m, received);
      case MSG.LOGOUT:
        answer(c, h, RESULT.OK);
        c.socket.end();
        return;
      default:
        return answer(c, h, RESULT.UNSUPPORTED);
    }
  }

  /** token bucket: `framesPerSecond` per second, bursts up to twice that */
  const allow = (c: Conn) => {
    const now = Date.now();
    const cap = config.framesPerSecond * 2;
    c.tokens = Math.min(cap, c.tokens + ((now - c.refilled) / 1000) * config.framesPerSecond);
    c.refilled = now;
    if (c.tokens < 1) return false;
    c.tokens -= 1;
    return true;
  };

  function onData(c: Conn, chunk: Buffer): void {
    const received = performance.now();
    let frames: Buffer[];
    try {
      frames = c.splitter.push(chunk);
    } catch (e) {
      return drop(c, 'malformed stream', { reason: (e as Jt808Error).reason, error: (e as Error).message });
    }
    for (const f of frames) {
      if (!allow(c)) return drop(c, 'too many frames per second', { limit: config.framesPerSecond });
      let m: Message | null;
      try {
        m = c.parts.add(decodeFrame(f));
      } catch (e) {
        return drop(c, 'malformed frame', { reason: (e as Jt808Error).reason, error: (e as Error).message, frame: f.subarray(0, 64).toString('hex') });
      }
      if (!m) continue;
      const msg = m;
      if (++c.queued > MAX_QUEUED) c.socket.pause();
      c.chain = c.chain
        .then(() => (c.closed ? undefined : handle(c, msg, received)))
        .catch((e) => {
          if (e instanceof Jt808Error) drop(c, 'malformed message', { reason: e.reason, error: e.message, msgId: msg.header.msgId });
          else {
            log.error({ err: e, remote: c.address }, 'jt808: handling a message failed');
            drop(c, 'server error');
          }
        })
        .finally(() => {
          if (--c.queued <= MAX_QUEUED / 2 && !c.closed) c.socket.resume();
        });
    }
  }

  const server: Server = createServer((socket) => {
    const address = socket.remoteAddress ?? '?';
    const n = (perAddress.get(address) ?? 0) + 1;
    if (closing || n > config.maxPerAddress) {
      if (!closing) log.warn({ remote: address, limit: config.maxPerAddress }, 'jt808: too many connections from one address');
      socket.destroy();
      return;
    }
    perAddress.set(address, n);
    const c: Conn = {
      socket,
      address,
      splitter: new FrameSplitter(),
      parts: new Reassembler(),
      vehicleId: null,
      phone: null,
      serial: 0,
      tokens: config.framesPerSecond * 2,
      refilled: Date.now(),
      queued: 0,
      chain: Promise.resolve(),
      authFailures: 0,
      closed: false,
    };
    conns.add(c);
    socket.setNoDelay(true);
    socket.setTimeout(config.idleSeconds * 1000, () => drop(c, 'idle'));
    socket.on('data', (chunk) => onData(c, chunk));
    socket.on('error', () => undefined); // resets by the peer: 'close' follows
    socket.on('close', () => {
      c.closed = true;
      conns.delete(c);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
  server.on('error', (e) => log.error({ err: e }, 'jt808: server error'));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port ?? 0, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address();
  log.info({ port: bound && typeof bound === 'object' ? bound.port : null }, 'jt808: listening for terminals');
  const stats = config.statsSeconds
    ? setInterval(() => {
        const w = writer.window;
        writer.window = new IngestWindow();
        if (!w.positions && !w.failed && !conns.size) return;
        const ms = (x: number) => Math.round(x * 10) / 10;
        log.info(
          { connections: conns.size, positions: w.positions, batches: w.batches, failedBatches: w.failed, p50: ms(w.latency.percentile(50)), p99: ms(w.latency.percentile(99)), max: ms(w.latency.max), buckets: w.latency.buckets() },
          'jt808: ingestion',
        );
      }, config.statsSeconds * 1000)
    : null;
  stats?.unref();

  return {
    port: () => {
      const a = server.address();
      return a && typeof a === 'object' ? a.port : null;
    },
    connections: () => conns.size,
    async close() {
      closing = true;
      if (stats) clearInterval(stats);
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      // messages under way finish (their answers are written), then each connection ends
      await Promise.allSettled([...conns].map((c) => c.chain));
      await writer.drain();
      for (const c of conns) {
        c.closed = true;
        c.socket.end();
        setTimeout(() => c.socket.destroy(), 1000).unref();
      }
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 2000).unref())]);
    },
  };
}

