/**
 * Reports (GET /api/reports/<name>/data and /export) and dashboards (GET /api/dashboard/<name>).
 * Filters: period (from / to, days in the browser's time zone), dispatch center (one of the
 * caller's), client, carrier, status, grouping; data groups always apply.
 * The vehicle check report drills down to its checks (GET /api/reports/check/checks, + itemCode,
 * failedOnly, pageNum, pageSize) and to one check with items and pictures (GET /api/reports/check/checks/:id).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REPORT_NAMES, ReportApi as C, reportColumnTitle, REPORTS, reportTotals, type ReportColumn, type ReportGroupBy, type ReportName, type ReportSpec } from '@tms/domain';
import { dictOptions, loadExcel } from '../../platform/excel.ts';
import { route, type TypedRequest } from '../../platform/contract.ts';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth.ts';
import { requireCaller } from '../../platform/auth.ts';
import type { Queryable } from '../../platform/db.ts';
import type { Reads } from '../../platform/replica.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { intParam, ok, page } from '../../platform/http.ts';
import { translate } from '../../platform/i18n.ts';
import { runReport, type ReportFilters, type ReportRow } from './queries.ts';
import { dashboards, type DashboardCtx } from './dashboards.ts';
import type { Storage } from '../../platform/storage.ts';
import { checkDetail, listChecks } from './vehicle-checks.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 366;

function validTz(tz: unknown): string {
  if (typeof tz !== 'string' || !tz || tz.length > 60) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    throw badRequest('messages.badFilter', { tz: { key: 'validation.invalid' } }, { field: 'tz' });
  }
}

/** The dispatch center a report reads: the session's unless another of the caller's own is asked for. */
export async function reportCenter(q: Queryable, caller: Caller, asked: unknown): Promise<number> {
  if (asked === undefined || asked === '') {
    if (caller.dispatchCenterId === null) throw forbidden();
    return caller.dispatchCenterId;
  }
  const id = intParam(asked, 0, 1, Number.MAX_SAFE_INTEGER, 'dispatchCenterId');
  if (caller.isAdmin || id === caller.dispatchCenterId) return id;
  const r = await q.query(`select 1 from sys_user_dispatch_center where user_id = $1 and dispatch_center_id = $2`, [caller.userId, id]);
  if (!r.rows.length) throw forbidden();
  return id;
}

/** The grouping asked of a grouped report: one of its choices (none → the first), else 400 naming groupBy. */
function groupByOf(spec: ReportSpec | undefined, asked: unknown): ReportGroupBy | undefined {
  if (!spec?.groupBys) return undefined;
  if (asked === undefined || asked === '') return spec.groupBys[0];
  if (typeof asked === 'string' && (spec.groupBys as readonly string[]).includes(asked)) return asked as ReportGroupBy;
  throw badRequest('messages.badFilter', { groupBy: { key: 'validation.invalid' } }, { field: 'groupBy' });
}

async function parseFilters(q: Queryable, req: FastifyRequest, spec?: ReportSpec): Promise<ReportFilters> {
  const caller = requireCaller(req);
  const query = req.query as Record<string, unknown>;
  const today = new Date().toISOString().slice(0, 10);
  const from = typeof query.from === 'string' && query.from ? query.from : new Date(Date.now() - 29 * 86400e3).toISOString().slice(0, 10);
  const to = typeof query.to === 'string' && query.to ? query.to : today;
  const fe: Record<string, { key: string }> = {};
  if (!DAY.test(from) || Number.isNaN(Date.parse(from))) fe.from = { key: 'validation.date' };
  if (!DAY.test(to) || Number.isNaN(Date.parse(to))) fe.to = { key: 'validation.date' };
  if (!fe.from && !fe.to && (Date.parse(to) < Date.parse(from) || (Date.parse(to) - Date.parse(from)) / 86400e3 > MAX_DAYS)) fe.to = { key: 'validation.dateRange' };
  if (Object.keys(fe).length) throw badRequest('messages.badFilter', fe, { field: Object.keys(fe)[0] });
  const optId = (v: unknown, field: string) => (v === undefined || v === '' ? undefined : intParam(v, 0, 1, Number.MAX_SAFE_INTEGER, field));
  const status = typeof query.status === 'string' && query.status ? query.status.slice(0, 20) : undefined;
  return {
    dispatchCenterId: await reportCenter(q, caller, query.dispatchCenterId),
    from,
    to,
    tz: validTz(query.tz),
    clientId: optId(query.clientId, 'clientId'),
    carrierId: optId(query.carrierId, 'carrierId'),
    vehicleId: optId(query.vehicleId, 'vehicleId'),
    status,
    groupBy: groupByOf(spec, query.groupBy),
    toleranceMinutes: intParam(query.toleranceMinutes, 30, 0, 10080, 'toleranceMinutes'),
  };
}

