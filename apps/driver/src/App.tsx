/**
 * The driver app's shell: sign-in, then the tasks, the outbox and the driver's page under a tab
 * bar; hash routes (#/task/12, #/epod/12/34, #/check/12) so the service worker's one page serves them all.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import TabBar from 'antd-mobile/es/components/tab-bar';
import Badge from 'antd-mobile/es/components/badge';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { UnorderedListOutline, UploadOutline, UserOutline } from 'antd-mobile-icons';
import zhCNLocale from 'antd-mobile/es/locales/zh-CN';
import enUSLocale from 'antd-mobile/es/locales/en-US';
import zhTWLocale from 'antd-mobile/es/locales/zh-TW';
import { I18n, saveLang, savedLang, translator, type Lang } from './i18n.ts';
import { savedMe, setSignedOutHandler, type Me } from './api.ts';
import { items, startSyncing, subscribe, type OutboxItem } from './outbox.ts';
import { listenForPushes, resyncPush } from './push.ts';
import { go } from './nav.ts';
import { LoginPage } from './pages/LoginPage.tsx';

/**
 * The signed-in screens load as their own chunks (issue 16: a first visit on a slow network loads only the sign-in
 * screen's code; the service worker precaches the rest, so every screen still opens offline). A driver already signed
 * in on this device asks for the task list's chunk at once, beside the app's own script.
 */
const loadTasks = () => import('./pages/TasksPage.tsx');
if (savedMe()) void loadTasks();
const TasksPage = lazy(() => loadTasks().then((m) => ({ default: m.TasksPage })));
const TaskPage = lazy(() => import('./pages/TaskPage.tsx').then((m) => ({ default: m.TaskPage })));
const EpodPage = lazy(() => import('./pages/EpodPage.tsx').then((m) => ({ default: m.EpodPage })));
const OutboxPage = lazy(() => import('./pages/OutboxPage.tsx').then((m) => ({ default: m.OutboxPage })));
const VehicleCheckPage = lazy(() => import('./pages/VehicleCheckPage.tsx').then((m) => ({ default: m.VehicleCheckPage })));
const MePage = lazy(() => import('./pages/MePage.tsx').then((m) => ({ default: m.MePage })));

const LOCALES = { 'zh-CN': zhCNLocale, 'en-US': enUSLocale, 'en-GB': enUSLocale, 'zh-TW': zhTWLocale } as const;

export type Route = { name: 'tasks' } | { name: 'task'; id: number } | { name: 'epod'; shipmentId: number; epodId: number } | { name: 'check'; shipmentId: number } | { name: 'outbox' } | { name: 'me' };

function parse(hash: string): Route {
  const p = hash.replace(/^#\/?/, '').split('/');
  if (p[0] === 'task' && Number(p[1])) return { name: 'task', id: Number(p[1]) };
  if (p[0] === 'epod' && Number(p[1]) && Number(p[2])) return { name: 'epod', shipmentId: Number(p[1]), epodId: Number(p[2]) };
  if (p[0] === 'check' && Number(p[1])) return { name: 'check', shipmentId: Number(p[1]) };
  if (p[0] === 'outbox') return { name: 'outbox' };
  if (p[0] === 'me') return { name: 'me' };
  return { name: 'tasks' };
}

function useOnline() {
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

/** The outbox's items, kept fresh. */
export function useOutbox(): OutboxItem[] {
  const [list, setList] = useState<OutboxItem[]>([]);
  useEffect(() => {
    const load = () => void items().then(setList);
    load();
    return subscribe(load);
  }, []);
  return list;
}

export function App() {
  const [lang, setLangState] = useState<Lang>(savedLang);
  const [me, setMe] = useState<Me | null>(savedMe);
  const [notice, setNotice] = useState<string | null>(null);
  const [route, setRoute] = useState<Route>(() => parse(window.location.hash));
  const online = useOnline();
  const outbox = useOutbox();
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
    const f = () => setRoute(parse(window.location.hash));
    window.addEventListener('hashchange', f);
    return () => window.removeEventListener('hashchange', f);
  }, []);
  useEffect(() => {
    setSignedOutHandler((msg) => {
      setMe(null);
      setNotice(msg ?? translator(savedLang())('login.revoked'));
    });
    startSyncing();
    listenForPushes();
  }, []);
  useEffect(() => {
    if (me && navigator.onLine) void resyncPush().catch(() => undefined);
  }, [me?.driverId]);

  const waiting = outbox.filter((i) => i.state === 'waiting').length;
  const refused = outbox.filter((i) => i.state === 'refused').length;
  let body;
  if (!me) body = <LoginPage notice={notice} onSignedIn={(m) => (setNotice(null), setMe(m))} />;
  else if (route.name === 'task') body = <TaskPage id={route.id} outbox={outbox} />;
  else if (route.name === 'epod') body = <EpodPage shipmentId={route.shipmentId} epodId={route.epodId} />;
  else if (route.name === 'check') body = <VehicleCheckPage shipmentId={route.shipmentId} />;
  else if (route.name === 'outbox') body = <OutboxPage outbox={outbox} online={online} />;
  else if (route.name === 'me') body = <MePage me={me} onSignedOut={() => setMe(null)} />;
  else body = <TasksPage outbox={outbox} online={online} />;
  const tab = route.name === 'outbox' || route.name === 'me' ? route.name : 'tasks';

  return (
    <I18n.Provider value={{ lang, t, setLang }}>
      <ConfigProvider locale={LOCALES[lang]}>
        <div className="shell">
          {!online && (
            <div className="net" data-testid="offline-banner">
              {t('outbox.offline')}
              {waiting ? ` · ${t('outbox.pending', { n: waiting })}` : ''}
            </div>
          )}
          <div className="shell-body">
            <Suspense
              fallback={
                <div className="loading" role="status" aria-label={t('common.loading')}>
                  <DotLoading color="primary" />
                </div>
              }
            >
              {body}
            </Suspense>
          </div>
          {me && (
            <div className="shell-tabs">
              <TabBar activeKey={tab} onChange={(k) => go(k === 'tasks' ? '#/' : `#/${k}`)}>
                <TabBar.Item key="tasks" title={t('tabs.tasks')} icon={<UnorderedListOutline />} />
                <TabBar.Item
                  key="outbox"
                  title={t('tabs.outbox')}
                  icon={
                    <Badge content={waiting + refused || null} color={refused ? '#ff3141' : undefined}>
                      <UploadOutline />
                    </Badge>
                  }
                />
                <TabBar.Item key="me" title={t('tabs.me')} icon={<UserOutline />} />
              </TabBar>
            </div>
          )}
        </div>
      </ConfigProvider>
    </I18n.Provider>
  );
}
