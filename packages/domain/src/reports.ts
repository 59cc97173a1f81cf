/**
 * Reports (spec §1 "Reports", issue 7): the epod, shipment, vehicle-check and order reports. Each is
 * a filtered aggregation done in SQL on the server; this file names their columns and filters so the
 * server (table, totals, Excel export) and the web (table, charts) agree. Texts: reports.* keys.
 */
export const REPORT_NAMES = ['order', 'shipment', 'epod', 'check'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** How a column is shown and totalled: counts and quantities add up; rates are recomputed from the totals. */
export type ReportColumnKind = 'date' | 'text' | 'count' | 'number' | 'rate';

export interface ReportColumn {
  key: string;
  kind: ReportColumnKind;
}

export interface ReportSpec {
  name: ReportName;
  permission: string;
  /** the button that downloads it as Excel (like a resource's export) */
  exportPermission: string;
  /** which filters the report takes (period and dispatch center always) */
  filters: ('client' | 'carrier' | 'status' | 'groupBy')[];
  /** status dictionary of the report's main record */
  statusDict?: string;
  columns: ReportColumn[];
}

const c = (key: string, kind: ReportColumnKind): ReportColumn => ({ key, kind });

export const REPORTS: Record<ReportName, ReportSpec> = {
  order: {
    name: 'order',
    permission: 'reports:order:query',
    exportPermission: 'reports:order:export',
    filters: ['client', 'carrier', 'status'],
    statusDict: 'order_status',
    columns: [c('day', 'date'), c('clientName', 'text'), c('orders', 'count'), c('effective', 'count'), c('weight', 'number'), c('volume', 'number'), c('quantity', 'count')],
  },
  shipment: {
    name: 'shipment',
    permission: 'reports:shipment:query',
    exportPermission: 'reports:shipment:export',
    filters: ['carrier', 'status'],
    statusDict: 'shipment_status',
    columns: [
      c('day', 'date'),
      c('carrierName', 'text'),
      c('shipments', 'count'),
      c('departed', 'count'),
      c('onTimeDepartures', 'count'),
      c('onTimeDepartureRate', 'rate'),
      c('arrived', 'count'),
      c('onTimeArrivals', 'count'),
      c('onTimeArrivalRate', 'rate'),
      c('weight', 'number'),
    ],
  },
  epod: {
    name: 'epod',
    permission: 'reports:epod:query',
    exportPermission: 'reports:epod:export',
    filters: ['client', 'carrier', 'status', 'groupBy'],
    statusDict: 'epod_status',
    columns: [
      c('groupName', 'text'),
      c('receipts', 'count'),
      c('audited', 'count'),
      c('abnormal', 'count'),
      c('shippedQuantity', 'count'),
      c('signedQuantity', 'count'),
      c('shortage', 'count'),
      c('damage', 'count'),
      c('shortageRate', 'rate'),
      c('damageRate', 'rate'),
    ],
  },
  check: {
    name: 'check',
    permission: 'reports:check:query',
    exportPermission: 'reports:check:export',
    filters: ['carrier'],
    columns: [c('itemCode', 'text'), c('checks', 'count'), c('failed', 'count'), c('failRate', 'rate')],
  },
};

/** Rate columns and the count columns they are computed from (numerator / denominator). */
export const REPORT_RATES: Record<string, [string, string]> = {
  onTimeDepartureRate: ['onTimeDepartures', 'departed'],
  onTimeArrivalRate: ['onTimeArrivals', 'arrived'],
  shortageRate: ['shortage', 'shippedQuantity'],
  damageRate: ['damage', 'shippedQuantity'],
  failRate: ['failed', 'checks'],
};

/** A rate in percent with one decimal, or null when there is nothing to divide by. */
export function rate(num: number, den: number): number | null {
  return den > 0 ? Math.round((num / den) * 1000) / 10 : null;
}

/** Totals of report rows: counts and numbers add up, rates are recomputed from the summed counts. */
export function reportTotals(spec: ReportSpec, rows: Record<string, unknown>[]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const col of spec.columns) {
    if (col.kind === 'count' || col.kind === 'number') {
      const sum = rows.reduce((s, r) => s + Number(r[col.key] ?? 0), 0);
      out[col.key] = col.kind === 'number' ? Math.round(sum * 1000) / 1000 : sum;
    }
  }
  for (const col of spec.columns) {
    if (col.kind === 'rate') {
      const [n, d] = REPORT_RATES[col.key]!;
      out[col.key] = rate(out[n] ?? 0, out[d] ?? 0);
    }
  }
  return out;
}
