/**
 * Pure mapping of a resource definition to the list page: one ProColumns array drives the table and
 * its search form; search values become query parameters; list state (page, filters, sort) lives in
 * the URL. No React here, so it is unit-tested without a browser.
 */
import type { ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Decimal } from 'decimal.js';
import type { ProColumns, ProSchemaValueEnumObj } from '@ant-design/pro-components';
import { allFields, inList, isSortable, unitOf, type FieldDef, type ResourceDef } from '@tms/domain';
import { formatDate, formatDateTime } from '../format.ts';
import { dataLang, inChinese } from '../DataText.tsx';
import type { ResourceRecord } from '../resource-calls.ts';

/** A record of a resource as its list and get answer it: the definition's row schema (an id, then its fields). */
export type Row = ResourceRecord;
export type Translate = (key: string | string[], options?: Record<string, unknown>) => string;

export interface DictEntry {
  dictValue: string;
  dictLabel: string;
  listClass?: string | null;
}

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100];

/** Label by key convention: resources.<name>.fields.<field>, then fields.<field>, then the name itself. */
export function fieldLabel(t: Translate, def: Pick<ResourceDef, 'name'>, field: string): string {
  return t([`resources.${def.name}.fields.${field}`, `fields.${field}`], { defaultValue: field });
}

export function resourceTitle(t: Translate, def: Pick<ResourceDef, 'name'>): string {
  return t(`resources.${def.name}.name`, { defaultValue: def.name });
}

/** antd Badge status for a dictionary entry's list class (RuoYi-style class names). */
export function badgeStatus(listClass: string | null | undefined): 'Success' | 'Error' | 'Processing' | 'Warning' | 'Default' | undefined {
  switch (listClass) {
    case 'success':
      return 'Success';
    case 'danger':
      return 'Error';
    case 'primary':
    case 'info':
      return 'Processing';
    case 'warning':
      return 'Warning';
    case 'default':
      return 'Default';
    default:
      return undefined;
  }
}

/** valueEnum of a dict field, in dictionary order (a Map keeps the order of numeric-looking keys). */
export function dictValueEnum(items: DictEntry[]): Map<string, { text: string; status?: string }> {
  const m = new Map<string, { text: string; status?: string }>();
  for (const it of items) {
    const status = badgeStatus(it.listClass);
    m.set(it.dictValue, status ? { text: it.dictLabel, status } : { text: it.dictLabel });
  }
  return m;
}

export function booleanValueEnum(t: Translate): ProSchemaValueEnumObj {
  return { true: { text: t('common.yes'), status: 'Success' }, false: { text: t('common.no'), status: 'Default' } };
}

/** A value with its unit ("12.5 kg"); empty stays empty. */
export function withUnit(v: unknown, unit?: string): string {
  if (v === null || v === undefined || v === '') return '';
  return unit ? `${String(v)} ${unit}` : String(v);
}

/**
 * A decimal as exact text with at least `places` decimals ("12.5" → "12.50" at 2): the generic lists carry
 * numeric columns as JSON numbers, whose shortest text is the stored decimal; the digits are padded as text
 * (decimal.js), never rounded nor passed through float arithmetic. Not a number: the value as it came.
 */
export function decimalText(v: unknown, places?: number): string {
  if (v === null || v === undefined || v === '') return '';
  if (places === undefined) return String(v);
  try {
    const d = new Decimal(String(v));
    return d.toFixed(Math.max(places, d.decimalPlaces()));
  } catch {
    return String(v);
  }
}

/** A decimal field's text: money (unit yuan) always with its cents ("12.50"), other quantities as stored ("0.8 km"). */
export const decimalFieldText = (f: Pick<FieldDef, 'unit'>, v: unknown): string => decimalText(v, f.unit === 'yuan' ? 2 : undefined);

