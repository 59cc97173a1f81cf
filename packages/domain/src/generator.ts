/**
 * The code generator (issue 7): from a PostgreSQL table's columns (introspected by the server) to a
 * column configuration a person adjusts, and from that configuration to the files a new entity needs
 * — its resource definition, its migration and its translations. Pure functions, shared by the
 * server (which renders and zips the files) and the web (which previews them).
 */
import { z } from 'zod';
import { AUDIT_FIELDS, columnOf, type FieldDef, type FieldKind, type ResourceDef, type SearchMode } from './resource.ts';

/** One column as information_schema describes it. */
export interface DbColumn {
  column: string;
  /** information_schema data_type, e.g. 'character varying', 'bigint', 'timestamp with time zone' */
  dataType: string;
  maxLength: number | null;
  numericPrecision: number | null;
  numericScale: number | null;
  nullable: boolean;
  hasDefault: boolean;
  /** referenced table of a single-column foreign key */
  fkTable: string | null;
  /** a single-column unique constraint or unique index */
  unique: boolean;
  comment: string | null;
}

export type Widget = 'input' | 'textarea' | 'number' | 'switch' | 'date' | 'datetime' | 'select' | 'ref' | 'password' | 'json';

/** The per-column configuration of the generator screen. */
export interface GenColumn {
  column: string;
  name: string;
  kind: FieldKind;
  label: string;
  labelEn: string;
  widget: Widget;
  required: boolean;
  max?: number;
  scale?: number;
  dict?: string;
  ref?: string;
  unique: boolean;
  list: boolean;
  search?: SearchMode;
  form: boolean;
}

export interface GenConfig {
  table: string;
  /** resource name (camelCase) */
  name: string;
  label: string;
  labelEn: string;
  /** module folder, e.g. baseinfo → API /baseinfo/<name>, permission baseinfo:<name> */
  module: string;
  labelField: string;
  features: { status: boolean; effect: boolean; export: boolean; import: boolean };
  columns: GenColumn[];
}

const AUDIT_COLUMNS = new Set(AUDIT_FIELDS.map(columnOf));

export const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const words = (s: string) => s.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/** The field kind a column's SQL type suggests. */
export function kindOf(c: DbColumn): FieldKind {
  const t = c.dataType.toLowerCase();
  if (c.fkTable) return 'ref';
  if (t === 'boolean') return 'boolean';
  if (t === 'smallint' || t === 'integer' || t === 'bigint') return 'int';
  if (t === 'numeric' || t === 'real' || t === 'double precision') return 'decimal';
  if (t === 'date') return 'date';
  if (t.startsWith('timestamp')) return 'datetime';
  if (t === 'json' || t === 'jsonb') return 'json';
  if (t === 'text' || (c.maxLength ?? 0) > 255) return 'text';
  return 'string';
}

const WIDGET: Record<FieldKind, Widget> = {
  string: 'input',
  text: 'textarea',
  int: 'number',
  decimal: 'number',
  boolean: 'switch',
  date: 'date',
  datetime: 'datetime',
  dict: 'select',
  ref: 'ref',
  password: 'password',
  secret: 'password',
  json: 'json',
};

/**
 * The starting configuration of a table: every column but the id and the audit columns, typed from
 * its SQL type; `status` / `effective` become the status and take-effect features.
 * `resourceOfTable` names the registered resource of a referenced table.
 */
