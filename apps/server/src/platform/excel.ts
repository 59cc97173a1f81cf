/**
 * Excel export, import templates and streaming import for every resource (exceljs).
 * Headers are the field labels in the user's language; dictionary columns carry drop-down lists.
 */
import type ExcelJS from 'exceljs';

let excelModule: Promise<typeof ExcelJS> | null = null;
/**
 * exceljs, loaded on first use (an export, a template, an import): it takes most of a second to load, which the
 * server's start and every process that never touches a workbook should not pay.
 */
export function loadExcel(): Promise<typeof ExcelJS> {
  return (excelModule ??= import('exceljs').then((m) => m.default));
}
import { PassThrough, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { LANGS, allFields, bodySchema, columnOf, inForm, inList, issueToError, resourceByName, SERVER_OWNED, type FieldDef, type Lang, type ResourceDef } from '@tms/domain';
import type { Queryable } from './db.ts';
import type { FastifyRequest } from 'fastify';
import { uploadLimit, type Caller } from './auth.ts';
import { translate } from './i18n.ts';
import { scopeOf } from './resource-engine.ts';
import { AppError, badRequest } from './errors.ts';

export function fieldLabel(def: ResourceDef, f: FieldDef, lang: Lang): string {
  const key = `resources.${def.name}.fields.${f.name}`;
  const t = translate(lang, key);
  return t === key ? translate(lang, `fields.${f.name}`) : t;
}

/**
 * A dictionary entry's label in a language, as the web app shows it (queries.ts translateDicts): labels are stored in
 * Chinese (administrators edit them); another language gets the shipped translation (locale key dicts.<type>.<value>)
 * when there is one.
 */
export function dictLabel(lang: Lang, type: string, value: string, stored: string): string {
  if (lang === 'zh-CN') return stored;
  const key = `dicts.${type}.${value}`;
  const t = translate(lang, key);
  return t === key ? stored : t;
}

/** The entries of dictionary types, labels in `lang`; `stored` keeps the label as stored (an import reads either). */
export async function dictOptions(db: Queryable, types: string[], lang: Lang): Promise<Map<string, { value: string; label: string; stored: string }[]>> {
  const out = new Map<string, { value: string; label: string; stored: string }[]>();
  if (!types.length) return out;
  const r = await db.query<{ dict_type: string; dict_value: string; dict_label: string }>(
    `select dict_type, dict_value, dict_label from sys_dict_data where dict_type = any($1) and status = '0' order by dict_type, dict_sort, id`,
    [types],
  );
  for (const row of r.rows) {
    const list = out.get(row.dict_type) ?? [];
    list.push({ value: row.dict_value, label: dictLabel(lang, row.dict_type, row.dict_value, row.dict_label), stored: row.dict_label });
    out.set(row.dict_type, list);
  }
  return out;
}

async function toBuffer(wb: ExcelJS.stream.xlsx.WorkbookWriter, sink: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((res, rej) => {
    sink.on('end', res);
    sink.on('error', rej);
  });
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}

/** The filtered list as .xlsx, streamed row by row (dictionary values shown as labels). */
export async function exportWorkbook(def: ResourceDef, rows: Record<string, unknown>[], lang: Lang, db: Queryable): Promise<Buffer> {
  const sink = new PassThrough();
  const Excel = await loadExcel();
  const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true });
  const ws = wb.addWorksheet(translate(lang, `resources.${def.name}.name`).slice(0, 31));
  const fields = allFields(def).filter((f) => inList(f) || f.name === 'id');
  const dicts = await dictOptions(db, fields.filter((f) => f.dict).map((f) => f.dict!), lang);
  ws.columns = fields.map((f) => ({ header: fieldLabel(def, f, lang), key: f.name, width: Math.max(12, fieldLabel(def, f, lang).length * 2 + 2) }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    const line: Record<string, unknown> = {};
    for (const f of fields) {
      let v = r[f.name];
      if (f.dict && v != null) v = dicts.get(f.dict)?.find((d) => d.value === v)?.label ?? v;
      if (f.kind === 'boolean' && v != null) v = translate(lang, v ? 'common.yes' : 'common.no');
      if ((f.kind === 'datetime') && typeof v === 'string') v = new Date(v);
      line[f.name] = v;
    }
    ws.addRow(line).commit();
  }
  ws.commit();
  return toBuffer(wb, sink);
}

function importFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => inForm(f) && !SERVER_OWNED.has(f.name) && f.kind !== 'json' && f.kind !== 'secret');
}

/** A template with the importable columns, required ones marked, dictionary columns as drop-down lists. */
export async function importTemplate(def: ResourceDef, lang: Lang, db: Queryable): Promise<Buffer> {
  const sink = new PassThrough();
  const Excel = await loadExcel();
  const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true });
  const ws = wb.addWorksheet(translate(lang, `resources.${def.name}.name`).slice(0, 31));
  const lists = wb.addWorksheet('lists', { state: 'hidden' });
  const fields = importFields(def);
  const dicts = await dictOptions(db, fields.filter((f) => f.dict).map((f) => f.dict!), lang);
  ws.columns = fields.map((f) => ({ header: fieldLabel(def, f, lang), key: f.name, width: Math.max(14, fieldLabel(def, f, lang).length * 2 + 4) }));
  const head = ws.getRow(1);
  head.font = { bold: true };
  fields.forEach((f, i) => {
    if (f.required) head.getCell(i + 1).font = { bold: true, color: { argb: 'FFCC0000' } };
  });
  let listCol = 0;
  fields.forEach((f, i) => {
    const colLetter = ws.getColumn(i + 1).letter;
    let formula: string | null = null;
    if (f.dict) {
      const opts = dicts.get(f.dict) ?? [];
      if (!opts.length) return;
      listCol += 1;
      const lc = lists.getColumn(listCol).letter;
      opts.forEach((o, j) => (lists.getCell(j + 1, listCol).value = o.label));
      formula = `lists!$${lc}$1:$${lc}$${opts.length}`;
    } else if (f.kind === 'boolean') {
      formula = `"${translate(lang, 'common.yes')},${translate(lang, 'common.no')}"`;
    }
    if (!formula) return;
    for (let r = 2; r <= 1000; r++) {
      ws.getCell(`${colLetter}${r}`).dataValidation = { type: 'list', allowBlank: !f.required, formulae: [formula] };
    }
  });
  head.commit();
  ws.commit();
  lists.commit();
  return toBuffer(wb, sink);
}

export interface ImportRow {
  rowNum: number;
  raw: Record<string, unknown>;
  values: Record<string, unknown> | null;
  errors: Record<string, string>;
}

function cellValue(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  if (typeof v === 'object') {
    if ('result' in v) return cellValue(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('sharedString' in v) throw new Error('import: unresolved shared string'); // sheetRows reads such files whole
    return null;
  }
  return v;
}

/** A cell the streaming reader could not resolve: a shared string whose table comes after the sheet in the zip. */
const unresolved = (v: ExcelJS.CellValue) => typeof v === 'object' && v !== null && !(v instanceof Date) && 'sharedString' in v;

// Dates, times and date-times as spreadsheets hold them (Excel, WPS, LibreOffice): a date cell is a serial
// day number (days since 1899-12-30, the time as its fraction) that exceljs turns into a Date (as UTC) when
// the cell's format is a date format; a serial under a general format comes as a plain number; and text
// dates are typed in many ways. All of them are read here, as wall-clock values (no time zone: as UTC).
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const MS_PER_DAY = 86_400_000;
/** 1900-01-01 … 9999-12-31 as serials */
const isSerial = (n: number) => Number.isFinite(n) && n >= 1 && n < 2_958_466;
const fromSerial = (n: number) => new Date(EXCEL_EPOCH + Math.round(n * MS_PER_DAY / 1000) * 1000);

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const TEXT_DATE = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[T\s]+(\d{1,2})[:：时](\d{1,2})(?:[:：分](\d{1,2}(?:\.\d+)?))?秒?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;
const TEXT_TIME = /^(\d{1,2})[:：](\d{2})(?::(\d{2}))?$/;

interface WallClock {
  date: string;
  time: string | null;
  /** an explicit offset written in the text (then an instant, not a wall clock) */
  zone: string | null;
}

function textDate(s: string): WallClock | null {
  const m = TEXT_DATE.exec(s.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, sec, zone] = [Number(m[1]), Number(m[2]), Number(m[3]), m[4], m[5], m[6], m[7]];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || Number(sec ?? 0) >= 60)) return null;
  return {
    date: `${y}-${pad(mo)}-${pad(d)}`,
    time: h === undefined ? null : `${pad(Number(h))}:${pad(Number(mi))}:${pad(Math.floor(Number(sec ?? 0)))}`,
    zone: zone ? (zone === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : null,
  };
}

