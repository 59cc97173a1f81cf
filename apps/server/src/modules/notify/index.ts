/**
 * Notifications and webhooks (issue 17). The order, shipment, epod and alert modules emit business events
 * (platform/domain-events.ts); this module turns them into client events and what they send (outbox.ts),
 * sends after commit (dispatcher.ts). Endpoints, subscriptions and the delivery log are generic resources
 * (packages/domain/src/resources/notify.ts) with the hooks below; the routes here:
 *   POST /api/notify/webhook/test       a test event to one endpoint (its own delivery in the log)
 *   POST /api/notify/delivery/replay    send logged webhook deliveries again (same event id)
 *   GET  /api/notify/inbox              the caller's in-app notifications, in the caller's language
 *   POST /api/notify/inbox/read         mark them read
 */
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { getResource, NOTIFY_EVENTS, NotifyApi as C, rules } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { route } from '../../platform/contract.ts';
import { requireCaller } from '../../platform/auth.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { translate } from '../../platform/i18n.ts';
import { mutate } from '../../platform/audit.ts';
import { getInScope, getManyInScope, type ResourceHooks, type Row } from '../../platform/resource-engine.ts';
import { enqueue, eventTexts, NOTIFY_CHANNEL, subscribeNotify } from './outbox.ts';
import { Dispatcher, loadSettings } from './dispatcher.ts';
import { urlRefusal } from './ssrf.ts';
import type { SmsProvider } from '../../platform/sms.ts';

const webhookDef = getResource('webhookEndpoint');
const deliveryDef = getResource('notifyDelivery');
const KNOWN = new Set<string>(NOTIFY_EVENTS);

