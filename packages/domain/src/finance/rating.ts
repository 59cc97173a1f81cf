/**
 * The rating engine (issue 14): a rate card and the quantities of a movement in, the charge lines and a
 * structured trace of how each was reached out. Pure: no database, no clock, no language (the trace is
 * data; the server renders it in the caller's language).
 *
 * Money is exact (decimal.js); each charge line is rounded half-up to 0.01 and the total is the sum of the
 * rounded lines, so what a user sees adds up.
 */
import { Decimal } from 'decimal.js';

/** A decimal input: a number or its text (numeric columns arrive as text from PostgreSQL). */
export type Num = number | string;

/**
 * What a line prices. PCT_FREIGHT: a percentage of the freight charge (FREIGHT) of the same rating (a fuel
 * surcharge); PCT_VALUE: a percentage of the declared value (insurance); HOUR: per hour (waiting, after the
 * line's free time). On the percentage bases the unit price is the percentage.
 */
export const RATE_BASES = ['KG', 'TONNE', 'M3', 'PIECE', 'PALLET', 'TRIP', 'KM', 'STOP', 'PCT_FREIGHT', 'PCT_VALUE', 'HOUR'] as const;
export type RateBasis = (typeof RATE_BASES)[number];
/** The bases priced as a percentage of their quantity (plain unit price only: no breaks, no first / additional weight). */
export const PERCENT_BASES: readonly RateBasis[] = ['PCT_FREIGHT', 'PCT_VALUE'];
export const isPercentBasis = (b: string): boolean => (PERCENT_BASES as readonly string[]).includes(b);
/** The charge type whose amount the PCT_FREIGHT lines take a percentage of. */
export const FREIGHT_CHARGE = 'FREIGHT';

/** Lane end levels, most specific first: station > district (county) > city > province > zone > any. */
export const LANE_LEVELS = ['STATION', 'DISTRICT', 'CITY', 'PROVINCE', 'ZONE', 'ANY'] as const;
export type LaneLevel = (typeof LANE_LEVELS)[number];
/** 5 for a station … 0 for any. */
export const laneRank = (level: LaneLevel): number => LANE_LEVELS.length - 1 - LANE_LEVELS.indexOf(level);

export const TIER_MODES = ['UNIT', 'FLAT'] as const;
export type TierMode = (typeof TIER_MODES)[number];

export interface LaneEnd {
  level: LaneLevel;
  /** the station, district, city, province or zone id; none for ANY */
  refId?: number | null;
}

/** A weight or volume break: the whole quantity in [from, to) is priced per unit (UNIT) or at a flat amount (FLAT). `to` null = open. */
export interface Tier {
  from: Num;
  to: Num | null;
  mode: TierMode;
  price: Num;
}

/** 首重 / 续重: the first `firstQty` units cost `firstPrice`; each started `addStep` beyond costs `addPrice`. */
export interface FirstAdditional {
  firstQty: Num;
  firstPrice: Num;
  addStep: Num;
  addPrice: Num;
}

export interface RateLine {
  id: number;
  chargeType: string;
  from: LaneEnd;
  to: LaneEnd;
  basis: RateBasis;
  /** the plain price per unit of the basis, when there are neither tiers nor first / additional weight */
  unitPrice?: Num | null;
  tiers?: Tier[] | null;
  firstAdditional?: FirstAdditional | null;
  minAmount?: Num | null;
  maxAmount?: Num | null;
  /** the basis quantity is rounded up to a multiple of this (0.5 kg, 1 kg, 0.1 m³); none = as measured */
  roundingStep?: Num | null;
  /** the vehicle type the line is limited to (the dispatch order's main vehicle); none = any vehicle */
  vehicleTypeId?: number | null;
  /** deducted from the basis quantity before rounding and pricing (the free waiting time, in hours) */
  freeQty?: Num | null;
  /** the period the line applies in (ISO dates, both included; none = always): a fuel surcharge per period */
  validFrom?: string | null;
  validTo?: string | null;
}

