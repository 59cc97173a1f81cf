/**
 * Request and answer schemas of the notification and webhook routes (/api/notify/*, issue 17), and the routes of the
 * header's alert bell (its alert and handling schemas are the alert module's, contracts/misc.ts).
 */
import { z } from 'zod';
import { endpoint, IdList, intText, okOf } from '../api.ts';
import { Alert, DealAlert } from './misc.ts';

export const WebhookTestBody = z.object({ id: intText(1).describe('the webhook endpoint') });
export const WebhookTestAnswer = z.object({ deliveryId: z.number().int(), eventId: z.string() });

export const ReplayBody = z.object({ ids: IdList.describe('deliveries of the log to send again (webhooks, same event id)') });
export const ReplayAnswer = z.object({ replayed: z.number().int(), deliveryIds: z.array(z.number().int()) });

export const InboxQuery = z.object({
  unread: z.enum(['true', 'false']).optional().describe('true = unread only'),
  lang: z.string().max(10).optional(),
});
export const InboxRow = z
  .object({ id: z.number(), eventType: z.string(), clientId: z.number().nullable(), title: z.string(), body: z.string(), read: z.boolean(), createTime: z.string() })
  .meta({ id: 'InboxRow' });
export const InboxAnswer = z.object({ code: z.literal(0), msg: z.string(), rows: z.array(InboxRow), total: z.number().int(), unread: z.number().int() });
export const InboxReadBody = z.object({ ids: IdList.optional().describe('none = all of the caller’s') });
export const InboxReadAnswer = z.object({ changed: z.number().int() });

const tags = ['notify'];
export const webhookTest = endpoint({ method: 'POST', path: '/notify/webhook/test', operationId: 'notify.webhookTest', summary: 'Send a signed test event (type webhook.test) to one endpoint, even a disabled one; the delivery shows in the log', tags, permission: 'notify:webhook:test', body: WebhookTestBody, response: okOf(WebhookTestAnswer) });
export const deliveryReplay = endpoint({ method: 'POST', path: '/notify/delivery/replay', operationId: 'notify.deliveryReplay', summary: 'Send logged webhook deliveries again: a new delivery each, same event id and body, to the endpoint as it is now (enabled ones only)', tags, permission: 'notify:delivery:replay', body: ReplayBody, response: okOf(ReplayAnswer) });
export const inbox = endpoint({ method: 'GET', path: '/notify/inbox', operationId: 'notify.inbox', summary: "The caller's in-app notifications (newest 100), in the request language", tags, permission: 'authenticated', querystring: InboxQuery, response: InboxAnswer });
export const inboxRead = endpoint({ method: 'POST', path: '/notify/inbox/read', operationId: 'notify.inboxRead', summary: "Mark the caller's in-app notifications read (the given ones, or all)", tags, permission: 'authenticated', body: InboxReadBody, response: okOf(InboxReadAnswer) });

/** An alert as the bell lists it: the alert, with its dispatch order's places, carrier, vehicle, driver and times. */
export const BellAlert = Alert.extend({
  startPlace: z.string().nullable(),
  endPlace: z.string().nullable(),
  carrierName: z.string().nullable(),
  vehicleIdMainNumberPlates: z.string().nullable(),
  driverName: z.string().nullable(),
  driverMobile: z.string().nullable(),
  startTime: z.string().nullable().describe('ISO-8601'),
  endTime: z.string().nullable().describe('ISO-8601'),
  field1: z.string().describe("handled: 'N' = no"),
  field2: z.string().nullable().describe('how long it has lasted (in the request language, for alerts of the rules job)'),
  field3: z.string().nullable().describe('what happened (in the request language, for alerts of the rules job)'),
}).meta({ id: 'BellAlert' });

const alertTags = ['shipmentAlert'];
export const endpoints = {
  alertBell: endpoint({ method: 'GET', path: '/shipment/shipmentAlert/getAlert', operationId: 'shipmentAlert.bell', summary: "The header bell: unhandled alerts of the caller's dispatch center (newest 200)", tags: alertTags, permission: 'shipment:alert:query', response: okOf(z.array(BellAlert)) }),
  alertDeal: endpoint({ method: 'POST', path: '/shipment/shipmentAlert/deal', operationId: 'shipmentAlert.deal', summary: 'Handle an alert with a reason (dictionary shipment_alert_reason) and a remark', tags: alertTags, permission: 'shipment:alert:edit', body: DealAlert, response: okOf(z.object({ id: z.number() })) }),
};
