/**
 * First-load JavaScript of the driver app (issue 16: ≤ 150 KB gzip): the scripts /driver/'s page
 * loads before it is interactive — its module script, the chunks that script preloads (modulepreload)
 * and the service-worker registration — each gzipped (zlib default level) and summed; the chunks
 * loaded later (map, signature, scanner) are listed apart. Reads the build: `npm run build` first.
 *   npx tsx bench/driver-bundle.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../apps/driver/dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const first = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/driver\/([^"]+\.js)"/g)].map((m) => m[1]!);
const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
let total = 0;
for (const f of first) {
  total += gz(f);
  console.log(`first load  ${f.padEnd(36)} ${kb(gz(f))}`);
}
console.log(`first load JS (gzip): ${kb(total)} in ${first.length} files (goal ≤ 150 KB)`);
for (const f of readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js') && !first.includes(`assets/${f}`))) console.log(`later       assets/${f.padEnd(29)} ${kb(gz(`assets/${f}`))}`);
