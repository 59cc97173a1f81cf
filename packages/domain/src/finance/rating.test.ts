import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { allocate, rateLine, rateMovement, type Movement, type RateCard, type RateLine, type Tier } from './rating.ts';
import { parseRateLines } from './rate-card.ts';

const card = (lines: RateLine[]): RateCard => ({ contractId: 7, contractCode: 'C-7', version: 2, currency: 'CNY', lines });
const any = { level: 'ANY' } as const;
const move = (weightKg: number | string, extra: Partial<Movement['quantities']> = {}): Movement => ({
  from: { stationId: 1, districtId: 11, cityId: 111, provinceId: 1111, zoneId: 5 },
  to: { stationId: 2, districtId: 22, cityId: 222, provinceId: 2222, zoneId: 6 },
  quantities: { weightKg, ...extra },
});

describe('rating', () => {
  it('prices per kg with rounding up to 0.5 kg, half-up to the cent', () => {
    const r = rateMovement(card([{ id: 1, chargeType: 'FREIGHT', from: any, to: any, basis: 'KG', unitPrice: '0.333', roundingStep: '0.5' }]), move('10.2'));
    expect(r.charges).toHaveLength(1);
    const t = r.charges[0]!.trace;
    expect([t.quantity, t.roundedQuantity, t.computed, t.amount]).toEqual(['10.2', '10.5', '3.4965', '3.50']);
    expect(r.total).toBe('3.50');
    expect(t).toMatchObject({ contractId: 7, contractVersion: 2, rateLineId: 1, formula: { kind: 'UNIT', quantity: '10.5', price: '0.333' } });
  });

  it('the most specific lane wins: station > district > city > province > zone > any', () => {
    const lines: RateLine[] = [
      { id: 1, chargeType: 'FREIGHT', from: any, to: any, basis: 'KG', unitPrice: 1 },
      { id: 2, chargeType: 'FREIGHT', from: { level: 'ZONE', refId: 5 }, to: { level: 'ZONE', refId: 6 }, basis: 'KG', unitPrice: 2 },
      { id: 3, chargeType: 'FREIGHT', from: { level: 'PROVINCE', refId: 1111 }, to: { level: 'CITY', refId: 222 }, basis: 'KG', unitPrice: 3 },
      { id: 4, chargeType: 'FREIGHT', from: { level: 'STATION', refId: 99 }, to: any, basis: 'KG', unitPrice: 9 }, // another station: no match
      { id: 5, chargeType: 'FREIGHT', from: { level: 'CITY', refId: 111 }, to: { level: 'DISTRICT', refId: 22 }, basis: 'KG', unitPrice: 4 },
    ];
    const r = rateMovement(card(lines), move(10));
    expect(r.charges[0]!.rateLineId).toBe(5);
    expect(r.charges[0]!.trace.chosen.candidates.map((c) => c.rateLineId)).toEqual([5, 3, 2, 1]);
    expect(r.total).toBe('40.00');
    const noMatch = rateMovement(card([lines[3]!]), move(10));
    expect(noMatch.charges).toEqual([]);
    expect(noMatch.total).toBe('0.00');
  });

  it('weight breaks: per unit in the break, or a flat amount', () => {
    const tiers: Tier[] = [
      { from: 0, to: 100, mode: 'FLAT', price: 50 },
      { from: 100, to: 1000, mode: 'UNIT', price: '0.6' },
      { from: 1000, to: null, mode: 'UNIT', price: '0.55' },
    ];
    const line: RateLine = { id: 1, chargeType: 'FREIGHT', from: any, to: any, basis: 'KG', tiers };
    expect(rateMovement(card([line]), move(99.9)).total).toBe('50.00');
    expect(rateMovement(card([line]), move(100)).total).toBe('60.00');
    const big = rateMovement(card([line]), move(2000)).charges[0]!.trace;
    expect(big.tier).toEqual({ index: 2, from: '1000', to: null, mode: 'UNIT', price: '0.55' });
    expect(big.amount).toBe('1100.00');
  });

  it('first weight / additional weight, minimum and maximum', () => {
    const line: RateLine = { id: 1, chargeType: 'FREIGHT', from: any, to: any, basis: 'KG', firstAdditional: { firstQty: 1, firstPrice: 12, addStep: 1, addPrice: 2 }, roundingStep: 1 };
    const t = rateMovement(card([line]), move('3.2')).charges[0]!.trace;
    expect(t.formula).toMatchObject({ kind: 'FIRST_ADDITIONAL', extraQty: '3', steps: 3 });
    expect(t.amount).toBe('18.00');
    const capped = rateMovement(card([{ ...line, maxAmount: 15 }]), move('3.2')).charges[0]!.trace;
    expect(capped.limit).toEqual({ applied: 'MAX', value: '15' });
    const floored = rateMovement(card([{ id: 2, chargeType: 'PICKUP', from: any, to: any, basis: 'TONNE', unitPrice: 30, minAmount: 80 }]), move(500)).charges[0]!.trace;
    expect(floored).toMatchObject({ quantity: '0.5', computed: '15', limit: { applied: 'MIN', value: '80' }, amount: '80.00' });
  });

  it('every basis reads its quantity; the total is the sum of the rounded lines', () => {
    const lines: RateLine[] = (['M3', 'PIECE', 'PALLET', 'TRIP', 'KM', 'STOP'] as const).map((basis, i) => ({ id: i + 1, chargeType: `T${i}`, from: any, to: any, basis, unitPrice: '0.005' }));
    const r = rateMovement(card(lines), move(0, { volumeM3: 1, pieces: 1, pallets: 1, km: 1, stops: 1 }));
    expect(r.charges.map((c) => c.amount)).toEqual(Array(6).fill('0.01')); // each 0.005 → 0.01 half-up
    expect(r.total).toBe('0.06');
  });
});

