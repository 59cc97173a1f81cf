/**
 * Request and answer schemas of the dispatch-order actions (/api/shipment/shipment/*; list, get and export come
 * from the resource definition). The selection is checked here (none → 'Please select dispatch order first!');
 * the other fields are checked by the state machine, which names each refused field (in its own order, after the
 * selection), so they are documented here and passed through as sent.
 */
import { z } from 'zod';
import { endpoint, LiveEta, okOf, resourceGet } from '../api.ts';
import { shipment } from '../resources/shipment.ts';
import { checkedLater, needIds, optInt, plainBody, shipmentSelection } from './checks.ts';

const int = (description: string) => checkedLater<number | string>({ type: 'integer', description });
const time = (description: string) => checkedLater<string>({ type: 'string', format: 'date-time', description });
const text = (description: string, maxLength?: number) => checkedLater<string>({ type: 'string', description, ...(maxLength ? { maxLength } : {}) });

const one = shipmentSelection('the dispatch order');
const many = shipmentSelection('the dispatch orders: an array, one id or `1,2,3` (all or nothing)');
const version = int('the version read (optimistic lock)');
const assignment = {
  carrierId: int('the carrier'),
  vehicleIdMain: int('the tractor / truck'),
  vehicleIdSlave: int('the trailer'),
  driverIdMaster: int('the driver'),
  driverIdSecond: int('the second driver'),
};

export const Create = plainBody({ waybillIds: needIds('reviewed waybills of one dispatch center') });
export const Created = z.object({ id: z.number(), shipmentCode: z.string() }).loose();
export const Schedule = plainBody({ id: one, version, ...assignment, etd: time('planned departure'), eta: time('planned arrival') });
export const ReassignDriver = plainBody({ id: one, version, ...assignment, reason: text('why', 100) });
export const ReassignInTransit = plainBody({
  id: one,
  version,
  ...assignment,
  handoverTime: time('when the new crew takes over (not before departure)'),
  handoverPlace: text('where', 100),
  handoverLng: checkedLater<number>({ type: 'number', minimum: -180, maximum: 180 }),
  handoverLat: checkedLater<number>({ type: 'number', minimum: -90, maximum: 90 }),
});
export const Selection = plainBody({ ids: many });
export const ShipOrFinish = plainBody({ ids: many, time: time('actual departure (ship) or arrival (finish)') });
export const AdminReturn = plainBody({ ids: many, reason: text('why (required)', 200) });
export const Print = plainBody({ ids: many, templateId: int('the print template'), printerId: int('the printer'), reason: text('required for a reprint', 100) });
export const Printed = z.object({ html: z.string(), count: z.number() }).loose();
/** Waybills on a dispatch order: the waybills are checked first, then the dispatch order. */
export const Bind = plainBody({
  waybillIds: needIds('the waybills'),
  id: one,
  confirmCarrierMismatch: checkedLater<boolean>({ type: 'boolean', description: 'send again with true after a 409 whose data.confirm is carrierMismatch' }),
});
export const Unbind = plainBody({ waybillIds: needIds('the waybills'), id: one });
export const Bound = z.object({ id: z.number(), shipmentCode: z.string() }).loose();
export const TrajectoryParams = z.object({ id: optInt(0, 1, Number.MAX_SAFE_INTEGER, 'the dispatch order') });
export const TrajectoryQuery = z.object({ zoom: optInt(null, 0, 22, 'map zoom: fewer points at low zoom (none = every point)') }).loose();
const isoTime = z.string().meta({ format: 'date-time' });
/** A stop of a dispatch order with its station's coordinates (server shipment/detail.ts `stops`). */
export const TrajectoryStop = z.object({
  id: z.number(), seq: z.number().int(), stationId: z.number(), stationCode: z.string(), stationName: z.string(), stopType: z.string().describe('LOAD, UNLOAD or BOTH'),
  eta: isoTime.nullable(), ata: isoTime.nullable(), atd: isoTime.nullable(), lng: z.number().nullable(), lat: z.number().nullable(),
});
/** A leg of a dispatch order handed over in transit (server shipment/detail.ts `legs`). */
export const TrajectoryLeg = z.object({
  id: z.number(), seq: z.number().int(), startTime: isoTime, endTime: isoTime.nullable(), handoverPlace: z.string().nullable(), handoverLng: z.number().nullable(), handoverLat: z.number().nullable(),
  plateNumber: z.string().nullable(), driverName: z.string().nullable(), remark: z.string().nullable(),
});
export const TrajectoryShipment = z.object({ id: z.number(), shipmentCode: z.string(), status: z.string(), etd: isoTime.nullable(), eta: isoTime.nullable(), atd: isoTime.nullable(), ata: isoTime.nullable(), vehicleIdMain: z.number().nullable() });
export const Trajectory = z
  .object({
    shipment: TrajectoryShipment,
    total: z.number().int().describe('positions stored'),
    zoom: z.number().int().nullable(),
    points: z.array(z.tuple([z.number(), z.number(), z.number(), z.number().nullable()])).describe('[lng, lat, epoch ms, speed km/h], oldest first, simplified for the zoom'),
    stops: z.array(TrajectoryStop),
    legs: z.array(TrajectoryLeg),
  })
  .meta({ id: 'ShipmentTrajectory', description: 'the positions (simplified for the zoom), stops and legs of a dispatch order' });

