/**
 * Master data (baseinfo, spec §1 / §3): clients, carriers, drivers, vehicles, items, zones, locations,
 * stations with their limits and time windows, routes, contacts, addresses and the small catalogues.
 * Units follow spec §9: weight kg, volume m3, dimensions cm, mileage km, cost yuan, time limit h.
 */
import { z } from 'zod';
import type { FieldDef, ResourceDef } from '../resource.ts';
import { LANGS } from '../lang.ts';

const code = (extra: Partial<FieldDef> = {}): FieldDef => ({ name: 'code', kind: 'string', required: true, max: 30, rule: 'code', unique: true, search: 'like', ...extra });
const name = (extra: Partial<FieldDef> = {}): FieldDef => ({ name: 'name', kind: 'string', required: true, max: 60, search: 'like', ...extra });
const remark: FieldDef = { name: 'remark', kind: 'text', max: 100 };
const description: FieldDef = { name: 'description', kind: 'text', max: 100 };
const dec = (n: string, unit: string | undefined, extra: Partial<FieldDef> = {}): FieldDef => ({ name: n, kind: 'decimal', ...(unit ? { unit } : {}), minValue: 0, maxValue: 99999999, scale: 3, ...extra });
const master = { effect: true, export: true, import: true } as const;
/** the language the party's documents (its statements) print in; empty: the language of the user who prints them */
const docLang: FieldDef = { name: 'docLang', kind: 'dict', dict: 'doc_lang', values: LANGS, search: 'eq' };

export const client: ResourceDef = {
  name: 'client',
  table: 'base_client',
  path: '/baseinfo/client',
  permission: 'baseinfo:client',
  component: 'baseinfo/client/index',
  labelField: 'name',
  features: { ...master, status: true },
  scope: { client: 'id' },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    code(),
    { name: 'shortCode', kind: 'string', max: 30, search: 'like' },
    name(),
    { name: 'industryCategory', kind: 'string', max: 60 },
    { name: 'contact', kind: 'string', max: 60 },
    { name: 'mobile', kind: 'string', max: 11, rule: 'mobile' },
    { name: 'address', kind: 'string', max: 100 },
    docLang,
    description,
  ],
};

export const carrier: ResourceDef = {
  name: 'carrier',
  table: 'base_carrier',
  path: '/baseinfo/carrier',
  permission: 'baseinfo:carrier',
  component: 'baseinfo/carrier/index',
  labelField: 'name',
  features: { ...master, status: true },
  scope: { carrier: 'id' },
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    code(),
    { name: 'externalCode', kind: 'string', max: 30, search: 'like' },
    name(),
    { name: 'isOwn', kind: 'boolean', default: false, search: 'eq' },
    { name: 'contact', kind: 'string', max: 60 },
    { name: 'mobile', kind: 'string', max: 11, rule: 'mobile' },
    { name: 'address', kind: 'string', max: 100 },
    docLang,
    description,
  ],
};

export const carrierLicence: ResourceDef = {
  name: 'carrierLicence',
  table: 'base_carrier_licence',
  path: '/baseinfo/carrierLicence',
  permission: 'baseinfo:carrierLicence',
  component: 'baseinfo/carrierLicence/index',
  labelField: 'licenceNumber',
  features: { export: true, import: true },
  scope: { carrier: 'carrier_id' },
  fields: [
    { name: 'carrierId', kind: 'ref', ref: 'carrier', required: true, search: 'eq' },
    { name: 'licenceType', kind: 'dict', dict: 'licence_type', required: true, search: 'eq' },
    { name: 'licenceNumber', kind: 'string', required: true, max: 60, search: 'like' },
    { name: 'validFrom', kind: 'date' },
    { name: 'validTo', kind: 'date', search: 'range' },
    remark,
  ],
};

export const licence: ResourceDef = {
  name: 'licence',
  table: 'base_licence',
  path: '/baseinfo/licence',
  permission: 'baseinfo:licence',
  component: 'baseinfo/licence/index',
  labelField: 'name',
  features: { status: true, export: true, import: true },
  fields: [code(), name(), { name: 'licenceType', kind: 'dict', dict: 'licence_type', required: true, search: 'eq' }, remark],
};

