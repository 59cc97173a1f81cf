/**
 * Single sign-on mode (spec §4 Session): a visitor without a token brings a one-time code in a cookie
 * (written by the organisation's sign-in site); the code is exchanged through POST /auth/getToken for a
 * token, and the visitor continues to the page asked for. On failure the visitor is sent to the external
 * sign-in address after 1.5 s (spec §9). The code cookie is removed once read, whatever the outcome.
 *
 * The mode is a build setting (Vite env: VITE_TMS_SSO, VITE_TMS_SSO_LOGIN_URL, VITE_TMS_SSO_COOKIE);
 * the server may override each value at run time (TMS_SSO, TMS_SSO_LOGIN_URL, TMS_SSO_COOKIE), by a
 * `<meta name="tms-config">` it writes into the page it serves (a meta element, not a script: the
 * content security policy allows no inline script). See README, "Configuration".
 */
import Cookies from 'js-cookie';
import { SSO_COOKIE_NAME, SSO_LOGIN_URL } from '@tms/domain';
import { HttpError } from '../platform/http.ts';
import { callAuth } from '../features/user/authCall.ts';
import { setToken } from '../platform/session.ts';
import i18n from '../platform/i18n.ts';

/** spec §9: single sign-on failure redirect */
export const SSO_FAILURE_REDIRECT_MS = 1500;
export const DEFAULT_SSO_COOKIE = 'sso_code';
/** without a configured address, a failed sign-on falls back to the product's own login page */
export const DEFAULT_SSO_LOGIN_URL = '/user/login';

export interface SsoConfig {
  enabled: boolean;
  /** where a failed sign-on goes; `{redirect}` in it is replaced by the (encoded) address asked for */
  loginUrl: string;
  /** the cookie holding the one-time code */
  cookie: string;
}

const ON = new Set(['1', 'on', 'true']);

function safeUrl(url: unknown): string | undefined {
  // an absolute http(s) address or a path of this site: never javascript: or the like
  return typeof url === 'string' && SSO_LOGIN_URL.test(url) ? url : undefined;
}
function safeCookie(name: unknown): string | undefined {
  return typeof name === 'string' && SSO_COOKIE_NAME.test(name) ? name : undefined;
}

/** The build setting. */
function buildSetting(): Partial<SsoConfig> {
  const env = import.meta.env;
  return {
    enabled: ON.has(String(env.VITE_TMS_SSO ?? '').toLowerCase()),
    loginUrl: safeUrl(env.VITE_TMS_SSO_LOGIN_URL),
    cookie: safeCookie(env.VITE_TMS_SSO_COOKIE),
  };
}

/** The server's run-time override: `<meta name="tms-config" content='{"sso":{"enabled":true,…}}'>`. */
function runtimeSetting(): Partial<SsoConfig> {
  const raw = typeof document === 'undefined' ? null : document.querySelector('meta[name="tms-config"]')?.getAttribute('content');
  if (!raw) return {};
  try {
    const sso = (JSON.parse(raw) as { sso?: Record<string, unknown> }).sso ?? {};
    return {
      enabled: typeof sso.enabled === 'boolean' ? sso.enabled : undefined,
      loginUrl: safeUrl(sso.loginUrl),
      cookie: safeCookie(sso.cookie),
    };
  } catch {
    return {};
  }
}

let config: SsoConfig | null = null;
export function ssoConfig(): SsoConfig {
  if (config) return config;
  const build = buildSetting();
  const run = runtimeSetting();
  config = {
    enabled: run.enabled ?? build.enabled ?? false,
    loginUrl: run.loginUrl ?? build.loginUrl ?? DEFAULT_SSO_LOGIN_URL,
    cookie: run.cookie ?? build.cookie ?? DEFAULT_SSO_COOKIE,
  };
  return config;
}

/** The sign-in address, with `{redirect}` replaced by the address the visitor asked for. */
export function ssoLoginTarget(loginUrl: string, here: string = window.location.href): string {
  return loginUrl.replace(/\{redirect\}/g, encodeURIComponent(here));
}

function removeCodeCookie(name: string): void {
  // the sign-in site may have written it for this host or for its domain
  Cookies.remove(name, { path: '/' });
  Cookies.remove(name, { path: '/', domain: window.location.hostname });
}

export type SsoOutcome = { ok: true } | { ok: false; reason: string; loginUrl: string };

async function exchange(): Promise<SsoOutcome> {
  const cfg = ssoConfig();
  const code = Cookies.get(cfg.cookie);
  removeCodeCookie(cfg.cookie);
  let reason: string;
  if (!code) reason = i18n.t('sso.noCode');
  else {
    try {
      const r = await callAuth('ssoToken', { body: { code } }, { silent: true });
      if (r.code === 0 && typeof r.data === 'string' && r.data) {
        setToken(r.data);
        return { ok: true };
      }
      reason = r.msg || i18n.t('sso.refused');
    } catch (e) {
      reason = e instanceof HttpError && e.body?.msg ? e.body.msg : i18n.t('sso.refused');
    }
  }
  const loginUrl = ssoLoginTarget(cfg.loginUrl);
  setTimeout(() => window.location.assign(loginUrl), SSO_FAILURE_REDIRECT_MS);
  return { ok: false, reason, loginUrl };
}

let running: Promise<SsoOutcome> | null = null;

/**
 * Exchanges the cookie's code for a token (once, however many times the view mounts). On failure the
 * redirect to the sign-in address is already scheduled; the caller shows the reason meanwhile.
 */
export function signInBySso(): Promise<SsoOutcome> {
  running ??= exchange().then((out) => {
    // a later loss of the token (a 401 reloads the page anyway) starts over
    if (out.ok) running = null;
    return out;
  });
  return running;
}
