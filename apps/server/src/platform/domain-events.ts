/**
 * Domain events: the one typed point where a module reacts to another's business event without the
 * two importing each other (finance rates the waybills an order review creates; the order module does
 * not know finance exists). Handlers run in order, awaited, inside the emitter's transaction (`q`):
 * what they write commits or rolls back with the event, and a handler's error refuses the whole action.
 * One bus per server (built in app.ts), so several servers in one process do not share handlers.
 */
import type { Queryable } from './db.ts';
import type { Caller } from './auth.ts';

/**
 * Every event, its name and payload. Add an event here; emitters and subscribers are typed by it. `dispatchCenterId`:
 * the center of the event's records (all of one center), which the subscribers' statements name (the distribution
 * key, docs/scale-out.md "Past one machine").
 */
export interface DomainEventMap {
  /** orders reviewed (OPEN → EFFECTIVE); `waybills` are the ones the review created, one per order: new (never rated, on no dispatch order, no receipt) */
  'order.reviewed': { dispatchCenterId: number; orderIds: number[]; waybills: { orderId: number; waybillId: number; code: string }[] };
  /** dispatch orders taken into effect (CONFIRMED → EFFECTIVE) */
  'shipment.effected': { dispatchCenterId: number; shipmentIds: number[] };
  /** waybills bound to or taken off a dispatch order (its totals and stops already recomputed) */
  'shipment.waybillsChanged': { dispatchCenterId: number; shipmentId: number; waybillIds: number[]; change: 'BIND' | 'UNBIND' };
  /** a confirmed or effective dispatch order given to other drivers / vehicles (`driversBefore`: its drivers until then) */
  'shipment.reassigned': { dispatchCenterId: number; shipmentId: number; status: string; driversBefore: number[] };
  /** a dispatch order's carrier changed by a reassignment */
  'shipment.carrierChanged': { dispatchCenterId: number; shipmentId: number; carrierBefore: number | null; carrierAfter: number | null };
  /** a waybill split: `waybillId` keeps the rest, `newWaybillId` took the split quantities */
  'waybill.split': { dispatchCenterId: number; waybillId: number; newWaybillId: number };
  /** receipts (epods) reported with signed quantities */
  'epod.signed': { dispatchCenterId: number; waybillIds: number[] };
  /** the driver's departure from the stop of a signed receipt reported (its waiting: arrival to departure) */
  'epod.departed': { dispatchCenterId: number; epodIds: number[]; waybillIds: number[] };
  /** orders created (by hand or by an import) */
  'order.created': { dispatchCenterId: number; orderIds: number[] };
  /** dispatch orders shipped (EFFECTIVE → SHIPPED) at `at` */
  'shipment.shipped': { dispatchCenterId: number; shipmentIds: number[]; at: Date };
  /** dispatch orders finished (SHIPPED → COMPLETED) at `at`: their waybills are delivered */
  'shipment.finished': { dispatchCenterId: number; shipmentIds: number[]; at: Date };
  /** receipts reported (signed); `abnormal` when a line has a shortage or damage */
  'epod.reported': { dispatchCenterId: number; epodIds: number[]; abnormal: boolean };
  /** alerts raised by the alert rules (of every center: the centers they are of, each once) */
  'alert.raised': { alertIds: number[]; dispatchCenterIds: number[] };
  /** receivable statements sent to their clients (settlement, issue 15) */
  'statement.sent': { dispatchCenterId: number; statementIds: number[] };
  /** a vehicle's positions entered the e-fence of a pickup / delivery station of its dispatch order (once per order and station) */
  'shipment.arrived': GeofenceCrossing;
  /** … and left it again past the hysteresis margin (once per order and station) */
  'shipment.departed': GeofenceCrossing;
  /** a process instance bound to a business record ended: approved, rejected or terminated (the record's module applies the outcome) */
  'workflow.ended': { instanceId: number; businessType: string; businessId: number | null; outcome: 'APPROVED' | 'REJECTED' | 'TERMINATED' };
  /** the ETA to the next delivery station fell under the configured threshold (once per dispatch order) */
  'shipment.arriving': { dispatchCenterId: number; shipmentId: number; stationId: number; at: Date; eta: Date; distanceKm: number };
}
export type DomainEventName = keyof DomainEventMap;

/** A geofence crossing: the dispatch order, the station, its part in the order and the position's reported time. */
export interface GeofenceCrossing {
  dispatchCenterId: number;
  shipmentId: number;
  stationId: number;
  role: 'PICKUP' | 'DELIVERY' | 'BOTH';
  at: Date;
}

/** What every handler gets besides the payload: the transaction, who acted and when. */
export interface DomainEventContext {
  q: Queryable;
  caller: Caller;
  now: Date;
  /** work to do once the transaction committed (e.g. sending a job that reads what it wrote); without it, at once */
  afterCommit?: (fn: () => Promise<void>) => void;
}

/** The caller of events nobody signed in for (the alert job, a driver's report): a name and no rights. */
export function systemCaller(userName = 'system'): Caller {
  return { userId: 0, userName, sessionId: 0, dispatchCenterId: null, roles: [], perms: new Set(), isAdmin: false, deptId: null, dataScopes: [], scopes: null, allowedIps: null };
}

export type DomainEventHandler<K extends DomainEventName> = (ctx: DomainEventContext, payload: DomainEventMap[K]) => Promise<void>;

export class DomainEvents {
  private readonly handlers = new Map<DomainEventName, DomainEventHandler<DomainEventName>[]>();

  /** Subscribes; returns the unsubscribe. */
  on<K extends DomainEventName>(name: K, handler: DomainEventHandler<K>): () => void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as unknown as DomainEventHandler<DomainEventName>);
    this.handlers.set(name, list);
    return () => {
      const i = list.indexOf(handler as unknown as DomainEventHandler<DomainEventName>);
      if (i >= 0) list.splice(i, 1);
    };
  }

  /** Runs the handlers one after the other in the emitter's transaction. */
  async emit<K extends DomainEventName>(ctx: DomainEventContext, name: K, payload: DomainEventMap[K]): Promise<void> {
    for (const h of [...(this.handlers.get(name) ?? [])]) await (h as unknown as DomainEventHandler<K>)(ctx, payload);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the server's one bus (app.ts) */
    events: DomainEvents;
  }
}
