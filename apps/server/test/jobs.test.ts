/**
 * The job interface (platform/jobs.ts): queued jobs reach their worker (pg-boss on PostgreSQL,
 * in-process on PGlite), singleton keys, and scheduled ticks that run once per due time across
 * servers and restarts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { startServer, type TestServer } from './helpers.ts';

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

const until = async (cond: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** A second server on the same database (another node of the cluster, or this one restarted). */
async function secondServer(): Promise<FastifyInstance> {
  const config = loadConfig({ ...process.env, TMS_CAPTCHA: 'off', NODE_ENV: 'test' });
  const app = await buildApp({ db: s.db, config, clock: s.clock, logger: false });
  await app.ready();
  return app;
}

describe('queued jobs', () => {
  it('a sent job reaches its worker with its data', async () => {
    const got: unknown[] = [];
    await s.app.jobs.work('test-echo', async (d) => {
      got.push(d);
    });
    await s.app.jobs.send('test-echo', { n: 1 });
    await s.app.jobs.send('test-echo', { n: 2 });
    await until(() => got.length === 2);
    expect(got).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
  });

  it('a singleton key queues one job while one waits', async () => {
    const got: unknown[] = [];
    await s.app.jobs.work('test-single', async (d) => {
      got.push(d);
    });
    const later = new Date(s.clock.now().getTime() + 1500);
    await s.app.jobs.send('test-single', { n: 1 }, { singletonKey: 'k', startAfter: later });
    await s.app.jobs.send('test-single', { n: 2 }, { singletonKey: 'k', startAfter: later });
    await s.app.jobs.send('test-single', { n: 3 }, { singletonKey: 'other' });
    await until(() => got.length === 2);
    await new Promise((r) => setTimeout(r, 1500));
    expect(got).toHaveLength(2);
    expect(got).toEqual(expect.arrayContaining([{ n: 1 }, { n: 3 }]));
  });

  it('a failing job is retried', async () => {
    let calls = 0;
    await s.app.jobs.work('test-retry', async () => {
      calls++;
      if (calls < 2) throw new Error('first attempt fails');
    });
    await s.app.jobs.send('test-retry', {});
    await until(() => calls === 2, 40_000);
  }, 60_000);

  it('a batch worker gets the jobs that wait together; a throw fails its batch, whose jobs are retried; each job is done once', async () => {
    const batches: number[][] = [];
    let failed = false;
    await s.app.jobs.workBatch(
      'test-batch',
      async (list: { n: number }[]) => {
        batches.push(list.map((d) => d.n));
        if (!failed && list.some((d) => d.n === 7)) {
          failed = true;
          throw new Error('the batch with job 7 fails once');
        }
      },
      50,
    );
    await s.app.jobs.sendMany('test-batch', Array.from({ length: 20 }, (_, n) => ({ n })));
    const done = () => new Set(batches.slice(batches.findIndex((b) => b.includes(7)) + 1).flat());
    await until(() => failed && done().has(7), 40_000);
    const first = batches.find((b) => b.includes(7))!;
    // after the failure, the failed batch's jobs ran again, each once; the other jobs once in all
    const count = new Map<number, number>();
    for (const n of batches.flat()) count.set(n, (count.get(n) ?? 0) + 1);
    expect([...count.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    for (const [n, c] of count) expect(c, `job ${n}`).toBe(first.includes(n) ? 2 : 1);
    // on PostgreSQL (pg-boss) the 20 jobs sent together come in one batch; in-process, one at a time
    if (s.db.kind === 'pg') expect(first).toHaveLength(20);
    else expect(batches.every((b) => b.length === 1)).toBe(true);
  }, 60_000);
});

describe('scheduled ticks', () => {
  it('a due time runs once, on this server, on another one, and after a restart', async () => {
    const runs: string[] = [];
    const handler = async (due: Date) => {
      runs.push(due.toISOString());
    };
    await s.app.jobs.schedule('test-tick', 60, handler);
    const due = new Date('2030-01-01T08:00:00Z');
    expect(await s.app.jobs.runScheduled('test-tick', due)).toBe(true);
    expect(await s.app.jobs.runScheduled('test-tick', due)).toBe(false);

    const other = await secondServer();
    try {
      await other.jobs.schedule('test-tick', 60, handler);
      expect(await other.jobs.runScheduled('test-tick', due)).toBe(false);
      // two servers racing for the next due time: exactly one runs it
      const next = new Date('2030-01-01T08:01:00Z');
      const both = await Promise.all([s.app.jobs.runScheduled('test-tick', next), other.jobs.runScheduled('test-tick', next)]);
      expect(both.filter(Boolean)).toHaveLength(1);
    } finally {
      await other.close();
    }
    expect(runs).toEqual(['2030-01-01T08:00:00.000Z', '2030-01-01T08:01:00.000Z']);
    const row = await s.db.query<{ status: string }>(`select status from sys_job_run where name = 'test-tick' order by due_at`);
    expect(row.rows.map((r) => r.status)).toEqual(['DONE', 'DONE']);
  });

  it('with timers on, the current slot runs at start and every slot after', async () => {
    const config = loadConfig({ ...process.env, TMS_CAPTCHA: 'off', NODE_ENV: 'test', TMS_JOBS: 'on' });
    const app = await buildApp({ db: s.db, config, clock: s.clock, logger: false });
    const runs: number[] = [];
    await app.jobs.schedule('test-timer', 1, async (due) => {
      runs.push(due.getTime());
    });
    await app.ready();
    try {
      await until(() => runs.length >= 2, 10_000);
      // whole slots, each once, in order (a slot that comes while the last one still runs is skipped)
      expect(runs[0]! % 1000).toBe(0);
      expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(1000);
      expect((runs[1]! - runs[0]!) % 1000).toBe(0);
      expect(new Set(runs).size).toBe(runs.length);
    } finally {
      await app.close();
    }
  });

  it('a failed tick is recorded and not run again', async () => {
    await s.app.jobs.schedule('test-fail', 60, async () => {
      throw new Error('boom');
    });
    const due = new Date('2030-01-01T09:00:00Z');
    await expect(s.app.jobs.runScheduled('test-fail', due)).rejects.toThrow('boom');
    expect(await s.app.jobs.runScheduled('test-fail', due)).toBe(false);
    const r = await s.db.query<{ status: string; error: string }>(`select status, error from sys_job_run where name = 'test-fail'`);
    expect(r.rows[0]).toMatchObject({ status: 'FAILED', error: expect.stringContaining('boom') });
  });
});
