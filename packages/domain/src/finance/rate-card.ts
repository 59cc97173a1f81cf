/**
 * Validation of a rate card (issue 14): the rules a card must keep for rating to be well defined. Each
 * refusal names its field (a path such as `lines.2.tiers.1.from`) and a translated message key.
 *   - a price, amount, quantity or step is never negative;
 *   - breaks start at 0, each starts where the previous ends (no gap, no overlap), ends above where it
 *     starts, and only the last (which must be) is open-ended;
 *   - minimum ≤ maximum; a line has a price (unit price, breaks or first / additional weight);
 *   - a lane end other than "any" names its station, district, city, province or zone;
 *   - a percentage basis (of the freight, of the declared value) takes a plain unit price (the percentage);
 *   - a period ends on or after it starts;
 *   - two lines of a card may not claim the same charge type on the same lane in overlapping periods
 *     (a line without a period covers every date): rating would have no most specific line to pick.
 */
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { isPercentBasis, LANE_LEVELS, RATE_BASES, TIER_MODES, type LaneEnd, type Num, type RateLine, type Tier } from './rating.ts';

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
    freeQty: optNonNegative,
    vehicleTypeId: z.number().int().positive().nullish(),
    validFrom: z.iso.date({ error: 'validation.date' }).nullish(),
    validTo: z.iso.date({ error: 'validation.date' }).nullish(),
  })
  .superRefine((line, ctx) => {
    if (line.validFrom && line.validTo && line.validTo < line.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'validation.validTo' });
    if (isPercentBasis(line.basis) && (line.tiers?.length || line.firstAdditional))
      ctx.addIssue({ code: 'custom', path: [line.tiers?.length ? 'tiers' : 'firstAdditional'], message: 'validation.percentPlain' });
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

/** The identity of the lane a line claims for its charge type (and vehicle type). */
export const laneKey = (l: { chargeType: string; from: { level: string; refId?: number | null }; to: { level: string; refId?: number | null }; vehicleTypeId?: number | null }) =>
  [l.chargeType, l.from.level, l.from.level === 'ANY' ? '' : (l.from.refId ?? ''), l.to.level, l.to.level === 'ANY' ? '' : (l.to.refId ?? ''), l.vehicleTypeId ?? ''].join('|');

/** Whether two lines' periods share a date (no bound = open on that side). */
export const periodsOverlap = (a: { validFrom?: string | null; validTo?: string | null }, b: { validFrom?: string | null; validTo?: string | null }): boolean =>
  (!a.validFrom || !b.validTo || String(a.validFrom).slice(0, 10) <= String(b.validTo).slice(0, 10)) && (!b.validFrom || !a.validTo || String(b.validFrom).slice(0, 10) <= String(a.validTo).slice(0, 10));

/** Lines of one card: each valid, no two claiming the same charge type on the same lane in overlapping periods (the later one is named). */
export const RateLinesSchema = z.array(RateLineSchema).superRefine((lines, ctx) => {
  lines.forEach((l, i) => {
    const k = laneKey(l);
    const clash = lines.findIndex((o, j) => j < i && laneKey(o) === k && periodsOverlap(o, l));
    if (clash >= 0) ctx.addIssue({ code: 'custom', path: [i, 'from'], message: 'validation.duplicateLane', params: { line: clash + 1 } });
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

// ---------------------------------------------------------------------------
// A rate line as stored (the `rateLine` resource) ↔ the engine's shape

const BREAK = /^\s*(\d{1,9}(?:\.\d{1,3})?)\s*-\s*(\d{1,9}(?:\.\d{1,3})?)?\s*:\s*(\d{1,10}(?:\.\d{1,4})?)\s*(flat|f|整票|整票价)?\s*$/i;

/** `0-100:50 flat; 100-1000:0.6; 1000-:0.55` → breaks (an empty upper bound is open; `flat` = a flat amount, else per unit). */
export function parseBreaks(text: string | null | undefined): Tier[] | null {
  if (!text || !text.trim()) return [];
  const out: Tier[] = [];
  for (const part of text.split(/[;；\n]/).filter((p) => p.trim())) {
    const m = BREAK.exec(part);
    if (!m) return null;
    out.push({ from: m[1]!, to: m[2] ?? null, mode: m[4] ? 'FLAT' : 'UNIT', price: m[3]! });
  }
  return out;
}
export const formatBreaks = (tiers: Tier[]): string => tiers.map((t) => `${t.from}-${t.to ?? ''}:${t.price}${t.mode === 'FLAT' ? ' flat' : ''}`).join('; ');

/** A stored rate line (API field names; decimals as numbers or text). */
export interface StoredRateLine {
  id?: number;
  chargeTypeCode: string;
  basis: string;
  fromStationId?: number | null;
  fromDistrictId?: number | null;
  fromZoneId?: number | null;
  toStationId?: number | null;
  toDistrictId?: number | null;
  toZoneId?: number | null;
  unitPrice?: Num | null;
  breaks?: string | null;
  firstQty?: Num | null;
  firstPrice?: Num | null;
  addStep?: Num | null;
  addPrice?: Num | null;
  minAmount?: Num | null;
  maxAmount?: Num | null;
  roundingStep?: Num | null;
  freeQty?: Num | null;
  vehicleTypeId?: number | null;
  validFrom?: string | null;
  validTo?: string | null;
}

/** District depth → lane level (1 province, 2 city, 3 and below district / county). */
export const districtLevel = (depth: number): 'PROVINCE' | 'CITY' | 'DISTRICT' => (depth <= 1 ? 'PROVINCE' : depth === 2 ? 'CITY' : 'DISTRICT');

function laneEnd(station: number | null | undefined, district: number | null | undefined, zone: number | null | undefined, depthOf: (districtId: number) => number): LaneEnd | 'several' {
  const set = [station, district, zone].filter((v) => v !== null && v !== undefined).length;
  if (set > 1) return 'several';
  if (station) return { level: 'STATION', refId: station };
  if (district) return { level: districtLevel(depthOf(district)), refId: district };
  if (zone) return { level: 'ZONE', refId: zone };
  return { level: 'ANY' };
}

const setNum = (v: Num | null | undefined) => v !== null && v !== undefined && v !== '';

/**
 * The engine's rate line of a stored one, or the refused fields (API field name → message key):
 * a lane end naming more than one place, unreadable breaks, and every rule of RateLineSchema mapped back
 * to the field the user typed (breaks, unitPrice, firstQty, …). `others` are the contract's other lines:
 * one claiming the same charge type on the same lane refuses this one.
 */
export function storedRateLine(s: StoredRateLine, depthOf: (districtId: number) => number, others: StoredRateLine[] = []): { line: RateLine } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const from = laneEnd(s.fromStationId, s.fromDistrictId, s.fromZoneId, depthOf);
  const to = laneEnd(s.toStationId, s.toDistrictId, s.toZoneId, depthOf);
  if (from === 'several') errors.fromStationId = 'validation.laneOneOf';
  if (to === 'several') errors.toStationId = 'validation.laneOneOf';
  const tiers = parseBreaks(s.breaks);
  if (tiers === null) errors.breaks = 'validation.breaks';
  const fa = [s.firstQty, s.firstPrice, s.addStep, s.addPrice];
  if (fa.some(setNum) && !fa.every(setNum)) for (const k of ['firstQty', 'firstPrice', 'addStep', 'addPrice'] as const) if (!setNum(s[k])) errors[k] = 'validation.required';
  if (Object.keys(errors).length) return { errors };
  const candidate = {
    id: s.id,
    chargeType: s.chargeTypeCode,
    basis: s.basis,
    from: from as LaneEnd,
    to: to as LaneEnd,
    unitPrice: s.unitPrice ?? null,
    tiers: tiers!.length ? tiers : null,
    firstAdditional: fa.every(setNum) ? { firstQty: s.firstQty!, firstPrice: s.firstPrice!, addStep: s.addStep!, addPrice: s.addPrice! } : null,
    minAmount: s.minAmount ?? null,
    maxAmount: s.maxAmount ?? null,
    roundingStep: s.roundingStep ?? null,
    freeQty: s.freeQty ?? null,
    vehicleTypeId: s.vehicleTypeId ? Number(s.vehicleTypeId) : null,
    validFrom: s.validFrom ? String(s.validFrom).slice(0, 10) : null,
    validTo: s.validTo ? String(s.validTo).slice(0, 10) : null,
  };
  const r = RateLineSchema.safeParse(candidate);
  if (!r.success) {
    for (const issue of r.error.issues) {
      const [head, , sub] = issue.path.map(String);
      const field = head === 'tiers' ? 'breaks' : head === 'firstAdditional' ? (sub ?? 'firstQty') : head === 'from' ? 'fromStationId' : head === 'to' ? 'toStationId' : (head ?? 'unitPrice');
      errors[field === 'firstAdditional' ? 'firstQty' : field] ??= issue.message.includes('.') ? issue.message : 'validation.invalid';
    }
    return { errors };
  }
  const key = laneKey(candidate);
  for (const o of others) {
    if (o.id !== undefined && o.id === s.id) continue;
    const of = laneEnd(o.fromStationId, o.fromDistrictId, o.fromZoneId, depthOf), ot = laneEnd(o.toStationId, o.toDistrictId, o.toZoneId, depthOf);
    if (of === 'several' || ot === 'several') continue;
    if (laneKey({ chargeType: o.chargeTypeCode, from: of, to: ot, vehicleTypeId: o.vehicleTypeId ? Number(o.vehicleTypeId) : null }) === key && periodsOverlap(o, candidate))
      return { errors: { [candidate.validFrom || candidate.validTo ? 'validFrom' : 'fromStationId']: 'validation.duplicateLane' } };
  }
  return { line: { ...candidate, id: s.id ?? 0, basis: candidate.basis as RateLine['basis'] } };
}
