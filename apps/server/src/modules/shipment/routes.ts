/**
 * Shipment (dispatch order) actions under /api/shipment/shipment (list, get and export come from the
 * resource engine). Every action is one transaction with its operation-log row (mutate) and answers
 * 409 with the domain message when the state forbids it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import { centerOf, requireCaller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { okOf, ShipmentApi as C } from '@tms/domain';
import { legacyErrors as L, route } from '../../platform/contract.ts';
import { ok } from '../../platform/http.ts';
import type { ResourceHooks } from '../../platform/resource-engine.ts';
import * as act from './actions.ts';
import { bindWaybills, createShipmentFromWaybills, unbindWaybills } from './binding.ts';
import { printSheets } from './print.ts';
import { originOf } from '../portal/print-links.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { trajectory } from './trajectory.ts';
import { shipmentDetail } from './detail.ts';

const BASE = '/api/shipment/shipment';
const P = (action: string) => `shipment:shipment:${action}`;
const tags = ['shipment'];
/** The empty answer of an action (its message says what happened). */
const Done = okOf(z.null());

type Body = Record<string, unknown>;

export const shipmentHooks: Record<string, ResourceHooks> = {
  shipment: { afterGet: (q, row) => shipmentDetail(q, Number(row.id), Number(row.dispatch_center_id)) },
};

