/**
 * Waybill routes beyond the generic list / get / export of the `waybill` and `waybillLine` resources
 * (spec §2 waybill screens, §5, design/domain.md "Waybill"): review, retract, split and "to dispatch"
 * (a new dispatch order from reviewed waybills, or binding them to an open / confirmed one).
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { getResource, resourceByName, WaybillApi as C } from '@tms/domain';
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import { centerOf, requireCaller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { AppError, badRequest, type FieldMessage } from '../../platform/errors.ts';
import { ok, page } from '../../platform/http.ts';
import { issuesToError, onValidationError, route } from '../../platform/contract.ts';
import { scopeOf, selectList, toApi, type ResourceHooks, type Row } from '../../platform/resource-engine.ts';
import { bindWaybills, createShipmentFromWaybills } from '../shipment/binding.ts';
import { lockWaybills, retractWaybills, reviewWaybills, splitWaybill } from './actions.ts';
import { printWaybills } from './print.ts';
import { printOptions } from '../order/print.ts';
import { originOf } from '../portal/print-links.ts';
import type { Secrets } from '../../platform/secrets.ts';

const lineDef = getResource('waybillLine');

/** GET /get/{id} answers the waybill with its lines and the waybills split off it. */
export const waybillHooks: Record<string, ResourceHooks> = {
  waybill: {
    afterGet: async (q, row) => {
      // the waybill's own center: its lines and parts are in it (one shard on a distributed database)
      const lines = await q.query<Row>(`select ${selectList(lineDef)} from tms_waybill_line t where waybill_id = $1 and dispatch_center_id = $2 order by pos_no, id`, [row.id, row.dispatch_center_id]);
      const parts = await q.query<Row>(`select id, code, status from tms_waybill where parent_waybill_id = $1 and dispatch_center_id = $2 order by id`, [row.id, row.dispatch_center_id]);
      return { lines: lines.rows.map((l) => toApi(lineDef, l)), splitParts: parts.rows };
    },
  },
};

/** A refused split answers as it always did: the path of each field, `validation.scale` with its 3 places. */
const splitErrors = (issues: z.core.$ZodIssue[]) => {
  const errors: Record<string, FieldMessage> = {};
  for (const issue of issues) {
    const key = issue.message === 'validation.scale' ? issue.message : issue.path.length ? 'validation.invalid' : 'validation.required';
    errors[issue.path.join('.') || 'body'] ??= key === 'validation.scale' ? { key, params: { scale: 3 } } : { key };
  }
  return badRequest('messages.validationFailed', errors);
};
const SplitBody = onValidationError(C.SplitBody, splitErrors);
const ToRosBody = onValidationError(C.ToRosBody, (issues, part) => {
  // the ids first (select rows), then the other fields as the split does
  const ids = issues.filter((i) => i.path[0] === 'ids');
  return ids.length ? issuesToError(ids, part) : splitErrors(issues);
});

export function registerWaybillRoutes(app: FastifyInstance, db: Db, clock: Clock, events?: DomainEvents, secrets?: Secrets): void {
  route(app, C.review, async (req) => {
    const caller = requireCaller(req);
    const { ids } = req.body;
    const count = await mutate(db, req, { title: 'waybill', businessType: 'REVIEW' }, (q) => reviewWaybills(q, caller, ids, clock.now()));
    return ok(req, { changed: count }, 'messages.waybill.reviewDone', { count });
  });

  route(app, C.retract, async (req) => {
    const caller = requireCaller(req);
    const { ids } = req.body;
    const count = await mutate(db, req, { title: 'waybill', businessType: 'RETRACT' }, (q) => retractWaybills(q, caller, ids, clock.now()));
    return ok(req, { changed: count }, 'messages.waybill.retractDone', { count });
  });

  route(app, { ...C.split, body: SplitBody }, async (req) => {
    const caller = requireCaller(req);
    const input = req.body;
    const made = await mutate(db, req, { title: 'waybill', businessType: 'SPLIT' }, async (q) => {
      const now = clock.now();
      const out = await splitWaybill(q, caller, input, now);
      await events?.emit({ q, caller, now }, 'waybill.split', { dispatchCenterId: centerOf(caller), waybillId: input.id, newWaybillId: out.id });
      return out;
    });
    return ok(req, made, 'messages.waybill.splitDone', { code: made.code });
  });

  // "to dispatch": a new dispatch order from the reviewed waybills, or onto an existing open / confirmed one
  route(app, { ...C.toRos, body: ToRosBody}, async (req) => {
    const caller = requireCaller(req);
    const { ids, ...body } = req.body;
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

  // printing: the paper that travels with the goods, with its public tracking link and QR code when the template shows them
  route(app, C.endpoints.print, async (req) => {
    const caller = requireCaller(req);
    const { ids, templateId, printerId } = req.body;
    const links = secrets && { clock, secrets, origin: originOf(req) };
    const done = await mutate(db, req, { title: 'waybill', businessType: 'PRINT' }, (q) => printWaybills(q, caller, clock.now(), { ids, templateId, printerId }, links));
    return ok(req, done);
  });
  route(app, C.endpoints.printOptions, async (req) => {
    return ok(req, await printOptions(db, 'WAYBILL'));
  });

  // the dispatch orders the to-dispatch dialog may bind to: open or confirmed, in the caller's scope
  route(app, C.rosShipments, async (req) => {
    const caller = requireCaller(req);
    const query = req.query;
    const pageSize = query.pageSize ?? 10;
    const pageNum = query.pageNum ?? 1;
    const params: unknown[] = [];
    const shipment = resourceByName.get('shipment');
    const where = shipment ? scopeOf(shipment, caller, params, 's') : [];
    if (!shipment) {
      params.push(caller.dispatchCenterId ?? -1);
      where.push(`s.dispatch_center_id = $${params.length}`);
    }
    where.push(`s.status in ('OPEN', 'CONFIRMED')`);
    if (query.shipmentCode) {
      params.push(`%${query.shipmentCode.replace(/[\\%_]/g, (c) => '\\' + c).slice(0, 60)}%`);
      where.push(`s.shipment_code ilike $${params.length}`);
    }
    params.push(pageSize, (pageNum - 1) * pageSize);
    const r = await db.query<{ id: number; shipment_code: string; status: string; carrier_id: number | null; carrier_name: string | null; station_num: number | null; total_weight: number | null; total_volume: number | null; total_quantity: number | null; waybill_count: number; create_time: Date; __total: number }>(
      `select s.id, s.shipment_code, s.status, s.carrier_id, c.name as carrier_name, s.station_num, s.total_weight, s.total_volume, s.total_quantity, s.create_time,
              (select count(*)::int from tms_waybill w where w.shipment_id = s.id and w.dispatch_center_id = s.dispatch_center_id) as waybill_count, count(*) over() as __total
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
      createTime: x.create_time.toISOString(),
    }));
    return page(req, rows, Number(r.rows[0]?.__total ?? 0));
  });
}
