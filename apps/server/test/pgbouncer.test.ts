/**
 * The server behind PgBouncer in transaction mode (issue 20, `npm run cluster`): a client holds a server connection
 * for one transaction only, so nothing may rely on a session (SET, session advisory locks, named prepared statements,
 * LISTEN). Migrations, sign-in, writes with an Idempotency-Key and many requests at once go through a pool of 3
 * server connections; the realtime LISTEN goes to PostgreSQL itself (DATABASE_DIRECT_URL) and hears the NOTIFY sent
 * through the pool. PostgreSQL only (PgBouncer needs a server): on embedded PGlite there is nothing to pool.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { adminUrl } from './databases.ts';
import { ADMIN, rand, startServer, type TestServer } from './helpers.ts';
import { openStream } from './sse.ts';

const PGBOUNCER = '/usr/sbin/pgbouncer';
const base = adminUrl();
// CI (TMS_REQUIRE_ALL=1) installs PgBouncer: there a missing binary fails the test rather than skipping it
const runs = !!base && (existsSync(PGBOUNCER) || process.env.TMS_REQUIRE_ALL === '1');

let bouncer: ChildProcess | null = null;
let dir = '';
let port = 0;
let s: TestServer;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

async function startBouncer(): Promise<void> {
  const u = new URL(base!);
  dir = mkdtempSync(join(tmpdir(), 'tms-pgbouncer-'));
  port = await freePort();
  writeFileSync(join(dir, 'users.txt'), `"${decodeURIComponent(u.username || 'postgres')}" "${decodeURIComponent(u.password)}"\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      // any database name: the same one on the test server
      `* = host=${u.hostname} port=${u.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      `auth_type = ${u.password ? 'plain' : 'trust'}`,
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      // fewer server connections than the server's pool: statements of different requests share them
      'default_pool_size = 3',
      'ignore_startup_parameters = extra_float_digits,options,application_name',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync('chown', ['-R', 'postgres', dir]);
  bouncer = spawn(asRoot ? 'runuser' : PGBOUNCER, asRoot ? ['-u', 'postgres', '--', PGBOUNCER, join(dir, 'pgbouncer.ini')] : [join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  // ready once it takes a connection
  await vi.waitFor(
    async () => {
      const c = new pg.Client({ connectionString: `postgres://${u.username}:${u.password}@127.0.0.1:${port}${u.pathname}` });
      await c.connect();
      await c.end();
    },
    { timeout: 15_000, interval: 100 },
  );
}

beforeAll(async () => {
  if (!runs) return;
  await startBouncer();
  s = await startServer({
    through: (url) => {
      const u = new URL(url);
      u.host = `127.0.0.1:${port}`;
      return u.toString();
    },
  });
});
afterAll(async () => {
  await s?.close();
  if (bouncer) {
    const gone = new Promise((r) => bouncer!.once('exit', r));
    bouncer.kill('SIGTERM');
    await gone;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(runs)('through PgBouncer in transaction mode', () => {
  it('migrates, signs in, writes once with an Idempotency-Key and answers many requests at once', async () => {
    const admin = await s.login(ADMIN.user, ADMIN.password);
    const body = { dictName: 'Pooled', dictType: `pool_${rand(6)}` };
    const send = () => s.api('POST', '/api/system/dict/type/save', { token: admin, body, headers: { 'idempotency-key': `k-${body.dictType}` } });
    expect((await send()).status).toBe(200);
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(Number((await s.db.query<{ n: string }>(`select count(*) n from sys_dict_type where dict_type = $1`, [body.dictType])).rows[0]!.n)).toBe(1);
    const many = await Promise.all(Array.from({ length: 30 }, (_, i) => s.api('GET', i % 2 ? '/api/system/dict/type/list' : '/api/system/user/info', { token: admin })));
    expect(many.map((r) => r.status)).toEqual(many.map(() => 200));
    // they shared PgBouncer's 3 server connections (the server's own pool would have opened up to 10); the LISTENing
    // ones are apart
    const backends = await s.db.query<{ n: string }>(
      `select count(*) n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and query not ilike 'listen%' and query not ilike 'unlisten%'`,
    );
    expect(Number(backends.rows[0]!.n)).toBeLessThanOrEqual(3);
  });

  it('a stream hears an event NOTIFYed through the pool: its LISTEN is on a connection of its own', async () => {
    const admin = await s.login(ADMIN.user, ADMIN.password);
    const ticket = (await s.api('POST', '/api/realtime/ticket', { token: admin })).json.data.ticket as string;
    const live = await openStream(s.url, ticket, 'alert');
    const [ready] = await live.waitFor('ready');
    const center = ready!.data.dispatchCenterId as number;
    await s.db.tx((q) => s.app.realtime.publish({ type: 'alert', dispatchCenterId: center, data: { via: 'pgbouncer' } }, q));
    const [heard] = await live.waitFor('alert');
    expect(heard!.data).toEqual({ via: 'pgbouncer' });
    await live.close();
  });
});
