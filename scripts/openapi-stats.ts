/** Prints figures of the OpenAPI document (/api/docs/json): operations and what each declares. `npx tsx scripts/openapi-stats.ts [out.json]` */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openPglite } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';

const db = await openPglite(null);
const app = await buildApp({ db, config: loadConfig({ ...process.env, NODE_ENV: 'test', TMS_JOBS: 'manual' }), logger: false });
await migrate(db, () => undefined); // as the server does at start: some routes read settings while the document is built
await app.ready();
const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Record<string, unknown>>> };
if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify(doc, null, 1));
const ops = Object.values(doc.paths).flatMap((p) => Object.entries(p).filter(([m]) => ['get', 'post', 'put', 'delete', 'patch'].includes(m)));
const n = (f: (o: Record<string, unknown>, m: string) => boolean) => ops.filter(([m, o]) => f(o, m)).length;
const writes = ops.filter(([m]) => m !== 'get');
const success = (o: Record<string, unknown>) => Object.entries((o.responses ?? {}) as Record<string, Record<string, unknown>>).some(([s, r]) => s.startsWith('2') && !!r.content);
console.log({
  operations: ops.length,
  operationId: n((o) => !!o.operationId),
  summary: n((o) => !!o.summary),
  security: n((o) => Array.isArray(o.security)),
  successSchema: n(success),
  writes: writes.length,
  writesWithBody: writes.filter(([, o]) => !!o.requestBody).length,
});
await app.close();
await db.close();
