/**
 * The basic layout of spec §2: ProLayout with the server menu (side or top, collapsible,
 * mobile-aware), logo and title, the header widgets, the page tab bar and the settings drawer.
 */
import { Suspense, lazy, memo, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { theme } from 'antd';
import { normalizeLang } from '@tms/domain';
import { useLayoutSettings } from './settings.ts';
import { headerHidden, toMenuNodes, type MenuNode } from './menu.ts';
import { menuItemRender } from './menu-link.tsx';
import { menuIcon } from './icons.tsx';
import { useMenuMeta } from './useMenuMeta.ts';
import { TabBar } from './TabBar.tsx';
import { HeaderActions } from './header/HeaderActions.tsx';
import { useShellIdle } from './idle.ts';
import { darkenTo } from '../platform/contrast.ts';
import './layout.css';

// the settings drawer is not needed for the first paint: it loads at the shell's idle moment
const LayoutSettingDrawer = lazy(() => import('./LayoutSettingDrawer.tsx'));

function toMenuData(nodes: MenuNode[]): MenuDataItem[] {
  return nodes.map((n) => ({
    path: n.path,
    key: n.path,
    name: n.name,
    icon: menuIcon(n.icon),
    hideInMenu: n.hideInMenu,
    hideChildrenInMenu: n.hideChildrenInMenu,
    target: n.target ?? undefined,
    children: n.children ? toMenuData(n.children) : undefined,
  }));
}

/** Dark menu on a light page (the "dark" page style, the default). */
const DARK_SIDER = {
  sider: {
    colorMenuBackground: '#001529',
    colorMenuItemDivider: 'rgba(255,255,255,0.15)',
    colorTextMenu: 'rgba(255,255,255,0.75)',
    colorTextMenuSecondary: 'rgba(255,255,255,0.65)',
    colorTextMenuSelected: '#fff',
    colorTextMenuActive: '#fff',
    colorTextMenuItemHover: '#fff',
    colorTextMenuTitle: '#fff',
    colorTextSubMenuSelected: '#fff',
    colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
    colorBgMenuItemSelected: 'var(--tms-primary)',
    colorBgMenuItemCollapsedElevated: '#001529',
    colorBgCollapsedButton: '#001529',
    colorTextCollapsedButton: 'rgba(255,255,255,0.75)',
    colorTextCollapsedButtonHover: '#fff',
  },
  header: {
    colorBgMenuItemSelected: 'var(--tms-primary)',
  },
};
const DARK_TOP = {
  header: {
    colorBgHeader: '#001529',
    colorHeaderTitle: '#fff',
    colorTextMenu: 'rgba(255,255,255,0.75)',
    colorTextMenuSecondary: 'rgba(255,255,255,0.65)',
    colorTextMenuSelected: '#fff',
    colorTextMenuActive: '#fff',
    colorBgMenuItemSelected: 'var(--tms-primary)',
    colorTextRightActionsItem: 'rgba(255,255,255,0.85)',
    colorBgRightActionsItemHover: 'rgba(255,255,255,0.1)',
  },
};

/**
 * What the layout frames: the header bar (side layout), the tab bar and the routed page. Rendered once as
 * one element, so a navigation updates only what reads the location here (title, tabs, page), not the
 * layout around it.
 */
function ShellContent({ ownHeader }: { ownHeader: boolean }) {
  const { pathname } = useLocation();
  const settings = useLayoutSettings();
  const { titleOf, byPath } = useMenuMeta();
  const { token: antToken } = theme.useToken();
  // a screen whose menu record has hiddenHeader shows without the header bar (spec §3 Menu record)
  const showHeader = ownHeader && !headerHidden(byPath, pathname);
  return (
    <>
      <div
        className="tms-top"
        style={{ position: settings.fixedHeader ? 'sticky' : 'relative', top: 0, zIndex: 20, background: antToken.colorBgContainer, borderBottom: `1px solid ${antToken.colorBorderSecondary}` }}
      >
        {showHeader && (
          <div className="tms-header" data-testid="header">
            <span className="tms-header-title" style={{ color: antToken.colorText }}>{titleOf(pathname)}</span>
            <HeaderActions />
          </div>
        )}
        <TabBar />
      </div>
      {/* data-path: the screen this commit shows (a navigation is a transition: the old screen stays until the new one can render) */}
      <div className="tms-page" data-path={pathname}>
        <Outlet />
      </div>
    </>
  );
}

/** ProLayout with props that stay the same from one navigation to the next, so it renders only when they change. */
const Frame = memo(function Frame({ children, ...props }: Parameters<typeof ProLayout>[0] & { children: ReactNode }) {
  return <ProLayout {...props}>{children}</ProLayout>;
});

/**
 * The path the menu highlights: the new page renders first, the menu follows when the browser is next idle
 * (within 300 ms), instead of the whole menu re-rendering before the page can show.
 */
function useMenuPath(pathname: string): string {
  const [menuPath, setMenuPath] = useState(pathname);
  useEffect(() => {
    if (menuPath === pathname) return;
    const update = () => setMenuPath(pathname);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(update, { timeout: 300 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(update, 50);
    return () => clearTimeout(id);
  }, [pathname, menuPath]);
  return menuPath;
}

const MENU = { locale: false } as const;
const CONTENT_STYLE = { padding: 0 };

export function BasicLayout() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const location = useLocation();
  const navigate = useNavigate();
  const settings = useLayoutSettings();
  const { menus, menuName } = useMenuMeta();
  const idle = useShellIdle();
  // ProLayout has no header beside a side menu on desktop: the shell draws its own bar there
  const ownHeader = settings.layout === 'side';
  const route = useMemo(() => ({ path: '/', children: toMenuData(toMenuNodes(menus, menuName)) }), [menus, menuName]);
  const menuPath = useMenuPath(location.pathname);
  const menuLocation = useMemo(() => ({ pathname: menuPath }), [menuPath]);

  const navTheme = settings.pageStyle === 'realDark' ? 'realDark' : 'light';
  const token = settings.pageStyle === 'dark' ? (settings.layout === 'top' ? DARK_TOP : DARK_SIDER) : undefined;
  const darkHeader = settings.pageStyle === 'dark' && settings.layout === 'top';
  const proSettings = useMemo(
    () =>
      ({
        navTheme,
        colorPrimary: settings.colorPrimary,
        layout: settings.layout,
        contentWidth: settings.contentWidth,
        fixedHeader: settings.fixedHeader,
        fixSiderbar: settings.fixSiderbar,
        colorWeak: settings.colorWeak,
        siderMenuType: settings.siderMenuType,
        splitMenus: settings.splitMenus,
      }) as const,
    [navTheme, settings.colorPrimary, settings.layout, settings.contentWidth, settings.fixedHeader, settings.fixSiderbar, settings.colorWeak, settings.siderMenuType, settings.splitMenus],
  );
  // the primary colour as the theme shows it (App.tsx): readable on white and under white text (WCAG 2.1 AA)
  const shownPrimary = settings.pageStyle === 'realDark' ? settings.colorPrimary : darkenTo(settings.colorPrimary, 5);
  const frameSettings = useMemo(() => ({ ...proSettings, colorPrimary: shownPrimary }), [proSettings, shownPrimary]);
  const toWelcome = useCallback(() => navigate('/welcome'), [navigate]);
  const actionsRender = useMemo(() => (ownHeader ? undefined : () => [<HeaderActions key="actions" dark={darkHeader} />]), [ownHeader, darkHeader]);
  const content = useMemo(() => <ShellContent ownHeader={ownHeader} />, [ownHeader]);

  return (
    <div style={{ height: '100vh', ['--tms-primary' as string]: shownPrimary }} className={`tms-style-${settings.pageStyle}`}>
      <Frame
        {...frameSettings}
        title={t('app.title')}
        logo="/logo.svg"
        locale={lang === 'en-GB' ? 'en-US' : lang}
        route={route}
        location={menuLocation}
        menu={MENU}
        token={token}
        siderWidth={220}
        onMenuHeaderClick={toWelcome}
        menuItemRender={menuItemRender}
        actionsRender={actionsRender}
        contentStyle={CONTENT_STYLE}
      >
        {content}
      </Frame>
      {idle && (
        <Suspense fallback={null}>
          <LayoutSettingDrawer key={lang} settings={proSettings} pageStyle={settings.pageStyle} />
        </Suspense>
      )}
    </div>
  );
}
