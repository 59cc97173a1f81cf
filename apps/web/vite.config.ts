import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * antd's button style takes `isBright` from the color picker's presets module, which imports Collapse:
 * ~5 KB gzip of Collapse on every page, the login page included. The button style gets `isBright` alone.
 */
function antdButtonIsBright(): Plugin {
  const shim = fileURLToPath(new URL('./build-shims/antd-is-bright.js', import.meta.url));
  return {
    name: 'tms-antd-button-is-bright',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../../color-picker/components/ColorPresets' && importer?.replace(/\\/g, '/').endsWith('/antd/es/button/style/token.js')) return shim;
      return null;
    },
  };
}

/**
 * antd's css-in-js (through rc-util's dynamicCSS) rescans <head> and re-reads a style sheet for every
 * component instance; `build-shims/dynamic-css.js` answers a repeated write of the same CSS at once.
 * Every importer of the module gets the shim; the shim itself imports the original (`?tms-original`).
 */
function fastDynamicCss(): Plugin {
  const shim = fileURLToPath(new URL('./build-shims/dynamic-css.js', import.meta.url));
  return {
    name: 'tms-fast-dynamic-css',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === 'rc-util/es/Dom/dynamicCSS.js?tms-original') {
        const r = await this.resolve('rc-util/es/Dom/dynamicCSS.js', importer, { ...options, skipSelf: true });
        return r?.id;
      }
      if (importer !== shim && /^rc-util\/es\/Dom\/dynamicCSS(\.js)?$/.test(source)) return shim;
      return null;
    },
  };
}

/**
 * antd's styles of the default look written ahead (`antd-static/`, made by scripts/antd-styles.ts; issue 12): each
 * file is linked first in <head> with the media of its motion setting, so the page has the styles before any script
 * runs and antd's css-in-js, finding a style's path in the file's map, skips generating it; the styles it still
 * generates come after them, as they came after those styles before. Served as they are:
 * not minified, and not bundled with the app's CSS (which follows them and overrides antd where it must).
 */
function antdStaticStyles(): Plugin {
  const dir = fileURLToPath(new URL('./antd-static/', import.meta.url));
  const files = [
    ['reduced-motion', '(prefers-reduced-motion: reduce)'],
    ['motion', '(prefers-reduced-motion: no-preference)'],
  ] as const;
  let links: { href: string; media: string }[] = [];
  return {
    name: 'tms-antd-static-styles',
    apply: 'build',
    buildStart() {
      links = [];
      for (const [name, media] of files) {
        if (!existsSync(`${dir}${name}.css`)) continue;
        const source = readFileSync(`${dir}${name}.css`, 'utf8');
        const fileName = `assets/antd-${name}-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.css`;
        this.emitFile({ type: 'asset', fileName, source });
        links.push({ href: `/${fileName}`, media });
      }
    },
    transformIndexHtml: {
      order: 'post',
      // right after <meta charset>: before the app's own style sheet. The empty <style> after them is where rc-util
      // queues the styles css-in-js still generates (pro-components', other themes'): it puts each one after the last
      // queued <style>, else first in <head>, where the written sheets would win over them
      handler: (html) =>
        links.length
          ? html.replace(
              /(<meta charset="[^"]*" \/>)/,
              `$1${links.map(({ href, media }) => `\n    <link rel="stylesheet" href="${href}" media="${media}" />`).join('')}\n    <style data-rc-order="prependQueue" data-rc-priority="-1000000"></style>`,
            )
          : html,
    },
  };
}

export default defineConfig({
  plugins: [antdButtonIsBright(), fastDynamicCss(), antdStaticStyles(), react()],
  // rc-resize-observer (antd) imports the polyfill, which hands out the native ResizeObserver when there is one
  resolve: { alias: { 'resize-observer-polyfill': fileURLToPath(new URL('./build-shims/resize-observer.js', import.meta.url)) } },
  server: { port: 8000, proxy: { '/api': 'http://localhost:8080' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 2000 },
});