export interface RateCard {
  contractId: number;
  contractCode: string;
  version: number;
  currency: string;
  lines: RateLine[];
}

/** The quantities of what is rated (a waybill, an order, a quote). Weight in kg, volume in m³. */
export interface Quantities {
  weightKg?: Num;
  volumeM3?: Num;
  pieces?: Num;
  pallets?: Num;
  km?: Num;
  stops?: Num;
  trips?: Num;
  /** the declared value of the goods (PCT_VALUE) */
  declaredValue?: Num;
  /** hours waited (HOUR) */
  hours?: Num;
  /** the freight charge of the same rating (PCT_FREIGHT); filled in by rateMovement */
  freight?: Num;
}

/** Where a movement starts or ends, at every level a lane may name (unknown levels null). */
export interface LanePoint {
  stationId?: number | null;
  districtId?: number | null;
  cityId?: number | null;
  provinceId?: number | null;
  zoneId?: number | null;
}

export interface Movement {
  from: LanePoint;
  to: LanePoint;
  quantities: Quantities;
  /** the date rated on (ISO; the order date): lines with a period apply only within it; none = every line */
  date?: string | null;
  /** the type of the vehicle moving it (the dispatch order's main vehicle), when known */
  vehicleTypeId?: number | null;
}

export type Formula =
  | { kind: 'UNIT'; quantity: string; price: string }
  | { kind: 'TIER_UNIT'; quantity: string; price: string }
  | { kind: 'TIER_FLAT'; price: string }
  | { kind: 'FIRST_ADDITIONAL'; firstQty: string; firstPrice: string; extraQty: string; addStep: string; steps: number; addPrice: string }
  | { kind: 'PERCENT'; base: string; percent: string };

export interface ChargeTrace {
  contractId: number;
  contractCode: string;
  contractVersion: number;
  rateLineId: number;
  chargeType: string;
  lane: { from: LaneEnd; to: LaneEnd };
  /** why this line: its specificity (origin rank + destination rank) against the other matching lines of the charge type */
  chosen: { specificity: number; fromRank: number; toRank: number; candidates: { rateLineId: number; specificity: number }[] };
  basis: RateBasis;
  quantity: string;
  /** the free quantity deducted before rounding (null: none) */
  freeQty: string | null;
  /** the vehicle type the line is limited to (null: any vehicle) */
  vehicleTypeId: number | null;
  /** the line's period when it has one */
  period: { from: string | null; to: string | null } | null;
  roundingStep: string | null;
  roundedQuantity: string;
  tier: { index: number; from: string; to: string | null; mode: TierMode; price: string } | null;
  formula: Formula;
  /** before min / max and rounding to the cent */
  computed: string;
  limit: { applied: 'MIN' | 'MAX'; value: string } | null;
  amount: string;
  /** a re-rating difference of a charge already stated (source RERATE): the statement, the amount stated and the amount after */
  rerate?: { statementId: number | null; statementCode: string | null; before: string; after: string };
}

export interface ChargeLine {
  chargeType: string;
  rateLineId: number;
  currency: string;
  amount: string;
  trace: ChargeTrace;
}

export interface RatingResult {
  contractId: number;
  contractVersion: number;
  currency: string;
  charges: ChargeLine[];
  /** sum of the rounded charge lines */
  total: string;
}

const setNum = (v: Num | null | undefined): v is Num => v !== null && v !== undefined && v !== '';
const D = (v: Num | null | undefined): Decimal => new Decimal(v === null || v === undefined || v === '' ? 0 : v);
const text = (d: Decimal) => d.toString();
/** Half-up to the cent (decimal.js ROUND_HALF_UP rounds away from zero on a tie). */
export const toCents = (d: Decimal): Decimal => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const money = (d: Decimal) => toCents(d).toFixed(2);

