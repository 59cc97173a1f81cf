import i18next, { type TFunction } from 'i18next';
import { LANGS, sharedLocales, normalizeLang, type Lang } from '@tms/domain';

const instance = i18next.createInstance();
await instance.init({
  resources: Object.fromEntries(LANGS.map((l) => [l, { translation: sharedLocales[l] }])),
  lng: 'zh-CN',
  fallbackLng: 'en-US',
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

const fixed = new Map<Lang, TFunction>(LANGS.map((l) => [l, instance.getFixedT(l)]));

/** Translates a message key into the request's language. */
export function translate(lang: Lang, key: string, params?: Record<string, unknown>): string {
  return fixed.get(lang)!(key, params ?? {}) as string;
}

/** The request language: `lang` header, else (GET) `?lang=`, else zh-CN. */
export function requestLang(headers: Record<string, unknown>, query: unknown): Lang {
  const h = headers['lang'];
  if (typeof h === 'string' && h) return normalizeLang(h);
  const q = (query as Record<string, unknown> | undefined)?.lang;
  return normalizeLang(q);
}
export type { Lang };