/** Text of a field value for the table / detail / a ref label (dict label, yes/no, formatted dates, unit). */
export function displayValue(f: FieldDef, v: unknown, ctx: { t: Translate; dicts?: Record<string, DictEntry[]>; dateStyle?: string }, row?: Row): string {
  if (v === null || v === undefined || v === '') return '';
  switch (f.kind) {
    case 'ref': {
      // the server sends the referenced record's label beside the id (<field>Label)
      const label = row?.[`${f.name}Label`];
      return label !== null && label !== undefined && label !== '' ? String(label) : Number(v) === 0 ? '' : `#${String(v)}`;
    }
    case 'boolean':
      return v === true || v === 'true' ? ctx.t('common.yes') : ctx.t('common.no');
    case 'dict': {
      const hit = ctx.dicts?.[f.dict ?? '']?.find((d) => d.dictValue === String(v));
      return hit ? hit.dictLabel : String(v);
    }
    case 'datetime':
      return formatDateTime(String(v), ctx.dateStyle);
    case 'date':
      return formatDate(String(v), ctx.dateStyle);
    case 'json':
      return typeof v === 'string' ? v : JSON.stringify(v);
    case 'decimal': {
      const unit = unitOf(f, row);
      return withUnit(decimalFieldText({ unit }, v), unit);
    }
    default:
      return withUnit(v, f.unit);
  }
}

export interface ColumnContext {
  t: Translate;
  dicts?: Record<string, DictEntry[]>;
  dateStyle?: string;
  /** current list state; its sort becomes the column's defaultSortOrder and its filters the search form's initial values */
  state?: ListState;
  /** fields not shown nor searched (e.g. the foreign key of an embedded child list) */
  hidden?: string[];
  /** the interface language: outside Chinese, a cell whose value is in Chinese says so (`lang`, platform/DataText.tsx) */
  lang?: string;
}

/**
 * A list column's cell in a language other than Chinese: the cell as the column draws it, in a span with `lang="zh-CN"`
 * when its value (as displayed) holds Chinese (WCAG 3.1.2, language of parts); the column as it is otherwise.
 */
function withDataLang(col: ProColumns<Row>, f: FieldDef, ctx: ColumnContext): void {
  const lang = ctx.lang;
  if (!lang || !dataLang('中', lang)) return;
  const inner = col.render;
  col.render = (dom, row, ...rest) => {
    const drawn = inner ? inner(dom, row, ...rest) : dom;
    return dataLang(displayValue(f, row[f.name], ctx, row), lang) ? inChinese(drawn as ReactNode) : drawn;
  };
}

function searchValueType(f: FieldDef, forSearch = true): ProColumns<Row>['valueType'] {
  if (forSearch && f.search === 'range') {
    if (f.kind === 'datetime') return 'dateTimeRange';
    if (f.kind === 'date') return 'dateRange';
    return 'digitRange';
  }
  switch (f.kind) {
    case 'int':
    case 'decimal':
    case 'ref':
      return 'digit';
    case 'datetime':
      return 'dateTime';
    case 'date':
      return 'date';
    case 'dict':
    case 'boolean':
      return 'select';
    default:
      return 'text';
  }
}

/**
 * The ProColumns of a resource: one per list or search field. A 'range' field that is also listed gets a
 * second, search-only column (the table shows one instant, the form asks for two).
 */
