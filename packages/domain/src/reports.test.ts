/** Report totals: money adds up as decimals (no float drift), rates are recomputed from the totals, not averaged. */
import { describe, expect, it } from 'vitest';
import { rate, reportColumnTitle, REPORTS, reportTotals } from './reports.ts';

describe('reportTotals', () => {
  it('sums money columns exactly and recomputes the margin rate from the summed figures', () => {
    const rows = [
      { groupName: 'a', waybills: 1, revenue: '0.10', cost: '0.20', margin: '-0.10', marginRate: -100, noContract: 0, noRevenue: 0, noCost: 0 },
      { groupName: 'b', waybills: 2, revenue: '12345678901234.20', cost: '0.01', margin: '12345678901234.19', marginRate: 100, noContract: 1, noRevenue: 0, noCost: 1 },
      { groupName: 'c', waybills: 3, revenue: '0.00', cost: '7.30', margin: '-7.30', marginRate: null, noContract: 0, noRevenue: 3, noCost: 0 },
    ];
    expect(reportTotals(REPORTS.margin, rows)).toEqual({
      waybills: 6, revenue: '12345678901234.30', cost: '7.51', margin: '12345678901226.79', marginRate: 100, noContract: 1, noRevenue: 3, noCost: 1,
    });
    expect(reportTotals(REPORTS.margin, [])).toMatchObject({ revenue: '0.00', marginRate: null });
  });

  it('divides amounts as decimals; nothing to divide by is null', () => {
    expect(rate('803.75', '1803.75')).toBe(44.6);
    expect(rate('1', '8')).toBe(12.5);
    expect(rate('5', '0.00')).toBeNull();
    expect(rate(3, 4)).toBe(75);
  });

  it('titles the group column by the grouping chosen', () => {
    expect(reportColumnTitle(REPORTS.margin, 'groupName', 'route')).toBe('reports.groupBy.route');
    expect(reportColumnTitle(REPORTS.margin, 'revenue', 'route')).toBe('reports.col.revenue');
    expect(reportColumnTitle(REPORTS.order, 'groupName', 'route')).toBe('reports.col.groupName');
  });
});
