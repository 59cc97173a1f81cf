/**
 * The client portal API (issue 17): a client user's orders (list, export, detail with the status timeline,
 * waybills with ETA and last position, receipts), placing and cancelling orders, the in-transit map, proofs of
 * delivery (detail, photos, PDF) and public tracking links; the public tracking answer; and the administrator's
 * binding of a client user to clients. Every portal query filters by the caller's clients: another client's
 * record answers 404, its rows are never listed.
 */
import type { FastifyInstance } from 'fastify';
import { PortalApi as C, orderTotals, portalOrderImportResource, type Lang } from '@tms/domain';
import type { z } from 'zod';
import { importTemplate, loadExcel, unreadableWorkbook, uploadedWorkbook } from '../../platform/excel.ts';
import { previewAnswer, previewImport, previewStore } from '../order/import.ts';
import type { Clock } from '../../platform/config.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Secrets } from '../../platform/secrets.ts';
import type { Storage } from '../../platform/storage.ts';
import { route } from '../../platform/contract.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { mutate } from '../../platform/audit.ts';
import { requireCaller } from '../../platform/auth.ts';
import { assertNotBeyond } from '../../platform/rights.ts';
import { nextCode } from '../system/number-rules.ts';
import { trackOrders } from '../order/tracking.ts';
import { podPdf } from './pdf.ts';
import { installPortalPrincipal, portalActor, requirePortal, type PortalCaller } from './principal.ts';
import { createLink, linkOfToken, progressSql, PUBLIC_EVENTS, publicTracking, shipmentRows, tokenOf, type LinkRow } from './tracking-links.ts';

type Row = Record<string, unknown>;
const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
const dateText = (d: unknown) => (d instanceof Date ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : String(d ?? ''));

/** The order columns of the list and the detail. */
const ORDER_SELECT = `select o.id, o.dispatch_center_id, o.code, o.customer_order_no, o.client_id, c.name as client_name, o.status, ${progressSql('o')} as progress,
    ss.name as source_station, ds.name as dest_station, o.order_date, o.etd, o.eta, o.total_quantity, o.total_weight::text, o.total_volume::text, o.create_time, o.remark, o.is_lock
  from tms_order o join base_client c on c.id = o.client_id join base_station ss on ss.id = o.source_station_id join base_station ds on ds.id = o.dest_station_id`;

function orderRow(r: Row, lang: Lang) {
  return {
    id: Number(r.id), code: String(r.code), customerOrderNo: (r.customer_order_no as string) ?? null, clientId: Number(r.client_id), clientName: String(r.client_name),
    status: String(r.status), statusLabel: translate(lang, `dicts.order_status.${r.status}`), progress: String(r.progress), progressLabel: translate(lang, `messages.portal.progress.${r.progress}`),
    sourceStation: String(r.source_station), destStation: String(r.dest_station), orderDate: dateText(r.order_date), etd: iso(r.etd), eta: iso(r.eta),
    totalQuantity: Number(r.total_quantity), totalWeight: String(r.total_weight), totalVolume: String(r.total_volume), createTime: iso(r.create_time)!,
  };
}

function listWhere(p: PortalCaller, q: z.output<typeof C.PortalOrderQuery>, params: unknown[]): string {
  params.push(p.clientIds);
  const where = [`o.client_id = any($${params.length}::bigint[])`];
  if (q.clientId) where.push(`o.client_id = $${params.push(q.clientId)}`);
  if (q.status) where.push(`o.status = $${params.push(q.status)}`);
  if (q.code) where.push(`(o.code ilike $${params.push(`%${q.code.replace(/[\\%_]/g, (x) => '\\' + x)}%`)} or o.customer_order_no ilike $${params.length})`);
  return where.join(' and ');
}

/**
 * Creates one order of a client user (placed on the form or imported) in the caller's transaction: its stations and
 * items must be the client's own; it goes to the user's default dispatch center, as an external order.
 */
