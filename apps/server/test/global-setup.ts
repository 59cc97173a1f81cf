/**
 * Once per test run: a migrated and seeded template every test file copies, instead of paying the
 * migrations and the seed (seconds) per file — on PGlite a database directory, on a PostgreSQL
 * server (TEST_DATABASE_URL) a template database each file's database is created from.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPg, openPglite } from '../src/platform/db.ts';
import { migrate } from '../src/platform/migrate.ts';
import { seed } from '../src/modules/system/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
    /** name of the template database on the PostgreSQL server */
    pgTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (server) {
    project.provide('pgliteTemplate', null);
    const name = `tms_tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    };
    await admin(`create database "${name}"`);
    const u = new URL(server);
    u.pathname = '/' + name;
    const db = await openPg(u.toString());
    await migrate(db);
    await seed(db);
    await db.close();
    project.provide('pgTemplate', name);
    return () => admin(`drop database if exists "${name}" with (force)`);
  }
  project.provide('pgTemplate', null);
  const root = mkdtempSync(join(tmpdir(), 'tms-test-'));
  const dir = join(root, 'template');
  const db = await openPglite(dir);
  await migrate(db);
  await seed(db);
  await db.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(root, { recursive: true, force: true });
}
