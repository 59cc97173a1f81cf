/**
 * Reads that may go to a streaming replica (issue 20): reports and their exports read a lot and change nothing, so
 * with `DATABASE_REPLICA_URL` set they run there, as long as the replica is at most `TMS_REPLICA_MAX_LAG_SECONDS`
 * (default 30) behind the primary. A replica further behind, unreachable or failing mid-read sends the read to the
 * primary: a report is never refused because of the replica. The lag is measured at most once a second per server
 * (one cheap query on the replica) and given with the figures, so a screen can say how old they are.
 *
 * Lag: 0 when the replica has replayed all the WAL it received (an idle primary sends nothing, and
 * `pg_last_xact_replay_timestamp()` alone would then grow for ever), else the age of the last replayed transaction.
 * A database that is not in recovery (a replica URL pointing at a primary) has no lag.
 */
import type { Db, Queryable } from './db.ts';

export interface ReadTarget {
  q: Queryable;
  /** seconds the figures may be behind (rounded), when read on the replica; null on the primary */
  lagSeconds: number | null;
  onReplica: boolean;
}

export interface Reads {
  /** where a report reads now, with how far behind it is */
  pick(): Promise<ReadTarget>;
  /** runs `fn` on the replica when it is fit, else (or when it fails there on the connection) on the primary */
  run<T>(fn: (q: Queryable) => Promise<T>): Promise<{ value: T; lagSeconds: number | null }>;
  /** how many reads went where (the cluster's load script and the tests look) */
  readonly counts: { replica: number; primary: number; fallbacks: number };
  /** the lag measure, seconds (replaceable in tests to force a lag) */
  measureLag: (replica: Queryable) => Promise<number>;
  /** forgets the measured lag and a replica set aside after a failure: the next read measures again */
  reset(): void;
  close(): Promise<void>;
}

/** The header of an export read on the replica: how many seconds its figures may be behind the primary. */
export const LAG_HEADER = 'x-replica-lag-seconds';

export const LAG_SQL = `select case when not pg_is_in_recovery() then 0
  when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()), 0) end::float8 as lag`;

/** How long a replica that failed is left alone before it is tried again. */
const DOWN_MS = 5_000;
const LAG_CACHE_MS = 1_000;

/** Errors of the connection or the server (not of the query): the replica is unfit, the primary can answer. */
const isConnectionError = (e: unknown): boolean => {
  const code = (e as { code?: string } | null)?.code ?? '';
  const msg = e instanceof Error ? e.message : '';
  return /^(08|57P|53|58)/.test(code) || code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT' || /terminat|Connection|connect/i.test(msg) || code === '40001';
};

export function createReads(primary: Db, replica: Db | null, maxLagSeconds: number, log?: { warn: (o: unknown, m?: string) => void }): Reads {
  let downUntil = 0;
  let cached: { at: number; lag: number } | null = null;
  const counts = { replica: 0, primary: 0, fallbacks: 0 };
  const onPrimary: ReadTarget = { q: primary, lagSeconds: null, onReplica: false };
  const markDown = (e: unknown) => {
    downUntil = Date.now() + DOWN_MS;
    cached = null;
    counts.fallbacks++;
    log?.warn({ err: e }, 'replica unavailable: reads go to the primary');
  };
  const reads: Reads = {
    counts,
    measureLag: async (q) => Number((await q.query<{ lag: number }>(LAG_SQL)).rows[0]?.lag ?? 0),
    async pick() {
      if (!replica || Date.now() < downUntil) return onPrimary;
      let lag: number;
      if (cached && Date.now() - cached.at < LAG_CACHE_MS) lag = cached.lag;
      else {
        try {
          lag = await reads.measureLag(replica);
        } catch (e) {
          markDown(e);
          return onPrimary;
        }
        cached = { at: Date.now(), lag };
      }
      return lag <= maxLagSeconds ? { q: replica, lagSeconds: Math.round(lag), onReplica: true } : onPrimary;
    },
    async run(fn) {
      const t = await reads.pick();
      if (!t.onReplica) {
        counts.primary++;
        return { value: await fn(primary), lagSeconds: null };
      }
      try {
        const value = await fn(t.q);
        counts.replica++;
        return { value, lagSeconds: t.lagSeconds };
      } catch (e) {
        if (!isConnectionError(e)) throw e;
        markDown(e);
        counts.primary++;
        return { value: await fn(primary), lagSeconds: null };
      }
    },
    reset() {
      cached = null;
      downUntil = 0;
    },
    async close() {
      await replica?.close();
    },
  };
  return reads;
}

declare module 'fastify' {
  interface FastifyInstance {
    reads: Reads;
  }
}