/** The id a lane point has at a level (ANY matches everything). */
function pointId(p: LanePoint, level: LaneLevel): number | null | undefined {
  switch (level) {
    case 'STATION': return p.stationId;
    case 'DISTRICT': return p.districtId;
    case 'CITY': return p.cityId;
    case 'PROVINCE': return p.provinceId;
    case 'ZONE': return p.zoneId;
    case 'ANY': return undefined;
  }
}
export function laneEndMatches(end: LaneEnd, p: LanePoint): boolean {
  if (end.level === 'ANY') return true;
  const id = pointId(p, end.level);
  return id !== null && id !== undefined && end.refId !== null && end.refId !== undefined && Number(id) === Number(end.refId);
}

/**
 * Orders matching lines most specific first: higher origin + destination rank, then the more specific
 * destination, then a line for the vehicle's type before one for any vehicle, then the lower id.
 */
export function compareSpecificity(a: RateLine, b: RateLine): number {
  const sa = laneRank(a.from.level) + laneRank(a.to.level);
  const sb = laneRank(b.from.level) + laneRank(b.to.level);
  if (sa !== sb) return sb - sa;
  const ta = laneRank(a.to.level), tb = laneRank(b.to.level);
  if (ta !== tb) return tb - ta;
  const va = a.vehicleTypeId ? 1 : 0, vb = b.vehicleTypeId ? 1 : 0;
  if (va !== vb) return vb - va;
  return a.id - b.id;
}

/** Whether a line serves the movement's vehicle (a line without a vehicle type serves every vehicle). */
export const vehicleMatches = (line: Pick<RateLine, 'vehicleTypeId'>, vehicleTypeId: number | null | undefined): boolean =>
  !line.vehicleTypeId || (!!vehicleTypeId && Number(line.vehicleTypeId) === Number(vehicleTypeId));

export function basisQuantity(basis: RateBasis, q: Quantities): Decimal {
  switch (basis) {
    case 'KG': return D(q.weightKg);
    case 'TONNE': return D(q.weightKg).div(1000);
    case 'M3': return D(q.volumeM3);
    case 'PIECE': return D(q.pieces);
    case 'PALLET': return D(q.pallets);
    case 'TRIP': return q.trips === undefined ? new Decimal(1) : D(q.trips);
    case 'KM': return D(q.km);
    case 'STOP': return D(q.stops);
    case 'PCT_FREIGHT': return D(q.freight);
    case 'PCT_VALUE': return D(q.declaredValue);
    case 'HOUR': return D(q.hours);
  }
}

/** Whether a line applies on a date (a line without a period always does; no date: every line). */
export function inPeriod(line: Pick<RateLine, 'validFrom' | 'validTo'>, date: string | null | undefined): boolean {
  if (!date) return true;
  const d = date.slice(0, 10);
  return (!line.validFrom || line.validFrom.slice(0, 10) <= d) && (!line.validTo || line.validTo.slice(0, 10) >= d);
}

/** Rounds up to a multiple of the step (none or 0 = unchanged). */
export function roundUpTo(q: Decimal, step: Num | null | undefined): Decimal {
  const s = D(step);
  if (s.lte(0)) return q;
  return q.div(s).ceil().mul(s);
}

/** The tier the quantity falls in: from ≤ q < to (the last tier open, or the last one when beyond). */
export function tierOf(tiers: Tier[], q: Decimal): number {
  for (let i = 0; i < tiers.length; i++) {
    const t = tiers[i]!;
    if (q.gte(D(t.from)) && (t.to === null || t.to === undefined || q.lt(D(t.to)))) return i;
  }
  return q.lt(D(tiers[0]?.from)) ? 0 : tiers.length - 1;
}