describe('rating properties', () => {
  const dec = (max: number) => fc.integer({ min: 0, max: max * 1000 }).map((n) => new Decimal(n).div(1000).toString());
  /** contiguous breaks from 0, the last open, non-decreasing prices of one mode: a monotone card */
  const monotoneTiers = fc.tuple(fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 5 }), fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 6, maxLength: 6 }), fc.constantFrom('UNIT' as const, 'FLAT' as const)).map(([cuts, prices, mode]) => {
    const bounds = [0, ...cuts.sort((a, b) => a - b)];
    const sorted = prices.sort((a, b) => a - b);
    return bounds.map((from, i): Tier => ({ from, to: bounds[i + 1] ?? null, mode, price: sorted[i]! / 100 }));
  });
  const monotoneLine = fc.record({
    tiers: monotoneTiers,
    min: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    extra: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
    step: fc.constantFrom(null, '0.5', '1', '0.1'),
  }).map(({ tiers, min, extra, step }): RateLine => ({ id: 1, chargeType: 'FREIGHT', from: any, to: any, basis: 'KG', tiers, minAmount: min, maxAmount: min === null || extra === null ? null : min + extra, roundingStep: step }));

  it('generated breaks are a valid card (contiguous from 0, last open)', () => {
    fc.assert(fc.property(monotoneLine, (line) => parseRateLines([line]).ok));
  });

  it('more weight never costs less under a monotone card; min and max are respected', () => {
    fc.assert(
      fc.property(monotoneLine, dec(20_000), dec(20_000), (line, a, b) => {
        const [lo, hi] = new Decimal(a).lte(b) ? [a, b] : [b, a];
        const x = new Decimal(rateMovement(card([line]), move(lo)).total);
        const y = new Decimal(rateMovement(card([line]), move(hi)).total);
        expect(x.lte(y)).toBe(true);
        if (line.minAmount !== null && line.minAmount !== undefined) expect(y.gte(line.minAmount)).toBe(true);
        if (line.maxAmount !== null && line.maxAmount !== undefined) expect(y.lte(line.maxAmount)).toBe(true);
      }),
    );
  });

  it('the tier chosen contains the rounded quantity', () => {
    fc.assert(
      fc.property(monotoneLine, dec(20_000), (line, w) => {
        const t = rateLine(card([line]), line, { weightKg: w }).trace;
        const q = new Decimal(t.roundedQuantity);
        expect(q.gte(t.tier!.from)).toBe(true);
        if (t.tier!.to !== null) expect(q.lt(t.tier!.to)).toBe(true);
        expect(q.gte(t.quantity)).toBe(true);
      }),
    );
  });

  it('allocation sums exactly to the cent and follows the basis', () => {
    const part = fc.record({ weightKg: dec(5000), volumeM3: dec(50), pieces: fc.integer({ min: 0, max: 500 }), declaredValue: dec(100_000) });
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 30 }), fc.integer({ min: -1_000_000, max: 100_000_000 }), fc.constantFrom('WEIGHT' as const, 'VOLUME' as const, 'PIECES' as const, 'DECLARED_VALUE' as const, 'EQUAL' as const), (parts, cents, basis) => {
        const amount = new Decimal(cents).div(100);
        const out = allocate(amount.toFixed(2), parts.map((p, i) => ({ key: i, ...p })), basis);
        expect(out.reduce((s, o) => s.plus(o.amount), new Decimal(0)).eq(amount)).toBe(true);
        // no part is more than a cent away from its exact share
        const shares = parts.map((p) => new Decimal(basis === 'WEIGHT' ? p.weightKg : basis === 'VOLUME' ? p.volumeM3 : basis === 'PIECES' ? p.pieces : basis === 'DECLARED_VALUE' ? p.declaredValue : 1));
        const sum = shares.reduce((s, x) => s.plus(x), new Decimal(0));
        out.forEach((o, i) => {
          const exact = sum.isZero() ? amount.div(parts.length) : amount.mul(shares[i]!).div(sum);
          expect(new Decimal(o.amount).minus(exact).abs().lt('0.01')).toBe(true);
        });
      }),
    );
  });

  it('allocation never gives a part with a larger basis less than a part with a smaller one, and a dispatch order\'s charge lines allocate to its total', () => {
    const part = fc.record({ weightKg: dec(5000) });
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 20 }), fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 5 }), (parts, lines) => {
        const keyed = parts.map((p, i) => ({ key: i, ...p }));
        const perPart = new Map<number | string, Decimal>();
        for (const cents of lines) {
          const out = allocate(new Decimal(cents).div(100).toFixed(2), keyed, 'WEIGHT');
          // by basis ascending, the shares never go down
          const byWeight = out.map((o, i) => ({ w: new Decimal(parts[i]!.weightKg), a: new Decimal(o.amount) })).sort((x, y) => x.w.comparedTo(y.w));
          for (let i = 1; i < byWeight.length; i++) if (byWeight[i]!.w.gt(byWeight[i - 1]!.w)) expect(byWeight[i]!.a.gte(byWeight[i - 1]!.a)).toBe(true);
          for (const o of out) perPart.set(o.key, (perPart.get(o.key) ?? new Decimal(0)).plus(o.amount));
        }
        // the waybills' shares of all the lines add up to the dispatch order's total, to the cent
        const total = lines.reduce((s, c) => s.plus(new Decimal(c).div(100)), new Decimal(0));
        expect([...perPart.values()].reduce((s, x) => s.plus(x), new Decimal(0)).eq(total)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('allocation example: 100.00 over three equal parts', () => {
    expect(allocate('100', [{ key: 'a' }, { key: 'b' }, { key: 'c' }], 'EQUAL').map((o) => o.amount)).toEqual(['33.34', '33.33', '33.33']);
  });
});

