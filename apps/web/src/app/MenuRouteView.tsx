/**
 * Any signed-in path not built into the shell: looked up in the server menu and rendered by the
 * view registered for its component path. Catalogues go to their first screen; unknown paths show
 * 404 and unknown component paths the "not available" view (never a blank page).
 */
import { Navigate, useLocation } from 'react-router';
import { lookupView } from './views.ts';
import { firstScreen, normalizePath } from './menu.ts';
import { useMenuMeta } from './useMenuMeta.ts';
import { LazyView, NotAvailableView } from './views-ui.tsx';
import ExceptionPage from '../features/exception/ExceptionPage.tsx';

export default function MenuRouteView() {
  const { pathname } = useLocation();
  const { byPath } = useMenuMeta();
  const rec = byPath.get(normalizePath(pathname));
  if (!rec) return <ExceptionPage status="404" />;
  if (rec.menuType === 'M' || (!rec.component && rec.children?.length)) {
    const to = firstScreen(rec);
    return to && to !== normalizePath(pathname) ? <Navigate to={to} replace /> : <NotAvailableView component={rec.component} />;
  }
  if (rec.redirect) return <Navigate to={rec.redirect} replace />;
  const View = lookupView(rec.component);
  if (!View) return <NotAvailableView component={rec.component} />;
  return <LazyView key={pathname} component={View} />;
}
