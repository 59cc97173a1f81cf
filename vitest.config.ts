/**
 * Test projects: `unit` (pure functions of the domain, server and web), `api` (the real server over
 * HTTP, one fresh database per test file) and `e2e` (a real Chromium against a running server; it holds
 * the axe-core audit of every menu screen too, `e2e/a11y-zh.test.ts` and `e2e/a11y-en.test.ts`, issue 18 §2).
 * `npm test` (scripts/test.mjs) runs them in that order.
 */
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The browser files that take minutes (the accessibility audit of every menu screen, one file per language). */
const LONG_FILES = /\/e2e\/a11y-[^/]+\.test\.ts$/;

/**
 * vitest's order (the files that failed or took longest the last time first; without a record, as on a
 * fresh CI clone, the largest files first), except that the few files known to take minutes start first
 * in their project whatever the record: started last, one of them would run alone on one core at the end.
 */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const at = new Map(sorted.map((f, i) => [f, i]));
    return [...sorted].sort((a, b) => {
      if (a.project.name !== b.project.name) return at.get(a)! - at.get(b)!;
      return Number(LONG_FILES.test(b.moduleId)) - Number(LONG_FILES.test(a.moduleId)) || at.get(a)! - at.get(b)!;
    });
  }
}

// test servers hash passwords with argon2id's smallest cost (platform/auth.ts ARGON2_OPTIONS): set here, in the main
// process, so the template database's seed, the test workers and the servers they start all see it
process.env.TMS_TEST_FAST_HASH ??= '1';
// no demo operation (modules/demo/operation.ts: thousands of orders) in the template database and the test servers: the
// suites count rows and expect the small seed; apps/server/test/demo.test.ts switches it on for its own database
process.env.TMS_DEMO ??= 'off';

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          sequence: { groupOrder: 0 },
          include: ['packages/**/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/driver/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          sequence: { groupOrder: 1 },
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // 2 cores: two files at once, each with its own server and database; a worker keeps the modules
          // it loaded (the server, exceljs, PGlite) for its next file instead of loading them again
          pool: 'forks',
          maxWorkers: 2,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // two files at once; each worker starts one server (a copy of the template database) and one Chromium and keeps
          // them for all its files (e2e/support/server.ts sharedProduct: the files isolate by data), except for a file
          // with settings or data of its own (admin-session.ts ownServer). The two
          // accessibility audits (every menu screen, one file per language, ~140 CPU-seconds each) are files of this
          // project, not a project of their own: started first (LongFilesFirst), they share the two workers and the
          // template with the other files instead of adding a stage, a template and an idle core after them
          pool: 'forks',
          maxWorkers: 2,
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits for a condition as long as a page action waits for its element (browser.ts: the page's 15 s),
          // not vitest's 1 s: at load 13 the alert bell's first count took longer than a second after the shell was ready,
          // and the test failed on a product that was right. A poll ends as soon as its condition holds.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