/** A cell of the export: money (an exact decimal string of 2 places) becomes a number cell shown with 2 decimals. */
const cellOf = (kind: string, v: string | number | null | undefined) => (v === null || v === undefined ? null : kind === 'money' ? Number(v) : v);

async function exportReport(db: Queryable, spec: ReportSpec, f: ReportFilters, rows: ReportRow[], totals: Record<string, number | string | null>, lang: Parameters<typeof translate>[0]): Promise<Buffer> {
  // dictionary codes (the check report's items) as their labels in the reader's language, as on the screen
  const dicts = await dictOptions(db, spec.columns.flatMap((c) => (c.dict ? [c.dict] : [])), lang);
  const cell = (c: ReportColumn, v: string | number | null | undefined) =>
    c.dict && v != null ? (dicts.get(c.dict)?.find((d) => d.value === String(v))?.label ?? v) : cellOf(c.kind, v);
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(translate(lang, `reports.${spec.name}.title`).slice(0, 31));
  ws.columns = spec.columns.map((c) => ({
    header: translate(lang, reportColumnTitle(spec, c.key, f.groupBy)),
    key: c.key,
    width: c.kind === 'text' ? 24 : 14,
    ...(c.kind === 'money' ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  for (const r of rows) ws.addRow(Object.fromEntries(spec.columns.map((c) => [c.key, cell(c, r[c.key])])));
  const total = ws.addRow({ ...Object.fromEntries(spec.columns.map((c) => [c.key, cellOf(c.kind, totals[c.key])])), [spec.columns[0]!.key]: translate(lang, 'reports.total') });
  total.font = { bold: true };
  ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function registerReportRoutes(app: FastifyInstance, db: Queryable, storage: Storage, reads: Reads): void {
  for (const name of REPORT_NAMES) {
    const spec = REPORTS[name];
    const load = async (req: FastifyRequest) => {
      const f = await parseFilters(db, req, spec);
      // on the replica when one is fit (platform/replica.ts): lagSeconds says how far behind its figures may be
      const { value: rows, lagSeconds } = await reads.run((q) => runReport(name as ReportName, q, requireCaller(req), f));
      return { filters: f, rows, totals: reportTotals(spec, rows), ...(lagSeconds !== null ? { lagSeconds } : {}) };
    };
    const e = C.reportEndpoints(name);
    route(app, e.data, async (req) => ok(req, await load(req)));
    route(app, e.export, async (req, reply) => {
      const { filters, rows, totals } = await load(req);
      const buf = await exportReport(db, spec, filters, rows, totals, req.lang);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="report-${name}.xlsx"`)
        .send(buf);
    });
  }
  // the vehicle check report's drill-down: the checks behind a row, then one check
  route(app, C.endpoints.checks, async (req) => {
    const query = req.query;
    const itemCode = typeof query.itemCode === 'string' && query.itemCode ? query.itemCode.slice(0, 30) : undefined;
    const f = {
      ...(await parseFilters(db, req)),
      itemCode,
      failedOnly: query.failedOnly === 'true' || query.failedOnly === '1',
      pageNum: intParam(query.pageNum, 1, 1, 100_000, 'pageNum'),
      pageSize: intParam(query.pageSize, 10, 1, 100, 'pageSize'),
    };
    const { rows, total } = await listChecks(db, requireCaller(req), f);
    return page(req, rows as z.input<typeof C.CheckRow>[], total);
  });
  route(app, C.endpoints.checkDetail, async (req) => {
    const caller = requireCaller(req);
    const id = intParam(req.params.id, 0, 1, Number.MAX_SAFE_INTEGER, 'id');
    const center = await reportCenter(db, caller, req.query.dispatchCenterId);
    return ok(req, (await checkDetail(db, storage, caller, center, id)) as z.input<typeof C.CheckDetail>);
  });
  // on the replica when one is fit, as the reports: lagSeconds says how far behind its figures may be
  const board =
    <T extends object>(build: (c: DashboardCtx) => Promise<T>) =>
    async (req: TypedRequest<undefined, typeof C.CenterQuery, undefined>) => {
      const caller = requireCaller(req);
      const center = await reportCenter(db, caller, req.query.dispatchCenterId);
      const { value, lagSeconds } = await reads.run((q) => build({ q, caller, center, tz: validTz(req.query.tz) }));
      return ok(req, { ...value, ...(lagSeconds !== null ? { lagSeconds } : {}) });
    };
  route(app, C.dashboards.analysis, board(dashboards.analysis));
  route(app, C.dashboards.workplace, board(dashboards.workplace));
  route(app, C.dashboards.monitor, board(dashboards.monitor));
}