export function buildColumns(def: ResourceDef, ctx: ColumnContext): ProColumns<Row>[] {
  const { t } = ctx;
  const hidden = new Set(ctx.hidden ?? []);
  const initial = ctx.state ? filtersToSearchValues(def, ctx.state.filters) : {};
  const cols: ProColumns<Row>[] = [];
  for (const f of allFields(def)) {
    if (hidden.has(f.name)) continue;
    const listed = inList(f);
    if (!listed && !f.search) continue;
    const title = fieldLabel(t, def, f.name);
    const valueEnum =
      f.kind === 'dict' ? dictValueEnum(ctx.dicts?.[f.dict ?? ''] ?? []) : f.kind === 'boolean' ? booleanValueEnum(t) : undefined;
    const sortable = listed && isSortable(f);
    const sortOrder = ctx.state?.sort?.field === f.name ? (ctx.state.sort.order === 'asc' ? 'ascend' : 'descend') : undefined;
    const searchedHere = !!f.search && f.search !== 'range';
    if (listed) {
      const col: ProColumns<Row> = {
        title,
        dataIndex: f.name,
        key: f.name,
        hideInSearch: !searchedHere,
        sorter: sortable,
      };
      if (sortOrder) col.defaultSortOrder = sortOrder;
      if (valueEnum) {
        col.valueType = 'select';
        col.valueEnum = valueEnum;
        if (f.search === 'in') col.fieldProps = { mode: 'multiple' };
      } else if (f.kind === 'datetime' || f.kind === 'date') {
        // shown in the user's date style; searched (eq) with a picker
        col.valueType = searchValueType(f, false);
        col.render = (_dom, row) => displayValue(f, row[f.name], ctx) || '-';
      } else if (f.kind === 'int' || f.kind === 'decimal') {
        col.valueType = 'digit';
        col.align = 'right';
        col.render = (_dom, row) => withUnit(f.kind === 'decimal' ? decimalFieldText({ unit: unitOf(f, row) }, row[f.name]) : row[f.name], unitOf(f, row)) || '-';
        if (f.kind === 'decimal') col.fieldProps = { precision: f.scale };
      } else if (f.kind === 'ref') {
        col.valueType = 'digit';
        col.render = (_dom, row) => displayValue(f, row[f.name], ctx, row) || '-';
      } else {
        col.valueType = searchValueType(f, false);
        if (f.unit) col.render = (_dom, row) => withUnit(row[f.name], f.unit) || '-';
      }
      if (searchedHere && initial[f.name] !== undefined) col.initialValue = initial[f.name];
      withDataLang(col, f, ctx);
      cols.push(col);
    }
    if (f.search && (!listed || f.search === 'range')) {
      const col: ProColumns<Row> = {
        title,
        dataIndex: f.name,
        key: `${f.name}__search`,
        hideInTable: true,
        valueType: f.search === 'range' ? searchValueType(f) : valueEnum ? 'select' : searchValueType(f),
      };
      if (valueEnum) col.valueEnum = valueEnum;
      if (f.search === 'in') col.fieldProps = { mode: 'multiple' };
      if (initial[f.name] !== undefined) col.initialValue = initial[f.name];
      cols.push(col);
    }
  }
  return cols;
}

// ---------------------------------------------------------------------------------------------
// search values <-> query parameters

function isDayjs(v: unknown): v is Dayjs {
  return dayjs.isDayjs(v);
}

function toInstant(f: FieldDef, v: unknown): string | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const d = isDayjs(v) ? v : v instanceof Date || typeof v === 'string' || typeof v === 'number' ? dayjs(v) : null;
  if (!d || !d.isValid()) return undefined;
  return f.kind === 'date' ? d.format('YYYY-MM-DD') : d.toISOString();
}

function scalar(f: FieldDef, v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (Array.isArray(v)) {
    const parts = v.map((x) => scalar(f, x)).filter((x): x is string => x !== undefined);
    return parts.length ? parts.join(',') : undefined;
  }
  if (f.kind === 'datetime' || f.kind === 'date') return toInstant(f, v);
  const s = typeof v === 'string' ? v.trim() : String(v);
  return s === '' ? undefined : s;
}

/**
 * Search form values → list query parameters: like / eq / in by field name ('in' joined by commas),
 * ranges as <name>Begin / <name>End (ISO instants for date-times, YYYY-MM-DD for dates). Keys that are
 * not searchable fields of the resource are dropped.
 */
export function searchValuesToParams(def: ResourceDef, values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of allFields(def)) {
    if (!f.search) continue;
    const v = values[f.name];
    if (v === undefined || v === null || v === '') continue;
    if (f.search === 'range') {
      const [b, e] = Array.isArray(v) ? v : [v, undefined];
      const bs = f.kind === 'datetime' || f.kind === 'date' ? toInstant(f, b) : scalar(f, b);
      const es = f.kind === 'datetime' || f.kind === 'date' ? toInstant(f, e) : scalar(f, e);
      if (bs !== undefined) out[`${f.name}Begin`] = bs;
      if (es !== undefined) out[`${f.name}End`] = es;
      continue;
    }
    const s = scalar(f, v);
    if (s !== undefined) out[f.name] = s;
  }
  return out;
}

