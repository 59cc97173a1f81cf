/** Providers: antd theme and locale (following the i18n language), router. */
import { useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import { StyleContext } from '@ant-design/cssinjs';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { normalizeLang, type Lang } from '@tms/domain';
import { useLayoutSettings } from './settings.ts';
import { router } from './router.tsx';
import { setProgressColor } from './progress.ts';
import { useReducedMotion } from '../platform/reduced-motion.ts';
import { darkenTo } from '../platform/contrast.ts';

const DAYJS_LOCALES: Record<Lang, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'en-GB': 'en-gb', 'zh-TW': 'zh-tw' };
/** zh-CN and en-US come with the page; en-GB and zh-TW (antd + dayjs) load when chosen, like their texts. */
const antdLocales: Partial<Record<Lang, Locale>> = { 'zh-CN': zhCN, 'en-US': enUS };
const LOAD_LOCALE: Partial<Record<Lang, () => Promise<Locale>>> = {
  'en-GB': () => Promise.all([import('antd/es/locale/en_GB'), import('dayjs/locale/en-gb')]).then(([m]) => m.default),
  'zh-TW': () => Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]).then(([m]) => m.default),
};

/** The antd locale of the language, and the language whose antd / dayjs locale is in use until it has loaded. */
function useLocale(lang: Lang): { locale: Locale; effective: Lang } {
  const [, setLoaded] = useState(0);
  const load = LOAD_LOCALE[lang];
  useEffect(() => {
    if (antdLocales[lang] || !load) return;
    let live = true;
    load()
      .then((l) => {
        antdLocales[lang] = l;
        if (live) setLoaded((n) => n + 1);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [lang, load]);
  const effective: Lang = antdLocales[lang] ? lang : lang.startsWith('zh') ? 'zh-CN' : 'en-US';
  return { locale: antdLocales[effective]!, effective };
}

/**
 * The text style antd's <App> gives its children (colour, font). antd's App itself (message / modal /
 * notification holders) wraps the signed-in shell only (SignedIn.tsx): the login page does not need it.
 */
function AppText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  // the link buttons' colours (platform/LinkButton.tsx), on the document: dialogs are rendered outside this div
  useLayoutEffect(() => {
    const links = {
      '--tms-link': token.colorLink,
      '--tms-link-hover': token.colorLinkHover,
      '--tms-link-active': token.colorLinkActive,
      '--tms-link-danger': token.colorError,
      '--tms-link-danger-hover': token.colorErrorHover,
      '--tms-link-danger-active': token.colorErrorActive,
      '--tms-link-disabled': token.colorTextDisabled,
    };
    for (const [k, v] of Object.entries(links)) document.documentElement.style.setProperty(k, v);
  }, [token]);
  return (
    <div style={{ height: '100%', color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>
  );
}

/**
 * WCAG 2.1 AA on the light page styles (issue 18 §2): the picked primary colour darkened just enough for
 * white text on it and for it as text on white and on its light tints (links, the active tab, the
 * search form's expand link), hover and pressed shades that stay as readable, and grey texts
 * (descriptions, secondary lines, empty states, placeholders) dark enough for 4.5:1 on white and on
 * the page's light grey. The dark page style keeps antd's dark algorithm as it is.
 */
export function accessibleTokens(colorPrimary: string) {
  const primary = darkenTo(colorPrimary, 5);
  return {
    colorPrimary: primary,
    colorInfo: primary,
    colorLink: primary,
    colorPrimaryHover: darkenTo(colorPrimary, 6),
    colorLinkHover: darkenTo(colorPrimary, 6),
    colorPrimaryActive: darkenTo(colorPrimary, 7.5),
    colorLinkActive: darkenTo(colorPrimary, 7.5),
    // the error red (delete links, danger buttons, messages) as text on white and under white text, and on a hovered
    // row's light grey (#fafafa: 4.6:1 on white was 4.47:1 there, the forced log-out link of /monitor/online, 2026-11-26)
    colorError: darkenTo('#ff4d4f', 5),
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
  };
}

function Themed() {
  const { i18n, t } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const settings = useLayoutSettings();
  const { locale, effective } = useLocale(lang);
  const reducedMotion = useReducedMotion();
  dayjs.locale(DAYJS_LOCALES[effective]);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = t('app.title');
    // the pro-components settings drawer reads its language from here
    localStorage.setItem('umi_locale', lang);
  }, [lang, t]);
  useEffect(() => {
    document.body.classList.toggle('tms-colorweak', settings.colorWeak);
  }, [settings.colorWeak]);
  // the light theme's readable tag colours (platform/tag-contrast.css) are not for real dark's palettes
  useEffect(() => {
    document.documentElement.classList.toggle('tms-real-dark', settings.pageStyle === 'realDark');
  }, [settings.pageStyle]);
  useEffect(() => setProgressColor(settings.colorPrimary), [settings.colorPrimary]);
  return (
    <ConfigProvider
      locale={locale}
      theme={{
        algorithm: settings.pageStyle === 'realDark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { ...(settings.pageStyle === 'realDark' ? { colorPrimary: settings.colorPrimary } : accessibleTokens(settings.colorPrimary)), motion: !reducedMotion },
      }}
    >
      <AppText>
        <RouterProvider router={router} />
      </AppText>
    </ConfigProvider>
  );
}

/**
 * scripts/antd-styles.ts (the generator of apps/web/antd-static/) sets `__tmsStyleCapture` before the page loads and
 * reads every style entry antd's css-in-js cache ever held from `__tmsStyleCache` (an entry leaves the cache when its
 * last component unmounts, as a loading skeleton does): nothing happens without the flag.
 */
type CacheEntry = [number, unknown];
type CaptureWindow = Window & { __tmsStyleCapture?: boolean; __tmsStyleCache?: { cache: Map<string, CacheEntry> } };
const CAPTURE = typeof window !== 'undefined' && (window as CaptureWindow).__tmsStyleCapture === true;

function StyleCapture() {
  const { cache } = useContext(StyleContext);
  const w = window as CaptureWindow;
  // during the first render, before any antd component of the page registers a style
  if (!w.__tmsStyleCache) {
    const seen = new Map<string, CacheEntry>();
    const update = cache.opUpdate.bind(cache);
    cache.opUpdate = (key, fn) => {
      update(key, fn);
      const entry = cache.opGet(key) as CacheEntry | null;
      if (entry && key.startsWith('style%')) seen.set(key, entry);
    };
    w.__tmsStyleCache = { cache: seen };
  }
  return null;
}

/** Server state (TanStack Query) is provided by the signed-in part (SignedIn.tsx): the login page does without. */
export function App() {
  return (
    <>
      {CAPTURE && <StyleCapture />}
      <Themed />
    </>
  );
}