/** '*' or a comma list of known events, normalised; refused naming the field. */
function eventList(v: unknown): string {
  const list = String(v ?? '*').split(',').map((x) => x.trim()).filter(Boolean);
  if (!list.length || (list.length === 1 && list[0] === '*')) return '*';
  if (list.some((x) => !KNOWN.has(x))) throw badRequest('messages.validationFailed', { events: { key: 'validation.notifyEvents', params: { events: NOTIFY_EVENTS.join(', ') } } });
  return [...new Set(list)].join(',');
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

function hooks(secrets: Secrets): Record<string, ResourceHooks> {
  return {
    webhookEndpoint: {
      beforeSave: async (q, values, _caller, existing) => {
        if (values.events !== undefined || !existing) values.events = eventList(values.events);
        const url = (values.url ?? existing?.url) as string;
        const refusal = urlRefusal(url, await loadSettings(q));
        if (refusal) throw badRequest('messages.validationFailed', { url: { key: refusal } });
      },
      afterSave: async (q, row, _c, _b, created) => {
        if (!created) return;
        const secret = newWebhookSecret();
        await q.query(`update ntf_webhook set secret_enc = $1 where id = $2`, [secrets.encrypt(secret), row.id]);
        // shown once: the save answer is the only place it is ever sent
        return { secret };
      },
      // enabling again starts a new run of failures
      beforeStatus: async (q, row, status) => {
        if (status === '0') await q.query(`update ntf_webhook set failure_count = 0, disabled_reason = null where id = $1`, [row.id]);
      },
    },
    notifySubscription: {
      beforeSave: async (q, values, _caller, existing) => {
        if (values.events !== undefined || !existing) values.events = eventList(values.events);
        const v = { ...existing, ...values } as Row;
        const channel = String(v.channel ?? (existing?.channel as string) ?? 'INAPP');
        const userId = (values.userId ?? existing?.user_id ?? null) as number | null;
        const address = ((values.address ?? existing?.address ?? '') as string).trim();
        if (channel === 'INAPP' && !userId) throw badRequest('messages.validationFailed', { userId: { key: 'validation.notifyRecipient' } });
        // e-mail and SMS: the address written, else the user's own (its e-mail, its mobile number)
        const direct = { EMAIL: { rule: rules.email, column: 'email' }, SMS: { rule: rules.mobile, column: 'mobile' } }[channel];
        if (direct) {
          if (address && !direct.rule.pattern.test(address)) throw badRequest('messages.validationFailed', { address: { key: direct.rule.message } });
          if (!address) {
            const u = userId ? (await q.query<{ v: string | null }>(`select ${direct.column} as v from sys_user where id = $1`, [userId])).rows[0] : undefined;
            if (!u?.v) throw badRequest('messages.validationFailed', { address: { key: 'validation.notifyRecipient' } });
          }
        }
      },
    },
  };
}

async function inScopeWebhook(q: Queryable, caller: Parameters<typeof getInScope>[2], id: number): Promise<Row> {
  return getInScope(q, webhookDef, caller, id);
}

export async function registerNotifyModule(
  app: FastifyInstance,
  db: Db,
  clock: Clock,
  secrets: Secrets,
  sms: SmsProvider | null,
): Promise<{ hooks: Record<string, ResourceHooks>; dispatcher: Dispatcher }> {
  subscribeNotify(app.events);
  const dispatcher = new Dispatcher(app, db, clock, secrets, sms);
  await dispatcher.register();

  route(
    app,
    C.webhookTest,
    async (req) => {
      const caller = requireCaller(req);
      const out = await mutate(db, req, { title: 'webhookEndpoint', businessType: 'UPDATE' }, async (q) => {
        const w = await inScopeWebhook(q, caller, req.body.id);
        const [ref] = await enqueue(q, clock.now(), [{ type: 'webhook.test', clientId: Number(w.client_id), subject: String(w.name), data: { webhookId: Number(w.id), message: 'test' } }], { webhookId: Number(w.id) });
        const d = (await q.query<{ id: number; event_id: string }>(`select id, event_id from ntf_delivery where event_ref = $1`, [ref])).rows[0]!;
        return { deliveryId: Number(d.id), eventId: d.event_id };
      });
      return ok(req, out, 'messages.notify.testQueued');
    },
  );

  route(
    app,
    C.deliveryReplay,
    async (req) => {
      const caller = requireCaller(req);
      const out = await mutate(db, req, { title: 'notifyDelivery', businessType: 'UPDATE' }, async (q) => {
        const rows = await getManyInScope(q, deliveryDef, caller, req.body.ids);
        const now = clock.now();
        const ids: number[] = [];
        for (const d of rows) {
          if (d.channel !== 'WEBHOOK' && d.channel !== 'EMAIL') throw conflict('messages.notify.notReplayable', { id: d.id });
          let target = d.target as string;
          if (d.channel === 'WEBHOOK') {
            const w = (await q.query<{ url: string; status: string }>(`select url, status from ntf_webhook where id = $1`, [d.webhook_id])).rows[0];
            if (!w || w.status !== '0') throw conflict('messages.notify.webhookDisabled', { id: d.id });
            target = w.url;
          }
          const r = await q.query<{ id: number }>(
            `insert into ntf_delivery(event_ref, event_id, event_type, client_id, channel, webhook_id, subscription_id, target, lang, status, next_attempt_at, replay_of, create_time)
             select event_ref, event_id, event_type, client_id, channel, webhook_id, subscription_id, $2, lang, 'PENDING', $3, id, $3 from ntf_delivery where id = $1 returning id`,
            [d.id, target, now],
          );
          ids.push(Number(r.rows[0]!.id));
        }
        if (ids.length) await q.query(`select pg_notify($1, '')`, [NOTIFY_CHANNEL]);
        return { replayed: ids.length, deliveryIds: ids };
      });
      return ok(req, out, 'messages.notify.replayed', { n: out.replayed });
    },
  );

  route(
    app,
    C.inbox,
    async (req) => {
      const caller = requireCaller(req);
      const unreadOnly = req.query.unread === 'true';
      const r = await db.query<{ id: number; event_type: string; client_id: number | null; payload: Record<string, unknown>; read_at: Date | null; create_time: Date }>(
        `select i.id, i.event_type, i.client_id, e.payload, i.read_at, i.create_time from ntf_inbox i join ntf_event e on e.id = i.event_ref
          where i.user_id = $1 ${unreadOnly ? 'and i.read_at is null' : ''} order by i.id desc limit 100`,
        [caller.userId],
      );
      const unread = (await db.query<{ n: number }>(`select count(*)::int as n from ntf_inbox where user_id = $1 and read_at is null`, [caller.userId])).rows[0]!.n;
      return {
        code: 0 as const,
        msg: translate(req.lang, 'messages.ok'),
        rows: r.rows.map((x) => ({ id: Number(x.id), eventType: x.event_type, clientId: x.client_id, ...eventTexts(req.lang, x.event_type, x.payload), read: x.read_at !== null, createTime: x.create_time.toISOString() })),
        total: r.rows.length,
        unread,
      };
    },
  );

  route(
    app,
    C.inboxRead,
    async (req) => {
      const caller = requireCaller(req);
      const ids = req.body.ids;
      const r = await db.query(`update ntf_inbox set read_at = $2 where user_id = $1 and read_at is null ${ids ? 'and id = any($3::bigint[])' : ''}`, ids ? [caller.userId, clock.now(), ids] : [caller.userId, clock.now()]);
      if (ids && !r.rowCount) {
        const mine = await db.query(`select 1 from ntf_inbox where user_id = $1 and id = any($2::bigint[]) limit 1`, [caller.userId, ids]);
        if (!mine.rowCount) throw notFound();
      }
      return ok(req, { changed: r.rowCount });
    },
  );

  return { hooks: hooks(secrets), dispatcher };
}
