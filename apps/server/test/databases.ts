/**
 * The databases tests run on: a fresh copy of the run's migrated and seeded template (global-setup.ts)
 * per test file — a database on TEST_DATABASE_URL / DATABASE_URL, or a PGlite folder. Kept apart from
 * helpers.ts, which loads the whole server: the browser tests need only this.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export function adminUrl(): string | null {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
}

/** A fresh database on the server: a copy of the run's migrated and seeded template when there is one. */
export async function createDatabase(base: string, template: string | null = injected('pgTemplate')): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tms_test_${injected('runTag') ?? 'x'}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
        break;
      } catch (e) {
        // two files copying the template at the same instant: PostgreSQL refuses the second, briefly
        if (!template || attempt >= 20 || !/being accessed by other users/.test(String(e))) throw e;
        await new Promise((r) => setTimeout(r, 250 + Math.random() * 500));
      }
    }
  } finally {
    await admin.end();
  }
  const u = new URL(base);
  u.pathname = '/' + name;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

function injected(key: 'pgliteTemplate' | 'pgTemplate' | 'runTag' | 'runRoot'): string | null {
  try {
    return inject(key) ?? null;
  } catch {
    return null; // outside the vitest runner
  }
}
export const pgliteTemplate = () => injected('pgliteTemplate');
/** this run's folder for data directories (removed at the run's end), or null outside the runner */
export const runRoot = () => injected('runRoot');
