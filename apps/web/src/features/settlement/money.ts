/**
 * Pure money helpers of the settlement screens (issue 15): amounts stay exact decimal text (decimal.js),
 * never JS floats; and the server's field paths of a refusal ("writeOffs.1.amount") as antd form names.
 */
import { Decimal } from 'decimal.js';
import { sumMoney } from '@tms/domain';

/** An amount as it came (decimal text or a JSON number of a generic list) as a Decimal; empty is 0. */
const dec = (v: unknown): Decimal => {
  if (v === null || v === undefined || v === '') return new Decimal(0);
  try {
    return new Decimal(String(v));
  } catch {
    return new Decimal(0);
  }
};

/** What is left of `total` after `used`, as text with 2 places (never below 0). */
export function leftOf(total: unknown, used: unknown): string {
  return Decimal.max(dec(total).minus(dec(used)), 0).toFixed(2);
}

/** What is left of `total` after `used`, as text with 2 places, below 0 for a statement of credits. */
export function openOf(total: unknown, used: unknown): string {
  return dec(total).minus(dec(used)).toFixed(2);
}

/** `a` is not 0, exactly (empty is 0). */
export const nonZero = (a: unknown): boolean => !dec(a).isZero();

/** `a` < 0, exactly. */
export const negative = (a: unknown): boolean => dec(a).lt(0);

/** Exact sum of amounts, as text with 2 places (empty entries count 0). */
export function sumOf(values: unknown[]): string {
  return sumMoney(values.map((v) => dec(v)));
}

/** `a` > `b`, exactly. */
export const exceeds = (a: unknown, b: unknown): boolean => dec(a).gt(dec(b));

/** `a` > 0, exactly. */
export const positive = (a: unknown): boolean => dec(a).gt(0);

/**
 * A payment's amount spread over open items in their order: each gets what is left of it until the amount
 * is used up (the others get nothing). Returns one text amount per item, "" for nothing.
 */
export function fillInOrder(amount: unknown, items: { open: unknown }[]): string[] {
  let left = Decimal.max(dec(amount), 0);
  return items.map((it) => {
    const take = Decimal.min(left, Decimal.max(dec(it.open), 0));
    left = left.minus(take);
    return take.gt(0) ? take.toFixed(2) : '';
  });
}

/** A server field path ("allocations.0.amount") as an antd form name path (['allocations', 0, 'amount']). */
export function formPath(path: string): (string | number)[] {
  return path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** Whether a form's values hold a name path (a field the form shows), so a server error can be placed under it. */
export function hasPath(values: unknown, path: (string | number)[]): boolean {
  let cur: unknown = values;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object' || !(k in (cur as object))) return false;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  return true;
}

/** An open item (a statement to invoice, an invoice to write a payment off against) with the amount entered for it. */
export interface Allocation {
  id: number;
  amount?: string | null;
}

/**
 * The entered allocations as a request's list (only those with an amount other than 0: below 0 for a statement of
 * credits), and where each body index
 * came from in the form, so a refusal of `allocations.1.amount` lands under the right row.
 */
export function allocationBody<K extends string>(items: Allocation[], key: K, bodyName: string, formName: string): { body: (Record<K, number> & { amount: string })[]; aliases: Record<string, string> } {
  const body: (Record<K, number> & { amount: string })[] = [];
  const aliases: Record<string, string> = {};
  items.forEach((it, formIndex) => {
    if (!nonZero(it.amount)) return;
    aliases[`${bodyName}.${body.length}.amount`] = `${formName}.${formIndex}.amount`;
    body.push({ [key]: it.id, amount: String(it.amount) } as Record<K, number> & { amount: string });
  });
  return { body, aliases };
}

/** A generation job's progress as a whole percent (0 while nothing is known). */
export const jobPercent = (p: { progress: { done: number; total: number }; status?: string }): number =>
  p.status === 'DONE' ? 100 : p.progress.total > 0 ? Math.min(100, Math.floor((p.progress.done * 100) / p.progress.total)) : 0;
