#!/usr/bin/env node
/**
 * `npm test`: typecheck → unit + API tests → (web build →) browser e2e, then one summary line
 * `N passed, M failed[, K skipped]` aggregated from vitest's JSON reports.
 *
 * Database: TEST_DATABASE_URL (or DATABASE_URL) → every API test file creates its own database on
 * that server; unset → embedded PGlite. Chromium: CHROMIUM_PATH or /usr/bin/chromium; missing → e2e
 * skipped. TMS_REQUIRE_ALL=1 turns any skip into a failure (CI). Extra arguments go to vitest.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
process.chdir(root);
const args = process.argv.slice(2);
const requireAll = process.env.TMS_REQUIRE_ALL === '1';
const out = mkdtempSync(join(tmpdir(), 'tms-test-report-'));

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const skips = [];

function banner(text) {
  console.log(`\n=== ${text} ${'='.repeat(Math.max(3, 74 - text.length))}`);
}

function run(cmd, cmdArgs, env = {}) {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.error) console.error(r.error);
  return r.status ?? 1;
}

function maskUrl(u) {
  try {
    const x = new URL(u);
    if (x.password) x.password = '***';
    return x.toString();
  } catch {
    return '(unparsable URL)';
  }
}

function findTests(dir, re) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) found.push(...findTests(p, re));
    else if (re.test(name)) found.push(p);
  }
  return found;
}

/** Adds one vitest JSON report to the totals; a file that failed outside any test counts as one failure. */
function collect(file, stage) {
  if (!existsSync(file)) {
    totals.failed += 1;
    failures.push(`${stage}: no report (vitest did not finish)`);
    return;
  }
  const j = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
  totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  for (const f of j.testResults ?? []) {
    const failedInside = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedInside) failures.push(`${stage}: ${f.name.replace(root + '/', '')} › ${a.fullName ?? a.title}`);
    if (f.status === 'failed' && !failedInside.length) {
      totals.failed += 1;
      failures.push(`${stage}: ${f.name.replace(root + '/', '')} (failed to run: ${(f.message ?? '').split('\n')[0]})`);
    }
  }
  if ((j.numPendingTests ?? 0) + (j.numTodoTests ?? 0) > 0) skips.push(`${stage}: ${(j.numPendingTests ?? 0) + (j.numTodoTests ?? 0)} tests skipped or todo`);
}

// ---------------------------------------------------------------------------------------------
const dbUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
banner('database');
if (dbUrl) {
  console.log(`API tests run on PostgreSQL: ${maskUrl(dbUrl)} (one fresh database per test file, dropped afterwards)`);
} else {
  console.log('API tests run on embedded PGlite (set TEST_DATABASE_URL to run them on a PostgreSQL server)');
}

// 1. typecheck
if (!args.length) {
  banner('typecheck');
  let ok = true;
  for (const p of ['packages/domain', 'apps/server', 'apps/web']) {
    console.log(`tsc -p ${p}`);
    if (run('npx', ['tsc', '-p', p]) !== 0) {
      ok = false;
      totals.failed += 1;
      failures.push(`typecheck: tsc -p ${p}`);
    }
  }
  if (ok) console.log('typecheck ok');
}

// 2. unit + API
banner('unit + API tests');
const mainReport = join(out, 'unit-api.json');
const mainCode = run('npx', [
  'vitest', 'run', '--project', 'unit', '--project', 'api', '--passWithNoTests',
  '--reporter=default', '--reporter=json', `--outputFile.json=${mainReport}`, ...args,
]);
collect(mainReport, 'unit+api');
if (mainCode !== 0 && !failures.some((f) => f.startsWith('unit+api'))) {
  totals.failed += 1;
  failures.push(`unit+api: vitest exited with ${mainCode}`);
}

// 3. browser e2e
const e2eFiles = findTests(join(root, 'e2e'), /\.test\.ts$/);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
banner('browser e2e');
if (!e2eFiles.length) {
  console.log('no e2e tests (e2e/**/*.test.ts)');
} else if (!existsSync(chromium)) {
  console.log(`SKIPPED e2e: Chromium not found at ${chromium}`);
  skips.push(`e2e: Chromium not found at ${chromium} (${e2eFiles.length} files)`);
  totals.skipped += e2eFiles.length;
} else if (args.length && !args.some((a) => a.includes('e2e'))) {
  console.log('e2e not selected by the arguments');
} else {
  console.log('building the web app (npm run build → apps/web/dist)');
  if (run('npm', ['run', 'build']) !== 0) {
    totals.failed += 1;
    failures.push('e2e: npm run build failed');
  } else {
    const e2eReport = join(out, 'e2e.json');
    const code = run(
      'npx',
      ['vitest', 'run', '--project', 'e2e', '--reporter=default', '--reporter=json', `--outputFile.json=${e2eReport}`, ...args.filter((a) => a.includes('e2e'))],
      { CHROMIUM_PATH: chromium },
    );
    collect(e2eReport, 'e2e');
    if (code !== 0 && !failures.some((f) => f.startsWith('e2e'))) {
      totals.failed += 1;
      failures.push(`e2e: vitest exited with ${code}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
banner('summary');
if (!dbUrl) {
  console.log('real-PostgreSQL suites ran on embedded PGlite (set TEST_DATABASE_URL to run them on a server)');
  skips.push('PostgreSQL server: not configured (TEST_DATABASE_URL)');
}
for (const s of skips) console.log(`skipped: ${s}`);
for (const f of failures) console.log(`FAILED: ${f}`);
let code = totals.failed > 0 ? 1 : 0;
if (requireAll && skips.length) {
  console.log('TMS_REQUIRE_ALL=1: something was skipped, so the run fails');
  code = 1;
}
rmSync(out, { recursive: true, force: true });
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(code);
