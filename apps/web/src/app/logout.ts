/** Logout of spec §4: tell the server (its failure is ignored), clear local state, reload after 16 ms. */
import { callAuth } from '../features/user/authCall.ts';
import { clearToken } from '../platform/session.ts';
import { queryClient } from '../platform/queries.ts';

export const LOGOUT_RELOAD_MS = 16;

export async function logout(): Promise<void> {
  try {
    await callAuth('logout', {}, { silent: true });
  } catch {
    // ignored: the token is dropped locally either way
  }
  clearToken();
  sessionStorage.removeItem('tms.tabs');
  queryClient.clear();
  setTimeout(() => window.location.reload(), LOGOUT_RELOAD_MS);
}
