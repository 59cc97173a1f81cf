/**
 * The driver app's shell: sign-in, then the tasks, the outbox and the driver's page under a tab
 * bar; hash routes (#/task/12, #/epod/12/34, #/check/12) so the service worker's one page serves them all.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import zhCNLocale from 'antd-mobile/es/locales/zh-CN';
import enUSLocale from 'antd-mobile/es/locales/en-US';
import zhTWLocale from 'antd-mobile/es/locales/zh-TW';
import { I18n, saveLang, savedLang, translator, useT, type Lang } from './i18n.ts';
import { savedMe, setSignedOutHandler, type Me } from './api.ts';
import { LoginPage } from './pages/LoginPage.tsx';

/**
 * The signed-in screens are a chunk of their own (issue 16: a first visit on a slow network loads only the sign-in
 * screen's code; the service worker precaches the rest, so every screen still opens offline). A driver already signed
 * in on this device asks for it at once, beside the app's own script.
 */
const loadSignedIn = () => import('./SignedIn.tsx');
if (savedMe()) void loadSignedIn();
const SignedIn = lazy(loadSignedIn);

const LOCALES = { 'zh-CN': zhCNLocale, 'en-US': enUSLocale, 'en-GB': enUSLocale, 'zh-TW': zhTWLocale } as const;

export function useOnline() {
  return useSyncExternalStore(
    (f) => {
      window.addEventListener('online', f);
      window.addEventListener('offline', f);
      return () => {
        window.removeEventListener('online', f);
        window.removeEventListener('offline', f);
      };
    },
    () => navigator.onLine,
  );
}

/** While a screen's code loads (its own chunk). */
export function Loading() {
  const { t } = useT();
  return (
    <div className="loading" role="status" aria-label={t('common.loading')}>
      <DotLoading color="primary" />
    </div>
  );
}

export function App() {
  const [lang, setLangState] = useState<Lang>(savedLang);
  const [me, setMe] = useState<Me | null>(savedMe);
  const [notice, setNotice] = useState<string | null>(null);
  const online = useOnline();
  const t = useMemo(() => translator(lang), [lang]);
  const setLang = useCallback((l: Lang) => {
    saveLang(l);
    setLangState(l);
  }, []);

  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = t('appName');
  }, [lang, t]);
  useEffect(() => {
    setSignedOutHandler((msg) => {
      setMe(null);
      setNotice(msg ?? translator(savedLang())('login.revoked'));
    });
  }, []);

  return (
    <I18n.Provider value={{ lang, t, setLang }}>
      <ConfigProvider locale={LOCALES[lang]}>
        <div className="shell">
          {me ? (
            <Suspense fallback={<Loading />}>
              <SignedIn me={me} onSignedOut={() => setMe(null)} />
            </Suspense>
          ) : (
            <>
              {!online && (
                <div className="net" data-testid="offline-banner">
                  {t('outbox.offline')}
                </div>
              )}
              <div className="shell-body">
                <LoginPage notice={notice} onSignedIn={(m) => (setNotice(null), setMe(m))} />
              </div>
            </>
          )}
        </div>
      </ConfigProvider>
    </I18n.Provider>
  );
}
