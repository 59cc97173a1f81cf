import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { getResource, type ResourceDef } from '@tms/domain';
import {
  buildColumns,
  decodeListState,
  dictValueEnum,
  decimalText,
  displayValue,
  encodeListState,
  fieldLabel,
  filtersToSearchValues,
  listParams,
  searchValuesToParams,
  sortFromTable,
  type Translate,
} from './columns.ts';
import { formBody, initialFormValues, normalizeValue } from './form-values.ts';

// a fake translator: known keys answer, unknown fall through the key list, then to defaultValue
const dict: Record<string, string> = {
  'resources.dictType.fields.dictName': 'Dictionary name',
  'fields.createTime': 'Created at',
  'fields.status': 'Status',
  'common.yes': 'Yes',
  'common.no': 'No',
};
const t: Translate = (key, opts) => {
  for (const k of Array.isArray(key) ? key : [key]) if (dict[k]) return dict[k];
  return String(opts?.defaultValue ?? (Array.isArray(key) ? key[0] : key));
};
const dictType = getResource('dictType');
const dictData = getResource('dictData');
const config = getResource('config');
const dicts = { sys_normal_disable: [
  { dictValue: '0', dictLabel: 'Normal', listClass: 'success' },
  { dictValue: '1', dictLabel: 'Disabled', listClass: 'danger' },
] };

const cargo: ResourceDef = {
  name: 'cargo',
  table: 'cargo',
  path: '/x/cargo',
  permission: 'x:cargo',
  component: 'x/cargo/index',
  labelField: 'name',
  features: { effect: true },
  fields: [
    { name: 'name', kind: 'string', search: 'like' },
    { name: 'weight', kind: 'decimal', scale: 2, unit: 'kg', search: 'range' },
    { name: 'kinds', kind: 'dict', dict: 'sys_normal_disable', search: 'in' },
    { name: 'shipDate', kind: 'date', search: 'range', list: false },
    { name: 'secretNote', kind: 'text', list: false },
    { name: 'pwd', kind: 'password', max: 16 },
    { name: 'carrierId', kind: 'ref', ref: 'carrier', search: 'eq', immutable: true },
  ],
};

describe('labels', () => {
  it('uses resources.<name>.fields.<field>, then fields.<field>, then the name', () => {
    expect(fieldLabel(t, dictType, 'dictName')).toBe('Dictionary name');
    expect(fieldLabel(t, dictType, 'createTime')).toBe('Created at');
    expect(fieldLabel(t, dictType, 'nothing')).toBe('nothing');
  });
});