describe('rate card validation', () => {
  const base = { chargeType: 'FREIGHT', from: any, to: any, basis: 'KG' };
  const issues = (lines: unknown[]) => {
    const r = parseRateLines(lines);
    return r.ok ? [] : r.issues;
  };
  it('names the field of a gap, an overlap, a bounded last break and a negative price', () => {
    expect(issues([{ ...base, tiers: [{ from: 0, to: 100, mode: 'UNIT', price: 1 }, { from: 120, to: null, mode: 'UNIT', price: 1 }] }])).toEqual([{ path: '0.tiers.1.from', key: 'validation.tierGap' }]);
    expect(issues([{ ...base, tiers: [{ from: 0, to: 100, mode: 'UNIT', price: 1 }, { from: 90, to: null, mode: 'UNIT', price: 1 }] }])).toEqual([{ path: '0.tiers.1.from', key: 'validation.tierOverlap' }]);
    expect(issues([{ ...base, tiers: [{ from: 5, to: 100, mode: 'UNIT', price: 1 }] }])).toEqual([
      { path: '0.tiers.0.from', key: 'validation.tierStart' },
      { path: '0.tiers.0.to', key: 'validation.tierLastOpen' },
    ]);
    expect(issues([{ ...base, unitPrice: -1 }])).toEqual([{ path: '0.unitPrice', key: 'validation.negativePrice' }]);
    expect(issues([{ ...base, unitPrice: 1, minAmount: 10, maxAmount: 5 }])).toEqual([{ path: '0.minAmount', key: 'validation.minAboveMax' }]);
    expect(issues([{ ...base }])).toEqual([{ path: '0.unitPrice', key: 'validation.noPrice' }]);
    expect(issues([{ ...base, unitPrice: 1, from: { level: 'CITY' } }])).toEqual([{ path: '0.from.refId', key: 'validation.required' }]);
  });
  it('refuses two lines claiming the same charge type on the same lane', () => {
    const lane = { from: { level: 'CITY', refId: 3 }, to: any };
    expect(issues([{ ...base, ...lane, unitPrice: 1 }, { ...base, unitPrice: 2 }, { ...base, ...lane, unitPrice: 3 }])).toEqual([{ path: '2.from', key: 'validation.duplicateLane' }]);
    expect(issues([{ ...base, ...lane, unitPrice: 1 }, { ...base, ...lane, chargeType: 'FUEL', unitPrice: 3 }])).toEqual([]);
  });
});

