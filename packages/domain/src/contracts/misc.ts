/** Request and answer schemas of small hand-written areas: maps and shapes, the alert bell, address search, the code generator. */
import { z } from 'zod';
import { endpoint, intText, okOf } from '../api.ts';
import { LIMITS } from '../rules.ts';
import { genConfigSchema } from '../generator.ts';

export const MapConfig = z.object({ tileUrl: z.string().describe("'' = no tiles"), attribution: z.string() });
export const Alert = z
  .object({
    id: z.number(), shipmentId: z.number().nullable(), alertType: z.string().nullable(), alertContent: z.string().nullable(), status: z.string(), createTime: z.string(),
  })
  .loose()
  .meta({ id: 'Alert' });
const reason = z.string({ error: 'messages.alert.reasonRequired' }).trim().min(1, { error: 'messages.alert.reasonRequired' });
export const DealAlert = z.object({
  id: intText(1),
  alertReason: reason.describe('a value of the shipment_alert_reason dictionary'),
  alertRemark: reason.pipe(z.string().max(LIMITS.alertRemark, { error: 'messages.alert.remarkTooLong' })),
});

export const GeoConfig = z.object({ enabled: z.boolean() });
export const GeoSearchQuery = z.object({
  q: z.string({ error: 'validation.invalid' }).max(200, { error: 'validation.invalid' }).refine((v) => v.trim().length >= 2, { error: 'validation.invalid' }).describe('the search words (2…200 characters)'),
  lang: z.string().max(10).optional(),
});
export const GeoHitSchema = z
  .object({
    label: z.string(), lng: z.number(), lat: z.number(), province: z.string().nullable(), city: z.string().nullable(), area: z.string().nullable(),
    street: z.string().nullable(), houseNumber: z.string().nullable(), postcode: z.string().nullable(),
  })
  .meta({ id: 'GeoHit' });

// Code generator (/api/tool/gen/*)
export const GenTablesQuery = z.object({ tableName: z.string().max(200).optional().transform((v) => (v ? v.slice(0, 63) : undefined)).describe('part of the table name') });
export const GenTable = z.object({ table: z.string(), comment: z.string().nullable(), columns: z.number().int(), resource: z.string().nullable() }).meta({ id: 'GenTable' });
export const GenTableParams = z.object({ table: z.string().max(200).describe('a table of the current schema') });
export const DbColumnSchema = z
  .object({
    column: z.string(), dataType: z.string(), maxLength: z.number().nullable(), numericPrecision: z.number().nullable(), numericScale: z.number().nullable(),
    nullable: z.boolean(), hasDefault: z.boolean(), fkTable: z.string().nullable(), unique: z.boolean(), comment: z.string().nullable(),
  })
  .meta({ id: 'DbColumn' });
export const GenConfigAnswer = z.object({ columns: z.array(DbColumnSchema), config: genConfigSchema });
export const GenFiles = z.record(z.string(), z.string()).describe('generated files by path');
/** `{ config }`: the generator's configuration (the server names each refused path under it) */
export const GenConfigBody = z.object({ config: genConfigSchema });

const genTags = ['generator'];
const geoTags = ['geo'];
/** The map settings, address search and code generator routes: one declaration for the server's route and the web's call. */
export const endpoints = {
  mapConfig: endpoint({ method: 'GET', path: '/baseinfo/map/config', operationId: 'map.config', summary: 'The tile source and attribution of every map', tags: ['map'], permission: 'authenticated', response: okOf(MapConfig) }),
  geoConfig: endpoint({ method: 'GET', path: '/geo/config', operationId: 'geo.config', summary: 'Whether address search is configured', tags: geoTags, permission: 'authenticated', response: okOf(GeoConfig) }),
  geoSearch: endpoint({ method: 'GET', path: '/geo/search', operationId: 'geo.search', summary: 'Address search through the configured geocoder (at most 8 hits; 502 when it fails)', tags: geoTags, permission: 'authenticated', querystring: GeoSearchQuery, response: okOf(z.array(GeoHitSchema)) }),
  genTables: endpoint({ method: 'GET', path: '/tool/gen/tables', operationId: 'generator.tables', summary: 'Tables of the database, with the resource that already uses each', tags: genTags, permission: 'tool:gen:query', querystring: GenTablesQuery, response: okOf(z.array(GenTable)) }),
  genConfig: endpoint({ method: 'GET', path: '/tool/gen/config/:table', operationId: 'generator.config', summary: "A table's columns and the configuration inferred from them", tags: genTags, permission: 'tool:gen:query', params: GenTableParams, response: okOf(GenConfigAnswer) }),
  genPreview: endpoint({ method: 'POST', path: '/tool/gen/preview', operationId: 'generator.preview', summary: 'Preview the generated resource definition, migration and translations', tags: genTags, permission: 'tool:gen:code', body: GenConfigBody, response: okOf(GenFiles) }),
  genDownload: endpoint({ method: 'POST', path: '/tool/gen/download', operationId: 'generator.download', summary: 'Download the generated files as a zip', tags: genTags, permission: 'tool:gen:code', body: GenConfigBody, response: { binary: ['application/zip'] } }),
};
