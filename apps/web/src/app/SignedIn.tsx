/** The signed-in part of the app: boots the session, then shows the basic layout (inside antd's App: message / modal / notification context). */
import { useEffect } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { queryClient } from '../platform/queries.ts';
import { bootSession } from './boot.ts';
import { PageLoading } from './views-ui.tsx';
import { ensureFullTexts } from '../platform/i18n.ts';
import { BasicLayout } from './BasicLayout.tsx';
import { shellIdle } from './idle.ts';

/**
 * Once the shell is up and the browser is idle, load the code of the resource list pages (ProTable and
 * the rest of pro-components, ~230 KB gzip) so the first list page opened from the menu does not wait
 * for it; what waits for the idle moment (app/idle.ts) loads too. Returns the cancel of the idle callback.
 */
function prefetchListCode(): () => void {
  const run = () => {
    shellIdle();
    ensureFullTexts().catch(() => undefined);
    // a failure shows when the page is opened
    import('./MenuRouteView.tsx').catch(() => undefined);
    import('../platform/resource/ResourcePage.tsx').catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1000);
  return () => clearTimeout(id);
}

function Boot() {
  const boot = useQuery({ queryKey: ['boot'], queryFn: bootSession, staleTime: Infinity, gcTime: Infinity, retry: false });
  useEffect(() => {
    if (boot.data) return prefetchListCode();
  }, [boot.data]);
  if (!boot.data) return <PageLoading full />;
  return (
    <AntApp style={{ height: '100%' }}>
      <BasicLayout />
    </AntApp>
  );
}

/** Server state (TanStack Query) lives here, not in App.tsx: the login page does not load it. */
export default function SignedIn() {
  return (
    <QueryClientProvider client={queryClient}>
      <Boot />
    </QueryClientProvider>
  );
}
