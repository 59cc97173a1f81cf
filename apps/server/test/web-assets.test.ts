/**
 * The built web app as the server hands it out: hashed assets are kept by the browser for a year (no
 * revalidation on every page load), the page itself and unhashed files are checked each time, and every
 * other path answers the app (history-mode routing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { startServer, type TestServer } from './helpers.ts';

let s: TestServer;
const dist = mkdtempSync(join(tmpdir(), 'tms-web-dist-'));
const driverDist = mkdtempSync(join(tmpdir(), 'tms-driver-dist-'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>TMS</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(driverDist, 'assets'));
  writeFileSync(join(driverDist, 'index.html'), '<!doctype html><title>Driver</title><div id="driver-root"></div>');
  writeFileSync(join(driverDist, 'assets', 'index-Zz98Yy76.js'), 'console.log(2)');
  writeFileSync(join(driverDist, 'assets', 'index-Zz98Yy76.js.br'), brotliCompressSync('console.log(2)'));
  writeFileSync(join(driverDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(driverDist, 'manifest.webmanifest'), '{"name":"driver"}');
  s = await startServer({ env: { TMS_WEB_DIST: dist, TMS_DRIVER_DIST: driverDist } });
});

afterAll(async () => {
  await s?.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(driverDist, { recursive: true, force: true });
});

describe('web assets', () => {
  it('hashed assets are immutable for a year; the page and other files are revalidated', async () => {
    const asset = await s.api('GET', '/assets/index-Ab12Cd34.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await s.api('GET', '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    for (const path of ['/', '/welcome', '/order/order']) {
      const page = await s.api('GET', path);
      expect(page.status, path).toBe(200);
      expect(page.body.toString()).toContain('<div id="root">');
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('the driver app at /driver/: its hashed assets immutable, its service worker and manifest revalidated, its page for every path below it', async () => {
    const asset = await s.api('GET', '/driver/assets/index-Zz98Yy76.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const file of ['/driver/sw.js', '/driver/manifest.webmanifest']) {
      const r = await s.api('GET', file);
      expect(r.status, file).toBe(200);
      expect(r.headers.get('cache-control'), file).toBe('no-cache');
    }
    for (const path of ['/driver', '/driver/', '/driver/tasks', '/driver/?lang=en-US']) {
      const page = await s.api('GET', path);
      expect(page.status, path).toBe(200);
      expect(page.body.toString(), path).toContain('<div id="driver-root">');
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
    }
    // the back office keeps its own page
    expect((await s.api('GET', '/welcome')).body.toString()).toContain('<div id="root">');
  });

  it.each([
    ['the web app', '/assets/index-Ab12Cd34.js', 'console.log(1)'],
    ['the driver app', '/driver/assets/index-Zz98Yy76.js', 'console.log(2)'],
  ])("%s's precompressed copy (scripts/precompress.mjs) goes to a browser that accepts it", async (_app, path, text) => {
    const get = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((ok, no) =>
        http
          .get(`${s.url}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => ok({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', no),
      );
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(text);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(text);
  });
});
