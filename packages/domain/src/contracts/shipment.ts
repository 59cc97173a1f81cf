/**
 * Request and answer schemas of the dispatch-order actions (/api/shipment/shipment/*; list, get and export come
 * from the resource definition). The selection is checked here (none → 'Please select dispatch order first!');
 * the other fields are checked by the state machine, which names each refused field (in its own order, after the
 * selection), so they are documented here and passed through as sent.
 */
import { z } from 'zod';
import { checkedLater, needIds, optInt, plainBody, shipmentSelection } from './checks.ts';

const int = (description: string) => checkedLater({ type: 'integer', description });
const time = (description: string) => checkedLater({ type: 'string', format: 'date-time', description });
const text = (description: string, maxLength?: number) => checkedLater({ type: 'string', description, ...(maxLength ? { maxLength } : {}) });

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
  handoverLng: checkedLater({ type: 'number', minimum: -180, maximum: 180 }),
  handoverLat: checkedLater({ type: 'number', minimum: -90, maximum: 90 }),
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
  confirmCarrierMismatch: checkedLater({ type: 'boolean', description: 'send again with true after a 409 whose data.confirm is carrierMismatch' }),
});
export const Unbind = plainBody({ waybillIds: needIds('the waybills'), id: one });
export const Bound = z.object({ id: z.number(), shipmentCode: z.string() }).loose();
export const TrajectoryParams = z.object({ id: optInt(0, 1, Number.MAX_SAFE_INTEGER, 'the dispatch order') });
export const TrajectoryQuery = z.object({ zoom: optInt(null, 0, 22, 'map zoom: fewer points at low zoom (none = every point)') }).loose();
export const Trajectory = z.object({}).loose().meta({ id: 'ShipmentTrajectory', description: 'the positions (simplified for the zoom), stops, legs and alerts of a dispatch order' });
