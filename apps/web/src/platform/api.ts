/**
 * Typed calls: an endpoint of @tms/domain (the same object the server registers its route from) gives the
 * method, the path, the input types and the answer's type. A route whose path, input or answer changes
 * breaks this build instead of the user's screen.
 */
import type { z } from 'zod';
import { fillPath, type BinaryAnswer, type Endpoint } from '@tms/domain';
import { request, type RequestOptions } from './http.ts';

type Maybe = z.ZodType | undefined;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** The answer of an endpoint: the envelope its response schema describes, or the raw Response of a file. */
export type AnswerOf<E> = E extends Endpoint<Maybe, Maybe, Maybe, infer R> ? (R extends z.ZodType ? z.output<R> : R extends BinaryAnswer ? Response : never) : never;
/** The payload of an `{ code, msg, data }` answer. */
export type DataOf<E> = AnswerOf<E> extends { data: infer D } ? D : never;

export interface CallInput<P extends Maybe, Q extends Maybe, B extends Maybe> {
  /** values of the path's `:name` parameters */
  params?: In<P>;
  query?: In<Q>;
  /** the JSON body, or the form of an upload */
  body?: In<B> | FormData;
}

/** Calls an endpoint; resolves to its whole answer (envelope, or Response for a file), rejects with HttpError. */
export async function call<P extends Maybe, Q extends Maybe, B extends Maybe, R extends z.ZodType | BinaryAnswer>(
  e: Endpoint<P, Q, B, R>,
  input: CallInput<P, Q, B> = {},
  opts: RequestOptions = {},
): Promise<AnswerOf<Endpoint<P, Q, B, R>>> {
  const binary = 'binary' in e.response;
  return request(e.method, fillPath(e.path, input.params as Record<string, unknown> | undefined), {
    ...opts,
    params: input.query as Record<string, unknown> | undefined,
    data: input.body,
    ...(binary ? { raw: true, timeoutMs: opts.timeoutMs ?? 120_000 } : {}),
  });
}

/** Calls an endpoint that answers `{ code, msg, data }`; resolves to `data`. */
export async function callData<P extends Maybe, Q extends Maybe, B extends Maybe, R extends z.ZodType>(
  e: Endpoint<P, Q, B, R>,
  input: CallInput<P, Q, B> = {},
  opts: RequestOptions = {},
): Promise<DataOf<Endpoint<P, Q, B, R>>> {
  const answer = (await call(e, input, opts)) as { data?: unknown };
  return answer.data as DataOf<Endpoint<P, Q, B, R>>;
}
