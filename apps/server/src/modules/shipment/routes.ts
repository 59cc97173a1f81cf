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
import { ShipmentApi as C } from '@tms/domain';
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

const A = C.actions;
type Body = Record<string, unknown>;

export const shipmentHooks: Record<string, ResourceHooks> = {
  shipment: { afterGet: (q, row) => shipmentDetail(q, Number(row.id), Number(row.dispatch_center_id)) },
};

export function registerShipmentRoutes(app: FastifyInstance, db: Db, clock: Clock, events?: DomainEvents, secrets?: Secrets): void {
  /** Runs an action in one transaction with its operation log. */
  const run = <T>(req: FastifyRequest, fn: (c: act.Ctx) => Promise<T>) =>
    mutate(db, req, { title: 'shipment', businessType: 'UPDATE' }, (q) => fn({ q, caller: requireCaller(req), now: clock.now(), events }));

  route(app, { ...A.create, body: L(C.Create) }, async (req) => {
    const ids = req.body.waybillIds;
    const out = await mutate(db, req, { title: 'shipment', businessType: 'INSERT' }, (q) => createShipmentFromWaybills(q, requireCaller(req), ids, clock.now()));
    return ok(req, out);
  });

  route(app, { ...A.schedule, body: L(C.Schedule) }, async (req) => {
    const b = req.body;
    await run(req, (c) => act.schedule(c, b.id[0]!, b));
    return ok(req, null, 'messages.shipment.scheduled');
  });

  route(app, { ...A.reassignDriver, body: L(C.ReassignDriver) }, async (req) => {
    const b = req.body;
    await run(req, (c) => act.reassignDriver(c, b.id[0]!, b));
    return ok(req, null, 'messages.shipment.reassigned');
  });

  route(app, { ...A.reassignInTransit, body: L(C.ReassignInTransit) }, async (req) => {
    const b = req.body;
    await run(req, (c) => act.reassignInTransit(c, b.id[0]!, b));
    return ok(req, null, 'messages.shipment.reassigned');
  });

  // bulk actions on a selection: { ids: [...] , ... }
  const bulk: [spec: typeof A.cancelSchedule | typeof A.ship | typeof A.adminReturn, body: z.ZodType<Body & { ids: number[] }>, fn: (c: act.Ctx, ids: number[], b: Body) => Promise<unknown>, msg: string][] = [
    [A.cancelSchedule, C.Selection, (c, ids) => act.cancelSchedule(c, ids), 'messages.shipment.scheduleCancelled'],
    [A.effect, C.Selection, (c, ids) => act.effect(c, ids), 'messages.shipment.effectOk'],
    [A.withdraw, C.Selection, (c, ids) => act.withdraw(c, ids), 'messages.shipment.withdrawOk'],
    [A.ship, C.ShipOrFinish, async (c, ids, b) => { await act.ship(c, ids, b); await app.events.emit(c, 'shipment.shipped', { dispatchCenterId: centerOf(c.caller), shipmentIds: ids, at: new Date(String(b.time)) }); }, 'messages.shipment.shipped'],
    [A.finish, C.ShipOrFinish, async (c, ids, b) => { await act.finish(c, ids, b); await app.events.emit(c, 'shipment.finished', { dispatchCenterId: centerOf(c.caller), shipmentIds: ids, at: new Date(String(b.time)) }); }, 'messages.shipment.finished'],
    [A.adminReturn, C.AdminReturn, act.adminReturn, 'messages.shipment.returned'],
  ];
  for (const [spec, schema, fn, msg] of bulk) {
    route(app, { ...spec, body: L(schema) }, async (req) => {
      const b = req.body;
      await run(req, (c) => fn(c, b.ids, b));
      return ok(req, null, msg);
    });
  }

  route(app, { ...A.print, body: L(C.Print) }, async (req) => {
    const b = req.body;
    return ok(req, await run(req, (c) => printSheets(c, b.ids, b, secrets && { clock, secrets, origin: originOf(req) })));
  });

  // waybills on a shipment: { id, waybillIds, confirmCarrierMismatch? }
  for (const spec of [A.bind, A.addWaybills]) {
    route(app, { ...spec, body: L(C.Bind) }, async (req) => {
      const b = req.body;
      const out = await run(req, async (c) => {
        const bound = await bindWaybills(c.q, c.caller, b.id[0]!, b.waybillIds, { confirmCarrierMismatch: b.confirmCarrierMismatch === true }, c.now);
        await c.events?.emit(c, 'shipment.waybillsChanged', { dispatchCenterId: centerOf(c.caller), shipmentId: bound.id, waybillIds: b.waybillIds, change: 'BIND' });
        return bound;
      });
      return ok(req, out, 'messages.shipment.bound');
    });
  }
  for (const spec of [A.unbind, A.reduceWaybills]) {
    route(app, { ...spec, body: L(C.Unbind) }, async (req) => {
      const b = req.body;
      const out = await run(req, async (c) => {
        const unbound = await unbindWaybills(c.q, c.caller, b.id[0]!, b.waybillIds, c.now);
        await c.events?.emit(c, 'shipment.waybillsChanged', { dispatchCenterId: centerOf(c.caller), shipmentId: unbound.id, waybillIds: b.waybillIds, change: 'UNBIND' });
        return unbound;
      });
      return ok(req, out, 'messages.shipment.unbound');
    });
  }

  route(app, { ...C.trajectory, params: L(C.TrajectoryParams), querystring: L(C.TrajectoryQuery) }, async (req) => {
    return ok(req, await trajectory(db, requireCaller(req), req.params.id, req.query.zoom));
  });
}
