/** Calls of the shipment screens (server: apps/server/src/modules/shipment/routes.ts). */
import type { z } from 'zod';
import { FleetApi, resourceByName, ShipmentApi, type Endpoint } from '@tms/domain';
import type { RequestOptions } from '../../platform/http.ts';
import { call, callData, type AnswerOf, type DataOf } from '../../platform/api.ts';
import type { Row } from '../../platform/resource/columns.ts';

export const shipmentDef = resourceByName.get('shipment')!;
export const rosDef = resourceByName.get('shipmentRos')!;
export const BASE = '/shipment/shipment';

export type ShipmentDetail = DataOf<typeof ShipmentApi.endpoints.get>;

export const fetchShipment = (id: number) => callData(ShipmentApi.endpoints.get, { params: { id } });

type Actions = typeof ShipmentApi.actions;
/** The body an action of the dispatch order takes (its endpoint's schema in @tms/domain). */
export type ActionBody<K extends keyof Actions> = z.input<Exclude<NonNullable<Actions[K]['body']>, 'upload'>>;
/**
 * A shipment action, typed by its endpoint (a changed route breaks this build); answers the server's envelope (its msg
 * is the spec's success text).
 */
export function action<K extends keyof Actions>(name: K, body: ActionBody<K>, opts?: RequestOptions): Promise<AnswerOf<Actions[K]>> {
  return call(ShipmentApi.actions[name] as Endpoint<undefined, undefined, z.ZodType, z.ZodType>, { body }, opts) as Promise<AnswerOf<Actions[K]>>;
}

/** [lng, lat, epoch ms, speed km/h] */
export type TrackPoint = Trajectory['points'][number];
export type Trajectory = z.output<typeof ShipmentApi.Trajectory>;

export const fetchTrajectory = (id: number, zoom: number) => callData(ShipmentApi.trajectory, { params: { id }, query: { zoom } });

/** What the playback draws: a dispatch order's trajectory, or a vehicle's own track (no stops, no legs). */
export type Track = Pick<Trajectory, 'total' | 'points' | 'stops' | 'legs'> & { sampleSeconds?: number | null };
/** A vehicle's track over any time range (a long range comes sampled, one point per bucket). */
export async function fetchVehicleTrack(v: { id: number; from: string; to: string }, zoom: number): Promise<Track> {
  const d = await callData(FleetApi.endpoints.vehicleTrack, { params: { id: v.id }, query: { from: v.from, to: v.to, zoom } });
  return { total: d.total, sampleSeconds: d.sampleSeconds, points: d.points, stops: [], legs: [] };
}
