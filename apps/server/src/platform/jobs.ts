/**
 * Background work behind one interface (architecture: "one job interface").
 *
 * - `schedule(name, everySeconds, handler)`: one tick per due time T = floor(now / every) × every
 *   (epoch-aligned, from the app clock). Every server runs the same timer; a tick is *claimed* by
 *   inserting (name, due_at) into `sys_job_run` with `on conflict do nothing`, so two servers, or a
 *   restart, never run the same due time twice. At start the current slot is run when no server has
 *   claimed it yet, so a restart does not lose it. A tick whose handler fails is recorded as FAILED
 *   and not retried: the next due time evaluates again.
 * - `send(name, data)` / `work(name, handler)`: a queue. On a PostgreSQL server it is pg-boss 10
 *   (sharing the server's connection pool; its tables live in the `pgboss` schema); on embedded
 *   PGlite (one process, one connection) an in-process queue with the same semantics (jobs waiting
 *   there do not survive a restart). `singletonKey`: while a job with that key is waiting or
 *   running, sending another is a no-op. A failing handler is retried twice.
 *
 * Config `jobs`: 'on' starts the schedule timers; 'manual' (the default under NODE_ENV=test) leaves
 * them off, so tests run ticks with `runScheduled(name, due)` at the times they choose.
 */
import PgBoss from 'pg-boss';
import type { Clock } from './config.ts';
import type { Db } from './db.ts';

export type JobData = Record<string, unknown>;
export interface SendOptions {
  /** while a job with this key is waiting or running, sending another one is a no-op */
  singletonKey?: string;
  /** not before this time */
  startAfter?: Date;
}

export interface Jobs {
  start(): Promise<void>;
  stop(): Promise<void>;
  schedule(name: string, everySeconds: number, handler: (due: Date) => Promise<void>): Promise<void>;
  send(name: string, data: object, opts?: SendOptions): Promise<void>;
  /** Many jobs of a queue in one statement (no options: each runs as soon as a worker takes it). */
  sendMany(name: string, list: object[]): Promise<void>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each queue's payload is its own
  work(name: string, handler: (data: any) => Promise<void>): Promise<void>;
  /**
   * A worker given up to `batchSize` jobs at once (as many as wait, on PostgreSQL; one at a time in-process): for work
   * that is cheaper together (one statement for many rows). A throw fails every job of the batch, each retried.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each queue's payload is its own
  workBatch(name: string, handler: (list: any[]) => Promise<void>, batchSize: number): Promise<void>;
  /** Runs `name`'s tick for `due` unless some server already claimed it; true when it ran here. */
  runScheduled(name: string, due: Date): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

type Handler = (data: JobData) => Promise<void>;
type BatchHandler = (list: JobData[]) => Promise<void>;
interface Schedule {
  name: string;
  everyMs: number;
  handler: (due: Date) => Promise<void>;
  lastDue: number;
  running: boolean;
  timer: NodeJS.Timeout | null;
}

export const RETRY_LIMIT = 2;
/** how long claims of past ticks are kept */
const RUN_RETENTION_DAYS = 7;

export interface JobsOptions {
  db: Db;
  clock: Clock;
  mode: 'on' | 'manual';
  log?: { error: (obj: unknown, msg?: string) => void };
}

export function createJobs(opts: JobsOptions): Jobs {
  const queue = opts.db.kind === 'pg' ? new BossQueue(opts) : new LocalQueue(opts);
  return new Scheduler(opts, queue);
}

interface Queue {
  start(): Promise<void>;
  stop(): Promise<void>;
  send(name: string, data: object, opts?: SendOptions): Promise<void>;
  sendMany(name: string, list: object[]): Promise<void>;
  work(name: string, handler: BatchHandler, batchSize: number): Promise<void>;
}

class Scheduler implements Jobs {
  private readonly schedules = new Map<string, Schedule>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly o: JobsOptions,
    private readonly queue: Queue,
  ) {}

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.queue.start();
    if (this.o.mode === 'on') for (const s of this.schedules.values()) this.loop(s);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const s of this.schedules.values()) if (s.timer) clearTimeout(s.timer);
    await this.queue.stop();
  }

  async schedule(name: string, everySeconds: number, handler: (due: Date) => Promise<void>): Promise<void> {
    if (this.schedules.has(name)) throw new Error(`job ${name} is already scheduled`);
    if (!(everySeconds >= 1)) throw new Error('everySeconds must be ≥ 1');
    const s: Schedule = { name, everyMs: Math.round(everySeconds * 1000), handler, lastDue: 0, running: false, timer: null };
    this.schedules.set(name, s);
    if (this.started && this.o.mode === 'on') this.loop(s);
  }

  send(name: string, data: object, opts?: SendOptions): Promise<void> {
    return this.queue.send(name, data, opts);
  }

  sendMany(name: string, list: object[]): Promise<void> {
    return list.length ? this.queue.sendMany(name, list) : Promise.resolve();
  }

  work(name: string, handler: Handler): Promise<void> {
    return this.queue.work(name, ([data]) => handler(data!), 1);
  }

  workBatch(name: string, handler: BatchHandler, batchSize: number): Promise<void> {
    return this.queue.work(name, handler, batchSize);
  }

  async runScheduled(name: string, due: Date): Promise<boolean> {
    const s = this.schedules.get(name);
    if (!s) throw new Error(`no job scheduled as ${name}`);
    const { db } = this.o;
    const claim = await db.query(`insert into sys_job_run(name, due_at, status, started_at) values ($1, $2, 'RUNNING', now()) on conflict do nothing returning name`, [
      name,
      due,
    ]);
    if (!claim.rowCount) return false;
    try {
      await s.handler(due);
      await db.query(`update sys_job_run set status = 'DONE', finished_at = now() where name = $1 and due_at = $2`, [name, due]);
    } catch (e) {
      this.o.log?.error({ err: e, job: name, due }, 'scheduled job failed');
      await db
        .query(`update sys_job_run set status = 'FAILED', finished_at = now(), error = $3 where name = $1 and due_at = $2`, [name, due, String(e).slice(0, 2000)])
        .catch(() => undefined);
      throw e;
    }
    await db.query(`delete from sys_job_run where name = $1 and due_at < $2`, [name, new Date(due.getTime() - RUN_RETENTION_DAYS * 86_400_000)]);
    return true;
  }

  /** Fires at every slot boundary (and at once for the current slot). */
  private loop(s: Schedule): void {
    if (this.stopped) return;
    const now = this.o.clock.now().getTime();
    const due = Math.floor(now / s.everyMs) * s.everyMs;
    if (due !== s.lastDue && !s.running) {
      s.lastDue = due;
      s.running = true;
      this.runScheduled(s.name, new Date(due))
        .catch(() => undefined) // logged in runScheduled
        .finally(() => {
          s.running = false;
        });
    }
    s.timer = setTimeout(() => this.loop(s), due + s.everyMs - now + 20);
    s.timer.unref();
  }
}