/** Prices one rate line for a quantity set (no lane matching): the charge line with its trace. */
export function rateLine(card: RateCard, line: RateLine, quantities: Quantities, candidates: RateLine[] = [line]): ChargeLine {
  const raw = basisQuantity(line.basis, quantities);
  const free = setNum(line.freeQty) && D(line.freeQty).gt(0) ? D(line.freeQty) : null;
  const q = roundUpTo(free ? Decimal.max(0, raw.minus(free)) : raw, line.roundingStep);
  let computed: Decimal;
  let formula: Formula;
  let tier: ChargeTrace['tier'] = null;
  if (line.firstAdditional) {
    const fa = line.firstAdditional;
    const extra = Decimal.max(0, q.minus(D(fa.firstQty)));
    const step = D(fa.addStep);
    const steps = step.gt(0) ? extra.div(step).ceil().toNumber() : 0;
    computed = D(fa.firstPrice).plus(D(fa.addPrice).mul(steps));
    formula = { kind: 'FIRST_ADDITIONAL', firstQty: text(D(fa.firstQty)), firstPrice: text(D(fa.firstPrice)), extraQty: text(extra), addStep: text(step), steps, addPrice: text(D(fa.addPrice)) };
  } else if (line.tiers && line.tiers.length) {
    const i = tierOf(line.tiers, q);
    const t = line.tiers[i]!;
    tier = { index: i, from: text(D(t.from)), to: t.to === null || t.to === undefined ? null : text(D(t.to)), mode: t.mode, price: text(D(t.price)) };
    if (t.mode === 'FLAT') {
      computed = D(t.price);
      formula = { kind: 'TIER_FLAT', price: text(D(t.price)) };
    } else {
      computed = q.mul(D(t.price));
      formula = { kind: 'TIER_UNIT', quantity: text(q), price: text(D(t.price)) };
    }
  } else if (isPercentBasis(line.basis)) {
    computed = q.mul(D(line.unitPrice)).div(100);
    formula = { kind: 'PERCENT', base: text(q), percent: text(D(line.unitPrice)) };
  } else {
    computed = q.mul(D(line.unitPrice));
    formula = { kind: 'UNIT', quantity: text(q), price: text(D(line.unitPrice)) };
  }
  let amount = computed;
  let limit: ChargeTrace['limit'] = null;
  if (line.minAmount !== null && line.minAmount !== undefined && amount.lt(D(line.minAmount))) {
    amount = D(line.minAmount);
    limit = { applied: 'MIN', value: text(amount) };
  }
  if (line.maxAmount !== null && line.maxAmount !== undefined && amount.gt(D(line.maxAmount))) {
    amount = D(line.maxAmount);
    limit = { applied: 'MAX', value: text(amount) };
  }
  const fromRank = laneRank(line.from.level), toRank = laneRank(line.to.level);
  const trace: ChargeTrace = {
    contractId: card.contractId,
    contractCode: card.contractCode,
    contractVersion: card.version,
    rateLineId: line.id,
    chargeType: line.chargeType,
    lane: { from: line.from, to: line.to },
    chosen: { specificity: fromRank + toRank, fromRank, toRank, candidates: candidates.map((c) => ({ rateLineId: c.id, specificity: laneRank(c.from.level) + laneRank(c.to.level) })) },
    basis: line.basis,
    quantity: text(raw),
    freeQty: free ? text(free) : null,
    vehicleTypeId: line.vehicleTypeId ? Number(line.vehicleTypeId) : null,
    period: line.validFrom || line.validTo ? { from: line.validFrom ? line.validFrom.slice(0, 10) : null, to: line.validTo ? line.validTo.slice(0, 10) : null } : null,
    roundingStep: line.roundingStep === null || line.roundingStep === undefined || D(line.roundingStep).lte(0) ? null : text(D(line.roundingStep)),
    roundedQuantity: text(q),
    tier,
    formula,
    computed: text(computed),
    limit,
    amount: money(amount),
  };
  return { chargeType: line.chargeType, rateLineId: line.id, currency: card.currency, amount: trace.amount, trace };
}

/**
 * Rates a movement against a card: for each charge type, the most specific line whose lane matches both
 * ends (and whose period holds the movement's date) prices it. The lines on a percentage of the freight
 * are priced last, on the FREIGHT charge just priced (0 when there is none). Charge types without a
 * matching line give no charge; no line at all gives no charges (the caller stores that as "no rate
 * found", never as a zero).
 */