export function inferConfig(table: string, columns: DbColumn[], resourceOfTable: (t: string) => string | undefined): GenConfig {
  const base = table.replace(/^(base|sys|tms|app)_/, '');
  const module = table.startsWith('sys_') ? 'system' : table.startsWith('base_') ? 'baseinfo' : (table.split('_')[0] ?? 'app');
  const own = columns.filter((c) => !AUDIT_COLUMNS.has(c.column) && c.column !== 'status' && c.column !== 'effective');
  const cols: GenColumn[] = own.map((c) => {
    const kind = kindOf(c);
    const ref = c.fkTable ? resourceOfTable(c.fkTable) : undefined;
    const k: FieldKind = kind === 'ref' && !ref ? 'int' : kind;
    const label = c.comment?.trim() || words(camel(c.column));
    return {
      column: c.column,
      name: camel(c.column),
      kind: k,
      label,
      labelEn: words(camel(c.column)),
      widget: WIDGET[k],
      required: !c.nullable && !c.hasDefault,
      ...(c.maxLength && (k === 'string' || k === 'text') ? { max: c.maxLength } : {}),
      ...(k === 'decimal' && c.numericScale ? { scale: c.numericScale } : {}),
      ...(ref ? { ref } : {}),
      unique: c.unique,
      list: k !== 'text' && k !== 'json',
      ...(c.column === 'code' || c.column === 'name' ? { search: 'like' as const } : {}),
      form: true,
    };
  });
  const names = new Set(cols.map((c) => c.column));
  return {
    table,
    name: camel(base),
    label: words(camel(base)),
    labelEn: words(camel(base)),
    module,
    labelField: names.has('name') ? 'name' : names.has('code') ? 'code' : (cols[0]?.name ?? 'id'),
    features: { status: columns.some((c) => c.column === 'status'), effect: columns.some((c) => c.column === 'effective'), export: true, import: false },
    columns: cols,
  };
}

/** The field definition of one configured column (only what differs from the defaults). */
export function fieldOf(c: GenColumn): FieldDef {
  const f: FieldDef = { name: c.name, kind: c.kind };
  if (columnOf(f) !== c.column) f.column = c.column;
  if (c.required) f.required = true;
  if (c.max !== undefined) f.max = c.max;
  if (c.scale !== undefined) f.scale = c.scale;
  if (c.kind === 'dict' && c.dict) f.dict = c.dict;
  if (c.kind === 'ref' && c.ref) f.ref = c.ref;
  if (c.unique) f.unique = true;
  const defaultList = !(c.kind === 'text' || c.kind === 'password' || c.kind === 'secret' || c.kind === 'json');
  if (c.list !== defaultList) f.list = c.list;
  if (c.search) f.search = c.search;
  if (!c.form) f.form = false;
  return f;
}

export function definitionOf(cfg: GenConfig): ResourceDef {
  const features = Object.fromEntries(Object.entries(cfg.features).filter(([, v]) => v)) as ResourceDef['features'];
  return {
    name: cfg.name,
    table: cfg.table,
    path: `/${cfg.module}/${cfg.name}`,
    permission: `${cfg.module}:${cfg.name}`,
    component: `${cfg.module}/${cfg.name}/index`,
    labelField: cfg.labelField,
    features,
    defaultSort: { field: 'id', order: 'desc' },
    fields: cfg.columns.map(fieldOf),
  };
}

const SQL_TYPE: Record<FieldKind, (c: GenColumn) => string> = {
  string: (c) => `varchar(${c.max ?? 60})`,
  text: (c) => (c.max ? `varchar(${c.max})` : 'text'),
  int: () => 'int',
  decimal: (c) => `numeric(14,${c.scale ?? 3})`,
  boolean: () => 'boolean',
  date: () => 'date',
  datetime: () => 'timestamptz',
  dict: () => 'varchar(30)',
  ref: () => 'bigint',
  password: () => 'varchar(200)',
  secret: () => 'text',
  json: () => 'jsonb',
};

export function renderMigration(cfg: GenConfig, refTables: (resource: string) => string | undefined = () => undefined): string {
  const lines = ['  id bigint generated by default as identity primary key'];
  for (const c of cfg.columns) {
    const refTable = c.kind === 'ref' && c.ref ? refTables(c.ref) : undefined;
    lines.push(`  ${c.column} ${SQL_TYPE[c.kind](c)}${c.required ? ' not null' : ''}${c.unique ? ' unique' : ''}${refTable ? ` references ${refTable}(id)` : ''}`);
  }
  if (cfg.features.status) lines.push(`  status varchar(1) not null default '0'`);
  if (cfg.features.effect) lines.push('  effective boolean not null default false');
  lines.push('  create_by varchar(64), create_time timestamptz not null default now()', '  update_by varchar(64), update_time timestamptz', '  version int not null default 0');
  return `-- ${cfg.labelEn} (generated)\ncreate table if not exists ${cfg.table} (\n${lines.join(',\n')}\n);\n`;
}

