/**
 * Test projects: `unit` (pure functions of the domain, server and web), `api` (the real server over
 * HTTP, one fresh database per test file) and `e2e` (a real Chromium against a running server).
 * `npm test` (scripts/test.mjs) runs them in that order.
 */
import { defineConfig } from 'vitest/config';

// test servers hash passwords with argon2id's smallest cost (platform/auth.ts ARGON2_OPTIONS): set here, in the main
// process, so the template database's seed, the test workers and the servers they start all see it
process.env.TMS_TEST_FAST_HASH ??= '1';
// no demo operation (modules/demo/operation.ts: thousands of orders) in the template database and the test servers: the
// suites count rows and expect the small seed; apps/server/test/demo.test.ts switches it on for its own database
process.env.TMS_DEMO ??= 'off';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          sequence: { groupOrder: 0 },
          include: ['packages/**/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/server/src/**/*.test.ts'],
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
          // two files at once, each with its own server (a copy of the template database) and Chromium
          pool: 'forks',
          maxWorkers: 2,
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'a11y',
          environment: 'node',
          // the axe-core audit of every menu screen in both languages (issue 18 §2): `npm run test:a11y`. Not yet in
          // `npm test`: antd's table measuring row (aria-hidden with a focusable cell) and two screens still fail it
          include: ['e2e/**/*.audit.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
          isolate: false,
          testTimeout: 600_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
