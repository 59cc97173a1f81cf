/** Report cells and the margin chart: money read exactly (no float), the chart shows the groups with the most revenue. */
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { REPORTS } from '@tms/domain';
import { formatCell, formatMoney } from './format.ts';
import { chartOf } from './charts.ts';

describe('report cells', () => {
  it('shows money exactly with the language’s grouping and decimal mark', () => {
    expect(formatMoney('-1234567.50', 'en-US')).toBe('-1,234,567.50');
    expect(formatMoney('12345678901234.07', 'zh-CN')).toBe('12,345,678,901,234.07');
    expect(formatMoney('1234.5', 'de-DE')).toBe('1.234,50');
    const [, , revenue, , , rate] = REPORTS.margin.columns;
    expect(formatCell(revenue!, '0.00', 'en-US')).toBe('0.00');
    expect(formatCell(revenue!, null, 'en-US')).toBe('-');
    expect(formatCell(rate!, 44.6, 'en-US')).toBe('44.6%');
  });

  it('charts revenue, cost and margin rate of the 30 groups with the most revenue', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ groupName: `g${i}`, revenue: `${i}.50`, cost: '1.00', marginRate: 10 }));
    const option = chartOf('margin', rows, ((k: string) => k) as unknown as TFunction) as { xAxis: { data: string[] }; series: { data: unknown[] }[] };
    expect(option.xAxis.data).toHaveLength(30);
    expect(option.xAxis.data[0]).toBe('g39');
    expect(option.series.map((s) => s.data[0])).toEqual([39.5, 1, 10]);
  });
});