describe('percentage, waiting and periods', () => {
  it('a fuel surcharge is a percentage of the freight just priced; insurance a percentage of the declared value', () => {
    const lines: RateLine[] = [
      { id: 1, chargeType: 'FREIGHT', from: any, to: any, basis: 'KG', unitPrice: '0.77' },
      { id: 2, chargeType: 'FUEL', from: any, to: any, basis: 'PCT_FREIGHT', unitPrice: '12.5', minAmount: 1 },
      { id: 3, chargeType: 'INSURANCE', from: any, to: any, basis: 'PCT_VALUE', unitPrice: '0.3', minAmount: 5 },
    ];
    const r = rateMovement(card(lines), move('123.4', { declaredValue: '8000' }));
    const by = Object.fromEntries(r.charges.map((c) => [c.chargeType, c]));
    expect(by.FREIGHT!.amount).toBe('95.02'); // 123.4 × 0.77 = 95.018
    expect(by.FUEL!.trace).toMatchObject({ quantity: '95.02', formula: { kind: 'PERCENT', base: '95.02', percent: '12.5' }, computed: '11.8775', amount: '11.88' });
    expect(by.INSURANCE!.trace).toMatchObject({ quantity: '8000', computed: '24', amount: '24.00', limit: null });
    expect(r.total).toBe('130.90');
    // no freight charge: the surcharge is on 0 (its minimum applies); no declared value: the insurance minimum
    const alone = rateMovement(card(lines.slice(1)), move(10));
    expect(alone.charges.map((c) => [c.chargeType, c.amount])).toEqual([['FUEL', '1.00'], ['INSURANCE', '5.00']]);
  });

  it('waiting is priced per hour after the free time, rounded up to the step', () => {
    const line: RateLine = { id: 1, chargeType: 'WAITING', from: any, to: any, basis: 'HOUR', unitPrice: 50, freeQty: 2, roundingStep: '0.5' };
    const r = rateMovement(card([line]), move(1, { hours: '3.27' }));
    expect(r.charges[0]!.trace).toMatchObject({ quantity: '3.27', freeQty: '2', roundedQuantity: '1.5', computed: '75', amount: '75.00' });
    expect(rateMovement(card([line]), move(1, { hours: '1.5' })).charges[0]!.amount).toBe('0.00');
  });

  it('a line with a period applies only to movements dated within it', () => {
    const lines: RateLine[] = [
      { id: 1, chargeType: 'FUEL', from: any, to: any, basis: 'PCT_FREIGHT', unitPrice: 10, validFrom: '2026-01-01', validTo: '2026-01-31' },
      { id: 2, chargeType: 'FUEL', from: any, to: any, basis: 'PCT_FREIGHT', unitPrice: 12, validFrom: '2026-02-01', validTo: null },
      { id: 3, chargeType: 'FREIGHT', from: any, to: any, basis: 'KG', unitPrice: 1 },
    ];
    const on = (date: string) => rateMovement(card(lines), { ...move(100), date }).charges.find((c) => c.chargeType === 'FUEL');
    expect(on('2026-01-31')!.trace).toMatchObject({ rateLineId: 1, amount: '10.00', period: { from: '2026-01-01', to: '2026-01-31' } });
    expect(on('2026-02-01')!.trace).toMatchObject({ rateLineId: 2, amount: '12.00', period: { from: '2026-02-01', to: null } });
    expect(on('2025-12-31')).toBeUndefined();
  });

  it('the card refuses breaks on a percentage, a period ending before it starts, and the same lane in overlapping periods', () => {
    const fuel = { chargeType: 'FUEL', from: any, to: any, basis: 'PCT_FREIGHT', unitPrice: 10 };
    expect(parseRateLines([{ ...fuel, tiers: [{ from: 0, to: null, mode: 'UNIT', price: 1 }] }])).toMatchObject({ ok: false, issues: [{ path: '0.tiers', key: 'validation.percentPlain' }] });
    expect(parseRateLines([{ ...fuel, validFrom: '2026-02-01', validTo: '2026-01-01' }])).toMatchObject({ ok: false, issues: [{ path: '0.validTo', key: 'validation.validTo' }] });
    const jan = { ...fuel, validFrom: '2026-01-01', validTo: '2026-01-31' };
    expect(parseRateLines([jan, { ...fuel, validFrom: '2026-02-01' }]).ok).toBe(true);
    expect(parseRateLines([jan, { ...fuel, validFrom: '2026-01-31' }])).toMatchObject({ ok: false, issues: [{ path: '1.from', key: 'validation.duplicateLane' }] });
    expect(parseRateLines([jan, fuel])).toMatchObject({ ok: false, issues: [{ path: '1.from', key: 'validation.duplicateLane' }] });
  });
});

