/**
 * Request and answer schemas of the reports (/api/reports/<name>/data and /export), the vehicle-check drill-down
 * and the dashboards (/api/dashboard/<name>), and those routes. The filters are checked by the report module, which names the
 * filter it refuses (period first, then the dispatch center, the time zone, client, carrier, tolerance).
 */
import { z } from 'zod';
import { anyText } from './checks.ts';
import { endpoint, okOf, pageOf, XLSX_ANSWER } from '../api.ts';
import { REPORT_GROUP_BYS, REPORTS, type ReportName } from '../reports.ts';

const text = (description: string, more: Record<string, unknown> = {}) => anyText(description, more);
/** a whole number of the query (as text, or a number the client writes as text) */
const whole = (description: string) => anyText<number | string>(description, { type: 'integer' });
const day = (description: string) => text(description, { format: 'date' });

/** Filters of every report (each a query-string value; refused ones are named by the report). */
export const ReportQuery = z
  .object({
    from: day('first day, YYYY-MM-DD in `tz` (default: 29 days before today)'),
    to: day('last day, YYYY-MM-DD (default: today; at most 366 days after `from`)'),
    tz: text('IANA time zone of the days (default UTC)'),
    dispatchCenterId: whole('one of the caller’s dispatch centers (default: the session’s)'),
    clientId: whole('only this client'),
    carrierId: whole('only this carrier'),
    vehicleId: whole('only this vehicle (mileage report)'),
    status: text('only this status'),
    groupBy: anyText<(typeof REPORT_GROUP_BYS)[number]>('grouping: epod client (default) or carrier; margin client (default), carrier, waybill, dispatchOrder, route or month', { enum: [...REPORT_GROUP_BYS] }),
    toleranceMinutes: whole('on-time tolerance of departures and arrivals (0…10080, default 30)'),
    lang: text('language of the export’s headers'),
  })
  .loose();
export const CheckListQuery = ReportQuery.extend({
  itemCode: text('only checks with this item'),
  failedOnly: anyText<'true' | 'false' | '1' | '0'>("'true' or '1': only failed items", { enum: ['true', 'false', '1', '0'] }),
  pageNum: whole('from 1'),
  pageSize: whole('1…100, default 10'),
});
export const CenterQuery = z.object({ dispatchCenterId: whole('one of the caller’s dispatch centers (default: the session’s)'), tz: text('IANA time zone (dashboards)'), lang: text('language') }).loose();
export const CheckParams = z.object({ id: whole('the vehicle check') });

export const ReportRow = z.record(z.string(), z.union([z.string(), z.number(), z.null()])).meta({ id: 'ReportRow' });
/** a report or dashboard read on a replica: how far behind its figures may be */
const LagSeconds = z.number().int().min(0).optional().describe('read on a replica: how many seconds its figures may be behind the primary (absent: read on the primary)');
export const ReportData = z
  .object({
    filters: z
      .object({
        dispatchCenterId: z.number(), from: z.string(), to: z.string(), tz: z.string(), clientId: z.number().optional(), carrierId: z.number().optional(), vehicleId: z.number().optional(), status: z.string().optional(),
        groupBy: z.enum(REPORT_GROUP_BYS).optional(), toleranceMinutes: z.number(),
      })
      .describe('the filters applied (defaults filled in)'),
    rows: z.array(ReportRow),
    totals: z.record(z.string(), z.union([z.number(), z.string()]).nullable()).describe('counts and rates as numbers, money as exact decimal strings'),
    lagSeconds: LagSeconds,
  })
  .meta({ id: 'ReportData' });
export const CheckRow = z
  .object({
    id: z.number(), checkTime: z.string().describe('ISO-8601'), shipmentId: z.number(), shipmentCode: z.string(), vehiclePlate: z.string().nullable(), driverName: z.string().nullable(),
    driverMobile: z.string().nullable(), carrierName: z.string().nullable(), result: z.enum(['PASS', 'FAIL']), failedCount: z.number(), itemCount: z.number(), pictureCount: z.number(),
    remark: z.string().nullable(), lng: z.number().nullable(), lat: z.number().nullable(),
  })
  .meta({ id: 'VehicleCheckRow', description: 'a vehicle check with its driver, vehicle and result' });
