/**
 * Shipments (dispatch orders) and the read-only lists of the shipment menu (spec §2 "shipment", §3 "Shipment",
 * "Order tracking"; design/domain.md "Shipment"). A shipment changes only through its actions
 * (scheduling, take effect, ship, …), so the generic engine gives list, get and export only.
 */
import type { FieldDef, ResourceDef } from '../resource.ts';
import { hidden, int, kg, m3, ref, str } from './field-kit.ts';

const readOnly = { features: { create: false, update: false, remove: false, export: true } } as const;

/** Sections of the shipment detail (spec §2 "Shipment list and detail"): which fields each shows. */
export const SHIPMENT_SECTIONS = {
  basic: ['shipmentCode', 'status', 'orderTypeId', 'carrierId', 'transType', 'transModelId', 'deliveryZoneId', 'transMode', 'alertRuleId', 'printQty', 'createBy', 'createTime', 'scheduleBy', 'scheduleTime', 'auditBy', 'auditTime', 'remark'],
  driver: ['vehicleIdMain', 'vehicleIdSlave', 'driverIdMaster', 'driverIdSecond', 'operatingDriverId', 'isReceive', 'rejectReasons', 'returnReasons'],
  routing: ['routeId', 'wireNo', 'marketAreaGroup', 'fromLocationId', 'toLocationId', 'stationNum', 'etd', 'eta', 'atd', 'ata'],
  transport: ['containerNo', 'sealNo', 'trackNo', 'shiftNo', 'ferryNo', 'warehouseCode', 'warehouseName', 'totalWeight', 'totalVolume', 'totalQuantity', 'totalCases', 'totalPallets', 'totalOther'],
} as const;

export const shipment: ResourceDef = {
  name: 'shipment',
  table: 'tms_shipment',
  path: '/shipment/shipment',
  permission: 'shipment:shipment',
  component: 'shipment/index',
  labelField: 'shipmentCode',
  ...readOnly,
  scope: { dispatchCenter: 'dispatch_center_id', carrier: 'carrier_id' },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    str('shipmentCode', 40, { search: 'like', unique: true }),
    { name: 'status', kind: 'dict', dict: 'shipment_status', search: 'in' },
    ref('carrierId', 'carrier', { search: 'eq' }),
    ref('vehicleIdMain', 'transportMeans', { search: 'eq' }),
    ref('vehicleIdSlave', 'transportMeans', hidden),
    ref('driverIdMaster', 'driver', { search: 'eq' }),
    ref('driverIdSecond', 'driver', hidden),
    ref('operatingDriverId', 'driver', hidden),
    { name: 'etd', kind: 'datetime', search: 'range' },
    { name: 'eta', kind: 'datetime', search: 'range' },
    { name: 'atd', kind: 'datetime', search: 'range' },
    { name: 'ata', kind: 'datetime', search: 'range' },
    int('stationNum'),
    kg('totalWeight'),
    m3('totalVolume'),
    int('totalQuantity'),
    int('totalCases', hidden),
    int('totalPallets', hidden),
    int('totalOther', hidden),
    { name: 'isReceive', kind: 'dict', dict: 'shipment_receive', search: 'eq' },
    int('printQty'),
    ref('orderTypeId', 'orderType', hidden),
    { name: 'transType', kind: 'dict', dict: 'transport_type', search: 'eq' },
    ref('deliveryZoneId', 'zone', hidden),
    ref('transModelId', 'transModel', hidden),
    { name: 'transMode', kind: 'dict', dict: 'load_mode', ...hidden },
    str('wireNo', 30, hidden),
    str('marketAreaGroup', 60, hidden),
    ref('fromLocationId', 'location', hidden),
    ref('toLocationId', 'location', hidden),
    ref('routeId', 'route', hidden),
    ref('alertRuleId', 'alertRule', hidden),
    str('scheduleBy', 64, hidden),
    { name: 'scheduleTime', kind: 'datetime', ...hidden },
    str('auditBy', 64, hidden),
    { name: 'auditTime', kind: 'datetime', ...hidden },
    str('containerNo', 30, hidden),
    str('sealNo', 30, hidden),
    str('trackNo', 30, hidden),
    str('shiftNo', 30, hidden),
    str('ferryNo', 30, hidden),
    str('warehouseCode', 30, hidden),
    str('warehouseName', 60, hidden),
    str('returnReasons', 200, hidden),
    str('rejectReasons', 200, hidden),
    str('cancelStatus', 10, hidden),
    { name: 'remark', kind: 'text', max: 200 },
  ],
};

export const shipmentStop: ResourceDef = {
  name: 'shipmentStop',
  table: 'tms_shipment_stop',
  path: '/shipment/stops',
  permission: 'shipment:stop',
  component: 'shipment/stops',
  labelField: 'seq',
  ...readOnly,
  noAudit: true,
  scope: { dispatchCenter: 'dispatch_center_id', parent: { column: 'shipment_id', resource: 'shipment' } },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    ref('shipmentId', 'shipment', { search: 'eq' }),
    int('seq'),
    ref('stationId', 'station', { search: 'eq' }),
    { name: 'stopType', kind: 'dict', dict: 'shipment_stop_type', search: 'eq' },
    { name: 'eta', kind: 'datetime', search: 'range' },
    { name: 'ata', kind: 'datetime' },
    { name: 'atd', kind: 'datetime' },
    { name: 'createTime', kind: 'datetime', search: 'range' },
  ],
};

