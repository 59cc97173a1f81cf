/**
 * The client portal (/api/portal/…) and public tracking links (/api/public/track/…), issue 17.
 * Portal routes declare the principal permission PORTAL_PERMISSION: only a signed-in user of kind CLIENT opens
 * them, and each answers the records of the clients that user is bound to (another client's → 404).
 */
import { z } from 'zod';
import { endpoint, IdParams, intText, NoBody, okOf, optText, pageOf, XLSX_ANSWER } from '../api.ts';
import { OrderImportAnswer, OrderImportQuery } from './order.ts';
import { PrintAnswer } from './waybill.ts';
import { DisputeFile, PortalDisputeBody, StatementAction, StatementDetail, StatementHeader } from './settlement.ts';

/** The permission every portal route declares (a principal of its own: staff sessions do not open it). */
export const PORTAL_PERMISSION = 'portal:client';

const tags = ['portal'];
const id = z.number().int();
const decimalText = z.string().describe('a decimal as text (exact)');

export const PortalClient = z.object({ id, code: z.string(), name: z.string() });
export const PortalMe = z
  .object({ userName: z.string(), nickName: z.string(), clients: z.array(PortalClient), dispatchCenter: z.object({ id, name: z.string() }).nullable().describe('where new orders go: the default center') })
  .meta({ id: 'PortalMe' });

export const PortalOrderQuery = z.object({
  pageNum: intText(1, 1_000_000).optional(),
  pageSize: intText(1, 500).optional(),
  code: z.string().max(40).optional().describe('order code or customer order number, contained'),
  status: z.enum(['OPEN', 'EFFECTIVE', 'CANCELLED']).optional(),
  clientId: intText(1).optional(),
  lang: z.string().max(10).optional(),
});

export const PortalOrderRow = z
  .object({
    id, code: z.string(), customerOrderNo: z.string().nullable(), clientId: id, clientName: z.string(), status: z.string(), statusLabel: z.string(),
    progress: z.string().describe('RECEIVED, CONFIRMED, IN_TRANSIT, DELIVERED or CANCELLED'), progressLabel: z.string(),
    sourceStation: z.string(), destStation: z.string(), orderDate: z.string(), etd: z.string().nullable(), eta: z.string().nullable(),
    totalQuantity: z.number(), totalWeight: decimalText, totalVolume: decimalText, createTime: z.string(),
  })
  .meta({ id: 'PortalOrderRow' });

export const TimelineEntry = z.object({ time: z.string(), event: z.string().describe('the operation type'), label: z.string(), code: z.string().nullable().describe('the order, waybill or dispatch order it is about') });
export const LastPosition = z.object({ lng: z.number(), lat: z.number(), reportedAt: z.string(), speed: z.number().nullable() });

export const PortalWaybill = z.object({
  id, code: z.string(), status: z.string(), shipmentCode: z.string().nullable(), shipmentStatus: z.string().nullable(), shipmentStatusLabel: z.string().nullable(),
  eta: z.string().nullable(), etaLive: z.boolean().describe('the ETA is live: computed from the vehicle\'s newest position'), ata: z.string().nullable(), lastPosition: LastPosition.nullable(),
});
export const PortalEpodSummary = z.object({ id, code: z.string(), waybillCode: z.string().nullable(), status: z.string(), statusLabel: z.string(), signTime: z.string().nullable(), isAbnormal: z.boolean() });
export const PortalOrderLine = z.object({ posNo: z.number(), itemCode: z.string().nullable(), itemName: z.string().nullable(), quantity: z.number(), cases: z.number(), weight: decimalText, volume: decimalText, unit: z.string().nullable() });

export const PortalOrderDetail = PortalOrderRow.extend({
  remark: z.string().nullable(),
  cancellable: z.boolean().describe('open and not yet reviewed'),
  lines: z.array(PortalOrderLine),
  timeline: z.array(TimelineEntry),
  waybills: z.array(PortalWaybill),
  epods: z.array(PortalEpodSummary),
}).meta({ id: 'PortalOrderDetail' });

