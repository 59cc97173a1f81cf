/** Logout of spec §4: tell the server (its failure is ignored), clear local state, reload after 16 ms. */
import { post } from '../platform/http.ts';
import { clearToken } from '../platform/session.ts';
import { queryClient } from '../platform/queries.ts';

export const LOGOUT_RELOAD_MS = 16;

export async function logout(): Promise<void> {
  try {
    await post('/auth/logout', undefined, { silent: true });
  } catch {
    // ignored: the token is dropped locally either way
  }
  clearToken();
  sessionStorage.removeItem('tms.tabs');
  queryClient.clear();
  setTimeout(() => window.location.reload(), LOGOUT_RELOAD_MS);
}
