#!/usr/bin/env node
/**
 * `npm test`: every test, in as little wall time as the machine allows, then a summary: the ten
 * slowest files, the wall time, and last the line `N passed, M failed[, K skipped]` aggregated from
 * vitest's JSON reports.
 *
 *   first, side by side: the type checks, the unit + API tests (two workers) and the build of what is stale of
 *   the apps (scripts/prebuild.mjs: `npm ci` built them, so usually nothing); then the
 *   browser tests (two workers, each with one server and one Chromium for all its files, e2e/support/server.ts;
 *   among them the accessibility audit
 *   of every menu screen, one file per language, started first: vitest.config.ts), alone. Two browser files already
 *   keep both cores busy: with the API tests beside them Chromium was starved, pages took several times
 *   longer and tests failed on a loaded machine (issue 12), and the whole took longer than one stage after
 *   the other. The unit + API output streams as it comes; the type checks' and the browser tests' is
 *   printed when each is done, so the lines do not interleave.
 *
 * It also prints how busy the machine's cores were over the run (and the CPU-seconds of the run's own processes),
 * and writes `.test-artifacts/test-times.json`: every file with each of its tests' times, slowest first.
 *
 * `npm run test:quick` (`--quick`): unit + API tests only (no type checks, no build, no browser).
 * Extra arguments go to vitest (then the type checks are left out; browser tests run only when an
 * argument names e2e).
 *
 * Database: TEST_DATABASE_URL (or DATABASE_URL) → every test file gets its own database on that
 * server, copied from a migrated and seeded template made once per run; unset → embedded PGlite (a
 * copy of a template folder per file). Chromium: CHROMIUM_PATH or /usr/bin/chromium; missing → e2e
 * skipped. TMS_REQUIRE_ALL=1 turns any skip into a failure (CI).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const started = Date.now();
/**
 * The machine's CPU over the run (busy and total jiffies of /proc/stat's first line): whether the run kept the cores
 * busy (then only less work makes it faster) or waited (then more parallel work would), and how much other work
 * shared the machine. Linux only; elsewhere null.
 */
function machineCpu() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] ?? 0);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}
/** CPU seconds of this run's own processes that have ended (children waited for: vitest, tsc, their servers, Chromium) */
function childrenCpuSeconds() {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
    // after the command's name: state is field 3, so cutime and cstime (16, 17) are at 13 and 14
    return (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return null;
  }
}
const cpuAtStart = machineCpu();
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
process.chdir(root);
const args = process.argv.slice(2);
const quick = args[0] === '--quick';
if (quick) args.shift();
const requireAll = process.env.TMS_REQUIRE_ALL === '1';
const out = mkdtempSync(join(tmpdir(), 'tms-test-report-'));

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const skips = [];
/** seconds per test file, from the JSON reports */
const fileTimes = [];

function banner(text) {
  console.log(`\n=== ${text} ${'='.repeat(Math.max(3, 74 - text.length))}`);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

/**
 * Runs a command; `quiet` keeps its output and prints it (under its name) only when it fails, so
 * side-by-side stages do not interleave their lines with the tests'.
 */
function run(name, cmd, cmdArgs, { env = {}, quiet = false, buffered = false } = {}) {
  return new Promise((done) => {
    const t0 = Date.now();
    const held = quiet || buffered;
    const child = spawn(cmd, cmdArgs, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('error', (e) => chunks.push(Buffer.from(String(e))));
    child.on('close', (code) => {
      const ms = Date.now() - t0;
      if (held) {
        if (buffered) banner(`${name}: its output`);
        console.log(`[${name}] ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds(ms)}`);
        if (buffered || code !== 0) process.stdout.write(Buffer.concat(chunks));
      }
      done({ code: code ?? 1, ms });
    });
  });
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
/** A failed test's first lines (the assertion, and where in our code), indented: a summary read alone (CI's tail) names the cause. */
function failureCause(a) {
  const lines = (a.failureMessages ?? []).join('\n').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trimEnd()).filter((l) => l.trim());
  const said = lines.filter((l) => !/^\s*at /.test(l)).slice(0, 4);
  const at = lines.filter((l) => /^\s*at /.test(l) && !l.includes('node_modules') && !l.includes('<anonymous>')).slice(0, 2);
  return [...said, ...at].map((l) => `\n    ${l.slice(0, 300)}`).join('');
}

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
    const name = f.name.replace(root + '/', '');
    if (f.startTime && f.endTime) {
      const tests = (f.assertionResults ?? []).map((a) => ({ name: a.fullName ?? a.title, ms: Math.round(a.duration ?? 0), status: a.status }));
      fileTimes.push({ name, ms: f.endTime - f.startTime, stage, tests: tests.sort((a, b) => b.ms - a.ms) });
    }
    const failedInside = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedInside) failures.push(`${stage}: ${name} › ${a.fullName ?? a.title}${failureCause(a)}`);
    if (f.status === 'failed' && !failedInside.length) {
      totals.failed += 1;
      failures.push(`${stage}: ${name} (failed to run: ${(f.message ?? '').split('\n')[0]})`);
    }
  }
  if ((j.numPendingTests ?? 0) + (j.numTodoTests ?? 0) > 0) skips.push(`${stage}: ${(j.numPendingTests ?? 0) + (j.numTodoTests ?? 0)} tests skipped or todo`);
}

