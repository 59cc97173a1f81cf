// What `npm start` serves, built ahead: the web app, the driver app and the server bundle (and at `npm ci` the
// embedded database a first start copies). Each is rebuilt only when the hash of its sources differs from the
// stamp written by its last build, the stale ones side by side. `npm ci` runs it (the root `prepare` script), so
// `npm start` on a fresh clone only serves; after a pull or an edit, `npm start` rebuilds what changed.
//   node scripts/prebuild.mjs            # the stale ones (`npm start`)
//   node scripts/prebuild.mjs --template # the stale ones and the embedded database template (`npm ci`: prepare)
//   node scripts/prebuild.mjs --force    # the apps and the server bundle whether stale or not (`npm run build`)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const force = process.argv.includes('--force');
const template = process.argv.includes('--template');
const SKIP = new Set(['node_modules', 'dist', '.stamp']);

/** Every file under the given paths (folders walked, build output and node_modules left out), sorted. */
function files(paths) {
  const out = [];
  const walk = (p) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) for (const n of readdirSync(p)) { if (!SKIP.has(n)) walk(join(p, n)); }
    else out.push(p);
  };
  for (const p of paths) walk(join(ROOT, p));
  return out.sort();
}

/** The hash of the sources' names and contents, and of the build's own recipe (`extra`). */
function stampOf(paths, extra = '') {
  const h = createHash('sha256').update(extra);
  for (const f of files(paths)) h.update(relative(ROOT, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex');
}

const run = (cmd, args, cwd = ROOT) =>
  new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd, stdio: 'inherit' });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed (${code})`))));
  });

const SHARED = ['packages/domain', 'package-lock.json', 'tsconfig.base.json'];
// Vite reads VITE_* variables into the apps (e.g. VITE_TMS_SSO): a build made with other values is stale
const VITE_ENV = Object.keys(process.env).filter((k) => k.startsWith('VITE_')).sort().map((k) => `${k}=${process.env[k]}`).join('\n');
const targets = [
  { name: 'web app', out: 'apps/web/dist', sources: ['apps/web', 'scripts/precompress.mjs', ...SHARED], extra: VITE_ENV, build: () => run('npm', ['run', 'build', '-w', '@tms/web']) },
  { name: 'driver app', out: 'apps/driver/dist', sources: ['apps/driver', 'scripts/precompress.mjs', ...SHARED], extra: VITE_ENV, build: () => run('npm', ['run', 'build', '-w', '@tms/driver']) },
  { name: 'server bundle', out: 'apps/server/dist', sources: ['apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs', ...SHARED], build: () => run(process.execPath, ['scripts/build-server.mjs']) },
];

const started = performance.now();
const stale = [];
for (const t of targets) {
  t.stamp = stampOf(t.sources, `${t.name}\0${t.extra ?? ''}`);
  const stampFile = join(ROOT, t.out, '.stamp');
  if (force || !existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== t.stamp) stale.push(t);
}
// `npm ci` (--template) also makes the embedded database a first start copies (initdb and the migrations, done
// once): apps/server/src/platform/pglite-template.ts, which keeps its own stamp (PGlite's version, the migrations)
if (template) stale.push({ name: 'embedded database template', build: () => run(process.execPath, ['--import', 'tsx', 'apps/server/src/platform/pglite-template.ts']) });
if (stale.length) console.log(`prebuild: building ${stale.map((t) => t.name).join(', ')}`);
await Promise.all(
  stale.map(async (t) => {
    const t0 = performance.now();
    await t.build();
    if (t.out) writeFileSync(join(ROOT, t.out, '.stamp'), t.stamp);
    console.log(`prebuild: ${t.name} built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }),
);
console.log(`prebuild: ${stale.length ? `${stale.length} built` : 'all up to date'} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