async function placeOrder(q: Queryable, p: PortalCaller, b: z.output<typeof C.PortalOrderCreate>, now: Date, event: 'ORDER_CREATE' | 'ORDER_IMPORT'): Promise<number> {
  const st = (await q.query<{ id: number; zone_id: number | null }>(
    `select s.id, l.zone_id from base_station s left join base_location l on l.id = s.location_id where s.id = any($1::bigint[]) and s.client_id = $2 and s.effective`,
    [[b.sourceStationId, b.destStationId], b.clientId],
  )).rows;
  const zone = new Map(st.map((s) => [Number(s.id), s.zone_id]));
  const errors: Record<string, { key: string }> = {};
  if (!zone.has(b.sourceStationId)) errors.sourceStationId = { key: 'messages.portal.stationNotOfClient' };
  if (!zone.has(b.destStationId)) errors.destStationId = { key: 'messages.portal.stationNotOfClient' };
  const items = new Set((await q.query<{ id: number }>(`select id from base_item where id = any($1::bigint[]) and client_id = $2 and effective`, [b.lines.map((l) => l.itemId), b.clientId])).rows.map((x) => Number(x.id)));
  b.lines.forEach((l, i) => {
    if (!items.has(l.itemId)) errors[`lines.${i}.itemId`] = { key: 'messages.order.itemNotOfClient' };
  });
  if (Object.keys(errors).length) throw badRequest('messages.validationFailed', errors);
  const lines = b.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity, cases: l.cases ?? 0, weight: l.weight ?? 0, volume: l.volume ?? 0 }));
  const totals = orderTotals(lines);
  const code = await nextCode(q, 'ORDER', p.dispatchCenterId!, b.clientId, now);
  const by = portalActor(p);
  const o = (
    await q.query<{ id: number }>(
      `insert into tms_order(dispatch_center_id, code, client_id, source_station_id, dest_station_id, source_zone_id, dest_zone_id, status, source, etd, eta, customer_order_no, remark,
         order_date, total_weight, total_volume, total_quantity, total_cases, total_pallets, total_other, create_by, create_time)
       values ($1,$2,$3,$4,$5,$6,$7,'OPEN','EXTERNAL',$8,$9,$10,$11,$12,$13,$14,$15,$16,0,0,$17,$18) returning id`,
      [p.dispatchCenterId, code, b.clientId, b.sourceStationId, b.destStationId, zone.get(b.sourceStationId) ?? null, zone.get(b.destStationId) ?? null, b.etd ?? null, b.eta ?? null,
        b.customerOrderNo, b.remark, now.toISOString().slice(0, 10), String(totals.totalWeight ?? 0), String(totals.totalVolume ?? 0), totals.totalQuantity ?? 0, totals.totalCases ?? 0, by, now],
    )
  ).rows[0]!;
  await q.query(
    `insert into tms_order_line(dispatch_center_id, order_id, pos_no, item_id, item_code, item_name, item_type, quantity, cases, weight, volume, unit, create_by)
     select $1, $2, u.pos, i.id, i.code, i.name, i.item_type, u.quantity, u.cases, u.weight, u.volume, i.operation_unit, $3
       from unnest($4::int[], $5::bigint[], $6::int[], $7::int[], $8::numeric[], $9::numeric[]) as u(pos, item_id, quantity, cases, weight, volume) join base_item i on i.id = u.item_id`,
    [p.dispatchCenterId, o.id, by, lines.map((_, i) => i + 1), lines.map((l) => l.itemId), lines.map((l) => l.quantity), lines.map((l) => l.cases), lines.map((l) => l.weight), lines.map((l) => l.volume)],
  );
  await trackOrders(q, { userId: p.userId, userName: by, dispatchCenterId: p.dispatchCenterId }, now, event, [Number(o.id)]);
  return Number(o.id);
}

/**
 * An order of the caller's clients, else 404: found in whichever center has it (a client's orders go to several; listed
 * as cross-center in apps/server/test/distribution.ts); what is read of it next is keyed by its center.
 */
