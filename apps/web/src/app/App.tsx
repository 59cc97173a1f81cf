/** Providers: antd theme and locale (following the i18n language), router. */
import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import enGB from 'antd/es/locale/en_GB';
import zhTW from 'antd/es/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/en-gb';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { normalizeLang, type Lang } from '@tms/domain';
import { useLayoutSettings } from './settings.ts';
import { router } from './router.tsx';

const ANTD_LOCALES: Record<Lang, Locale> = { 'zh-CN': zhCN, 'en-US': enUS, 'en-GB': enGB, 'zh-TW': zhTW };
const DAYJS_LOCALES: Record<Lang, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'en-GB': 'en-gb', 'zh-TW': 'zh-tw' };

/**
 * The text style antd's <App> gives its children (colour, font). antd's App itself (message / modal /
 * notification holders) wraps the signed-in shell only (SignedIn.tsx): the login page does not need it.
 */
function AppText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ height: '100%', color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>
  );
}

function Themed() {
  const { i18n, t } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const settings = useLayoutSettings();
  dayjs.locale(DAYJS_LOCALES[lang]);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = t('app.title');
    // the pro-components settings drawer reads its language from here
    localStorage.setItem('umi_locale', lang);
  }, [lang, t]);
  useEffect(() => {
    document.body.classList.toggle('tms-colorweak', settings.colorWeak);
  }, [settings.colorWeak]);
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[lang]}
      theme={{
        algorithm: settings.pageStyle === 'realDark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { colorPrimary: settings.colorPrimary },
      }}
    >
      <AppText>
        <RouterProvider router={router} />
      </AppText>
    </ConfigProvider>
  );
}

/** Server state (TanStack Query) is provided by the signed-in part (SignedIn.tsx): the login page does without. */
export function App() {
  return <Themed />;
}