export const driver: ResourceDef = {
  name: 'driver',
  table: 'base_driver',
  path: '/baseinfo/driver',
  permission: 'baseinfo:driver',
  component: 'baseinfo/driver/index',
  labelField: 'name',
  features: master,
  scope: { carrier: 'carrier_id' },
  fields: [
    { name: 'carrierId', kind: 'ref', ref: 'carrier', required: true, search: 'eq' },
    code(),
    name({ max: 30 }),
    { name: 'mobile', kind: 'string', required: true, max: 11, rule: 'mobile', search: 'like' },
    { name: 'idCard', kind: 'string', max: 18, list: false },
    { name: 'licenceType', kind: 'dict', dict: 'driver_licence_type', search: 'eq' },
    { name: 'licenceNumber', kind: 'string', max: 30 },
    { name: 'loginName', kind: 'string', required: true, max: 30, rule: 'code', unique: true, search: 'like' },
    // for the driver app; stored hashed, never sent back
    { name: 'password', column: 'password_hash', kind: 'password', required: true },
  ],
};

export const transportMeansType: ResourceDef = {
  name: 'transportMeansType',
  table: 'base_transport_means_type',
  path: '/baseinfo/transportMeansType',
  permission: 'baseinfo:transportMeansType',
  component: 'baseinfo/transportMeansType/index',
  labelField: 'name',
  features: master,
  scope: { carrier: 'carrier_id' },
  fields: [
    { name: 'carrierId', kind: 'ref', ref: 'carrier', search: 'eq' },
    code(),
    name(),
    { name: 'temperatureLayer', kind: 'dict', dict: 'temperature_layer', search: 'eq' },
    dec('ratedLoad', 'kg'),
    dec('ratedVolume', 'm3'),
    dec('vehicleWeight', 'kg', { list: false }),
    dec('innerLength', 'cm', { list: false }),
    dec('innerWidth', 'cm', { list: false }),
    dec('innerHeight', 'cm', { list: false }),
    dec('outerLength', 'cm', { list: false }),
    dec('outerWidth', 'cm', { list: false }),
    dec('outerHeight', 'cm', { list: false }),
  ],
};

export const transportMeans: ResourceDef = {
  name: 'transportMeans',
  table: 'base_transport_means',
  path: '/baseinfo/transportMeans',
  permission: 'baseinfo:transportMeans',
  component: 'baseinfo/transportMeans/index',
  labelField: 'plateNumber',
  features: master,
  scope: { carrier: 'carrier_id' },
  fields: [
    { name: 'carrierId', kind: 'ref', ref: 'carrier', required: true, search: 'eq' },
    { name: 'driverId', kind: 'ref', ref: 'driver', search: 'eq' },
    { name: 'typeId', kind: 'ref', ref: 'transportMeansType', search: 'eq' },
    code(),
    { name: 'plateNumber', kind: 'string', required: true, max: 20, unique: true, search: 'like' },
    { name: 'frameNumber', kind: 'string', max: 30, list: false },
    { name: 'platformSource', kind: 'dict', dict: 'platform_source', search: 'eq' },
    { name: 'lockFlag', kind: 'boolean', default: false, search: 'eq' },
    { name: 'brand', kind: 'string', max: 30 },
    { name: 'ownFlag', kind: 'boolean', default: false, search: 'eq' },
    { name: 'deviceNumber', kind: 'string', max: 30, search: 'like' },
    // JT/T 808: the terminal number of the message header (the terminal's SIM number) and its protocol edition
    { name: 'terminalNumber', kind: 'string', max: 20, unique: true, search: 'like' },
    { name: 'terminalProtocol', kind: 'dict', dict: 'jt808_version', list: false },
    description,
  ],
};

