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
    /**
     * this run's mark: the name of every database a test makes on the server carries it, so the run's end drops
     * them all, also those of servers a browser worker kept for all its files (e2e/support/server.ts)
     */
    runTag: string;
    /** this run's folder for data directories (PGlite copies, uploads), removed at the run's end */
    runRoot: string;
  }
}

export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const tag = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const root = mkdtempSync(join(tmpdir(), `tms-test-${tag}-`));
  project.provide('runTag', tag);
  project.provide('runRoot', root);
  if (server) {
    project.provide('pgliteTemplate', null);
    const name = `tms_tpl_${tag}`;
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
    return async () => {
      await admin(`drop database if exists "${name}" with (force)`);
      // what a file did not drop itself: the databases of the servers the browser workers kept (they go with their worker)
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      try {
        const left = await c.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`tms\\_test\\_${tag}\\_%`]);
        for (const { datname } of left.rows) await c.query(`drop database if exists "${datname}" with (force)`);
      } finally {
        await c.end();
      }
      rmSync(root, { recursive: true, force: true });
    };
  }
  project.provide('pgTemplate', null);
  const dir = join(root, 'template');
  const db = await openPglite(dir);
  await migrate(db);
  await seed(db);
  await db.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(root, { recursive: true, force: true });
}
