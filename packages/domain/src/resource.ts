/**
 * The resource definition: one declarative object per master-data / admin entity.
 * The server derives its table access, routes, validation, permission checks and
 * data scope from it; the web derives its list page, form, detail and select modal.
 */
import { z } from 'zod';
import { rules } from './rules.ts';

export type FieldKind =
  | 'string' // single line text
  | 'text' // multi line text
  | 'int'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'dict' // value from a dictionary type
  | 'ref' // id of another resource
  | 'password' // write-only, stored hashed
  | 'secret' // write-only, stored encrypted (credentials the server uses again)
  | 'json';

/** How a field takes part in the list's search form. */
export type SearchMode = 'eq' | 'like' | 'range' | 'in';

export interface FieldDef {
  /** camelCase name used in the API and the web. */
  name: string;
  /** snake_case column; derived from name when omitted. */
  column?: string;
  kind: FieldKind;
  required?: boolean;
  /** string length limit (characters). */
  max?: number;
  /** numeric bounds */
  minValue?: number;
  maxValue?: number;
  /** decimal places kept for decimals */
  scale?: number;
  /** named validation rule of spec §5 */
  rule?: 'code' | 'mobile' | 'email' | 'emailOrMobile' | 'phone' | 'url' | 'password' | 'time' | 'breaks' | 'eventList';
  /** dictionary type for kind 'dict' */
  dict?: string;
  /**
   * the only values a 'dict' field takes, fixed by the code (the product's languages): any other is refused
   * (400 naming the field) even when an administrator adds it to the dictionary; the dictionary gives the labels
   */
  values?: readonly string[];
  /** referenced resource for kind 'ref' */
  ref?: string;
  /** unique within the table (a duplicate answers 409 with a field error) */
  unique?: boolean;
  /** in the list table (default true unless text/password/json) */
  list?: boolean;
  /** in the search form, and how it matches */
  search?: SearchMode;
  /** in the add / edit form (default true) */
  form?: boolean;
  /** in the detail view (default true unless password) */
  detail?: boolean;
  /** may be used as orderByColumn (default true for list fields) */
  sortable?: boolean;
  /** set on create, never changed by update */
  immutable?: boolean;
  /** never sent to clients, never exported or logged */
  secret?: boolean;
  /** default value on create */
  default?: unknown;
  /** unit shown next to the value (kg, m3, cm, km, yuan, h) */
  unit?: string;
  /** another unit while a field of the same record has one of the values (a rate line's price is a % on a percentage basis) */
  unitWhen?: { field: string; values: readonly string[]; unit: string };
  /** the web offers a copy-to-clipboard action on the value (e.g. a config value) */
  copyable?: boolean;
}

export interface ResourceFeatures {
  /** status toggle via POST /status with the `status` field ('0' normal, '1' disabled) */
  status?: boolean;
  /** take effect / lose effect via POST /effect and /uneffect (column `effective`) */
  effect?: boolean;
  export?: boolean;
  import?: boolean;
  /** false: the resource cannot be removed through the generic route */
  remove?: boolean;
  create?: boolean;
  update?: boolean;
}

export interface ResourceScope {
  /** column holding the dispatch center; lists and gets see only the session's center */
  dispatchCenter?: string;
  /** columns restricted by the user's data groups */
  client?: string;
  carrier?: string;
  zone?: string;
  /**
   * a row whose client / carrier / zone column is null is not restricted by that kind: the row belongs to
   * no record of it (a tracking row of a shipment alone has no client, one of an order alone no carrier)
   */
  openWhenNull?: boolean;
  /** column holding a department id, restricted by the roles' data scope (all / custom / own / own and below / self) */
  dept?: string;
  /** column compared with the caller's login name when a role's data scope is 'self' */
  self?: string;
  /**
   * column holding a user's login name (an operation or login log): the row is in scope when that user is in the
   * caller's scope of users (the roles' department data scope, or self); names of no user only with scope 'all'
   */
  user?: string;
  /** a child row is in scope when the parent row it refers to (through `column`) is in the parent resource's scope */
  parent?: { column: string; resource: string };
}

