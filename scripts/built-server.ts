/**
 * The built product (apps/server/dist/main.js serving a built web app) on a fresh embedded PGlite folder, for scripts
 * that drive a browser against it (bench/page-load.ts, scripts/antd-styles.ts): test hooks on (the captcha's answer),
 * no demo operation, the admin signed in through the API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

export interface BuiltServer {
  url: string;
  /** the admin's token */
  token: string;
  stop(): Promise<void>;
}

export async function startBuiltServer(webDist: string): Promise<BuiltServer> {
  if (!existsSync(join(webDist, 'index.html'))) throw new Error(`${webDist} has no index.html: build the web app first (npm run build)`);
  if (!existsSync(join(ROOT, 'apps/server/dist/main.js'))) throw new Error('apps/server/dist/main.js is missing: npm run build');
  const dir = mkdtempSync(join(tmpdir(), 'tms-built-'));
  const proc: ChildProcess = spawn(process.execPath, ['--enable-source-maps', join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', TMS_TEST_HOOKS: '1', TMS_DEMO: 'off', TMS_DATA_DIR: dir, TMS_WEB_DIST: webDist },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((ok, fail) => {
    proc.once('exit', (code) => fail(new Error(`server exited with ${code} before listening`)));
    proc.on('message', (m: { listening?: number }) => typeof m?.listening === 'number' && ok(m.listening));
  });
  const url = `http://127.0.0.1:${port}`;
  const get = async (p: string) => ((await (await fetch(url + p)).json()) as { data: Record<string, unknown> }).data;
  const img = await get('/api/auth/captcha/captchaImage');
  const ans = await get(`/api/auth/captcha/testAnswer?token=${String(img.token)}`);
  const r = await fetch(url + '/api/auth/login/slide', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123', captchaToken: img.token, x: ans.x }),
  });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status}`);
  const token = ((await r.json()) as { data: { token: string } }).data.token;
  return {
    url,
    token,
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((res) => (proc.exitCode !== null ? res(null) : proc.once('exit', res)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
