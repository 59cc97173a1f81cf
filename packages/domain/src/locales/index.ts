import enUS from './en-US.ts';
import zhCN from './zh-CN.ts';
import enGB from './en-GB.ts';
import zhTW from './zh-TW.ts';

export const LANGS = ['zh-CN', 'en-US', 'en-GB', 'zh-TW'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';
export const sharedLocales: Record<Lang, typeof enUS> = { 'zh-CN': zhCN, 'en-US': enUS, 'en-GB': enGB, 'zh-TW': zhTW };

export function normalizeLang(v: unknown): Lang {
  if (typeof v !== 'string') return DEFAULT_LANG;
  const hit = LANGS.find((l) => l.toLowerCase() === v.toLowerCase() || l.replace('-', '_').toLowerCase() === v.toLowerCase());
  return hit ?? DEFAULT_LANG;
}
