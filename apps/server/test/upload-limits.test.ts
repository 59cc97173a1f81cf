/**
 * Uploads are refused before their body is read (issue 13). On every upload route (the routes declaring
 * `config.upload`, from the route table): an anonymous upload answers 401 and an upload declaring a Content-Length
 * over the route's limit answers 413, at once, while the client is still sending — the test declares 200 MB, sends
 * 2 MiB and waits for the answer, which comes without the rest. Routes that take no upload refuse a multipart
 * body (415) the same way, so no other route reads a file.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startServer, type TestServer } from './helpers.ts';
import { DRIVER } from './driver-kit.ts';
import { clientUser } from './portal-kit.ts';
import { translate } from '../src/platform/i18n.ts';

let s: TestServer;
let admin: string;
let driver: string;
let client: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  driver = (await s.api('POST', '/api/driver/login', { body: DRIVER })).json.data.token;
  client = (await clientUser(s, ['C001'])).token;
});
afterAll(async () => {
  await s?.close();
});

const DECLARED = 200 * 1024 * 1024;
const BOUNDARY = 'tms-test-boundary';

/**
 * Starts a multipart upload declaring `DECLARED` bytes, sends its first 2 MiB and no more, and resolves with the
 * answer: the server has to answer without the body, or this never resolves (and the test times out).
 */
function startUpload(path: string, token: string | null): Promise<{ status: number; json: { code: number; msg: string } | null; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const u = new URL(path.replace(':id', '1'), s.url);
    const req = request(u, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(DECLARED),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null, connection: res.headers.connection });
        req.destroy();
      });
    });
    // the connection closed by the server once it answered: the answer came first
    req.on('error', (e) => reject(e));
    req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    // 2 MiB of it, as a client that goes on sending while the answer is on its way (the issue saw a reset after 1 MiB)
    const chunk = Buffer.alloc(64 * 1024, 1);
    for (let i = 0; i < 32; i++) req.write(chunk);
  });
}

/** the routes of the issue, and every route declaring an upload */
const ISSUE = ['/api/system/oss/upload', '/api/order/order/import', '/api/system/user/profile/avatar'];
const uploadRoutes = () => [
  ...s.app.routeTable.filter((r) => r.upload),
  ...ISSUE.filter((u) => !s.app.routeTable.some((r) => r.upload && r.url === u)).map((url) => ({ url, upload: 1, principal: undefined })),
];
const tokenFor = (r: { principal?: string }) => (r.principal === 'driver' ? driver : r.principal === 'portal' ? client : admin);

describe('uploads', () => {
  it('are declared by every route that takes one, the issue\'s three included', () => {
    const urls = s.app.routeTable.filter((r) => r.upload).map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/system/oss/upload', '/api/order/order/import', '/api/system/user/profile/avatar', '/api/baseinfo/item/import', '/api/driver/files', '/api/portal/orders/import']));
  });

  it('an anonymous upload is answered 401 before its body is read, on every upload route', async () => {
    for (const r of uploadRoutes()) {
      const a = await startUpload(r.url, null);
      expect(a.status, r.url).toBe(401);
      expect(a.json?.msg, r.url).toBe(translate('zh-CN', 'messages.unauthorized'));
    }
  });

  it('a declared oversize upload is answered 413 before its body is read, on every upload route', async () => {
    for (const r of uploadRoutes()) {
      expect(r.upload!, r.url).toBeLessThan(DECLARED);
      const a = await startUpload(r.url, tokenFor(r));
      expect(a.status, `${r.url}: ${JSON.stringify(a.json)}`).toBe(413);
      expect(a.json?.msg, r.url).toBe(translate('zh-CN', 'messages.tooLarge'));
      expect(a.connection, r.url).toBe('close');
    }
  });

  it('a route that takes no upload refuses a multipart body before reading it; a refused permission too', async () => {
    const a = await startUpload('/api/system/dict/type/save', admin);
    expect(a.status).toBe(415);
    expect(a.json?.msg).toBe(translate('zh-CN', 'messages.notAnUpload'));
    const none = (await s.api('POST', '/api/driver/login', { body: DRIVER })).json.data.token;
    // a driver's token on a staff upload route: refused as such, not after the upload
    expect((await startUpload('/api/system/oss/upload', none)).status).toBe(401);
  });

  it('a small upload within the limit still goes through', async () => {
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(Buffer.from('hello'))], { type: 'text/plain' }), 'hello.txt');
    const r = await s.api('POST', '/api/system/oss/upload', { token: admin, body: f });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  });
});
