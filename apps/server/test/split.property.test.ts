/**
 * Splitting conserves every quantity (design/domain.md: "for each line, original + split = before").
 * Property-based with fast-check: first the pure arithmetic of @tms/domain (planSplit), then the
 * split route against the database, summing what the two waybills hold after the split.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { planSplit, SPLIT_MEASURES, unitsOf, type SplitChoice, type SplitLineInput } from '@tms/domain';
import { ctx, useServer } from './resource-kit.ts';
import { linesOf, makeWaybill } from './waybills-fixtures.ts';

/** A decimal with at most 3 places, as numeric(14,3) holds it. */
const dec3 = (max: number) => fc.integer({ min: 0, max: max * 1000 }).map((u) => u / 1000);
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });

const lineArb = (id: number): fc.Arbitrary<SplitLineInput> =>
  fc.record({
    id: fc.constant(id),
    quantity: fc.integer({ min: 0, max: 100_000 }),
    weight: dec3(10_000_000),
    volume: dec3(100_000),
    cases: fc.integer({ min: 0, max: 1_000_000 }),
    pallets: fc.integer({ min: 0, max: 10_000 }),
    other: fc.integer({ min: 0, max: 10_000 }),
    realWeight: maybe(dec3(10_000_000)),
    realVolume: maybe(dec3(100_000)),
    realQuantity: maybe(fc.integer({ min: 0, max: 100_000 })),
    realCases: maybe(fc.integer({ min: 0, max: 1_000_000 })),
    realPallets: maybe(fc.integer({ min: 0, max: 10_000 })),
    realOther: maybe(fc.integer({ min: 0, max: 10_000 })),
  });

/** Lines with one choice each: a split quantity in range, sometimes an explicit weight / volume within the line's. */
const caseArb = fc.integer({ min: 1, max: 6 }).chain((n) =>
  fc.tuple(...Array.from({ length: n }, (_, i) => lineArb(i + 1))).chain((lines) =>
    fc
      .tuple(
        ...lines.map((l) =>
          fc.record({
            splitNum: fc.integer({ min: 0, max: l.quantity }),
            w: fc.option(fc.integer({ min: 0, max: unitsOf('weight', l.weight) }), { nil: undefined }),
            v: fc.option(fc.integer({ min: 0, max: unitsOf('volume', l.volume) }), { nil: undefined }),
          }),
        ),
      )
      .map((picks) => ({
        lines,
        choices: picks.map((p, i): SplitChoice => {
          const l = lines[i]!;
          const partial = p.splitNum > 0 && p.splitNum < l.quantity;
          return { lineId: l.id, splitNum: p.splitNum, ...(partial && p.w !== undefined ? { weight: p.w / 1000 } : {}), ...(partial && p.v !== undefined ? { volume: p.v / 1000 } : {}) };
        }),
      })),
  ),
);