/** A Date from a cell (exceljs gives wall clock as UTC) as wall clock. */
const clockOf = (d: Date): WallClock => {
  // to the second: a serial's fraction is not exact in binary (08:30 is 0.354166666666667 of a day)
  const iso = new Date(Math.round(d.getTime() / 1000) * 1000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19), zone: null };
};

/** The date / date-time a cell holds, or null when it holds none. */
function wallClock(v: unknown): WallClock | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : clockOf(v);
  if (typeof v === 'number') return isSerial(v) ? clockOf(fromSerial(v)) : null;
  if (typeof v === 'string') {
    const t = v.trim();
    if (/^\d+(\.\d+)?$/.test(t)) return isSerial(Number(t)) ? clockOf(fromSerial(Number(t))) : null;
    return textDate(t);
  }
  return null;
}

/** A time of day from a time cell (a Date on 1899-12-30, or a day fraction) or text, as HH:mm[:ss]. */
function timeOfDay(v: unknown): string | null {
  let secs: number | null = null;
  if (v instanceof Date) secs = Math.round(((v.getTime() - EXCEL_EPOCH) % MS_PER_DAY + MS_PER_DAY) % MS_PER_DAY / 1000);
  else if (typeof v === 'number' && v >= 0 && v < 1) secs = Math.round(v * 86_400);
  else if (typeof v === 'string') {
    const m = TEXT_TIME.exec(v.trim());
    if (m && Number(m[1]) < 24) return m[3] === undefined ? `${pad(Number(m[1]))}:${m[2]}` : `${pad(Number(m[1]))}:${m[2]}:${m[3]}`;
  }
  if (secs === null || secs >= 86_400) return null;
  const h = Math.floor(secs / 3600);
  const mi = Math.floor((secs % 3600) / 60);
  const se = secs % 60;
  return se ? `${pad(h)}:${pad(mi)}:${pad(se)}` : `${pad(h)}:${pad(mi)}`;
}

const YES = new Set(['true', '1', 'y', 'yes', '是']);
const NO = new Set(['false', '0', 'n', 'no', '否']);

function coerce(f: FieldDef, v: unknown, dictByLabel: Map<string, string>): unknown {
  if (v === null || v === undefined || v === '') return null;
  switch (f.kind) {
    case 'int':
    case 'decimal':
    case 'ref': {
      const n = typeof v === 'number' ? v : Number(String(v).trim());
      return Number.isFinite(n) ? n : String(v);
    }
    case 'boolean': {
      const s = String(v).trim().toLowerCase();
      return YES.has(s) ? true : NO.has(s) ? false : s;
    }
    case 'dict': {
      const s = String(v).trim();
      return dictByLabel.get(s) ?? s;
    }
    case 'datetime': {
      const w = wallClock(v);
      if (!w) return String(v);
      return w.zone ? new Date(`${w.date}T${w.time ?? '00:00:00'}${w.zone}`).toISOString() : `${w.date}T${w.time ?? '00:00:00'}.000Z`;
    }
    case 'date':
      return wallClock(v)?.date ?? String(v);
    default:
      if (f.rule === 'time') return timeOfDay(v) ?? String(v).trim();
      if (v instanceof Date) {
        const w = clockOf(v);
        return w.time === '00:00:00' ? w.date : `${w.date} ${w.time}`;
      }
      return typeof v === 'number' ? String(v) : String(v).trim();
  }
}

