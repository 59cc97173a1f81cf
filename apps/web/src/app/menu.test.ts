import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { MenuRecord } from '@tms/domain';
import { firstScreen, headerHidden, leafScreens, menusByPath, opensInNewWindow, toMenuNodes, type MenuNode } from './menu.ts';
import { menuItemRender } from './menu-link.tsx';

let nextId = 1;
function rec(p: Partial<MenuRecord> & Pick<MenuRecord, 'menuKey' | 'path'>): MenuRecord {
  return { id: nextId++, parentId: 0, menuName: p.menuKey, visible: '0', menuType: 'C', orderNum: 0, ...p };
}

/**
 * A catalogue with a visible screen, a hidden screen (visible '1'), a button, a screen without header,
 * a catalogue whose children are hidden, and an outside link.
 */
const tree: MenuRecord[] = [
  rec({
    menuKey: 'system',
    path: '/system',
    menuType: 'M',
    children: [
      rec({ menuKey: 'systemUser', path: '/system/user', component: 'system/user/index', children: [rec({ menuKey: 'userAdd', path: '', menuType: 'F', perms: 'system:user:add' })] }),
      rec({ menuKey: 'systemSecret', path: '/system/secret', component: 'system/secret/index', visible: '1' }),
      rec({ menuKey: 'bigScreen', path: '/system/big-screen', component: 'monitor/big/index', hiddenHeader: true }),
    ],
  }),
  rec({
    menuKey: 'station',
    path: '/baseinfo/station',
    component: 'baseinfo/station/index',
    hiddenChildren: true,
    children: [rec({ menuKey: 'stationDetail', path: '/baseinfo/station/detail', component: 'baseinfo/station/detail' })],
  }),
  rec({ menuKey: 'docs', path: 'https://example.com/docs', menuType: 'C', target: '_self' }),
  rec({ menuKey: 'manual', path: '/manual', menuType: 'C', target: '_blank' }),
];

const nodes = toMenuNodes(tree, (m) => `name:${m.menuKey}`);
const byKey = (list: MenuNode[], key: string): MenuNode | undefined => {
  for (const n of list) {
    if (n.key === key) return n;
    const hit = n.children && byKey(n.children, key);
    if (hit) return hit;
  }
  return undefined;
};

describe('menu nodes from the server menu', () => {
  it('keeps buttons out: they are permissions, not screens', () => {
    expect(byKey(nodes, 'userAdd')).toBeUndefined();
    expect(byKey(nodes, 'systemUser')!.children).toBeUndefined();
    expect(byKey(nodes, 'systemUser')).toMatchObject({ path: '/system/user', name: 'name:systemUser', hideInMenu: false });
  });

  it('hides a hidden menu from the menu but keeps it a route', () => {
    expect(byKey(nodes, 'systemSecret')!.hideInMenu).toBe(true);
    expect(menusByPath(tree).get('/system/secret')?.menuKey).toBe('systemSecret');
    // a catalogue goes to its first visible screen, and the welcome shortcuts leave hidden screens out
    expect(firstScreen(tree[0]!)).toBe('/system/user');
    expect(leafScreens(tree).map((m) => m.menuKey)).not.toContain('systemSecret');
  });

  it('hides the children of an entry with hiddenChildren; they stay routes', () => {
    const station = byKey(nodes, 'station')!;
    expect(station.hideChildrenInMenu).toBe(true);
    expect(station.children!.map((c) => c.key)).toEqual(['stationDetail']);
    expect(byKey(nodes, 'systemUser')!.hideChildrenInMenu).toBeUndefined();
    expect(menusByPath(tree).get('/baseinfo/station/detail')?.menuKey).toBe('stationDetail');
  });

  it('shows a screen with hiddenHeader without the header bar, and every other screen with it', () => {
    expect(byKey(nodes, 'bigScreen')!.hiddenHeader).toBe(true);
    expect(byKey(nodes, 'systemUser')!.hiddenHeader).toBeUndefined();
    const paths = menusByPath(tree);
    expect(headerHidden(paths, '/system/big-screen')).toBe(true);
    expect(headerHidden(paths, 'system/big-screen/')).toBe(true);
    expect(headerHidden(paths, '/system/user')).toBe(false);
    expect(headerHidden(paths, '/welcome')).toBe(false);
  });

  it('opens an outside link in a new window, whatever target it was saved with', () => {
    expect(byKey(nodes, 'docs')).toMatchObject({ path: 'https://example.com/docs', target: '_blank' });
    expect(byKey(nodes, 'manual')!.target).toBe('_blank');
    expect(opensInNewWindow('https://example.com/docs', '_self')).toBe(true);
    expect(opensInNewWindow('/manual', '_blank')).toBe(true);
    expect(opensInNewWindow('/system/user', '_self')).toBe(false);
    expect(opensInNewWindow('/system/user', null)).toBe(false);
  });
});

describe('menu entries as links', () => {
  const render = (item: { path: string; target?: string }) =>
    renderToStaticMarkup(createElement(MemoryRouter, null, menuItemRender(item, createElement('span', null, 'entry'))));

  it('renders an outside link as a new-window link without access to this window', () => {
    const html = render({ path: 'https://example.com/docs', target: '_blank' });
    expect(html).toBe('<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer"><span>entry</span></a>');
    // a link saved without a target still opens in a new window
    expect(render({ path: 'http://example.com/x' })).toContain('target="_blank" rel="noopener noreferrer"');
  });

  it('renders an in-product entry with target _blank as a new-window link too', () => {
    expect(render({ path: '/manual', target: '_blank' })).toBe('<a href="/manual" target="_blank" rel="noopener noreferrer"><span>entry</span></a>');
  });

  it('renders any other entry as a link within the product (same window)', () => {
    const html = render({ path: '/system/user', target: '_self' });
    expect(html).toContain('href="/system/user"');
    expect(html).not.toContain('target=');
    expect(html).not.toContain('rel=');
  });
});
