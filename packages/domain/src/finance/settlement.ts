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
} as const satisfies Record<string, readonly StatementStatus[]>;
export type StatementAction = keyof typeof STATEMENT_ACTION_FROM;
export const STATEMENT_ACTION_TO: Record<StatementAction, StatementStatus | null> = {
  send: 'SENT',
  confirm: 'CONFIRMED',
  dispute: 'DISPUTED',
  resolve: 'ADJUSTED',
  void: 'VOID',
  removeLines: null,
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