/** pg-boss 10 on the server's own pool (no extra connections). */
class BossQueue implements Queue {
  private boss: PgBoss | null = null;
  private booting: Promise<PgBoss> | null = null;
  private readonly handlers = new Map<string, { handler: BatchHandler; batchSize: number }>();
  private readonly queues = new Map<string, Promise<void>>();
  /** this process's worker of each queue: woken when a job is sent here */
  private readonly workers = new Map<string, string>();
  private started = false;

  constructor(private readonly o: JobsOptions) {}

  async start(): Promise<void> {
    this.started = true;
    // queues only cost something when used: pg-boss boots on the first worker or job
    if (this.handlers.size) {
      const boss = await this.ensure();
      for (const [name, h] of this.handlers) await this.attach(boss, name, h.handler, h.batchSize);
    }
  }

  async stop(): Promise<void> {
    this.started = false;
    const boss = this.boss ?? (this.booting ? await this.booting.catch(() => null) : null);
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
    this.boss = null;
    this.booting = null;
  }

  async send(name: string, data: object, opts: SendOptions = {}): Promise<void> {
    const boss = await this.ensure();
    await this.queue(boss, name);
    const send = { singletonKey: opts.singletonKey, startAfter: opts.startAfter, retryLimit: RETRY_LIMIT };
    if (!opts.singletonKey) {
      await boss.send(name, data, send);
      this.wake(boss, name);
      return;
    }
    // one waiting-or-running job per key: check and insert under a per-key transaction lock
    await this.o.db.tx(async (q) => {
      await q.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`tms-job:${name}:${opts.singletonKey}`]);
      const busy = await q.query(`select 1 from pgboss.job where name = $1 and singleton_key = $2 and state in ('created', 'retry', 'active') limit 1`, [
        name,
        opts.singletonKey,
      ]);
      if (!busy.rowCount) await boss.send(name, data, { ...send, db: { executeSql: (text: string, values: unknown[]) => q.query(text, values) } });
    });
    this.wake(boss, name);
  }

  async sendMany(name: string, list: object[]): Promise<void> {
    const boss = await this.ensure();
    await this.queue(boss, name);
    await boss.insert(list.map((data) => ({ name, data, retryLimit: RETRY_LIMIT })));
    this.wake(boss, name);
  }

  /** A job sent here starts now rather than at this process's worker's next poll (other servers poll each second). */
  private wake(boss: PgBoss, name: string): void {
    const id = this.workers.get(name);
    if (id) boss.notifyWorker(id);
  }

  async work(name: string, handler: BatchHandler, batchSize: number): Promise<void> {
    if (this.handlers.has(name)) throw new Error(`a worker for ${name} exists`);
    this.handlers.set(name, { handler, batchSize });
    if (this.started) await this.attach(await this.ensure(), name, handler, batchSize);
  }

  /** pg-boss waits its polling interval after every fetch, found jobs or not (one job a second): a worker that found some fetches again at once. */
  private async attach(boss: PgBoss, name: string, handler: BatchHandler, batchSize: number): Promise<void> {
    await this.queue(boss, name);
    let id = '';
    id = await boss.work<JobData>(name, { pollingIntervalSeconds: 1, batchSize: Math.max(1, batchSize) }, async (jobs) => {
      try {
        await handler(jobs.map((j) => j.data));
      } finally {
        if (jobs.length && id) boss.notifyWorker(id);
      }
    });
    this.workers.set(name, id);
  }

  private queue(boss: PgBoss, name: string): Promise<void> {
    let p = this.queues.get(name);
    if (!p) {
      p = (async () => {
        if (await boss.getQueue(name)) return;
        await boss.createQueue(name, { name, retryLimit: RETRY_LIMIT }).catch(async (e) => {
          if (!(await boss.getQueue(name))) throw e; // another server created it meanwhile
        });
      })();
      this.queues.set(name, p);
      p.catch(() => this.queues.delete(name));
    }
    return p;
  }

  private ensure(): Promise<PgBoss> {
    this.booting ??= (async () => {
      const { db } = this.o;
      const boss = new PgBoss({
        db: { executeSql: (text: string, values: unknown[]) => db.query(text, values) },
        schedule: false, // schedules are ours (sys_job_run claims)
        supervise: true,
        migrate: true,
      });
      boss.on('error', (e) => this.o.log?.error({ err: e }, 'job queue error'));
      await boss.start();
      this.boss = boss;
      return boss;
    })();
    this.booting.catch(() => {
      this.booting = null;
    });
    return this.booting;
  }
}

