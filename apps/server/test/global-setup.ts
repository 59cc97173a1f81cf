/**
 * Once per test run (PGlite only): a migrated and seeded database directory that every test file
 * copies, instead of paying PGlite's initdb (seconds) per file. With TEST_DATABASE_URL each file
 * creates its own server database instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/platform/db.ts';
import { migrate } from '../src/platform/migrate.ts';
import { seed } from '../src/modules/system/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'tms-test-'));
  const dir = join(root, 'template');
  const db = await openPglite(dir);
  await migrate(db);
  await seed(db);
  await db.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(root, { recursive: true, force: true });
}
