/** Builds the Fastify instance: platform plugins first, then the business modules. */
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESOURCES, SECRET_CONFIG_KEYS } from '@tms/domain';
import { openPg, type Db } from './platform/db.ts';
import { createReads } from './platform/replica.ts';
import { systemClock, type AppConfig, type Clock } from './platform/config.ts';
import { installHttp, installSecurityHeaders, sendError } from './platform/http.ts';
import { installContract } from './platform/contract.ts';
import { injectWebConfig } from './platform/web-config.ts';
import { loggerOptions } from './platform/logging.ts';
import { installAccess } from './platform/auth.ts';
import { registerResource, setEngineSecrets, type ResourceHooks } from './platform/resource-engine.ts';
import { registerAuthRoutes } from './modules/system/auth-routes.ts';
import { registerSessionRoutes } from './modules/system/session-routes.ts';
import { registerAlertRoutes } from './modules/alert/routes.ts';
import { registerSystemAdminRoutes, systemHooks } from './modules/system/admin-routes.ts';
import { configHooks, encryptPlainConfigSecrets } from './modules/system/config-secrets.ts';
import { authClientHooks, registerAuthClientRoutes } from './modules/system/auth-client.ts';
import formbody from '@fastify/formbody';
import { ossHooks, registerOssRoutes } from './modules/system/oss-routes.ts';
import { baseinfoHooks, registerBaseinfoRoutes } from './modules/baseinfo/hooks.ts';
import { registerWaybillRoutes, waybillHooks } from './modules/waybill/routes.ts';
import { registerOrderRoutes } from './modules/order/routes.ts';
import { epodHooks, registerEpodRoutes } from './modules/epod/routes.ts';
import { registerEpodDriverRoutes } from './modules/epod/driver-routes.ts';
import { registerGeneratorRoutes } from './modules/generator/routes.ts';
import { registerReportRoutes } from './modules/report/routes.ts';
import { Storage, localRoot } from './platform/storage.ts';
import { registerShipmentRoutes, shipmentHooks } from './modules/shipment/routes.ts';
import { Secrets } from './platform/secrets.ts';
import { registerWorkflowRoutes, workflowHooks } from './modules/workflow/routes.ts';
import { createJobs } from './platform/jobs.ts';
import { installIdempotency } from './platform/idempotency.ts';
import { createRealtime, registerRealtimeRoutes } from './platform/realtime.ts';
import { registerDriverRoutes } from './modules/driver/routes.ts';
import { registerDriverPush } from './modules/driver/push.ts';
import { installDriverPrincipal } from './modules/driver/auth.ts';
import { installDriverIdempotency } from './modules/driver/applied.ts';
import { registerAccountModule } from './modules/account/index.ts';
import { logisticsHooks, registerLogisticsModule } from './modules/logistics/routes.ts';
import { financeHooks, registerFinanceContractRoutes } from './modules/finance/contracts.ts';
import { registerRerateRoutes } from './modules/finance/rerate.ts';
import { subscribeFinance } from './modules/finance/rating.ts';
import { registerFinanceRoutes } from './modules/finance/routes.ts';
// settlement (issue 15)
import { registerSettlementRoutes } from './modules/finance/settlement.ts';
import { registerSettlementMoneyRoutes } from './modules/finance/settlement-money.ts';
import { registerSettlementReceiptRoutes, subscribeSettlement } from './modules/finance/settlement-receipts.ts';
import { registerThreeWayRoutes } from './modules/finance/settlement-threeway.ts';
import { registerStatementPdfRoute, registerStatementPrintRoutes } from './modules/finance/settlement-pdf.ts';
import { registerPayableRoutes } from './modules/finance/payable-routes.ts';
import { registerAdjustmentRoutes } from './modules/finance/adjustments.ts';
import { DomainEvents } from './platform/domain-events.ts';
import { registerGeoRoutes } from './modules/geo/routes.ts';
import { registerPortalRoutes } from './modules/portal/routes.ts';
import { registerPortalStatementRoutes } from './modules/portal/statements.ts';
import { registerFleetModule } from './modules/fleet/index.ts';
import { registerNotifyModule } from './modules/notify/index.ts';
import { smsProvider } from './platform/sms.ts';

