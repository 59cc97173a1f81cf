import { describe, it, expect } from 'vitest';
import { activateTab, applyTabAction, tabKeyOf, closeAll, closeLeft, closeOthers, closeRight, closeTab, initTabs, openTab, renameTab, type TabsState } from './tabs.ts';

const welcome = { key: '/welcome', fullPath: '/welcome', title: 'Welcome' };
const tab = (key: string, query = '') => ({ key, fullPath: key + query, title: key.slice(1) });

/** welcome (affix), /a, /b, /c with the given one active */
function four(active = '/c'): TabsState {
  let s = initTabs([welcome]);
  for (const k of ['/a', '/b', '/c']) s = openTab(s, tab(k));
  return { ...s, active };
}
const keys = (s: TabsState) => s.tabs.map((t) => t.key);

describe('opening and activating', () => {
  it('starts with the affix tabs, the first active', () => {
    const s = initTabs([welcome]);
    expect(keys(s)).toEqual(['/welcome']);
    expect(s.tabs[0]!.affix).toBe(true);
    expect(s.active).toBe('/welcome');
    expect(initTabs().active).toBe('');
  });
  it('opens one tab per route and activates it', () => {
    let s = openTab(initTabs([welcome]), tab('/a'));
    s = openTab(s, tab('/b'));
    s = openTab(s, tab('/a', '?x=1'));
    expect(keys(s)).toEqual(['/welcome', '/a', '/b']);
    expect(s.active).toBe('/a');
    expect(s.tabs[1]!.fullPath).toBe('/a?x=1');
  });
  it('returns the same state when nothing changed', () => {
    const s = openTab(initTabs([welcome]), tab('/a'));
    expect(openTab(s, tab('/a'))).toBe(s);
  });
  it('activating another tab navigates to its full path', () => {
    const s = openTab(openTab(initTabs([welcome]), tab('/a', '?q=2')), tab('/b'));
    const r = activateTab(s, '/a');
    expect(r.state.active).toBe('/a');
    expect(r.navigate).toBe('/a?q=2');
    expect(activateTab(r.state, '/a').navigate).toBeUndefined();
    expect(activateTab(s, '/nope').error).toBe('notFound');
  });
});

describe('renaming', () => {
  it('renames and marks the tab renamed; a blank name is ignored', () => {
    const s = renameTab(four(), '/b', '  My B ');
    expect(s.tabs[2]).toMatchObject({ title: 'My B', renamed: true });
    expect(renameTab(s, '/b', '   ')).toBe(s);
  });
  it('a renamed tab keeps its title when opened again', () => {
    const s = openTab(renameTab(four(), '/b', 'Mine'), tab('/b', '?p=1'));
    expect(s.tabs[2]).toMatchObject({ title: 'Mine', renamed: true, fullPath: '/b?p=1' });
  });
});

describe('closing one tab', () => {
  it('closing an inactive tab keeps the active one and does not navigate', () => {
    const r = closeTab(four('/c'), '/a');
    expect(keys(r.state)).toEqual(['/welcome', '/b', '/c']);
    expect(r.state.active).toBe('/c');
    expect(r.navigate).toBeUndefined();
  });
  it('closing the active tab falls back to the last remaining tab', () => {
    const r = closeTab(four('/b'), '/b');
    expect(r.state.active).toBe('/c');
    expect(r.navigate).toBe('/c');
    const r2 = closeTab(r.state, '/c');
    expect(r2.state.active).toBe('/a');
    expect(r2.navigate).toBe('/a');
  });
  it('the last remaining tab cannot be closed', () => {
    const s = openTab(initTabs(), tab('/a'));
    const r = closeTab(s, '/a');
    expect(r.error).toBe('lastTab');
    expect(r.state).toBe(s);
    expect(closeTab(initTabs([welcome]), '/welcome').error).toBe('lastTab');
  });
  it('an affix tab cannot be closed', () => {
    const s = four();
    const r = closeTab(s, '/welcome');
    expect(r.error).toBe('affix');
    expect(r.state).toBe(s);
  });
  it('falls back to / when no tab remains', () => {
    const s: TabsState = { tabs: [tab('/a'), tab('/b')], active: '/b' };
    const r = closeAll(s);
    expect(r.state.tabs).toEqual([]);
    expect(r.navigate).toBe('/');
  });
  it('an unknown key is reported', () => {
    expect(closeTab(four(), '/zz').error).toBe('notFound');
  });
});

