/**
 * Web Push of new tasks to the driver app (issue 16): a driver who allows notifications gets one when
 * a dispatch order of theirs takes effect; otherwise the task shows at the next refresh.
 *
 * - The server's VAPID key pair is made on first use and kept (the private key encrypted); the app
 *   reads the public key (GET /api/driver/push/key) to subscribe with the browser's push service, and
 *   stores the subscription (POST /api/driver/push/subscription; /unsubscribe to stop).
 * - Taking effect (domain event shipment.effected) writes one push per driver of the order who has a
 *   subscription, and so does the reassignment of an effective order for its new drivers
 *   (shipment.reassigned), in the same transaction; its `pg_notify` wakes the sender once committed, and a sweep
 *   every SWEEP_SECONDS catches what a wake-up missed.
 * - The sender encrypts the payload for each subscription (RFC 8291, aes128gcm) and signs the VAPID
 *   header (RFC 8292) with the web-push library, and posts it to the subscription's endpoint as any
 *   outgoing request of the server is posted (notify/http-post.ts: request-forgery checks of the
 *   notify.webhook.* settings, time-outs). A push service answering 404 or 410 forgot the subscription:
 *   it is deleted. Best effort: one attempt (the app refreshes its tasks anyway).
 */
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { z } from 'zod';
import { DriverApi as C, okOf, type Lang } from '@tms/domain';
import { onValidationError, route } from '../../platform/contract.ts';
import { ok } from '../../platform/http.ts';
import { inputErrors } from '../epod/io.ts';
import { DRIVER_PERMISSION, requireDriver } from './auth.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { Secrets } from '../../platform/secrets.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import { badRequest } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { loadSettings } from '../notify/dispatcher.ts';
import { postJson } from '../notify/http-post.ts';
import { urlRefusal } from '../notify/ssrf.ts';
import { Waker } from '../../platform/wake.ts';

export const PUSH_CHANNEL = 'tms_driver_push';
const SWEEP_JOB = 'driver-push-sweep';
const SWEEP_SECONDS = 30;
const BATCH = 100;
/** how long a push service keeps a push for a phone that is off */
const TTL_SECONDS = 24 * 3600;
const VAPID_SUBJECT = 'mailto:driver-app@tms.invalid';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The server's VAPID keys (base64url), made and stored on first use. */
export async function vapidKeys(db: Queryable, secrets: Secrets, now: Date): Promise<{ publicKey: string; privateKey: string }> {
  const read = async () => (await db.query<{ public_key: string; private_key_enc: string }>(`select public_key, private_key_enc from tms_driver_push_key where id = 1`)).rows[0];
  let row = await read();
  if (!row) {
    const k = webpush.generateVAPIDKeys();
    await db.query(`insert into tms_driver_push_key(id, public_key, private_key_enc, create_time) values (1, $1, $2, $3) on conflict (id) do nothing`, [k.publicKey, secrets.encrypt(k.privateKey), now]);
    row = (await read())!;
  }
  return { publicKey: row.public_key, privateKey: secrets.decrypt(row.private_key_enc) };
}

const b64 = (v: string) => Buffer.from(v, 'base64url');

/** Stores the phone's subscription for the driver (a phone signed in by another driver before is taken over). */
export async function saveSubscription(q: Queryable, driverId: number, sub: PushSubscriptionInput, lang: Lang, now: Date): Promise<void> {
  const refusal = urlRefusal(sub.endpoint, await loadSettings(q));
  if (refusal) throw badRequest('messages.validationFailed', { endpoint: { key: refusal } });
  // a P-256 public point (65 bytes, uncompressed) and a 16-byte authentication secret
  const key = b64(sub.keys.p256dh);
  if (key.length !== 65 || key[0] !== 4) throw badRequest('messages.driver.pushKeys', { 'keys.p256dh': { key: 'messages.driver.pushKeys' } });
  if (b64(sub.keys.auth).length !== 16) throw badRequest('messages.driver.pushKeys', { 'keys.auth': { key: 'messages.driver.pushKeys' } });
  await q.query(
    `insert into tms_driver_push_sub(driver_id, endpoint, p256dh, auth, lang, create_time) values ($1, $2, $3, $4, $5, $6)
     on conflict (endpoint) do update set driver_id = excluded.driver_id, p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang, create_time = excluded.create_time, last_status = null`,
    [driverId, sub.endpoint, sub.keys.p256dh, sub.keys.auth, lang, now],
  );
}

export async function dropSubscription(q: Queryable, driverId: number, endpoint: string): Promise<void> {
  await q.query(`delete from tms_driver_push_sub where driver_id = $1 and endpoint = $2`, [driverId, endpoint]);
}

/** One push for each driver of the dispatch orders of a center (effective, with a subscription, not among `except`). */
async function queuePushes(q: Queryable, now: Date, center: number, shipmentIds: number[], except: number[] = []): Promise<void> {
  const r = await q.query(
    `insert into tms_driver_push(driver_id, shipment_id, shipment_code, create_time)
     select distinct d.id, s.id, s.shipment_code, $2::timestamptz
       from tms_shipment s join base_driver d on d.id in (s.driver_id_master, s.driver_id_second, s.operating_driver_id) and d.effective
      where s.id = any($1::bigint[]) and s.dispatch_center_id = $4 and d.id <> all($3::bigint[]) and exists (select 1 from tms_driver_push_sub x where x.driver_id = d.id)`,
    [shipmentIds, now, except, center],
  );
  if (r.rowCount) await q.query(`select pg_notify($1, '')`, [PUSH_CHANNEL]);
}

