/** Request and answer schemas of the hand-written finance routes (/api/finance/*, issue 14). */
import { z } from 'zod';
import { IdList, intText } from '../api.ts';

export const ContractActionBody = z.object({ ids: IdList });
export const ContractActionAnswer = z.object({ changed: z.number().int() });

const money = z.string().describe('a decimal amount as text, 2 places (exact)');

export const ChargeListQuery = z.object({
  waybillId: intText(1).describe('the waybill whose charges are read'),
  lang: z.string().max(10).optional(),
});
export const ChargeRow = z
  .object({
    id: z.number(), chargeTypeId: z.number(), chargeTypeCode: z.string(), chargeTypeName: z.string().nullable(),
    amount: money, currency: z.string(), taxRate: z.string(), contractId: z.number(), contractVersion: z.number(), rateLineId: z.number().nullable(),
    trace: z.record(z.string(), z.unknown()).describe('the structured trace of the rating engine'),
    explanation: z.string().describe('the trace in words, in the request language'),
  })
  .meta({ id: 'ChargeRow' });
export const WaybillRatingState = z
  .object({ waybillCode: z.string(), state: z.string(), contractId: z.number().nullable(), contractCode: z.string().nullable(), contractVersion: z.number().nullable(), currency: z.string().nullable(), totalAmount: money.nullable(), ratedTime: z.string() })
  .meta({ id: 'WaybillRatingState' });
export const ChargeListAnswer = z.object({
  code: z.literal(0), msg: z.string(), rows: z.array(ChargeRow), total: z.number().int(),
  rating: WaybillRatingState.nullable().describe('RATED, NO_CONTRACT or NO_RATE; null = never rated (reviewed before finance existed)'),
});

const optId = z.number().int().positive().nullish();
export const LanePointInput = z.object({ stationId: optId, districtId: optId.describe('a county, city or province (its parents are filled in)'), zoneId: optId });
const qty = z.union([z.number(), z.string().regex(/^\d{1,12}(\.\d{1,6})?$/)]).refine((v) => Number(v) >= 0, { error: 'validation.negativePrice' }).optional();
export const QuoteBody = z.object({
  kind: z.enum(['RECEIVABLE', 'PAYABLE']),
  partyId: z.number().int().positive().optional().describe('the client (receivable) or carrier (payable); none = every party in scope'),
  from: LanePointInput,
  to: LanePointInput,
  quantities: z.object({ weightKg: qty, volumeM3: qty, pieces: qty, pallets: qty, km: qty, stops: qty, trips: qty }),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' }),
});
export const QuoteRow = z
  .object({
    contractId: z.number(), contractCode: z.string(), contractVersion: z.number(), contractName: z.string(), clientId: z.number().nullable(), carrierId: z.number().nullable(),
    currency: z.string(), total: money,
    charges: z.array(z.object({ chargeTypeCode: z.string(), rateLineId: z.number(), amount: money, explanation: z.string(), trace: z.record(z.string(), z.unknown()) })),
  })
  .meta({ id: 'QuoteRow' });
