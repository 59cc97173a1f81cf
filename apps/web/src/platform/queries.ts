/** Server state the whole app shares, through TanStack Query (no hand-rolled caches). */
import { useMemo } from 'react';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { z } from 'zod';
import { SessionApi } from '@tms/domain';
import { callData } from './api.ts';
import { hasButton } from './access.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** A dictionary entry, as the server's answer declares it. */
export type DictItem = z.output<typeof SessionApi.DictItem>;

// typed by the endpoints the server registers these routes from
export const fetchUserInfo = () => callData(SessionApi.endpoints.userInfo);
export const fetchDicts = () => callData(SessionApi.endpoints.dicts);
export const fetchMenus = () => callData(SessionApi.endpoints.menus);

export function useUserInfo() {
  return useQuery({ queryKey: ['userInfo'], queryFn: fetchUserInfo, staleTime: Infinity });
}
export function useMenus() {
  return useQuery({ queryKey: ['menus'], queryFn: fetchMenus, staleTime: Infinity });
}
/**
 * Dictionary labels are stored in Chinese (administrators edit them); other interfaces show the shipped
 * translation of an entry (locale key dicts.<type>.<value>) when there is one.
 */
export function translateDicts(dicts: Record<string, DictItem[]> | undefined, i18n: Pick<I18n, 'language' | 'exists' | 't'>): Record<string, DictItem[]> | undefined {
  if (!dicts || i18n.language === 'zh-CN') return dicts;
  return Object.fromEntries(
    Object.entries(dicts).map(([type, items]) => [
      type,
      items.map((it) => {
        const key = `dicts.${type}.${it.dictValue}`;
        return i18n.exists(key) ? { ...it, dictLabel: String(i18n.t(key)) } : it;
      }),
    ]),
  );
}

export function useDicts() {
  const q = useQuery({ queryKey: ['dicts'], queryFn: fetchDicts, staleTime: 5 * 60_000 });
  const { i18n } = useTranslation();
  const data = useMemo(() => translateDicts(q.data, i18n), [q.data, i18n, i18n.language]);
  return { ...q, data };
}
/** The items of one dictionary type. */
export function useDict(type: string | undefined): DictItem[] {
  const { data } = useDicts();
  return (type && data?.[type]) || [];
}
export function useDispatchCenters() {
  return useQuery({ queryKey: ['dispatchCenters'], queryFn: () => callData(SessionApi.endpoints.dispatchCenters) });
}

/** Whether the signed-in user holds a button (permission key such as 'system:dict:add'). */
export function useCan(): (button: string) => boolean {
  const { data } = useUserInfo();
  return (button: string) => hasButton(data ?? null, button);
}
