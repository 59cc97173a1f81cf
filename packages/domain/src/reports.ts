/**
 * Reports (spec §1 "Reports", issue 7): the epod, shipment, vehicle-check and order reports, and the
 * margin report (issue 14: revenue, cost and margin of the rated waybills), the vehicle mileage report (issue 19). Each is a filtered aggregation
 * done in SQL on the server; this file names their columns and filters so the server (table, totals,
 * Excel export) and the web (table, charts) agree. Texts: reports.* keys.
 */
import { Decimal } from 'decimal.js';

export const REPORT_NAMES = ['order', 'shipment', 'epod', 'check', 'margin', 'mileage'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/**
 * How a column is shown and totalled: counts and quantities add up; rates are recomputed from the totals;
 * money is an exact decimal string (2 places) summed as a decimal, never as a float.
 */
export type ReportColumnKind = 'date' | 'text' | 'count' | 'number' | 'rate' | 'money';

export interface ReportColumn {
  key: string;
  kind: ReportColumnKind;
  /** a code of this dictionary type, shown (screen and export) as its label in the reader's language */
  dict?: string;
}

export interface ReportSpec {
  name: ReportName;
  permission: string;
  /** the button that downloads it as Excel (like a resource's export) */
  exportPermission: string;
  /** which filters the report takes (period and dispatch center always) */
  filters: ('client' | 'carrier' | 'status' | 'groupBy' | 'vehicle')[];
  /** with the groupBy filter: its choices, the first the default (the `groupName` column is titled by the choice) */
  groupBys?: readonly ReportGroupBy[];
  /** status dictionary of the report's main record */
  statusDict?: string;
  columns: ReportColumn[];
}

/** Every grouping a report may offer. */
export const REPORT_GROUP_BYS = ['client', 'carrier', 'waybill', 'dispatchOrder', 'route', 'month'] as const;
export type ReportGroupBy = (typeof REPORT_GROUP_BYS)[number];

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
    groupBys: ['client', 'carrier'],
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
    columns: [{ ...c('itemCode', 'text'), dict: 'vehicle_check_item' }, c('checks', 'count'), c('failed', 'count'), c('failRate', 'rate')],
  },
  /**
   * Revenue (receivable charges of the waybills), cost (the payable charges allocated to them) and margin,
   * per grouping. A waybill not rated is never a silent zero: it is counted in noRevenue / noCost
   * (and in noContract when a side found no effective contract).
   */
  margin: {
    name: 'margin',
    permission: 'reports:margin:query',
    exportPermission: 'reports:margin:export',
    filters: ['client', 'carrier', 'groupBy'],
    groupBys: ['client', 'carrier', 'waybill', 'dispatchOrder', 'route', 'month'],
    columns: [
      c('groupName', 'text'),
      c('waybills', 'count'),
      c('revenue', 'money'),
      c('cost', 'money'),
      c('margin', 'money'),
      c('marginRate', 'rate'),
      c('noContract', 'count'),
      c('noRevenue', 'count'),
      c('noCost', 'count'),
    ],
  },
  /**
   * Per vehicle and day (in the report's time zone), from the vehicle's positions: the distance driven (km, great-circle
   * distances between consecutive positions; a step implying more than 200 km/h is a GPS jump and not counted), the stops
   * (at least 5 minutes within 100 m), the first and last report and the positions. See MILEAGE_RULES.
   */
  mileage: {
    name: 'mileage',
    permission: 'reports:mileage:query',
    exportPermission: 'reports:mileage:export',
    filters: ['carrier', 'vehicle'],
    columns: [
      c('day', 'date'),
      c('plateNumber', 'text'),
      c('carrierName', 'text'),
      c('distanceKm', 'number'),
      c('stops', 'count'),
      c('firstReport', 'text'),
      c('lastReport', 'text'),
      c('positions', 'count'),
    ],
  },
};

/**
 * The rules of the mileage report. Steps are taken between consecutive positions of a vehicle (in reported-time
 * order over the period); a step counts on the day of its later position.
 * - distance: haversine on a sphere of EARTH_RADIUS_M; a step whose implied speed exceeds maxSpeedKmh (or that
 *   moves in no time) is a jump of the receiver and is left out;
 * - stop: a run of consecutive positions each less than stopRadiusM from the previous one, all within stopRadiusM
 *   of the run's first position, lasting at least stopMinutes from its first to its last position (a run crossing
 *   midnight counts on the day it starts).
 */
export const MILEAGE_RULES = { earthRadiusM: 6_371_008.8, maxSpeedKmh: 200, stopRadiusM: 100, stopMinutes: 5 } as const;

/** Rate columns and the count columns they are computed from (numerator / denominator). */
export const REPORT_RATES: Record<string, [string, string]> = {
  onTimeDepartureRate: ['onTimeDepartures', 'departed'],
  onTimeArrivalRate: ['onTimeArrivals', 'arrived'],
  shortageRate: ['shortage', 'shippedQuantity'],
  damageRate: ['damage', 'shippedQuantity'],
  failRate: ['failed', 'checks'],
  marginRate: ['margin', 'revenue'],
};

/**
 * A rate in percent with one decimal, or null when there is nothing to divide by. Amounts (decimal
 * strings) are divided as decimals; the percentage itself is a plain number.
 */
export function rate(num: number | string, den: number | string): number | null {
  const d = new Decimal(den);
  return d.gt(0) ? new Decimal(num).div(d).times(100).toDecimalPlaces(1, Decimal.ROUND_HALF_UP).toNumber() : null;
}

/** Totals of report rows: counts and numbers add up, money adds up as decimals, rates are recomputed from the totals. */
export function reportTotals(spec: ReportSpec, rows: Record<string, unknown>[]): Record<string, number | string | null> {
  const out: Record<string, number | string | null> = {};
  for (const col of spec.columns) {
    if (col.kind === 'count' || col.kind === 'number') {
      const sum = rows.reduce<number>((s, r) => s + Number(r[col.key] ?? 0), 0);
      out[col.key] = col.kind === 'number' ? Math.round(sum * 1000) / 1000 : sum;
    } else if (col.kind === 'money') {
      out[col.key] = rows.reduce<Decimal>((s, r) => s.plus(String(r[col.key] ?? 0)), new Decimal(0)).toFixed(2);
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

/** The text key of a column's title: the `groupName` column of a grouped report is titled by its grouping. */
export function reportColumnTitle(spec: ReportSpec, key: string, groupBy?: string): string {
  return key === 'groupName' && spec.groupBys && groupBy && (spec.groupBys as readonly string[]).includes(groupBy) ? `reports.groupBy.${groupBy}` : `reports.col.${key}`;
}