const tags = ['shipment'];
const P = (action: string) => `shipment:shipment:${action}`;
/** The empty answer of an action (its message says what happened). */
const Done = okOf(z.null());
const ALL_OR_NOTHING = 'All or nothing: one dispatch order in the wrong state refuses the action (409).';
const MISMATCH = 'A carrier mismatch answers 409 with `data.confirm` = `carrierMismatch`; send again with `confirmCarrierMismatch: true`.';
const post = <B extends z.ZodType, R extends z.ZodType>(path: string, permission: string, summary: string, body: B, response: R, description?: string) =>
  endpoint({ method: 'POST', path: `/shipment/shipment/${path}`, operationId: `shipment.${path}`, summary, ...(description ? { description } : {}), tags, permission, body, response });
/** A dispatch order's actions (the server answers their refusals in its own form: legacyErrors). */
export const actions = {
  create: post('create', P('create'), 'A new dispatch order from reviewed waybills', Create, okOf(Created)),
  schedule: post('schedule', P('schedule'), 'Schedule an open dispatch order: carrier, vehicles, drivers, planned times (OPEN → CONFIRMED)', Schedule, Done),
  reassignDriver: post('reassignDriver', P('reassign'), 'Change the driver / vehicles of a confirmed or effective dispatch order (the acceptance is reset)', ReassignDriver, Done),
  reassignInTransit: post('reassignInTransit', P('reassignTransit'), 'Hand a shipped dispatch order over to another vehicle / driver at a time and place', ReassignInTransit, Done),
  cancelSchedule: post('cancelSchedule', P('cancelSchedule'), 'Cancel the scheduling (CONFIRMED → OPEN, the assignment cleared)', Selection, Done, ALL_OR_NOTHING),
  effect: post('effect', P('effect'), 'Take effect (CONFIRMED → EFFECTIVE): the driver sees it', Selection, Done, ALL_OR_NOTHING),
  withdraw: post('withdraw', P('withdraw'), 'Withdraw (EFFECTIVE → CONFIRMED) unless the driver accepted', Selection, Done, ALL_OR_NOTHING),
  ship: post('ship', P('ship'), 'Ship at a time (EFFECTIVE → SHIPPED): one receipt per waybill', ShipOrFinish, Done, ALL_OR_NOTHING),
  finish: post('finish', P('finish'), 'Finish at a time (SHIPPED → COMPLETED)', ShipOrFinish, Done, ALL_OR_NOTHING),
  adminReturn: post('adminReturn', P('return'), 'Administrator return with a reason (CONFIRMED / EFFECTIVE → OPEN)', AdminReturn, Done, ALL_OR_NOTHING),
  print: post('print', P('print'), 'Print the dispatch sheets (HTML) with a template and printer', Print, okOf(Printed)),
  bind: post('bind', P('bind'), 'Bind reviewed waybills to an open or confirmed dispatch order', Bind, okOf(Bound), MISMATCH),
  addWaybills: post('addWaybills', P('bind'), 'Add waybills to a dispatch order (same as bind)', Bind, okOf(Bound), MISMATCH),
  unbind: post('unbind', P('unbind'), 'Take waybills off a dispatch order', Unbind, okOf(Bound)),
  reduceWaybills: post('reduceWaybills', P('unbind'), 'Take waybills off a dispatch order (same as unbind)', Unbind, okOf(Bound)),
};
export const trajectory = endpoint({ method: 'GET', path: '/shipment/shipment/trajectory/:id', operationId: 'shipment.trajectory', summary: 'The trajectory of a dispatch order (simplified for a map zoom)', tags, permission: 'shipment:trajectory:query', params: TrajectoryParams, querystring: TrajectoryQuery, response: okOf(Trajectory) });

/** A row of a detail section: its id and the columns the section's query selects (server shipment/detail.ts). */
const section = (description: string) => z.array(z.object({ id: z.number() }).loose()).describe(description);
export const endpoints = {
  /** the generic get of the dispatch order resource, with what server shipment/detail.ts adds */
  get: resourceGet(shipment, {
    waybills: section('its waybills with their client, carrier, stations, times and totals'),
    lines: section("its waybills' lines"),
    stops: section('its stops with their stations'),
    tracking: section('its business log'),
    orderTracking: section("what happened to its waybills' orders"),
    legs: section('the legs of an in-transit reassignment'),
    prints: section('its print log'),
    abnormalReceipts: section('the short or damaged lines of its abnormal receipts'),
    liveEta: LiveEta.nullable().optional().describe('null before any position of the dispatch order in progress'),
  }),
};
