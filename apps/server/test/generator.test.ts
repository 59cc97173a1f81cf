/**
 * Code generator: tables are introspected from PostgreSQL, a configuration is previewed and
 * downloaded as a zip, bad configurations are refused, and — the round trip — generating from an
 * existing table of the product reproduces the repository's own resource definition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { RESOURCES, allFields, columnOf, definitionOf, type FieldDef, type FieldKind, type GenConfig, type ResourceDef } from '@tms/domain';
import { createUser, startServer, type Json, type TestServer } from './helpers.ts';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login('admin', 'admin123');
});
afterAll(async () => {
  await s?.close();
});

/** Kinds the catalogue cannot tell apart: a dictionary value, a password or a JSON document kept as text are strings in SQL. */
const KIND_CLASS: Record<FieldKind, string> = {
  string: 'text',
  text: 'text',
  dict: 'text',
  password: 'text',
  secret: 'text',
  int: 'int',
  ref: 'int',
  decimal: 'decimal',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  json: 'text',
};

/**
 * The round trip's notion of "equivalent": the same fields on the same columns, of the same kind
 * (up to what SQL cannot tell apart), equally unique; a form limit that fits the column; and the
 * same referenced resource wherever both the definition and the schema name one. Labels, search
 * modes and dictionaries are choices the generator screen leaves to the person.
 */
function assertEquivalent(def: ResourceDef, f: FieldDef, g: FieldDef | undefined, isView: boolean) {
  const at = `${def.name}.${f.name}`;
  expect(g, at).toBeDefined();
  expect(KIND_CLASS[g!.kind], `${at} kind`).toBe(KIND_CLASS[f.kind]);
  // a view has no unique index of its own: uniqueness is the underlying table's
  if (!isView) expect(Boolean(g!.unique), `${at} unique`).toBe(Boolean(f.unique));
  if (f.max !== undefined && g!.max !== undefined) expect(g!.max, `${at} max`).toBeGreaterThanOrEqual(f.max);
  if (f.kind === 'ref' && f.ref && g!.kind === 'ref') expect(g!.ref, `${at} ref`).toBe(f.ref);
}

