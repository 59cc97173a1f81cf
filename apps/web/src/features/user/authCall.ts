/**
 * Calls of the sign-in and self-service routes: by their place (AUTH_ROUTES, no zod) with the types of their endpoints
 * (AuthApi, types only). The login page's JavaScript stays within its budget (bench/README.md), and a change of a
 * route's place, input or answer still breaks the build.
 */
import { AUTH_ROUTES, type AuthApi, type Endpoint } from '@tms/domain';
import type { AnswerOf, CallInput } from '../../platform/api.ts';
import { request, type RequestOptions } from '../../platform/http.ts';

type AuthEndpoints = typeof AuthApi.endpoints;
export type AuthRoute = keyof AuthEndpoints & keyof typeof AUTH_ROUTES;
type InputOf<E> = E extends Endpoint<infer P, infer Q, infer B> ? Pick<CallInput<P, Q, B>, 'body'> : never;
/** The payload of a sign-in route's answer. */
export type AuthData<K extends AuthRoute> = AnswerOf<AuthEndpoints[K]> extends { data: infer D } ? D : never;

/** Calls a sign-in route (a body, none takes path parameters or a query); resolves to its whole answer (the envelope), rejects with HttpError. */
export function callAuth<K extends AuthRoute>(name: K, input?: InputOf<AuthEndpoints[K]>, opts: RequestOptions = {}): Promise<AnswerOf<AuthEndpoints[K]>> {
  const { body }: { body?: unknown } = input ?? {};
  const { method, path } = AUTH_ROUTES[name];
  return request<AnswerOf<AuthEndpoints[K]>>(method, path, { ...opts, data: body });
}
