/** A charge's trace in words, in the caller's language (keys under messages.finance.explain.*). */
import type { ChargeTrace, LaneEnd } from './rating.ts';

export type Translate = (key: string, params?: Record<string, unknown>) => string;
/** The name of a lane end's place (station, district, zone) when the caller knows it; none: shown as #id. */
export type PlaceName = (level: LaneEnd['level'] | 'VEHICLE_TYPE', id: number) => string | null | undefined;

const K = 'messages.finance.explain.';

function end(t: Translate, e: LaneEnd, name?: PlaceName): string {
  if (e.level === 'ANY') return t(`${K}any`);
  const known = e.refId ? name?.(e.level, Number(e.refId)) : null;
  return known ? t(`${K}placeNamed`, { level: t(`${K}level.${e.level}`), name: known }) : t(`${K}place`, { level: t(`${K}level.${e.level}`), id: e.refId });
}

/** The lane ends and vehicle types the traces name (to look their names up in one query). */
export function tracePlaces(traces: { lane?: ChargeTrace['lane']; vehicleTypeId?: number | null }[]): { stations: number[]; districts: number[]; zones: number[]; vehicleTypes: number[] } {
  const out = { stations: new Set<number>(), districts: new Set<number>(), zones: new Set<number>(), vehicleTypes: new Set<number>() };
  for (const tr of traces) if (tr.vehicleTypeId) out.vehicleTypes.add(Number(tr.vehicleTypeId));
  for (const tr of traces)
    for (const e of tr.lane ? [tr.lane.from, tr.lane.to] : []) {
      if (!e.refId) continue;
      if (e.level === 'STATION') out.stations.add(Number(e.refId));
      else if (e.level === 'ZONE') out.zones.add(Number(e.refId));
      else if (e.level !== 'ANY') out.districts.add(Number(e.refId));
    }
  return { stations: [...out.stations], districts: [...out.districts], zones: [...out.zones], vehicleTypes: [...out.vehicleTypes] };
}

export function explainTrace(trace: ChargeTrace & { hoursSource?: string; kmSource?: string }, t: Translate, name?: PlaceName): string {
  const parts: string[] = [];
  if (trace.rerate) parts.push(t(`${K}rerate`, { code: trace.rerate.statementCode ?? '', before: trace.rerate.before, after: trace.rerate.after }));
  parts.push(t(`${K}contract`, { code: trace.contractCode, version: trace.contractVersion }));
  parts.push(t(`${K}line`, { id: trace.rateLineId, from: end(t, trace.lane.from, name), to: end(t, trace.lane.to, name), n: trace.chosen.candidates.length }));
  if (trace.vehicleTypeId) parts.push(t(`${K}vehicleType`, { name: name?.('VEHICLE_TYPE', Number(trace.vehicleTypeId)) ?? `#${trace.vehicleTypeId}` }));
  if (trace.period) parts.push(t(`${K}period`, { from: trace.period.from ?? '…', to: trace.period.to ?? '…' }));
  const basis = t(`dicts.fin_rate_basis.${trace.basis}`);
  if (trace.basis === 'PCT_FREIGHT') parts.push(t(`${K}freightBase`, { amount: trace.quantity }));
  else if (trace.basis === 'PCT_VALUE') parts.push(t(`${K}valueBase`, { amount: trace.quantity }));
  else if (trace.basis === 'KM' && trace.kmSource) parts.push(t(`${K}km.${trace.kmSource}`, { km: trace.quantity }));
  else if (trace.basis === 'HOUR' && trace.hoursSource === 'RECEIPT') parts.push(t(`${K}hoursFromReceipt`, { hours: trace.quantity }));
  if (trace.freeQty) parts.push(t(`${K}free`, { basis, quantity: trace.quantity, free: trace.freeQty, rounded: trace.roundedQuantity }));
  else if (trace.formula.kind === 'PERCENT') {
    if (trace.roundingStep && trace.roundedQuantity !== trace.quantity) parts.push(t(`${K}rounded`, { basis, quantity: trace.quantity, step: trace.roundingStep, rounded: trace.roundedQuantity }));
  } else
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
    case 'PERCENT': parts.push(t(`${K}percent`, { base: f.base, percent: f.percent, computed: trace.computed })); break;
  }
  if (trace.limit) parts.push(t(`${K}${trace.limit.applied === 'MIN' ? 'min' : 'max'}`, { value: trace.limit.value }));
  parts.push(t(`${K}amount`, { amount: trace.amount }));
  return parts.join(t(`${K}separator`));
}
