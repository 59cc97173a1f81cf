import { describe, expect, it } from 'vitest';
import { orderResource } from '@tms/domain';
import { equalityFiltersOnly } from './resource-engine.ts';

describe('equalityFiltersOnly (which list statements may keep one plan for any values)', () => {
  it('holds for no filter, equality filters and the keyset cursor', () => {
    expect(equalityFiltersOnly(orderResource, {})).toBe(true);
    expect(equalityFiltersOnly(orderResource, { clientId: '3', status: 'OPEN', afterId: '120', pageNum: '1', pageSize: '20' })).toBe(true);
    // an empty range or search field is no filter
    expect(equalityFiltersOnly(orderResource, { orderDateBegin: '', code: '' })).toBe(true);
  });

  it('fails for a period (either end, both spellings) and a text search', () => {
    expect(equalityFiltersOnly(orderResource, { orderDateBegin: '2026-01-01' })).toBe(false);
    expect(equalityFiltersOnly(orderResource, { 'params[endOrderDate]': '2026-01-31' })).toBe(false);
    expect(equalityFiltersOnly(orderResource, { clientId: '3', code: 'SO2026' })).toBe(false);
  });
});
