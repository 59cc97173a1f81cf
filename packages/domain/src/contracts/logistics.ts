/** Request and answer schemas of the logistics-platform routes (/api/logistics/*). */
import { z } from 'zod';
import { IdList, intText } from '../api.ts';

export const PushBody = z.unknown().describe("the platform's JSON document of positions, read through the account's field mapping");
export const Received = z.object({ accepted: z.number().int(), skipped: z.number().int() });
export const SyncResult = z.object({ ok: z.literal(true), accepted: z.number().int(), skipped: z.number().int(), newest: z.string().nullable().describe('the newest report time accepted (ISO-8601)') });
export const BoundVehicle = z.object({ id: z.number(), code: z.string(), plateNumber: z.string().nullable(), deviceNumber: z.string().nullable(), platformSource: z.string().nullable(), carrierName: z.string().nullable() });
export const BindBody = z.object({
  id: intText(1).describe('the account'),
  vehicleIds: z
    .union([z.array(z.unknown()).max(0), IdList], { error: (iss) => (iss.input === undefined ? 'validation.required' : 'validation.integer') })
    .transform((v) => v as number[])
    .describe('vehicles (an empty array changes nothing)'),
});
