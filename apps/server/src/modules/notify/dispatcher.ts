/**
 * Sending what the outbox holds, at least once, through the job queue (platform/jobs.ts: pg-boss on a
 * PostgreSQL server, in-process on PGlite):
 *
 * - After a transaction with deliveries commits, its NOTIFY wakes `kick()` on every server; a sweep
 *   (every `SWEEP_SECONDS`) catches anything a wake-up missed, and gives back deliveries whose job was
 *   lost (a restart of an embedded server). Claiming is `for update skip locked`: one server queues a
 *   delivery, once.
 * - A job sends one delivery: the worker claims it (QUEUED → SENDING, attempts + 1; a duplicate job finds
 *   nothing to claim), sends, logs the attempt (ntf_attempt) and either marks it DELIVERED, or queues it
 *   again after an exponential back-off (retryBaseSeconds × 2^(attempt−1), at most an hour, ±20 %
 *   jitter), or FAILED after maxAttempts.
 * - Webhooks: `X-TMS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. A run of
 *   `disableAfterFailures` failed attempts in a row disables the endpoint and tells the administrators
 *   (in-app); a success resets the run.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { translate } from '../../platform/i18n.ts';
import { eventTexts, NOTIFY_CHANNEL, webhookBody } from './outbox.ts';
import { postJson, type PostResult } from './http-post.ts';
import { Waker } from '../../platform/wake.ts';
import { sendMail, type SmtpSettings } from './mail.ts';

export const DELIVER_JOB = 'notify-deliver';
export const SWEEP_JOB = 'notify-sweep';
const SWEEP_SECONDS = 30;
/** a QUEUED / SENDING delivery untouched this long lost its job: queued again */
const STALE_MS = 10 * 60_000;
const CLAIM_BATCH = 500;

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

/** The notify.* keys of the system configuration, with defaults. */
export async function loadSettings(db: Pick<Db, 'query'>): Promise<NotifySettings> {
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
      password: c.get('notify.smtp.password') ?? '',
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
}

