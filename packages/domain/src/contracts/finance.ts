/** Request and answer schemas of the hand-written finance routes (/api/finance/*, issue 14). */
import { z } from 'zod';
import { endpoint, IdList, intText, okOf } from '../api.ts';

export const ContractActionBody = z.object({ ids: IdList });
export const ContractActionAnswer = z.object({ changed: z.number().int() });

const money = z.string().describe('a decimal amount as text, 2 places (exact)');

export const ChargeListQuery = z.object({
  waybillId: intText(1).describe('the waybill whose charges are read'),
  kind: z.enum(['RECEIVABLE', 'PAYABLE']).optional().describe('receivable (default) or its payable shares of dispatch order costs'),
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
  quantities: z.object({ weightKg: qty, volumeM3: qty, pieces: qty, pallets: qty, km: qty, stops: qty, trips: qty, declaredValue: qty.describe('for the % of declared value lines'), hours: qty.describe('waiting hours, for the per-hour lines') }),
  vehicleTypeId: z.number().int().positive().nullish().describe("the vehicle type (lines limited to a vehicle type apply only to theirs)"),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' }),
});
export const QuoteRow = z
  .object({
    contractId: z.number(), contractCode: z.string(), contractVersion: z.number(), contractName: z.string(), clientId: z.number().nullable(), carrierId: z.number().nullable(),
    currency: z.string(), total: money,
    charges: z.array(z.object({ chargeTypeCode: z.string(), rateLineId: z.number(), amount: money, explanation: z.string(), trace: z.record(z.string(), z.unknown()) })),
  })
  .meta({ id: 'QuoteRow' });

// --- payable rating, re-rating history and the rating summary (issue 14) ---

export const ChargeKind = z.enum(['RECEIVABLE', 'PAYABLE']);
export const DispatchChargeQuery = z.object({
  shipmentId: intText(1).describe('the dispatch order whose payable charges are read'),
  lang: z.string().max(10).optional(),
});
export const DispatchChargeRow = ChargeRow.extend({
  waybillId: z.number(), waybillCode: z.string().nullable(),
  allocationBasis: z.string().nullable().describe('how the charge line was shared over the waybills'),
  dispatchOrderAmount: money.nullable().describe("the dispatch order's amount of the charge line before its allocation"),
}).meta({ id: 'DispatchChargeRow' });
export const DispatchRatingState = z
  .object({ shipmentCode: z.string(), state: z.string(), carrierId: z.number().nullable(), contractId: z.number().nullable(), contractCode: z.string().nullable(), contractVersion: z.number().nullable(), currency: z.string().nullable(), allocationBasis: z.string().nullable(), totalAmount: money.nullable(), ratedTime: z.string() })
  .meta({ id: 'DispatchRatingState' });
export const DispatchChargeAnswer = z.object({
  code: z.literal(0), msg: z.string(), shipmentId: z.number(), shipmentCode: z.string().describe('the dispatch order read'), rows: z.array(DispatchChargeRow), total: z.number().int(),
  rating: DispatchRatingState.nullable().describe('RATED, NO_CONTRACT or NO_RATE; null = not rated (not yet in effect)'),
});

export const RatingHistoryQuery = z.object({
  waybillId: intText(1).optional().describe("a waybill's receivable re-ratings"),
  shipmentId: intText(1).optional().describe("a dispatch order's payable re-ratings"),
  lang: z.string().max(10).optional(),
});
export const RatingHistoryRow = z
  .object({
    id: z.number(), kind: ChargeKind, waybillId: z.number().nullable(), shipmentId: z.number().nullable(), cause: z.string(), causeLabel: z.string(),
    beforeState: z.string().nullable(), beforeTotal: money.nullable(), afterState: z.string(), afterTotal: money.nullable(),
    beforeCharges: z.array(z.object({ chargeTypeCode: z.string(), amount: money })), createBy: z.string().nullable(), createTime: z.string(),
  })
  .meta({ id: 'RatingHistoryRow' });

const stateCounts = z.object({ RATED: z.number().int(), NO_CONTRACT: z.number().int(), NO_RATE: z.number().int() });
export const RatingSummary = z
  .object({ receivable: stateCounts.describe('waybills by rating state'), payable: stateCounts.describe('dispatch orders by rating state') })
  .meta({ id: 'RatingSummary' });

// --- manual charges and adjustments (issue 14) ---

const signedMoney = z.union([z.number(), z.string()]).refine((v) => /^-?\d{1,12}(\.\d{1,2})?$/.test(String(v)) && Number(v) !== 0, { error: 'validation.amount' });
export const AdjustmentBody = z
  .object({
    kind: ChargeKind,
    waybillId: z.number().int().positive().optional().describe('the waybill charged (one of waybillId / shipmentId)'),
    shipmentId: z.number().int().positive().optional().describe('the dispatch order charged (payable)'),
    chargeTypeId: z.number().int().positive(),
    amount: signedMoney.describe('a decimal amount, 2 places; negative = a credit'),
    reason: z.string().trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.maxLength' }),
  })
  .meta({ id: 'AdjustmentBody' });
export const AdjustmentRow = z
  .object({
    id: z.number(), kind: ChargeKind, waybillId: z.number().nullable(), shipmentId: z.number().nullable(), chargeTypeId: z.number(), chargeTypeCode: z.string(), chargeTypeName: z.string().nullable(),
    currency: z.string(), amount: money, taxRate: z.string(), reason: z.string(), status: z.string(), statusLabel: z.string(),
    approveBy: z.string().nullable(), approveTime: z.string().nullable(), opinion: z.string().nullable(), createBy: z.string().nullable(), createTime: z.string(),
  })
  .meta({ id: 'AdjustmentRow' });
