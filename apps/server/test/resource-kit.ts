/**
 * Shared by the generic resource suites: sample bodies generated from a ResourceDef, Excel helpers,
 * and the per-file server (`useServer()` starts one server for the file and logs admin in).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import ExcelJS from 'exceljs';
import { RESOURCES, SERVER_OWNED, inForm, resourceByName, sharedLocales, type FieldDef, type ResourceDef } from '@tms/domain';
import { translate } from '../src/platform/i18n.ts';
import { ADMIN, rand, startServer, type ApiOptions, type ApiResponse, type Json, type TestServer } from './helpers.ts';

export const ctx = { s: null as unknown as TestServer, admin: '' };

/** The resources one file of a generic suite covers when the suite runs as `parts` files side by side. */
export const resourcesOf = (part: number, parts: number): ResourceDef[] => RESOURCES.filter((_, i) => i % parts === part);

export function useServer(): void {
  beforeAll(async () => {
    ctx.s = await startServer();
    ctx.admin = await ctx.s.login(ADMIN.user, ADMIN.password);
  });
  afterAll(async () => {
    await ctx.s?.close();
  });
}

export type Body = Record<string, unknown>;
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const zh = (key: string, params?: Record<string, unknown>) => translate('zh-CN', key, params);
export const call = (method: string, def: ResourceDef, action: string, o: ApiOptions = {}) =>
  ctx.s.api(method, `/api${def.path}/${action}`, { token: ctx.admin, ...o });

// ---------------------------------------------------------------------------------------------
// Sample values from a definition

export const formFields = (def: ResourceDef) => def.fields.filter((f) => inForm(f) && !SERVER_OWNED.has(f.name));
export const fit = (v: string, f: FieldDef) => (f.max ? v.slice(0, f.max) : v);

export const RULE_SAMPLE: Record<NonNullable<FieldDef['rule']>, () => string> = {
  code: () => `T_${rand(6)}`,
  mobile: () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  email: () => `t${rand(6)}@example.com`,
  emailOrMobile: () => `t${rand(6)}@example.com`,
  phone: () => '021-55556666',
  url: () => `https://example.com/${rand(4)}`,
  password: () => `Pa55${rand(6)}`,
  time: () => '08:30',
  eventList: () => '*',
  breaks: () => '0-:1.5',
};
export const RULE_INVALID: Record<NonNullable<FieldDef['rule']>, string> = {
  code: 'bad code!',
  mobile: '0123',
  email: 'not-an-email',
  emailOrMobile: 'neither@nor',
  phone: 'call me',
  url: 'ftp x',
  password: '1',
  time: '25:99',
  eventList: 'every event!',
  breaks: '0-100 costs 5',
};

export const dictCache = new Map<string, string[]>();
export async function dictValues(type: string): Promise<string[]> {
  if (!dictCache.has(type)) {
    const r = await ctx.s.api('GET', '/api/system/dict/data/type', { token: ctx.admin, query: { dictType: type } });
    expect(r.status).toBe(200);
    dictCache.set(type, (r.json.data as { dictValue: string }[]).map((d) => d.dictValue));
  }
  const v = dictCache.get(type)!;
  if (!v.length) throw new Error(`dictionary ${type} is empty`);
  return v;
}

export async function refId(name: string, depth: number): Promise<number> {
  const ref = resourceByName.get(name);
  if (!ref) return 1;
  const l = await call('GET', ref, 'list', { query: { pageSize: 1 } });
  if (l.json.rows?.[0]) return l.json.rows[0].id as number;
  if (depth > 3) throw new Error(`cannot make a ${name} to refer to`);
  const made = await call('POST', ref, 'save', { body: await sample(ref, depth + 1) });
  expect(made.status).toBe(200);
  return made.json.data.id as number;
}

export function clamp(v: number, f: FieldDef) {
  return Math.min(Math.max(v, f.minValue ?? -Infinity), f.maxValue ?? Infinity);
}

export async function sampleValue(def: ResourceDef, f: FieldDef, depth = 0): Promise<unknown> {
  switch (f.kind) {
    case 'string':
    case 'text':
      if (f.rule) return fit(RULE_SAMPLE[f.rule](), f);
      return fit(`${f.name} ${rand(8)}`, f);
    case 'password':
      return f.rule ? RULE_SAMPLE[f.rule]() : `Pa55${rand(6)}`;
    case 'int':
      return clamp(1, f);
    case 'decimal':
      return clamp(1.5, f);
    case 'boolean':
      // a built-in row cannot be removed: samples are not built in
      return false;
    case 'date':
      return '2024-05-01';
    case 'datetime':
      return '2024-05-01T08:00:00.000Z';
    case 'dict':
      return (await dictValues(f.dict!))[0];
    case 'ref':
      return refId(f.ref ?? '', depth);
    case 'json':
      return undefined;
  }
}