export class Dispatcher {
  private waker: Waker | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secrets: Secrets,
  ) {}

  async register(): Promise<void> {
    await this.app.jobs.work(DELIVER_JOB, async (data: { id: number }) => this.deliver(Number(data.id)));
    await this.app.jobs.schedule(SWEEP_JOB, SWEEP_SECONDS, async () => {
      await this.sweep();
    });
    // woken by NOTIFY_CHANNEL after commit, and at start for what waited while the server was down
    this.waker = new Waker(this.app, this.db, NOTIFY_CHANNEL, 'notify: queueing deliveries failed', async () => (await this.claimDue()) === CLAIM_BATCH);
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
    for (const row of r.rows) await this.app.jobs.send(DELIVER_JOB, { id: Number(row.id) });
    return r.rows.length;
  }

  /** One attempt of one delivery (the job's work). Never throws: the outcome is in the row. */
  async deliver(id: number): Promise<void> {
    const now = this.clock.now();
    const claimed = (
      await this.db.query<Claimed>(
        `update ntf_delivery set status = 'SENDING', attempts = attempts + 1, update_time = $2 where id = $1 and status = 'QUEUED'
         returning id, event_ref, event_id, event_type, client_id, channel, webhook_id, target, lang, attempts`,
        [id, now],
      )
    ).rows[0];
    if (!claimed) return; // a duplicate job, or already done
    try {
      const settings = await loadSettings(this.db);
      if (claimed.channel === 'WEBHOOK') await this.sendWebhook(claimed, settings);
      else if (claimed.channel === 'EMAIL') await this.sendEmail(claimed, settings);
      else await this.finish(claimed, 'SKIPPED', { ok: false, status: null, body: null, error: `no sender for ${claimed.channel}`, durationMs: 0 }, null);
    } catch (e) {
      this.app.log.error({ err: e, delivery: id }, 'notify: delivery failed unexpectedly');
      await this.retryOrFail(claimed, await loadSettings(this.db), { ok: false, status: null, body: null, error: String(e).slice(0, 300), durationMs: 0 }, null);
    }
  }

  private async event(ref: number) {
    return (
      await this.db.query<{ event_id: string; event_type: string; occurred_at: Date; client_id: number | null; payload: Record<string, unknown> }>(
        `select event_id, event_type, occurred_at, client_id, payload from ntf_event where id = $1`,
        [ref],
      )
    ).rows[0]!;
  }

  private async sendWebhook(d: Claimed, s: NotifySettings): Promise<void> {
    const hook = (await this.db.query<{ url: string; secret_enc: string | null; status: string }>(`select url, secret_enc, status from ntf_webhook where id = $1`, [d.webhook_id])).rows[0];
    if (!hook) return this.finish(d, 'SKIPPED', { ok: false, status: null, body: null, error: 'endpoint removed', durationMs: 0 }, null);
    if (hook.status !== '0' && d.event_type !== 'webhook.test') return this.finish(d, 'SKIPPED', { ok: false, status: null, body: null, error: 'endpoint disabled', durationMs: 0 }, null);
    const body = webhookBody(await this.event(d.event_ref));
    const ts = Math.floor(this.clock.now().getTime() / 1000);
    const headers: Record<string, string> = {
      'x-tms-event-id': d.event_id,
      'x-tms-event-type': d.event_type,
      'x-tms-delivery-id': String(d.id),
      'x-tms-attempt': String(d.attempts),
      'x-tms-signature': signature(hook.secret_enc ? this.secrets.decrypt(hook.secret_enc) : '', ts, body),
    };
    const result = await postJson(hook.url, body, headers, s);
    const logged = { ...headers, 'x-tms-signature': `t=${ts},v1=…` };
    await this.db.query(`update ntf_delivery set request_body = $2 where id = $1 and request_body is null`, [d.id, body]);
    if (result.ok) {
      await this.finish(d, 'DELIVERED', result, logged);
      await this.db.query(`update ntf_webhook set failure_count = 0, last_success_time = $2 where id = $1`, [d.webhook_id, this.clock.now()]);
      return;
    }
    // the run of failures first: when the delivery shows its outcome, the endpoint already shows its own
    await this.countFailure(Number(d.webhook_id), s, result);
    if (result.refused) await this.finish(d, 'FAILED', result, logged);
    else await this.retryOrFail(d, s, result, logged);
  }

  private async sendEmail(d: Claimed, s: NotifySettings): Promise<void> {
    if (!s.smtp.host) return this.finish(d, 'SKIPPED', { ok: false, status: null, body: null, error: 'SMTP not configured (notify.smtp.host)', durationMs: 0 }, null);
    const e = await this.event(d.event_ref);
    const texts = eventTexts(d.lang, e.event_type, e.payload);
    const started = performance.now();
    try {
      const info = await sendMail(s.smtp, { to: d.target, subject: texts.title, text: texts.body, lang: d.lang, eventId: d.event_id });
      await this.finish(d, 'DELIVERED', { ok: true, status: 250, body: String(info).slice(0, 2000), error: null, durationMs: Math.round(performance.now() - started) }, null);
    } catch (err) {
      await this.retryOrFail(d, s, { ok: false, status: null, body: null, error: String((err as Error).message ?? err).slice(0, 300), durationMs: Math.round(performance.now() - started) }, null);
    }
  }

  private async logAttempt(d: Claimed, r: PostResult, headers: Record<string, string> | null): Promise<void> {
    await this.db.query(
      `insert into ntf_attempt(delivery_id, client_id, attempt, target, request_headers, response_status, response_body, error, duration_ms, attempted_at)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
      [d.id, d.client_id, d.attempts, d.target.slice(0, 500), headers ? JSON.stringify(headers).slice(0, 2000) : null, r.status, r.body?.slice(0, 2000) ?? null, r.error?.slice(0, 500) ?? null, r.durationMs, this.clock.now()],
    );
  }

  private async finish(d: Claimed, status: 'DELIVERED' | 'FAILED' | 'SKIPPED', r: PostResult, headers: Record<string, string> | null): Promise<void> {
    if (status !== 'SKIPPED') await this.logAttempt(d, r, headers);
    await this.db.query(
      `update ntf_delivery set status = $2, response_status = $3, response_body = $4, error = $5, duration_ms = $6, delivered_at = $7, update_time = $8 where id = $1`,
      [d.id, status, r.status, r.body?.slice(0, 2000) ?? null, r.error?.slice(0, 500) ?? null, r.durationMs, status === 'DELIVERED' ? this.clock.now() : null, this.clock.now()],
    );
  }

  private async retryOrFail(d: Claimed, s: NotifySettings, r: PostResult, headers: Record<string, string> | null): Promise<void> {
    if (d.attempts >= s.maxAttempts) return this.finish(d, 'FAILED', r, headers);
    await this.logAttempt(d, r, headers);
    const base = s.retryBaseSeconds * 1000 * 2 ** (d.attempts - 1);
    const delay = Math.min(3_600_000, Math.round(base * (0.8 + Math.random() * 0.4)));
    const at = new Date(this.clock.now().getTime() + delay);
    await this.db.query(
      `update ntf_delivery set status = 'QUEUED', next_attempt_at = $2, response_status = $3, response_body = $4, error = $5, duration_ms = $6, update_time = $7 where id = $1`,
      [d.id, at, r.status, r.body?.slice(0, 2000) ?? null, r.error?.slice(0, 500) ?? null, r.durationMs, this.clock.now()],
    );
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
