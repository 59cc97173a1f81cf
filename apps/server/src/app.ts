/** Builds the Fastify instance: platform plugins first, then the business modules. */
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RESOURCES } from '@tms/domain';
import type { Db } from './platform/db.ts';
import { systemClock, type AppConfig, type Clock } from './platform/config.ts';
import { installHttp, sendError } from './platform/http.ts';
import { installAccess } from './platform/auth.ts';
import { registerResource, setEngineSecrets, type ResourceHooks } from './platform/resource-engine.ts';
import { registerAuthRoutes } from './modules/system/auth-routes.ts';
import { registerSessionRoutes } from './modules/system/session-routes.ts';
import { registerAlertRoutes } from './modules/alert/routes.ts';
import { registerSystemAdminRoutes, systemHooks } from './modules/system/admin-routes.ts';
import { authClientHooks, registerAuthClientRoutes } from './modules/system/auth-client.ts';
import formbody from '@fastify/formbody';
import { ossHooks, registerOssRoutes } from './modules/system/oss-routes.ts';
import { baseinfoHooks, registerBaseinfoRoutes } from './modules/baseinfo/hooks.ts';
import { Storage, localRoot } from './platform/storage.ts';
import { Secrets } from './platform/secrets.ts';

export interface BuildOptions {
  db: Db;
  config: AppConfig;
  clock?: Clock;
  logger?: boolean | object;
}

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { db, config } = opts;
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.logLevel,
      // never log secrets: the authorization header, cookies, passwords
      redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.newPassword', 'body.oldPassword'],
    },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: process.env.TMS_TRUST_PROXY === '1',
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
  });

  installHttp(app);
  installAccess(app, db, clock);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"], // antd's CSS-in-JS injects style tags
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // served over plain http on a LAN or localhost too; TLS is the reverse proxy's job
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
  });
  await app.register(rateLimit, { global: false, errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, code: 429, msg: `rate limited, retry in ${ctx.after}` }) });
  await app.register(formbody); // OAuth token requests are form-encoded
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  await app.register(swagger, {
    openapi: { info: { title: 'TMS API', version: '0.1.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerAuthRoutes(app, db, config, clock);
  registerSessionRoutes(app, db);
  registerAlertRoutes(app, db);
  registerSystemAdminRoutes(app, db);
  registerAuthClientRoutes(app, db, clock);
  const secrets = new Secrets(config.secret);
  setEngineSecrets(secrets);
  const storage = new Storage(db, secrets, localRoot(config.dataDir));
  registerOssRoutes(app, db, storage);
  registerBaseinfoRoutes(app, db);
  const hooks: Record<string, ResourceHooks> = { ...systemHooks, ...ossHooks(storage), authClient: authClientHooks, ...baseinfoHooks };
  for (const def of RESOURCES) registerResource(app, db, def, hooks[def.name]);

  const dist = config.webDist ?? DEFAULT_WEB_DIST;
  const hasWeb = existsSync(dist);
  if (hasWeb) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') return sendError(req, reply, 404, 'messages.routeNotFound');
    // history-mode routing: every other path is the app
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD')) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).type('text/plain').send('Not found');
  });
  return app;
}