const qty = (max: number) => z.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(0, { error: 'validation.min' }).max(max, { error: 'validation.max' });
const measure = z.number({ error: 'validation.number' }).min(0, { error: 'validation.min' }).max(99_999_999_999, { error: 'validation.max' });
export const PortalOrderLineInput = z.object({ itemId: id.positive({ error: 'validation.required' }), quantity: qty(99_999_999), cases: qty(99_999_999).optional(), weight: measure.optional(), volume: measure.optional() });
export const PortalOrderCreate = z.object({
  clientId: id.positive({ error: 'validation.required' }),
  sourceStationId: id.positive({ error: 'validation.required' }),
  destStationId: id.positive({ error: 'validation.required' }),
  etd: z.iso.datetime({ offset: true, error: 'validation.datetime' }).nullish(),
  eta: z.iso.datetime({ offset: true, error: 'validation.datetime' }).nullish(),
  customerOrderNo: optText(60),
  remark: optText(200),
  lines: z.array(PortalOrderLineInput).min(1, { error: 'messages.order.linesRequired' }).max(200, { error: 'validation.max' }),
});

export const PortalChoicesQuery = z.object({ clientId: intText(1) });
export const PortalChoices = z.object({
  stations: z.array(z.object({ id, code: z.string(), name: z.string() })),
  items: z.array(z.object({ id, code: z.string(), name: z.string(), unit: z.string().nullable() })),
});

export const PortalTransitRow = z
  .object({
    waybillId: id, waybillCode: z.string(), orderId: id, orderCode: z.string(), shipmentCode: z.string(), sourceStation: z.string(), destStation: z.string(),
    eta: z.string().nullable(), etaLive: z.boolean().describe('the ETA is live: computed from the vehicle\'s newest position'), lastPosition: LastPosition.nullable(),
  })
  .meta({ id: 'PortalTransitRow' });

export const PortalEpodLine = z.object({
  posNo: z.number(), itemCode: z.string().nullable(), itemName: z.string().nullable(), unit: z.string().nullable(),
  plannedQuantity: z.number(), shippedQuantity: z.number(), signedQuantity: z.number().nullable(), shortage: z.number(), damage: z.number(), remark: z.string().nullable(),
});
export const PortalEpodDetail = PortalEpodSummary.extend({
  orderId: id.nullable(), orderCode: z.string().nullable(), station: z.string().nullable(), arrivalTime: z.string().nullable(), departureTime: z.string().nullable(), reportTime: z.string().nullable(),
  handleResult: z.string().nullable(), handleRemark: z.string().nullable(),
  lines: z.array(PortalEpodLine),
  pictures: z.array(z.object({ id, url: z.string().describe('GET with the session token: the picture') })),
}).meta({ id: 'PortalEpodDetail' });
export const EpodPictureParams = z.object({ id: intText(1), pictureId: intText(1) });

export const TrackingLinkCreate = z.object({
  waybillId: id.positive().nullish().describe('a waybill of the order: the link follows that waybill; none = the whole order'),
  days: z.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(1, { error: 'validation.min' }).max(365, { error: 'validation.max' }).nullish().describe('life in days; none = the configured default (30)'),
});
export const TrackingLinkRow = z
  .object({
    id, orderId: id.nullable(), waybillId: id.nullable(), code: z.string().describe('the order or waybill code'), expiresAt: z.string(), revokedAt: z.string().nullable(), createTime: z.string(),
    active: z.boolean(), token: z.string().describe('the signed token: /track/<token>'),
  })
  .meta({ id: 'TrackingLinkRow' });

/** What a visitor of /track/<token> sees: no price, no person, no other party; the position at city level. */
export const PublicTracking = z
  .object({
    kind: z.enum(['ORDER', 'WAYBILL']),
    code: z.string(),
    progress: z.string(), progressLabel: z.string(),
    from: z.string().nullable().describe('city (zone) of the loading station'), to: z.string().nullable().describe('city (zone) of the destination station'),
    eta: z.string().nullable(),
    liveEta: z
      .object({ eta: z.string(), distanceKm: z.number().describe('straight line, whole km'), positionAt: z.string() })
      .nullable()
      .describe('from the newest position to the destination at the configured average speed; in transit only'),
    lastPosition: z.object({ city: z.string().nullable(), lng: z.number().describe('rounded to 0.1°'), lat: z.number().describe('rounded to 0.1°'), reportedAt: z.string() }).nullable(),
    timeline: z.array(z.object({ time: z.string(), event: z.string(), label: z.string() })),
    expiresAt: z.string(),
  })
  .meta({ id: 'PublicTracking' });
