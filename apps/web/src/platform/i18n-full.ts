/** Every text of every language: the shared (domain) texts merged with the web's own. Loaded lazily (see i18n.ts). */
import type { i18n as I18n } from 'i18next';
import { LANGS, sharedLocales } from '@tms/domain';
import { webLocales } from '../locales/index.ts';

export function install(i18n: I18n): void {
  for (const l of LANGS) i18n.addResourceBundle(l, 'translation', { ...sharedLocales[l], ...webLocales[l] }, true, true);
}
