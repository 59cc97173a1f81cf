/**
 * Routes of spec §2 (history mode). Public: the user layout (login, register), /404, /drag.
 * Everything else needs a token; business screens come from the server menu (see MenuRouteView).
 * In single sign-on mode (sso.ts) a visitor without a token exchanges the cookie's code first.
 * The signed-in shell (ProLayout, header widgets, tab bar) and every screen are lazy chunks,
 * so the login page loads none of them.
 */
import { lazyView as lazy } from './views-ui.tsx';
import { useEffect, useReducer, useState } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { getToken } from '../platform/session.ts';
import { UserLayout } from './UserLayout.tsx';
import { LoginPage } from '../features/user/login/LoginPage.tsx';
import { LazyView, PageLoading, RouteErrorView, SsoFailedView } from './views-ui.tsx';
import { signInBySso, ssoConfig } from './sso.ts';
import { routeChanged } from './progress.ts';
import { userInfoRoutes } from '../features/user/info/routes.tsx';

/** views that use only the shell's texts show without waiting for the rest (platform/i18n.ts) */
const CORE = { coreTextsOnly: true };
const SignedIn = lazy(() => import('./SignedIn.tsx'), CORE);
const Welcome = lazy(() => import('../features/welcome/Welcome.tsx'), CORE);
const AccountCenter = lazy(() => import('../features/account/AccountCenter.tsx'));
const AccountSettings = lazy(() => import('../features/account/AccountSettings.tsx'));
const ExceptionPage = lazy(() => import('../features/exception/ExceptionPage.tsx'), CORE);
const ResultPage = lazy(() => import('../features/result/ResultPage.tsx'), CORE);
const DragDemo = lazy(() => import('../features/drag/DragDemo.tsx'));
const MenuRouteView = lazy(() => import('./MenuRouteView.tsx'), CORE);
// the client portal and the public tracking page (issue 17)
const PortalApp = lazy(() => import('../features/portal/PortalApp.tsx'));
const TrackPage = lazy(() => import('../features/portal/TrackPage.tsx'));
// the account pages use the login route's texts only (no wait for the full texts)
const accountPage = (name: 'RegisterPage' | 'RegisterResultPage' | 'ForgetPasswordPage') =>
  lazy(async () => ({ default: (await import('../features/user/register/RegisterPage.tsx'))[name] }), { coreTextsOnly: true });
const RegisterPage = accountPage('RegisterPage');
const RegisterResultPage = accountPage('RegisterResultPage');
const ForgetPasswordPage = accountPage('ForgetPasswordPage');

/** Unauthenticated visitors go to the login page with the full path they wanted. */
export function loginRedirectPath(pathname: string, search: string): string {
  return `/user/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Single sign-on: exchanges the cookie's code, then the page asked for shows; a failure says why until the redirect. */
function SsoSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [failed, setFailed] = useState<{ reason: string; loginUrl: string } | null>(null);
  useEffect(() => {
    let live = true;
    void signInBySso().then((out) => {
      if (!live) return;
      if (out.ok) onSignedIn();
      else setFailed(out);
    });
    return () => {
      live = false;
    };
  }, [onSignedIn]);
  return failed ? <SsoFailedView reason={failed.reason} loginUrl={failed.loginUrl} /> : <PageLoading full />;
}

function RequireAuth() {
  const loc = useLocation();
  const [, signedIn] = useReducer((n: number) => n + 1, 0);
  if (!getToken()) {
    if (ssoConfig().enabled) return <SsoSignIn onSignedIn={signedIn} />;
    return <Navigate to={loginRedirectPath(loc.pathname, loc.search)} replace />;
  }
  return <LazyView component={SignedIn} />;
}

/** The portal of a client user: its own shell, no back-office boot (menus, dictionaries, dispatch centers). */
function RequirePortal() {
  const loc = useLocation();
  if (!getToken()) return <Navigate to={loginRedirectPath(loc.pathname, loc.search)} replace />;
  return <LazyView component={PortalApp} />;
}

/** A logged-in user opening the login page goes to /welcome. */
function GuestOnly() {
  if (getToken()) return <Navigate to="/welcome" replace />;
  return <Outlet />;
}

export const router = createBrowserRouter([
  {
    path: '/user',
    element: <UserLayout />,
    errorElement: <RouteErrorView />,
    children: [
      { index: true, element: <Navigate to="/user/login" replace /> },
      { element: <GuestOnly />, children: [{ path: 'login', element: <LoginPage /> }] },
      { path: 'register', element: <LazyView component={RegisterPage} /> },
      { path: 'register-result', element: <LazyView component={RegisterResultPage} /> },
      { path: 'forget-password', element: <LazyView component={ForgetPasswordPage} /> },
      // the footer's help / privacy / terms pages
      ...userInfoRoutes,
      { path: '*', element: <Navigate to="/user/login" replace /> },
    ],
  },
  { path: '/404', element: <LazyView component={ExceptionPage} props={{ status: '404', standalone: true }} />, errorElement: <RouteErrorView /> },
  { path: '/drag', element: <LazyView component={DragDemo} props={{ standalone: true }} />, errorElement: <RouteErrorView /> },
  { path: '/portal', element: <Navigate to="/portal/orders" replace /> },
  { path: '/portal/*', element: <RequirePortal />, errorElement: <RouteErrorView /> },
  { path: '/track/:token', element: <LazyView component={TrackPage} />, errorElement: <RouteErrorView /> },
  {
    path: '/',
    element: <RequireAuth />,
    errorElement: <RouteErrorView />,
    children: [
      { index: true, element: <Navigate to="/welcome" replace /> },
      { path: 'welcome', element: <LazyView component={Welcome} /> },
      { path: 'dashboard/welcome', element: <LazyView component={Welcome} /> },
      { path: 'account/center', element: <LazyView component={AccountCenter} /> },
      { path: 'account/settings', element: <Navigate to="/account/settings/security" replace /> },
      { path: 'account/settings/:tab', element: <LazyView component={AccountSettings} /> },
      // spec §7 /system/profile: the user's own details, avatar and date style (password on the security tab)
      { path: 'system/profile', element: <Navigate to="/account/settings/base" replace /> },
      { path: 'result/success', element: <LazyView component={ResultPage} props={{ status: 'success' }} /> },
      { path: 'result/error', element: <LazyView component={ResultPage} props={{ status: 'error' }} /> },
      { path: 'exception/403', element: <LazyView component={ExceptionPage} props={{ status: '403' }} /> },
      { path: 'exception/404', element: <LazyView component={ExceptionPage} props={{ status: '404' }} /> },
      { path: 'exception/500', element: <LazyView component={ExceptionPage} props={{ status: '500' }} /> },
      { path: '*', element: <LazyView component={MenuRouteView} /> },
    ],
  },
]);

// the top progress bar on every route change (not on query-string-only changes such as list filters)
let lastPath = router.state.location.pathname;
router.subscribe((state) => {
  if (state.location.pathname === lastPath) return;
  lastPath = state.location.pathname;
  routeChanged();
});