export const TrackParams = z.object({ token: z.string().max(400) });
export const TrackQuery = z.object({ lang: z.string().max(10).optional() });

export const UserClientsQuery = z.object({ userId: intText(1) });
export const UserClientsBody = z.object({ userId: id.positive(), clientIds: z.array(id.positive()).max(1000) });
export const UserClientOption = z.object({ id, code: z.string(), name: z.string(), assigned: z.boolean() });

const P = PORTAL_PERMISSION;
export const endpoints = {
  me: endpoint({ method: 'GET', path: '/portal/me', operationId: 'portal.me', summary: 'The signed-in client user: its clients and the center its orders go to', tags, permission: P, response: okOf(PortalMe) }),
  orders: endpoint({ method: 'GET', path: '/portal/orders', operationId: 'portal.orders', summary: "Orders of the caller's clients (newest first)", tags, permission: P, querystring: PortalOrderQuery, response: pageOf(PortalOrderRow) }),
  ordersExport: endpoint({ method: 'GET', path: '/portal/orders/export', operationId: 'portal.ordersExport', summary: "Orders of the caller's clients as .xlsx (same filters as the list)", tags, permission: P, querystring: PortalOrderQuery, response: XLSX_ANSWER }),
  order: endpoint({ method: 'GET', path: '/portal/orders/:id', operationId: 'portal.order', summary: 'An order with its lines, status timeline, waybills (ETA, last position) and receipts', tags, permission: P, params: IdParams, response: okOf(PortalOrderDetail) }),
  choices: endpoint({ method: 'GET', path: '/portal/choices', operationId: 'portal.choices', summary: "A client's stations and items, for a new order", tags, permission: P, querystring: PortalChoicesQuery, response: okOf(PortalChoices) }),
  create: endpoint({ method: 'POST', path: '/portal/orders', operationId: 'portal.create', summary: "Place an order for one of the caller's clients (goes to the caller's default dispatch center)", tags, permission: P, body: PortalOrderCreate, response: okOf(PortalOrderDetail) }),
  importTemplate: endpoint({ method: 'GET', path: '/portal/orders/importTemplate', operationId: 'portal.importTemplate', summary: 'The .xlsx template of the order import (one row per line)', tags, permission: P, response: XLSX_ANSWER }),
  import: endpoint({ method: 'POST', path: '/portal/orders/import', operationId: 'portal.import', summary: "Import orders of the caller's clients from .xlsx: a grouped preview, or (commit=true) all or nothing", tags, permission: P, querystring: OrderImportQuery, body: 'upload', response: okOf(OrderImportAnswer) }),
  cancel: endpoint({ method: 'POST', path: '/portal/orders/:id/cancel', operationId: 'portal.cancel', summary: 'Cancel an order that is not reviewed yet', tags, permission: P, params: IdParams, body: NoBody, response: okOf(z.object({ id })) }),
  statements: endpoint({ method: 'GET', path: '/portal/statements', operationId: 'portal.statements', summary: "The receivable statements sent to the caller's clients (newest period first)", tags, permission: P, response: okOf(z.array(StatementHeader)) }),
  statement: endpoint({ method: 'GET', path: '/portal/statements/:id', operationId: 'portal.statement', summary: 'A statement sent to one of the caller\'s clients: its amounts, history and first 500 lines', tags, permission: P, params: IdParams, response: okOf(StatementDetail) }),
  statementConfirm: endpoint({ method: 'POST', path: '/portal/statements/confirm', operationId: 'portal.statementConfirm', summary: 'The client confirms a sent or adjusted statement (the version read: a stale one answers 409)', tags, permission: P, body: StatementAction, response: okOf(StatementHeader) }),
  statementDispute: endpoint({ method: 'POST', path: '/portal/statements/dispute', operationId: 'portal.statementDispute', summary: 'The client disputes lines of a sent or adjusted statement: reason and the amount it says is right, per line', tags, permission: P, body: PortalDisputeBody, response: okOf(StatementHeader) }),
  statementFile: endpoint({ method: 'POST', path: '/portal/statements/file', operationId: 'portal.statementFile', summary: "Upload a dispute's attachment (a photo or a PDF, multipart part `file`); its id goes with the dispute", tags, permission: P, body: 'upload', response: okOf(DisputeFile) }),
  statementPrint: endpoint({ method: 'GET', path: '/portal/statements/:id/print', operationId: 'portal.statementPrint', summary: "One of the caller's clients' statements filled into the default STATEMENT print template, in the client's document language, else the request language: one HTML document to print", tags, permission: P, params: IdParams, querystring: TrackQuery, response: okOf(PrintAnswer) }),
  statementPdf: endpoint({ method: 'GET', path: '/portal/statements/:id/pdf', operationId: 'portal.statementPdf', summary: "One of the caller's clients' statements as PDF from the default STATEMENT print template, in the client's document language, else the request language", tags, permission: P, params: IdParams, querystring: TrackQuery, response: { binary: ['application/pdf'] } }),
  transit: endpoint({ method: 'GET', path: '/portal/transit', operationId: 'portal.transit', summary: "The caller's waybills in transit with their last position and ETA (the map)", tags, permission: P, response: okOf(z.array(PortalTransitRow)) }),
  epod: endpoint({ method: 'GET', path: '/portal/epods/:id', operationId: 'portal.epod', summary: 'A proof of delivery: signed quantities, differences and photos', tags, permission: P, params: IdParams, response: okOf(PortalEpodDetail) }),
  epodPdf: endpoint({ method: 'GET', path: '/portal/epods/:id/pdf', operationId: 'portal.epodPdf', summary: 'A proof of delivery as PDF, in the request language', tags, permission: P, params: IdParams, querystring: TrackQuery, response: { binary: ['application/pdf'] } }),
  epodPicture: endpoint({ method: 'GET', path: '/portal/epods/:id/pictures/:pictureId', operationId: 'portal.epodPicture', summary: 'A photo of a proof of delivery', tags, permission: P, params: EpodPictureParams, response: { binary: ['image/*'] } }),
  links: endpoint({ method: 'GET', path: '/portal/orders/:id/trackingLinks', operationId: 'portal.links', summary: "An order's public tracking links", tags, permission: P, params: IdParams, response: okOf(z.array(TrackingLinkRow)) }),
  createLink: endpoint({ method: 'POST', path: '/portal/orders/:id/trackingLinks', operationId: 'portal.createLink', summary: 'A new public tracking link of the order or one of its waybills (signed, expiring)', tags, permission: P, params: IdParams, body: TrackingLinkCreate, response: okOf(TrackingLinkRow) }),
  revokeLink: endpoint({ method: 'POST', path: '/portal/trackingLinks/:id/revoke', operationId: 'portal.revokeLink', summary: 'Revoke a tracking link: it shows nothing any more', tags, permission: P, params: IdParams, body: NoBody, response: okOf(z.object({ id })) }),
  track: endpoint({ method: 'GET', path: '/public/track/:token', operationId: 'public.track', summary: 'A public tracking link: status timeline, ETA and last position at city level (no sign-in; rate-limited)', description: 'Expired or revoked links answer 410, unknown or tampered ones 404, with a message and no data.', tags: ['public'], permission: 'public', params: TrackParams, querystring: TrackQuery, response: okOf(PublicTracking) }),
  userClients: endpoint({ method: 'GET', path: '/system/user/portalClients', operationId: 'user.portalClients', summary: 'The clients a client user is bound to (every client, marked)', tags: ['user'], permission: 'system:user:query', querystring: UserClientsQuery, response: okOf(z.array(UserClientOption)) }),
  setUserClients: endpoint({ method: 'POST', path: '/system/user/portalClients', operationId: 'user.setPortalClients', summary: 'Bind a client user to clients (replaces the set)', tags: ['user'], permission: 'system:user:edit', body: UserClientsBody, response: okOf(z.object({ userId: id, clientIds: z.array(id) })) }),
};
