/**
 * The driver API (/api/driver/*) from the phone: the token kept on the device (signed in until
 * signed out or revoked), the language header, and the envelope `{ code, msg, data }` unwrapped.
 * A 401 signs the driver out (a revoked driver or an ended session, at the next contact).
 */
import { savedLang } from './i18n.ts';
import { target, type Data, type Input, type Name, type Schema } from './routes.ts';

const TOKEN = 'tms-driver-token';
const ME = 'tms-driver-me';

export type Me = Schema<'Me'>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** The network could not be reached (offline, cut mid-way): try again later. */
export class NetworkError extends Error {}

let onSignedOut: (message: string | null) => void = () => undefined;
export const setSignedOutHandler = (f: (message: string | null) => void) => (onSignedOut = f);

export const token = () => localStorage.getItem(TOKEN);
export const savedMe = (): Me | null => JSON.parse(localStorage.getItem(ME) ?? 'null') as Me | null;

export function signedIn(t: string, me: Me): void {
  localStorage.setItem(TOKEN, t);
  localStorage.setItem(ME, JSON.stringify(me));
}

export function forget(): void {
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(ME);
}

/** Calls an endpoint of the driver API by its name in @tms/domain; resolves to the answer's `data`. */
export async function send<K extends Name>(name: K, input: Input<K> = {}, opts: { key?: string; auth?: string | null } = {}): Promise<Data<K>> {
  const { method, path } = target(name, input.params as Record<string, unknown> | undefined);
  const headers: Record<string, string> = { lang: savedLang() };
  const auth = opts.auth === undefined ? token() : opts.auth;
  if (auth) headers.authorization = `Bearer ${auth}`;
  if (opts.key) headers['idempotency-key'] = opts.key;
  let body: BodyInit | undefined;
  if (input.form) body = input.form;
  else if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body);
  }
  const query = input.query ? `?${new URLSearchParams(Object.entries(input.query as Record<string, unknown>).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]])))}` : '';
  let res: Response;
  try {
    res = await fetch(`/api${path}${query}`, { method, headers, body, cache: 'no-store' });
  } catch {
    throw new NetworkError('network');
  }
  const json = (await res.json().catch(() => null)) as { msg?: string; data?: Data<K> } | null;
  if (res.status === 401 && auth) {
    forget();
    onSignedOut(json?.msg ?? null);
  }
  if (!res.ok) {
    // 5xx, or 409 with retry-after: the same key is still being applied (a repeat of a cut send)
    if (res.status >= 500 || res.headers.has('retry-after')) throw new NetworkError(json?.msg ?? String(res.status));
    throw new ApiError(res.status, json?.msg ?? String(res.status), json);
  }
  return json?.data as Data<K>;
}

export async function login(loginName: string, password: string): Promise<Me> {
  const t = await send('login', { body: { loginName, password } }, { auth: null });
  const me = await send('me', {}, { auth: t.token });
  signedIn(t.token, me);
  return me;
}

export async function logout(): Promise<void> {
  await send('logout', { body: {} }).catch(() => undefined);
  forget();
}
