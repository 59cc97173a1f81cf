import { randomBytes } from 'node:crypto';
import { loadWebRuntimeConfig, type WebRuntimeConfig } from './web-config.ts';

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | null;
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
}

const DEFAULT_SECRETS = new Set(['', 'changeme', 'secret', 'tms-secret', 'dev']);

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
  };
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
