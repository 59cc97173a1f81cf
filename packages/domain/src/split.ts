/**
 * Splitting a waybill (domain.md "Waybill": split): the arithmetic, shared by the server (which
 * writes it) and the web (whose split modal previews the same two parts).
 *
 * Rules:
 * - per line, a split quantity `splitNum`, a whole number from 0 to the line's quantity;
 * - at least one line has splitNum > 0, and the original keeps something: moving every line whole
 *   is refused (a whole line may move as long as another line keeps some quantity);
 * - weight and volume (3 decimals) and cases, pallets, other (whole numbers) follow the quantity in
 *   proportion, rounded half up in their own unit, and the original keeps the rest — so for every line
 *   and every measure, original + split = before, exactly. The real (loaded) values split the same way.
 * - weight and volume of the part may be given explicitly (0..the line's value, 3 decimals); a line
 *   moved whole takes all of it, a line with splitNum 0 takes nothing.
 */

/** What a split divides, per line. Real values are null until loading is recorded. */
export interface SplitMeasures {
  quantity: number;
  weight: number;
  volume: number;
  cases: number;
  pallets: number;
  other: number;
  realWeight: number | null;
  realVolume: number | null;
  realQuantity: number | null;
  realCases: number | null;
  realPallets: number | null;
  realOther: number | null;
}

export interface SplitLineInput extends SplitMeasures {
  id: number;
}

/** The user's choice for one line. */
export interface SplitChoice {
  lineId: number;
  splitNum: number;
  weight?: number | null;
  volume?: number | null;
}

export interface SplitLineResult {
  lineId: number;
  splitNum: number;
  /** what the original waybill keeps of the line */
  keep: SplitMeasures;
  /** what the new waybill takes */
  moved: SplitMeasures;
}

export interface SplitTotals {
  weight: number;
  volume: number;
  quantity: number;
  cases: number;
  pallets: number;
  other: number;
}

export interface SplitPlan {
  lines: SplitLineResult[];
  keep: SplitTotals;
  moved: SplitTotals;
}

/** A reason a split is refused; `lineId` / `field` say where (shown under that input). */
export interface SplitProblem {
  key: string;
  lineId?: number;
  field?: 'splitNum' | 'weight' | 'volume';
  params?: Record<string, unknown>;
}

export type SplitOutcome = { ok: true; plan: SplitPlan } | { ok: false; problems: SplitProblem[] };

/** Measures kept to 3 decimals (numeric(14,3)); the others are whole numbers. */
const DECIMAL = new Set<keyof SplitMeasures>(['weight', 'volume', 'realWeight', 'realVolume']);
export const SPLIT_MEASURES: (keyof SplitMeasures)[] = [
  'quantity', 'weight', 'volume', 'cases', 'pallets', 'other',
  'realWeight', 'realVolume', 'realQuantity', 'realCases', 'realPallets', 'realOther',
];
const TOTAL_KEYS: (keyof SplitTotals)[] = ['weight', 'volume', 'quantity', 'cases', 'pallets', 'other'];

/** A value in its smallest unit (thousandths for decimals), as an exact integer. */
export function unitsOf(key: keyof SplitMeasures, v: number): number {
  return Math.round(DECIMAL.has(key) ? v * 1000 : v);
}
function fromUnits(key: keyof SplitMeasures, units: number): number {
  return DECIMAL.has(key) ? units / 1000 : units;
}

/** round(units × num / den), half up, exact for any safe integers (BigInt: no float error on the product). */
export function proportion(units: number, num: number, den: number): number {
  if (den === 0 || num === 0) return 0;
  if (num === den) return units;
  const sign = units < 0 ? -1n : 1n;
  const u = BigInt(Math.abs(units));
  const q = (u * BigInt(num) * 2n + BigInt(den)) / (BigInt(den) * 2n);
  return Number(sign * q);
}