export const item: ResourceDef = {
  name: 'item',
  table: 'base_item',
  path: '/baseinfo/item',
  permission: 'baseinfo:item',
  component: 'baseinfo/item/index',
  labelField: 'name',
  features: master,
  scope: { client: 'client_id' },
  fields: [
    { name: 'clientId', kind: 'ref', ref: 'client', required: true, search: 'eq' },
    code(),
    name(),
    { name: 'temperatureLayer', kind: 'dict', dict: 'temperature_layer', search: 'eq' },
    { name: 'transportClass', kind: 'string', max: 30, list: false },
    { name: 'itemGroup', kind: 'string', max: 30, search: 'like' },
    { name: 'itemType', kind: 'string', max: 30 },
    { name: 'operationUnit', kind: 'string', max: 10 },
    { name: 'packageSpec', kind: 'string', max: 60, list: false },
    dec('weight', 'kg'),
    dec('volume', 'm3', { scale: 6 }),
    dec('length', 'cm', { list: false }),
    dec('width', 'cm', { list: false }),
    dec('height', 'cm', { list: false }),
    { name: 'lengthUnit', kind: 'string', max: 10, default: 'cm', list: false },
    { name: 'volumeUnit', kind: 'string', max: 10, default: 'm3', list: false },
    { name: 'weightUnit', kind: 'string', max: 10, default: 'kg', list: false },
    { name: 'source', kind: 'string', max: 30, list: false },
    { name: 'unitLevels', kind: 'int', minValue: 1, maxValue: 3, default: 1 },
    dec('boxFactor', undefined, { maxValue: 999999 }),
    dec('palletFactor', undefined, { maxValue: 999999 }),
  ],
};

export const zone: ResourceDef = {
  name: 'zone',
  table: 'base_zone',
  path: '/baseinfo/zone',
  permission: 'baseinfo:zone',
  component: 'baseinfo/zone/index',
  labelField: 'name',
  features: master,
  scope: { zone: 'id' },
  fields: [
    code(),
    name(),
    remark,
    // polygon or circle drawn with the map editor (POST /baseinfo/zone/shape), not the form
    { name: 'shapeType', kind: 'dict', dict: 'map_shape_type', form: false, search: 'eq' },
    { name: 'geometry', kind: 'json', form: false },
    { name: 'centerLongitude', kind: 'decimal', scale: 6, form: false, list: false },
    { name: 'centerLatitude', kind: 'decimal', scale: 6, form: false, list: false },
    dec('radius', 'km', { maxValue: 1000, form: false }),
  ],
};

export const location: ResourceDef = {
  name: 'location',
  table: 'base_location',
  path: '/baseinfo/location',
  permission: 'baseinfo:location',
  component: 'baseinfo/location/index',
  labelField: 'name',
  features: master,
  scope: { zone: 'zone_id' },
  fields: [
    code(),
    name(),
    { name: 'type', kind: 'dict', dict: 'location_type', search: 'eq' },
    { name: 'address', kind: 'string', max: 100 },
    { name: 'zoneId', kind: 'ref', ref: 'zone', search: 'eq' },
  ],
};

export const station: ResourceDef = {
  name: 'station',
  table: 'base_station',
  path: '/baseinfo/station',
  permission: 'baseinfo:station',
  component: 'baseinfo/station/index',
  labelField: 'name',
  features: { ...master, status: true },
  scope: { client: 'client_id' },
  fields: [
    code(),
    name(),
    { name: 'clientId', kind: 'ref', ref: 'client', required: true, search: 'eq' },
    { name: 'contactName', kind: 'string', max: 60 },
    { name: 'addressCode', kind: 'string', max: 30, search: 'like' },
    { name: 'type', kind: 'dict', dict: 'station_type', search: 'eq' },
    { name: 'locationId', kind: 'ref', ref: 'location', search: 'eq' },
    // the county (or city / province) the station is in: rate lines by district match it
    { name: 'districtId', kind: 'ref', ref: 'district', search: 'eq', list: false },
    description,
    dec('fenceDistance', 'km', { maxValue: 1000 }),
    { name: 'inCity', kind: 'boolean', default: false, search: 'eq' },
    { name: 'source', kind: 'string', max: 30, list: false },
    { name: 'longitude', kind: 'decimal', minValue: -180, maxValue: 180, scale: 6, list: false },
    { name: 'latitude', kind: 'decimal', minValue: -90, maxValue: 90, scale: 6, list: false },
    // the e-fence: a circle of fenceDistance around the station, or a polygon (POST /baseinfo/station/fence)
    { name: 'fenceType', kind: 'dict', dict: 'map_shape_type', form: false, list: false, default: 'CIRCLE' },
    { name: 'fenceGeometry', kind: 'json', form: false },
  ],
};

