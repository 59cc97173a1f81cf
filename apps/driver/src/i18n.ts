/**
 * The driver app's own small translation layer (no i18next: the first load stays small): zh-CN by
 * default, en-US / en-GB / zh-TW switchable, kept on the phone. `t('tasks.accept', { n })`.
 */
import { createContext, useContext } from 'react';
import zhCN, { type Messages } from './locales/zh-CN.ts';
import enUS from './locales/en-US.ts';
import zhTW from './locales/zh-TW.ts';

export type Lang = 'zh-CN' | 'en-US' | 'en-GB' | 'zh-TW';
export const LANGS: { value: Lang; label: string }[] = [
  { value: 'zh-CN', label: '简体中文' },
  { value: 'zh-TW', label: '繁體中文' },
  { value: 'en-US', label: 'English (US)' },
  { value: 'en-GB', label: 'English (UK)' },
];
const ALL: Record<Lang, Messages> = { 'zh-CN': zhCN, 'en-US': enUS, 'en-GB': enUS, 'zh-TW': zhTW as Messages };
const STORE = 'tms-driver-lang';

export function savedLang(): Lang {
  const v = localStorage.getItem(STORE);
  return v && v in ALL ? (v as Lang) : 'zh-CN';
}
export function saveLang(lang: Lang): void {
  localStorage.setItem(STORE, lang);
  document.documentElement.lang = lang;
}

export type T = (key: string, params?: Record<string, unknown>) => string;

export function translator(lang: Lang): T {
  const dict = ALL[lang];
  return (key, params) => {
    let v: unknown = dict;
    for (const part of key.split('.')) v = (v as Record<string, unknown> | undefined)?.[part];
    const text = typeof v === 'string' ? v : key;
    return params ? text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? '')) : text;
  };
}

export const I18n = createContext<{ lang: Lang; t: T; setLang: (l: Lang) => void }>({ lang: 'zh-CN', t: translator('zh-CN'), setLang: () => undefined });
export const useT = () => useContext(I18n);
