/** Request and answer schemas of the hand-written waybill routes (/api/waybill/waybill/*). */
import { z } from 'zod';
import { endpoint, IdList, IdsBody, intText, okOf, pageOf, PageParams, resourceGet, resourceRow } from '../api.ts';
import { waybill, waybillLine } from '../resources/waybill.ts';
import { PrintAnswer, PrintOptions } from './order.ts';

/** Weight and volume are stored with 3 decimals: more would be rounded and break "original + split = before". */
const threeDecimals = z.number().refine((v) => Number(v.toFixed(3)) === v, { error: 'validation.scale' });

export const SplitBody = z.object({
  id: z.number().int().positive(),
  version: z.number().int().min(0),
  lines: z
    .array(
      z.object({
        lineId: z.number().int().positive(),
        splitNum: z.number().describe('pieces moved to the new waybill'),
        weight: threeDecimals.nullable().optional(),
        volume: threeDecimals.nullable().optional(),
      }),
    )
    .max(10_000),
});
export const SplitAnswer = z.object({ id: z.number().int(), code: z.string() }).loose().describe('the waybill split off');

export const ToRosBody = z.object({
  ids: IdList,
  shipmentId: z.number().int().positive().nullable().optional().describe('bind to this open / confirmed dispatch order; none = a new one'),
  confirmCarrierMismatch: z.boolean().optional().describe('send again with true after a 409 whose data.confirm is carrierMismatch'),
});
export const ToRosAnswer = z.object({ id: z.number().int(), shipmentCode: z.string() }).loose();

export const RosShipmentsQuery = PageParams.pick({ pageNum: true, pageSize: true }).extend({ shipmentCode: z.string().max(200).optional() });
export const RosShipment = z
  .object({
    id: z.number(), shipmentCode: z.string(), status: z.string(), carrierId: z.number().nullable(), carrierIdLabel: z.string().nullable(), stationNum: z.number().nullable(),
    totalWeight: z.number().nullable(), totalVolume: z.number().nullable(), totalQuantity: z.number().nullable(), waybillCount: z.number(), createTime: z.string(),
  })
  .meta({ id: 'RosShipment' });
export const Changed = z.object({ changed: z.number().int() });
export { intText };

/** Print waybills with a WAYBILL template on a printer (the dialog's choices: `PrintOptions` of the order contract). */
export const PrintBody = z.object({ ids: IdList, templateId: intText(1), printerId: intText(1) });
export { PrintAnswer, PrintOptions };

const tags = ['waybill'];
const BASE = '/waybill/waybill';
export const review = endpoint({ method: 'POST', path: `${BASE}/review`, operationId: 'waybill.review', summary: 'Review waybills (all or nothing)', tags, permission: 'waybill:waybill:review', body: IdsBody, response: okOf(Changed) });
export const retract = endpoint({ method: 'POST', path: `${BASE}/retract`, operationId: 'waybill.retract', summary: 'Retract reviewed waybills (all or nothing)', tags, permission: 'waybill:waybill:retract', body: IdsBody, response: okOf(Changed) });
export const split = endpoint({ method: 'POST', path: `${BASE}/split`, operationId: 'waybill.split', summary: 'Split pieces (and their weight / volume) of a waybill off into a new one; every quantity conserved', tags, permission: 'waybill:waybill:split', body: SplitBody, response: okOf(SplitAnswer) });
export const toRos = endpoint({ method: 'POST', path: `${BASE}/toRos`, operationId: 'waybill.toRos', summary: 'Send reviewed waybills to dispatch: a new dispatch order, or bound to an open / confirmed one', description: 'A carrier mismatch answers 409 with `data.confirm` = `carrierMismatch`; send again with `confirmCarrierMismatch: true`.', tags, permission: 'waybill:waybill:toRos', body: ToRosBody, response: okOf(ToRosAnswer) });
export const rosShipments = endpoint({ method: 'GET', path: `${BASE}/rosShipments`, operationId: 'waybill.rosShipments', summary: 'The dispatch orders waybills may be bound to (open or confirmed, in scope)', tags, permission: 'waybill:waybill:toRos', querystring: RosShipmentsQuery, response: pageOf(RosShipment) });
/** A waybill's detail and the print dialog of the list (its charges are the finance module's: FinanceApi.endpoints.chargeList). */
export const endpoints = {
  /** the generic get of the waybill resource, with what server waybill/routes.ts waybillHooks adds */
  get: resourceGet(waybill, {
    lines: z.array(resourceRow(waybillLine)).describe('its lines, by position'),
    splitParts: z.array(z.object({ id: z.number(), code: z.string(), status: z.string() })).describe('the waybills split off it'),
  }),
  print: endpoint({ method: 'POST', path: `${BASE}/print`, operationId: 'waybill.print', summary: 'Print waybills with a WAYBILL template on a printer', tags, permission: 'waybill:waybill:print', body: PrintBody, response: okOf(PrintAnswer) }),
  printOptions: endpoint({ method: 'GET', path: `${BASE}/printOptions`, operationId: 'waybill.printOptions', summary: 'The print dialog: WAYBILL templates and printers in use', tags, permission: 'waybill:waybill:print', response: okOf(PrintOptions) }),
};