/**
 * Inputs a resource's business rules need beyond its field definitions (sent with every sample).
 * Keep this small: a resource listed here has a rule the generic engine cannot infer.
 */
export const EXTRAS: Record<string, () => Promise<Body>> = {
  // a role needs at least one menu (spec §5)
  role: async () => ({ menuIds: [(await ctx.s.db.query<{ id: number }>(`select id from sys_menu where menu_key = 'dashboard'`)).rows[0]!.id] }),
  // one restriction per station and vehicle type; windows of one station must not overlap and start before they end
  stationLimit: async () => ({ stationId: await freshId('station') }),
  timeWindow: async () => ({ stationId: await freshId('station'), startTime: '08:00', endTime: '09:30' }),
  extraWindow: async () => ({ stationId: await freshId('station'), startTime: '08:00', endTime: '09:30' }),
  // a rate line names one place per lane end and is the only line of its charge type and lane in its (draft) contract
  rateLine: async () => ({ contractId: await freshId('contract'), fromDistrictId: null, fromZoneId: null, toDistrictId: null, toZoneId: null, firstQty: null, firstPrice: null, addStep: null, addPrice: null }),
  // a receivable contract (the first kind) has a client and no carrier
  contract: async () => ({ carrierId: null }),
  // settlement terms: one per contract (issue 15)
  settleTerm: async () => ({ contractId: await freshId('contract') }),
  // notifications (issue 17): events are '*' or known event names; an e-mail subscription names its address
  webhookEndpoint: async () => ({ events: '*' }),
  notifySubscription: async () => ({ events: '*', channel: 'EMAIL', address: `n${rand(6)}@example.com` }),
};

/** A new record of a resource (from its sample), for rules that need a record of their own. */
export async function freshId(name: string): Promise<number> {
  const def = resourceByName.get(name)!;
  const made = await call('POST', def, 'save', { body: await sample(def) });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  return made.json.data.id as number;
}

export async function sample(def: ResourceDef, depth = 0): Promise<Body> {
  const out: Body = {};
  for (const f of formFields(def)) {
    const v = await sampleValue(def, f, depth);
    if (v !== undefined) out[f.name] = v;
  }
  // the extras win over the generated values
  return { ...out, ...((await EXTRAS[def.name]?.()) ?? {}) };
}

/** A text-like field whose value can be searched for, preferring unique ones. */
export function searchField(def: ResourceDef): FieldDef | undefined {
  const cands = formFields(def).filter((f) => (f.search === 'like' || f.search === 'eq' || f.search === 'in') && (f.kind === 'string' || f.kind === 'text'));
  return cands.find((f) => f.unique) ?? cands.find((f) => f.search === 'like') ?? cands[0];
}

/** A field an update can change freely. */
export function changeField(def: ResourceDef): FieldDef | undefined {
  const cands = formFields(def).filter((f) => !f.immutable && !f.unique && (f.kind === 'string' || f.kind === 'text') && !f.rule);
  return cands.find((f) => f.required) ?? cands[0];
}

export function overMax(f: FieldDef): string {
  const n = (f.max ?? 0) + 1;
  switch (f.rule) {
    case 'code':
      return 'A'.repeat(n);
    case 'mobile':
    case 'phone':
      return '1'.repeat(n);
    case 'email':
      return 'a'.repeat(n) + '@x.io';
    case 'url':
      return 'https://' + 'a'.repeat(n);
    default:
      return 'x'.repeat(n);
  }
}

export const updatable = (def: ResourceDef, body: Body): Body => {
  const out: Body = {};
  for (const f of formFields(def)) if (!f.immutable && f.name in body) out[f.name] = body[f.name];
  return out;
};

// ---------------------------------------------------------------------------------------------
// Excel helpers

export function lookup(obj: unknown, path: string): string | undefined {
  let cur: unknown = obj;
  for (const p of path.split('.')) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return typeof cur === 'string' ? cur : undefined;
}
export const labelOf = (def: ResourceDef, f: FieldDef, lang: 'zh-CN' | 'en-US') =>
  lookup(sharedLocales[lang], `resources.${def.name}.fields.${f.name}`) ?? lookup(sharedLocales[lang], `fields.${f.name}`);

export async function readSheet(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

export async function workbook(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function upload(buf: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(buf)], { type: XLSX }), 'import.xlsx');
  return form;
}

export const importFieldsOf = (def: ResourceDef) => formFields(def).filter((f) => f.kind !== 'json');

export function isXlsx(r: ApiResponse) {
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain(XLSX);
  expect(r.body.subarray(0, 2).toString('latin1')).toBe('PK');
}

/** Creates a record from a sample body with the given values over it; fails the test unless it is saved. */
export async function saveSample(name: string, body: Body = {}): Promise<Json> {
  const def = resourceByName.get(name)!;
  const r = await call('POST', def, 'save', { body: { ...(await sample(def)), ...body } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
}
