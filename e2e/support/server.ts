/**
 * Starts the real product for browser tests: the built web app and the API in one server process,
 * on a fresh database (a new database on TEST_DATABASE_URL when set, else a fresh PGlite folder).
 *
 * sharedProduct(): one such server per test worker, kept for every file the worker runs that needs no
 * setting of its own (issue 12: starting a server cost 13–20 s of a loaded machine per file). The files
 * isolate by data: each makes what it looks at with codes of its own, and one that changes a shared
 * setting puts it back. The server goes with its worker (it leaves when its parent's IPC channel closes)
 * and the run's end drops its database (apps/server/test/global-setup.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, pgliteTemplate, runRoot } from '../../apps/server/test/databases.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
/** The built web app; TMS_E2E_WEB_DIST points elsewhere (parallel work builds into its own folder). */
export const WEB_DIST = process.env.TMS_E2E_WEB_DIST || join(ROOT, 'apps/web/dist');

export interface ProductServer {
  url: string;
  /** the JT/T 808 port (started with TMS_JT808_PORT, '0': the system's choice), else null */
  jt808Port: number | null;
  stop(): Promise<void>;
  /** GET/POST against the API, as the admin by default */
  api<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: T }>;
  /** the admin's token for the test's own API calls (one session, made once) */
  adminToken(): Promise<string>;
  /** a new session of a user through the login API (the captcha's test-only answer): its token */
  signIn(user?: string, password?: string): Promise<string>;
  /** true for the worker's shared server: stop() leaves it running for the worker's next file */
  shared: boolean;
}

const SHARED = Symbol.for('tms.e2e.sharedProduct');
type WithShared = typeof globalThis & { [SHARED]?: Promise<ProductServer> };

/**
 * The worker's server with the default settings, started by its first file and kept for the next ones
 * (vitest runs a worker's files in one process: isolate false). A server that died is started again.
 */
export async function sharedProduct(): Promise<ProductServer> {
  const g = globalThis as WithShared;
  const running = await g[SHARED]?.catch(() => null);
  if (running && (await alive(running))) return running;
  g[SHARED] = startProduct({}, true);
  return g[SHARED];
}

async function alive(server: ProductServer): Promise<boolean> {
  try {
    return (await fetch(server.url + '/api/health', { signal: AbortSignal.timeout(10_000) })).ok;
  } catch {
    return false;
  }
}

export async function startProduct(env: Record<string, string> = {}, shared = false): Promise<ProductServer> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error('the web app is not built: run `npm run build` first');
  const dataDir = mkdtempSync(join(runRoot() ?? tmpdir(), 'tms-e2e-'));
  const base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  let dropDb: (() => Promise<void>) | null = null;
  const childEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: '0', // the system picks a free port; the server tells it over the IPC channel
    HOST: '127.0.0.1',
    TMS_DATA_DIR: dataDir,
    TMS_TEST_HOOKS: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    TMS_WEB_DIST: WEB_DIST,
    // the small seed the browser tests expect, not the demo operation (a copied template never gets it either: see vitest.config.ts)
    TMS_DEMO: 'off',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (base) {
    // a copy of the run's migrated and seeded template database (apps/server/test/global-setup.ts)
    const created = await createDatabase(base);
    dropDb = created.drop;
    childEnv.DATABASE_URL = created.url;
  } else {
    // a copy of the run's migrated and seeded PGlite folder: the server finds its migrations applied
    // and its seed done instead of paying for both in every file
    const template = pgliteTemplate();
    if (template) cpSync(template, join(dataDir, 'pg'), { recursive: true });
  }
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  // the server sends its port once it listens (after migrations and seed); an exit before is a failure
  const { port, jt808Port } = await new Promise<{ port: number; jt808Port: number | null }>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`server exited with ${code} before listening`));
    proc.once('exit', onExit);
    proc.on('message', (m: { listening?: number; jt808?: number | null }) => {
      if (typeof m?.listening !== 'number') return;
      proc.off('exit', onExit);
      resolve({ port: m.listening, jt808Port: m.jt808 ?? null });
    });
  });
  // the channel stays open, so the server leaves with this worker (main.ts: 'disconnect'), but it does not keep the worker alive
  proc.channel?.unref();
  if (shared) proc.unref();
  const url = `http://127.0.0.1:${port}`;
  let token: string | null = null;
  const api = async <T>(method: string, path: string, body?: unknown, tok?: string) => {
    const headers: Record<string, string> = {};
    const t = tok ?? token;
    if (t) headers.authorization = `Bearer ${t}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: r.status, json: (await r.json()) as T };
  };
  const signIn = async (user = 'admin', password = 'admin123') => {
    const img = await api<{ data: { token: string } }>('GET', '/api/auth/captcha/captchaImage', undefined, '');
    const ans = await api<{ data: { x: number } }>('GET', `/api/auth/captcha/testAnswer?token=${img.json.data.token}`, undefined, '');
    const r = await api<{ data: { token: string } }>(
      'POST',
      '/api/auth/login/slide',
      { username: user, password, captchaToken: img.json.data.token, x: ans.json.data.x },
      '',
    );
    if (r.status !== 200) throw new Error(`sign-in of ${user} failed: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.data.token;
  };
  const adminToken = async () => (token ??= await signIn());
  return {
    url,
    jt808Port,
    api,
    adminToken,
    signIn,
    shared,
    async stop() {
      if (shared) return;
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r(null) : proc.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
      await dropDb?.();
    },
  };
}
