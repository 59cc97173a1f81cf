/**
 * Validation of a rate card (issue 14): the rules a card must keep for rating to be well defined. Each
 * refusal names its field (a path such as `lines.2.tiers.1.from`) and a translated message key.
 *   - a price, amount, quantity or step is never negative;
 *   - breaks start at 0, each starts where the previous ends (no gap, no overlap), ends above where it
 *     starts, and only the last (which must be) is open-ended;
 *   - minimum ≤ maximum; a line has a price (unit price, breaks or first / additional weight);
 *   - a lane end other than "any" names its station, district, city, province or zone;
 *   - two lines of a card may not claim the same charge type on the same lane.
 */
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { LANE_LEVELS, RATE_BASES, TIER_MODES, type RateLine } from './rating.ts';

const DECIMAL_TEXT = /^-?\d{1,12}(\.\d{1,6})?$/;
/** A decimal ≥ 0 as a number or its text (kept as text: exact). */
export const nonNegative = z
  .union([z.number(), z.string().regex(DECIMAL_TEXT, { error: 'validation.number' })], { error: (i) => (i.input === undefined || i.input === null ? 'validation.required' : 'validation.number') })
  .refine((v) => Number.isFinite(Number(v)), { error: 'validation.number' })
  .refine((v) => new Decimal(v).gte(0), { error: 'validation.negativePrice' });
const optNonNegative = nonNegative.nullish();

export const LaneEndSchema = z
  .object({ level: z.enum(LANE_LEVELS, { error: 'validation.invalid' }), refId: z.number().int().positive().nullish() })
  .superRefine((end, ctx) => {
    if (end.level !== 'ANY' && !end.refId) ctx.addIssue({ code: 'custom', path: ['refId'], message: 'validation.required' });
  });

export const TierSchema = z.object({ from: nonNegative, to: optNonNegative, mode: z.enum(TIER_MODES, { error: 'validation.invalid' }), price: nonNegative });

export const FirstAdditionalSchema = z.object({ firstQty: nonNegative, firstPrice: nonNegative, addStep: nonNegative, addPrice: nonNegative });

const isSet = (v: unknown) => v !== null && v !== undefined && v !== '';

export const RateLineSchema = z
  .object({
    id: z.number().int().optional(),
    chargeType: z.string().trim().min(1, { error: 'validation.required' }).max(30, { error: 'validation.maxLength' }),
    basis: z.enum(RATE_BASES, { error: 'validation.invalid' }),
    from: LaneEndSchema,
    to: LaneEndSchema,
    unitPrice: optNonNegative,
    tiers: z.array(TierSchema).max(50).nullish(),
    firstAdditional: FirstAdditionalSchema.nullish(),
    minAmount: optNonNegative,
    maxAmount: optNonNegative,
    roundingStep: optNonNegative,
  })
  .superRefine((line, ctx) => {
    const tiers = line.tiers ?? [];
    tiers.forEach((t, i) => {
      const at = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: ['tiers', i, field], message });
      const from = new Decimal(t.from);
      if (i === 0 && !from.isZero()) at('from', 'validation.tierStart');
      if (i > 0) {
        const prev = tiers[i - 1]!;
        if (isSet(prev.to)) {
          const c = from.comparedTo(new Decimal(prev.to!));
          if (c > 0) at('from', 'validation.tierGap');
          if (c < 0) at('from', 'validation.tierOverlap');
        }
      }
      const last = i === tiers.length - 1;
      if (isSet(t.to)) {
        if (new Decimal(t.to!).lte(from)) at('to', 'validation.tierEmpty');
        else if (last) at('to', 'validation.tierLastOpen');
      } else if (!last) at('to', 'validation.tierOpen');
    });
    if (isSet(line.minAmount) && isSet(line.maxAmount) && new Decimal(line.minAmount!).gt(new Decimal(line.maxAmount!)))
      ctx.addIssue({ code: 'custom', path: ['minAmount'], message: 'validation.minAboveMax' });
    if (!isSet(line.unitPrice) && !tiers.length && !line.firstAdditional) ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: 'validation.noPrice' });
  });
export type RateLineInput = z.input<typeof RateLineSchema>;

/** The identity of the lane a line claims for its charge type. */
export const laneKey = (l: { chargeType: string; from: { level: string; refId?: number | null }; to: { level: string; refId?: number | null } }) =>
  [l.chargeType, l.from.level, l.from.level === 'ANY' ? '' : (l.from.refId ?? ''), l.to.level, l.to.level === 'ANY' ? '' : (l.to.refId ?? '')].join('|');

/** Lines of one card: each valid, no two claiming the same charge type on the same lane (the later one is named). */
export const RateLinesSchema = z.array(RateLineSchema).superRefine((lines, ctx) => {
  const seen = new Map<string, number>();
  lines.forEach((l, i) => {
    const k = laneKey(l);
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i, 'from'], message: 'validation.duplicateLane', params: { line: seen.get(k)! + 1 } });
    else seen.set(k, i);
  });
});

export const RateCardSchema = z.object({
  contractId: z.number().int(),
  contractCode: z.string(),
  version: z.number().int().min(1),
  currency: z.string().length(3),
  lines: RateLinesSchema,
});

/** A validated card in the engine's shape. */
export function parseRateLines(input: unknown): { ok: true; lines: RateLine[] } | { ok: false; issues: { path: string; key: string }[] } {
  const r = RateLinesSchema.safeParse(input);
  if (r.success) return { ok: true, lines: r.data.map((l, i) => ({ ...l, id: l.id ?? i + 1 })) as RateLine[] };
  return { ok: false, issues: r.error.issues.map((i) => ({ path: i.path.map(String).join('.'), key: i.message })) };
}
