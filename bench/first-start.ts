/**
 * First start, timed as a newcomer meets it (issue 18 §3: listening ≤ 30 s after `npm ci`): runs `npm start`
 * (or the command given) on a fresh embedded database of its own, and reports the wall time from the command's
 * start to the first 200 of /api/health, with the time of each server log line on the way (the listening line
 * carries the server's own split: loadMs, openDbMs, buildAppMs, migrateMs, seedMs, and its CPU time, cpuMs).
 *
 *   npx tsx bench/first-start.ts                    # npm start, PORT 18990, demo on
 *   BENCH_PORT=18991 npx tsx bench/first-start.ts -- npm run serve
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const dashDash = process.argv.indexOf('--');
const command = dashDash >= 0 ? process.argv.slice(dashDash + 1) : ['npm', 'start'];
const port = process.env.BENCH_PORT ?? '18990';
const dataDir = mkdtempSync(join(tmpdir(), 'tms-first-start-'));
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

console.log(`${command.join(' ')} on PORT ${port}, TMS_DATA_DIR ${dataDir}; load average ${load()}`);
const t0 = performance.now();
const since = () => ((performance.now() - t0) / 1000).toFixed(1).padStart(5);
const child = spawn(command[0]!, command.slice(1), {
  cwd: ROOT,
  env: { ...process.env, PORT: port, TMS_DATA_DIR: dataDir, DATABASE_URL: '' },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true, // its own process group: npm's children are stopped with it
});
let pending = '';
const onData = (chunk: Buffer) => {
  pending += chunk.toString();
  const lines = pending.split('\n');
  pending = lines.pop()!;
  for (const line of lines) {
    let text = line;
    try {
      const j = JSON.parse(line) as { msg?: string; startMs?: number };
      text = j.msg + (j.startMs ? ` ${JSON.stringify(j, ["startMs", "loadMs", "openDbMs", "buildAppMs", "migrateMs", "seedMs", "cpuMs"])}` : "");
    } catch { /* not a log record: npm's or a build's output */ }
    if (text.trim()) console.log(`${since()} s  ${text.slice(0, 400)}`);
  }
};
child.stdout!.on('data', onData);
child.stderr!.on('data', onData);
let exited = false;
child.on('exit', (code) => { exited = true; console.log(`${since()} s  exited with ${code}`); });

let ms = 0;
for (;;) {
  if (exited) break;
  try {
    const r = await fetch(`http://127.0.0.1:${port}/api/health`);
    if (r.status === 200) { ms = performance.now() - t0; break; }
  } catch { /* not listening yet */ }
  await new Promise((r) => setTimeout(r, 100));
}
if (ms) {
  // the web app and the driver app are served (the sign-in itself asks for the slider captcha first)
  const web = await fetch(`http://127.0.0.1:${port}/`);
  const driver = await fetch(`http://127.0.0.1:${port}/driver/`);
  console.log(`first 200 of /api/health after ${(ms / 1000).toFixed(1)} s; GET / ${web.status}, GET /driver/ ${driver.status}; load average ${load()}`);
}
try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* gone */ }
await new Promise((r) => setTimeout(r, 500));
rmSync(dataDir, { recursive: true, force: true });
process.exit(ms ? 0 : 1);
