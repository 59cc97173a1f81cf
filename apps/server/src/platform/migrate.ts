import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** Applies the committed SQL migrations in name order, each once, each in its own transaction. */
export async function migrate(db: Db, log: (msg: string) => void = () => undefined): Promise<string[]> {
  await db.query(`create table if not exists schema_migrations (name varchar(200) primary key, applied_at timestamptz not null default now())`);
  // Several servers may start at once against one database: the advisory lock lets one migrate.
  const applied: string[] = [];
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock(7234001)');
    const done = new Set((await q.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name));
    for (const name of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()) {
      if (done.has(name)) continue;
      const sql = readFileSync(join(MIGRATIONS_DIR, name), 'utf8');
      await q.exec(sql);
      await q.query('insert into schema_migrations(name) values ($1)', [name]);
      applied.push(name);
      log(`migration applied: ${name}`);
    }
  });
  return applied;
}

