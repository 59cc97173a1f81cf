import { randomBytes } from 'node:crypto';

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
  logLevel: string;
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
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'info'),
  };
}

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
