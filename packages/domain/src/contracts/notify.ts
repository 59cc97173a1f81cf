/** Request and answer schemas of the notification and webhook routes (/api/notify/*, issue 17). */
import { z } from 'zod';
import { IdList, intText } from '../api.ts';

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
