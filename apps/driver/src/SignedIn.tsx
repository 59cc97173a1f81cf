/**
 * The driver's screens once signed in: the tasks, the outbox and the driver's page under a tab bar, with the offline
 * banner and what the outbox holds. Its own chunk (App.tsx loads it lazily): a first visit loads only the sign-in
 * screen's code, and the service worker precaches this one, so it opens offline.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import TabBar from 'antd-mobile/es/components/tab-bar';
import Badge from 'antd-mobile/es/components/badge';
import { UnorderedListOutline, UploadOutline, UserOutline } from 'antd-mobile-icons';
import { useT } from './i18n.ts';
import type { Me } from './api.ts';
import { items, startSyncing, subscribe, type OutboxItem } from './outbox.ts';
import { listenForPushes, resyncPush } from './push.ts';
import { go } from './nav.ts';
import { Loading, useOnline } from './App.tsx';

// the task list is the first screen after the sign-in: asked for as soon as this chunk runs
const loadTasks = () => import('./pages/TasksPage.tsx');
void loadTasks();
const TasksPage = lazy(() => loadTasks().then((m) => ({ default: m.TasksPage })));
const TaskPage = lazy(() => import('./pages/TaskPage.tsx').then((m) => ({ default: m.TaskPage })));
const EpodPage = lazy(() => import('./pages/EpodPage.tsx').then((m) => ({ default: m.EpodPage })));
const OutboxPage = lazy(() => import('./pages/OutboxPage.tsx').then((m) => ({ default: m.OutboxPage })));
const VehicleCheckPage = lazy(() => import('./pages/VehicleCheckPage.tsx').then((m) => ({ default: m.VehicleCheckPage })));
const MePage = lazy(() => import('./pages/MePage.tsx').then((m) => ({ default: m.MePage })));

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

let started = false;

export default function SignedIn({ me, onSignedOut }: { me: Me; onSignedOut: () => void }) {
  const { t } = useT();
  const [route, setRoute] = useState<Route>(() => parse(window.location.hash));
  const online = useOnline();
  const outbox = useOutbox();
  useEffect(() => {
    const f = () => setRoute(parse(window.location.hash));
    window.addEventListener('hashchange', f);
    return () => window.removeEventListener('hashchange', f);
  }, []);
  useEffect(() => {
    // once per page: the outbox's sending (what waits of an earlier session is sent after the sign-in) and the pushes
    if (started) return;
    started = true;
    startSyncing();
    listenForPushes();
  }, []);
  useEffect(() => {
    if (navigator.onLine) void resyncPush().catch(() => undefined);
  }, [me.driverId]);

  const waiting = outbox.filter((i) => i.state === 'waiting').length;
  const refused = outbox.filter((i) => i.state === 'refused').length;
  let body;
  if (route.name === 'task') body = <TaskPage id={route.id} outbox={outbox} />;
  else if (route.name === 'epod') body = <EpodPage shipmentId={route.shipmentId} epodId={route.epodId} />;
  else if (route.name === 'check') body = <VehicleCheckPage shipmentId={route.shipmentId} />;
  else if (route.name === 'outbox') body = <OutboxPage outbox={outbox} online={online} />;
  else if (route.name === 'me') body = <MePage me={me} onSignedOut={onSignedOut} />;
  else body = <TasksPage outbox={outbox} online={online} />;
  const tab = route.name === 'outbox' || route.name === 'me' ? route.name : 'tasks';

  return (
    <>
      {!online && (
        <div className="net" data-testid="offline-banner">
          {t('outbox.offline')}
          {waiting ? ` · ${t('outbox.pending', { n: waiting })}` : ''}
        </div>
      )}
      <div className="shell-body">
        <Suspense fallback={<Loading />}>{body}</Suspense>
      </div>
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
    </>
  );
}
