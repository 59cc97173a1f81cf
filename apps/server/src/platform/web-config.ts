/**
 * Run-time settings of the web app that the server writes into the page it serves: the single sign-on
 * mode (apps/web/src/app/sso.ts) is a build setting of the web app, and each of its values can be
 * overridden here without a new build. They go into index.html as `<meta name="tms-config" content="…">`
 * (JSON, HTML-escaped): a meta element, since the content security policy allows no inline script.
 */
import { SSO_COOKIE_NAME, SSO_LOGIN_URL } from '@tms/domain';

export interface WebRuntimeConfig {
  sso: { enabled?: boolean; loginUrl?: string; cookie?: string };
}

const ON = new Set(['1', 'on', 'true']);
const OFF = new Set(['0', 'off', 'false']);

/** TMS_SSO (1/on/true, 0/off/false), TMS_SSO_LOGIN_URL, TMS_SSO_COOKIE; null when none is set (the build settings apply). */
export function loadWebRuntimeConfig(env: NodeJS.ProcessEnv): WebRuntimeConfig | null {
  const sso: WebRuntimeConfig['sso'] = {};
  const mode = env.TMS_SSO?.trim().toLowerCase();
  if (mode) {
    if (ON.has(mode)) sso.enabled = true;
    else if (OFF.has(mode)) sso.enabled = false;
    else throw new Error(`TMS_SSO must be 1 / on / true or 0 / off / false, not "${env.TMS_SSO}"`);
  }
  const url = env.TMS_SSO_LOGIN_URL?.trim();
  if (url) {
    if (!SSO_LOGIN_URL.test(url)) throw new Error(`TMS_SSO_LOGIN_URL must be an http(s) address or a path starting with /, not "${url}"`);
    sso.loginUrl = url;
  }
  const cookie = env.TMS_SSO_COOKIE?.trim();
  if (cookie) {
    if (!SSO_COOKIE_NAME.test(cookie)) throw new Error(`TMS_SSO_COOKIE must be a cookie name (letters, digits, _ . -), not "${cookie}"`);
    sso.cookie = cookie;
  }
  return Object.keys(sso).length ? { sso } : null;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** index.html with the settings in a meta element at the end of its head. */
export function injectWebConfig(html: string, cfg: WebRuntimeConfig): string {
  const meta = `<meta name="tms-config" content="${escapeAttr(JSON.stringify(cfg))}" />`;
  const at = html.indexOf('</head>');
  return at < 0 ? meta + html : `${html.slice(0, at)}${meta}\n${html.slice(at)}`;
}
