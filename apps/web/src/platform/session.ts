/**
 * Session storage of spec §4: the token lives in a cookie and in local storage for 12 hours;
 * the language in the cookie `lang`.
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
