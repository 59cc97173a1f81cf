/** Fleet tracking (issue 19): the JT/T 808 terminal server and the retention of positions. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { AppConfig, Clock } from '../../platform/config.ts';
import { announce } from '../alert/job.ts';
import { startJt808, type Jt808Server } from './server.ts';
import { createPartitions, dropPartitions, PARTITION_JOB } from './partitions.ts';
import { registerFleetRoutes } from './routes.ts';
import { monitorScope, registerMonitorRoutes } from './monitor.ts';
import { FLEET_EVENT } from './ingest.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the JT/T 808 server when TMS_JT808_PORT is set */
    jt808: Jt808Server | null;
  }
}

export async function registerFleetModule(app: FastifyInstance, db: Db, clock: Clock, config: AppConfig): Promise<void> {
  registerFleetRoutes(app, db);
  registerMonitorRoutes(app, db, clock);
  // the live monitor's events: one a second per stream, with the vehicles of the subscriber's scope
  app.realtime.batched.set(FLEET_EVENT, monitorScope);
  // every hour: the months ahead exist, the months past the retention are dropped
  await app.jobs.schedule(PARTITION_JOB, 3600, async (due) => {
    const made = await createPartitions(db, due);
    const dropped = await dropPartitions(db, due, config.positionRetentionMonths);
    if (made.length || dropped.length) app.log.info({ made, dropped }, 'position partitions');
  });

  app.decorate('jt808', null);
  if (config.jt808.port === null) return;
  app.addHook('onReady', async () => {
    app.jt808 = await startJt808({ db, clock, realtime: app.realtime, events: app.events, config: config.jt808, log: app.log, announce: (created, q) => announce(app.realtime, created, q) });
  });
  app.addHook('onClose', async () => {
    await app.jt808?.close();
  });
}