export interface ResourceDef {
  /** unique resource name, used for translations: resources.<name>.* */
  name: string;
  table: string;
  /** API path under /api, e.g. /system/dict/type */
  path: string;
  /** permission prefix, e.g. system:dict → system:dict:query|add|edit|delete|export|import|enable|disable */
  permission: string;
  /** menu component path mapped to the generic resource page */
  component: string;
  fields: FieldDef[];
  /** field shown when another resource refers to this one */
  labelField: string;
  features?: ResourceFeatures;
  scope?: ResourceScope;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** a boolean-like field; rows where it is truthy cannot be removed (built-in config) */
  builtinField?: string;
  /** records form a tree through this parent field (0 / null = root) */
  tree?: { parentField: string };
  /** the table has only an id, no audit columns (append-only logs) */
  noAudit?: boolean;
  /** child resource shown as a modal from each row (e.g. dict type → dict data) */
  children?: { resource: string; foreignKey: string; parentKey: string }[];
}

/** Fields every business table carries; read-only for clients. */
export const AUDIT_FIELDS: FieldDef[] = [
  { name: 'id', kind: 'int', form: false, list: false, immutable: true },
  { name: 'createBy', kind: 'string', form: false, list: false },
  { name: 'createTime', kind: 'datetime', form: false, list: true, search: 'range' },
  { name: 'updateBy', kind: 'string', form: false, list: false },
  { name: 'updateTime', kind: 'datetime', form: false, list: false },
  { name: 'version', kind: 'int', form: false, list: false },
];
export const SERVER_OWNED = new Set(['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'version']);

/** snake_case column names of camelCase field names, worked out once per name (lists ask for them per row and field) */
const snake = new Map<string, string>();
export function columnOf(f: FieldDef): string {
  if (f.column) return f.column;
  let c = snake.get(f.name);
  if (c === undefined) {
    c = f.name.replace(/[A-Z]/g, (x) => '_' + x.toLowerCase());
    snake.set(f.name, c);
  }
  return c;
}

/** The unit of a field's value in a record (values: the record or the form's values): `unitWhen` may change it. */
export function unitOf(f: Pick<FieldDef, 'unit' | 'unitWhen'>, values?: Record<string, unknown> | null): string | undefined {
  const w = f.unitWhen;
  return w && values && w.values.includes(String(values[w.field])) ? w.unit : f.unit;
}
export function inList(f: FieldDef): boolean {
  return f.list ?? !(f.kind === 'text' || f.kind === 'password' || f.kind === 'secret' || f.kind === 'json' || f.secret);
}
export function inForm(f: FieldDef): boolean {
  return f.form ?? true;
}
export function inDetail(f: FieldDef): boolean {
  return f.detail ?? !(f.kind === 'password' || f.kind === 'secret' || f.secret);
}
export function isSortable(f: FieldDef): boolean {
  return f.sortable ?? (inList(f) && f.kind !== 'json');
}

/** Every field of a resource, its own plus the audit fields (and status / effective). */
export function allFields(def: ResourceDef): FieldDef[] {
  const own = def.fields;
  const extra: FieldDef[] = [];
  if (def.features?.status && !own.some((f) => f.name === 'status'))
    extra.push({ name: 'status', kind: 'dict', dict: 'sys_normal_disable', search: 'eq', form: false, default: '0' });
  if (def.features?.effect && !own.some((f) => f.name === 'effective'))
    extra.push({ name: 'effective', kind: 'boolean', search: 'eq', form: false, default: false });
  if (def.noAudit) return [AUDIT_FIELDS[0]!, ...own, ...extra];
  return [AUDIT_FIELDS[0]!, ...own, ...extra, ...AUDIT_FIELDS.slice(1)];
}

export type Action = 'query' | 'get' | 'add' | 'edit' | 'delete' | 'export' | 'import' | 'enable' | 'disable';
export const ACTIONS: Action[] = ['query', 'get', 'add', 'edit', 'delete', 'export', 'import', 'enable', 'disable'];

export function permissionOf(def: ResourceDef, action: Action): string {
  return `${def.permission}:${action}`;
}

/** The actions a resource exposes, so menus get one button per action. */
export function actionsOf(def: ResourceDef): Action[] {
  const f = def.features ?? {};
  const out: Action[] = ['query'];
  if (f.create !== false) out.push('add');
  if (f.update !== false) out.push('edit');
  if (f.remove !== false) out.push('delete');
  if (f.export !== false) out.push('export');
  if (f.import) out.push('import');
  if (f.status || f.effect) out.push('enable', 'disable');
  return out;
}

// ---------------------------------------------------------------------------
// Validation: one zod schema per field, used by the form (before sending) and the server.

/** Type errors: a missing value reads as 'required', anything else as the given key. */
const typeErr = (key: string) => ({
  error: (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? 'validation.required' : key),
});

function fieldSchema(f: FieldDef): z.ZodType {
  let s: z.ZodType;
  switch (f.kind) {
    case 'string':
    case 'text':
    case 'secret':
    case 'password': {
      let str = z.string(typeErr('validation.string'));
      if (f.max) str = str.max(f.max, { error: 'validation.maxLength' });
      if (f.rule) str = str.regex(rules[f.rule].pattern, { error: rules[f.rule].message });
      if (f.kind === 'password' && !f.rule) str = str.min(6, { error: 'validation.passwordLength' }).max(16, { error: 'validation.passwordLength' });
      s = f.required ? str.trim().min(1, { error: 'validation.required' }) : str;
      break;
    }
    case 'dict':
      if (f.values) {
        const empty = f.required ? 'validation.required' : 'validation.invalid';
        s = z.enum(f.values as [string, ...string[]], { error: (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? 'validation.required' : iss.input === '' ? empty : 'validation.invalid') });
        break;
      }
      s = z.string(typeErr('validation.string')).max(f.max ?? 100, { error: 'validation.maxLength' });
      if (f.required) s = (s as z.ZodString).min(1, { error: 'validation.required' });
      break;
    case 'int': {
      let n = z.number(typeErr('validation.number')).int({ error: 'validation.integer' });
      n = n.min(f.minValue ?? -2147483648, { error: 'validation.min' }).max(f.maxValue ?? 2147483647, { error: 'validation.max' });
      s = n;
      break;
    }
    case 'ref':
      // tree parents allow 0 (the root); other references need a record id
      s = z.number(typeErr('validation.required')).int({ error: 'validation.integer' }).min(f.minValue ?? 1, { error: 'validation.required' }).max(Number.MAX_SAFE_INTEGER, { error: 'validation.max' });
      break;
    case 'decimal': {
      let n = z.number(typeErr('validation.number'));
      n = n.min(f.minValue ?? -1e12, { error: 'validation.min' }).max(f.maxValue ?? 1e12, { error: 'validation.max' });
      // more decimals than the column keeps would be rounded on storage (totals ≠ sum of lines): refused
      const scale = f.scale;
      s = scale === undefined ? n : n.refine((v) => Number(v.toFixed(scale)) === v, { error: 'validation.scale' });
      break;
    }
    case 'boolean':
      s = z.boolean(typeErr('validation.boolean'));
      break;
    case 'date':
      s = z.string(typeErr('validation.date')).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' });
      break;
    case 'datetime':
      s = z.iso.datetime({ offset: true, error: 'validation.datetime' });
      break;
    case 'json':
      s = z.unknown();
      break;
  }
  return f.required ? s : s.nullable().optional();
}

/**
 * Schema of a create or update body. Server-owned fields (id, audit columns, version,
 * status, effective) are not in it: they are stripped, never written by clients.
 */
export function bodySchema(def: ResourceDef, mode: 'create' | 'update'): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const f of def.fields) {
    if (!inForm(f) || SERVER_OWNED.has(f.name)) continue;
    if (mode === 'update' && f.immutable) continue;
    let s = fieldSchema(f);
    // on update a password left empty keeps the old one
    if (mode === 'update' && (f.kind === 'password' || f.kind === 'secret')) s = s.optional().or(z.literal(''));
    shape[f.name] = s;
  }
  if (mode === 'update') {
    shape.id = z.number({ error: 'validation.required' }).int().positive().max(Number.MAX_SAFE_INTEGER);
    shape.version = z.number({ error: 'validation.required' }).int().min(0);
  }
  return z.object(shape);
}

/** Single field validation for forms; returns the message key and its parameters. */
export function validateField(f: FieldDef, value: unknown): FieldError | null {
  const r = fieldSchema(f).safeParse(value === '' && !f.required ? null : value);
  if (r.success) return null;
  return issueToError(f, r.error.issues[0]!);
}

export interface FieldError {
  key: string;
  params?: Record<string, unknown>;
}

export function issueToError(f: FieldDef | undefined, issue: z.core.$ZodIssue): FieldError {
  const key = issue.message && issue.message.includes('.') ? issue.message : 'validation.invalid';
  const params: Record<string, unknown> = {};
  if (f?.max) params.max = f.max;
  if (f?.minValue !== undefined) params.min = f.minValue;
  if (f?.maxValue !== undefined) params.maxValue = f.maxValue;
  if (f?.scale !== undefined) params.scale = f.scale;
  return { key, params };
}

export function fieldByName(def: ResourceDef, name: string): FieldDef | undefined {
  return allFields(def).find((f) => f.name === name);
}