/** New tasks: a dispatch order taking effect (its drivers), an effective one reassigned (its new drivers). */
export function subscribeDriverPush(events: DomainEvents): void {
  events.on('shipment.effected', async ({ q, now }, p) => queuePushes(q, now, p.dispatchCenterId, p.shipmentIds));
  events.on('shipment.reassigned', async ({ q, now }, p) => {
    if (p.status === 'EFFECTIVE') await queuePushes(q, now, p.dispatchCenterId, [p.shipmentId], p.driversBefore);
  });
}

interface Due {
  id: number;
  driver_id: number;
  shipment_id: number;
  shipment_code: string;
}
interface Sub {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: Lang;
}

/** Sends the pending pushes after commit (woken by PUSH_CHANNEL, and a sweep). */
export class DriverPusher {
  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secrets: Secrets,
  ) {}

  async register(): Promise<void> {
    const waker = new Waker(this.app, this.db, PUSH_CHANNEL, 'driver push: sending failed', async () => (await this.sendDue()) === BATCH);
    await this.app.jobs.schedule(SWEEP_JOB, SWEEP_SECONDS, async () => waker.kick());
  }

  /** Claims a batch of pending pushes (one server claims each) and sends them; answers how many. */
  private async sendDue(): Promise<number> {
    const due = await this.db.query<Due>(
      `update tms_driver_push set state = 'SENDING' where id in (select id from tms_driver_push where state = 'PENDING' order by id limit $1 for update skip locked)
       returning id, driver_id, shipment_id, shipment_code`,
      [BATCH],
    );
    if (!due.rows.length) return 0;
    const keys = await vapidKeys(this.db, this.secrets, this.clock.now());
    const settings = await loadSettings(this.db);
    for (const p of due.rows) {
      const subs = await this.db.query<Sub>(`select id, endpoint, p256dh, auth, lang from tms_driver_push_sub where driver_id = $1 order by id`, [p.driver_id]);
      const failures: string[] = [];
      let delivered = false;
      for (const s of subs.rows) {
        const payload = JSON.stringify({
          title: translate(s.lang, 'messages.driver.pushTitle'),
          body: translate(s.lang, 'messages.driver.pushBody', { code: p.shipment_code }),
          url: `/driver/#/task/${p.shipment_id}`,
          tag: `task-${p.shipment_id}`,
        });
        try {
          const req = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
            vapidDetails: { subject: VAPID_SUBJECT, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: TTL_SECONDS,
            contentEncoding: 'aes128gcm',
          });
          const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
          const r = await postJson(req.endpoint, req.body, { ...headers, 'user-agent': 'TMS-Push/1' }, settings);
          const outcome = r.ok ? `HTTP ${r.status}` : (r.error ?? `HTTP ${r.status}`);
          if (r.status === 404 || r.status === 410) await this.db.query(`delete from tms_driver_push_sub where id = $1`, [s.id]);
          else await this.db.query(`update tms_driver_push_sub set last_push_time = $2, last_status = $3 where id = $1`, [s.id, this.clock.now(), outcome.slice(0, 300)]);
          if (r.ok) delivered = true;
          else failures.push(outcome);
        } catch (e) {
          const outcome = String((e as Error).message);
          failures.push(outcome);
          await this.db.query(`update tms_driver_push_sub set last_push_time = $2, last_status = $3 where id = $1`, [s.id, this.clock.now(), outcome.slice(0, 300)]);
        }
      }
      await this.db.query(`update tms_driver_push set state = $2, sent_time = $3, result = $4 where id = $1`, [p.id, delivered ? 'SENT' : 'FAILED', this.clock.now(), failures.join('; ').slice(0, 300) || null]);
    }
    return due.rows.length;
  }
}

/** The routes, the event subscription and the sender. */
export async function registerDriverPush(app: FastifyInstance, db: Db, clock: Clock, secrets: Secrets, events: DomainEvents): Promise<void> {
  const Subscription = onValidationError(C.PushSubscription, (issues) => inputErrors(issues));
  route(app, C.endpoints.pushKey, async (req) => {
    requireDriver(req);
    return ok(req, { publicKey: (await vapidKeys(db, secrets, clock.now())).publicKey });
  });
  route(app, { ...C.endpoints.pushSubscribe, body: Subscription }, async (req) => {
    const d = requireDriver(req);
    await saveSubscription(db, d.driverId, req.body, req.lang, clock.now());
    return ok(req, null, 'messages.driver.pushSubscribed');
  });
  route(app, C.endpoints.pushUnsubscribe, async (req) => {
    const d = requireDriver(req);
    await dropSubscription(db, d.driverId, req.body.endpoint);
    return ok(req, null, 'messages.driver.pushUnsubscribed');
  });
  subscribeDriverPush(events);
  await new DriverPusher(app, db, clock, secrets).register();
}