/** Limits and time windows belong to their station: seen and changed where the station is (its client's data groups). */
const stationChild = { parent: { column: 'station_id', resource: 'station' } };

export const stationLimit: ResourceDef = {
  name: 'stationLimit',
  table: 'base_station_limit',
  path: '/baseinfo/stationLimit',
  permission: 'baseinfo:stationLimit',
  component: 'baseinfo/stationLimit/index',
  labelField: 'type',
  features: { export: true, import: true },
  scope: stationChild,
  fields: [
    { name: 'stationId', kind: 'ref', ref: 'station', required: true, search: 'eq' },
    { name: 'transportMeansTypeId', kind: 'ref', ref: 'transportMeansType', required: true, search: 'eq' },
    { name: 'type', kind: 'dict', dict: 'station_limit_type', required: true, search: 'eq' },
    remark,
  ],
};

const windowFields: FieldDef[] = [
  { name: 'stationId', kind: 'ref', ref: 'station', required: true, search: 'eq' },
  { name: 'weekday', kind: 'int', required: true, minValue: 1, maxValue: 7, search: 'eq' },
  { name: 'startTime', kind: 'string', required: true, max: 8, rule: 'time' },
  { name: 'endTime', kind: 'string', required: true, max: 8, rule: 'time' },
];

export const timeWindow: ResourceDef = {
  name: 'timeWindow',
  table: 'base_time_window',
  path: '/baseinfo/timeWindow',
  permission: 'baseinfo:timeWindow',
  component: 'baseinfo/timeWindow/index',
  labelField: 'startTime',
  features: { export: true, import: true },
  scope: stationChild,
  defaultSort: { field: 'weekday', order: 'asc' },
  fields: [...windowFields, remark],
};

export const extraWindow: ResourceDef = {
  name: 'extraWindow',
  table: 'base_extra_window',
  path: '/baseinfo/extraWindow',
  permission: 'baseinfo:extraWindow',
  component: 'baseinfo/extraWindow/index',
  labelField: 'name',
  features: { export: true, import: true },
  scope: stationChild,
  fields: [code(), name(), ...windowFields, { name: 'startDay', kind: 'date' }, { name: 'endDay', kind: 'date' }],
};

export const route: ResourceDef = {
  name: 'route',
  table: 'base_route',
  path: '/baseinfo/route',
  permission: 'baseinfo:route',
  component: 'baseinfo/route/index',
  labelField: 'name',
  features: master,
  fields: [
    code(),
    name(),
    { name: 'originZoneId', kind: 'ref', ref: 'zone', required: true, search: 'eq' },
    { name: 'destZoneId', kind: 'ref', ref: 'zone', required: true, search: 'eq' },
    { name: 'transportType', kind: 'dict', dict: 'transport_type', search: 'eq' },
    { name: 'shipmentType', kind: 'dict', dict: 'shipment_type', search: 'eq' },
    { name: 'transportGroup', kind: 'string', max: 60 },
    dec('mileage', 'km'),
    dec('cost', '¥', { scale: 2 }),
    dec('timeLimit', 'h', { maxValue: 9999 }),
  ],
};

export const carrierRoute: ResourceDef = {
  name: 'carrierRoute',
  table: 'base_carrier_route',
  path: '/baseinfo/carrierRoute',
  permission: 'baseinfo:carrierRoute',
  component: 'baseinfo/carrierRoute/index',
  labelField: 'id',
  features: master,
  scope: { carrier: 'carrier_id' },
  fields: [
    { name: 'carrierId', kind: 'ref', ref: 'carrier', required: true, search: 'eq' },
    { name: 'routeId', kind: 'ref', ref: 'route', required: true, search: 'eq' },
    dec('mileage', 'km'),
    { name: 'sequence', kind: 'int', minValue: 0, maxValue: 9999, default: 0 },
    dec('timeLimit', 'h', { maxValue: 9999 }),
  ],
};