/** Query parameters → search form values (the inverse of searchValuesToParams). */
export function filtersToSearchValues(def: ResourceDef, filters: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of allFields(def)) {
    if (!f.search) continue;
    if (f.search === 'range') {
      const b = filters[`${f.name}Begin`];
      const e = filters[`${f.name}End`];
      if (b === undefined && e === undefined) continue;
      const conv = (x: string | undefined) => (x === undefined ? undefined : f.kind === 'datetime' || f.kind === 'date' ? dayjs(x) : Number(x));
      out[f.name] = [conv(b), conv(e)];
      continue;
    }
    const v = filters[f.name];
    if (v === undefined) continue;
    if (f.search === 'in') out[f.name] = v.split(',');
    else if (f.kind === 'int' || f.kind === 'decimal' || f.kind === 'ref') out[f.name] = Number(v);
    else if (f.kind === 'datetime' || f.kind === 'date') out[f.name] = dayjs(v);
    else out[f.name] = v;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// list state in the URL

export interface ListState {
  pageNum: number;
  pageSize: number;
  filters: Record<string, string>;
  sort?: { field: string; order: 'asc' | 'desc' };
}

/** Names of the query parameters a resource's filters may use. */
export function filterParamNames(def: ResourceDef): Set<string> {
  const names = new Set<string>();
  for (const f of allFields(def)) {
    if (!f.search) continue;
    if (f.search === 'range') {
      names.add(`${f.name}Begin`);
      names.add(`${f.name}End`);
    } else names.add(f.name);
  }
  return names;
}

function posInt(v: string | null, dflt: number, max: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : dflt;
}

/** Reads the list state from a query string; unknown or invalid values fall back to defaults. */
export function decodeListState(def: ResourceDef, sp: URLSearchParams): ListState {
  const names = filterParamNames(def);
  const filters: Record<string, string> = {};
  for (const [k, v] of sp) if (names.has(k) && v !== '') filters[k] = v;
  const state: ListState = { pageNum: posInt(sp.get('pageNum'), 1, 1_000_000), pageSize: posInt(sp.get('pageSize'), DEFAULT_PAGE_SIZE, 500), filters };
  const by = sp.get('orderByColumn');
  if (by && allFields(def).some((f) => f.name === by && inList(f) && isSortable(f))) {
    state.sort = { field: by, order: sp.get('isAsc') === 'desc' ? 'desc' : 'asc' };
  }
  return state;
}

/** Writes the list state as a query string; defaults are left out so a fresh list has a clean URL. */
export function encodeListState(state: ListState): URLSearchParams {
  const sp = new URLSearchParams();
  if (state.pageNum !== 1) sp.set('pageNum', String(state.pageNum));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) sp.set('pageSize', String(state.pageSize));
  for (const k of Object.keys(state.filters).sort()) sp.set(k, state.filters[k]!);
  if (state.sort) {
    sp.set('orderByColumn', state.sort.field);
    sp.set('isAsc', state.sort.order);
  }
  return sp;
}

/** The list call's parameters for a state (plus fixed filters such as a parent's foreign key). */
export function listParams(state: ListState, fixed: Record<string, unknown> = {}): Record<string, unknown> {
  const p: Record<string, unknown> = { pageNum: state.pageNum, pageSize: state.pageSize, ...state.filters, ...fixed };
  if (state.sort) {
    p.orderByColumn = state.sort.field;
    p.isAsc = state.sort.order;
  }
  return p;
}

/** ProTable's sort argument ({ field: 'ascend' | 'descend' }) → our sort. */
export function sortFromTable(sort: Record<string, 'ascend' | 'descend' | null> | undefined): ListState['sort'] {
  for (const [field, order] of Object.entries(sort ?? {})) {
    if (order === 'ascend') return { field, order: 'asc' };
    if (order === 'descend') return { field, order: 'desc' };
  }
  return undefined;
}