export function rateMovement(card: RateCard, movement: Movement): RatingResult {
  const byType = new Map<string, RateLine[]>();
  for (const line of card.lines) {
    if (!laneEndMatches(line.from, movement.from) || !laneEndMatches(line.to, movement.to) || !inPeriod(line, movement.date) || !vehicleMatches(line, movement.vehicleTypeId)) continue;
    byType.set(line.chargeType, [...(byType.get(line.chargeType) ?? []), line]);
  }
  const chosen = [...byType.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, lines]) => [...lines].sort(compareSpecificity));
  const priced = new Map<RateLine[], ChargeLine>();
  for (const sorted of chosen) if (sorted[0]!.basis !== 'PCT_FREIGHT') priced.set(sorted, rateLine(card, sorted[0]!, movement.quantities, sorted));
  const freight = [...priced.values()].filter((c) => c.chargeType === FREIGHT_CHARGE).reduce((s, c) => s.plus(c.amount), new Decimal(0));
  for (const sorted of chosen) if (sorted[0]!.basis === 'PCT_FREIGHT') priced.set(sorted, rateLine(card, sorted[0]!, { ...movement.quantities, freight: text(freight) }, sorted));
  const charges = chosen.map((sorted) => priced.get(sorted)!);
  const total = charges.reduce((s, c) => s.plus(c.amount), new Decimal(0));
  return { contractId: card.contractId, contractVersion: card.version, currency: card.currency, charges, total: total.toFixed(2) };
}

// ---------------------------------------------------------------------------
// Allocation of one cost (a dispatch order's) to its parts (waybills)

export const ALLOCATION_BASES = ['WEIGHT', 'VOLUME', 'PIECES', 'DECLARED_VALUE', 'EQUAL'] as const;
export type AllocationBasis = (typeof ALLOCATION_BASES)[number];

export interface AllocationPart {
  key: number | string;
  weightKg?: Num;
  volumeM3?: Num;
  pieces?: Num;
  declaredValue?: Num;
}

function share(p: AllocationPart, basis: AllocationBasis): Decimal {
  switch (basis) {
    case 'WEIGHT': return D(p.weightKg);
    case 'VOLUME': return D(p.volumeM3);
    case 'PIECES': return D(p.pieces);
    case 'DECLARED_VALUE': return D(p.declaredValue);
    case 'EQUAL': return new Decimal(1);
  }
}

/**
 * Splits `amount` (rounded to the cent) over the parts in proportion to the basis, to the cent, summing
 * exactly (largest remainder: every part gets its floor in cents, the cents left go to the largest
 * remainders, ties to the earlier part). All shares zero (or negative) → equal parts.
 */
export function allocate(amount: Num, parts: AllocationPart[], basis: AllocationBasis): { key: number | string; amount: string }[] {
  if (!parts.length) return [];
  const cents = toCents(D(amount)).mul(100);
  const sign = cents.isNegative() ? -1 : 1;
  const total = cents.abs();
  let shares = parts.map((p) => Decimal.max(0, share(p, basis)));
  let sum = shares.reduce((s, x) => s.plus(x), new Decimal(0));
  if (sum.isZero()) {
    shares = parts.map(() => new Decimal(1));
    sum = new Decimal(parts.length);
  }
  const exact = shares.map((s) => total.mul(s).div(sum));
  const floors = exact.map((e) => e.floor());
  let left = total.minus(floors.reduce((s, x) => s.plus(x), new Decimal(0))).toNumber();
  const order = exact.map((e, i) => ({ i, rem: e.minus(floors[i]!) })).sort((a, b) => b.rem.comparedTo(a.rem) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i]!.plus(1);
    left--;
  }
  return parts.map((p, i) => ({ key: p.key, amount: floors[i]!.mul(sign).div(100).toFixed(2) }));
}