describe('code generator', () => {
  it('lists the tables of the database with the resource that uses each', async () => {
    const r = await s.api('GET', '/api/tool/gen/tables', { token: admin });
    expect(r.status).toBe(200);
    const rows = r.json.data as Json[];
    expect(rows.find((t) => t.table === 'base_client')).toMatchObject({ resource: 'client' });
    expect(rows.find((t) => t.table === 'sys_user')?.columns).toBeGreaterThan(5);
    expect(rows.some((t) => t.table === 'schema_migrations')).toBe(false);
    const client = (await s.api('GET', '/api/tool/gen/config/base_client', { token: admin })).json.data.config as GenConfig;
    expect([client.label, client.labelEn]).toEqual(['货主', 'Client']);
    expect(client.columns.find((c) => c.column === 'code')).toMatchObject({ label: '货主编码', kind: 'string', required: true, max: 30, unique: true });
    const filtered = await s.api('GET', '/api/tool/gen/tables', { token: admin, query: { tableName: 'carrier' } });
    expect((filtered.json.data as Json[]).every((t) => t.table.includes('carrier'))).toBe(true);
  });

  it('answers 404 for a table that does not exist or a name that is not a table name', async () => {
    expect((await s.api('GET', '/api/tool/gen/config/no_such_table', { token: admin })).status).toBe(404);
    expect((await s.api('GET', `/api/tool/gen/config/${encodeURIComponent('x; drop table sys_user')}`, { token: admin })).status).toBe(404);
  });

  // the round trip, for every registered resource whose table the definition describes
  for (const def of RESOURCES) {
    it(`reproduces the definition of ${def.name} from table ${def.table}`, async () => {
      const r = await s.api('GET', `/api/tool/gen/config/${def.table}`, { token: admin });
      expect(r.status).toBe(200);
      const cfg = r.json.data.config as GenConfig;
      const generated = definitionOf(cfg);
      const own = (d: ResourceDef) => allFields(d).filter((f) => !['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'version', 'status', 'effective'].includes(f.name));
      // every field of the repository's definition is generated with the same structure
      const got = new Map(own(generated).map((f) => [columnOf(f), f]));
      const isView = !(await s.db.query(`select 1 from information_schema.tables where table_name = $1 and table_type = 'BASE TABLE'`, [def.table])).rows.length;
      for (const f of own(def)) assertEquivalent(def, f, got.get(columnOf(f)), isView);
      // the features the table's columns imply
      expect(cfg.features.status, 'status').toBe(Boolean(def.features?.status) || def.fields.some((f) => f.name === 'status') || cfg.features.status);
      if (def.features?.effect) expect(cfg.features.effect).toBe(true);
      expect(generated.table).toBe(def.table);
      expect(cfg.name).toBe(def.name);
    });
  }

  it('previews and downloads the files of an adjusted configuration', async () => {
    const base = (await s.api('GET', '/api/tool/gen/config/base_carrier', { token: admin })).json.data.config as GenConfig;
    const cfg: GenConfig = {
      ...base,
      table: 'base_vendor',
      name: 'vendor',
      label: '供应商',
      labelEn: 'Vendor',
      columns: base.columns.map((c) => (c.column === 'name' ? { ...c, label: '名称', labelEn: 'Name' } : c)),
    };
    const p = await s.api('POST', '/api/tool/gen/preview', { token: admin, body: { config: cfg } });
    expect(p.status).toBe(200);
    const files = p.json.data as Record<string, string>;
    expect(files['packages/domain/src/resources/vendor.ts']).toContain("table: 'base_vendor'");
    expect(files['packages/domain/src/resources/vendor.ts']).toContain("name: 'code', kind: 'string', required: true, max: 30, unique: true");
    expect(files['apps/server/migrations/NNNN_base_vendor.sql']).toContain('create table if not exists base_vendor');
    expect(JSON.parse(files['packages/domain/src/locales/vendor.zh-CN.json']!).resources.vendor.fields.name).toBe('名称');

    // the generated migration really creates the table, and generating from it gives the same configuration back
    await s.db.exec(files['apps/server/migrations/NNNN_base_vendor.sql']!);
    const again = (await s.api('GET', '/api/tool/gen/config/base_vendor', { token: admin })).json.data.config as GenConfig;
    expect(again.columns.map((c) => [c.column, c.kind, c.required, c.max ?? null, c.unique])).toEqual(cfg.columns.map((c) => [c.column, c.kind, c.required, c.max ?? null, c.unique]));

    const d = await s.api('POST', '/api/tool/gen/download', { token: admin, body: { config: cfg } });
    expect(d.status).toBe(200);
    expect(d.headers.get('content-type')).toContain('application/zip');
    const zip = await JSZip.loadAsync(d.body);
    expect(Object.values(zip.files).filter((f) => !f.dir).map((f) => f.name).sort()).toEqual(Object.keys(files).sort());
    expect(await zip.file('packages/domain/src/resources/vendor.ts')!.async('string')).toBe(files['packages/domain/src/resources/vendor.ts']);
  });

  it('refuses identifiers that would end up in SQL or code, naming the field', async () => {
    const base = (await s.api('GET', '/api/tool/gen/config/base_carrier', { token: admin })).json.data.config as GenConfig;
    const bad = { ...base, table: 'x; drop table sys_user', columns: [{ ...base.columns[0]!, column: 'a b' }] };
    const r = await s.api('POST', '/api/tool/gen/preview', { token: admin, body: { config: bad } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.errors)).toEqual(expect.arrayContaining(['table', 'columns.0.column']));
  });

  it('is refused without the generator permissions', async () => {
    const u = await createUser(s.db, { perms: ['tool:gen:query'] });
    const token = await s.login(u.userName, u.password);
    expect((await s.api('GET', '/api/tool/gen/tables', { token })).status).toBe(200);
    expect((await s.api('POST', '/api/tool/gen/preview', { token, body: { config: {} } })).status).toBe(403);
    const none = await createUser(s.db, { role: false });
    expect((await s.api('GET', '/api/tool/gen/tables', { token: await s.login(none.userName, none.password) })).status).toBe(403);
  });
});
