/**
 * The typed API contract (architecture.md "Routes: one schema, three uses"). A route declares its params,
 * query, body and success response as zod schemas (from @tms/domain) through `route()`; the same schemas
 *   - validate the request (400 in the envelope, each refused field named with a translated message),
 *   - type the handler (its input, and what it may return),
 *   - make the OpenAPI document at /api/docs/json.
 * The route's permission (`config.permission`, checked by platform/auth.ts) is the single source of its
 * security requirement, its `x-permission` and the line about it in the description: every /api route gets
 * them, and the error responses, in the document whether or not it is converted yet.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteHandlerMethod } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, FileUpload, type BinaryAnswer, type Endpoint } from '@tms/domain';
import { AppError, type FieldMessage } from './errors.ts';

// ---------------------------------------------------------------------------
// Validation

type Issue = z.core.$ZodIssue;
type Part = 'body' | 'querystring' | 'params' | 'headers';
/** A schema may answer its own failures (e.g. a resource body keeps the field's limits in the message). */
/** `data` is the refused input, for answers that reproduce a legacy order of checks. */
export type IssuesToError = (issues: Issue[], part: Part, data: unknown) => AppError;
const mappers = new WeakMap<object, IssuesToError>();
export function onValidationError<T extends z.ZodType>(schema: T, map: IssuesToError): T {
  mappers.set(schema, map);
  return schema;
}
/** Schemas that only describe a request part in the document (a multipart upload is read by its handler). */
const documentedOnly = new WeakSet<object>([FileUpload]);

const KEY = /^[a-zA-Z]+\.[\w.]+$/;

/** The translated-message key and parameters of one zod issue (schemas of @tms/domain put keys in their errors). */
export function issueMessage(issue: Issue): FieldMessage {
  const i = issue as Issue & { input?: unknown; origin?: string; expected?: string; format?: string; maximum?: number | bigint; minimum?: number | bigint };
  const params: Record<string, unknown> = {};
  if (i.maximum !== undefined) params.max = params.maxValue = Number(i.maximum);
  if (i.minimum !== undefined) params.min = Number(i.minimum);
  if (issue.message && KEY.test(issue.message)) return { key: issue.message, params };
  switch (issue.code) {
    case 'invalid_type':
      if (i.input === undefined || i.input === null) return { key: 'validation.required' };
      return { key: i.expected === 'number' || i.expected === 'int' ? 'validation.number' : i.expected === 'boolean' ? 'validation.boolean' : i.expected === 'string' ? 'validation.string' : 'validation.invalid' };
    case 'too_big':
      return { key: i.origin === 'string' ? 'validation.maxLength' : 'validation.max', params };
    case 'too_small':
      if (i.origin === 'string' && params.min === 1) return { key: 'validation.required' };
      return { key: 'validation.min', params };
    case 'invalid_format':
      return { key: i.format === 'datetime' ? 'validation.datetime' : i.format === 'date' ? 'validation.date' : i.format === 'email' ? 'validation.email' : 'validation.invalid' };
    case 'unrecognized_keys':
      return { key: 'validation.unknownField' };
    case 'not_multiple_of':
      return { key: 'validation.integer' };
    default:
      return { key: 'validation.invalid' };
  }
}

/** The 400 of a refused request part: one message per field (dotted path), the first issue of each. */
export function issuesToError(issues: Issue[], part: Part): AppError {
  const errors: Record<string, FieldMessage> = {};
  let top: string | null = null;
  for (const issue of issues) {
    const keys = issue.code === 'unrecognized_keys' ? (issue as { keys: string[] }).keys.map((k) => [...issue.path, k]) : [issue.path];
    for (const p of keys) {
      const path = p.map(String).join('.') || (part === 'body' ? 'body' : part);
      errors[path] ??= issueMessage(issue);
    }
    const msg = (issue as { params?: { msg?: unknown } }).params?.msg;
    if (!top && typeof msg === 'string') top = msg;
  }
  const first = Object.keys(errors)[0] ?? part;
  // a refused query string names the filter, as the lists always did
  if (!top && part === 'querystring') return new AppError(400, 'messages.badFilter', { field: first }, errors);
  return new AppError(400, top ?? 'messages.validationFailed', undefined, errors);
}

/**
 * Refusals as the hand-written checks answered them (schemas of @tms/domain contracts/checks.ts): the first refused
 * field only (`all`: every field), the message on top from the issue's `params.msg` (badFilter names the field),
 * the field under `params.as` when given.
 */
