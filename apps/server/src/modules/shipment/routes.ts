/**
 * Shipment (dispatch order) actions under /api/shipment/shipment (list, get and export come from the
 * resource engine). Every action is one transaction with its operation-log row (mutate) and answers
 * 409 with the domain message when the state forbids it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import { requireCaller } from '../../platform/auth.ts';
import { mutate } from '../../platform/audit.ts';
import { idList, intParam, ok } from '../../platform/http.ts';
import type { ResourceHooks } from '../../platform/resource-engine.ts';
import * as act from './actions.ts';
import { bindWaybills, createShipmentFromWaybills, unbindWaybills } from './binding.ts';
import { printSheets } from './print.ts';
import { selection } from './store.ts';
import { trajectory } from './trajectory.ts';
import { shipmentDetail } from './detail.ts';

const BASE = '/api/shipment/shipment';
const P = (action: string) => ({ config: { permission: `shipment:shipment:${action}` }, schema: { tags: ['shipment'] } });

type Body = Record<string, unknown>;
const bodyOf = (req: FastifyRequest): Body => (req.body && typeof req.body === 'object' ? (req.body as Body) : {});
/** The one shipment of a single-record action; none → 'Please select dispatch order first!'. */
const idOf = (b: Body) => selection(b.id)[0]!;

export const shipmentHooks: Record<string, ResourceHooks> = {
  shipment: { afterGet: (q, row) => shipmentDetail(q, Number(row.id)) },
};

export function registerShipmentRoutes(app: FastifyInstance, db: Db, clock: Clock): void {
  /** Runs an action in one transaction with its operation log. */
  const run = <T>(req: FastifyRequest, fn: (c: act.Ctx) => Promise<T>) =>
    mutate(db, req, { title: 'shipment', businessType: 'UPDATE' }, (q) => fn({ q, caller: requireCaller(req), now: clock.now() }));

  app.post(`${BASE}/create`, P('create'), async (req) => {
    const b = bodyOf(req);
    const ids = idList(b.waybillIds, 'waybillIds');
    const out = await mutate(db, req, { title: 'shipment', businessType: 'INSERT' }, (q) => createShipmentFromWaybills(q, requireCaller(req), ids, clock.now()));
    return ok(req, out);
  });

  app.post(`${BASE}/schedule`, P('schedule'), async (req) => {
    const b = bodyOf(req);
    await run(req, (c) => act.schedule(c, idOf(b), b));
    return ok(req, null, 'messages.shipment.scheduled');
  });

  app.post(`${BASE}/reassignDriver`, P('reassign'), async (req) => {
    const b = bodyOf(req);
    await run(req, (c) => act.reassignDriver(c, idOf(b), b));
    return ok(req, null, 'messages.shipment.reassigned');
  });

  app.post(`${BASE}/reassignInTransit`, P('reassignTransit'), async (req) => {
    const b = bodyOf(req);
    await run(req, (c) => act.reassignInTransit(c, idOf(b), b));
    return ok(req, null, 'messages.shipment.reassigned');
  });

  // bulk actions on a selection: { ids: [...] , ... }
  const bulk: [path: string, perm: string, fn: (c: act.Ctx, ids: number[], b: Body) => Promise<unknown>, msg: string][] = [
    ['cancelSchedule', 'cancelSchedule', (c, ids) => act.cancelSchedule(c, ids), 'messages.shipment.scheduleCancelled'],
    ['effect', 'effect', async (c, ids) => { await act.effect(c, ids); await app.events.emit(c, 'shipment.effected', { shipmentIds: ids }); }, 'messages.shipment.effectOk'],
    ['withdraw', 'withdraw', (c, ids) => act.withdraw(c, ids), 'messages.shipment.withdrawOk'],
    ['ship', 'ship', async (c, ids, b) => { await act.ship(c, ids, b); await app.events.emit(c, 'shipment.shipped', { shipmentIds: ids, at: new Date(String(b.time)) }); }, 'messages.shipment.shipped'],
    ['finish', 'finish', async (c, ids, b) => { await act.finish(c, ids, b); await app.events.emit(c, 'shipment.finished', { shipmentIds: ids, at: new Date(String(b.time)) }); }, 'messages.shipment.finished'],
    ['adminReturn', 'return', act.adminReturn, 'messages.shipment.returned'],
  ];
  for (const [path, perm, fn, msg] of bulk) {
    app.post(`${BASE}/${path}`, P(perm), async (req) => {
      const b = bodyOf(req);
      const ids = selection(b.ids);
      await run(req, (c) => fn(c, ids, b));
      return ok(req, null, msg);
    });
  }

  app.post(`${BASE}/print`, P('print'), async (req) => {
    const b = bodyOf(req);
    const ids = selection(b.ids);
    return ok(req, await run(req, (c) => printSheets(c, ids, b)));
  });

  // waybills on a shipment: { id, waybillIds, confirmCarrierMismatch? }
  for (const path of ['bind', 'addWaybills']) {
    app.post(`${BASE}/${path}`, P('bind'), async (req) => {
      const b = bodyOf(req);
      const waybillIds = idList(b.waybillIds, 'waybillIds');
      const out = await run(req, (c) => bindWaybills(c.q, c.caller, idOf(b), waybillIds, { confirmCarrierMismatch: b.confirmCarrierMismatch === true }, c.now));
      return ok(req, out, 'messages.shipment.bound');
    });
  }
  for (const path of ['unbind', 'reduceWaybills']) {
    app.post(`${BASE}/${path}`, P('unbind'), async (req) => {
      const b = bodyOf(req);
      const waybillIds = idList(b.waybillIds, 'waybillIds');
      const out = await run(req, (c) => unbindWaybills(c.q, c.caller, idOf(b), waybillIds, c.now));
      return ok(req, out, 'messages.shipment.unbound');
    });
  }

  app.get(`${BASE}/trajectory/:id`, { config: { permission: 'shipment:trajectory:query' }, schema: { tags: ['shipment'] } }, async (req) => {
    const id = intParam((req.params as { id: string }).id, 0, 1, Number.MAX_SAFE_INTEGER, 'id');
    const z = (req.query as Record<string, unknown>).zoom;
    const zoom = z === undefined || z === '' ? null : intParam(z, 0, 0, 22, 'zoom');
    return ok(req, await trajectory(db, requireCaller(req), id, zoom));
  });
}
