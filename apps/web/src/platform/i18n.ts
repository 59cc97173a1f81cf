/**
 * i18next, zh-CN by default. The login route carries only the shell's texts in zh-CN and en-US
 * (`locales/core.ts`); every other text — the shared (domain) messages, resource labels and
 * dictionaries, the feature screens' texts, en-GB and zh-TW — comes in one lazy chunk
 * (`i18n-full.ts`), loaded by `ensureFullTexts()`: at once for a zh-TW / en-GB reader, otherwise
 * when the signed-in shell is idle and before any screen (every lazy view awaits it).
 * Components re-render when the texts arrive (`bindI18nStore: 'added'`).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@tms/domain';
import { coreLocales } from '../locales/core.ts';
import { getLang, setLangCookie } from './session.ts';

const lang = getLang();

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: coreLocales['zh-CN'] }, 'en-US': { translation: coreLocales['en-US'] } },
  lng: lang,
  fallbackLng: { 'zh-TW': ['zh-CN'], 'en-GB': ['en-US'], default: ['en-US'] },
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
  react: { bindI18nStore: 'added' },
});

let full: Promise<void> | null = null;

/** Loads every text of every language (once); resolves when they are in i18next. */
export function ensureFullTexts(): Promise<void> {
  full ??= import('./i18n-full.ts').then((m) => m.install(i18n)).catch((e: unknown) => {
    full = null;
    throw e;
  });
  return full;
}

if (lang !== 'zh-CN' && lang !== 'en-US') void ensureFullTexts().catch(() => undefined);

export async function changeLanguage(next: Lang): Promise<void> {
  setLangCookie(next);
  document.documentElement.lang = next;
  if (next !== 'zh-CN' && next !== 'en-US') await ensureFullTexts();
  await i18n.changeLanguage(next);
}

export default i18n;