export function legacyErrors<T extends z.ZodType>(schema: T, all = false): T {
  return onValidationError(schema, (issues, part) => {
    const errors: Record<string, FieldMessage> = {};
    let top: AppError | null = null;
    for (const issue of all ? issues : issues.slice(0, 1)) {
      const p = ((issue as { params?: { msg?: unknown; as?: unknown } }).params ?? {});
      const field = typeof p.as === 'string' ? p.as : issue.path.map(String).join('.') || (part === 'body' ? 'body' : part);
      errors[field] ??= issueMessage(issue);
      if (!top) {
        const msg = typeof p.msg === 'string' ? p.msg : part === 'querystring' ? 'messages.badFilter' : 'messages.validationFailed';
        top = new AppError(400, msg, msg === 'messages.badFilter' ? { field } : undefined);
      }
    }
    return new AppError(400, top!.key, top!.params, errors);
  });
}

/** Validates input gathered from several parts (e.g. the query string and the body together) with a route schema's refusals. */
export function parseInput<T extends z.ZodType>(schema: T, data: unknown, part: Part): z.output<T> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  throw (mappers.get(schema) ?? issuesToError)(r.error.issues, part, data);
}

function validatorCompiler({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  if (documentedOnly.has(schema as object)) return () => true;
  if (!(schema instanceof z.ZodType)) throw new Error(`route schema of ${httpPart} is not a zod schema`);
  const part = (httpPart ?? 'body') as Part;
  const map = mappers.get(schema) ?? issuesToError;
  return (data: unknown) => {
    const r = schema.safeParse(data);
    return r.success ? { value: r.data } : { error: map(r.error.issues, part, data) };
  };
}

// ---------------------------------------------------------------------------
// The document

const ERRORS: Record<string, string> = {
  400: 'The input is malformed or refused: `errors` names each field, in the request language',
  401: 'No token, or an unknown, expired or revoked one',
  403: 'Authenticated, but without the permission, role, client scope or address this needs',
  404: 'No such record within the caller\u2019s data scope',
  409: 'A business rule forbids it in the current state, or the record changed since it was read (optimistic lock)',
  413: 'Upload too large',
  429: 'Rate limited',
};
const errorResponse = (status: string) => ({ description: ERRORS[status]!, content: { 'application/json': { schema: ErrorEnvelope } } });

/** Security requirement of a permission: the principal's own scheme, none for public routes, else a staff session or an API client's token. */
function securityOf(permission: string, principals: Map<string, unknown>): Record<string, string[]>[] {
  if (permission === 'public') return [];
  const prefix = permission.split(':')[0]!;
  if (permission.includes(':') && principals.has(prefix)) return [{ [PRINCIPAL_SCHEMES[prefix] ?? prefix]: [] }];
  if (permission === 'authenticated') return [{ session: [] }];
  return [{ session: [] }, { apiClient: [] }];
}
const PRINCIPAL_SCHEMES: Record<string, string> = { driver: 'driverToken', realtime: 'streamTicket', portal: 'session' };

function permissionText(permission: string): string {
  if (permission === 'public') return 'Public: no sign-in.';
  if (permission === 'authenticated') return 'Any signed-in user (session token; not API clients).';
  if (PRINCIPAL_SCHEMES[permission.split(':')[0]!]) return `Principal \`${permission}\`.`;
  return `Permission \`${permission}\` (admins have every permission; an API client needs a scope that is a prefix of it).`;
}

type RouteLike = { url: string; method: string | string[]; config?: { permission?: string } };
type TransformArg = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteLike };

