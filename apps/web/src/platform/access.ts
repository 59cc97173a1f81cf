/**
 * Permission checks of spec §6 as pure functions (the server is the authority; these only hide).
 * - role check: 'admin' passes; otherwise one of the listed roles is needed (an empty list is an error)
 * - button check: super user id 1, or one of the user's buttons
 * - permission check: permissionId.action in the user's permission list
 */
import type { UserInfo } from '@tms/domain';

export function hasRole(user: Pick<UserInfo, 'roles'> | null, roles: string[]): boolean {
  if (!roles.length) throw new Error('role-restricted elements need a non-empty list of roles');
  if (!user) return false;
  return user.roles.includes('admin') || roles.some((r) => user.roles.includes(r));
}

export function hasButton(user: Pick<UserInfo, 'id' | 'buttons' | 'roles'> | null, button: string): boolean {
  if (!user) return false;
  if (user.roles.includes('admin')) return true;
  return user.buttons.includes(button);
}

export function hasPermission(user: Pick<UserInfo, 'permissions' | 'roles'> | null, check: string): boolean {
  if (!user) return false;
  if (user.roles.includes('admin')) return true;
  const [permissionId, action] = check.includes('.') ? check.split('.') : [check.slice(0, check.lastIndexOf(':')), check.slice(check.lastIndexOf(':') + 1)];
  return user.permissions.some((p) => p.permissionId === permissionId && p.actionList.includes(action!));
}
