/**
 * The page tab bar of spec §2 as pure state transitions (the component only renders and navigates).
 * - one tab per opened route (keyed by pathname; the latest full path incl. query is kept for navigation)
 * - the title comes from route meta and can be renamed
 * - close one / left / right / others / all; the last remaining tab and affix (pinned) tabs cannot be closed
 * - a closed active tab falls back to the last remaining tab, or to '/'
 */

export interface Tab {
  /** pathname, one tab per route */
  key: string;
  /** pathname + search, where the tab navigates to */
  fullPath: string;
  /** title at opening time, or the user's own after a rename */
  title: string;
  /** the user renamed it: keep `title` instead of the route's (translated) title */
  renamed?: boolean;
  /** pinned: cannot be closed */
  affix?: boolean;
}

export interface TabsState {
  tabs: Tab[];
  /** key of the active tab ('' when none) */
  active: string;
}

export type TabError = 'lastTab' | 'affix' | 'noLeft' | 'noRight' | 'noOthers' | 'notFound';

export interface TabsResult {
  state: TabsState;
  /** where to go after the change (only when the active tab changed) */
  navigate?: string;
  /** why nothing changed (shown as a message) */
  error?: TabError;
}

export const ROOT_PATH = '/';

/**
 * One tab per route: the sub-tabs of a screen (account settings) share its tab, as does /system/profile
 * (spec §7's name of the same screen, which leads there); a trailing slash is ignored.
 */
export function tabKeyOf(pathname: string): string {
  if (pathname === '/account/settings' || pathname.startsWith('/account/settings/')) return '/account/settings';
  if (pathname === '/system/profile' || pathname === '/system/profile/') return '/account/settings';
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

export function initTabs(affix: Omit<Tab, 'affix'>[] = []): TabsState {
  return { tabs: affix.map((t) => ({ ...t, affix: true })), active: affix[0]?.key ?? '' };
}

/** Opens (or re-activates) the tab of a route. A known tab keeps its title and position; its full path is refreshed. */
export function openTab(state: TabsState, tab: Omit<Tab, 'renamed'>): TabsState {
  const i = state.tabs.findIndex((t) => t.key === tab.key);
  if (i < 0) return { tabs: [...state.tabs, { ...tab }], active: tab.key };
  const old = state.tabs[i]!;
  if (old.fullPath === tab.fullPath && state.active === tab.key) return state;
  const tabs = state.tabs.slice();
  tabs[i] = { ...old, fullPath: tab.fullPath, affix: old.affix || tab.affix };
  return { tabs, active: tab.key };
}

/** Makes a tab active; the caller navigates to the returned path. */
export function activateTab(state: TabsState, key: string): TabsResult {
  const t = state.tabs.find((x) => x.key === key);
  if (!t) return { state, error: 'notFound' };
  if (state.active === key) return { state };
  return { state: { ...state, active: key }, navigate: t.fullPath };
}

export function renameTab(state: TabsState, key: string, title: string): TabsState {
  const name = title.trim();
  if (!name) return state;
  return { ...state, tabs: state.tabs.map((t) => (t.key === key ? { ...t, title: name, renamed: true } : t)) };
}

/** Keeps `keep`; when the active tab went away, falls back to the last remaining tab, or to '/'. */
function settle(state: TabsState, keep: Tab[]): TabsResult {
  if (keep.some((t) => t.key === state.active)) return { state: { tabs: keep, active: state.active } };
  const last = keep[keep.length - 1];
  if (last) return { state: { tabs: keep, active: last.key }, navigate: last.fullPath };
  return { state: { tabs: [], active: '' }, navigate: ROOT_PATH };
}

export function closeTab(state: TabsState, key: string): TabsResult {
  const t = state.tabs.find((x) => x.key === key);
  if (!t) return { state, error: 'notFound' };
  if (state.tabs.length <= 1) return { state, error: 'lastTab' };
  if (t.affix) return { state, error: 'affix' };
  return settle(
    state,
    state.tabs.filter((x) => x.key !== key),
  );
}

export function closeLeft(state: TabsState, key: string): TabsResult {
  const i = state.tabs.findIndex((x) => x.key === key);
  if (i < 0) return { state, error: 'notFound' };
  const closable = state.tabs.slice(0, i).filter((t) => !t.affix);
  if (!closable.length) return { state, error: 'noLeft' };
  return settle(
    state,
    state.tabs.filter((t, j) => j >= i || t.affix),
  );
}

export function closeRight(state: TabsState, key: string): TabsResult {
  const i = state.tabs.findIndex((x) => x.key === key);
  if (i < 0) return { state, error: 'notFound' };
  const closable = state.tabs.slice(i + 1).filter((t) => !t.affix);
  if (!closable.length) return { state, error: 'noRight' };
  return settle(
    state,
    state.tabs.filter((t, j) => j <= i || t.affix),
  );
}

/** Closes every tab but `key` (and the affix ones); `key` becomes active. */
export function closeOthers(state: TabsState, key: string): TabsResult {
  const t = state.tabs.find((x) => x.key === key);
  if (!t) return { state, error: 'notFound' };
  const keep = state.tabs.filter((x) => x.key === key || x.affix);
  if (keep.length === state.tabs.length) return { state, error: state.tabs.length <= 1 ? 'lastTab' : 'noOthers' };
  const r = settle({ ...state, active: key }, keep);
  return { state: r.state, navigate: state.active !== key ? t.fullPath : r.navigate };
}

/** Closes every closable tab. Affix tabs stay; with none, this is refused when only one tab is left. */
export function closeAll(state: TabsState): TabsResult {
  if (state.tabs.length <= 1) return { state, error: 'lastTab' };
  const keep = state.tabs.filter((t) => t.affix);
  if (keep.length === state.tabs.length) return { state, error: 'affix' };
  return settle(state, keep);
}

/** Applies a tab-bar action by name (the context menu's keys). */
export type TabAction = 'close' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';
export function applyTabAction(state: TabsState, action: TabAction, key: string): TabsResult {
  switch (action) {
    case 'close':
      return closeTab(state, key);
    case 'closeLeft':
      return closeLeft(state, key);
    case 'closeRight':
      return closeRight(state, key);
    case 'closeOthers':
      return closeOthers(state, key);
    case 'closeAll':
      return closeAll(state);
  }
}