describe('vehicle types', () => {
  it("a line for the vehicle's type beats one for any vehicle on the same lane; without that vehicle it does not apply", () => {
    const lines: RateLine[] = [
      { id: 1, chargeType: 'FREIGHT', from: any, to: any, basis: 'TRIP', unitPrice: 900 },
      { id: 2, chargeType: 'FREIGHT', from: any, to: any, basis: 'TRIP', unitPrice: 1200, vehicleTypeId: 42 },
      { id: 3, chargeType: 'FREIGHT', from: { level: 'ZONE', refId: 5 }, to: any, basis: 'TRIP', unitPrice: 1000 },
    ];
    const on = (vehicleTypeId: number | null, ls = lines) => rateMovement(card(ls), { ...move(1), vehicleTypeId }).charges[0]!.trace;
    expect(on(42, lines.slice(0, 2))).toMatchObject({ rateLineId: 2, vehicleTypeId: 42, amount: '1200.00' });
    expect(on(7, lines.slice(0, 2))).toMatchObject({ rateLineId: 1, vehicleTypeId: null });
    expect(on(null, lines.slice(0, 2)).rateLineId).toBe(1);
    expect(on(42).rateLineId).toBe(3); // the more specific lane first
    expect(parseRateLines([lines[0], lines[1]]).ok).toBe(true);
    expect(parseRateLines([lines[1], { ...lines[1]!, id: 4 }])).toMatchObject({ ok: false, issues: [{ path: '1.from', key: 'validation.duplicateLane' }] });
  });
});
