/**
 * The pull job: every 30 s a scheduled tick queues one job per enabled PULL account that is due
 * (its next_pull_at reached); the job fetches the positions of the account's vehicles since the newest
 * one stored. A failure is recorded on the account (last error, failures in a row) and the next pull
 * backs off exponentially (interval × 2^failures, at most an hour); the first success after an outage
 * fetches everything since the cursor, so nothing reported meanwhile is lost.
 */
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { adapterFor, parseMapping } from './adapters.ts';
import { ingestPositions, type IngestResult } from './positions.ts';
import type { IngestSinks } from '../fleet/ingest.ts';

export const PULL_TICK_SECONDS = 30;
export const MAX_BACKOFF_SECONDS = 3600;
export const PULL_JOB = 'logistics-pull';
export const PULL_ACCOUNT_JOB = 'logistics-pull-account';

export function backoffSeconds(interval: number, failures: number): number {
  return Math.min(interval * 2 ** Math.min(failures, 16), MAX_BACKOFF_SECONDS);
}

interface AccountRow {
  id: number;
  platform: string;
  app_key: string;
  secret_enc: string | null;
  mode: string;
  status: string;
  endpoint_url: string | null;
  pull_interval: number;
  field_mapping: string | null;
  last_position_time: Date | null;
  failure_count: number;
}

/** A failure as an administrator reads it: fetch's "fetch failed" says little without its cause. */
function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  if (e.name === 'TimeoutError') return 'timed out';
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause ? `${e.message}: ${cause.code ?? cause.message ?? ''}` : e.message;
}

export type PullOutcome = ({ ok: true } & IngestResult) | { ok: false; error: string };

export class LogisticsPuller {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secrets: Secrets,
    private readonly sinks: IngestSinks,
  ) {}

  /** Pulls one account now; the outcome is recorded on the account. */
  async pull(accountId: number): Promise<PullOutcome> {
    const a = (await this.db.query<AccountRow>(`select * from tms_logistics_account where id = $1`, [accountId])).rows[0];
    if (!a || a.mode !== 'PULL' || a.status !== '0') return { ok: false, error: 'not an enabled pull account' };
    const now = this.clock.now();
    try {
      if (!a.endpoint_url) throw new Error('no endpoint URL');
      if (!a.secret_enc) throw new Error('no secret');
      const vehicles = (
        await this.db.query<{ device_number: string | null; plate_number: string }>(
          `select device_number, plate_number from base_transport_means where logistics_account_id = $1 order by id`,
          [a.id],
        )
      ).rows.map((v) => ({ deviceNumber: v.device_number, plateNumber: v.plate_number }));
      const positions = vehicles.length
        ? await adapterFor(a.platform).fetchPositions({
            endpointUrl: a.endpoint_url,
            appKey: a.app_key,
            secret: this.secrets.decrypt(a.secret_enc),
            mapping: parseMapping(a.field_mapping),
            vehicles,
            since: a.last_position_time,
            now,
          })
        : [];
      // a position fetched twice (overlapping windows) is stored once (unique index)
      const out = await this.db.tx(async (q) => {
        const r = await ingestPositions(q, this.sinks, a.id, positions, now);
        await q.query(
          `update tms_logistics_account set last_sync_time = $2, last_error = null, failure_count = 0, next_pull_at = $3,
                  last_position_time = greatest(last_position_time, $4::timestamptz) where id = $1`,
          [a.id, now, new Date(now.getTime() + a.pull_interval * 1000), r.newest],
        );
        return r;
      });
      return { ok: true, ...out };
    } catch (e) {
      const error = describeError(e).slice(0, 500);
      await this.db.query(
        `update tms_logistics_account set last_error = $2, last_error_time = $3, failure_count = failure_count + 1, next_pull_at = $4 where id = $1`,
        [a.id, error, now, new Date(now.getTime() + backoffSeconds(a.pull_interval, a.failure_count + 1) * 1000)],
      );
      return { ok: false, error };
    }
  }

  /** The scheduled tick: one queued job per due account (one at a time per account). */
  async queueDue(jobs: Jobs): Promise<number> {
    const due = await this.db.query<{ id: number }>(
      `select id from tms_logistics_account where status = '0' and mode = 'PULL' and (next_pull_at is null or next_pull_at <= $1) order by id`,
      [this.clock.now()],
    );
    for (const r of due.rows) await jobs.send(PULL_ACCOUNT_JOB, { accountId: r.id }, { singletonKey: String(r.id) });
    return due.rows.length;
  }

  async install(jobs: Jobs): Promise<void> {
    // a failed pull is recorded on the account and never thrown, so the queue does not retry it
    await jobs.work(PULL_ACCOUNT_JOB, async (data: { accountId: number }) => void (await this.pull(Number(data.accountId))));
    await jobs.schedule(PULL_JOB, PULL_TICK_SECONDS, async () => void (await this.queueDue(jobs)));
  }
}
