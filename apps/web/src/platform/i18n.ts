/** i18next with the shared (domain) texts merged with the web's own UI texts. zh-CN by default. */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS, sharedLocales, type Lang } from '@tms/domain';
import { webLocales } from '../locales/index.ts';
import { getLang, setLangCookie } from './session.ts';

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGS.map((l) => [l, { translation: { ...sharedLocales[l], ...webLocales[l] } }])),
  lng: getLang(),
  fallbackLng: 'en-US',
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

export async function changeLanguage(lang: Lang): Promise<void> {
  setLangCookie(lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

export default i18n;
