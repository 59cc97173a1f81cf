/**
 * The HTTP client of spec §7 / §8: base /api, 10 s time-out, token and lang headers (GET also ?lang=),
 * envelope unwrapping, and the 401 / 403 / other-status notifications.
 */
import { LIMITS, type Envelope, type PageEnvelope } from '@tms/domain';
import { clearToken, getLang, getToken } from './session.ts';
import i18n from './i18n.ts';

export const API_BASE = '/api';

/**
 * The error notification. antd's notification (with rc-notification) is loaded on first use, so the
 * login page does not carry it; the signed-in shell has it already (boot.ts).
 */
function notifyError(message: string, description: string | undefined) {
  void import('./notify.ts')
    .then((m) => m.notification.error({ message, description }))
    .catch(() => console.error(message, description));
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Envelope | null,
  ) {
    super(body?.msg ?? i18n.t('http.status', { status }));
  }
  /** Field errors of a 400 / 409, keyed by field name (already translated by the server). */
  get fieldErrors(): Record<string, string> {
    return this.body?.errors ?? {};
  }
}

export interface RequestOptions {
  params?: Record<string, unknown>;
  data?: unknown;
  /**
   * do not show the error notification (the caller shows the message itself). A session found ended (a 401 while
   * signed in) is still announced before the reload, even by a background call (the bells, the live stream's ticket)
   */
  silent?: boolean;
  /** the caller announces a 401 itself too (the first call of a session, spec §4) */
  ownSessionEnd?: boolean;
  timeoutMs?: number;
  /** return the raw Response (downloads) */
  raw?: boolean;
}

function query(params: Record<string, unknown> | undefined, method: string): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    sp.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  if (method === 'GET') sp.set('lang', getLang());
  const s = sp.toString();
  return s ? `?${s}` : '';
}

let onUnauthorized: () => void = () => undefined;
/** The app decides what a 401 does (log out and reload, spec §8). */
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

/** A random key for one user action (crypto.getRandomValues also works on a plain-http intranet address). */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** A server lost behind the load balancer, or a connection cut: the same request is sent again, this often. */
export const RETRY_DELAYS_MS = [300, 1200];
const RETRY_STATUS = new Set([502, 503, 504]);

export async function request<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { lang: getLang() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // every write carries a key of its own: sent again after a lost answer, the server applies it once (issue 20)
  if (method !== 'GET') headers['Idempotency-Key'] = newIdempotencyKey();
  let body: BodyInit | undefined;
  if (opts.data instanceof FormData) body = opts.data;
  else if (opts.data !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.data);
  }
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), opts.timeoutMs ?? LIMITS.httpTimeoutMs);
  let res: Response;
  for (let attempt = 0; ; attempt++) {
    const again = attempt < RETRY_DELAYS_MS.length ? RETRY_DELAYS_MS[attempt]! : null;
    try {
      res = await fetch(API_BASE + url + query(opts.params, method), { method, headers, body, signal: ctrl.signal });
    } catch (e) {
      // a cut connection (not our time-out) is tried again: reads are safe, writes carry their Idempotency-Key
      if ((e as Error).name !== 'AbortError' && again !== null) {
        await new Promise((r) => setTimeout(r, again));
        continue;
      }
      clearTimeout(timer);
      if (!opts.silent) notifyError(i18n.t('http.error'), i18n.t('http.systemError'));
      throw new HttpError(0, { code: 0, msg: (e as Error).name === 'AbortError' ? i18n.t('http.timeout') : i18n.t('http.systemError') });
    }
    if (RETRY_STATUS.has(res.status) && again !== null) {
      await new Promise((r) => setTimeout(r, again));
      continue;
    }
    break;
  }
  clearTimeout(timer);
  if (opts.raw && res.ok) return res as unknown as T;
  let json: (Envelope & Partial<PageEnvelope>) | null = null;
  try {
    json = (await res.json()) as Envelope & Partial<PageEnvelope>;
  } catch {
    json = null;
  }
  if (res.status === 401) {
    if (!opts.silent || (token && getToken() && !opts.ownSessionEnd)) notifyError(i18n.t('http.unauthorized'), i18n.t('http.verifyFailed'));
    if (token) {
      clearToken();
      setTimeout(() => onUnauthorized(), 1500);
    }
    throw new HttpError(401, json);
  }
  if (res.status === 403) {
    if (!opts.silent) notifyError(i18n.t('http.forbidden'), json?.msg);
    throw new HttpError(403, json);
  }
  if (res.status < 200 || res.status >= 300) {
    if (!opts.silent) notifyError(i18n.t('http.error'), json?.msg ?? i18n.t('http.status', { status: res.status }));
    throw new HttpError(res.status, json);
  }
  return json as T;
}

/** Saves a file answer (see api.ts `call` of a file endpoint) under a name. */
export async function saveResponse(res: Response, filename: string): Promise<void> {
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