export async function installContract(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler as Parameters<FastifyInstance['setValidatorCompiler']>[0]);
  // responses are typed at compile time through route(); the wire format is plain JSON as before
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TMS API',
        version: '0.1.0',
        description:
          'Transport management back office. Every answer is the envelope `{ code, msg, data }` (lists: `{ code, msg, rows, total }`); ' +
          'failures carry a non-2xx status, `code` = the status and `errors` per field. Messages follow the `lang` header ' +
          '(zh-CN, en-US, en-GB, zh-TW), else `?lang=` on GET, else Accept-Language, else zh-CN.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'this server' }],
      components: {
        securitySchemes: {
          session: { type: 'http', scheme: 'bearer', description: 'Staff session: the opaque token of POST /api/auth/login/slide (12 hours; revoked at logout or when the user is disabled)' },
          apiClient: {
            type: 'oauth2',
            description: 'API clients: a bearer token from the client-credentials grant, limited to the client\u2019s scopes (permission prefixes) and addresses',
            flows: { clientCredentials: { tokenUrl: '/api/auth/oauth/token', scopes: {} } },
          },
          driverToken: { type: 'http', scheme: 'bearer', description: 'Driver app: the token of POST /api/driver/login' },
          streamTicket: { type: 'apiKey', in: 'query', name: 'ticket', description: 'Event stream: the short-lived ticket of POST /api/realtime/ticket' },
        },
      },
    },
    transform: (arg) => {
      const { route, url } = arg as TransformArg;
      if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return { schema: { hide: true } as FastifySchema, url };
      const permission = route.config?.permission ?? 'public';
      const own = (arg.schema ?? {}) as FastifySchema & Record<string, unknown>;
      const errors = Object.fromEntries(
        ['400', ...(permission === 'public' ? [] : ['401', '403']), '404', '409', ...((own.consumes as string[] | undefined)?.includes('multipart/form-data') ? ['413'] : []), '429'].map((s) => [s, errorResponse(s)]),
      );
      const withErrors = { ...own, response: { ...(own.response as object), ...errors } };
      const out = jsonSchemaTransform({ ...arg, schema: withErrors } as Parameters<typeof jsonSchemaTransform>[0]);
      const schema = out.schema as Record<string, unknown>;
      schema.security = securityOf(permission, app.principals);
      schema['x-permission'] = permission;
      schema.description = [own.description, permissionText(permission)].filter(Boolean).join('\n\n');
      return { schema: schema as FastifySchema, url: out.url };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

// ---------------------------------------------------------------------------
// Declaring a route

type Maybe = z.ZodType | undefined;
type In<S> = S extends z.ZodType ? z.output<S> : unknown;
export type Binary = BinaryAnswer;
/** What the handler may return: the response schema's input, or the reply it has sent itself. */
type Out<R> = R extends z.ZodType ? z.input<R> : R extends Binary ? FastifyReply : never;

export type TypedRequest<P extends Maybe, Q extends Maybe, B extends Maybe> = FastifyRequest<{ Params: In<P>; Querystring: In<Q>; Body: In<B> }>;

/** An endpoint of @tms/domain (path below /api), or the same with its full `url`; plus other route config (e.g. rateLimit). */
export type RouteSpec<P extends Maybe, Q extends Maybe, B extends Maybe, R extends z.ZodType | Binary> = (
  | Endpoint<P, Q, B, R>
  | (Omit<Endpoint<P, Q, B, R>, 'path' | 'method'> & { url: string; method: Endpoint['method'] })
) & { config?: Record<string, unknown>; /** a body limit of its own (bytes) */ bodyLimit?: number; /** content types of the body other than JSON */ consumes?: string[] };

const operationIds = new WeakMap<FastifyInstance, Set<string>>();

/** Registers a route whose schemas validate, type and document it (see the file's header). */
export function route<P extends Maybe = undefined, Q extends Maybe = undefined, B extends Maybe = undefined, R extends z.ZodType | Binary = z.ZodType>(
  app: FastifyInstance,
  spec: RouteSpec<P, Q, B, R>,
  handler: (req: TypedRequest<P, Q, B>, reply: FastifyReply) => Promise<Out<R> | FastifyReply>,
): void {
  let ids = operationIds.get(app);
  if (!ids) operationIds.set(app, (ids = new Set()));
  const url = 'url' in spec ? spec.url : `/api${spec.path}`;
  if (ids.has(spec.operationId)) throw new Error(`operationId ${spec.operationId} is declared twice (${spec.method} ${url})`);
  ids.add(spec.operationId);
  if (spec.method !== 'GET' && !spec.body) throw new Error(`${spec.method} ${url} declares no body schema (NoBody for none)`);
  const response = 'binary' in spec.response
    ? {
        200: {
          description: spec.response.description ?? 'The file',
          // a text stream (Server-Sent Events) is text; anything else is bytes
          content: Object.fromEntries(spec.response.binary.map((t) => [t, { schema: t.startsWith('text/') ? z.string() : z.string().meta({ format: 'binary' }) }])),
        },
      }
    : { 200: { description: 'Success', content: { 'application/json': { schema: spec.response } } } };
  const schema: Record<string, unknown> = {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.querystring ? { querystring: spec.querystring } : {}),
    ...(spec.body === 'upload' ? { body: FileUpload, consumes: ['multipart/form-data'] } : spec.body ? { body: spec.body, ...(spec.consumes ? { consumes: spec.consumes } : {}) } : {}),
    response,
  };
  app.route({
    method: spec.method,
    url,
    config: { ...(spec.config ?? {}), permission: spec.permission },
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    schema,
    handler: handler as unknown as RouteHandlerMethod,
  });
}
