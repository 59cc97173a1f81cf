/** Request and answer schemas of the event stream (/api/realtime/*): a short-lived ticket, then Server-Sent Events. */
import { z } from 'zod';
import { endpoint, okOf } from '../api.ts';

export const EVENT_TYPES = ['alert', 'alertHandled', 'position', 'shipment', 'fleet'] as const;
export const NoInput = z.object({}).loose().nullish().meta({ description: 'no input: send no body or {}' });
export const Ticket = z.object({ ticket: z.string().describe('for GET /api/realtime/stream?ticket='), expiresAt: z.string().describe('ISO-8601') });
export const StreamQuery = z
  .object({
    types: z.unknown().optional().meta({ type: 'string', description: `only these events, comma separated (${EVENT_TYPES.join(', ')}); none = all` }),
    lastEventId: z.unknown().optional().meta({ type: 'string', description: 'the `id` of the last event received on a former stream: the logged events after it (24 h, in scope) are sent first; the `Last-Event-ID` header does the same' }),
  })
  .loose();
export const STREAM_ANSWER = {
  binary: ['text/event-stream'],
  description:
    'Server-Sent Events: `ready` ({ dispatchCenterId }) first, then `alert`, `alertHandled`, `position` and `shipment` events of the session\u2019s dispatch center ' +
    'whose record the caller may see, each `data` a JSON object; a comment line as heartbeat. ' +
    '`fleet` only when named in `types`: once a second, { rows: [[vehicle id, lng, lat, speed, direction, epoch ms, alarm flags]] } with the newest position of each vehicle of the fleet monitor\u2019s scope that reported. Reconnect after `retry` ms with a new ticket.',
};

/** The ticket and the stream: one declaration for the server's route and the web's call (the stream's address for EventSource). */
const tags = ['realtime'];
export const endpoints = {
  ticket: endpoint({ method: 'POST', path: '/realtime/ticket', operationId: 'realtime.ticket', summary: 'A short-lived ticket for the event stream of the session', tags, permission: 'authenticated', body: NoInput, response: okOf(Ticket) }),
  stream: endpoint({ method: 'GET', path: '/realtime/stream', operationId: 'realtime.stream', summary: 'The live events of the session\u2019s dispatch center (Server-Sent Events)', tags, permission: 'realtime:stream', querystring: StreamQuery, response: STREAM_ANSWER }),
};
