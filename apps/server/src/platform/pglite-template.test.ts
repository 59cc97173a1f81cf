/**
 * The embedded database a first start copies (pglite-template.ts): only into an empty folder, only when made by
 * the same PGlite version with migrations that are all still there unchanged (new ones are applied after the copy).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyPgliteTemplate, templateStamp } from './pglite-template.ts';
import { MIGRATIONS_DIR } from './migrate.ts';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A template folder stamped for `version` and the migrations in `migrations`, a copy of the real migrations, an empty data folder. */
function setUp(version = '9.9.9') {
  const root = mkdtempSync(join(tmpdir(), 'tms-template-test-'));
  roots.push(root);
  const migrations = join(root, 'migrations');
  cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
  const dir = join(root, 'template');
  mkdirSync(join(dir, 'base'), { recursive: true });
  writeFileSync(join(dir, 'PG_VERSION'), '17\n');
  writeFileSync(join(dir, 'base', 'file'), 'a page');
  writeFileSync(join(dir, '.stamp'), JSON.stringify(templateStamp(version, migrations)));
  return { template: { dir, version }, migrations, data: join(root, 'data', 'pg') };
}

describe('the embedded database template', () => {
  it('is copied into an empty data folder, without its stamp, also when migrations were added since', () => {
    const { template, migrations, data } = setUp();
    writeFileSync(join(migrations, '9999_later.sql'), 'select 1;');
    expect(copyPgliteTemplate(data, migrations, template)).toBe(true);
    expect(readdirSync(data).sort()).toEqual(['PG_VERSION', 'base']);
    expect(existsSync(join(data, 'base', 'file'))).toBe(true);
  });

  it('is not copied when a migration it holds was edited since (that edit would never run)', () => {
    const { template, migrations, data } = setUp();
    const first = readdirSync(migrations).filter((f) => f.endsWith('.sql')).sort()[0]!;
    writeFileSync(join(migrations, first), '-- edited\n', { flag: 'a' });
    expect(copyPgliteTemplate(data, migrations, template)).toBe(false);
    expect(existsSync(data) && readdirSync(data).length).toBeFalsy();
  });

  it('is not copied for another PGlite version, nor over a data folder that holds anything', () => {
    const { template, migrations, data } = setUp('9.9.9');
    expect(copyPgliteTemplate(data, migrations, { ...template, version: '9.9.10' })).toBe(false);
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'PG_VERSION'), '16\n');
    expect(copyPgliteTemplate(data, migrations, template)).toBe(false);
    expect(readdirSync(data)).toEqual(['PG_VERSION']);
  });
});