describe('closing to the left / right', () => {
  it('closes the closable tabs on the left, keeping affix ones', () => {
    const r = closeLeft(four('/c'), '/c');
    expect(keys(r.state)).toEqual(['/welcome', '/c']);
    expect(r.navigate).toBeUndefined();
  });
  it('reports no tab on the left', () => {
    expect(closeLeft(four(), '/welcome').error).toBe('noLeft');
    expect(closeLeft(four(), '/a').error).toBe('noLeft'); // only the affix tab is on its left
  });
  it('closes the tabs on the right; the active one among them falls back', () => {
    const r = closeRight(four('/c'), '/a');
    expect(keys(r.state)).toEqual(['/welcome', '/a']);
    expect(r.state.active).toBe('/a');
    expect(r.navigate).toBe('/a');
  });
  it('reports no tab on the right', () => {
    expect(closeRight(four(), '/c').error).toBe('noRight');
  });
});

describe('closing others / all', () => {
  it('close others keeps the chosen and affix tabs and activates the chosen one', () => {
    const r = closeOthers(four('/c'), '/b');
    expect(keys(r.state)).toEqual(['/welcome', '/b']);
    expect(r.state.active).toBe('/b');
    expect(r.navigate).toBe('/b');
  });
  it('close others on the active tab does not navigate', () => {
    const r = closeOthers(four('/c'), '/c');
    expect(keys(r.state)).toEqual(['/welcome', '/c']);
    expect(r.navigate).toBeUndefined();
  });
  it('close others with nothing else to close is refused', () => {
    const s = openTab(initTabs([welcome]), tab('/a'));
    expect(closeOthers(closeOthers(s, '/a').state, '/a').error).toBe('noOthers');
    expect(closeOthers(initTabs([welcome]), '/welcome').error).toBe('lastTab');
  });
  it('close all keeps the affix tabs and goes to the last of them', () => {
    const r = closeAll(four('/b'));
    expect(keys(r.state)).toEqual(['/welcome']);
    expect(r.state.active).toBe('/welcome');
    expect(r.navigate).toBe('/welcome');
  });
  it('close all with only affix tabs left, or one tab, is refused', () => {
    const s: TabsState = { tabs: [{ ...welcome, affix: true }, { ...tab('/x'), affix: true }], active: '/x' };
    expect(closeAll(s).error).toBe('affix');
    expect(closeAll(initTabs([welcome])).error).toBe('lastTab');
  });
});

describe('applyTabAction', () => {
  it('dispatches every context-menu action', () => {
    const s = four('/c');
    expect(applyTabAction(s, 'close', '/a')).toEqual(closeTab(s, '/a'));
    expect(applyTabAction(s, 'closeLeft', '/b')).toEqual(closeLeft(s, '/b'));
    expect(applyTabAction(s, 'closeRight', '/a')).toEqual(closeRight(s, '/a'));
    expect(applyTabAction(s, 'closeOthers', '/b')).toEqual(closeOthers(s, '/b'));
    expect(applyTabAction(s, 'closeAll', '/b')).toEqual(closeAll(s));
  });
});

describe('tabKeyOf', () => {
  it('keys a tab by route: account settings sub-tabs share one tab, trailing slashes are ignored', () => {
    expect(tabKeyOf('/account/settings/base')).toBe('/account/settings');
    expect(tabKeyOf('/account/settings')).toBe('/account/settings');
    // /system/profile leads to the account settings: no tab of its own
    expect(tabKeyOf('/system/profile')).toBe('/account/settings');
    expect(tabKeyOf('/system/dict/')).toBe('/system/dict');
    expect(tabKeyOf('/')).toBe('/');
  });
});