export const CheckDetail = CheckRow.extend({
  items: z.array(
    z.object({
      id: z.number(), seq: z.number(), itemCode: z.string(), passed: z.boolean(), remark: z.string().nullable(),
      pictures: z.array(z.object({ id: z.number(), name: z.string(), url: z.string().describe('signed link') })).describe('pictures still in the store'),
    }),
  ),
}).meta({ id: 'VehicleCheckDetail' });
const count = z.number().int();
const kg = z.number().describe('kg');
export const AnalysisDashboard = z
  .object({
    ordersToday: z.object({ orders: count, weight: kg }).describe('orders dated today (in `tz`)'),
    ordersPerDay: z.array(z.object({ day: z.string().describe('YYYY-MM-DD'), orders: count, weight: kg })).describe('the days of the last two weeks that have orders'),
    shipmentsByStatus: z.array(z.object({ status: z.string(), count })).describe('dispatch orders by status'),
    onTimeDepartureRate: z.number().nullable().describe('% of the departures of the last 30 days within 30 minutes of their ETD (null: none)'),
    onTimeArrivalRate: z.number().nullable().describe('% of the arrivals of the last 30 days within 30 minutes of their ETA (null: none)'),
    topCarriers: z.array(z.object({ carrierName: z.string(), shipments: count, weight: kg })).describe('the five carriers with most dispatch orders created in the last 30 days'),
    alertsOpen: count.describe('alerts not handled yet'),
    lagSeconds: LagSeconds,
  })
  .meta({ id: 'AnalysisDashboard', description: 'the figures and series of the analysis dashboard' });
export const WorkplaceDashboard = z
  .object({
    todo: z
      .object({
        ordersToReview: count, waybillsToReview: count, waybillsToDispatch: count, shipmentsToSchedule: count, shipmentsToRelease: count, shipmentsInTransit: count, epodsToAudit: count, alertsOpen: count,
      })
      .describe('how many records wait for each next step'),
    recent: z
      .array(z.object({ operationType: z.string().describe('dictionary tracking_operation'), relatedCode: z.string().nullable(), operatorName: z.string().nullable(), operationTime: z.string().describe('ISO-8601') }))
      .describe('the newest ten tracking entries'),
    lagSeconds: LagSeconds,
  })
  .meta({ id: 'WorkplaceDashboard', description: 'what waits for the dispatch center, and what happened last' });
export const MonitorDashboard = z
  .object({
    inProgress: z
      .array(
        z.object({
          id: z.number(), shipmentCode: z.string(), status: z.string(), carrierName: z.string().nullable(), lastReport: z.string().nullable().describe('time of the newest position (ISO-8601)'),
          lng: z.number().nullable(), lat: z.number().nullable(), openAlerts: count,
        }),
      )
      .describe('dispatch orders in effect or shipped (newest 100)'),
    positionsLastHour: count.describe('positions received in the last hour'),
    alertsByType: z.array(z.object({ type: z.string().nullable(), count })).describe('alerts not handled yet, by type'),
    lagSeconds: LagSeconds,
  })
  .meta({ id: 'MonitorDashboard', description: 'the dispatch orders under way, their positions and alerts' });

/** The routes of one report: its data and its export (the server registers them, the web calls them). */
export function reportEndpoints(name: ReportName) {
  const spec = REPORTS[name];
  return {
    data: endpoint({ method: 'GET', path: `/reports/${name}/data`, operationId: `reports.${name}`, summary: `The ${name} report: rows and totals of the filtered period`, tags, permission: spec.permission, querystring: ReportQuery, response: okOf(ReportData) }),
    export: endpoint({ method: 'GET', path: `/reports/${name}/export`, operationId: `reports.${name}Export`, summary: `The ${name} report as .xlsx`, tags, permission: spec.exportPermission, querystring: ReportQuery, response: XLSX_ANSWER }),
  };
}
const tags = ['reports'];
/** The vehicle-check drill-down. */
export const endpoints = {
  checks: endpoint({ method: 'GET', path: '/reports/check/checks', operationId: 'reports.checkList', summary: 'The vehicle checks behind the check report (paged)', tags, permission: REPORTS.check.permission, querystring: CheckListQuery, response: pageOf(CheckRow) }),
  checkDetail: endpoint({ method: 'GET', path: '/reports/check/checks/:id', operationId: 'reports.checkDetail', summary: 'One vehicle check with its items and pictures', tags, permission: REPORTS.check.permission, params: CheckParams, querystring: CenterQuery, response: okOf(CheckDetail) }),
};

const dashboard = <R extends z.ZodType>(name: 'analysis' | 'workplace' | 'monitor', data: R) =>
  endpoint({ method: 'GET', path: `/dashboard/${name}`, operationId: `dashboard.${name}`, summary: `The ${name} dashboard of a dispatch center`, tags: ['dashboard'], permission: `dashboard:${name}:query`, querystring: CenterQuery, response: okOf(data) });
/** The dashboards of the current dispatch center. */
export const dashboards = {
  analysis: dashboard('analysis', AnalysisDashboard),
  workplace: dashboard('workplace', WorkplaceDashboard),
  monitor: dashboard('monitor', MonitorDashboard),
};
