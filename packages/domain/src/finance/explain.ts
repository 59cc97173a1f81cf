/** A charge's trace in words, in the caller's language (keys under messages.finance.explain.*). */
import type { ChargeTrace, LaneEnd } from './rating.ts';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

const K = 'messages.finance.explain.';

function end(t: Translate, e: LaneEnd): string {
  return e.level === 'ANY' ? t(`${K}any`) : t(`${K}place`, { level: t(`${K}level.${e.level}`), id: e.refId });
}

export function explainTrace(trace: ChargeTrace, t: Translate): string {
  const parts: string[] = [];
  if (trace.rerate) parts.push(t(`${K}rerate`, { code: trace.rerate.statementCode ?? '', before: trace.rerate.before, after: trace.rerate.after }));
  parts.push(t(`${K}contract`, { code: trace.contractCode, version: trace.contractVersion }));
  parts.push(t(`${K}line`, { id: trace.rateLineId, from: end(t, trace.lane.from), to: end(t, trace.lane.to), n: trace.chosen.candidates.length }));
  const basis = t(`dicts.fin_rate_basis.${trace.basis}`);
  parts.push(
    trace.roundingStep && trace.roundedQuantity !== trace.quantity
      ? t(`${K}rounded`, { basis, quantity: trace.quantity, step: trace.roundingStep, rounded: trace.roundedQuantity })
      : t(`${K}quantity`, { basis, quantity: trace.roundedQuantity }),
  );
  const f = trace.formula;
  const tier = trace.tier ? { from: trace.tier.from, to: trace.tier.to ?? '∞' } : { from: '', to: '' };
  switch (f.kind) {
    case 'UNIT': parts.push(t(`${K}unit`, { quantity: f.quantity, price: f.price, computed: trace.computed })); break;
    case 'TIER_UNIT': parts.push(t(`${K}tierUnit`, { ...tier, quantity: f.quantity, price: f.price, computed: trace.computed })); break;
    case 'TIER_FLAT': parts.push(t(`${K}tierFlat`, { ...tier, price: f.price })); break;
    case 'FIRST_ADDITIONAL': parts.push(t(`${K}firstAdditional`, { firstQty: f.firstQty, firstPrice: f.firstPrice, steps: f.steps, addStep: f.addStep, addPrice: f.addPrice, computed: trace.computed })); break;
  }
  if (trace.limit) parts.push(t(`${K}${trace.limit.applied === 'MIN' ? 'min' : 'max'}`, { value: trace.limit.value }));
  parts.push(t(`${K}amount`, { amount: trace.amount }));
  return parts.join(t(`${K}separator`));
}