export const contact: ResourceDef = {
  name: 'contact',
  table: 'base_contact',
  path: '/baseinfo/contact',
  permission: 'baseinfo:contact',
  component: 'baseinfo/contact/index',
  labelField: 'name',
  features: { export: true, import: true },
  fields: [
    code(),
    name({ max: 30 }),
    { name: 'mobile', kind: 'string', max: 11, rule: 'mobile', search: 'like' },
    { name: 'phone', kind: 'string', max: 20, rule: 'phone' },
    { name: 'wechat', kind: 'string', max: 30 },
    { name: 'email', kind: 'string', max: 60, rule: 'email' },
    { name: 'fax', kind: 'string', max: 20, rule: 'phone' },
  ],
};

export const address: ResourceDef = {
  name: 'address',
  table: 'base_address',
  path: '/baseinfo/address',
  permission: 'baseinfo:address',
  component: 'baseinfo/address/index',
  labelField: 'address1',
  features: { export: true, import: true },
  fields: [
    code(),
    { name: 'country', kind: 'string', max: 30, default: '中国' },
    { name: 'province', kind: 'string', max: 30, search: 'like' },
    { name: 'city', kind: 'string', max: 30, search: 'like' },
    { name: 'area', kind: 'string', max: 30 },
    { name: 'street', kind: 'string', max: 60, list: false },
    { name: 'houseNumber', kind: 'string', max: 30, list: false },
    { name: 'address1', kind: 'string', required: true, max: 100, search: 'like' },
    { name: 'address2', kind: 'string', max: 100, list: false },
    { name: 'postcode', kind: 'string', max: 10 },
    { name: 'longitude', kind: 'decimal', minValue: -180, maxValue: 180, scale: 6 },
    { name: 'latitude', kind: 'decimal', minValue: -90, maxValue: 90, scale: 6 },
  ],
};

const catalogue = (n: string, table: string, extra: Partial<ResourceDef> = {}): ResourceDef => ({
  name: n,
  table,
  path: `/baseinfo/${n}`,
  permission: `baseinfo:${n}`,
  component: `baseinfo/${n}/index`,
  labelField: 'name',
  features: { status: true, export: true, import: true },
  fields: [code(), name(), remark],
  ...extra,
});

export const orderType = catalogue('orderType', 'base_order_type');
export const externalSystem = catalogue('externalSystem', 'base_external_system');
export const transModel = catalogue('transModel', 'base_trans_model');
export const transRoute = catalogue('transRoute', 'base_trans_route');

export const printTemplate = catalogue('printTemplate', 'base_print_template', {
  fields: [
    code(),
    name(),
    { name: 'type', kind: 'dict', dict: 'print_template_type', required: true, search: 'eq' },
    { name: 'isDefault', kind: 'boolean', default: false, search: 'eq' },
    // HTML with {{placeholders}} filled from the printed record
    { name: 'content', kind: 'text', max: 20000 },
    remark,
  ],
});

export const alertRule = catalogue('alertRule', 'base_alert_rule', {
  features: { effect: true, export: true, import: true },
  fields: [
    code(),
    name(),
    { name: 'type', kind: 'dict', dict: 'alert_rule_type', required: true, search: 'eq' },
    { name: 'toleranceMinutes', kind: 'int', required: true, minValue: 0, maxValue: 10080, default: 30 },
    remark,
  ],
});

export const appManage: ResourceDef = {
  name: 'appManage',
  table: 'app_info',
  path: '/baseinfo/appManage',
  permission: 'baseinfo:appManage',
  component: 'baseinfo/appManage/index',
  labelField: 'versionName',
  features: { status: true, export: true, import: true },
  fields: [
    { name: 'type', kind: 'dict', dict: 'app_type', required: true, max: 10, search: 'eq' },
    { name: 'versionName', kind: 'string', required: true, max: 30, search: 'like' },
    { name: 'downloadUrl', kind: 'string', required: true, max: 300, rule: 'url' },
    remark,
  ],
};

// ---------------------------------------------------------------------------
// Shapes drawn on the map: zone shapes and station e-fences (GeoJSON, positions are [longitude, latitude]).