export const AdjustmentListQuery = z.object({
  waybillId: intText(1).optional(),
  shipmentId: intText(1).optional(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']).optional(),
  lang: z.string().max(10).optional(),
});
export const AdjustmentDecisionBody = z.object({
  ids: IdList,
  approve: z.boolean().describe('true approves, false rejects'),
  opinion: z.string().trim().max(200, { error: 'validation.maxLength' }).optional(),
});

/** The answer of a record's history or adjustments: the record named (waybill or dispatch order code) and its rows. */
export const ofRecord = <T extends z.ZodType>(row: T) => z.object({ recordId: z.number(), recordCode: z.string().describe('the waybill or dispatch order read'), rows: z.array(row) });

/** Re-rating the open charges of an effective contract (a background job). */
export const RerateBody = z.object({ id: intText(1) });
export const RerateJob = z
  .object({
    id: z.number(), contractId: z.number(), cause: z.enum(['NEW_VERSION', 'MANUAL']).describe('a new version took effect, or a user asked'),
    status: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
    recordCount: z.number().int().describe('waybills (receivable) or dispatch orders (payable) re-rated (found so far while running)'),
    chargeCount: z.number().int(), error: z.string().nullable(),
    progress: z.object({ done: z.number().int(), total: z.number().int() }).describe('steps done of the run (5 steps)'),
    createTime: z.string(), finishTime: z.string().nullable(),
  })
  .meta({ id: 'RerateJob' });

const tags = ['finance'];
const contractAction = (action: 'submit' | 'effect' | 'terminate', summary: string) =>
  endpoint({ method: 'POST', path: `/finance/contract/${action}`, operationId: `finance.contract.${action}`, summary, tags, permission: `finance:contract:${action}`, body: ContractActionBody, response: okOf(ContractActionAnswer) });
/** A contract's life: submitted for approval, made effective, terminated. */
export const contractActions = {
  submit: contractAction('submit', 'Submit draft contracts for approval'),
  effect: contractAction('effect', 'Make contracts effective (validity may not overlap another effective version of the party)'),
  terminate: contractAction('terminate', 'Terminate effective contracts'),
};
export const rerate = endpoint({ method: 'POST', path: '/finance/contract/rerate', operationId: 'finance.contract.rerate', summary: "Re-rate the open charges of an effective contract (every record whose applicable contract it is, settled ones excepted) as a background job; its progress reads at GET rerate/:id", tags, permission: 'finance:contract:effect', body: RerateBody, response: okOf(RerateJob) });
export const rerateJob = endpoint({ method: 'GET', path: '/finance/contract/rerate/:id', operationId: 'finance.contract.rerateJob', summary: "A contract's latest re-rating job: status, progress and result (none: null)", tags, permission: 'finance:contract:query', params: z.object({ id: RerateBody.shape.id }), response: okOf(RerateJob.nullable()) });
export const quote = endpoint({ method: 'POST', path: '/finance/quote', operationId: 'finance.quote', summary: 'Quote a lane and quantities against every matching effective contract (client or carrier), cheapest first, each with its trace', tags, permission: 'finance:contract:quote', body: QuoteBody, response: okOf(z.array(QuoteRow)) });

/** The charges, re-ratings and adjustments of a waybill or a dispatch order: one declaration for the server's route and the web's call. */
export const endpoints = {
  chargeList: endpoint({ method: 'GET', path: '/finance/charge/list', operationId: 'finance.charge.list', summary: "A waybill's charges with the rating trace in words (the caller's language) and its rating state", tags, permission: 'finance:waybillRating:query', querystring: ChargeListQuery, response: ChargeListAnswer }),
  dispatchChargeList: endpoint({ method: 'GET', path: '/finance/dispatch/charge/list', operationId: 'finance.dispatch.charge.list', summary: "A dispatch order's payable charges (each waybill's allocated share) with the rating trace in words and its rating state", tags, permission: 'finance:waybillRating:query', querystring: DispatchChargeQuery, response: DispatchChargeAnswer }),
  ratingHistory: endpoint({ method: 'GET', path: '/finance/rating/history', operationId: 'finance.rating.history', summary: 'The re-ratings of a waybill (receivable) or a dispatch order (payable): what moved the basis, and the state, total and charges before and after', tags, permission: 'finance:waybillRating:query', querystring: RatingHistoryQuery, response: okOf(ofRecord(RatingHistoryRow)) }),
  ratingSummary: endpoint({ method: 'GET', path: '/finance/rating/summary', operationId: 'finance.rating.summary', summary: 'How many waybills (receivable) and dispatch orders (payable) in scope are rated, have no effective contract, or no matching rate', tags, permission: 'finance:waybillRating:query', response: okOf(RatingSummary) }),
  adjustmentSave: endpoint({ method: 'POST', path: '/finance/adjustment/save', operationId: 'finance.adjustment.save', summary: 'Add a manual charge or adjustment to a waybill or a dispatch order; above the configured amount it waits for approval', tags, permission: 'finance:adjustment:add', body: AdjustmentBody, response: okOf(z.object({ id: z.number(), status: z.string() })) }),
  adjustmentDecide: endpoint({ method: 'POST', path: '/finance/adjustment/decide', operationId: 'finance.adjustment.decide', summary: 'Approve or reject adjustments waiting for approval (all or nothing)', tags, permission: 'finance:adjustment:approve', body: AdjustmentDecisionBody, response: okOf(ContractActionAnswer) }),
  adjustmentList: endpoint({ method: 'GET', path: '/finance/adjustment/list', operationId: 'finance.adjustment.list', summary: "A waybill's or dispatch order's manual charges and adjustments, newest first", tags, permission: 'finance:waybillRating:query', querystring: AdjustmentListQuery, response: okOf(ofRecord(AdjustmentRow)) }),
};
