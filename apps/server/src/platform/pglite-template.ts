/**
 * The embedded database a first start copies instead of making it: PGlite's initdb (5–20 s of WASM on this
 * machine) and the migrations (3–13 s) run once, at `npm ci` (scripts/prebuild.mjs runs this file), into
 * node_modules/.cache/tms-pglite/<PGlite's version>. A server on an empty TMS_DATA_DIR copies it (db.ts) and then
 * migrates as on any later start: migrations added since are applied then. Nothing time-dependent is in it:
 * the seed (dates relative to now, the demo operation) runs at the first start as before.
 *   node --import tsx apps/server/src/platform/pglite-template.ts     # builds it if PGlite or a migration changed
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PGLITE = '@electric-sql/pglite';

/** The template's folder next to the PGlite package that will open it (its version in the name), and that version. */
export function pgliteTemplateDir(): { dir: string; version: string } {
  const entry = createRequire(import.meta.url).resolve(PGLITE);
  const pkgDir = entry.slice(0, entry.lastIndexOf(PGLITE) + PGLITE.length);
  const version = (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
  return { dir: join(pkgDir, '../../.cache/tms-pglite', version), version };
}

/** What a template holds: PGlite's version, and each applied migration's name and content hash. */
interface Stamp {
  version: string;
  migrations: Record<string, string>;
}

export function templateStamp(version: string, migrationsDir: string): Stamp {
  const migrations: Record<string, string> = {};
  for (const name of readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort()) migrations[name] = createHash('sha256').update(readFileSync(join(migrationsDir, name))).digest('hex');
  return { version, migrations };
}

function readStamp(dir: string): Stamp | null {
  try {
    return JSON.parse(readFileSync(join(dir, '.stamp'), 'utf8')) as Stamp;
  } catch {
    return null;
  }
}

/**
 * Fills the empty (or missing) `dataDir` with a copy of the template; false when there is none that fits (PGlite
 * then runs initdb). It fits when made by this PGlite with migrations that are all still there unchanged (one
 * edited since would otherwise never run again); migrations added since are applied by migrate().
 */
export function copyPgliteTemplate(dataDir: string, migrationsDir: string, template?: { dir: string; version: string }): boolean {
  if (existsSync(dataDir) && readdirSync(dataDir).length) return false;
  try {
    template ??= pgliteTemplateDir();
  } catch {
    return false;
  }
  const { dir, version } = template;
  const stamp = readStamp(dir);
  if (!stamp || stamp.version !== version || !existsSync(join(dir, 'PG_VERSION'))) return false;
  const now = templateStamp(version, migrationsDir).migrations;
  if (Object.entries(stamp.migrations).some(([name, hash]) => now[name] !== hash)) return false;
  cpSync(dir, dataDir, { recursive: true, filter: (src) => !src.endsWith('.stamp') });
  return true;
}

/** Builds the template unless it holds this PGlite version and exactly the current migrations. */
export async function buildPgliteTemplate(): Promise<'built' | 'up to date'> {
  const { migrate, MIGRATIONS_DIR } = await import('./migrate.ts');
  const { openPglite } = await import('./db.ts');
  const { dir, version } = pgliteTemplateDir();
  const stamp = templateStamp(version, MIGRATIONS_DIR);
  if (JSON.stringify(readStamp(dir)) === JSON.stringify(stamp)) return 'up to date';
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const db = await openPglite(tmp); // a copy of the previous template when it fits: only the new migrations run
  await migrate(db);
  await db.close();
  writeFileSync(join(tmp, '.stamp'), JSON.stringify(stamp));
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return 'built';
}

// run as a script (no top-level await: db.ts imports this module, which must finish loading first)
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const t0 = performance.now();
  void buildPgliteTemplate().then((result) => console.log(`embedded database template ${result} (${((performance.now() - t0) / 1000).toFixed(1)} s): ${pgliteTemplateDir().dir}`));
}
