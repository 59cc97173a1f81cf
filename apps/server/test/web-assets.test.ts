/**
 * The built web app as the server hands it out: hashed assets are kept by the browser for a year (no
 * revalidation on every page load), the page itself and unhashed files are checked each time, and every
 * other path answers the app (history-mode routing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type TestServer } from './helpers.ts';

let s: TestServer;
const dist = mkdtempSync(join(tmpdir(), 'tms-web-dist-'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>TMS</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  s = await startServer({ env: { TMS_WEB_DIST: dist } });
});

afterAll(async () => {
  await s?.close();
  rmSync(dist, { recursive: true, force: true });
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
});