async function orderOf(q: Queryable, p: PortalCaller, id: number, lock = false): Promise<Row> {
  const r = await q.query<Row>(`${ORDER_SELECT} where o.id = $1 and o.client_id = any($2::bigint[])${lock ? ' for update of o' : ''}`, [id, p.clientIds]);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/**
 * A waybill's ETA: the live one (fleet/geofence.ts: from the newest position of its dispatch order in transit) while its
 * destination is the station the vehicle heads for, else the planned one (the stop's, the waybill's, the dispatch order's).
 */
const LIVE_ETA_JOIN = `left join tms_shipment_eta le on le.shipment_id = s.id and le.station_id = w.dest_station_id and le.eta is not null and s.status = 'SHIPPED'`;
const ETA = 'coalesce(le.eta, st.eta, w.eta, s.eta)';
const ETA_LIVE = '(le.eta is not null)';

async function orderDetail(q: Queryable, p: PortalCaller, id: number, lang: Lang) {
  const o = await orderOf(q, p, id);
  const center = Number(o.dispatch_center_id);
  const lines = (await q.query<Row>(`select pos_no, item_code, item_name, quantity, cases, weight::text, volume::text, unit from tms_order_line where order_id = $1 and dispatch_center_id = $2 order by pos_no`, [id, center])).rows;
  const timeline = (
    await q.query<Row>(
      `select t.operation_time, t.operation_type, t.related_code from tms_order_tracking t
        where (t.order_id = $1 or t.waybill_id = any(array(select id from tms_waybill where order_id = $1 and dispatch_center_id = $3)) or ${shipmentRows('w.order_id = $1 and w.dispatch_center_id = $3')})
          and t.operation_type = any($2) and t.dispatch_center_id = $3 order by t.operation_time, t.id`,
      [id, PUBLIC_EVENTS, center],
    )
  ).rows;
  const waybills = (
    await q.query<Row>(
      `select w.id, w.code, w.status, s.shipment_code, s.status as shipment_status, ${ETA} as eta, ${ETA_LIVE} as eta_live, coalesce(st.ata, w.ata) as ata, p.lng, p.lat, p.reported_at, p.speed
         from tms_waybill w left join tms_shipment s on s.id = w.shipment_id and s.dispatch_center_id = w.dispatch_center_id
         ${LIVE_ETA_JOIN}
         left join lateral (select eta, ata from tms_shipment_stop x where x.shipment_id = s.id and x.dispatch_center_id = s.dispatch_center_id and x.station_id = w.dest_station_id order by seq desc limit 1) st on true
         left join lateral (select lng, lat, reported_at, speed from tms_position x where x.shipment_id = s.id and x.dispatch_center_id = s.dispatch_center_id and s.status in ('SHIPPED', 'COMPLETED') order by reported_at desc limit 1) p on true
        where w.order_id = $1 and w.dispatch_center_id = $2 order by w.id`,
      [id, center],
    )
  ).rows;
  const epods = (await q.query<Row>(`select id, code, waybill_code, status, sign_time, is_abnormal from tms_epod where order_id = $1 and dispatch_center_id = $3 and client_id = any($2::bigint[]) order by id`, [id, p.clientIds, center])).rows;
  return {
    ...orderRow(o, lang),
    remark: (o.remark as string) ?? null,
    cancellable: o.status === 'OPEN' && !o.is_lock,
    lines: lines.map((l) => ({ posNo: Number(l.pos_no), itemCode: (l.item_code as string) ?? null, itemName: (l.item_name as string) ?? null, quantity: Number(l.quantity), cases: Number(l.cases), weight: String(l.weight), volume: String(l.volume), unit: (l.unit as string) ?? null })),
    timeline: timeline.map((e) => ({ time: iso(e.operation_time)!, event: String(e.operation_type), label: translate(lang, `dicts.tracking_operation.${e.operation_type}`), code: (e.related_code as string) ?? null })),
    waybills: waybills.map((w) => ({
      id: Number(w.id), code: String(w.code), status: String(w.status), shipmentCode: (w.shipment_code as string) ?? null, shipmentStatus: (w.shipment_status as string) ?? null,
      shipmentStatusLabel: w.shipment_status ? translate(lang, `dicts.shipment_status.${w.shipment_status}`) : null, eta: iso(w.eta), etaLive: w.eta_live === true, ata: iso(w.ata),
      lastPosition: w.lng == null ? null : { lng: Number(w.lng), lat: Number(w.lat), reportedAt: iso(w.reported_at)!, speed: w.speed == null ? null : Number(w.speed) },
    })),
    epods: epods.map((e) => epodSummary(e, lang)),
  };
}

const epodSummary = (e: Row, lang: Lang) => ({
  id: Number(e.id), code: String(e.code), waybillCode: (e.waybill_code as string) ?? null, status: String(e.status), statusLabel: translate(lang, `dicts.epod_status.${e.status}`),
  signTime: iso(e.sign_time), isAbnormal: !!e.is_abnormal,
});

/** A receipt of the caller's clients, in whichever center (as orderOf), else 404. */
async function epodOf(q: Queryable, p: PortalCaller, id: number): Promise<Row> {
  const r = await q.query<Row>(
    `select e.*, st.name as station_name from tms_epod e left join base_station st on st.id = e.station_id where e.id = $1 and e.client_id = any($2::bigint[])`,
    [id, p.clientIds],
  );
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

async function epodDetail(q: Queryable, p: PortalCaller, id: number, lang: Lang) {
  const e = await epodOf(q, p, id);
  const lines = (await q.query<Row>(`select * from tms_epod_line where epod_id = $1 and dispatch_center_id = $2 order by pos_no`, [id, e.dispatch_center_id])).rows;
  const pictures = (await q.query<Row>(`select id, file_id from tms_epod_picture where epod_id = $1 and dispatch_center_id = $2 order by sort, id`, [id, e.dispatch_center_id])).rows;
  return {
    e,
    pictures,
    answer: {
      ...epodSummary(e, lang),
      orderId: e.order_id == null ? null : Number(e.order_id), orderCode: (e.order_code as string) ?? null, station: (e.station_name as string) ?? null,
      arrivalTime: iso(e.arrival_time), departureTime: iso(e.departure_time), reportTime: iso(e.report_time), handleResult: (e.handle_result as string) ?? null, handleRemark: (e.handle_remark as string) ?? null,
      lines: lines.map((l) => ({
        posNo: Number(l.pos_no), itemCode: (l.item_code as string) ?? null, itemName: (l.item_name as string) ?? null, unit: (l.unit as string) ?? null,
        plannedQuantity: Number(l.planned_quantity), shippedQuantity: Number(l.shipped_quantity), signedQuantity: l.signed_quantity == null ? null : Number(l.signed_quantity),
        shortage: Number(l.shortage), damage: Number(l.damage), remark: (l.remark as string) ?? null,
      })),
      pictures: pictures.map((x) => ({ id: Number(x.id), url: `/api/portal/epods/${id}/pictures/${x.id}` })),
    },
  };
}

/**
 * The portal's statements that cross centers (listed in apps/server/test/distribution.ts CROSS_CENTER): a client's
 * orders go to several dispatch centers, so its order list, its export and its in-transit map read every center's
 * rows of its clients (a multi-shard query on the client column, indexed); the rows' own sub-queries stay in each
 * order's center.
 */
const clientOrders = <T extends Record<string, unknown>>(q: Queryable, sql: string, params: unknown[]) => q.query<T>(sql, params);

/** The waybills of the caller's clients on a dispatch order in transit, in every center (see clientOrders). */
async function inTransit(q: Queryable, p: PortalCaller): Promise<Row[]> {
  return (
    await q.query<Row>(
      `select w.id, w.code, o.id as order_id, o.code as order_code, s.shipment_code, ss.name as source_station, ds.name as dest_station, ${ETA} as eta, ${ETA_LIVE} as eta_live,
              pos.lng, pos.lat, pos.reported_at, pos.speed
         from tms_waybill w join tms_order o on o.id = w.order_id and o.dispatch_center_id = w.dispatch_center_id
         join tms_shipment s on s.id = w.shipment_id and s.dispatch_center_id = w.dispatch_center_id and s.status = 'SHIPPED'
         ${LIVE_ETA_JOIN}
         join base_station ss on ss.id = w.source_station_id join base_station ds on ds.id = w.dest_station_id
         left join lateral (select eta from tms_shipment_stop x where x.shipment_id = s.id and x.dispatch_center_id = s.dispatch_center_id and x.station_id = w.dest_station_id order by seq desc limit 1) st on true
         left join lateral (select lng, lat, reported_at, speed from tms_position x where x.shipment_id = s.id and x.dispatch_center_id = s.dispatch_center_id order by reported_at desc limit 1) pos on true
        where w.client_id = any($1::bigint[])
          and not exists (select 1 from tms_epod e where e.waybill_id = w.id and e.dispatch_center_id = w.dispatch_center_id and e.status in ('REPORTED', 'AUDITED'))
        order by w.id desc limit 500`,
      [p.clientIds],
    )
  ).rows;
}

/** Revokes a tracking link of the caller's clients, in whichever center it is (a multi-shard update by id and client). */
async function revokeClientLink(q: Queryable, p: PortalCaller, id: number, now: Date): Promise<boolean> {
  const r = await q.query(
    `update tms_tracking_link set revoked_at = coalesce(revoked_at, $3), revoked_by = coalesce(revoked_by, $4) where id = $1 and client_id = any($2::bigint[])`,
    [id, p.clientIds, now, portalActor(p)],
  );
  return !!r.rowCount;
}

const linkRow = (secrets: Secrets, l: LinkRow & { code: string }, now: Date) => ({
  id: Number(l.id), orderId: l.order_id == null ? null : Number(l.order_id), waybillId: l.waybill_id == null ? null : Number(l.waybill_id), code: l.code,
  expiresAt: l.expires_at.toISOString(), revokedAt: iso(l.revoked_at), createTime: l.create_time.toISOString(),
  active: !l.revoked_at && l.expires_at.getTime() > now.getTime(), token: tokenOf(secrets, l),
});

export function registerPortalRoutes(app: FastifyInstance, db: Db, clock: Clock, secrets: Secrets, storage: Storage, trackRatePerMinute: number): void {
  installPortalPrincipal(app, db, clock);
  const E = C.endpoints;
  const ok = <T>(req: { lang: Lang }, data: T, key = 'messages.ok') => ({ code: 0 as const, msg: translate(req.lang, key), data });

  route(app, E.me, async (req) => {
    const p = requirePortal(req);
    const u = (await db.query<{ nick_name: string }>(`select nick_name from sys_user where id = $1`, [p.userId])).rows[0];
    const clients = (await db.query<{ id: number; code: string; name: string }>(`select id, code, name from base_client where id = any($1::bigint[]) order by code`, [p.clientIds])).rows;
    const center = p.dispatchCenterId ? (await db.query<{ id: number; name: string }>(`select id, name from sys_dispatch_center where id = $1`, [p.dispatchCenterId])).rows[0] : undefined;
    return ok(req, { userName: p.userName, nickName: u?.nick_name ?? p.userName, clients: clients.map((c) => ({ ...c, id: Number(c.id) })), dispatchCenter: center ? { id: Number(center.id), name: center.name } : null });
  });

  route(app, E.orders, async (req) => {
    const p = requirePortal(req);
    const params: unknown[] = [];
    const where = listWhere(p, req.query, params);
    const size = req.query.pageSize ?? 10;
    const page = req.query.pageNum ?? 1;
    const total = (await clientOrders<{ n: number }>(db, `select count(*)::int as n from tms_order o where ${where}`, params)).rows[0]!.n;
    const rows = (await clientOrders<Row>(db, `${ORDER_SELECT} where ${where} order by o.id desc limit ${size} offset ${(page - 1) * size}`, params)).rows;
    return { code: 0 as const, msg: translate(req.lang, 'messages.ok'), rows: rows.map((r) => orderRow(r, req.lang)), total };
  });

  route(app, E.ordersExport, async (req, reply) => {
    const p = requirePortal(req);
    const params: unknown[] = [];
    const rows = (await clientOrders<Row>(db, `${ORDER_SELECT} where ${listWhere(p, req.query, params)} order by o.id desc limit 10000`, params)).rows.map((r) => orderRow(r, req.lang));
    const t = (k: string) => translate(req.lang, `messages.portal.export.${k}`);
    const wb = new (await loadExcel()).Workbook();
    const ws = wb.addWorksheet('orders');
    const cols: [string, (r: (typeof rows)[number]) => unknown][] = [
      ['code', (r) => r.code], ['customerOrderNo', (r) => r.customerOrderNo], ['client', (r) => r.clientName], ['status', (r) => r.statusLabel], ['progress', (r) => r.progressLabel],
      ['source', (r) => r.sourceStation], ['dest', (r) => r.destStation], ['orderDate', (r) => r.orderDate], ['eta', (r) => (r.eta ? new Date(r.eta) : null)],
      ['quantity', (r) => r.totalQuantity], ['weight', (r) => Number(r.totalWeight)], ['volume', (r) => Number(r.totalVolume)],
    ];
    ws.columns = cols.map(([k]) => ({ header: t(k), key: k, width: Math.max(12, t(k).length * 2 + 2) }));
    ws.getRow(1).font = { bold: true };
    for (const r of rows) ws.addRow(Object.fromEntries(cols.map(([k, f]) => [k, f(r)])));
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="orders.xlsx"`)
      .send(buf);
  });

  route(app, E.order, async (req) => ok(req, await orderDetail(db, requirePortal(req), req.params.id, req.lang)));

  route(app, E.choices, async (req) => {
    const p = requirePortal(req);
    const clientId = req.query.clientId;
    if (!p.clientIds.includes(clientId)) throw notFound();
    const stations = (await db.query<{ id: number; code: string; name: string }>(`select id, code, name from base_station where client_id = $1 and effective and status = '0' order by code`, [clientId])).rows;
    const items = (await db.query<{ id: number; code: string; name: string; unit: string | null }>(`select id, code, name, operation_unit as unit from base_item where client_id = $1 and effective order by code`, [clientId])).rows;
    return ok(req, { stations: stations.map((s) => ({ ...s, id: Number(s.id) })), items: items.map((i) => ({ ...i, id: Number(i.id) })) });
  });

  route(app, E.create, async (req) => {
    const p = requirePortal(req);
    const b = req.body;
    if (!p.clientIds.includes(b.clientId)) throw badRequest('messages.portal.clientNotYours', { clientId: { key: 'messages.portal.clientNotYours' } });
    if (!p.dispatchCenterId) throw conflict('messages.portal.noDispatchCenter');
    if (b.sourceStationId === b.destStationId) throw badRequest('messages.order.sameStations', { destStationId: { key: 'messages.order.sameStations' } });
    const now = clock.now();
    const id = await db.tx((q) => placeOrder(q, p, b, now, 'ORDER_CREATE'));
    return ok(req, await orderDetail(db, p, id, req.lang), 'messages.ok');
  });

  route(app, E.importTemplate, async (req, reply) => {
    requirePortal(req);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="order-template.xlsx"')
      .send(await importTemplate(portalOrderImportResource, req.lang, db));
  });

  // the back office's import (order/import.ts) with the portal's limits: the caller's clients, their effective stations
  // and items; a preview first, then every order or none
  const previews = previewStore(clock);
  route(app, { ...E.import, config: { upload: 20 * 1024 * 1024 } }, async (req) => {
    const p = requirePortal(req);
    const file = await uploadedWorkbook(req);
    const commit = req.query.commit === 'true';
    // the preview depends on the caller's clients: kept for the same ones only
    const owner = `portal:${p.userId}:${p.clientIds.join(',')}:${req.lang}`;
    const preview = await previews.preview(owner, file, { commit, token: req.query.token }, () =>
      previewImport(db, { caller: null, clientIds: p.clientIds }, file, req.lang, portalOrderImportResource).catch(unreadableWorkbook(req, 'portal order')),
    );
    if (!commit || !preview.orders.length) return ok(req, previewAnswer(preview));
    if (preview.errors) throw new AppError(400, 'messages.validationFailed', undefined, undefined, previewAnswer(preview));
    if (!p.dispatchCenterId) throw conflict('messages.portal.noDispatchCenter');
    const now = clock.now();
    const ids = await db.tx(async (q) => {
      const made: number[] = [];
      for (const o of preview.orders) {
        const v = o.values!;
        made.push(
          await placeOrder(q, p, {
            clientId: v.clientId as number, sourceStationId: v.sourceStationId as number, destStationId: v.destStationId as number,
            etd: (v.etd as string | null) ?? null, eta: (v.eta as string | null) ?? null, customerOrderNo: o.key, remark: (v.remark as string | null) ?? null,
            lines: o.lineInputs.map((l) => ({ itemId: l.itemId, quantity: l.quantity ?? 0, cases: l.cases ?? 0, weight: l.weight ?? 0, volume: l.volume ?? 0 })),
          }, now, 'ORDER_IMPORT'),
        );
      }
      return made;
    });
    return ok(req, { ...previewAnswer(preview, true), ids }, 'messages.ok');
  });

  route(app, E.cancel, async (req) => {
    const p = requirePortal(req);
    const now = clock.now();
    await db.tx(async (q) => {
      const o = await orderOf(q, p, req.params.id, true);
      if (o.status !== 'OPEN' || o.is_lock) throw conflict('messages.portal.notCancellable', { code: o.code });
      await q.query(`update tms_order set status = 'CANCELLED', update_by = $2, update_time = $3, version = version + 1 where id = $1 and dispatch_center_id = $4`, [o.id, portalActor(p), now, o.dispatch_center_id]);
      await trackOrders(q, { userId: p.userId, userName: portalActor(p), dispatchCenterId: Number(o.dispatch_center_id) }, now, 'ORDER_CANCEL', [Number(o.id)]);
    });
    return ok(req, { id: req.params.id }, 'messages.portal.cancelled');
  });

  route(app, E.transit, async (req) => {
    const rows = await inTransit(db, requirePortal(req));
    return ok(
      req,
      rows.map((r) => ({
        waybillId: Number(r.id), waybillCode: String(r.code), orderId: Number(r.order_id), orderCode: String(r.order_code), shipmentCode: String(r.shipment_code),
        sourceStation: String(r.source_station), destStation: String(r.dest_station), eta: iso(r.eta), etaLive: r.eta_live === true,
        lastPosition: r.lng == null ? null : { lng: Number(r.lng), lat: Number(r.lat), reportedAt: iso(r.reported_at)!, speed: r.speed == null ? null : Number(r.speed) },
      })),
    );
  });

  route(app, E.epod, async (req) => ok(req, (await epodDetail(db, requirePortal(req), req.params.id, req.lang)).answer));

  route(app, E.epodPicture, async (req, reply) => {
    const p = requirePortal(req);
    const e = await epodOf(db, p, req.params.id);
    const pic = (
      await db.query<{ file_id: number }>(`select file_id from tms_epod_picture where id = $1 and epod_id = $2 and dispatch_center_id = $3`, [req.params.pictureId, req.params.id, e.dispatch_center_id])
    ).rows[0];
    if (!pic) throw notFound();
    const f = await storage.open(Number(pic.file_id));
    if (!f) throw notFound();
    return reply.header('content-type', f.contentType).header('cache-control', 'private, max-age=300').send(f.stream);
  });

  route(app, E.epodPdf, async (req, reply) => {
    const p = requirePortal(req);
    const { e, answer, pictures } = await epodDetail(db, p, req.params.id, req.lang);
    const handle = e.handle_result ? `${translate(req.lang, `dicts.epod_handle_result.${e.handle_result}`)}${e.handle_remark ? ` — ${e.handle_remark}` : ''}` : null;
    const pdf = await podPdf(
      { ...answer, waybillCode: answer.waybillCode, handle, pictures: pictures.map((x) => async () => (await storage.open(Number(x.file_id)))?.stream ?? null) },
      req.lang,
      clock.now(),
    );
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${encodeURIComponent(answer.code)}.pdf"`).send(pdf);
  });

  /** the links of an order and of its waybills, in the order's center */
  const linksOf = async (q: Queryable, orderId: number, center: number) =>
    (
      await q.query<LinkRow & { code: string }>(
        `select l.*, coalesce(w.code, o.code) as code from tms_tracking_link l
           left join tms_waybill w on w.id = l.waybill_id and w.dispatch_center_id = l.dispatch_center_id
           left join tms_order o on o.id = l.order_id and o.dispatch_center_id = l.dispatch_center_id
          where (l.order_id = $1 or w.order_id = $1) and l.dispatch_center_id = $2 order by l.id desc`,
        [orderId, center],
      )
    ).rows;

  route(app, E.links, async (req) => {
    const p = requirePortal(req);
    const o = await orderOf(db, p, req.params.id);
    const now = clock.now();
    return ok(req, (await linksOf(db, req.params.id, Number(o.dispatch_center_id))).map((l) => linkRow(secrets, l, now)));
  });

  route(app, E.createLink, async (req) => {
    const p = requirePortal(req);
    const o = await orderOf(db, p, req.params.id);
    const waybillId = req.body.waybillId ?? null;
    // a waybill of the order is of the order's center
    const center = Number(o.dispatch_center_id);
    let code = String(o.code);
    if (waybillId) {
      const w = (await db.query<{ code: string }>(`select code from tms_waybill where id = $1 and order_id = $2 and dispatch_center_id = $3`, [waybillId, o.id, center])).rows[0];
      if (!w) throw badRequest('messages.validationFailed', { waybillId: { key: 'validation.invalid' } });
      code = w.code;
    }
    const row = await createLink(db, clock, { dispatchCenterId: Number(center), clientId: Number(o.client_id), orderId: waybillId ? null : Number(o.id), waybillId }, req.body.days, portalActor(p));
    return ok(req, linkRow(secrets, { ...row, code }, clock.now()));
  });

  route(app, E.revokeLink, async (req) => {
    const p = requirePortal(req);
    if (!(await revokeClientLink(db, p, req.params.id, clock.now()))) throw notFound();
    return ok(req, { id: req.params.id }, 'messages.portal.linkRevokedOk');
  });

  // the public page's answer: no sign-in, rate-limited per address
  route(app, { ...E.track, config: { rateLimit: { max: trackRatePerMinute, timeWindow: '1 minute' } } }, async (req, reply) => {
    const link = await linkOfToken(db, clock, secrets, req.params.token);
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    return ok(req, await publicTracking(db, req.lang, link));
  });

  // the administrator binds a client user to clients (system:user:*; the user must be within the caller's reach)
  route(app, E.userClients, async (req) => {
    const caller = requireCaller(req);
    await assertNotBeyond(db, caller, req.query.userId);
    const u = await db.query(`select 1 from sys_user where id = $1`, [req.query.userId]);
    if (!u.rows.length) throw notFound();
    const r = await db.query<{ id: number; code: string; name: string; assigned: boolean }>(
      `select c.id, c.code, c.name, exists (select 1 from sys_user_client x where x.user_id = $1 and x.client_id = c.id) as assigned from base_client c order by c.code`,
      [req.query.userId],
    );
    return ok(req, r.rows.map((x) => ({ ...x, id: Number(x.id) })));
  });

  route(app, E.setUserClients, async (req) => {
    const { userId, clientIds } = req.body;
    const ids = [...new Set(clientIds)];
    await mutate(db, req, { title: 'user', businessType: 'UPDATE' }, async (q) => {
      const caller = requireCaller(req);
      await assertNotBeyond(q, caller, userId);
      const u = await q.query<{ user_kind: string }>(`select user_kind from sys_user where id = $1 for update`, [userId]);
      if (!u.rows[0]) throw notFound();
      if (u.rows[0].user_kind !== 'CLIENT' && ids.length) throw new AppError(400, 'messages.validationFailed', undefined, { userId: { key: 'validation.invalid' } });
      await q.query(`delete from sys_user_client where user_id = $1`, [userId]);
      if (ids.length) {
        const r = await q.query(`insert into sys_user_client(user_id, client_id) select $1, id from base_client where id = any($2::bigint[])`, [userId, ids]);
        if (r.rowCount !== ids.length) throw badRequest('messages.validationFailed', { clientIds: { key: 'validation.invalid' } });
      }
      return { userId, clientIds: ids };
    });
    return ok(req, { userId, clientIds: ids }, 'messages.ok');
  });
}