/** the browser tests' full page loads, by file and test (e2e/support/browser.ts writePageLoads) */
const PAGE_LOADS = join(root, '.test-artifacts', 'e2e', 'page-loads.jsonl');
let pageLoadLine = '';
function collectPageLoads() {
  if (!existsSync(PAGE_LOADS)) return;
  const byFile = new Map();
  for (const line of readFileSync(PAGE_LOADS, 'utf8').split('\n').filter(Boolean)) {
    const { file, tests } = JSON.parse(line);
    const seen = byFile.get(file) ?? {};
    for (const [t, n] of Object.entries(tests)) seen[t] = (seen[t] ?? 0) + n;
    byFile.set(file, seen);
  }
  let total = 0;
  const perFile = [];
  for (const [file, tests] of byFile) {
    const n = Object.values(tests).reduce((a, b) => a + b, 0);
    total += n;
    perFile.push([file, n]);
    const entry = fileTimes.find((f) => f.name === file);
    if (!entry) continue;
    entry.pageLoads = n;
    for (const t of entry.tests) if (tests[t.name]) t.pageLoads = tests[t.name];
  }
  perFile.sort((a, b) => b[1] - a[1]);
  pageLoadLine = `page loads: ${total} full loads of the web app in the browser tests (each starts it anew); most: ${perFile.slice(0, 5).map(([f, n]) => `${f.replace(/^.*\//, '')} ${n}`).join(', ')}`;
}

function failStage(name, code) {
  totals.failed += 1;
  failures.push(`${name}: exit ${code}`);
}

// ---------------------------------------------------------------------------------------------
const dbUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
banner('database');
if (dbUrl) {
  console.log(`Tests run on PostgreSQL: ${maskUrl(dbUrl)} (one database per test file, copied from a template made once)`);
} else {
  console.log('Tests run on embedded PGlite (set TEST_DATABASE_URL to run them on a PostgreSQL server)');
}

const e2eFiles = findTests(join(root, 'e2e'), /\.test\.ts$/);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const e2eSelected = !quick && e2eFiles.length > 0 && (!args.length || args.some((a) => a.includes('e2e')));
const e2eRuns = e2eSelected && existsSync(chromium);

// side by side: type checks; unit + API; the web build. Then the browser tests
banner(`type checks, unit + API tests${e2eRuns ? ' and the stale apps built, side by side, then the browser tests' : ', side by side'}`);
const stages = [];
if (!quick && !args.length) {
  stages.push(
    (async () => {
      for (const p of ['packages/domain', 'apps/server', 'apps/web', 'apps/driver', 'e2e']) {
        const r = await run(`tsc -p ${p}`, 'npx', ['tsc', '-p', p], { quiet: true });
        if (r.code !== 0) failStage(`typecheck: tsc -p ${p}`, r.code);
      }
    })(),
  );
}
const unitApiOnly = args.filter((a) => !a.includes('e2e'));
/** the unit + API stage, done (the browser tests start after it) */
let unitApiDone = Promise.resolve();
if (!args.length || unitApiOnly.length) {
  const report = join(out, 'unit-api.json');
  stages.push(
    (unitApiDone = run('unit + API', 'npx', [
      'vitest', 'run', '--project', 'unit', '--project', 'api', '--passWithNoTests',
      '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...unitApiOnly,
    ]).then((r) => {
      collect(report, 'unit+api');
      if (r.code !== 0 && !failures.some((f) => f.startsWith('unit+api'))) failStage('unit+api: vitest', r.code);
    })),
  );
}
if (e2eSelected && !existsSync(chromium)) {
  console.log(`SKIPPED e2e: Chromium not found at ${chromium}`);
  skips.push(`e2e: Chromium not found at ${chromium} (${e2eFiles.length} files)`);
  totals.skipped += e2eFiles.length;
} else if (e2eRuns) {
  // the build beside the type checks and the API tests; the browser tests once the API tests are done
  // what is stale of the apps (npm ci's prepare built them: after it, nothing, unless a source changed since)
  const build = run('apps build (scripts/prebuild.mjs)', process.execPath, ['scripts/prebuild.mjs'], { quiet: true });
  stages.push(
    (async () => {
      const built = await build;
      if (built.code !== 0) return failStage('e2e: scripts/prebuild.mjs', built.code);
      // the type checks (one core) may still run: they leave the other one to the browser tests
      await unitApiDone;
      const report = join(out, 'e2e.json');
      rmSync(PAGE_LOADS, { force: true });
      const r = await run(
        'browser e2e',
        'npx',
        ['vitest', 'run', '--project', 'e2e', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args.filter((a) => a.includes('e2e'))],
        { env: { CHROMIUM_PATH: chromium }, buffered: true },
      );
      collect(report, 'e2e');
      collectPageLoads();
      if (r.code !== 0 && !failures.some((f) => f.startsWith('e2e'))) failStage('e2e: vitest', r.code);
    })(),
  );
}
await Promise.all(stages);

// ---------------------------------------------------------------------------------------------
banner('summary');
if (!dbUrl) console.log('database: embedded PGlite (set TEST_DATABASE_URL to run the same tests on a PostgreSQL server)');
const slowest = fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 10);
if (slowest.length) {
  console.log('slowest files:');
  for (const f of slowest) console.log(`  ${seconds(f.ms).padStart(8)}  ${f.name}`);
}
if (pageLoadLine) console.log(pageLoadLine);
for (const s of skips) console.log(`skipped: ${s}`);
for (const f of failures) console.log(`FAILED: ${f}`);
let code = totals.failed > 0 ? 1 : 0;
if (requireAll && skips.length) {
  console.log('TMS_REQUIRE_ALL=1: something was skipped, so the run fails');
  code = 1;
}
rmSync(out, { recursive: true, force: true });
// where the time went, kept for a reader: every file and its tests, slowest first, and the machine's CPU over the run
const cpuAtEnd = machineCpu();
const ownCpu = childrenCpuSeconds();
const wallMs = Date.now() - started;
let cpuLine = '';
if (cpuAtStart && cpuAtEnd && cpuAtEnd.total > cpuAtStart.total) {
  const busy = (100 * (cpuAtEnd.busy - cpuAtStart.busy)) / (cpuAtEnd.total - cpuAtStart.total);
  const cores = cpus().length;
  cpuLine = `cpu: the machine's ${cores} cores ${busy.toFixed(0)} % busy over the run${ownCpu !== null ? `; this run's ended processes ${Math.round(ownCpu)} CPU-seconds (${((100 * ownCpu) / (cores * wallMs / 1000)).toFixed(0)} % of the cores; a database server's own processes not counted)` : ''}`;
  console.log(cpuLine);
}
try {
  const artifacts = join(root, '.test-artifacts');
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(join(artifacts, 'test-times.json'), JSON.stringify({ wallMs, cpu: cpuLine, counts: { ...totals }, files: fileTimes }, null, 1));
  console.log('every file and test with its time: .test-artifacts/test-times.json');
} catch (e) {
  console.log(`could not write .test-artifacts/test-times.json: ${e}`);
}
const counts = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
// one line for the record: counts, the ten slowest files, and last the wall time
console.log(`summary: ${counts}; slowest: ${slowest.map((f) => `${f.name.replace(/^.*\//, '')} ${seconds(f.ms)}`).join(', ')}; wall ${clock(Date.now() - started)}`);
console.log(counts);
process.exit(code);
