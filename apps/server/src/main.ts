import { loadConfig } from './platform/config.ts';
import { openDb } from './platform/db.ts';
import { migrate } from './platform/migrate.ts';
import { seed } from './modules/system/seed.ts';
import { localRoot } from './platform/storage.ts';
import { buildApp } from './app.ts';
import { resolve } from 'node:path';
import { developmentSecret } from './platform/secrets.ts';

const started = performance.now();
const config = loadConfig();
if (!process.env.TMS_SECRET && !config.production) config.secret = developmentSecret(resolve(config.dataDir, '.secret'));
// where a start's time goes (logged with the listening line): loading the modules (the process's start to here), then each step
const ms: Record<string, number> = { loadMs: Math.round(started) };
let mark = started;
const lap = (name: string) => {
  ms[name] = Math.round(performance.now() - mark);
  mark = performance.now();
};
const db = await openDb({ url: config.databaseUrl, directUrl: config.databaseDirectUrl, dataDir: config.databaseUrl ? null : resolve(config.dataDir, 'pg') });
lap('openDbMs');
const app = await buildApp({ db, config });
lap('buildAppMs');
await migrate(db, (m) => app.log.info(m));
lap('migrateMs');
await seed(db, (m) => app.log.info(m), { demo: config.demo, uploads: localRoot(config.dataDir) });
lap('seedMs');
await app.listen({ port: config.port, host: config.host });
const bound = app.server.address();
const port = bound && typeof bound === 'object' ? bound.port : config.port;
app.log.info({ db: db.kind, captcha: config.captcha, startMs: Math.round(performance.now() - started), ...ms, cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000) }, `TMS listening on http://localhost:${port}`);
// a supervising parent process (the browser tests, PORT=0) learns the port the system chose (and the JT/T 808 one's)
process.send?.({ listening: port, jt808: app.jt808?.port() ?? null });

let closing = false;
async function shutdown(why: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${why}: shutting down`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  await db.close();
  process.exit(0);
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void shutdown(sig));
// started by a supervising process over IPC (the browser tests): it leaves when that process is gone
process.on('disconnect', () => void shutdown('parent gone'));
