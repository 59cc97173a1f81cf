/** Resource definitions and migrations agree: every table and column a definition names exists. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, allFields, columnOf } from '@tms/domain';
import { startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let columns: Map<string, Set<string>>;
beforeAll(async () => {
  s = await startServer();
  const r = await s.db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns where table_schema = current_schema()`,
  );
  columns = new Map();
  for (const row of r.rows) {
    const set = columns.get(row.table_name) ?? new Set<string>();
    set.add(row.column_name);
    columns.set(row.table_name, set);
  }
});
afterAll(async () => {
  await s?.close();
});

describe('definitions match the live schema', () => {
  for (const def of RESOURCES) {
    it(`${def.name}: table ${def.table} and its columns exist`, () => {
      const cols = columns.get(def.table);
      expect(cols, `table ${def.table}`).toBeDefined();
      const missing = allFields(def)
        .map(columnOf)
        .filter((c) => !cols!.has(c));
      expect(missing, `${def.table} lacks`).toEqual([]);
      for (const col of Object.values(def.scope ?? {})) {
        if (typeof col === 'string') expect(cols!.has(col), `scope column ${def.table}.${col}`).toBe(true);
      }
      if (def.builtinField) expect(def.fields.some((f) => f.name === def.builtinField)).toBe(true);
    });
  }

  it('the migrations are recorded and re-running them changes nothing', async () => {
    const { migrate } = await import('../src/platform/migrate.ts');
    expect(await migrate(s.db)).toEqual([]);
    const applied = await s.db.query<{ name: string }>(`select name from schema_migrations order by name`);
    expect(applied.rows.length).toBeGreaterThan(0);
  });

  it('the seed is idempotent', async () => {
    const { seed } = await import('../src/modules/system/seed.ts');
    const count = async () => (await s.db.query<{ n: number }>(`select (select count(*) from sys_menu) + (select count(*) from sys_user) + (select count(*) from sys_dict_data) as n`)).rows[0]!.n;
    const before = await count();
    await seed(s.db);
    expect(await count()).toBe(before);
  });

  it('every dictionary a definition uses is seeded', async () => {
    const types = new Set(RESOURCES.flatMap((d) => allFields(d).filter((f) => f.dict).map((f) => f.dict!)));
    const r = await s.db.query<{ dict_type: string }>(`select distinct dict_type from sys_dict_data`);
    const seeded = new Set(r.rows.map((x) => x.dict_type));
    expect([...types].filter((t) => !seeded.has(t))).toEqual([]);
  });

  it('every resource has its buttons in the seeded menus', async () => {
    const r = await s.db.query<{ perms: string }>(`select perms from sys_menu where perms is not null`);
    const perms = new Set(r.rows.map((x) => x.perms));
    const { actionsOf, permissionOf } = await import('@tms/domain');
    const missing = RESOURCES.flatMap((d) => actionsOf(d).map((a) => permissionOf(d, a))).filter((p) => !perms.has(p));
    expect(missing).toEqual([]);
  });
});