/** The bytes of an upload. */
async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A chunk sequence of UTF-8 bytes as strings, a character split between two chunks kept whole. */
async function* decodeUtf8(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const c of chunks) {
    const s = typeof c === 'string' ? c : decoder.write(c);
    if (s) yield s;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * exceljs 4.4.0's streaming reader decodes each compressed-entry chunk on its own, so a Chinese character
 * that straddles two chunks turns into '��' (exceljs issues #2063, #2084). Its worksheet and shared-string
 * parsers accept strings as well: they get the entries decoded across chunk boundaries instead.
 */
function utf8Safe(reader: ExcelJS.stream.xlsx.WorkbookReader): ExcelJS.stream.xlsx.WorkbookReader {
  const r = reader as unknown as {
    _parseWorksheet: (it: AsyncIterable<Buffer>, sheetNo: string) => Generator<unknown>;
    _parseSharedStrings: (entry: Readable) => AsyncGenerator<unknown>;
  };
  const parseWorksheet = r._parseWorksheet.bind(reader);
  const parseSharedStrings = r._parseSharedStrings.bind(reader);
  r._parseWorksheet = (it, sheetNo) => parseWorksheet(decodeUtf8(it) as unknown as AsyncIterable<Buffer>, sheetNo);
  r._parseSharedStrings = (entry) => parseSharedStrings(entry.setEncoding('utf8'));
  return reader;
}

/**
 * The rows of the first worksheet. Read first with exceljs's streaming reader (no workbook model in memory).
 * That reader depends on the order of the parts in the zip: a worksheet met before the workbook part reads
 * nothing, and one met before the shared-strings part gives placeholders instead of its texts (a known
 * limitation of exceljs's streaming reader) — files written by some tools put the shared strings last. In
 * either case, or when it fails, the workbook is loaded whole (uploads are capped at 20 MB), which resolves
 * the shared strings wherever they are.
 */
type SheetRow = { number: number; values: ExcelJS.CellValue[] };

async function streamedRows(buf: Buffer): Promise<SheetRow[] | null> {
  const rows: SheetRow[] = [];
  try {
    // styles are read so that date-formatted cells come as dates
    const Excel = await loadExcel();
    const reader = utf8Safe(new Excel.stream.xlsx.WorkbookReader(Readable.from(buf), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore' }));
    let first = true;
    for await (const ws of reader) {
      if (!first) {
        for await (const _ of ws) void _; // drain the other sheets (the template's hidden lists)
        continue;
      }
      first = false;
      for await (const row of ws) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        if (values.some(unresolved)) return null;
        rows.push({ number: row.number, values });
      }
    }
  } catch {
    return null;
  }
  return rows.length ? rows : null;
}

async function sheetRows(buf: Buffer): Promise<SheetRow[]> {
  const streamed = await streamedRows(buf);
  if (streamed) return streamed;
  const wb = new (await loadExcel()).Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: SheetRow[] = [];
  if (!ws) return rows;
  for (let i = 1; i <= ws.rowCount; i++) {
    const row = ws.getRow(i);
    if (row.hasValues) rows.push({ number: i, values: (row.values as ExcelJS.CellValue[]).slice(1) });
  }
  return rows;
}

/** Cells of one data row, keyed by field, after type coercion (references still as written). */
interface RawRow {
  rowNum: number;
  raw: Record<string, unknown>;
}

/**
 * References are written by code or name (or id) in a sheet: each ref column is resolved in one query per
 * column, among the records the caller may see (data scope). An unknown value stays as written and fails.
 */
async function resolveRefs(db: Queryable, fields: FieldDef[], rows: RawRow[], caller: Caller | null): Promise<Map<string, Set<unknown>>> {
  const unresolved = new Map<string, Set<unknown>>();
  for (const f of fields) {
    const target = f.kind === 'ref' && f.ref ? resourceByName.get(f.ref) : undefined;
    if (!target) continue;
    if (!caller) throw new Error(`import of ${f.name}: a reference column needs a staff caller (data scope)`);
    const wanted = [...new Set(rows.map((r) => r.raw[f.name]).filter((v) => v !== null && v !== undefined && v !== 0))].map(String);
    if (!wanted.length) continue;
    const code = target.fields.find((x) => x.name === 'code' && x.unique);
    const label = allFields(target).find((x) => x.name === target.labelField);
    const params: unknown[] = [wanted, wanted.filter((w) => /^\d{1,15}$/.test(w)).map(Number)];
    const cols = [`t.id`, code ? `t.${qi(columnOf(code))}::text as code` : `null as code`, label ? `t.${qi(columnOf(label))}::text as label` : `null as label`];
    const match = [`t.id = any($2::bigint[])`, code ? `t.${qi(columnOf(code))}::text = any($1)` : null, label ? `t.${qi(columnOf(label))}::text = any($1)` : null].filter(Boolean);
    const where = [`(${match.join(' or ')})`, ...scopeOf(target, caller, params)];
    const r = await db.query<{ id: string | number; code: string | null; label: string | null }>(`select ${cols.join(', ')} from ${qi(target.table)} t where ${where.join(' and ')}`, params);
    const byCode = new Map<string, number>();
    const byLabel = new Map<string, number[]>();
    const labels = new Map<number, string | null>();
    for (const x of r.rows) {
      labels.set(Number(x.id), x.label);
      if (x.code !== null) byCode.set(x.code, Number(x.id));
      if (x.label !== null) byLabel.set(x.label, [...(byLabel.get(x.label) ?? []), Number(x.id)]);
    }
    const bad = new Set<unknown>();
    for (const row of rows) {
      const v = row.raw[f.name];
      if (v === null || v === undefined || v === 0) continue;
      const s = String(v);
      const named = byLabel.get(s);
      const id = byCode.get(s) ?? (named?.length === 1 ? named[0] : undefined) ?? (labels.has(Number(s)) ? Number(s) : undefined);
      // the preview shows the record's label (<field>Label, as lists do), or what was written
      row.raw[`${f.name}Label`] = id !== undefined ? (labels.get(id) ?? s) : s;
      if (id !== undefined) row.raw[f.name] = id;
      else bad.add(v);
    }
    unresolved.set(f.name, bad);
  }
  return unresolved;
}

const qi = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

/**
 * An uploaded workbook (its bytes, or the upload's stream): each row mapped by header, validated like a form, with its errors.
 * `caller` null: a sheet without reference columns read for another principal (the portal), which scopes its codes itself.
 */
export async function readImport(def: ResourceDef, file: Readable | Buffer, lang: Lang, db: Queryable, caller: Caller | null) {
  const fields = importFields(def);
  const byHeader = new Map<string, FieldDef>();
  for (const f of fields) {
    byHeader.set(f.name.toLowerCase(), f);
    for (const l of LANGS) byHeader.set(fieldLabel(def, f, l).toLowerCase(), f);
  }
  const dicts = await dictOptions(db, fields.filter((f) => f.dict).map((f) => f.dict!), lang);
  const labelMaps = new Map<string, Map<string, string>>();
  for (const [t, opts] of dicts) labelMaps.set(t, new Map(opts.flatMap((o) => [[o.stored, o.value], [o.label, o.value], [o.value, o.value]])));
  const schema = bodySchema(def, 'create');
  let headers: (FieldDef | null)[] = [];
  const rawRows: RawRow[] = [];
  let headerRead = false;
  for (const row of await sheetRows(Buffer.isBuffer(file) ? file : await collect(file))) {
    const values = row.values;
    if (row.number === 1) {
      headers = values.map((h) => byHeader.get(String(cellValue(h) ?? '').trim().replace(/^\*/, '').toLowerCase()) ?? null);
      headerRead = true;
      continue;
    }
    const raw: Record<string, unknown> = {};
    let empty = true;
    headers.forEach((f, i) => {
      if (!f) return;
      const v = cellValue(values[i] ?? null);
      if (v !== null && v !== '') empty = false;
      raw[f.name] = coerce(f, v, labelMaps.get(f.dict ?? '') ?? new Map());
    });
    if (!empty) rawRows.push({ rowNum: row.number, raw });
  }
  // never a silent success: a sheet whose columns or rows were not read is refused, naming the file
  if (!headerRead || !headers.some(Boolean)) throw badRequest('messages.importNoColumns', { file: { key: 'messages.importNoColumns' } });
  if (!rawRows.length) throw badRequest('messages.importNoRows', { file: { key: 'messages.importNoRows' } });
  const unresolvedRefs = await resolveRefs(db, fields, rawRows, caller);
  const seen = new Map<string, Map<unknown, number>>();
  const rows: ImportRow[] = rawRows.map(({ rowNum, raw }) => {
    const errors: Record<string, string> = {};
    for (const [name, bad] of unresolvedRefs) if (bad.has(raw[name])) errors[name] = translate(lang, 'validation.refNotFound', { value: raw[name] });
    const r = schema.safeParse(raw);
    if (!r.success) {
      for (const issue of r.error.issues) {
        const name = String(issue.path[0] ?? '');
        const f = fields.find((x) => x.name === name);
        const e = issueToError(f, issue);
        errors[name] ??= translate(lang, e.key, e.params);
      }
    }
    for (const f of fields) {
      if (f.dict && raw[f.name] != null && !labelMaps.get(f.dict)?.has(String(raw[f.name]))) errors[f.name] ??= translate(lang, 'validation.invalid');
      if (f.unique && raw[f.name] != null) {
        const m = seen.get(f.name) ?? new Map<unknown, number>();
        seen.set(f.name, m);
        const prev = m.get(raw[f.name]);
        if (prev) errors[f.name] ??= translate(lang, 'messages.duplicate', { field: fieldLabel(def, f, lang), value: raw[f.name] });
        else m.set(raw[f.name], rowNum);
      }
    }
    return { rowNum, raw, values: r.success ? (r.data as Record<string, unknown>) : null, errors };
  });
  return { headers: fields.map((f) => ({ name: f.name, label: fieldLabel(def, f, lang) })), rows };
}

/**
 * The workbook uploaded to an import route (one multipart part `file`), read by `readImport`: 400 without a file or
 * with one that is no readable .xlsx, 413 when it is over the route's upload limit.
 */
export async function readImportUpload(req: FastifyRequest, def: ResourceDef, db: Queryable, caller: Caller): ReturnType<typeof readImport> {
  return readImport(def, await uploadedWorkbook(req), req.lang, db, caller).catch(unreadableWorkbook(req, def.name));
}

/** The bytes of the workbook uploaded to an import route (one multipart part `file`): 400 without one, 413 over the route's upload limit. */
export async function uploadedWorkbook(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('messages.validationFailed', { file: { key: 'validation.required' } });
  const file = await req.file({ limits: { fileSize: uploadLimit(req) } });
  if (!file) throw badRequest('messages.validationFailed', { file: { key: 'validation.required' } });
  const bytes = await collect(file.file);
  if (file.file.truncated) throw new AppError(413, 'messages.tooLarge');
  return bytes;
}

/** What a workbook that cannot be read answers: its own refusal (AppError), else 400 on the file (zip / sheet parse errors: the upload is bad, not the server). */
export const unreadableWorkbook =
  (req: FastifyRequest, what: string) =>
  (e: unknown): never => {
    if (e instanceof AppError) throw e;
    req.log.warn({ err: e, resource: what }, 'import: unreadable workbook');
    throw badRequest('messages.validationFailed', { file: { key: 'validation.invalid' } });
  };