function part(line: SplitLineInput, choice: SplitChoice): { keep: SplitMeasures; moved: SplitMeasures } {
  const keep = {} as SplitMeasures;
  const moved = {} as SplitMeasures;
  for (const k of SPLIT_MEASURES) {
    const total = line[k];
    if (total === null || total === undefined) {
      (keep[k] as number | null) = null;
      (moved[k] as number | null) = null;
      continue;
    }
    const units = unitsOf(k, total);
    let m: number;
    if (k === 'quantity') m = choice.splitNum;
    else if ((k === 'weight' || k === 'volume') && choice[k] !== undefined && choice[k] !== null) m = unitsOf(k, choice[k]!);
    else m = proportion(units, choice.splitNum, line.quantity);
    moved[k] = fromUnits(k, m);
    keep[k] = fromUnits(k, units - m);
  }
  return { keep, moved };
}

function totals(parts: SplitMeasures[]): SplitTotals {
  const out = {} as SplitTotals;
  for (const k of TOTAL_KEYS) out[k] = fromUnits(k, parts.reduce((s, p) => s + unitsOf(k, p[k]), 0));
  return out;
}

function checkChoice(line: SplitLineInput, c: SplitChoice): SplitProblem[] {
  const out: SplitProblem[] = [];
  const max = Math.max(0, line.quantity);
  if (!Number.isSafeInteger(c.splitNum) || c.splitNum < 0 || c.splitNum > max) {
    out.push({ key: 'messages.waybill.splitNumRange', lineId: line.id, field: 'splitNum', params: { max } });
    return out;
  }
  for (const k of ['weight', 'volume'] as const) {
    const v = c[k];
    if (v === undefined || v === null) continue;
    const whole = unitsOf(k, line[k]);
    const given = unitsOf(k, v);
    // the part takes nothing of a line it does not split, and all of a line it moves whole
    const fixed = c.splitNum === 0 ? 0 : c.splitNum === max ? whole : null;
    const bad = !Number.isFinite(v) || given < 0 || given > whole || Math.abs(v * 1000 - given) > 1e-6 * Math.max(1, given) || (fixed !== null && given !== fixed);
    if (bad) out.push({ key: fixed === null ? 'messages.waybill.splitMeasureRange' : 'messages.waybill.splitMeasureFixed', lineId: line.id, field: k, params: { max: line[k], value: fromUnits(k, fixed ?? 0) } });
  }
  return out;
}

/**
 * The two parts of a split, or why it is refused. Lines without a choice keep everything;
 * a choice for a line that is not on the waybill (or twice for one line) is refused.
 */
export function planSplit(lines: SplitLineInput[], choices: SplitChoice[]): SplitOutcome {
  const problems: SplitProblem[] = [];
  const byLine = new Map<number, SplitChoice>();
  const ids = new Set(lines.map((l) => l.id));
  for (const c of choices) {
    if (!ids.has(c.lineId) || byLine.has(c.lineId)) problems.push({ key: 'messages.waybill.splitLineUnknown', lineId: c.lineId, params: { lineId: c.lineId } });
    else byLine.set(c.lineId, c);
  }
  for (const l of lines) {
    const c = byLine.get(l.id);
    if (c) problems.push(...checkChoice(l, c));
  }
  if (problems.length) return { ok: false, problems };
  const results = lines.map((l) => {
    const c = byLine.get(l.id) ?? { lineId: l.id, splitNum: 0 };
    return { lineId: l.id, splitNum: c.splitNum, ...part(l, c) };
  });
  if (!results.some((r) => r.splitNum > 0)) return { ok: false, problems: [{ key: 'messages.waybill.splitNothing' }] };
  if (results.every((r) => r.keep.quantity <= 0)) return { ok: false, problems: [{ key: 'messages.waybill.splitAll' }] };
  return { ok: true, plan: { lines: results, keep: totals(results.map((r) => r.keep)), moved: totals(results.map((r) => r.moved)) } };
}
