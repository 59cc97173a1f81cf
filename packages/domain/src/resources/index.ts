import type { ResourceDef } from '../resource.ts';
import * as system from './system.ts';
import * as admin from './system-admin.ts';

/** Every registered resource. Generic server routes, web pages and test suites loop over this. */
export const RESOURCES: ResourceDef[] = [
  system.dictType,
  system.dictData,
  system.config,
  system.dispatchCenter,
  admin.user,
  admin.role,
  admin.menu,
  admin.dept,
  admin.dataGroup,
  admin.printer,
  admin.feedback,
  admin.district,
  admin.numberRule,
  admin.operLog,
  admin.loginLog,
  admin.authClient,
  admin.ossConfig,
  admin.oss,
];

export const resourceByName = new Map(RESOURCES.map((r) => [r.name, r]));
export const resourceByComponent = new Map(RESOURCES.map((r) => [r.component, r]));

export function getResource(name: string): ResourceDef {
  const r = resourceByName.get(name);
  if (!r) throw new Error(`unknown resource ${name}`);
  return r;
}
