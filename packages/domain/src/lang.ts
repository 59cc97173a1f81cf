/** The product's languages. Kept apart from the texts so code that only needs the list does not pull every text in. */
export const LANGS = ['zh-CN', 'en-US', 'en-GB', 'zh-TW'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';

export function normalizeLang(v: unknown): Lang {
  if (typeof v !== 'string') return DEFAULT_LANG;
  const hit = LANGS.find((l) => l.toLowerCase() === v.toLowerCase() || l.replace('-', '_').toLowerCase() === v.toLowerCase());
  return hit ?? DEFAULT_LANG;
}