interface LocalJob {
  name: string;
  data: JobData;
  key: string | null;
  attempts: number;
}

/** Embedded PGlite: one process, so the queue lives in memory. */
class LocalQueue implements Queue {
  private readonly handlers = new Map<string, Handler>();
  private readonly waiting = new Map<string, LocalJob[]>();
  private readonly keys = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = 0;
  private stopped = false;
  private idle: (() => void) | null = null;

  constructor(private readonly o: JobsOptions) {}

  async start(): Promise<void> {
    for (const name of this.handlers.keys()) this.pump(name);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    if (this.running) await new Promise<void>((r) => (this.idle = r));
  }

  async send(name: string, data: object, opts: SendOptions = {}): Promise<void> {
    const key = opts.singletonKey ? `${name}\u0000${opts.singletonKey}` : null;
    if (key && this.keys.has(key)) return;
    if (key) this.keys.add(key);
    const job: LocalJob = { name, data: data as JobData, key, attempts: 0 };
    const delay = opts.startAfter ? opts.startAfter.getTime() - this.o.clock.now().getTime() : 0;
    if (delay > 0) this.later(delay, () => this.enqueue(job));
    else this.enqueue(job);
  }

  async sendMany(name: string, list: object[]): Promise<void> {
    for (const data of list) await this.send(name, data);
  }

  // one process: every job runs as it comes, alone
  async work(name: string, handler: BatchHandler, _batchSize: number): Promise<void> {
    if (this.handlers.has(name)) throw new Error(`a worker for ${name} exists`);
    this.handlers.set(name, (data) => handler([data]));
    this.pump(name);
  }

  private later(ms: number, fn: () => void): void {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    t.unref();
    this.timers.add(t);
  }

  private enqueue(job: LocalJob): void {
    const list = this.waiting.get(job.name) ?? [];
    list.push(job);
    this.waiting.set(job.name, list);
    this.pump(job.name);
  }

  private pump(name: string): void {
    const handler = this.handlers.get(name);
    const list = this.waiting.get(name);
    if (this.stopped || !handler || !list?.length) return;
    const job = list.shift()!;
    this.running++;
    setImmediate(async () => {
      try {
        if (!this.stopped) await handler(job.data);
        if (job.key) this.keys.delete(job.key);
      } catch (e) {
        this.o.log?.error({ err: e, job: name }, 'job failed');
        if (++job.attempts <= RETRY_LIMIT) this.later(1000 * job.attempts, () => this.enqueue(job));
        else if (job.key) this.keys.delete(job.key);
      } finally {
        this.running--;
        if (!this.running && this.idle) this.idle();
        this.pump(name);
      }
    });
  }
}
