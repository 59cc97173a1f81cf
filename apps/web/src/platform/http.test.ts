/**
 * Issue 20: every write carries an Idempotency-Key, and a request whose connection was cut (or that a load
 * balancer answered 502/503/504 for a lost server) is sent again — the same key, so the server applies it once.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({ token: 'TOKEN' as string | null }));
vi.mock('./session.ts', () => ({ getLang: () => 'en-US', getToken: () => session.token, clearToken: () => void (session.token = null) }));
vi.mock('./i18n.ts', () => ({ default: { t: (k: string) => k } }));
const notification = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('./notify.ts', () => ({ notification }));

let http: typeof import('./http.ts');
beforeAll(async () => {
  http = await import('./http.ts');
}, 30_000);

const calls: { url: string; init: RequestInit }[] = [];
let answers: (() => Response | Promise<Response>)[] = [];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error('no answer prepared');
    return next();
  });
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// the calls the typed client (api.ts) makes through `request`: a GET and a POST answering the envelope's data
const get = (url: string, opts: import('./http.ts').RequestOptions = {}) => http.request<{ data?: unknown }>('GET', url, opts).then((r) => r.data);
const post = (url: string, data: unknown) => http.request<{ data?: unknown }>('POST', url, { data }).then((r) => r.data);
const header = (i: number, name: string) => (calls[i]!.init.headers as Record<string, string>)[name];

describe('the HTTP client', () => {
  it('sends a write again with the same Idempotency-Key after a cut connection and a 502', async () => {
    answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(502, { code: 502, msg: 'bad gateway' }),
      () => json(200, { code: 200, msg: 'ok', data: { id: 7 } }),
    ];
    const out = post('/order/save', { a: 1 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(await out).toEqual({ id: 7 });
    expect(calls).toHaveLength(3);
    const key = header(0, 'Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect([header(1, 'Idempotency-Key'), header(2, 'Idempotency-Key')]).toEqual([key, key]);
    expect(calls.map((c) => c.init.body)).toEqual(Array(3).fill('{"a":1}'));
  });

  it('gives each action its own key, reads none, and never repeats a refusal', async () => {
    const { HttpError } = http;
    answers = [() => json(200, { code: 200, msg: 'ok', data: 1 }), () => json(200, { code: 200, msg: 'ok', data: 2 }), () => json(400, { code: 400, msg: 'bad' }), () => json(200, { code: 200, msg: 'ok', data: [] })];
    await post('/a', {});
    await post('/a', {});
    await expect(post('/a', {})).rejects.toBeInstanceOf(HttpError);
    await get('/list');
    expect(calls).toHaveLength(4);
    expect(new Set([0, 1, 2].map((i) => header(i, 'Idempotency-Key'))).size).toBe(3);
    expect(header(3, 'Idempotency-Key')).toBeUndefined();
  });

  it('gives up after its retries and reports the failure', async () => {
    const { HttpError } = http;
    answers = [() => json(503, {}), () => json(503, {}), () => json(503, { code: 503, msg: 'down' })];
    const out = get('/list').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    const e = await out;
    expect(e).toBeInstanceOf(HttpError);
    expect((e as InstanceType<typeof HttpError>).status).toBe(503);
    expect(calls).toHaveLength(3);
  });

  it('announces a session found ended once, even when a background call found it, then hands over to the app', async () => {
    const { setUnauthorizedHandler } = http;
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    notification.error.mockClear();
    answers = [() => json(401, { code: 401, msg: 'no' }), () => json(401, { code: 401, msg: 'no' })];
    // two background calls (silent) at once: the bell's poll and the live stream's ticket
    const both = Promise.allSettled([get('/notify/inbox', { silent: true }), get('/shipment/shipmentAlert/getAlert', { silent: true })]);
    expect((await both).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await vi.dynamicImportSettled();
    expect(notification.error).toHaveBeenCalledTimes(1);
    expect(notification.error.mock.calls[0]![0]).toMatchObject({ message: 'http.unauthorized', description: 'http.verifyFailed' });
    expect(ended).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1500);
    expect(ended).toHaveBeenCalled();
    // signed out, a silent call's 401 stays silent
    answers = [() => json(401, { code: 401, msg: 'no' })];
    await expect(get('/system/user/info', { silent: true })).rejects.toThrow();
    await vi.dynamicImportSettled();
    expect(notification.error).toHaveBeenCalledTimes(1);
    session.token = 'TOKEN';
  });
});
