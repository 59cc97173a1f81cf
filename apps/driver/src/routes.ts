/**
 * The driver API's routes as the app calls them: by their place (DRIVER_ROUTES of @tms/domain, no zod) with the
 * types of their endpoints (DriverApi, types only), so the phone's JavaScript carries no schema library and a
 * change of a route's place, input or answer still breaks this app's build.
 */
import type { z } from 'zod';
import { DRIVER_ROUTES, fillPath, type DriverApi } from '@tms/domain';

export type Endpoints = typeof DriverApi.endpoints;
export type Name = keyof Endpoints & keyof typeof DRIVER_ROUTES;

type In<S> = S extends z.ZodType ? z.input<S> : undefined;
/** What a call gives: its path parameters, query, JSON body, or the form of an upload. */
export type Input<K extends Name> = {
  params?: In<Endpoints[K]['params']>;
  query?: In<Endpoints[K]['querystring']>;
  body?: Exclude<Endpoints[K]['body'], 'upload'> extends infer B ? In<B> : never;
  form?: FormData;
};
/** The `data` of an endpoint's `{ code, msg, data }` answer. */
export type Data<K extends Name> = Endpoints[K]['response'] extends z.ZodType<infer O> ? (O extends { data: infer D } ? D : never) : never;
/** An answer's type by the name of its schema in @tms/domain. */
export type Schema<K extends keyof typeof DriverApi> = (typeof DriverApi)[K] extends z.ZodType<infer O> ? O : never;

/** The method and the path (below /api, its `:name` parameters filled in) of a call. */
export function target(name: Name, params: Record<string, unknown> | undefined): { method: string; path: string } {
  const { method, path } = DRIVER_ROUTES[name];
  return { method, path: fillPath(path, params) };
}
