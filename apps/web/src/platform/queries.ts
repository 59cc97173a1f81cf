/** Server state the whole app shares, through TanStack Query (no hand-rolled caches). */
import { QueryClient, useQuery } from '@tanstack/react-query';
import type { DispatchCenterOption, MenuRecord, UserInfo } from '@tms/domain';
import { get } from './http.ts';
import { hasButton } from './access.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export interface DictItem {
  dictValue: string;
  dictLabel: string;
  dictSort: number;
  listClass?: string | null;
}

export const fetchUserInfo = () => get<UserInfo>('/system/user/info');
export const fetchDicts = () => get<Record<string, DictItem[]>>('/system/dict/data/selectAllByType');
export const fetchMenus = () => get<MenuRecord[]>('/system/menu/user');

export function useUserInfo() {
  return useQuery({ queryKey: ['userInfo'], queryFn: fetchUserInfo, staleTime: Infinity });
}
export function useMenus() {
  return useQuery({ queryKey: ['menus'], queryFn: fetchMenus, staleTime: Infinity });
}
export function useDicts() {
  return useQuery({ queryKey: ['dicts'], queryFn: fetchDicts, staleTime: 5 * 60_000 });
}
/** The items of one dictionary type. */
export function useDict(type: string | undefined): DictItem[] {
  const { data } = useDicts();
  return (type && data?.[type]) || [];
}
export function useDispatchCenters() {
  return useQuery({ queryKey: ['dispatchCenters'], queryFn: () => get<(DispatchCenterOption & { current: boolean })[]>('/system/dispatchCenter/listByUser') });
}

/** Whether the signed-in user holds a button (permission key such as 'system:dict:add'). */
export function useCan(): (button: string) => boolean {
  const { data } = useUserInfo();
  return (button: string) => hasButton(data ?? null, button);
}
