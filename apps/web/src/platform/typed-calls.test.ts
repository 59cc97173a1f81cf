/**
 * The screens call the server through typed endpoints (platform/api.ts `call` / `callData`, resource-calls.ts,
 * the sign-in pages' callAuth), never by a path of their own: a changed route then breaks the build, not a screen.
 * This holds every file of the web app to it: only those three may use http.ts's raw calls.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const RAW_CALLERS = new Set(['platform/api.ts', 'features/user/authCall.ts', 'platform/http.ts']);
/** what http.ts exports besides its raw calls */
const ALLOWED = new Set(['HttpError', 'RequestOptions', 'saveResponse', 'API_BASE', 'setUnauthorizedHandler']);

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n) ? [p] : [];
  });

describe('the web app calls typed endpoints only', () => {
  it('no file but the typed clients imports a raw call of http.ts', () => {
    const found: string[] = [];
    for (const f of files(SRC)) {
      const name = relative(SRC, f);
      if (RAW_CALLERS.has(name)) continue;
      for (const m of readFileSync(f, 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[./]*(?:platform\/)?http\.ts'/g))
        for (const part of m[1]!.split(',')) {
          const imported = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!;
          if (imported && !ALLOWED.has(imported)) found.push(`${name}: ${imported}`);
        }
    }
    expect(found).toEqual([]);
  });
});
