/** Request and answer schemas of small hand-written areas: maps and shapes, the alert bell, address search. */
import { z } from 'zod';
import { intText } from '../api.ts';
import { LIMITS } from '../rules.ts';
import { genConfigSchema } from '../generator.ts';

export const MapConfig = z.object({ tileUrl: z.string().describe("'' = no tiles"), attribution: z.string() });
export const StationDetail = z
  .object({
    station: z.object({ id: z.number() }).loose(),
    limits: z.array(z.object({}).loose()),
    timeWindows: z.array(z.object({}).loose()),
    extraWindows: z.array(z.object({}).loose()),
    location: z.object({}).loose().nullable(),
  })
  .meta({ id: 'StationDetail' });

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