export const MAX_SHAPE_VERTICES = 500;
export const MAX_RADIUS_KM = 1000;
export type ShapeType = 'POLYGON' | 'CIRCLE';
export type Position = [number, number];
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Position[][];
}

const lng = z.number({ error: 'validation.number' }).min(-180, { error: 'validation.invalid' }).max(180, { error: 'validation.invalid' });
const lat = z.number({ error: 'validation.number' }).min(-90, { error: 'validation.invalid' }).max(90, { error: 'validation.invalid' });
const samePos = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/** One closed outer ring (first position = last), 3..MAX distinct vertices, no holes. */
export const polygonSchema = z
  .object({ type: z.literal('Polygon', { error: 'validation.polygon' }), coordinates: z.array(z.array(z.tuple([lng, lat])), { error: 'validation.polygon' }).length(1, { error: 'validation.polygon' }) })
  .refine(
    (g) => {
      const ring = g.coordinates[0]!;
      if (ring.length < 4 || ring.length > MAX_SHAPE_VERTICES + 1 || !samePos(ring[0]!, ring[ring.length - 1]!)) return false;
      return new Set(ring.slice(0, -1).map((p) => p.join(','))).size >= 3;
    },
    { error: 'validation.polygon' },
  );

const radius = z.number({ error: 'validation.circle' }).gt(0, { error: 'validation.circle' }).max(MAX_RADIUS_KM, { error: 'validation.max' });
const version = { id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), version: z.number({ error: 'validation.required' }).int().min(0) };

/** POST /baseinfo/zone/shape: a polygon, a circle (centre + radius km) or nothing (shapeType null). */
export const zoneShapeSchema = z.discriminatedUnion(
  'shapeType',
  [
    z.object({ ...version, shapeType: z.literal('POLYGON'), geometry: polygonSchema }),
    z.object({ ...version, shapeType: z.literal('CIRCLE'), centerLongitude: lng, centerLatitude: lat, radius }),
    z.object({ ...version, shapeType: z.null() }),
  ],
  { error: 'validation.invalid' },
);
export type ZoneShapeBody = z.infer<typeof zoneShapeSchema>;

/** POST /baseinfo/station/fence: the station's point and its e-fence (circle of fenceDistance km, or a polygon). */
export const stationFenceSchema = z.discriminatedUnion(
  'fenceType',
  [
    z.object({ ...version, longitude: lng, latitude: lat, fenceType: z.literal('CIRCLE'), fenceDistance: radius }),
    z.object({ ...version, longitude: lng, latitude: lat, fenceType: z.literal('POLYGON'), fenceGeometry: polygonSchema, fenceDistance: z.number().min(0).max(MAX_RADIUS_KM).nullable().optional() }),
  ],
  { error: 'validation.invalid' },
);
export type StationFenceBody = z.infer<typeof stationFenceSchema>;

// ---------------------------------------------------------------------------
// Print templates: HTML with mustache placeholders ({{field}}, {{#lines}}…{{/lines}} repeats a block per line).
// The sample records below feed the editor's live preview; the print actions of orders, waybills and
// shipments fill the same names from the printed record.

const sampleLines = [
  { index: 1, itemCode: 'ITM-001', itemName: '冷冻水饺 1kg', quantity: 20, unit: '箱', weight: 200, volume: 0.8, cases: 20, pallets: 0 },
  { index: 2, itemCode: 'ITM-002', itemName: '鲜牛奶 950ml', quantity: 12, unit: '箱', weight: 140.4, volume: 0.36, cases: 12, pallets: 0 },
];
/** What an order and its waybill share. */
const shipped = {
  clientName: '鲜丰食品有限公司',
  carrierName: '顺达物流',
  sourceStation: '上海嘉定仓',
  destStation: '上海浦东门店',
  etd: '2026-03-18 14:00',
  eta: '2026-03-18 18:00',
  quantity: 32,
  weight: 340.4,
  volume: 1.16,
  cases: 32,
  pallets: 0,
  remark: '轻拿轻放',
  printTime: '2026-03-18 09:30:00',
  lines: sampleLines,
};
/** The names the print actions fill (order: modules/order/print.ts; dispatch sheet: modules/shipment/print.ts). */
/** A printed record's public tracking link and its QR code (server portal/print-links.ts; the sample's QR is a stand-in). */
const tracking = {
  trackingUrl: 'https://tms.example.com/track/Xb3k9Qm2Lr7Tz1Vw.1776470400.sample',
  trackingQr: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0zM14 0h7v7h-7zM0 14h7v7H0zM9 9h3v3H9z"/></svg>')}`,
};

