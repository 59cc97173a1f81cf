/**
 * One webhook POST (or a Web Push's encrypted body, modules/driver/push.ts): the target checked against request forgery (ssrf.ts) before and after name
 * resolution, a connect and a response time-out, the answer's body read up to a limit (the rest is
 * dropped, never buffered), no redirects followed.
 */
import http from 'node:http';
import https from 'node:https';
import { checkedLookup, RefusedTarget, urlRefusal, type TargetPolicy } from './ssrf.ts';

export const RESPONSE_BODY_LIMIT = 2000;

export interface PostOptions extends TargetPolicy {
  connectTimeoutMs: number;
  responseTimeoutMs: number;
}

export interface PostResult {
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
  /** the target is refused (not retried: it will not get better by waiting) */
  refused?: boolean;
}

const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 64 }), https: new https.Agent({ keepAlive: true, maxSockets: 64 }) };

export function postJson(url: string, body: string | Buffer, headers: Record<string, string>, o: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const refusal = urlRefusal(url, o);
  if (refusal) return Promise.resolve({ ok: false, status: null, body: null, error: `refused: ${refusal}`, durationMs: 0, refused: true });
  const u = new URL(url);
  const mod = u.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    let done = false;
    const finish = (r: Omit<PostResult, 'durationMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(overall);
      clearTimeout(connect);
      resolve({ ...r, durationMs: elapsed() });
    };
    const req = mod.request(
      u,
      {
        method: 'POST',
        agent: u.protocol === 'https:' ? agents.https : agents.http,
        lookup: checkedLookup(o.allowPrivate) as unknown as http.RequestOptions['lookup'],
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'TMS-Webhook/1', ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) },
      },
      (res) => {
        clearTimeout(connect);
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < RESPONSE_BODY_LIMIT) chunks.push(c.subarray(0, RESPONSE_BODY_LIMIT - size));
          size += c.length;
          if (size >= RESPONSE_BODY_LIMIT) {
            // enough for the log: stop reading (the connection is dropped, not kept alive)
            res.destroy();
            end();
          }
        });
        const end = () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BODY_LIMIT);
          finish({ ok: status >= 200 && status < 300, status, body: text, error: status >= 200 && status < 300 ? null : `HTTP ${status}` });
        };
        res.on('end', end);
        res.on('error', (e) => finish({ ok: false, status: res.statusCode ?? null, body: null, error: String(e.message).slice(0, 300) }));
      },
    );
    const overall = setTimeout(() => {
      finish({ ok: false, status: null, body: null, error: `no answer within ${o.responseTimeoutMs} ms` });
      req.destroy();
    }, o.responseTimeoutMs);
    const connect = setTimeout(() => {
      if (!req.socket || req.socket.connecting) {
        finish({ ok: false, status: null, body: null, error: `no connection within ${o.connectTimeoutMs} ms` });
        req.destroy();
      }
    }, o.connectTimeoutMs);
    req.on('error', (e) => {
      const refused = e instanceof RefusedTarget || (e as { code?: string }).code === 'EREFUSEDTARGET';
      finish({ ok: false, status: null, body: null, error: refused ? `refused: ${e.message}` : String(e.message).slice(0, 300), refused });
    });
    req.end(body);
  });
}
