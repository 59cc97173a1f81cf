export * from './resource.ts';
export * from './api.ts';
export * from './rules.ts';
export * from './account.ts';
export type { GeoHit } from './geo.ts';
export { LOGISTICS_DEFAULT_MAPPING, LOGISTICS_SIGNATURE_HEADERS, type LogisticsFieldMapping } from './resources/logistics.ts';
export * from './resources/index.ts';
export * from './lang.ts';
export * from './locales/index.ts';
export * from './envelope.ts';
export * from './dicts.ts';
export * from './split.ts';
export * from './sso.ts';
export { WAYBILL_SECTIONS } from './resources/waybill.ts';
export { SECRET_CONFIG_KEYS, CONFIG_SECRET_MASK, isSecretConfigKey } from './resources/system.ts';
export {
  order as orderResource,
  orderLine as orderLineResource,
  orderImportRow as orderImportResource,
  portalOrderImportRow as portalOrderImportResource,
  PORTAL_IMPORT_FIELDS,
  ORDER_LINE_INPUT,
  ORDER_LINES_MAX,
  ORDER_REMARK_MAX,
  ORDER_TOTALS,
  orderTotals,
  type OrderTotals,
  type OrderImportPreview,
  type OrderImportGroup,
} from './resources/order.ts';
export * from './generator.ts';
export * from './reports.ts';
export * as WorkflowApi from './contracts/workflow.ts';
export * as OrderApi from './contracts/order.ts';
export * as WaybillApi from './contracts/waybill.ts';
export * as MiscApi from './contracts/misc.ts';
export * as EpodApi from './contracts/epod.ts';
export * as DriverApi from './contracts/driver.ts';
export * as SessionApi from './contracts/session.ts';
export * as LogisticsApi from './contracts/logistics.ts';
export * from './finance/rating.ts';
export * from './finance/rate-card.ts';
export * as FinanceApi from './contracts/finance.ts';
export * as FleetApi from './contracts/fleet.ts';
export * as NotifyApi from './contracts/notify.ts';
export * from './finance/explain.ts';
export * as SystemApi from './contracts/system.ts';
export * as ReportApi from './contracts/report.ts';
export * as AuthApi from './contracts/auth.ts';
// the sign-in routes' places without zod, for the login page (contracts/auth-routes.ts)
export { AUTH_ROUTES } from './contracts/auth-routes.ts';
export { DRIVER_ROUTES } from './contracts/driver-routes.ts';
export { fillPath } from './paths.ts';
export * as ShipmentApi from './contracts/shipment.ts';
export * as BaseinfoApi from './contracts/baseinfo.ts';
export * as RealtimeApi from './contracts/realtime.ts';
// settlement (issue 15)
export * from './finance/settlement.ts';
export * as SettlementApi from './contracts/settlement.ts';
export { carrierClaimRow as carrierClaimResource } from './resources/settlement.ts';
// client portal and public tracking links (issue 17)
export * as PortalApi from './contracts/portal.ts';
export { PORTAL_PERMISSION } from './contracts/portal.ts';
