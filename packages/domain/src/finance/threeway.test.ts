import { describe, expect, it } from 'vitest';
import { threeWayCheck, withinTolerance, type ClaimLine } from './settlement.ts';

const line = (id: number, waybillCode: string, amount: string, extra: Partial<ClaimLine> = {}): ClaimLine => ({
  id, waybillCode, dispatchOrderCode: null, chargeTypeCode: 'FREIGHT', amount, tolerancePct: '2', toleranceAmount: '50', ...extra,
});
const row = (rowNum: number, waybillCode: string | null, claim: string, extra: { dispatchOrderCode?: string; chargeTypeCode?: string } = {}) => ({
  rowNum, waybillCode, dispatchOrderCode: extra.dispatchOrderCode ?? null, chargeTypeCode: extra.chargeTypeCode ?? null, claim,
});

describe('three-way tolerance', () => {
  it('accepts a difference within the percent OR within the amount, exactly at the limit; none set: only equal amounts', () => {
    expect(withinTolerance('1000.00', '1020.00', '2', '50')).toBe(true); // 2 % of 1000 is 20
    expect(withinTolerance('1000.00', '1050.00', '2', '50')).toBe(true); // 50.00 absolute
    expect(withinTolerance('1000.00', '1050.01', '2', '50')).toBe(false);
    expect(withinTolerance('5000.00', '4900.00', '2', '50')).toBe(true); // 2 % of 5000 is 100
    expect(withinTolerance('5000.00', '4899.99', '2', '50')).toBe(false);
    expect(withinTolerance('100.00', '100.01', null, null)).toBe(false);
    expect(withinTolerance('100.00', '100.00', null, null)).toBe(true);
    expect(withinTolerance('0.10', '0.30', '2', null)).toBe(false); // no float slips: 0.1 + 0.2
    expect(withinTolerance('0.10', '0.30', null, '0.2')).toBe(true);
  });
});

describe('three-way matching', () => {
  it('a row claims its waybill\'s lines (of its charge type) once; the largest line carries the dispute; unmatched rows and missing lines are kept', () => {
    const lines = [
      line(1, 'W1', '600.00'),
      line(2, 'W1', '400.00', { chargeTypeCode: 'FUEL' }),
      line(3, 'W2', '100.00', { dispatchOrderCode: 'D1' }),
      line(4, 'W3', '10.00', { tolerancePct: null, toleranceAmount: null }),
    ];
    const out = threeWayCheck(lines, [row(2, 'w1 ', '1100.00'), row(3, null, '100.00', { dispatchOrderCode: 'D1' }), row(4, 'W1', '5.00'), row(5, 'NOPE', '1.00')]);
    expect(out.matched).toEqual([
      expect.objectContaining({ lineIds: [1, 2], ours: '1000.00', diff: '100.00', within: false, disputeLineId: 1, proposed: '700.00' }),
      expect.objectContaining({ lineIds: [3], ours: '100.00', diff: '0.00', within: true, disputeLineId: null, proposed: null }),
    ]);
    expect(out.unmatched.map((u) => [u.row.rowNum, u.reason])).toEqual([[4, 'taken'], [5, 'noLine']]);
    expect(out.missing.map((l) => l.id)).toEqual([4]);
  });

  it('rows split by charge type are compared line by line; the strictest tolerance of a row\'s lines applies', () => {
    const lines = [line(1, 'W1', '1000.00'), line(2, 'W1', '1000.00', { chargeTypeCode: 'FUEL', tolerancePct: '1', toleranceAmount: null })];
    const byType = threeWayCheck(lines, [row(2, 'W1', '1015.00', { chargeTypeCode: 'FREIGHT' }), row(3, 'W1', '1015.00', { chargeTypeCode: 'fuel' })]);
    expect(byType.matched.map((m) => m.within)).toEqual([true, false]);
    // together: 1 % of 2000 = 20 (the absolute amount is not set on one of them)
    expect(threeWayCheck(lines, [row(2, 'W1', '2021.00')]).matched[0]).toMatchObject({ within: false, disputeLineId: 1, proposed: '1021.00' });
    expect(threeWayCheck(lines, [row(2, 'W1', '2020.00')]).matched[0]).toMatchObject({ within: true });
  });
});
