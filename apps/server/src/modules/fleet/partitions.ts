/**
 * Retention of positions: tms_position is partitioned by month of reported_at (migration 0036). The job creates
 * the partitions of the current and the next months ahead of time (the SQL function tms_position_partition,
 * which also moves rows waiting in the default partition) and drops whole months older than the retention —
 * detach + drop, never a row-by-row delete. Runs the same on PostgreSQL and PGlite.
 */
import type { Db } from '../../platform/db.ts';

export const PARTITION_JOB = 'position-partitions';
/** months created ahead of the current one */
export const MONTHS_AHEAD = 2;

const monthStart = (at: Date, plus = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + plus, 1));

/** Creates the missing partitions from the month of `now` to MONTHS_AHEAD months later; answers their names. */
export async function createPartitions(db: Db, now: Date, ahead = MONTHS_AHEAD): Promise<string[]> {
  const made: string[] = [];
  for (let i = 0; i <= ahead; i++) {
    const r = await db.query<{ name: string | null }>(`select tms_position_partition($1) as name`, [monthStart(now, i)]);
    if (r.rows[0]?.name) made.push(r.rows[0].name);
  }
  return made;
}

/** The monthly partitions, oldest first, with the start of their month. */
export async function listPartitions(db: Db): Promise<{ name: string; month: Date }[]> {
  const r = await db.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'tms_position'::regclass and c.relname ~ '^tms_position_[0-9]{6}$' order by 1`,
  );
  return r.rows.map(({ name }) => ({ name, month: new Date(Date.UTC(Number(name.slice(-6, -2)), Number(name.slice(-2)) - 1, 1)) }));
}

/** Drops every month that ended more than `months` months before `now` (0 keeps everything); answers their names. */
export async function dropPartitions(db: Db, now: Date, months: number): Promise<string[]> {
  if (months <= 0) return [];
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const old = (await listPartitions(db)).filter((p) => monthStart(p.month, 1) <= cutoff);
  for (const p of old) {
    // one short lock on the parent per month; a long query in the way makes it give up, the next run tries again
    await db.tx(async (q) => {
      await q.query(`set local lock_timeout = '5s'`);
      await q.query(`alter table tms_position detach partition ${p.name}`);
      await q.query(`drop table ${p.name}`);
    });
  }
  return old.map((p) => p.name);
}
