/**
 * The driver API's endpoints as the app calls them. Their inputs and answers are typed from @tms/domain (the
 * same declarations the server registers its routes from) by a type-only import, so the app's bundle carries
 * no schema library; the method and path of each are written here once and held to the domain's by
 * routes.test.ts. A route whose input or answer changes breaks this app's build; one whose path changes, a test.
 */
import type { z } from 'zod';
import type { DriverApi } from '@tms/domain';

export type Endpoints = typeof DriverApi.endpoints;

export const ROUTES = {
  login: 'POST /driver/login',
  logout: 'POST /driver/logout',
  me: 'GET /driver/me',
  shipments: 'GET /driver/shipments',
  accept: 'POST /driver/shipments/:id/accept',
  refuse: 'POST /driver/shipments/:id/refuse',
  positions: 'POST /driver/positions',
  uploadFile: 'POST /driver/files',
  checkItems: 'GET /driver/checkItems',
  vehicleCheck: 'POST /driver/shipments/:id/vehicleCheck',
  pushKey: 'GET /driver/push/key',
  pushSubscribe: 'POST /driver/push/subscription',
  pushUnsubscribe: 'POST /driver/push/unsubscribe',
  epod: 'GET /driver/epods/:id',
  epodReport: 'POST /driver/epods/:id/report',
  epodDeparture: 'POST /driver/epods/:id/departure',
  epodPicture: 'POST /driver/epods/:id/pictures',
} as const satisfies Partial<Record<keyof Endpoints, string>>;
export type Name = keyof typeof ROUTES;

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
  const [method, path] = ROUTES[name].split(' ') as [string, string];
  return {
    method,
    path: path.replace(/:([A-Za-z_]\w*)/g, (_, p: string) => {
      const v = params?.[p];
      if (v === undefined || v === null || v === '') throw new Error(`missing path parameter ${p} of ${path}`);
      return encodeURIComponent(String(v));
    }),
  };
}
