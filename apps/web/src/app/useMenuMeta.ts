/** Route meta from the server menu: names (translated by menuKey) and titles of paths. */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuRecord } from '@tms/domain';
import { useMenus } from '../platform/queries.ts';
import { menusByPath, normalizePath } from './menu.ts';

/** Titles of the shell's own routes (not in the server menu). */
const BUILTIN_TITLES: [RegExp, string][] = [
  [/^\/welcome$/, 'menu.welcome'],
  [/^\/account\/center$/, 'menu.accountCenter'],
  [/^\/account\/settings(\/.*)?$/, 'menu.accountSettings'],
  [/^\/result\/success$/, 'menu.resultSuccess'],
  [/^\/result\/error$/, 'menu.resultError'],
  [/^\/exception\/403$/, 'menu.exception403'],
  [/^\/exception\/404$/, 'menu.exception404'],
  [/^\/exception\/500$/, 'menu.exception500'],
];

export function useMenuMeta() {
  const { t } = useTranslation();
  const { data } = useMenus();
  const menus = useMemo(() => data ?? [], [data]);
  const byPath = useMemo(() => menusByPath(menus), [menus]);
  const menuName = useCallback((m: MenuRecord) => t(`menu.${m.menuKey}`, { defaultValue: m.menuName }), [t]);
  const titleOf = useCallback(
    (pathname: string): string => {
      const p = normalizePath(pathname);
      const m = byPath.get(p);
      if (m) return menuName(m);
      const hit = BUILTIN_TITLES.find(([re]) => re.test(p));
      return hit ? t(hit[1]) : p;
    },
    [byPath, menuName, t],
  );
  return { menus, byPath, menuName, titleOf };
}
