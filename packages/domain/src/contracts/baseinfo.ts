/** Request and answer schemas of the hand-written base-data routes (/api/baseinfo/*): a station's detail, the map editors' saves. */
import { z } from 'zod';
import { endpoint, IdParams, okOf, resourceRow } from '../api.ts';
import { extraWindow, location, station, stationFenceSchema, stationLimit, timeWindow, zone, zoneShapeSchema } from '../resources/baseinfo.ts';

/** A station with its detail tabs, each row as its resource's list sends it. */
export const StationDetail = z
  .object({
    station: resourceRow(station),
    limits: z.array(resourceRow(stationLimit)),
    timeWindows: z.array(resourceRow(timeWindow)),
    extraWindows: z.array(resourceRow(extraWindow)),
    location: resourceRow(location).nullable(),
  })
  .describe('a station with its limits, time windows, extra windows and location');
export const ZoneShape = zoneShapeSchema;
export const StationFence = stationFenceSchema;

export const endpoints = {
  stationDetail: endpoint({ method: 'GET', path: '/baseinfo/station/detail/:id', operationId: 'station.detail', summary: 'A station with its limits, time windows, extra windows and location', tags: ['station'], permission: 'baseinfo:station:query', params: IdParams, response: okOf(StationDetail) }),
  zoneShape: endpoint({ method: 'POST', path: '/baseinfo/zone/shape', operationId: 'zone.shape', summary: "Save a zone's polygon or circle (or none), with the version read", tags: ['zone'], permission: 'baseinfo:zone:edit', body: ZoneShape, response: okOf(resourceRow(zone)) }),
  stationFence: endpoint({ method: 'POST', path: '/baseinfo/station/fence', operationId: 'station.fence', summary: "Save a station's point and e-fence (a circle of fenceDistance km, or a polygon), with the version read", tags: ['station'], permission: 'baseinfo:station:edit', body: StationFence, response: okOf(resourceRow(station)) }),
};