export interface BuildOptions {
  db: Db;
  config: AppConfig;
  clock?: Clock;
  logger?: boolean | object;
  /** a replica reports may read (default: opened from config.databaseReplicaUrl; closed with the app) */
  replica?: Db | null;
  /** where the structured log goes instead of stdout, with the product's options (tests read it) */
  logStream?: { write(line: string): void };
}

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
export const DEFAULT_DRIVER_DIST = fileURLToPath(new URL('../../driver/dist/', import.meta.url));

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { db, config } = opts;
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    // never log secrets: see platform/logging.ts
    logger: opts.logger ?? { ...loggerOptions(config), ...(opts.logStream ? { stream: opts.logStream } : {}) },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: process.env.TMS_TRUST_PROXY === '1',
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
  });

  installHttp(app);
  // security headers first: they go on every answer, the refusals of the access check (before the body) included
  installSecurityHeaders(app, {
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
  installAccess(app, db, clock);
  installDriverPrincipal(app, db, clock); // the driver app's tokens: routes with permission 'driver:…'
  installDriverIdempotency(app, db, clock); // the driver app's outbox: each Idempotency-Key applied once
  // background jobs: started once the server is ready (migrations applied), stopped on close
  const jobs = createJobs({ db, clock, mode: config.jobs, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  installIdempotency(app, db, clock);
  // reports and exports read the replica when one is configured and close enough behind (platform/replica.ts)
  const replica = opts.replica !== undefined ? opts.replica : config.databaseReplicaUrl ? await openPg(config.databaseReplicaUrl, { max: 4 }) : null;
  const reads = createReads(db, replica, config.replicaMaxLagSeconds, app.log);
  app.decorate('reads', reads);
  if (opts.replica === undefined) app.addHook('onClose', () => reads.close());
  app.decorate('realtime', createRealtime(db, clock, app.log));

  await app.register(rateLimit, { global: false, errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, code: 429, msg: `rate limited, retry in ${ctx.after}` }) });
  await app.register(formbody); // OAuth token requests are form-encoded
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  // zod validation of route schemas, the OpenAPI document and its UI at /api/docs (before any route)
  await installContract(app);

  const secrets = new Secrets(config.secret);
  // one bus per server: finance rates the waybills an order review creates, notify tells clients, without the modules importing each other
  const events = new DomainEvents();
  app.decorate('events', events);
  registerAuthRoutes(app, db, config, clock, registerAccountModule(app, db, config, clock, secrets));
  registerSessionRoutes(app, db);
  await registerAlertRoutes(app, db, clock, config.alertEverySeconds);
  registerSystemAdminRoutes(app, db);
  registerAuthClientRoutes(app, db, clock);
  setEngineSecrets(secrets);
  // a secret configuration value an older database holds in plain text is encrypted once migrations have run
  app.addHook('onReady', () => encryptPlainConfigSecrets(db, secrets, SECRET_CONFIG_KEYS));
  registerRealtimeRoutes(app, db, clock, secrets);
  const storage = new Storage(db, secrets, localRoot(config.dataDir));
  registerDriverRoutes(app, db, clock, storage);
  await registerDriverPush(app, db, clock, secrets, events); // new tasks notified by Web Push (issue 16)
  registerOssRoutes(app, db, storage);
  registerEpodDriverRoutes(app, db, storage, clock);
  registerBaseinfoRoutes(app, db);
  registerGeneratorRoutes(app, db);
  registerReportRoutes(app, db, storage, reads);
  registerWorkflowRoutes(app, db);
  subscribeFinance(events);
  subscribeSettlement(events); // settlement (issue 15): every reviewed waybill gets its paper receipt
  registerShipmentRoutes(app, db, clock, events, secrets);
  registerEpodRoutes(app, db, storage, clock, events);
  registerWaybillRoutes(app, db, clock, events, secrets);
  registerOrderRoutes(app, db, clock, events, secrets);
  await registerLogisticsModule(app, db, clock, secrets);
  registerGeoRoutes(app, db);
  registerFinanceContractRoutes(app, db);
  registerRerateRoutes(app, db);
  registerFinanceRoutes(app, db);
  // settlement (issue 15): statements, invoices and payments, paper receipts
  registerSettlementRoutes(app, db, storage);
  registerSettlementMoneyRoutes(app, db);
  registerSettlementReceiptRoutes(app, db);
  registerThreeWayRoutes(app, db);
  registerStatementPdfRoute(app, db, clock);
  registerStatementPrintRoutes(app, db, clock);
  registerPayableRoutes(app, db);
  registerAdjustmentRoutes(app, db, clock);
  // the client portal and public tracking links (issue 17)
  registerPortalRoutes(app, db, clock, secrets, storage, config.trackRatePerMinute);
  registerPortalStatementRoutes(app, db, storage, clock); // the client's statements: confirm, dispute, print (issue 15)
  // fleet tracking (issue 19): JT/T 808 terminals, position partitions
  await registerFleetModule(app, db, clock, config);
  // notifications and webhooks (issue 17)
  const notify = await registerNotifyModule(app, db, clock, secrets, smsProvider(config, app.log));
  const hooks: Record<string, ResourceHooks> = { ...systemHooks, config: configHooks, ...ossHooks(storage), authClient: authClientHooks, ...baseinfoHooks, ...epodHooks(storage), ...waybillHooks, ...workflowHooks, ...shipmentHooks, ...logisticsHooks, ...financeHooks, ...notify.hooks };
  for (const def of RESOURCES) registerResource(app, db, def, hooks[def.name]);

  const dist = config.webDist ?? DEFAULT_WEB_DIST;
  const hasWeb = existsSync(dist);
  const webConfig = config.web;
  if (hasWeb) {
    // with run-time web settings, index.html is only ever served with them written in (below)
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // the build's .br / .gz copies (scripts/precompress.mjs) to a browser that accepts them: about 3 MB of scripts and
      // 1.5 MB of antd's styles written ahead go out as about a fifth of that, without compressing on every request
      preCompressed: true,
      // the build names every asset by its content hash: a browser keeps them for a year without asking
      // again; everything else (icons, the page itself) is checked each time
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
      ...(webConfig ? { allowedPath: (p: string) => p !== '/index.html' } : {}),
    });
  }
  // the driver app (issue 16) at /driver/: its own build, the same caching rules, its own page for every path below it
  const driverDist = config.driverDist ?? DEFAULT_DRIVER_DIST;
  const hasDriver = existsSync(driverDist);
  if (hasDriver) {
    await app.register(fastifyStatic, {
      root: driverDist,
      prefix: '/driver/',
      decorateReply: false,
      wildcard: false,
      index: false,
      // the build's .br / .gz copies (scripts/precompress.mjs) to a phone that accepts them
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') return sendError(req, reply, 404, 'messages.routeNotFound');
    if (hasDriver && (req.method === 'GET' || req.method === 'HEAD') && /^\/driver(\/|\?|$)/.test(req.url)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(await readFile(join(driverDist, 'index.html'), 'utf8'));
    }
    // history-mode routing: every other path is the app
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      if (!webConfig) return reply.sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(injectWebConfig(await readFile(join(dist, 'index.html'), 'utf8'), webConfig));
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
  return app;
}