export const PRINT_SAMPLES: Record<'ORDER' | 'WAYBILL' | 'DISPATCH' | 'STATEMENT', Record<string, unknown>> = {
  ORDER: {
    code: 'OR20260318000001',
    ...shipped,
    orderTypeName: '普通订单',
    orderDate: '2026-03-18',
    customerOrderNo: 'PO-88001',
    routeName: '上海市内配送',
    printerName: '上海调度室激光打印机',
    ...tracking,
  },
  WAYBILL: {
    code: 'WB20260318000001',
    ...shipped,
    orderCode: 'OR20260318000001',
    destContactName: '陈静',
    destContactMobile: '13816881001',
    ...tracking,
  },
  DISPATCH: {
    code: 'SP20260318000001',
    shipmentCode: 'SP20260318000001',
    carrierName: '顺达物流',
    plateNumber: '沪A12345',
    trailerPlate: '',
    driverName: '张伟',
    driverMobile: '13800138000',
    secondDriverName: '',
    etd: '2026-03-18 14:00',
    eta: '2026-03-18 17:30',
    stationNum: 2,
    totalWeight: 340.4,
    totalVolume: 1.16,
    totalQuantity: 32,
    totalCases: 32,
    totalPallets: 0,
    remark: '',
    printQty: 1,
    printTime: '2026-03-18 09:30',
    stops: [
      { seq: 1, station: '上海嘉定仓', stopType: 'PICKUP', eta: '2026-03-18 14:00' },
      { seq: 2, station: '上海浦东门店', stopType: 'DELIVERY', eta: '2026-03-18 16:30' },
    ],
    waybills: [{ code: 'WB20260318000001', sourceStation: '上海嘉定仓', destStation: '上海浦东门店', quantity: 32, weight: 340.4, volume: 1.16, ...tracking }],
  },
  // a statement (finance/settlement-pdf.ts printStatements): its labels come in the printing user's language as {{t.*}}
  STATEMENT: {
    code: 'AR202603-000001', kindLabel: '应收（货主）', partyName: '鲜丰食品有限公司', period: '2026-03', periodFrom: '2026-03-01', periodTo: '2026-03-31', statusLabel: '已确认', currency: 'CNY',
    chargeAmount: '1280.00', adjustAmount: '-30.00', totalAmount: '1250.00', invoicedAmount: '0.00', paidAmount: '0.00', openAmount: '1250.00',
    printerName: '上海调度室激光打印机', printTime: '2026-04-01 09:30:00',
    t: {
      title: '对账单', code: '对账单号', kind: '类型', party: '相对方', period: '期间', status: '状态', currency: '币种', lines: '明细', no: '序号', lineType: '类型', waybill: '运单号',
      chargeType: '费用类型', eventDate: '计费日期', amount: '金额', taxRate: '税率', dispute: '争议 / 备注', chargeAmount: '费用金额', adjustAmount: '调整金额', totalAmount: '对账金额',
      invoicedAmount: '已开票', paidAmount: '已收付', openAmount: '未开票', generated: '生成时间', printer: '打印机',
    },
    lines: [
      { index: 1, lineTypeLabel: '费用', waybillCode: 'WB20260318000001', chargeTypeCode: 'FREIGHT', eventDate: '2026-03-18', amount: '1280.00', taxRate: '9.00%', note: '' },
      { index: 2, lineTypeLabel: '调整', waybillCode: 'WB20260318000001', chargeTypeCode: 'OTHER', eventDate: '2026-03-20', amount: '-30.00', taxRate: '6.00%', note: '破损赔偿' },
    ],
  },
};