export function registerShipmentRoutes(app: FastifyInstance, db: Db, clock: Clock, events?: DomainEvents, secrets?: Secrets): void {
  /** Runs an action in one transaction with its operation log. */
  const run = <T>(req: FastifyRequest, fn: (c: act.Ctx) => Promise<T>) =>
    mutate(db, req, { title: 'shipment', businessType: 'UPDATE' }, (q) => fn({ q, caller: requireCaller(req), now: clock.now(), events }));

  route(app, { method: 'POST', url: `${BASE}/create`, operationId: 'shipment.create', summary: 'A new dispatch order from reviewed waybills', tags, permission: P('create'), body: L(C.Create), response: okOf(C.Created) }, async (req) => {
    const ids = req.body.waybillIds;
    const out = await mutate(db, req, { title: 'shipment', businessType: 'INSERT' }, (q) => createShipmentFromWaybills(q, requireCaller(req), ids, clock.now()));
    return ok(req, out);
  });

  route(app, { method: 'POST', url: `${BASE}/schedule`, operationId: 'shipment.schedule', summary: 'Schedule an open dispatch order: carrier, vehicles, drivers, planned times (OPEN → CONFIRMED)', tags, permission: P('schedule'), body: L(C.Schedule), response: Done }, async (req) => {
    const b = req.body;
    await run(req, (c) => act.schedule(c, b.id[0]!, b));
    return ok(req, null, 'messages.shipment.scheduled');
  });

  route(app, { method: 'POST', url: `${BASE}/reassignDriver`, operationId: 'shipment.reassignDriver', summary: 'Change the driver / vehicles of a confirmed or effective dispatch order (the acceptance is reset)', tags, permission: P('reassign'), body: L(C.ReassignDriver), response: Done }, async (req) => {
    const b = req.body;
    await run(req, (c) => act.reassignDriver(c, b.id[0]!, b));
    return ok(req, null, 'messages.shipment.reassigned');
  });

  route(app, { method: 'POST', url: `${BASE}/reassignInTransit`, operationId: 'shipment.reassignInTransit', summary: 'Hand a shipped dispatch order over to another vehicle / driver at a time and place', tags, permission: P('reassignTransit'), body: L(C.ReassignInTransit), response: Done }, async (req) => {
    const b = req.body;
    await run(req, (c) => act.reassignInTransit(c, b.id[0]!, b));
    return ok(req, null, 'messages.shipment.reassigned');
  });

  // bulk actions on a selection: { ids: [...] , ... }
  const bulk: [path: string, perm: string, summary: string, body: z.ZodType<Body & { ids: number[] }>, fn: (c: act.Ctx, ids: number[], b: Body) => Promise<unknown>, msg: string][] = [
    ['cancelSchedule', 'cancelSchedule', 'Cancel the scheduling (CONFIRMED → OPEN, the assignment cleared)', C.Selection, (c, ids) => act.cancelSchedule(c, ids), 'messages.shipment.scheduleCancelled'],
    ['effect', 'effect', 'Take effect (CONFIRMED → EFFECTIVE): the driver sees it', C.Selection, (c, ids) => act.effect(c, ids), 'messages.shipment.effectOk'],
    ['withdraw', 'withdraw', 'Withdraw (EFFECTIVE → CONFIRMED) unless the driver accepted', C.Selection, (c, ids) => act.withdraw(c, ids), 'messages.shipment.withdrawOk'],
    ['ship', 'ship', 'Ship at a time (EFFECTIVE → SHIPPED): one receipt per waybill', C.ShipOrFinish, async (c, ids, b) => { await act.ship(c, ids, b); await app.events.emit(c, 'shipment.shipped', { dispatchCenterId: centerOf(c.caller), shipmentIds: ids, at: new Date(String(b.time)) }); }, 'messages.shipment.shipped'],
    ['finish', 'finish', 'Finish at a time (SHIPPED → COMPLETED)', C.ShipOrFinish, async (c, ids, b) => { await act.finish(c, ids, b); await app.events.emit(c, 'shipment.finished', { dispatchCenterId: centerOf(c.caller), shipmentIds: ids, at: new Date(String(b.time)) }); }, 'messages.shipment.finished'],
    ['adminReturn', 'return', 'Administrator return with a reason (CONFIRMED / EFFECTIVE → OPEN)', C.AdminReturn, act.adminReturn, 'messages.shipment.returned'],
  ];
  for (const [path, perm, summary, schema, fn, msg] of bulk) {
    route(app, { method: 'POST', url: `${BASE}/${path}`, operationId: `shipment.${path}`, summary, description: 'All or nothing: one dispatch order in the wrong state refuses the action (409).', tags, permission: P(perm), body: L(schema), response: Done }, async (req) => {
      const b = req.body;
      await run(req, (c) => fn(c, b.ids, b));
      return ok(req, null, msg);
    });
  }

  route(app, { method: 'POST', url: `${BASE}/print`, operationId: 'shipment.print', summary: 'Print the dispatch sheets (HTML) with a template and printer', tags, permission: P('print'), body: L(C.Print), response: okOf(C.Printed) }, async (req) => {
    const b = req.body;
    return ok(req, await run(req, (c) => printSheets(c, b.ids, b, secrets && { clock, secrets, origin: originOf(req) })));
  });

  // waybills on a shipment: { id, waybillIds, confirmCarrierMismatch? }
  for (const [path, summary] of [
    ['bind', 'Bind reviewed waybills to an open or confirmed dispatch order'],
    ['addWaybills', 'Add waybills to a dispatch order (same as bind)'],
  ] as const) {
    route(app, { method: 'POST', url: `${BASE}/${path}`, operationId: `shipment.${path}`, summary, description: 'A carrier mismatch answers 409 with `data.confirm` = `carrierMismatch`; send again with `confirmCarrierMismatch: true`.', tags, permission: P('bind'), body: L(C.Bind), response: okOf(C.Bound) }, async (req) => {
      const b = req.body;
      const out = await run(req, async (c) => {
        const bound = await bindWaybills(c.q, c.caller, b.id[0]!, b.waybillIds, { confirmCarrierMismatch: b.confirmCarrierMismatch === true }, c.now);
        await c.events?.emit(c, 'shipment.waybillsChanged', { dispatchCenterId: centerOf(c.caller), shipmentId: bound.id, waybillIds: b.waybillIds, change: 'BIND' });
        return bound;
      });
      return ok(req, out, 'messages.shipment.bound');
    });
  }
  for (const [path, summary] of [
    ['unbind', 'Take waybills off a dispatch order'],
    ['reduceWaybills', 'Take waybills off a dispatch order (same as unbind)'],
  ] as const) {
    route(app, { method: 'POST', url: `${BASE}/${path}`, operationId: `shipment.${path}`, summary, tags, permission: P('unbind'), body: L(C.Unbind), response: okOf(C.Bound) }, async (req) => {
      const b = req.body;
      const out = await run(req, async (c) => {
        const unbound = await unbindWaybills(c.q, c.caller, b.id[0]!, b.waybillIds, c.now);
        await c.events?.emit(c, 'shipment.waybillsChanged', { dispatchCenterId: centerOf(c.caller), shipmentId: unbound.id, waybillIds: b.waybillIds, change: 'UNBIND' });
        return unbound;
      });
      return ok(req, out, 'messages.shipment.unbound');
    });
  }

  route(app, { method: 'GET', url: `${BASE}/trajectory/:id`, operationId: 'shipment.trajectory', summary: 'The trajectory of a dispatch order (simplified for a map zoom)', tags, permission: 'shipment:trajectory:query', params: L(C.TrajectoryParams), querystring: L(C.TrajectoryQuery), response: okOf(C.Trajectory) }, async (req) => {
    return ok(req, await trajectory(db, requireCaller(req), req.params.id, req.query.zoom));
  });
}
