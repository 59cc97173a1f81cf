// Brotli and gzip copies of a build's scripts and styles (name.js.br, name.js.gz), served by @fastify/static
// (preCompressed) to a browser that accepts them: the driver app's first load crosses slow phone networks
// compressed without the server compressing on every request.
//   node scripts/precompress.mjs apps/driver/dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2];
if (!root) throw new Error('usage: node scripts/precompress.mjs <dist folder>');
const walk = (dir) => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
let before = 0;
let after = 0;
for (const file of walk(root).filter((f) => /\.(js|css|webmanifest|svg)$/.test(f))) {
  const raw = readFileSync(file);
  if (raw.length < 1024) continue;
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
  before += raw.length;
  after += br.length;
}
console.log(`precompressed ${root}: ${(before / 1024).toFixed(1)} KB → ${(after / 1024).toFixed(1)} KB (brotli)`);
