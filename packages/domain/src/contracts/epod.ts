/** Request and answer schemas of the hand-written receipt (epod) routes: staff (/api/epod/epod/*) and driver (/api/driver/epods/*). */
import { z } from 'zod';
import { endpoint, IdList, intText, okOf, resourceGet, resourceRow } from '../api.ts';
import { epod, epodAudit, epodCheck, epodDeparture, epodHandle, epodReject, epodReport } from '../resources/epod.ts';

export const IdBody = z.object({ id: intText(1) });
export const SignFor = epodReport.extend({ id: intText(1), version: intText(0) });
export const Audit = epodAudit.extend({ ids: IdList });
export const Reject = epodReject.extend({ id: intText(1) });
export const Handle = epodHandle.extend({ id: intText(1) }).describe('result: a value of the epod_handle_result dictionary');
export const Report = epodReport;
export const Departure = epodDeparture;
export const UploadQuery = z.object({ epodId: intText(1), lineId: intText(1).optional().describe('a picture of this line of the receipt') });
export const LineQuery = z.object({ lineId: intText(1).optional().describe('a picture of this line of the receipt') });
export const Picture = z.object({ id: z.number(), epodId: z.number(), lineId: z.number().nullable(), url: z.string() }).meta({ id: 'EpodPicture' });
export const Video = z.object({ id: z.number(), url: z.string() });
export const Done = z.object({ id: z.number() });
export const DoneMany = z.object({ ids: z.array(z.number()) });
export const ShipmentParams = z.object({ shipmentId: intText(1) });
export const WaybillParams = z.object({ waybillId: intText(1) });
/** A receipt in the list by stop: its abnormal-check row, and whether it is abnormal. */
export const StopReceipt = resourceRow(epodCheck).extend({ isAbnormal: z.boolean().nullable() });
const isoTime = z.string().meta({ format: 'date-time' }).nullable();
export const ReceiptStop = z
  .object({ id: z.number(), seq: z.number().int(), stationId: z.number(), stationName: z.string().nullable(), stopType: z.string(), eta: isoTime, ata: isoTime, atd: isoTime, receipts: z.array(StopReceipt) })
  .describe('a stop of the dispatch order with its receipts');
export const ByStop = z
  .object({
    stops: z.array(ReceiptStop),
    unplaced: z.array(StopReceipt).describe('receipts whose stop is no longer on the shipment'),
  })
  .meta({ id: 'EpodsByStop' });
export const WithLines = z.array(z.object({ id: z.number(), lines: z.array(z.object({}).loose()), pictureCount: z.number() }).loose());
export const DriverListQuery = z.object({ shipmentId: intText(0).optional().describe('only the receipts of this dispatch order (0 or none = all of the driver)') });

// What the generic get of a receipt adds to its row (server epod/detail.ts epodDetail, the afterGet of epod and epodCheck).
const PictureView = z.object({ id: z.number(), lineId: z.number().nullable(), name: z.string(), url: z.string().describe('a signed link') });
export const ReceiptLine = z.object({
  id: z.number(), posNo: z.number().int(), itemId: z.number().nullable(), itemCode: z.string().nullable(), itemName: z.string().nullable(), unit: z.string().nullable(),
  plannedQuantity: z.number(), shippedQuantity: z.number(), signedQuantity: z.number().nullable(), plannedCases: z.number(), plannedPallets: z.number(),
  cases: z.number().nullable(), pallets: z.number().nullable(), shortage: z.number(), damage: z.number(), remark: z.string().nullable(), version: z.number(),
  pictures: z.array(PictureView),
});
export const receiptSections = {
  handled: z.boolean(),
  lines: z.array(ReceiptLine),
  pictures: z.array(PictureView).describe('every picture of the receipt and its lines'),
  pictureCount: z.number().int(),
  video: z.object({ name: z.string(), contentType: z.string(), url: z.string() }).nullable().describe("the stop's video"),
  opinions: z.array(z.object({ id: z.number(), opinionType: z.string(), content: z.string().nullable(), opinionBy: z.string().nullable(), opinionTime: z.string().meta({ format: 'date-time' }) })),
  tracking: z.array(z.object({ id: z.number(), operationType: z.string(), operatorName: z.string().nullable(), operationTime: z.string().meta({ format: 'date-time' }), remark: z.string().nullable() })),
  execution: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable().describe('its dispatch order, vehicle, driver and stop times (times ISO-8601)'),
};

const tags = ['epod'];
const BASE = '/epod/epod';
/** The receipt's actions of the back office (the server answers their refusals in its own form: routes.ts). */
export const actions = {
  signFor: endpoint({ method: 'POST', path: `${BASE}/signFor`, operationId: 'epod.signFor', summary: "Register a receipt's sign-for: times and every line's signed / short / damaged quantities (with the version read)", tags, permission: 'epod:epod:signFor', body: SignFor, response: okOf(Done) }),
  audit: endpoint({ method: 'POST', path: `${BASE}/audit`, operationId: 'epod.audit', summary: 'Audit reported receipts, with an optional opinion (all or nothing)', tags, permission: 'epod:epod:audit', body: Audit, response: okOf(DoneMany) }),
  reject: endpoint({ method: 'POST', path: `${BASE}/reject`, operationId: 'epod.reject', summary: 'Reject a reported receipt with an opinion', tags, permission: 'epod:epod:reject', body: Reject, response: okOf(Done) }),
  recall: endpoint({ method: 'POST', path: `${BASE}/recall`, operationId: 'epod.recall', summary: 'Recall a reported receipt', tags, permission: 'epod:epod:recall', body: IdBody, response: okOf(Done) }),
  handle: endpoint({ method: 'POST', path: `${BASE}/handle`, operationId: 'epod.handle', summary: 'Check and handle an abnormal receipt (shortage or damage)', tags, permission: 'epod:epod:handle', body: Handle, response: okOf(Done) }),
};
export const byShipment = endpoint({ method: 'GET', path: `${BASE}/byShipment/:shipmentId`, operationId: 'epod.byShipment', summary: 'The receipts of a dispatch order by stop', tags, permission: 'epod:epod:query', params: ShipmentParams, response: okOf(ByStop) });
/** A receipt's detail (the receipt list's, and the abnormal-check list's with its own permission), a picture or the stop's video sent to it (multipart, one part `file`; the size limit is the server's route config). */
export const endpoints = {
  get: resourceGet(epod, receiptSections),
  checkGet: resourceGet(epodCheck, receiptSections),
  uploadPicture: endpoint({ method: 'POST', path: `${BASE}/picture/upload`, operationId: 'epod.uploadPicture', summary: 'Add a picture (PNG, JPEG, WebP, GIF) to a receipt or one of its lines', tags, permission: 'epod:epod:signFor', querystring: UploadQuery, body: 'upload', response: okOf(Picture) }),
  uploadVideo: endpoint({ method: 'POST', path: `${BASE}/video/upload`, operationId: 'epod.uploadVideo', summary: "Set the stop's video (MP4, WebM, Ogg) of a receipt", tags, permission: 'epod:epod:signFor', querystring: UploadQuery.pick({ epodId: true }), body: 'upload', response: okOf(Video) }),
};
