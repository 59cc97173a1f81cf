/** Request and answer schemas of the logistics-platform routes (/api/logistics/*). */
import { z } from 'zod';
import { endpoint, IdBody, IdList, IdParams, intText, okOf } from '../api.ts';

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

const tags = ['logisticsAccount'];
export const accountSync = endpoint({ method: 'POST', path: '/logistics/account/sync', operationId: 'logisticsAccount.sync', summary: 'Pull the positions of a PULL account now (502 when the platform fails)', tags, permission: 'logistics:account:sync', body: IdBody, response: okOf(SyncResult) });
export const accountVehicles = endpoint({ method: 'GET', path: '/logistics/account/vehicles', operationId: 'logisticsAccount.vehicles', summary: 'The vehicles bound to an account', tags, permission: 'logistics:account:query', querystring: IdParams, response: okOf(z.array(BoundVehicle)) });
const Changed = z.object({ changed: z.number().nullable() });
export const accountBind = endpoint({ method: 'POST', path: '/logistics/account/bind', operationId: 'logisticsAccount.bind', summary: 'Bind vehicles to an account', tags, permission: 'logistics:account:edit', body: BindBody, response: okOf(Changed) });
export const accountUnbind = endpoint({ method: 'POST', path: '/logistics/account/unbind', operationId: 'logisticsAccount.unbind', summary: 'Unbind vehicles from an account', tags, permission: 'logistics:account:edit', body: BindBody, response: okOf(Changed) });