describe('buildColumns', () => {
  const cols = buildColumns(dictType, { t, dicts });
  const byKey = new Map(cols.map((c) => [String(c.key), c]));

  it('lists list fields with titles, hides search-less ones from the form', () => {
    expect(byKey.get('dictName')).toMatchObject({ title: 'Dictionary name', dataIndex: 'dictName', hideInSearch: false, valueType: 'text', sorter: true });
    // remark is text: not listed, not searched
    expect(byKey.has('remark')).toBe(false);
    // id is not listed (list: false) and not searched
    expect(byKey.has('id')).toBe(false);
  });

  it('maps a dict field to a select with the dictionary labels in order', () => {
    const status = byKey.get('status')!;
    expect(status.valueType).toBe('select');
    const ve = status.valueEnum as Map<string, { text: string; status?: string }>;
    expect([...ve.keys()]).toEqual(['0', '1']);
    expect(ve.get('0')).toEqual({ text: 'Normal', status: 'Success' });
    expect(ve.get('1')).toEqual({ text: 'Disabled', status: 'Error' });
  });

  it('gives a listed range field a table column and a search-only range column', () => {
    expect(byKey.get('createTime')).toMatchObject({ hideInSearch: true, sorter: true, valueType: 'dateTime' });
    expect(byKey.get('createTime__search')).toMatchObject({ hideInTable: true, valueType: 'dateTimeRange', dataIndex: 'createTime' });
  });

  it('handles units, digit ranges, date ranges, "in" selects, refs and booleans', () => {
    const c = new Map(buildColumns(cargo, { t, dicts }).map((x) => [String(x.key), x]));
    expect(c.get('weight')).toMatchObject({ valueType: 'digit', hideInSearch: true, fieldProps: { precision: 2 } });
    expect(c.get('weight__search')).toMatchObject({ valueType: 'digitRange' });
    const render = c.get('weight')!.render as (dom: unknown, row: Record<string, unknown>) => unknown;
    expect(render(null, { id: 1, weight: 12.5 })).toBe('12.5 kg');
    expect(c.get('kinds')).toMatchObject({ valueType: 'select', fieldProps: { mode: 'multiple' } });
    expect(c.has('shipDate')).toBe(false);
    expect(c.get('shipDate__search')).toMatchObject({ valueType: 'dateRange', hideInTable: true });
    expect(c.has('secretNote')).toBe(false);
    expect(c.has('pwd')).toBe(false);
    expect(c.get('carrierId')).toMatchObject({ valueType: 'digit' });
    expect(c.get('effective')).toMatchObject({ valueType: 'select', valueEnum: { true: { text: 'Yes' }, false: { text: 'No' } } });
  });

  it('leaves out hidden fields (a child list’s foreign key) and only sorts sortable fields', () => {
    const c = buildColumns(dictData, { t, dicts, hidden: ['dictType'] });
    expect(c.some((x) => x.dataIndex === 'dictType')).toBe(false);
    const cfg = new Map(buildColumns(config, { t, dicts }).map((x) => [String(x.key), x]));
    expect(cfg.get('configValue')!.sorter).toBe(true);
  });

  it('marks a cell whose value is in Chinese as zh-CN on a screen in another language (WCAG 3.1.2)', () => {
    type Render = (dom: unknown, row: Record<string, unknown>) => unknown;
    const en = new Map(buildColumns(cargo, { t, dicts, lang: 'en-US' }).map((x) => [String(x.key), x]));
    const name = en.get('name')!.render as Render;
    const chinese = name('上海仓', { id: 1, name: '上海仓' }) as ReactElement<{ lang: string; children: unknown }>;
    expect(isValidElement(chinese) && chinese.props).toMatchObject({ lang: 'zh-CN', children: '上海仓' });
    expect(name('Shanghai', { id: 1, name: 'Shanghai' })).toBe('Shanghai');
    // a column that draws its value (a ref's label, a unit) keeps its drawing, inside the span
    const carrier = en.get('carrierId')!.render as Render;
    expect((carrier(null, { id: 1, carrierId: 3, carrierIdLabel: '顺丰' }) as ReactElement<{ children: unknown }>).props.children).toBe('顺丰');
    expect((en.get('weight')!.render as Render)(null, { id: 1, weight: 12.5 })).toBe('12.5 kg');
    // in Chinese, the columns are drawn as they were (no span, no render of their own)
    const zh = new Map(buildColumns(cargo, { t, dicts, lang: 'zh-CN' }).map((x) => [String(x.key), x]));
    expect(zh.get('name')!.render).toBeUndefined();
  });

  it('takes the default sort and the search form values from the list state', () => {
    const state = decodeListState(dictType, new URLSearchParams('orderByColumn=dictName&isAsc=desc&dictName=abc&createTimeBegin=2024-01-01T00:00:00.000Z'));
    const c = new Map(buildColumns(dictType, { t, dicts, state }).map((x) => [String(x.key), x]));
    expect(c.get('dictName')).toMatchObject({ defaultSortOrder: 'descend', initialValue: 'abc' });
    const range = c.get('createTime__search')!.initialValue as dayjs.Dayjs[];
    expect(range[0]!.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(range[1]).toBeUndefined();
  });
});

describe('search values → query parameters', () => {
  it('maps like / eq / in / range and drops empty and unknown values', () => {
    const p = searchValuesToParams(cargo, {
      name: ' box ',
      kinds: ['0', '1'],
      weight: [1.5, 20],
      shipDate: [dayjs('2024-03-01T10:00:00'), dayjs('2024-03-05T10:00:00')],
      carrierId: 7,
      unknown: 'x',
      current: 2,
      secretNote: 'not searchable',
    });
    expect(p).toEqual({ name: 'box', kinds: '0,1', weightBegin: '1.5', weightEnd: '20', shipDateBegin: '2024-03-01', shipDateEnd: '2024-03-05', carrierId: '7' });
    expect(searchValuesToParams(cargo, { name: '', kinds: [], weight: [undefined, undefined] })).toEqual({});
  });

  it('sends date-time ranges as ISO instants', () => {
    const b = dayjs('2024-01-01 08:00:00');
    const p = searchValuesToParams(dictType, { createTime: [b, '2024-01-02 08:00:00'], status: '0' });
    expect(p.createTimeBegin).toBe(b.toISOString());
    expect(p.createTimeEnd).toBe(dayjs('2024-01-02 08:00:00').toISOString());
    expect(p.status).toBe('0');
  });

  it('round-trips through the form values', () => {
    const params = { name: 'box', kinds: '0,1', weightBegin: '1.5', carrierId: '7' };
    const v = filtersToSearchValues(cargo, params);
    expect(v).toEqual({ name: 'box', kinds: ['0', '1'], weight: [1.5, undefined], carrierId: 7 });
    expect(searchValuesToParams(cargo, v)).toEqual(params);
  });
});

describe('list state in the URL', () => {
  it('decodes with defaults and ignores unknown or invalid values', () => {
    expect(decodeListState(dictType, new URLSearchParams(''))).toEqual({ pageNum: 1, pageSize: 20, filters: {} });
    const s = decodeListState(dictType, new URLSearchParams('pageNum=3&pageSize=50&dictName=a&foo=bar&orderByColumn=remark&isAsc=desc'));
    expect(s).toEqual({ pageNum: 3, pageSize: 50, filters: { dictName: 'a' } });
    expect(decodeListState(dictType, new URLSearchParams('pageNum=-1&pageSize=abc')).pageNum).toBe(1);
    expect(decodeListState(dictType, new URLSearchParams('pageSize=100000')).pageSize).toBe(20);
  });

  it('encodes only what differs from the defaults, in a stable order, and decodes back', () => {
    expect(encodeListState({ pageNum: 1, pageSize: 20, filters: {} }).toString()).toBe('');
    const state = { pageNum: 2, pageSize: 50, filters: { status: '0', dictName: 'x y' }, sort: { field: 'dictName', order: 'asc' as const } };
    const qs = encodeListState(state).toString();
    expect(qs).toBe('pageNum=2&pageSize=50&dictName=x+y&status=0&orderByColumn=dictName&isAsc=asc');
    expect(decodeListState(dictType, new URLSearchParams(qs))).toEqual(state);
  });

  it('builds the list call parameters with fixed filters', () => {
    expect(listParams({ pageNum: 2, pageSize: 10, filters: { dictLabel: 'a' }, sort: { field: 'dictSort', order: 'desc' } }, { dictType: 'sys_yes_no' })).toEqual({
      pageNum: 2,
      pageSize: 10,
      dictLabel: 'a',
      dictType: 'sys_yes_no',
      orderByColumn: 'dictSort',
      isAsc: 'desc',
    });
  });

  it('reads ProTable’s sort', () => {
    expect(sortFromTable({ dictName: 'descend' })).toEqual({ field: 'dictName', order: 'desc' });
    expect(sortFromTable({ dictName: null })).toBeUndefined();
    expect(sortFromTable(undefined)).toBeUndefined();
  });
});

describe('display values', () => {
  it('formats dicts, booleans, dates in the user style and units', () => {
    const ctx = { t, dicts, dateStyle: 'DD/MM/YYYY' };
    const status = { name: 'status', kind: 'dict' as const, dict: 'sys_normal_disable' };
    expect(displayValue(status, '1', ctx)).toBe('Disabled');
    expect(displayValue(status, '9', ctx)).toBe('9');
    expect(displayValue({ name: 'b', kind: 'boolean' }, true, ctx)).toBe('Yes');
    expect(displayValue({ name: 'b', kind: 'boolean' }, false, ctx)).toBe('No');
    expect(displayValue({ name: 'd', kind: 'datetime' }, '2024-05-06T00:00:00.000Z', ctx)).toBe(dayjs('2024-05-06T00:00:00.000Z').format('DD/MM/YYYY'));
    expect(displayValue({ name: 'w', kind: 'decimal', unit: 'kg' }, 3, ctx)).toBe('3 kg');
    expect(displayValue({ name: 'w', kind: 'string' }, null, ctx)).toBe('');
  });
  it('shows a decimal as exact text with its scale, never through float arithmetic', () => {
    const ctx = { t, dicts };
    const yuan = { name: 'amount', kind: 'decimal' as const, unit: 'yuan', scale: 2 };
    expect(displayValue(yuan, 12.5, ctx)).toBe('12.50 yuan');
    expect(displayValue(yuan, '0.30', ctx)).toBe('0.30 yuan');
    expect(displayValue(yuan, 1234567890123.45, ctx)).toBe('1234567890123.45 yuan');
    expect(displayValue({ name: 'price', kind: 'decimal', unit: 'yuan', scale: 4 }, 0.35, ctx)).toBe('0.35 yuan');
    expect(displayValue({ name: 'price', kind: 'decimal', unit: 'yuan', scale: 4 }, 0.1234, ctx)).toBe('0.1234 yuan');
    expect(displayValue({ name: 'radius', kind: 'decimal', unit: 'km', scale: 3 }, 0.8, ctx)).toBe('0.8 km'); // quantities as stored
    expect(decimalText(-7, 2)).toBe('-7.00');
    expect(decimalText('0.30000000000000004', 2)).toBe('0.30000000000000004'); // more places: shown, not rounded away
    expect(decimalText(3)).toBe('3');
    expect(decimalText('n/a', 2)).toBe('n/a');
    expect(decimalText(null, 2)).toBe('');
  });
  it('keeps dictionary order in the valueEnum', () => {
    expect([...dictValueEnum([{ dictValue: '10', dictLabel: 'b' }, { dictValue: '2', dictLabel: 'a' }]).keys()]).toEqual(['10', '2']);
  });
});

describe('form values', () => {
  it('builds a create body with defaults, nulls for empty optional text and no server-owned fields', () => {
    const init = initialFormValues(dictData, null, { dictType: 'sys_yes_no' });
    expect(init).toEqual({ dictSort: 0, dictType: 'sys_yes_no' });
    const body = formBody(dictData, { ...init, dictLabel: 'Yes', dictValue: 'Y', remark: '', id: 5, createTime: 'x' }, null);
    expect(body).toEqual({ dictType: 'sys_yes_no', dictLabel: 'Yes', dictValue: 'Y', dictSort: 0, remark: null });
  });
  it('builds an update body: id and version, no immutable fields, empty password kept unchanged', () => {
    const body = formBody(cargo, { name: 'n', pwd: '', carrierId: 3, weight: '2.5' }, { id: 9, version: 4 });
    expect(body).toEqual({ name: 'n', weight: 2.5, id: 9, version: 4 });
    expect(formBody(cargo, { pwd: 'secret1' }, { id: 9, version: 4 }).pwd).toBe('secret1');
  });
  it('normalizes dates', () => {
    expect(normalizeValue({ name: 'd', kind: 'date' }, dayjs('2024-02-03T12:00:00'))).toBe('2024-02-03');
    const d = dayjs('2024-02-03T12:00:00');
    expect(normalizeValue({ name: 'd', kind: 'datetime' }, d)).toBe(d.toISOString());
  });
});
