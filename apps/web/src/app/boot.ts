/**
 * First entry of a signed-in user (spec §4): user info → dictionaries → the user's menu.
 * A failed user info shows 'request for user info failed, please retry' and logs out;
 * a failed menu shows its message and logs out after 3 s.
 */
import { message, notification } from 'antd';
import { SessionApi } from '@tms/domain';
import { callData, type DataOf } from '../platform/api.ts';
import { HttpError } from '../platform/http.ts';
import { fetchDicts, queryClient } from '../platform/queries.ts';
import i18n from '../platform/i18n.ts';
import { logout } from './logout.ts';

export const MENU_FAILURE_LOGOUT_MS = 3000;

export async function bootSession(): Promise<true> {
  let user: DataOf<typeof SessionApi.endpoints.userInfo>;
  try {
    user = await callData(SessionApi.endpoints.userInfo, {}, { silent: true, ownSessionEnd: true });
  } catch (e) {
    notification.error({ message: i18n.t('session.errorTitle'), description: i18n.t('session.userInfoFailed') });
    void logout();
    throw e;
  }
  // a client user works in the portal (issue 17): the back office would refuse it everything
  if (user.userKind === 'CLIENT') {
    window.location.replace('/portal/orders');
    return new Promise<true>(() => undefined);
  }
  queryClient.setQueryData(['userInfo'], user);
  try {
    await queryClient.fetchQuery({ queryKey: ['dicts'], queryFn: fetchDicts, staleTime: 5 * 60_000 });
  } catch {
    // dictionaries are fetched again by the screens that need them
  }
  try {
    const menus = await callData(SessionApi.endpoints.menus, {}, { silent: true });
    queryClient.setQueryData(['menus'], menus);
  } catch (e) {
    void message.error(e instanceof HttpError && e.message ? e.message : i18n.t('session.menuFailed'));
    setTimeout(() => void logout(), MENU_FAILURE_LOGOUT_MS);
    throw e;
  }
  return true;
}