/** A TypeScript literal of a plain value (stable key order, single quotes). */
function literal(v: unknown, indent = ''): string {
  if (Array.isArray(v)) return `[\n${v.map((x) => `${indent}  ${literal(x, indent + '  ')},`).join('\n')}\n${indent}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    const inner = entries.map(([k, x]) => `${/^[a-zA-Z_$][\w$]*$/.test(k) ? k : `'${k}'`}: ${literal(x, indent)}`).join(', ');
    return `{ ${inner} }`;
  }
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return String(v);
}

export function renderDefinition(cfg: GenConfig): string {
  const def = definitionOf(cfg);
  const { fields, ...head } = def;
  const headLines = Object.entries(head)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `  ${k}: ${literal(v, '  ')},`);
  return [
    `/** ${cfg.labelEn} (generated by the code generator from table ${cfg.table}). */`,
    `import type { ResourceDef } from '../resource.ts';`,
    '',
    `export const ${cfg.name}: ResourceDef = {`,
    ...headLines,
    `  fields: ${literal(fields, '  ')},`,
    '};',
    '',
  ].join('\n');
}

/** resources.<name> texts of both hand-written languages. */
export function renderLocales(cfg: GenConfig): { 'zh-CN': object; 'en-US': object } {
  const mk = (title: string, label: (c: GenColumn) => string) => ({
    resources: { [cfg.name]: { name: title, fields: Object.fromEntries(cfg.columns.map((c) => [c.name, label(c)])) } },
  });
  return { 'zh-CN': mk(cfg.label, (c) => c.label), 'en-US': mk(cfg.labelEn, (c) => c.labelEn) };
}

/** Every generated file, by its path in the repository. */
export function generateFiles(cfg: GenConfig, refTables?: (resource: string) => string | undefined): Record<string, string> {
  const loc = renderLocales(cfg);
  return {
    [`packages/domain/src/resources/${cfg.name}.ts`]: renderDefinition(cfg),
    [`apps/server/migrations/NNNN_${cfg.table}.sql`]: renderMigration(cfg, refTables),
    [`packages/domain/src/locales/${cfg.name}.zh-CN.json`]: JSON.stringify(loc['zh-CN'], null, 2) + '\n',
    [`packages/domain/src/locales/${cfg.name}.en-US.json`]: JSON.stringify(loc['en-US'], null, 2) + '\n',
  };
}

// ---------------------------------------------------------------------------
// Validation of a configuration sent back by the screen: names end up in SQL and TypeScript, so
// every identifier is checked, and texts are bounded.


const ident = /^[a-z][a-z0-9_]{0,62}$/;
const camelIdent = /^[a-z][A-Za-z0-9]{0,62}$/;
const FIELD_KINDS = ['string', 'text', 'int', 'decimal', 'boolean', 'date', 'datetime', 'dict', 'ref', 'password', 'secret', 'json'] as const;
const WIDGETS = ['input', 'textarea', 'number', 'switch', 'date', 'datetime', 'select', 'ref', 'password', 'json'] as const;
const text = z.string().trim().min(1).max(60);

export const genColumnSchema = z.object({
  column: z.string().regex(ident),
  name: z.string().regex(camelIdent),
  kind: z.enum(FIELD_KINDS),
  label: text,
  labelEn: text,
  widget: z.enum(WIDGETS),
  required: z.boolean(),
  max: z.number().int().min(1).max(10000).optional(),
  scale: z.number().int().min(0).max(6).optional(),
  dict: z.string().regex(/^[a-z][a-z0-9_]{0,99}$/).optional(),
  ref: z.string().regex(camelIdent).optional(),
  unique: z.boolean(),
  list: z.boolean(),
  search: z.enum(['eq', 'like', 'range', 'in']).optional(),
  form: z.boolean(),
});

export const genConfigSchema = z.object({
  table: z.string().regex(ident),
  name: z.string().regex(camelIdent),
  label: text,
  labelEn: text,
  module: z.string().regex(/^[a-z][a-z0-9]{0,30}$/),
  labelField: z.string().regex(camelIdent),
  features: z.object({ status: z.boolean(), effect: z.boolean(), export: z.boolean(), import: z.boolean() }),
  columns: z.array(genColumnSchema).min(1).max(200),
});
