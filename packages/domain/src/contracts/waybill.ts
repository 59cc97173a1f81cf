/** Request and answer schemas of the hand-written waybill routes (/api/waybill/waybill/*). */
import { z } from 'zod';
import { IdList, intText, PageParams } from '../api.ts';

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
export const SplitAnswer = z.object({ code: z.string() }).loose().describe('the waybill split off');

export const ToRosBody = z.object({
  ids: IdList,
  shipmentId: z.number().int().positive().nullable().optional().describe('bind to this open / confirmed dispatch order; none = a new one'),
  confirmCarrierMismatch: z.boolean().optional().describe('send again with true after a 409 whose data.confirm is carrierMismatch'),
});
export const ToRosAnswer = z.object({ shipmentCode: z.string() }).loose();

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
export { PrintAnswer, PrintOptions } from './order.ts';
