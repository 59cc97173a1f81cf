/**
 * `npm run cluster`: the whole scale-out set-up on this one machine (issue 20), under `.cluster/` (gitignored), never
 * touching the system PostgreSQL on 5432:
 *
 *   PostgreSQL primary (its own initdb cluster)  :15432 ── streaming replica (pg_basebackup -R)  :15433
 *        └─ PgBouncer, transaction pooling       :16432
 *   API servers (the built app) ×3               :18081 :18082 :18083
 *        DATABASE_URL → PgBouncer, DATABASE_DIRECT_URL → primary (LISTEN), DATABASE_REPLICA_URL → replica (reports)
 *   HAProxy, health checks on /api/health        :18080   ← open http://127.0.0.1:18080
 *   control (the load script kills and restarts pieces through it)  :18089
 *
 *   npm run cluster                  start (builds the web apps first unless --no-build), stays in the foreground
 *   npm run cluster -- stop          stops a running cluster (Ctrl-C in its terminal does the same)
 *   npm run cluster -- --reset       wipes .cluster/ first (a fresh database)
 *
 * PostgreSQL and PgBouncer refuse to run as root: when started by root they run as the `postgres` user.
 * Figures and the load script: docs/scale-out.md, "Run it here".
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = process.env.TMS_CLUSTER_DIR ? resolve(process.env.TMS_CLUSTER_DIR) : join(ROOT, '.cluster');
const PGBIN = process.env.PGBIN ?? '/usr/lib/postgresql/15/bin';
const BASE = Number(process.env.TMS_CLUSTER_BASE_PORT ?? 18080);
export const PORTS = {
  haproxy: BASE,
  api: [BASE + 1, BASE + 2, BASE + 3],
  control: BASE + 9,
  primary: Number(process.env.TMS_CLUSTER_PG_PORT ?? 15432),
  replica: Number(process.env.TMS_CLUSTER_PG_PORT ?? 15432) + 1,
  pgbouncer: Number(process.env.TMS_CLUSTER_PG_PORT ?? 15432) + 1000,
};
const DB = 'tms';
const asRoot = process.getuid?.() === 0;
const pgUser = asRoot ? 'postgres' : (process.env.USER ?? 'postgres');
const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/${DB}`;

const log = (m: string) => console.log(`[cluster ${new Date().toISOString().slice(11, 19)}] ${m}`);

/** Runs a command (as the postgres user when we are root), throwing with its output on failure. */
function run(cmd: string, args: string[], opts: { asPg?: boolean; allowFail?: boolean } = {}): string {
  const [c, a] = opts.asPg && asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(c, a, { encoding: 'utf8' });
  if (r.status !== 0 && !opts.allowFail) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  return `${r.stdout}${r.stderr}`;
}
const pg = (bin: string, args: string[], allowFail = false) => run(join(PGBIN, bin), args, { asPg: true, allowFail });
/** hands a folder to the postgres user (when we are root) */
const mine = (p: string) => void (asRoot && run('chown', ['-R', 'postgres:postgres', p]));

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, check: () => Promise<boolean> | boolean, seconds = 120): Promise<void> {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    if (await check()) return;
    await wait(300);
  }
  throw new Error(`${what}: not ready after ${seconds} s`);
}
const healthy = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
};
const pgReady = (port: number) => spawnSync(join(PGBIN, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q']).status === 0;

// ------------------------------------------------------------------ PostgreSQL
const pgDir = join(DIR, 'pg');
const primaryDir = join(pgDir, 'primary');
const replicaDir = join(pgDir, 'replica');

function initPrimary(): void {
  if (existsSync(join(primaryDir, 'PG_VERSION'))) return;
  log('initdb: the primary');
  mkdirSync(pgDir, { recursive: true });
  mine(pgDir);
  pg('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  // small and replicating; its socket in its own folder (not the system server's)
  writeFileSync(
    join(primaryDir, 'postgresql.auto.conf'),
    [
      `port = ${PORTS.primary}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${pgDir}'`,
      `max_connections = 200`,
      `shared_buffers = '128MB'`,
      `wal_level = replica`,
      `max_wal_senders = 5`,
      `wal_keep_size = '256MB'`,
      `hot_standby = on`,
      // a report on the replica is not cancelled by the primary's vacuum
      `hot_standby_feedback = on`,
      '',
    ].join('\n'),
  );
  mine(primaryDir);
}

function startPg(dir: string, name: string): void {
  if (existsSync(join(dir, 'postmaster.pid')) && pgReady(name === 'primary' ? PORTS.primary : PORTS.replica)) return;
  pg('pg_ctl', ['-D', dir, '-l', join(pgDir, `${name}.log`), '-w', '-t', '60', 'start']);
  log(`PostgreSQL ${name} on :${name === 'primary' ? PORTS.primary : PORTS.replica}`);
}
const stopPg = (dir: string, mode = 'fast') => existsSync(join(dir, 'postmaster.pid')) && pg('pg_ctl', ['-D', dir, '-m', mode, '-w', '-t', '60', 'stop'], true);

function makeReplica(): void {
  if (existsSync(join(replicaDir, 'PG_VERSION'))) return;
  log('pg_basebackup -R: the replica');
  pg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(PORTS.primary), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast']);
  // same settings but its own port
  const auto = join(replicaDir, 'postgresql.auto.conf');
  writeFileSync(auto, readFileSync(auto, 'utf8').replace(`port = ${PORTS.primary}`, `port = ${PORTS.replica}`));
  mine(replicaDir);
}

function ensureDatabase(): void {
  const has = pg('psql', ['-h', '127.0.0.1', '-p', String(PORTS.primary), '-U', 'postgres', '-Atc', `select 1 from pg_database where datname = '${DB}'`]);
  if (!has.trim()) pg('createdb', ['-h', '127.0.0.1', '-p', String(PORTS.primary), '-U', 'postgres', DB]);
}

// ------------------------------------------------------------------ children (PgBouncer, API servers, HAProxy)
interface Piece {
  name: string;
  start(): ChildProcess;
  child: ChildProcess | null;
  /** restarted when it dies on its own (not when killed through the control port) */
  keep: boolean;
}
const pieces = new Map<string, Piece>();
let stopping = false;

function spawnLogged(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env, asPg = false): ChildProcess {
  const out = openSync(join(DIR, `${name}.log`), 'a');
  const [c, a] = asPg && asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return spawn(c, a, { cwd: ROOT, env, stdio: ['ignore', out, out] });
}

function add(name: string, start: () => ChildProcess): Piece {
  const p: Piece = { name, start, child: null, keep: true };
  pieces.set(name, p);
  launch(p);
  return p;
}
function launch(p: Piece): void {
  const child = p.start();
  p.child = child;
  p.keep = true;
  child.on('exit', (code, signal) => {
    if (p.child === child) p.child = null;
    if (stopping) return;
    log(`${p.name} exited (${signal ?? code})${p.keep ? ', restarting in 2 s' : ''}`);
    if (p.keep) setTimeout(() => !stopping && !p.child && launch(p), 2000);
  });
}

function pgbouncerConfig(): string {
  const dir = join(DIR, 'pgbouncer');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'userlist.txt'), '"postgres" ""\n');
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `${DB} = host=127.0.0.1 port=${PORTS.primary} dbname=${DB}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${PORTS.pgbouncer}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 2000',
      'default_pool_size = 40',
      'server_reset_query =',
      // pg-boss and node-postgres send these at connect
      'ignore_startup_parameters = extra_float_digits,options,application_name',
      '',
    ].join('\n'),
  );
  mine(dir);
  return ini;
}

function haproxyConfig(): string {
  const cfg = join(DIR, 'haproxy.cfg');
  writeFileSync(
    cfg,
    [
      'global',
      '  maxconn 4000',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 90s',
      // event streams send a comment every 25 s
      '  timeout server 90s',
      '  timeout http-request 10s',
      '  option redispatch',
      // a request that never reached a server (refused connection) goes to another; a write that did is not repeated
      '  retries 2',
      '  retry-on conn-failure',
      'frontend web',
      `  bind 127.0.0.1:${PORTS.haproxy}`,
      '  default_backend api',
      'backend api',
      '  balance roundrobin',
      '  option httpchk GET /api/health',
      '  http-check expect status 200',
      // a dead server refuses the check at once (down within 3 s; requests meanwhile are redispatched on the refused
      // connection); a busy one (a burst of sign-ins hashing passwords) may answer late without being taken out,
      // and its open streams are left alone
      '  timeout check 5s',
      '  default-server check inter 1s fall 3 rise 2',
      ...PORTS.api.map((port, i) => `  server api${i + 1} 127.0.0.1:${port}`),
      '',
    ].join('\n'),
  );
  return cfg;
}

function secret(): string {
  const f = join(DIR, 'secret');
  if (!existsSync(f)) writeFileSync(f, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(f, 'utf8').trim();
}

function apiEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    TMS_SECRET: secret(),
    DATABASE_URL: url(PORTS.pgbouncer),
    DATABASE_DIRECT_URL: url(PORTS.primary),
    DATABASE_REPLICA_URL: url(PORTS.replica),
    TMS_TRUST_PROXY: '1',
    // the load script signs many users in from one address, without a captcha
    TMS_CAPTCHA: process.env.TMS_CAPTCHA ?? 'off',
    TMS_AUTH_RATE_PER_MINUTE: process.env.TMS_AUTH_RATE_PER_MINUTE ?? '100000',
    TMS_DATA_DIR: join(DIR, 'data'),
    TMS_DB_POOL: process.env.TMS_DB_POOL ?? '20',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
}
// node itself (not the tsx launcher, which would leave its server running when killed): the pid is the server's
const apiStart = (port: number, i: number) => () => spawnLogged(`api${i + 1}`, process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], apiEnv(port));

// ------------------------------------------------------------------ control port (the load script)
function control(): void {
  const srv = createServer((req, res) => {
    const [, verb, name] = (req.url ?? '').split('/');
    const answer = (code: number, body: unknown) => res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (verb === 'state') {
      return answer(200, {
        ports: PORTS,
        pieces: Object.fromEntries([...pieces].map(([n, p]) => [n, { pid: p.child?.pid ?? null }])),
        replica: { running: pgReady(PORTS.replica) },
      });
    }
    if (req.method !== 'POST') return answer(405, {});
    if (name === 'replica') {
      // kill: the replica's postmaster dies at once (like a lost machine); start: it catches up by streaming
      if (verb === 'kill') stopPg(replicaDir, 'immediate');
      else if (verb === 'start') startPg(replicaDir, 'replica');
      return answer(200, { replica: pgReady(PORTS.replica) });
    }
    const p = pieces.get(name ?? '');
    if (!p) return answer(404, {});
    if (verb === 'kill') {
      p.keep = false;
      p.child?.kill('SIGKILL');
      return answer(200, { killed: name });
    }
    if (verb === 'start') {
      if (!p.child) launch(p);
      return answer(200, { started: name, pid: p.child?.pid });
    }
    return answer(404, {});
  });
  srv.listen(PORTS.control, '127.0.0.1');
  srv.unref();
}

// ------------------------------------------------------------------ start / stop
const pidFile = join(DIR, 'cluster.pid');

async function start(): Promise<void> {
  if (process.argv.includes('--reset')) {
    await stopRunning();
    stopPg(replicaDir);
    stopPg(primaryDir);
    rmSync(DIR, { recursive: true, force: true });
  }
  mkdirSync(DIR, { recursive: true });
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    if (alive(pid)) throw new Error(`a cluster runs already (pid ${pid}): npm run cluster -- stop`);
  }
  writeFileSync(pidFile, String(process.pid));
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void shutdown().then(() => process.exit(0)));

  if (!process.argv.includes('--no-build')) {
    log('npm run build (the web and driver apps the servers serve)');
    const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('npm run build failed');
  }
  initPrimary();
  startPg(primaryDir, 'primary');
  ensureDatabase();
  makeReplica();
  startPg(replicaDir, 'replica');
  const ini = pgbouncerConfig();
  add('pgbouncer', () => spawnLogged('pgbouncer', '/usr/sbin/pgbouncer', [ini], process.env, true));
  await until('PgBouncer', () => pgReady(PORTS.pgbouncer), 30);
  log(`PgBouncer (transaction pooling) on :${PORTS.pgbouncer}`);
  // the first server migrates and seeds; the others start on a ready database
  PORTS.api.forEach((port, i) => i === 0 && add(`api${i + 1}`, apiStart(port, i)));
  await until('api1', () => healthy(PORTS.api[0]!), 300);
  PORTS.api.forEach((port, i) => i > 0 && add(`api${i + 1}`, apiStart(port, i)));
  for (const port of PORTS.api.slice(1)) await until(`API server :${port}`, () => healthy(port), 120);
  log(`API servers on :${PORTS.api.join(' :')}`);
  add('haproxy', () => spawnLogged('haproxy', '/usr/sbin/haproxy', ['-db', '-f', haproxyConfig()]));
  await until('HAProxy', () => healthy(PORTS.haproxy), 30);
  control();
  log(`ready: http://127.0.0.1:${PORTS.haproxy} (admin / admin123); logs in ${DIR}; Ctrl-C or "npm run cluster -- stop" stops it`);
}

async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  log('stopping');
  const order = ['haproxy', 'api1', 'api2', 'api3', 'pgbouncer'];
  for (const n of order) {
    const c = pieces.get(n)?.child;
    if (!c || c.exitCode !== null) continue;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await Promise.race([gone, wait(12_000)]);
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
  stopPg(replicaDir);
  stopPg(primaryDir);
  rmSync(pidFile, { force: true });
  log('stopped');
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `stop`: asks the running cluster to stop (SIGTERM) and waits; a leftover PostgreSQL is stopped too. */
async function stopRunning(): Promise<void> {
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    if (alive(pid)) {
      process.kill(pid, 'SIGTERM');
      await until('the cluster to stop', () => !alive(pid), 60);
    }
    rmSync(pidFile, { force: true });
  }
}

if (process.argv.includes('stop')) {
  await stopRunning();
  stopPg(replicaDir);
  stopPg(primaryDir);
  log('stopped');
} else {
  try {
    await start();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    await shutdown();
    process.exit(1);
  }
}
