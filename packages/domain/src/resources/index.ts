import type { ResourceDef } from '../resource.ts';
import * as system from './system.ts';
import * as admin from './system-admin.ts';
import * as base from './baseinfo.ts';

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
  base.client,
  base.carrier,
  base.carrierLicence,
  base.licence,
  base.driver,
  base.transportMeansType,
  base.transportMeans,
  base.item,
  base.zone,
  base.location,
  base.station,
  base.stationLimit,
  base.timeWindow,
  base.extraWindow,
  base.route,
  base.carrierRoute,
  base.contact,
  base.address,
  base.orderType,
  base.printTemplate,
  base.alertRule,
  base.externalSystem,
  base.appManage,
  base.transModel,
  base.transRoute,
];

export const resourceByName = new Map(RESOURCES.map((r) => [r.name, r]));
export const resourceByComponent = new Map(RESOURCES.map((r) => [r.component, r]));

export function getResource(name: string): ResourceDef {
  const r = resourceByName.get(name);
  if (!r) throw new Error(`unknown resource ${name}`);
  return r;
}
