/**
 * The page tab bar of spec §2 (rules in tabs.ts): one tab per opened route, renamable (double-click
 * or the context menu), right-click menu to close one / left / right / others / all.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { App, Dropdown, Input, Modal, Tabs, theme, type InputRef, type MenuProps } from 'antd';
import { CloseOutlined, EditOutlined, VerticalLeftOutlined, VerticalRightOutlined, ColumnWidthOutlined, MinusOutlined } from '@ant-design/icons';
import { activateTab, applyTabAction, closeTab, initTabs, openTab, renameTab, tabKeyOf, type TabAction, type TabsResult, type TabsState } from './tabs.ts';
import { useMenuMeta } from './useMenuMeta.ts';

const STORE_KEY = 'tms.tabs';
export const AFFIX_PATHS = ['/welcome'];

function loadTabs(): TabsState | null {
  try {
    const raw = sessionStorage.getItem(STORE_KEY);
    const s = raw ? (JSON.parse(raw) as TabsState) : null;
    return s && Array.isArray(s.tabs) ? s : null;
  } catch {
    return null;
  }
}

export function TabBar() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const { titleOf, byPath } = useMenuMeta();
  const [state, setState] = useState<TabsState>(() => loadTabs() ?? initTabs(AFFIX_PATHS.map((p) => ({ key: p, fullPath: p, title: p }))));
  const [renaming, setRenaming] = useState<{ key: string; title: string } | null>(null);
  const renameInput = useRef<InputRef>(null);

  // every route change opens (or activates) its tab
  useEffect(() => {
    const key = tabKeyOf(location.pathname);
    if (key === '/') return; // redirects to /welcome
    if (byPath.get(key)?.menuType === 'M') return; // a catalogue redirects to its first screen
    setState((s) => openTab(s, { key, fullPath: location.pathname + location.search, title: titleOf(key), affix: AFFIX_PATHS.includes(key) }));
  }, [location.pathname, location.search, titleOf, byPath]);

  useEffect(() => {
    sessionStorage.setItem(STORE_KEY, JSON.stringify(state));
  }, [state]);

  const apply = (r: TabsResult) => {
    if (r.error) {
      if (r.error !== 'notFound') void message.warning(t(`tabs.${r.error}`));
      return;
    }
    setState(r.state);
    if (r.navigate) navigate(r.navigate);
  };

  const label = (key: string) => {
    const tab = state.tabs.find((x) => x.key === key);
    return tab?.renamed ? tab.title : titleOf(key);
  };

  const menuFor = (key: string): MenuProps => ({
    items: [
      { key: 'rename', icon: <EditOutlined />, label: t('tabs.rename') },
      { type: 'divider' },
      { key: 'close', icon: <CloseOutlined />, label: t('tabs.close') },
      { key: 'closeLeft', icon: <VerticalRightOutlined />, label: t('tabs.closeLeft') },
      { key: 'closeRight', icon: <VerticalLeftOutlined />, label: t('tabs.closeRight') },
      { key: 'closeOthers', icon: <ColumnWidthOutlined />, label: t('tabs.closeOthers') },
      { key: 'closeAll', icon: <MinusOutlined />, label: t('tabs.closeAll') },
    ],
    onClick: ({ key: action, domEvent }) => {
      domEvent.stopPropagation();
      if (action === 'rename') setRenaming({ key, title: label(key) });
      else apply(applyTabAction(state, action as TabAction, key));
    },
  });

  return (
    <div className="tms-tabbar" style={{ background: token.colorBgContainer }} data-testid="tab-bar">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={state.active}
        onChange={(key) => apply(activateTab(state, key))}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') apply(closeTab(state, key));
        }}
        items={state.tabs.map((tab) => ({
          key: tab.key,
          closable: !tab.affix,
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(tab.key)}>
              <span data-testid={`tab-${tab.key}`} onDoubleClick={() => setRenaming({ key: tab.key, title: label(tab.key) })}>
                {label(tab.key)}
              </span>
            </Dropdown>
          ),
        }))}
      />
      <Modal
        open={!!renaming}
        title={t('tabs.renameTitle')}
        onCancel={() => setRenaming(null)}
        onOk={() => {
          if (renaming) setState((s) => renameTab(s, renaming.key, renaming.title));
          setRenaming(null);
        }}
        afterOpenChange={(open) => open && renameInput.current?.focus({ cursor: 'all' })}
        destroyOnHidden
      >
        <Input
          ref={renameInput}
          maxLength={40}
          value={renaming?.title ?? ''}
          onChange={(e) => setRenaming((r) => (r ? { ...r, title: e.target.value } : r))}
          onPressEnter={() => {
            if (renaming) setState((s) => renameTab(s, renaming.key, renaming.title));
            setRenaming(null);
          }}
        />
      </Modal>
    </div>
  );
}
