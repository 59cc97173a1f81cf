import type { ResourceDef } from '../resource.ts';
import * as system from './system.ts';
import * as admin from './system-admin.ts';
import * as base from './baseinfo.ts';
import * as logistics from './logistics.ts';
import * as epod from './epod.ts';
import * as waybill from './waybill.ts';
import * as shipment from './shipment.ts';
import * as workflow from './workflow.ts';
import * as finance from './finance.ts';
import * as settlement from './settlement.ts';
import * as notify from './notify.ts';

export { SHIPMENT_SECTIONS } from './shipment.ts';
export {
  MAX_RADIUS_KM,
  MAX_SHAPE_VERTICES,
  PRINT_SAMPLES,
  polygonSchema,
  stationFenceSchema,
  zoneShapeSchema,
  type PolygonGeometry,
  type Position,
  type ShapeType,
  type StationFenceBody,
  type ZoneShapeBody,
} from './baseinfo.ts';

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
  logistics.logisticsAccount,
  epod.epod,
  epod.epodCheck,
  epod.epodOpinion,
  waybill.waybill,
  waybill.waybillLine,
  shipment.shipment,
  shipment.shipmentStop,
  shipment.driverRefusal,
  shipment.shipmentLine,
  shipment.shipmentRos,
  shipment.shipmentLog,
  shipment.orderTracking,
  workflow.actModel,
  workflow.actDefinition,
  workflow.actInstance,
  workflow.leave,
  workflow.purchase,
  finance.chargeType,
  finance.contract,
  finance.rateLine,
  finance.waybillRating,
  // settlement (issue 15)
  settlement.settleTerm,
  settlement.statement,
  settlement.statementLine,
  settlement.invoice,
  settlement.payment,
  settlement.paperReceipt,
  notify.webhookEndpoint,
  notify.notifySubscription,
  notify.notifyDelivery,
  notify.notifyAttempt,
];

export { EPOD_STATUSES, EPOD_ACTION_FROM, EPOD_ACTION_TO, EPOD_PICTURES_SHOWN, EPOD_LIMITS, epodRefusal, shownPictures, epodReport, epodLineReport, epodReject, epodHandle, epodAudit, type EpodReportInput, type EpodStatus, type EpodAction, type EpodState } from './epod.ts';

export { WF_APPROVED_VARIABLE, WF_BUSINESS_RESOURCES, WF_BUSINESS_TYPES, actDefinition, actInstance, actModel, type WfBusinessType } from './workflow.ts';

export const resourceByName = new Map(RESOURCES.map((r) => [r.name, r]));
export const resourceByComponent = new Map(RESOURCES.map((r) => [r.component, r]));

export function getResource(name: string): ResourceDef {
  const r = resourceByName.get(name);
  if (!r) throw new Error(`unknown resource ${name}`);
  return r;
}
export { CONTRACT_STATUSES, CONTRACT_ACTION_FROM, CONTRACT_ACTION_TO, type ContractStatus } from './finance.ts';
export { NOTIFY_EVENTS, type NotifyEvent } from './notify.ts';
