/** Request and answer schemas of the fleet routes (/api/fleet/*, issue 19). */
import { z } from 'zod';
import { endpoint, intText, okOf } from '../api.ts';

/** a time (ISO-8601 with a zone, or epoch milliseconds as text) */
const instant = z
  .string({ error: 'validation.required' })
  .refine((v) => !Number.isNaN(new Date(/^\d{1,16}$/.test(v) ? Number(v) : v).getTime()), { error: 'validation.datetime' })
  .transform((v) => new Date(/^\d{1,16}$/.test(v) ? Number(v) : v))
  .meta({ format: 'date-time' });

export const TrackParams = z.object({ id: intText(1).describe('the vehicle') });
export const TrackQuery = z.object({
  from: instant.describe('from this time'),
  to: instant.describe('up to this time (not before from)'),
  zoom: intText(0, 22).optional().describe("the map's zoom level: points closer than a pixel are dropped"),
});
export const VehicleTrack = z.object({
  vehicle: z.object({ id: z.number(), code: z.string(), plateNumber: z.string() }),
  total: z.number().int().describe('points stored in the range'),
  sampleSeconds: z.number().int().nullable().describe('a long range is sampled: the first point of each bucket of this many seconds; null = every point'),
  points: z.array(z.tuple([z.number(), z.number(), z.number(), z.number().nullable()])).describe('[lng, lat, epoch ms, speed km/h], oldest first'),
});

// ---------------------------------------------------------------------------
// Live fleet monitor (GET /api/fleet/monitor, GET /api/fleet/monitor/:id)

/** A vehicle's state on the monitor: an open terminal alarm first, then no report for the offline minutes, then its speed. */
export const MONITOR_STATES = ['MOVING', 'STOPPED', 'OFFLINE', 'ALARM'] as const;
export type MonitorState = (typeof MONITOR_STATES)[number];
/** the state letters of the compact answer */
export const MONITOR_STATE_CODE = { MOVING: 'M', STOPPED: 'S', OFFLINE: 'O', ALARM: 'A' } as const satisfies Record<MonitorState, string>;
const STATE_LETTERS = ['M', 'S', 'O', 'A'] as const satisfies readonly (typeof MONITOR_STATE_CODE)[MonitorState][];
export const MONITOR_RULES = {
  /** at or above this speed (km/h) a vehicle is moving */
  movingKmh: 3,
  /** default of config tms.monitor.offlineMinutes: no report for this long = offline */
  offlineMinutes: 10,
  /** JT/T 808 alarm flags that make a report an alarm: emergency, overspeed, fatigue (alert/terminal.ts) */
  alarmBits: 0b111,
} as const;

const filterText = (max: number) => z.string().max(max, { error: 'validation.maxLength' }).optional();
export const MonitorQuery = z.object({
  dispatchCenterId: intText(1).optional().describe("one of the caller's dispatch centers (default: all of them)"),
  carrierId: intText(1).optional().describe('vehicles of this carrier'),
  state: z.enum(MONITOR_STATES, { error: 'validation.invalid' }).optional().describe('vehicles in this state'),
  plate: filterText(20).describe('plate number contains'),
});
export const MONITOR_COLUMNS = ['id', 'plate', 'code', 'carrierId', 'lng', 'lat', 'speed', 'direction', 'reportedAt', 'state'] as const;
export const MonitorVehicles = z.object({
  now: z.number().describe("the server's time, epoch ms"),
  offlineMinutes: z.number().int().describe('a vehicle with no report for this long is offline (config tms.monitor.offlineMinutes)'),
  movingKmh: z.number().describe('at or above this speed a vehicle is moving'),
  columns: z.array(z.string()).describe('the names of the columns of rows'),
  rows: z
    .array(z.tuple([z.number(), z.string(), z.string(), z.number().nullable(), z.number().nullable(), z.number().nullable(), z.number().nullable(), z.number().nullable(), z.number().nullable(), z.enum(STATE_LETTERS)]))
    .describe('one per vehicle: [id, plate, code, carrier id, lng, lat, speed km/h, direction, last report epoch ms, state M|S|O|A]; no position yet: nulls'),
  counts: z.record(z.string(), z.number()).describe('vehicles per state letter, over every filter but the state'),
  carriers: z.array(z.tuple([z.number(), z.string()])).describe('[id, name] of the carriers of the vehicles in scope'),
  centers: z.array(z.tuple([z.number(), z.string()])).describe("[id, name] of the caller's dispatch centers"),
});
export const MonitorParams = z.object({ id: intText(1).describe('the vehicle') });
export const MonitorVehicle = z.object({
  id: z.number(),
  plateNumber: z.string(),
  code: z.string(),
  carrierName: z.string().nullable(),
  state: z.enum(MONITOR_STATES),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  speed: z.number().nullable(),
  direction: z.number().nullable(),
  reportedAt: z.string().nullable().describe('ISO-8601, the last report'),
  alarm: z.number().nullable().describe('JT/T 808 alarm flags of the last report'),
  openAlarms: z.array(z.string()).describe('alert types of the open terminal alarms of its dispatch orders'),
  driver: z.object({ id: z.number(), name: z.string(), mobile: z.string().nullable() }).nullable(),
  shipment: z.object({ id: z.number(), code: z.string(), status: z.string() }).nullable().describe('the dispatch order in progress (shipped first, else effective) of one of the caller’s centers'),
});

/** Who sees the fleet monitor (and the vehicles of its scope in the live stream). */
export const MONITOR_PERMISSION = 'shipment:monitor:query';
const tags = ['fleet'];
export const endpoints = {
  vehicleTrack: endpoint({ method: 'GET', path: '/fleet/track/:id', operationId: 'fleet.vehicleTrack', summary: "A vehicle's track over any time range (long ranges sampled: one point per time bucket)", tags, permission: 'baseinfo:transportMeans:query', params: TrackParams, querystring: TrackQuery, response: okOf(VehicleTrack) }),
  monitor: endpoint({ method: 'GET', path: '/fleet/monitor', operationId: 'fleet.monitor', summary: 'The last position and state of every vehicle in scope (compact rows)', tags, permission: MONITOR_PERMISSION, querystring: MonitorQuery, response: okOf(MonitorVehicles) }),
  monitorVehicle: endpoint({ method: 'GET', path: '/fleet/monitor/:id', operationId: 'fleet.monitorVehicle', summary: "A vehicle's card on the fleet monitor: last report, state, driver and dispatch order in progress", tags, permission: MONITOR_PERMISSION, params: MonitorParams, response: okOf(MonitorVehicle) }),
};