/** Writes of the driver app the server refused (issue 16): what the phone shows its driver, for the dispatcher. */
export const driverRefusal: ResourceDef = {
  name: 'driverRefusal',
  table: 'tms_driver_refusal',
  path: '/shipment/driverRefusal',
  permission: 'shipment:driverRefusal',
  component: 'shipment/driverRefusal',
  labelField: 'shipmentCode',
  ...readOnly,
  noAudit: true,
  // seen by whoever may see the dispatch order (its center, and the client / carrier data groups)
  scope: { dispatchCenter: 'dispatch_center_id', parent: { column: 'shipment_id', resource: 'shipment' } },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'createTime', kind: 'datetime', search: 'range' },
    str('shipmentCode', 40, { search: 'like' }),
    ref('driverId', 'driver', { search: 'eq' }),
    { name: 'action', kind: 'dict', dict: 'driver_outbox_action', search: 'eq' },
    int('statusCode'),
    { name: 'message', kind: 'text', max: 500, list: true },
    str('idemKey', 100, { list: false }),
  ],
};

export const shipmentLine: ResourceDef = {
  name: 'shipmentLine',
  table: 'tms_shipment_line_v',
  path: '/shipment/lines',
  permission: 'shipment:line',
  component: 'shipment/lines',
  labelField: 'itemName',
  ...readOnly,
  noAudit: true,
  scope: { dispatchCenter: 'dispatch_center_id', client: 'client_id', carrier: 'carrier_id' },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    str('shipmentCode', 40, { search: 'like' }),
    { name: 'shipmentId', kind: 'int', list: false, detail: false, sortable: false, search: 'eq' },
    str('waybillCode', 40, { search: 'like' }),
    ref('clientId', 'client', { search: 'eq' }),
    int('posNo'),
    str('itemCode', 30, { search: 'like' }),
    str('itemName', 60, { search: 'like' }),
    { name: 'temperature', kind: 'dict', dict: 'temperature_layer', search: 'eq' },
    int('quantity'),
    kg('weight'),
    m3('volume'),
    int('cases'),
    int('pallets'),
    int('other'),
    str('unit', 20),
    int('realQuantity'),
    kg('realWeight'),
    { name: 'createTime', kind: 'datetime', search: 'range' },
  ],
};

/** Reviewed waybills that are on no dispatch order yet: the dispatcher's "ready to dispatch" list. */
export const shipmentRos: ResourceDef = {
  name: 'shipmentRos',
  table: 'tms_shipment_ros_v',
  path: '/shipment/ros',
  permission: 'shipment:ros',
  component: 'shipment/ros',
  labelField: 'code',
  ...readOnly,
  noAudit: true,
  scope: { dispatchCenter: 'dispatch_center_id', client: 'client_id', carrier: 'carrier_id' },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    str('code', 40, { search: 'like' }),
    str('orderCode', 40, { search: 'like' }),
    ref('clientId', 'client', { search: 'eq' }),
    ref('carrierId', 'carrier', { search: 'eq' }),
    { name: 'transType', kind: 'dict', dict: 'transport_type', search: 'eq' },
    { name: 'loadMode', kind: 'dict', dict: 'load_mode', search: 'eq' },
    ref('sourceStationId', 'station', { search: 'eq' }),
    ref('destStationId', 'station', { search: 'eq' }),
    { name: 'etd', kind: 'datetime', search: 'range' },
    { name: 'eta', kind: 'datetime', search: 'range' },
    kg('totalWeight'),
    m3('totalVolume'),
    int('totalQuantity'),
    int('totalCases'),
    int('totalPallets'),
    str('auditBy', 64, hidden),
    { name: 'auditTime', kind: 'datetime', ...hidden },
    { name: 'createTime', kind: 'datetime', search: 'range' },
  ],
};

/**
 * A tracking row is seen where the records it tells of are: its order's / waybill's client and its shipment's /
 * waybill's carrier (columns of the view, null where the row tells of no such record; see migration 0016).
 */
const trackingScope = { dispatchCenter: 'dispatch_center_id', client: 'scope_client_id', carrier: 'scope_carrier_id', openWhenNull: true } as const;

const trackingFields: FieldDef[] = [
  { name: 'operationTime', kind: 'datetime', search: 'range' },
  { name: 'operationType', kind: 'dict', dict: 'tracking_operation', search: 'eq' },
  str('relatedCode', 40, { search: 'like' }),
  str('shipmentCode', 40, { search: 'like' }),
  str('waybillCode', 40, { search: 'like' }),
  str('orderCode', 40, { search: 'like' }),
  { name: 'shipmentId', kind: 'int', list: false, detail: false, sortable: false, search: 'eq' },
  { name: 'orderId', kind: 'int', list: false, detail: false, sortable: false, search: 'eq' },
  { name: 'waybillId', kind: 'int', list: false, detail: false, sortable: false, search: 'eq' },
  str('operatorName', 64, { search: 'like' }),
  { name: 'operatorId', kind: 'int', ...hidden },
  ref('driverId', 'driver', { search: 'eq' }),
  str('remark', 300),
];

/** The shipments' business log: every action on a dispatch order and its waybills. */
export const shipmentLog: ResourceDef = {
  name: 'shipmentLog',
  table: 'tms_shipment_log_v',
  path: '/shipment/businessLog',
  permission: 'shipment:log',
  component: 'shipment/businessLog',
  labelField: 'relatedCode',
  ...readOnly,
  noAudit: true,
  scope: trackingScope,
  defaultSort: { field: 'id', order: 'desc' },
  fields: trackingFields,
};

/** Order tracking: every action on orders, waybills, shipments and receipts (spec §3 "Order tracking"). */
export const orderTracking: ResourceDef = {
  name: 'orderTracking',
  table: 'tms_order_tracking_v',
  path: '/shipment/orderTracking',
  permission: 'shipment:tracking',
  component: 'shipment/orderTracking',
  labelField: 'relatedCode',
  ...readOnly,
  noAudit: true,
  scope: trackingScope,
  defaultSort: { field: 'id', order: 'desc' },
  fields: trackingFields,
};
