/** Providers: server state, antd theme and locale (following the i18n language), router. */
import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
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
import { queryClient } from '../platform/queries.ts';
import { useLayoutSettings } from './settings.ts';
import { router } from './router.tsx';

const ANTD_LOCALES: Record<Lang, Locale> = { 'zh-CN': zhCN, 'en-US': enUS, 'en-GB': enGB, 'zh-TW': zhTW };
const DAYJS_LOCALES: Record<Lang, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'en-GB': 'en-gb', 'zh-TW': 'zh-tw' };

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
      <AntApp style={{ height: '100%' }}>
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Themed />
    </QueryClientProvider>
  );
}
