// The server as one ES module, apps/server/dist/main.js, bundled by esbuild (the one tsx and Vite use), so
// `npm start` runs it with plain node instead of compiling the TypeScript at every start. The packages of
// node_modules stay outside the bundle (loaded as they are), @tms/domain goes in (it is TypeScript).
// A source file's own location (import.meta.url: migrations, the demo's data, the web app's dist) stays its own:
// each use is rewritten to the source file's address relative to the bundle. The source map (main.js.map;
// node --enable-source-maps) makes a stack trace name the .ts files and lines.
//   node scripts/build-server.mjs
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = `${ROOT}apps/server/dist`;

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: [`${ROOT}apps/server/src/main.ts`],
  outfile: `${OUT}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [
    {
      name: 'tms-externals',
      setup(b) {
        // bare imports are node_modules packages, loaded at run time; our workspace's are bundled
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@tms/') ? undefined : { path: args.path, external: true }));
      },
    },
    {
      name: 'tms-own-location',
      setup(b) {
        b.onLoad({ filter: /\.ts$/ }, (args) => {
          const text = readFileSync(args.path, 'utf8');
          if (!text.includes('import.meta.url')) return undefined;
          const rel = relative(OUT, args.path).split('\\').join('/');
          return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader: 'ts', resolveDir: dirname(args.path) };
        });
      },
    },
  ],
});
