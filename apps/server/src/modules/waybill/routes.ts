/**
 * Waybill routes beyond the generic list / get / export of the `waybill` and `waybillLine` resources
 * (spec §2 waybill screens, §5, design/domain.md "Waybill"): review, retract, split and "to dispatch"
 * (a new dispatch order from reviewed waybills, or binding them to an open / confirmed one).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getResource, LIMITS, resourceByName } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import { requireCaller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { AppError, badRequest, type FieldMessage } from '../../platform/errors.ts';
import { idList, intParam, ok, page } from '../../platform/http.ts';
import { scopeOf, selectList, toApi, type ResourceHooks, type Row } from '../../platform/resource-engine.ts';
import { bindWaybills, createShipmentFromWaybills } from '../shipment/binding.ts';
import { lockWaybills, retractWaybills, reviewWaybills, splitWaybill } from './actions.ts';

const lineDef = getResource('waybillLine');
const BASE = '/api/waybill/waybill';
const tag = { schema: { tags: ['waybill'] } };

/** GET /get/{id} answers the waybill with its lines and the waybills split off it. */
export const waybillHooks: Record<string, ResourceHooks> = {
  waybill: {
    afterGet: async (q, row) => {
      const lines = await q.query<Row>(`select ${selectList(lineDef)} from tms_waybill_line t where waybill_id = $1 order by pos_no, id`, [row.id]);
      const parts = await q.query<Row>(`select id, code, status from tms_waybill where parent_waybill_id = $1 order by id`, [row.id]);
      return { lines: lines.rows.map((l) => toApi(lineDef, l)), splitParts: parts.rows };
    },
  },
};

/** Weight and volume are stored with 3 decimals: more would be rounded and break "original + split = before". */
const threeDecimals = z.number().refine((v) => Number(v.toFixed(3)) === v, { error: 'validation.scale' });

const splitBody = z.object({
  id: z.number().int().positive(),
  version: z.number().int().min(0),
  lines: z
    .array(
      z.object({
        lineId: z.number().int().positive(),
        splitNum: z.number(),
        weight: threeDecimals.nullable().optional(),
        volume: threeDecimals.nullable().optional(),
      }),
    )
    .max(10_000),
});

