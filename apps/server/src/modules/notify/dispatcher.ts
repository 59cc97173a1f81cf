/**
 * Sending what the outbox holds, at least once, through the job queue (platform/jobs.ts: pg-boss on a
 * PostgreSQL server, in-process on PGlite):
 *
 * - After a transaction with deliveries commits, its NOTIFY wakes `kick()` on every server; a sweep
 *   (every `SWEEP_SECONDS`) catches anything a wake-up missed, and gives back deliveries whose job was
 *   lost (a restart of an embedded server). Claiming is `for update skip locked`: one server queues a
 *   delivery, once.
 * - A job carries one delivery; a worker takes up to DELIVER_BATCH jobs at once and claims their deliveries in one
 *   statement (QUEUED → SENDING, attempts + 1; a duplicate job finds nothing to claim), sends SEND_CONCURRENCY at a
 *   time, logs each attempt (ntf_attempt) and either marks it DELIVERED (the batch's successes in one statement), or
 *   queues it again after an exponential back-off (retryBaseSeconds × 2^(attempt−1), at most an hour, ±20 %
 *   jitter), or FAILED after maxAttempts.
 * - Webhooks: `X-TMS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. A run of
 *   `disableAfterFailures` failed attempts in a row disables the endpoint and tells the administrators
 *   (in-app); a success resets the run.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { translate } from '../../platform/i18n.ts';
import { eventTexts, NOTIFY_CHANNEL, webhookBody } from './outbox.ts';
import { postJson, type PostResult } from './http-post.ts';
import { Waker } from '../../platform/wake.ts';
import { sendMail, type SmtpSettings } from './mail.ts';
import type { SmsProvider } from '../../platform/sms.ts';
import { configSecret } from '../system/config-secrets.ts';

export const DELIVER_JOB = 'notify-deliver';
export const SWEEP_JOB = 'notify-sweep';
const SWEEP_SECONDS = 30;
/** a QUEUED / SENDING delivery untouched this long lost its job: queued again */
const STALE_MS = 10 * 60_000;
const CLAIM_BATCH = 500;
/** deliveries a worker takes at once, and how many of their requests are in flight together */
const DELIVER_BATCH = 50;
const SEND_CONCURRENCY = 16;

export interface NotifySettings {
  allowHttp: boolean;
  allowPrivate: boolean;
  maxAttempts: number;
  retryBaseSeconds: number;
  disableAfterFailures: number;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  smtp: SmtpSettings;
}

