/**
 * The server menu (spec §3 "Menu record") turned into routes and ProLayout menu data.
 * Buttons (menuType 'F') are permissions, not screens; hidden entries (visible '1') are routes
 * but stay out of the menu; hiddenChildren keeps an entry's children out of the menu (still routes);
 * hiddenHeader shows the screen without the header bar above it; outside links open in a new window.
 */
import type { MenuRecord } from '@tms/domain';

export interface MenuNode {
  path: string;
  key: string;
  name: string;
  icon?: string | null;
  component?: string | null;
  redirect?: string | null;
  target?: string | null;
  hideInMenu?: boolean;
  hideChildrenInMenu?: boolean;
  /** the screen shows without the header bar (page title and header widgets) above it */
  hiddenHeader?: boolean;
  children?: MenuNode[];
}

const isScreen = (m: MenuRecord) => m.menuType !== 'F';

export function normalizePath(p: string): string {
  if (!p) return '/';
  const s = p.startsWith('/') || /^https?:\/\//.test(p) ? p : `/${p}`;
  return s.length > 1 && s.endsWith('/') ? s.slice(0, -1) : s;
}

export function isExternal(path: string): boolean {
  return /^https?:\/\//.test(path);
}

/** Every screen record by path (catalogues included, for their redirect). */
export function menusByPath(tree: MenuRecord[]): Map<string, MenuRecord> {
  const out = new Map<string, MenuRecord>();
  const walk = (list: MenuRecord[]) => {
    for (const m of list) {
      if (!isScreen(m)) continue;
      if (m.path) out.set(normalizePath(m.path), m);
      if (m.children) walk(m.children);
    }
  };
  walk(tree);
  return out;
}

/** Where a catalogue path goes: its redirect, else its first visible child screen. */
export function firstScreen(m: MenuRecord): string | null {
  if (m.redirect) return normalizePath(m.redirect);
  for (const c of m.children ?? []) {
    if (!isScreen(c) || c.visible === '1') continue;
    if (c.menuType === 'C' && c.path) return normalizePath(c.path);
    const deeper = firstScreen(c);
    if (deeper) return deeper;
  }
  return null;
}

/** Whether the screen at `pathname` shows without the header bar (its menu record's hiddenHeader). */
export function headerHidden(byPath: Map<string, MenuRecord>, pathname: string): boolean {
  return byPath.get(normalizePath(pathname))?.hiddenHeader === true;
}

/** How a menu entry opens: outside links and entries whose target is '_blank' in a new window. */
export function opensInNewWindow(path: string, target?: string | null): boolean {
  return isExternal(path) || target === '_blank';
}

/** The menu tree for the layout, names translated by `name(record)`. */
export function toMenuNodes(tree: MenuRecord[], name: (m: MenuRecord) => string): MenuNode[] {
  return tree.filter(isScreen).map((m) => {
    const children = m.children?.filter(isScreen) ?? [];
    return {
      path: normalizePath(m.path),
      key: m.menuKey || String(m.id),
      name: name(m),
      icon: m.icon,
      component: m.component,
      redirect: m.redirect,
      target: isExternal(m.path) ? '_blank' : m.target,
      hideInMenu: m.visible === '1',
      hideChildrenInMenu: m.hiddenChildren || undefined,
      hiddenHeader: m.hiddenHeader || undefined,
      children: children.length ? toMenuNodes(children, name) : undefined,
    };
  });
}

/** The first few menu screens the user may open (welcome shortcuts). */
export function leafScreens(tree: MenuRecord[], limit = Infinity): MenuRecord[] {
  const out: MenuRecord[] = [];
  const walk = (list: MenuRecord[]) => {
    for (const m of list) {
      if (out.length >= limit) return;
      if (!isScreen(m) || m.visible === '1') continue;
      if (m.menuType === 'C' && m.path) out.push(m);
      if (m.children) walk(m.children);
    }
  };
  walk(tree);
  return out;
}
