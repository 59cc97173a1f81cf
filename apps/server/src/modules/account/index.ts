/** The account module: SMS codes, registration, forgotten password and the two-step login. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { AppConfig, Clock } from '../../platform/config.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { SmsCodes, smsProvider } from '../../platform/sms.ts';
import { registerAccountRoutes } from './routes.ts';
import { TwoStep, type SecondFactor } from './two-step.ts';

export type { SecondFactor } from './two-step.ts';
export { seedAccount } from './settings.ts';

/** Mounts the account routes; the returned second factor goes to the login route. */
export function registerAccountModule(app: FastifyInstance, db: Db, config: AppConfig, clock: Clock, secrets: Secrets): SecondFactor {
  const sms = new SmsCodes(db, clock, secrets, smsProvider(config, app.log), { testHooks: config.testHooks, template: config.sms.template, log: app.log });
  registerAccountRoutes(app, db, config, clock, sms);
  const twoStep = new TwoStep(db, clock, sms);
  twoStep.register(app);
  return twoStep;
}