const num = (v: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

/** The notify.* keys of the system configuration, with defaults; the SMTP password decrypted when `secrets` is given. */
export async function loadSettings(db: Pick<Db, 'query'>, secrets?: Secrets): Promise<NotifySettings> {
  const r = await db.query<{ config_key: string; config_value: string }>(`select config_key, config_value from sys_config where config_key like 'notify.%'`);
  const c = new Map(r.rows.map((x) => [x.config_key, x.config_value.trim()]));
  return {
    allowHttp: c.get('notify.webhook.allowHttp') === 'true',
    allowPrivate: c.get('notify.webhook.allowPrivate') === 'true',
    maxAttempts: num(c.get('notify.webhook.maxAttempts'), 8, 1, 50),
    retryBaseSeconds: num(c.get('notify.webhook.retryBaseSeconds'), 10, 0, 3600),
    disableAfterFailures: num(c.get('notify.webhook.disableAfterFailures'), 20, 1, 10_000),
    connectTimeoutMs: num(c.get('notify.webhook.connectTimeoutMs'), 5000, 100, 60_000),
    responseTimeoutMs: num(c.get('notify.webhook.responseTimeoutMs'), 10_000, 100, 120_000),
    smtp: {
      host: c.get('notify.smtp.host') ?? '',
      port: num(c.get('notify.smtp.port'), 465, 1, 65535),
      secure: c.get('notify.smtp.secure') !== 'false',
      user: c.get('notify.smtp.user') ?? '',
      password: secrets ? await configSecret(db, secrets, 'notify.smtp.password') : '',
      from: c.get('notify.smtp.from') || 'TMS <tms@localhost>',
    },
  };
}

/** The signature header of a body at a time (seconds): what a receiver recomputes with its secret. */
export function signature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

interface Claimed {
  id: number;
  event_ref: number;
  event_id: string;
  event_type: string;
  client_id: number | null;
  channel: string;
  webhook_id: number | null;
  target: string;
  lang: string;
  attempts: number;
  /** the event, read with the claim */
  occurred_at: Date;
  payload: Record<string, unknown>;
  /** the endpoint (webhooks), read with the claim; null when it was removed */
  hook_url: string | null;
  hook_secret: string | null;
  hook_status: string | null;
}

/** A send that succeeded, written back with its batch's. */
interface Sent {
  d: Claimed;
  r: PostResult;
  headers: Record<string, string> | null;
  body: string | null;
}

export class Dispatcher {
  private waker: Waker | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secrets: Secrets,
    /** the product's SMS gateway (platform/sms.ts: TMS_SMS_URL; the server log in development), null when none */
    private readonly sms: SmsProvider | null = null,
  ) {}

  async register(): Promise<void> {
    // deliveries are short and independent: a batch is claimed and written back in a few statements
    await this.app.jobs.workBatch(DELIVER_JOB, async (list: { id: number }[]) => this.deliverMany(list.map((d) => Number(d.id))), DELIVER_BATCH);
    await this.app.jobs.schedule(SWEEP_JOB, SWEEP_SECONDS, async () => {
      await this.sweep();
    });
    // woken by NOTIFY_CHANNEL after commit, and at start for what waited while the server was down
    this.waker = new Waker(this.app, this.db, NOTIFY_CHANNEL, 'notify: queueing deliveries failed', async () => (await this.claimDue()) === CLAIM_BATCH);
  }

  /**
   * The dispatcher's own bookkeeping (claims, outcomes, the attempt log) commits without waiting for the disk on a
   * PostgreSQL server: a crash can lose the last few milliseconds of it, which at worst sends a delivery again — what
   * at-least-once already allows (receivers de-duplicate by event id). A durable commit each would bound the
   * deliveries per second by the disk's flushes.
   */
  private write<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    if (this.db.kind !== 'pg') return fn(this.db);
    return this.db.tx(async (q) => {
      await q.query('set local synchronous_commit = off');
      return fn(q);
    });
  }

  /** Queues every due delivery (coalesced: a kick during a run runs once more after it). */
  kick(): void {
    this.waker?.kick();
  }

  /** Gives back deliveries whose job was lost, then queues what is due. */
  async sweep(): Promise<void> {
    const stale = new Date(this.clock.now().getTime() - STALE_MS);
    await this.db.query(
      `update ntf_delivery set status = 'PENDING', update_time = $2 where status in ('QUEUED', 'SENDING') and coalesce(update_time, create_time) < $1 and next_attempt_at < $1`,
      [stale, this.clock.now()],
    );
    this.kick();
  }

  private async claimDue(): Promise<number> {
    const now = this.clock.now();
    const r = await this.db.query<{ id: number }>(
      `update ntf_delivery set status = 'QUEUED', update_time = $1
        where id in (select id from ntf_delivery where status = 'PENDING' and next_attempt_at <= $1 order by id limit ${CLAIM_BATCH} for update skip locked)
        returning id`,
      [now],
    );
    await this.app.jobs.sendMany(DELIVER_JOB, r.rows.map((row) => ({ id: Number(row.id) })));
    return r.rows.length;
  }

  /**
   * One attempt of each of these deliveries (a job batch's work): one statement claims them all with their events and
   * endpoints, the sends run SEND_CONCURRENCY at a time, and the successes are written back in one statement (a
   * failure writes its own outcome: it may count against its endpoint, or wait for a retry). Never throws: the
   * outcome is in the rows. A duplicate job finds nothing to claim.
   */
  async deliverMany(ids: number[]): Promise<void> {
    const claimed = (
      await this.write((q) =>
        q.query<Claimed>(
          `with c as (
             update ntf_delivery set status = 'SENDING', attempts = attempts + 1, update_time = $2 where id = any($1::bigint[]) and status = 'QUEUED'
             returning id, event_ref, event_id, event_type, client_id, channel, webhook_id, target, lang, attempts)
           select c.*, e.occurred_at, e.payload, w.url as hook_url, w.secret_enc as hook_secret, w.status as hook_status
             from c join ntf_event e on e.id = c.event_ref left join ntf_webhook w on w.id = c.webhook_id order by c.id`,
          [ids, this.clock.now()],
        ),
      )
    ).rows;
    if (!claimed.length) return;
    const settings = await loadSettings(this.db, this.secrets);
    const delivered: Sent[] = [];
    let next = 0;
    const lane = async () => {
      for (let d = claimed[next++]; d; d = claimed[next++]) {
        try {
          const sent = await this.attempt(d, settings);
          if (sent) delivered.push(sent);
        } catch (e) {
          this.app.log.error({ err: e, delivery: d.id }, 'notify: delivery failed unexpectedly');
          await this.retryOrFail(d, settings, { ok: false, status: null, body: null, error: String(e).slice(0, 300), durationMs: 0 }, null).catch((e2: unknown) =>
            this.app.log.error({ err: e2, delivery: d.id }, 'notify: recording a failed delivery failed'),
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, claimed.length) }, lane));
    if (delivered.length) await this.finishDelivered(delivered);
  }

  /** Sends one delivery: its success to write back with the batch's, or null when its outcome is already written. */
  private attempt(d: Claimed, s: NotifySettings): Promise<Sent | null> {
    if (d.channel === 'WEBHOOK') return this.sendWebhook(d, s);
    if (d.channel === 'EMAIL') return this.sendEmail(d, s);
    if (d.channel === 'SMS') return this.sendSms(d, s);
    return this.finish(d, 'SKIPPED', { ok: false, status: null, body: null, error: `no sender for ${d.channel}`, durationMs: 0 }, null).then(() => null);
  }

  private async sendWebhook(d: Claimed, s: NotifySettings): Promise<Sent | null> {
    const skip = (error: string) => this.finish(d, 'SKIPPED', { ok: false, status: null, body: null, error, durationMs: 0 }, null).then(() => null);
    if (d.hook_url === null) return skip('endpoint removed');
    if (d.hook_status !== '0' && d.event_type !== 'webhook.test') return skip('endpoint disabled');
    const body = webhookBody(d);
    const ts = Math.floor(this.clock.now().getTime() / 1000);
    const headers: Record<string, string> = {
      'x-tms-event-id': d.event_id,
      'x-tms-event-type': d.event_type,
      'x-tms-delivery-id': String(d.id),
      'x-tms-attempt': String(d.attempts),
      'x-tms-signature': signature(d.hook_secret ? this.secrets.decrypt(d.hook_secret) : '', ts, body),
    };
    const result = await postJson(d.hook_url, body, headers, s);
    const logged = { ...headers, 'x-tms-signature': `t=${ts},v1=…` };
    if (result.ok) return { d, r: result, headers: logged, body };
    // the run of failures first: when the delivery shows its outcome, the endpoint already shows its own
    await this.countFailure(Number(d.webhook_id), s, result);
    if (result.refused) await this.finish(d, 'FAILED', result, logged, body);
    else await this.retryOrFail(d, s, result, logged, body);
    return null;
  }

  private async sendEmail(d: Claimed, s: NotifySettings): Promise<Sent | null> {
    if (!s.smtp.host) return this.finish(d, 'SKIPPED', { ok: false, status: null, body: null, error: 'SMTP not configured (notify.smtp.host)', durationMs: 0 }, null).then(() => null);
    const texts = eventTexts(d.lang, d.event_type, d.payload);
    const started = performance.now();
    try {
      const info = await sendMail(s.smtp, { to: d.target, subject: texts.title, text: texts.body, lang: d.lang, eventId: d.event_id });
      return { d, r: { ok: true, status: 250, body: String(info).slice(0, 2000), error: null, durationMs: Math.round(performance.now() - started) }, headers: null, body: null };
    } catch (err) {
      await this.retryOrFail(d, s, { ok: false, status: null, body: null, error: String((err as Error).message ?? err).slice(0, 300), durationMs: Math.round(performance.now() - started) }, null);
      return null;
    }
  }

  /** A text message through the product's SMS gateway: the event's title and text in the subscription's language. */
  private async sendSms(d: Claimed, s: NotifySettings): Promise<Sent | null> {
    if (!this.sms) return this.finish(d, 'SKIPPED', { ok: false, status: null, body: null, error: 'no SMS gateway (TMS_SMS_URL)', durationMs: 0 }, null).then(() => null);
    const texts = eventTexts(d.lang, d.event_type, d.payload);
    const started = performance.now();
    try {
      await this.sms.send({ requestId: `${d.event_id}:${d.id}`, mobile: d.target, purpose: 'notify', code: null, text: `${texts.title}：${texts.body}`.slice(0, 500) });
      return { d, r: { ok: true, status: 200, body: null, error: null, durationMs: Math.round(performance.now() - started) }, headers: null, body: null };
    } catch (err) {
      await this.retryOrFail(d, s, { ok: false, status: null, body: null, error: String((err as Error).message ?? err).slice(0, 300), durationMs: Math.round(performance.now() - started) }, null);
      return null;
    }
  }

  /**
   * The batch's successes in one statement: each delivery DELIVERED with its answer and its attempt in the log; their
   * endpoints' runs of failures end (the time of last success kept to the second: under load every delivery would
   * otherwise write its endpoint's row).
   */
  private async finishDelivered(list: Sent[]): Promise<void> {
    const rows = list.map(({ d, r, headers, body }) => ({
      id: d.id, client_id: d.client_id, attempt: d.attempts, target: d.target.slice(0, 500), headers: headers ? JSON.stringify(headers).slice(0, 2000) : null,
      status: r.status, body: r.body?.slice(0, 2000) ?? null, duration: r.durationMs, req: body, webhook_id: d.webhook_id,
    }));
    await this.write((q) =>
      q.query(
        `with o as (select * from jsonb_to_recordset($1::jsonb) as x(id bigint, client_id bigint, attempt int, target text, headers text, status int, body text, duration int, req text, webhook_id bigint)),
              a as (insert into ntf_attempt(delivery_id, client_id, attempt, target, request_headers, response_status, response_body, error, duration_ms, attempted_at)
                    select id, client_id, attempt, target, headers, status, body, null, duration, $2 from o),
              w as (update ntf_webhook w set failure_count = 0, last_success_time = $2
                     where w.id in (select webhook_id from o where webhook_id is not null)
                       and (w.failure_count <> 0 or w.last_success_time is null or w.last_success_time < $2::timestamptz - interval '1 second'))
         update ntf_delivery d set status = 'DELIVERED', response_status = o.status, response_body = o.body, error = null, duration_ms = o.duration, delivered_at = $2, update_time = $2,
                request_body = coalesce(d.request_body, o.req)
           from o where d.id = o.id`,
        [JSON.stringify(rows), this.clock.now()],
      ),
    );
  }

  /** The attempt's row in the log (not for a skipped delivery), as a statement to run with the delivery's update. */
  private attemptSql(d: Claimed, r: PostResult, headers: Record<string, string> | null, params: unknown[]): string {
    const at = params.length;
    params.push(d.client_id, d.attempts, d.target.slice(0, 500), headers ? JSON.stringify(headers).slice(0, 2000) : null, r.status, r.body?.slice(0, 2000) ?? null, r.error?.slice(0, 500) ?? null, r.durationMs, this.clock.now());
    const p = (i: number) => `$${at + i}`;
    return `insert into ntf_attempt(delivery_id, client_id, attempt, target, request_headers, response_status, response_body, error, duration_ms, attempted_at)
            values ($1, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(9)})`;
  }

  /** A delivery's failure or skip and its attempt's log row, in one statement; the request body is kept from the first attempt. */
  private async finish(d: Claimed, status: 'FAILED' | 'SKIPPED', r: PostResult, headers: Record<string, string> | null, body: string | null = null): Promise<void> {
    const params: unknown[] = [d.id, status, r.status, r.body?.slice(0, 2000) ?? null, r.error?.slice(0, 500) ?? null, r.durationMs, this.clock.now(), body];
    const update = `update ntf_delivery set status = $2, response_status = $3, response_body = $4, error = $5, duration_ms = $6, delivered_at = null, update_time = $7,
                      request_body = coalesce(request_body, $8) where id = $1`;
    await this.write((q) => q.query(status === 'SKIPPED' ? update : `with a as (${this.attemptSql(d, r, headers, params)}) ${update}`, params));
  }

  private async retryOrFail(d: Claimed, s: NotifySettings, r: PostResult, headers: Record<string, string> | null, body: string | null = null): Promise<void> {
    if (d.attempts >= s.maxAttempts) return this.finish(d, 'FAILED', r, headers, body);
    const base = s.retryBaseSeconds * 1000 * 2 ** (d.attempts - 1);
    const delay = Math.min(3_600_000, Math.round(base * (0.8 + Math.random() * 0.4)));
    const at = new Date(this.clock.now().getTime() + delay);
    const params: unknown[] = [d.id, at, r.status, r.body?.slice(0, 2000) ?? null, r.error?.slice(0, 500) ?? null, r.durationMs, this.clock.now(), body];
    await this.write((q) => q.query(
      `with a as (${this.attemptSql(d, r, headers, params)})
       update ntf_delivery set status = 'QUEUED', next_attempt_at = $2, response_status = $3, response_body = $4, error = $5, duration_ms = $6, update_time = $7,
              request_body = coalesce(request_body, $8) where id = $1`,
      params,
    ));
    await this.app.jobs.send(DELIVER_JOB, { id: d.id }, delay > 0 ? { startAfter: at } : {});
  }

  /** One more failure in a row; at the limit the endpoint is disabled (once) and the administrators are told. */
  private async countFailure(webhookId: number, s: NotifySettings, r: PostResult): Promise<void> {
    const now = this.clock.now();
    const w = (
      await this.db.query<{ failure_count: number; status: string; name: string }>(
        `update ntf_webhook set failure_count = failure_count + 1, last_failure_time = $2 where id = $1 returning failure_count, status, name`,
        [webhookId, now],
      )
    ).rows[0];
    if (!w || w.status !== '0' || w.failure_count < s.disableAfterFailures) return;
    await this.db.tx(async (q) => {
      const off = await q.query(
        `update ntf_webhook set status = '1', disabled_reason = $3, update_by = 'system', update_time = $2, version = version + 1 where id = $1 and status = '0' returning id`,
        [webhookId, now, `${w.failure_count} failures in a row; last: ${r.error ?? r.status}`.slice(0, 200)],
      );
      if (!off.rowCount) return;
      // the administrators hear of it in-app, each in the product's languages of their choice (zh-CN here)
      const admins = await q.query<{ id: number }>(
        `select distinct u.id from sys_user u join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id where r.role_key = 'admin' and u.status = '0'`,
      );
      const ref = await q.query<{ id: number }>(
        `insert into ntf_event(event_id, event_type, client_id, subject_code, payload, occurred_at) values ($1, 'webhook.disabled', null, $2, $3, $4) returning id`,
        [randomUUID(), w.name.slice(0, 60), JSON.stringify({ webhookId, name: w.name, failures: w.failure_count }), now],
      );
      const params = { name: w.name, failures: w.failure_count };
      for (const a of admins.rows) {
        await q.query(
          `insert into ntf_inbox(user_id, event_ref, event_type, client_id, title, body, lang, create_time) values ($1, $2, 'webhook.disabled', null, $3, $4, 'zh-CN', $5)`,
          [a.id, ref.rows[0]!.id, translate('zh-CN', 'messages.notify.event.webhook.disabled.title', params), translate('zh-CN', 'messages.notify.event.webhook.disabled.body', params), now],
        );
      }
    });
    this.app.log.warn({ webhookId, failures: w.failure_count }, 'notify: webhook endpoint disabled after failures in a row');
  }
}