describe('planSplit (pure)', () => {
  it('for every line and every measure, kept + moved = before, exactly; parts are never negative', () => {
    fc.assert(
      fc.property(caseArb, ({ lines, choices }) => {
        const out = planSplit(lines, choices);
        const anyMoved = choices.some((c) => c.splitNum > 0);
        const allMoved = lines.every((l) => choices.find((c) => c.lineId === l.id)!.splitNum === l.quantity);
        if (!anyMoved || allMoved) {
          expect(out.ok).toBe(false);
          return;
        }
        expect(out.ok).toBe(true);
        if (!out.ok) return;
        for (const r of out.plan.lines) {
          const l = lines.find((x) => x.id === r.lineId)!;
          for (const k of SPLIT_MEASURES) {
            if (l[k] === null) {
              expect(r.keep[k]).toBeNull();
              expect(r.moved[k]).toBeNull();
              continue;
            }
            expect(unitsOf(k, r.keep[k]!) + unitsOf(k, r.moved[k]!), `${k} of line ${l.id}`).toBe(unitsOf(k, l[k]!));
            expect(r.keep[k]!).toBeGreaterThanOrEqual(0);
            expect(r.moved[k]!).toBeGreaterThanOrEqual(0);
          }
          expect(r.moved.quantity).toBe(r.splitNum);
          // a line moved whole takes everything, a line not split takes nothing
          if (r.splitNum === l.quantity && l.quantity > 0) expect(unitsOf('weight', r.keep.weight)).toBe(0);
          if (r.splitNum === 0) expect(unitsOf('weight', r.moved.weight) + r.moved.cases).toBe(0);
        }
        for (const k of ['weight', 'volume', 'quantity', 'cases', 'pallets', 'other'] as const) {
          const sum = lines.reduce((s, l) => s + unitsOf(k, l[k]), 0);
          expect(unitsOf(k, out.plan.keep[k]) + unitsOf(k, out.plan.moved[k])).toBe(sum);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('proportional shares stay within one unit of the exact share', () => {
    fc.assert(
      fc.property(lineArb(1).filter((l) => l.quantity > 1), fc.nat(), (l, r) => {
        const splitNum = 1 + (r % (l.quantity - 1));
        const out = planSplit([l], [{ lineId: 1, splitNum }]);
        expect(out.ok).toBe(true);
        if (!out.ok) return;
        const exact = (unitsOf('cases', l.cases) * splitNum) / l.quantity;
        expect(Math.abs(out.plan.lines[0]!.moved.cases - exact)).toBeLessThanOrEqual(0.5);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses out-of-range split quantities and measures, unknown or repeated lines', () => {
    const line: SplitLineInput = { id: 1, quantity: 5, weight: 10, volume: 1, cases: 5, pallets: 1, other: 0, realWeight: null, realVolume: null, realQuantity: null, realCases: null, realPallets: null, realOther: null };
    const keys = (choices: SplitChoice[]) => {
      const o = planSplit([line, { ...line, id: 2 }], choices);
      return o.ok ? [] : o.problems.map((p) => p.key);
    };
    expect(keys([{ lineId: 1, splitNum: 6 }])).toEqual(['messages.waybill.splitNumRange']);
    expect(keys([{ lineId: 1, splitNum: 2.5 }])).toEqual(['messages.waybill.splitNumRange']);
    expect(keys([{ lineId: 1, splitNum: 2, weight: 10.001 }])).toEqual(['messages.waybill.splitMeasureRange']);
    expect(keys([{ lineId: 1, splitNum: 2, weight: 1.0001 }])).toEqual(['messages.waybill.splitMeasureRange']);
    expect(keys([{ lineId: 1, splitNum: 0, weight: 1 }])).toEqual(['messages.waybill.splitMeasureFixed']);
    expect(keys([{ lineId: 1, splitNum: 5, weight: 9 }])).toEqual(['messages.waybill.splitMeasureFixed']);
    expect(keys([{ lineId: 1, splitNum: 5, weight: 10 }])).toEqual([]);
    expect(keys([{ lineId: 3, splitNum: 1 }])).toEqual(['messages.waybill.splitLineUnknown']);
    expect(keys([{ lineId: 1, splitNum: 1 }, { lineId: 1, splitNum: 2 }])).toEqual(['messages.waybill.splitLineUnknown']);
    expect(keys([])).toEqual(['messages.waybill.splitNothing']);
    expect(keys([{ lineId: 1, splitNum: 5 }, { lineId: 2, splitNum: 5 }])).toEqual(['messages.waybill.splitAll']);
  });
});

describe('split route (database)', () => {
  useServer();

  const dbLine = fc.record({
    quantity: fc.integer({ min: 1, max: 500 }),
    weight: dec3(50_000),
    volume: dec3(500),
    cases: fc.integer({ min: 0, max: 2_000 }),
    pallets: fc.integer({ min: 0, max: 50 }),
    other: fc.integer({ min: 0, max: 50 }),
  });

  it('the original and the new waybill together hold exactly what the original held, line by line and in total', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(dbLine, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { minLength: 4, maxLength: 4 }), async (specs, picks) => {
        const w = await makeWaybill(ctx.s.db, { lines: specs });
        const before = await linesOf(ctx.s.db, w.waybillId);
        // split quantities from the picks; make sure something moves and something stays
        const nums = before.map((l, i) => picks[i]! % (l.quantity + 1));
        if (!nums.some((n) => n > 0)) nums[0] = 1;
        if (nums.every((n, i) => n === before[i]!.quantity)) nums[0] = before[0]!.quantity - 1;
        if (!nums.some((n) => n > 0)) return; // a single line of quantity 1 cannot be split
        const r = await ctx.s.api('POST', '/api/waybill/waybill/split', {
          token: ctx.admin,
          body: { id: w.waybillId, version: 0, lines: before.map((l, i) => ({ lineId: l.id, splitNum: nums[i] })) },
        });
        expect(r.status, JSON.stringify(r.json)).toBe(200);
        const after = [...(await linesOf(ctx.s.db, w.waybillId)), ...(await linesOf(ctx.s.db, r.json.data.id))];
        for (const b of before) {
          const parts = after.filter((l) => l.order_line_id === b.order_line_id);
          for (const k of ['quantity', 'cases', 'pallets', 'other'] as const) expect(parts.reduce((s, l) => s + l[k], 0)).toBe(b[k]);
          for (const k of ['weight', 'volume'] as const) expect(parts.reduce((s, l) => s + Math.round(l[k] * 1000), 0)).toBe(Math.round(b[k] * 1000));
        }
        const totals = await ctx.s.db.query<{ q: number; w: number; v: number; c: number; p: number; o: number }>(
          `select sum(total_quantity)::int q, sum(total_weight) w, sum(total_volume) v, sum(total_cases)::int c, sum(total_pallets)::int p, sum(total_other)::int o
             from tms_waybill where id = any($1::bigint[])`,
          [[w.waybillId, r.json.data.id]],
        );
        const t = totals.rows[0]!;
        const sum = (k: 'quantity' | 'cases' | 'pallets' | 'other' | 'weight' | 'volume') => before.reduce((s, l) => s + Math.round(l[k] * 1000), 0);
        expect([t.q, t.c, t.p, t.o].map((x) => x * 1000)).toEqual([sum('quantity'), sum('cases'), sum('pallets'), sum('other')]);
        expect([Math.round(t.w * 1000), Math.round(t.v * 1000)]).toEqual([sum('weight'), sum('volume')]);
      }),
      { numRuns: 25 },
    );
  });
});
