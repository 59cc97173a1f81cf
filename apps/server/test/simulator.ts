/** The demo simulator (scripts/simulate.ts) run as a child process against a test server: one short trip by default. */
import { spawn } from 'node:child_process';

const ROOT = new URL('../../..', import.meta.url).pathname;

/** Runs the simulator against the server at `url`; its exit code and everything it printed. */
export async function runSimulator(url: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.SIM_ADMIN_TOKEN;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/simulate.ts', '--url', url, '--trips', '1', '--minutes', '0.05', '--interval', '1', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (b: Buffer) => (output += b.toString()));
  proc.stderr.on('data', (b: Buffer) => (output += b.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    proc.once('error', reject);
    proc.once('exit', resolve);
  });
  return { code, output };
}
