/** The chart of each report, built from its rows (what a person would rather look at than read). */
import type { ReportName } from '@tms/domain';
import type { TFunction } from 'i18next';
import type { EChartsCoreOption } from 'echarts/core';

type Row = Record<string, string | number | null>;

/** sums a column per value of another (e.g. orders per day over every client) */
function sumBy(rows: Row[], key: string, value: string): [string, number][] {
  const m = new Map<string, number>();
  for (const r of rows) m.set(String(r[key]), (m.get(String(r[key])) ?? 0) + Number(r[value] ?? 0));
  return [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
}

const pct = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 10 : null);

/** `itemLabel`: the name of a vehicle check item (its code otherwise). */
export function chartOf(name: ReportName, rows: Row[], t: TFunction, itemLabel: (code: unknown) => string = String): EChartsCoreOption {
  const axis = { tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid: { left: 56, right: 56, bottom: 32, top: 48 } };
  if (name === 'order') {
    const orders = sumBy(rows, 'day', 'orders');
    const weight = sumBy(rows, 'day', 'weight');
    return {
      ...axis,
      xAxis: { type: 'category', data: orders.map(([d]) => d) },
      yAxis: [{ type: 'value', name: t('reports.col.orders') }, { type: 'value', name: t('reports.col.weight') }],
      series: [
        { type: 'bar', name: t('reports.col.orders'), data: orders.map(([, v]) => v) },
        { type: 'line', name: t('reports.col.weight'), yAxisIndex: 1, data: weight.map(([, v]) => v) },
      ],
    };
  }
  if (name === 'shipment') {
    const days = sumBy(rows, 'day', 'shipments').map(([d]) => d);
    const at = (k: string) => new Map(sumBy(rows, 'day', k));
    const [dep, onDep, arr, onArr] = ['departed', 'onTimeDepartures', 'arrived', 'onTimeArrivals'].map(at) as Map<string, number>[];
    return {
      ...axis,
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
      series: [
        { type: 'line', name: t('reports.col.onTimeDepartureRate'), data: days.map((d) => pct(onDep!.get(d) ?? 0, dep!.get(d) ?? 0)) },
        { type: 'line', name: t('reports.col.onTimeArrivalRate'), data: days.map((d) => pct(onArr!.get(d) ?? 0, arr!.get(d) ?? 0)) },
      ],
    };
  }
  if (name === 'epod') {
    return {
      ...axis,
      xAxis: { type: 'category', data: rows.map((r) => String(r.groupName)) },
      yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
      series: [
        { type: 'bar', name: t('reports.col.shortageRate'), data: rows.map((r) => r.shortageRate) },
        { type: 'bar', name: t('reports.col.damageRate'), data: rows.map((r) => r.damageRate) },
      ],
    };
  }
  if (name === 'margin') {
    // the groups with the most revenue (a chart of every waybill would not read)
    const top = [...rows].sort((a, b) => Number(b.revenue) - Number(a.revenue)).slice(0, 30);
    return {
      ...axis,
      xAxis: { type: 'category', data: top.map((r) => String(r.groupName ?? '-')) },
      yAxis: [{ type: 'value', name: t('reports.col.revenue') }, { type: 'value', name: t('reports.col.marginRate'), axisLabel: { formatter: '{value}%' } }],
      series: [
        { type: 'bar', name: t('reports.col.revenue'), data: top.map((r) => Number(r.revenue)) },
        { type: 'bar', name: t('reports.col.cost'), data: top.map((r) => Number(r.cost)) },
        { type: 'line', name: t('reports.col.marginRate'), yAxisIndex: 1, data: top.map((r) => r.marginRate) },
      ],
    };
  }
  if (name === 'mileage') {
    const km = sumBy(rows, 'day', 'distanceKm');
    const stops = sumBy(rows, 'day', 'stops');
    return {
      ...axis,
      xAxis: { type: 'category', data: km.map(([d]) => d) },
      yAxis: [{ type: 'value', name: t('reports.col.distanceKm') }, { type: 'value', name: t('reports.col.stops') }],
      series: [
        { type: 'bar', name: t('reports.col.distanceKm'), data: km.map(([, v]) => Math.round(v * 10) / 10) },
        { type: 'line', name: t('reports.col.stops'), yAxisIndex: 1, data: stops.map(([, v]) => v) },
      ],
    };
  }
  return {
    ...axis,
    xAxis: { type: 'category', data: rows.map((r) => itemLabel(r.itemCode)) },
    yAxis: { type: 'value' },
    series: [
      { type: 'bar', name: t('reports.col.failed'), data: rows.map((r) => r.failed) },
      { type: 'bar', name: t('reports.col.checks'), data: rows.map((r) => r.checks) },
    ],
  };
}
