/**
 * Settlement rules (issue 15), pure: the statement's period (natural month, or up to a cut-off day),
 * the statement, invoice and paper-receipt state machines, the tax in a tax-included amount and the
 * aging buckets. Money is exact (decimal.js), half-up to the cent.
 */
import Decimal from 'decimal.js';

export const STATEMENT_STATUSES = ['DRAFT', 'SENT', 'DISPUTED', 'ADJUSTED', 'CONFIRMED', 'INVOICED', 'SETTLED', 'VOID'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** The user actions on a statement and the statuses each starts from (INVOICED and SETTLED follow invoices and payments). */
export const STATEMENT_ACTION_FROM = {
  send: ['DRAFT'],
  confirm: ['SENT', 'ADJUSTED'],
  dispute: ['SENT', 'ADJUSTED'],
  resolve: ['DISPUTED'],
  void: ['DRAFT', 'SENT', 'DISPUTED', 'ADJUSTED', 'CONFIRMED'],
  removeLines: ['DRAFT'],
  /** the carrier's claim checked against a payable statement (three-way check) */
  threeWay: ['SENT', 'ADJUSTED'],
} as const satisfies Record<string, readonly StatementStatus[]>;
export type StatementAction = keyof typeof STATEMENT_ACTION_FROM;
export const STATEMENT_ACTION_TO: Record<StatementAction, StatementStatus | null> = {
  send: 'SENT',
  confirm: 'CONFIRMED',
  dispute: 'DISPUTED',
  resolve: 'ADJUSTED',
  void: 'VOID',
  removeLines: null,
  threeWay: null,
};
/** May `action` start from `status`? */
export const statementAllows = (action: StatementAction, status: string): boolean => (STATEMENT_ACTION_FROM[action] as readonly string[]).includes(status);

export const SETTLE_EVENTS = ['REVIEW', 'SHIP', 'EPOD_SIGNED', 'EPOD_AUDITED', 'RECEIPT_RETURNED'] as const;
export type SettleEvent = (typeof SETTLE_EVENTS)[number];

export const RECEIPT_STATUSES = ['NOT_SIGNED', 'SIGNED', 'RETURNED', 'HANDED', 'LOST'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
/** Paper receipt actions (a scan) and the statuses each starts from. */
export const RECEIPT_ACTION_FROM = {
  SIGN: ['NOT_SIGNED'],
  RETURN: ['NOT_SIGNED', 'SIGNED'],
  HAND: ['RETURNED'],
  LOST: ['NOT_SIGNED', 'SIGNED', 'RETURNED'],
} as const satisfies Record<string, readonly ReceiptStatus[]>;
export type ReceiptAction = keyof typeof RECEIPT_ACTION_FROM;
export const RECEIPT_ACTION_TO: Record<ReceiptAction, ReceiptStatus> = { SIGN: 'SIGNED', RETURN: 'RETURNED', HAND: 'HANDED', LOST: 'LOST' };

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;
const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The days of a period 'YYYY-MM': the natural month, or with a cut-off day D (1–28) the day after D of the
 * month before up to D of this month (the statement of March with cut-off 25 covers 26 February – 25 March).
 */
export function periodRange(period: string, cutOffDay?: number | null): { from: string; to: string } {
  const m = PERIOD.exec(period);
  if (!m) throw new Error(`not a period: ${period}`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  if (!cutOffDay) return { from: iso(y, mo, 1), to: iso(y, mo, lastDay(y, mo)) };
  const [py, pm] = mo === 1 ? [y - 1, 12] : [y, mo - 1];
  return { from: iso(py, pm, cutOffDay + 1), to: iso(y, mo, cutOffDay) };
}
export const isPeriod = (s: string) => PERIOD.test(s);

/** The tax contained in a tax-included amount at `ratePct` percent, half-up to the cent. */
export function taxIncluded(amount: Decimal.Value, ratePct: Decimal.Value): string {
  const a = new Decimal(amount);
  const r = new Decimal(ratePct);
  return a.times(r).dividedBy(r.plus(100)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** Sum of decimal texts, exact, as text with 2 places. */
export const sumMoney = (values: Decimal.Value[]): string => values.reduce<Decimal>((s, v) => s.plus(v), new Decimal(0)).toFixed(2);

export const AGING_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'd90plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
/** The bucket of an amount outstanding `days` days. */
export const agingBucket = (days: number): AgingBucket => (days <= 30 ? 'd0_30' : days <= 60 ? 'd31_60' : days <= 90 ? 'd61_90' : 'd90plus');

/**
 * How an invoice's written-off amount is shared by the statements it covers: in the order of its
 * allocations, each filled up to its allocated amount before the next one gets anything.
 */
export function shareWrittenOff(writtenOff: Decimal.Value, allocations: Decimal.Value[]): string[] {
  let left = new Decimal(writtenOff);
  return allocations.map((a) => {
    const take = Decimal.min(left, a);
    left = left.minus(take);
    return Decimal.max(take, 0).toFixed(2);
  });
}

// ---------------------------------------------------------------------------
// Three-way check (payables): the carrier's claimed amounts against our rated lines

/** A charge line of the statement as the check sees it: its codes, our amount (with its accepted adjustments) and its contract's tolerance. */
export interface ClaimLine {
  id: number;
  waybillCode: string | null;
  dispatchOrderCode: string | null;
  chargeTypeCode: string | null;
  /** our amount: the line's amount plus the adjustment lines of its accepted disputes */
  amount: string;
  /** the tolerance of the line's contract (settlement terms): percent of our amount, and / or an absolute amount */
  tolerancePct: string | null;
  toleranceAmount: string | null;
}
/** One row of the carrier's statement: a waybill and / or dispatch order code, optionally a charge type, and the amount claimed. */
export interface ClaimRow {
  rowNum: number;
  waybillCode: string | null;
  dispatchOrderCode: string | null;
  chargeTypeCode: string | null;
  claim: string;
}
export interface ClaimMatch {
  row: ClaimRow;
  lineIds: number[];
  /** our amount for the row's lines */
  ours: string;
  /** claim − ours */
  diff: string;
  within: boolean;
  /** outside the tolerance: the line that carries the dispute (the row's largest line) and the amount proposed for it */
  disputeLineId: number | null;
  proposed: string | null;
}
export interface ThreeWayOutcome {
  matched: ClaimMatch[];
  /** rows naming no line of the statement (noLine), or only lines an earlier row already claimed (taken) */
  unmatched: { row: ClaimRow; reason: 'noLine' | 'taken' }[];
  /** lines no row claims */
  missing: ClaimLine[];
}

/**
 * Is the carrier's claim within the tolerance of our amount? The tolerance is met when the difference
 * |claim − ours| is at most `pct` percent of |ours| OR at most `amount` (either suffices: 2 % and 50.00 accept
 * 40.00 off 1000.00 and 50.00 off 100.00). Neither set: the amounts must be equal.
 */
export function withinTolerance(ours: Decimal.Value, claim: Decimal.Value, pct: Decimal.Value | null, amount: Decimal.Value | null): boolean {
  const diff = new Decimal(claim).minus(ours).abs();
  if (diff.isZero()) return true;
  if (pct !== null && diff.lte(new Decimal(ours).abs().times(pct).dividedBy(100))) return true;
  return amount !== null && diff.lte(amount);
}

const norm = (s: string | null) => (s ?? '').trim().toUpperCase();
/** The strictest of the lines' tolerances: the smallest value, none when a line has none. */
const strictest = (values: (string | null)[]): string | null =>
  values.some((v) => v === null) ? null : values.reduce<Decimal | null>((m, v) => (m === null || new Decimal(v!).lt(m) ? new Decimal(v!) : m), null)?.toString() ?? null;

/**
 * Matches the carrier's rows to the statement's charge lines and compares the amounts. A row claims the lines
 * of its waybill and / or dispatch order (both when both are given), of its charge type when given, that no
 * earlier row claimed; their sum is compared with the claim under the strictest tolerance of their contracts.
 * A difference outside it is disputed on the row's largest line (first by id on a tie): proposed = that line's
 * amount + (claim − ours). Codes compare trimmed, case-insensitively.
 */
export function threeWayCheck(lines: ClaimLine[], rows: ClaimRow[]): ThreeWayOutcome {
  const taken = new Set<number>();
  const out: ThreeWayOutcome = { matched: [], unmatched: [], missing: [] };
  for (const row of rows) {
    const [w, d, c] = [norm(row.waybillCode), norm(row.dispatchOrderCode), norm(row.chargeTypeCode)];
    const named = lines.filter((l) => (!w || norm(l.waybillCode) === w) && (!d || norm(l.dispatchOrderCode) === d) && (!c || norm(l.chargeTypeCode) === c) && (w || d));
    const mine = named.filter((l) => !taken.has(l.id));
    if (!mine.length) {
      out.unmatched.push({ row, reason: named.length ? 'taken' : 'noLine' });
      continue;
    }
    for (const l of mine) taken.add(l.id);
    const ours = mine.reduce((s, l) => s.plus(l.amount), new Decimal(0));
    const diff = new Decimal(row.claim).minus(ours);
    const within = withinTolerance(ours, row.claim, strictest(mine.map((l) => l.tolerancePct)), strictest(mine.map((l) => l.toleranceAmount)));
    const carrier = within ? null : mine.reduce((a, b) => (new Decimal(b.amount).gt(a.amount) ? b : a));
    out.matched.push({
      row, lineIds: mine.map((l) => l.id), ours: ours.toFixed(2), diff: diff.toFixed(2), within,
      disputeLineId: carrier ? carrier.id : null, proposed: carrier ? new Decimal(carrier.amount).plus(diff).toFixed(2) : null,
    });
  }
  out.missing = lines.filter((l) => !taken.has(l.id));
  return out;
}
