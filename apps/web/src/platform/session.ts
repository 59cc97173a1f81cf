/**
 * Session storage of spec §4: the token lives in a cookie and in local storage for 12 hours; the
 * local-storage copy is cleared when the page unloads (`keepTokenForThisPage`), the cookie carries the
 * session into the next page (a reload, a dispatch-center switch), which writes the copy again.
 * The language lives in the cookie `lang`.
 */
import Cookies from 'js-cookie';
import { LIMITS, normalizeLang, type Lang } from '@tms/domain';

export const TOKEN_KEY = 'Access-Token';
export const LANG_COOKIE = 'lang';
const TTL_MS = LIMITS.tokenHours * 3600_000;

export function getToken(): string | null {
  const fromCookie = Cookies.get(TOKEN_KEY);
  if (fromCookie) return fromCookie;
  try {
    const raw = localStorage.getItem(TOKEN_KEY);
    if (!raw) return null;
    const { value, expires } = JSON.parse(raw) as { value: string; expires: number };
    if (Date.now() > expires) {
      localStorage.removeItem(TOKEN_KEY);
      return null;
    }
    return value;
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  const expires = Date.now() + TTL_MS;
  Cookies.set(TOKEN_KEY, token, { expires: new Date(expires), sameSite: 'strict' });
  localStorage.setItem(TOKEN_KEY, JSON.stringify({ value: token, expires }));
}

/** At start: the token of the cookie is kept in local storage for this page's life, and cleared at unload (spec §4). */
export function keepTokenForThisPage(): void {
  const cookie = Cookies.get(TOKEN_KEY);
  if (cookie && !localStorage.getItem(TOKEN_KEY)) localStorage.setItem(TOKEN_KEY, JSON.stringify({ value: cookie, expires: Date.now() + TTL_MS }));
  window.addEventListener('pagehide', () => {
    // only a copy of the cookie's token goes: a token kept in local storage alone (no cookie) stays
    if (Cookies.get(TOKEN_KEY)) localStorage.removeItem(TOKEN_KEY);
  });
}

export function clearToken(): void {
  Cookies.remove(TOKEN_KEY);
  localStorage.removeItem(TOKEN_KEY);
}

export function getLang(): Lang {
  return normalizeLang(Cookies.get(LANG_COOKIE) ?? 'zh-CN');
}
export function setLangCookie(lang: Lang): void {
  Cookies.set(LANG_COOKIE, lang, { expires: 365, sameSite: 'strict' });
}
