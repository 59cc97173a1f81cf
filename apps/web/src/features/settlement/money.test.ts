import { describe, expect, it } from 'vitest';
import { allocationBody, exceeds, fillInOrder, formPath, hasPath, jobPercent, leftOf, negative, nonZero, openOf, positive, sumOf } from './money.ts';

describe('settlement money helpers', () => {
  it('computes what is left exactly, never below zero', () => {
    expect(leftOf('0.30', '0.10')).toBe('0.20');
    expect(leftOf(0.3, 0.1)).toBe('0.20'); // JSON numbers of a generic list: their text, not float arithmetic
    expect(leftOf('100.00', '100')).toBe('0.00');
    expect(leftOf('5', '7.5')).toBe('0.00');
    expect(leftOf(null, undefined)).toBe('0.00');
  });
  it('sums exactly', () => {
    expect(sumOf(['0.1', '0.2'])).toBe('0.30');
    expect(sumOf([0.1, 0.2, '', null])).toBe('0.30');
    expect(sumOf(['99999999999.99', '0.01'])).toBe('100000000000.00');
    expect(sumOf([])).toBe('0.00');
  });
  it('compares exactly', () => {
    expect(exceeds('0.30', sumOf(['0.1', '0.2']))).toBe(false);
    expect(exceeds('0.31', '0.3')).toBe(true);
    expect(positive('0.00')).toBe(false);
    expect(positive('0.01')).toBe(true);
    expect(positive('x')).toBe(false);
  });
  it('spreads a payment over open invoices in order', () => {
    expect(fillInOrder('150', [{ open: '100.00' }, { open: '80.00' }, { open: '10' }])).toEqual(['100.00', '50.00', '']);
    expect(fillInOrder('500', [{ open: '100.10' }, { open: '0' }, { open: '0.20' }])).toEqual(['100.10', '', '0.20']);
    expect(fillInOrder('', [{ open: '1' }])).toEqual(['']);
  });
  it('turns server field paths into form name paths', () => {
    expect(formPath('allocations.0.amount')).toEqual(['allocations', 0, 'amount']);
    expect(formPath('amount')).toEqual(['amount']);
  });
});

describe('form paths of refusals', () => {
  it('knows which paths a form holds', () => {
    const values = { amount: '1', items: [{ id: 1, amount: undefined }] };
    expect(hasPath(values, ['amount'])).toBe(true);
    expect(hasPath(values, ['items', 0, 'amount'])).toBe(true);
    expect(hasPath(values, ['items', 1, 'amount'])).toBe(false);
    expect(hasPath(values, ['invoiceNo'])).toBe(false);
  });
  it('keeps only entered allocations and maps their body index back to the form row', () => {
    const r = allocationBody([{ id: 7, amount: '' }, { id: 8, amount: '10.00' }, { id: 9, amount: '0' }, { id: 10, amount: '0.01' }], 'invoiceId', 'writeOffs', 'items');
    expect(r.body).toEqual([{ invoiceId: 8, amount: '10.00' }, { invoiceId: 10, amount: '0.01' }]);
    expect(r.aliases).toEqual({ 'writeOffs.0.amount': 'items.1.amount', 'writeOffs.1.amount': 'items.3.amount' });
  });
  it('keeps a statement of credits entered below 0 (netting), with its open amount below 0', () => {
    const r = allocationBody([{ id: 1, amount: '500.00' }, { id: 2, amount: '-30.00' }, { id: 3, amount: '-0' }], 'statementId', 'allocations', 'items');
    expect(r.body).toEqual([{ statementId: 1, amount: '500.00' }, { statementId: 2, amount: '-30.00' }]);
    expect([openOf('-30', '-10'), openOf(500, '0.01'), leftOf('-30', 0)]).toEqual(['-20.00', '499.99', '0.00']);
    expect([negative('-0.01'), negative('0'), nonZero('-0.00'), nonZero('0.01')]).toEqual([true, false, false, true]);
  });
});

describe('generation progress', () => {
  it('is a whole percent', () => {
    expect(jobPercent({ progress: { done: 0, total: 0 } })).toBe(0);
    expect(jobPercent({ progress: { done: 1, total: 4 } })).toBe(25);
    expect(jobPercent({ progress: { done: 2, total: 3 } })).toBe(66);
    expect(jobPercent({ progress: { done: 2, total: 4 }, status: 'DONE' })).toBe(100);
  });
});
