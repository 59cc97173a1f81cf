import { randomBytes } from 'node:crypto';
import { loadWebRuntimeConfig, type WebRuntimeConfig } from './web-config.ts';

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | null;
  /**
   * DATABASE_DIRECT_URL: PostgreSQL itself when DATABASE_URL goes through a pool in transaction mode (PgBouncer): the
   * one connection that LISTENs for realtime events needs a session of its own. Unset = DATABASE_URL.
   */
  databaseDirectUrl: string | null;
  /** DATABASE_REPLICA_URL: a streaming replica reports and exports may read (platform/replica.ts); unset = the primary */
  databaseReplicaUrl: string | null;
  /** TMS_REPLICA_MAX_LAG_SECONDS: a replica further behind than this is not read (default 30) */
  replicaMaxLagSeconds: number;
  dataDir: string;
  captcha: boolean;
  secret: string;
  production: boolean;
  /** test-only hooks (captcha answer); refused in production */
  testHooks: boolean;
  webDist: string | null;
  /** the driver app's build (apps/driver/dist), served at /driver/ */
  driverDist: string | null;
  logLevel: string;
  /** SMS provider (platform/sms.ts): an HTTP endpoint, its key and message template; no URL = the log provider (development only) */
  sms: { url: string | null; key: string; template: string | null };
  /** background schedules: 'on' runs their timers; 'manual' (tests' default) runs a tick only when asked */
  jobs: 'on' | 'manual';
  /** how often the alert rules are evaluated, in seconds (TMS_ALERT_EVERY_SECONDS, default 60) */
  alertEverySeconds: number;
  /** requests per minute and address to the sign-in routes (captcha, login, code exchange), all outcomes counted */
  authRatePerMinute: number;
  /** requests per minute and address to the public tracking page's API (issue 17) */
  trackRatePerMinute: number;
  /** run-time settings written into the served web page (single sign-on: TMS_SSO…); null = the web build's own */
  web: WebRuntimeConfig | null;
  /** JT/T 808 terminals over TCP (TMS_JT808_…); port null = not listening */
  jt808: Jt808Config;
  /** months of positions kept (TMS_POSITION_RETENTION_MONTHS); older monthly partitions are dropped, 0 = kept forever */
  positionRetentionMonths: number;
  /** the demo operation on a first start (TMS_DEMO, default on; 'off' skips it) */
  demo: boolean;
}

export interface Jt808Config {
  port: number | null;
  host: string;
  /** connections at once from one address */
  maxPerAddress: number;
  /** frames per second one connection may send (bursts up to twice as many); more closes it */
  framesPerSecond: number;
  /** a connection silent this long (no heartbeat) is closed */
  idleSeconds: number;
  /** seconds between two 'jt808: ingestion' log lines (positions, latency frame received → row committed); 0 = none */
  statsSeconds: number;
}

const DEFAULT_SECRETS = new Set(['', 'changeme', 'secret', 'tms-secret', 'dev']);

/** TMS_DEMO: the demo operation on a first start, unless 'off' (the tests' setting). */
export const demoWanted = (env: NodeJS.ProcessEnv = process.env): boolean => (env.TMS_DEMO ?? 'on') !== 'off';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const secret = env.TMS_SECRET ?? '';
  if (production && (DEFAULT_SECRETS.has(secret) || secret.length < 32)) {
    throw new Error('TMS_SECRET must be set to a random value of at least 32 characters in production');
  }
  const testHooks = env.TMS_TEST_HOOKS === '1';
  if (production && testHooks) throw new Error('TMS_TEST_HOOKS cannot be enabled in production');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    databaseDirectUrl: env.DATABASE_DIRECT_URL || null,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || null,
    replicaMaxLagSeconds: env.TMS_REPLICA_MAX_LAG_SECONDS ? wholeNumber(env.TMS_REPLICA_MAX_LAG_SECONDS, 'TMS_REPLICA_MAX_LAG_SECONDS', 86400) : 30,
    dataDir: env.TMS_DATA_DIR ?? './data',
    captcha: (env.TMS_CAPTCHA ?? 'on') !== 'off',
    secret: secret || randomBytes(32).toString('hex'),
    production,
    testHooks,
    webDist: env.TMS_WEB_DIST ?? null,
    driverDist: env.TMS_DRIVER_DIST ?? null,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'info'),
    sms: { url: env.TMS_SMS_URL || null, key: env.TMS_SMS_KEY ?? '', template: env.TMS_SMS_TEMPLATE || null },
    authRatePerMinute: positiveInt(env.TMS_AUTH_RATE_PER_MINUTE, 60, 'TMS_AUTH_RATE_PER_MINUTE'),
    trackRatePerMinute: positiveInt(env.TMS_TRACK_RATE_PER_MINUTE, 60, 'TMS_TRACK_RATE_PER_MINUTE'),
    web: loadWebRuntimeConfig(env),
    jobs: env.TMS_JOBS === 'manual' || (env.TMS_JOBS !== 'on' && env.NODE_ENV === 'test') ? 'manual' : 'on',
    alertEverySeconds: positiveInt(env.TMS_ALERT_EVERY_SECONDS, 60, 'TMS_ALERT_EVERY_SECONDS'),
    jt808: {
      port: env.TMS_JT808_PORT ? wholeNumber(env.TMS_JT808_PORT, 'TMS_JT808_PORT', 65535) : null,
      host: env.TMS_JT808_HOST ?? env.HOST ?? '0.0.0.0',
      maxPerAddress: positiveInt(env.TMS_JT808_MAX_PER_ADDRESS, 50, 'TMS_JT808_MAX_PER_ADDRESS'),
      framesPerSecond: positiveInt(env.TMS_JT808_FRAMES_PER_SECOND, 20, 'TMS_JT808_FRAMES_PER_SECOND'),
      idleSeconds: positiveInt(env.TMS_JT808_IDLE_SECONDS, 180, 'TMS_JT808_IDLE_SECONDS'),
      statsSeconds: env.TMS_JT808_STATS_SECONDS ? wholeNumber(env.TMS_JT808_STATS_SECONDS, 'TMS_JT808_STATS_SECONDS', 86_400) : 60,
    },
    demo: demoWanted(env),
    positionRetentionMonths: env.TMS_POSITION_RETENTION_MONTHS ? wholeNumber(env.TMS_POSITION_RETENTION_MONTHS, 'TMS_POSITION_RETENTION_MONTHS', 1200) : 36,
  };
}

function wholeNumber(raw: string, name: string, max: number): number {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0 || n > max) throw new Error(`${name} must be a whole number from 0 to ${max}, not "${raw}"`);
  return n;
}

function positiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, not "${raw}"`);
  return n;
}

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