const toRosBody = z.object({
  shipmentId: z.number().int().positive().nullable().optional(),
  confirmCarrierMismatch: z.boolean().optional(),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const errors: Record<string, FieldMessage> = {};
  for (const issue of r.error.issues) {
    const key = issue.message === 'validation.scale' ? issue.message : issue.path.length ? 'validation.invalid' : 'validation.required';
    errors[issue.path.join('.') || 'body'] ??= key === 'validation.scale' ? { key, params: { scale: 3 } } : { key };
  }
  throw badRequest('messages.validationFailed', errors);
}

const bodyIds = (body: unknown) => idList((body as Record<string, unknown> | undefined)?.ids);

export function registerWaybillRoutes(app: FastifyInstance, db: Db, clock: Clock): void {
  app.post(`${BASE}/review`, { config: { permission: 'waybill:waybill:review' }, ...tag }, async (req) => {
    const caller = requireCaller(req);
    const ids = bodyIds(req.body);
    const count = await mutate(db, req, { title: 'waybill', businessType: 'REVIEW' }, (q) => reviewWaybills(q, caller, ids, clock.now()));
    return ok(req, { changed: count }, 'messages.waybill.reviewDone', { count });
  });

  app.post(`${BASE}/retract`, { config: { permission: 'waybill:waybill:retract' }, ...tag }, async (req) => {
    const caller = requireCaller(req);
    const ids = bodyIds(req.body);
    const count = await mutate(db, req, { title: 'waybill', businessType: 'RETRACT' }, (q) => retractWaybills(q, caller, ids, clock.now()));
    return ok(req, { changed: count }, 'messages.waybill.retractDone', { count });
  });

  app.post(`${BASE}/split`, { config: { permission: 'waybill:waybill:split' }, ...tag }, async (req) => {
    const caller = requireCaller(req);
    const input = parse(splitBody, req.body);
    const made = await mutate(db, req, { title: 'waybill', businessType: 'SPLIT' }, (q) => splitWaybill(q, caller, input, clock.now()));
    return ok(req, made, 'messages.waybill.splitDone', { code: made.code });
  });

  // "to dispatch": a new dispatch order from the reviewed waybills, or onto an existing open / confirmed one
  app.post(`${BASE}/toRos`, { config: { permission: 'waybill:waybill:toRos' }, ...tag }, async (req) => {
    const caller = requireCaller(req);
    const ids = bodyIds(req.body);
    const body = parse(toRosBody, req.body);
    const now = clock.now();
    const made = await mutate(db, req, { title: 'waybill', businessType: 'TO_ROS' }, async (q) => {
      await lockWaybills(q, caller, ids); // data scope of the waybills (client / carrier groups) → 404
      if (!body.shipmentId) return createShipmentFromWaybills(q, caller, ids, now);
      try {
        return await bindWaybills(q, caller, body.shipmentId, ids, { confirmCarrierMismatch: body.confirmCarrierMismatch === true }, now);
      } catch (e) {
        // the web recognises the question by data.confirm and sends again with confirmCarrierMismatch
        if (e instanceof AppError && e.key === 'messages.shipment.carrierMismatch') throw new AppError(409, e.key, e.params, undefined, { confirm: 'carrierMismatch' });
        throw e;
      }
    });
    return ok(req, made, 'messages.waybill.toRosDone', { code: made.shipmentCode });
  });

  // the dispatch orders the to-dispatch dialog may bind to: open or confirmed, in the caller's scope
  app.get(`${BASE}/rosShipments`, { config: { permission: 'waybill:waybill:toRos' }, ...tag }, async (req) => {
    const caller = requireCaller(req);
    const query = req.query as Record<string, unknown>;
    const pageSize = intParam(query.pageSize, 10, 1, LIMITS.pageSizeMax, 'pageSize');
    const pageNum = intParam(query.pageNum, 1, 1, 1_000_000, 'pageNum');
    const params: unknown[] = [];
    const shipment = resourceByName.get('shipment');
    const where = shipment ? scopeOf(shipment, caller, params, 's') : [];
    if (!shipment) {
      params.push(caller.dispatchCenterId ?? -1);
      where.push(`s.dispatch_center_id = $${params.length}`);
    }
    where.push(`s.status in ('OPEN', 'CONFIRMED')`);
    if (typeof query.shipmentCode === 'string' && query.shipmentCode) {
      params.push(`%${query.shipmentCode.replace(/[\\%_]/g, (c) => '\\' + c).slice(0, 60)}%`);
      where.push(`s.shipment_code ilike $${params.length}`);
    }
    params.push(pageSize, (pageNum - 1) * pageSize);
    const r = await db.query<Row & { __total: number }>(
      `select s.id, s.shipment_code, s.status, s.carrier_id, c.name as carrier_name, s.station_num, s.total_weight, s.total_volume, s.total_quantity, s.create_time,
              (select count(*)::int from tms_waybill w where w.shipment_id = s.id) as waybill_count, count(*) over() as __total
         from tms_shipment s left join base_carrier c on c.id = s.carrier_id
        where ${where.join(' and ')} order by s.id desc limit $${params.length - 1} offset $${params.length}`,
      params,
    );
    const rows = r.rows.map((x) => ({
      id: x.id,
      shipmentCode: x.shipment_code,
      status: x.status,
      carrierId: x.carrier_id,
      carrierIdLabel: x.carrier_name,
      stationNum: x.station_num,
      totalWeight: x.total_weight,
      totalVolume: x.total_volume,
      totalQuantity: x.total_quantity,
      waybillCount: x.waybill_count,
      createTime: x.create_time instanceof Date ? x.create_time.toISOString() : x.create_time,
    }));
    return page(req, rows, Number(r.rows[0]?.__total ?? 0));
  });
}
