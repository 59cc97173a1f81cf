/**
 * SMS verification codes (spec §7 /account/sms): a provider interface with two providers, and the
 * code store. Codes are 6 digits, valid 5 minutes, single use, burnt after 5 wrong guesses; a mobile
 * gets at most one per minute for each purpose (so a registration code does not hold up a login code)
 * and a daily cap over all purposes (config `sys.sms.dailyCap`); an address at most 30 an hour.
 * Codes are stored as an HMAC (never in clear); the limits are counted in the database, so they hold
 * across servers.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { SMS_CODE_PATTERN, SMS_RULES, maskMobile, type SmsPurpose } from '@tms/domain';
import type { Db, Queryable } from './db.ts';
import type { AppConfig, Clock } from './config.ts';
import type { Secrets } from './secrets.ts';
import { AppError, tooMany } from './errors.ts';

export interface SmsMessage {
  requestId: string;
  mobile: string;
  /** a verification code's purpose, or 'notify' for a notification (issue 17), which has no code */
  purpose: SmsPurpose | 'notify';
  code: string | null;
  /** the text to send (the template with the code filled in) */
  text: string;
}

export interface SmsProvider {
  readonly name: string;
  /** Sends one message; throws when the provider refuses it. */
  send(m: SmsMessage): Promise<void>;
}

const DEFAULT_TEMPLATE = '【TMS】您的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本短信。';

export function smsText(template: string, code: string): string {
  return template.replaceAll('{code}', code).replaceAll('{minutes}', String(SMS_RULES.ttlMinutes));
}

/** Development: the code goes to the server log instead of a phone. */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  constructor(private readonly log: { warn: (obj: object, msg: string) => void }) {}
  async send(m: SmsMessage): Promise<void> {
    this.log.warn({ sms: { requestId: m.requestId, mobile: maskMobile(m.mobile), purpose: m.purpose, code: m.code } }, `SMS (log provider, development only): ${m.text}`);
  }
}

/**
 * A configurable HTTP gateway: POST {url} with JSON { requestId, mobile, purpose, code, content },
 * `Authorization: Bearer {key}`; any 2xx is accepted. The gateway reports undelivered messages to
 * POST /api/account/sms_err, signed with the same key.
 */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';
  constructor(private readonly o: { url: string; key: string; timeoutMs?: number }) {}
  async send(m: SmsMessage): Promise<void> {
    const res = await fetch(this.o.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.o.key}` },
      body: JSON.stringify({ requestId: m.requestId, mobile: m.mobile, purpose: m.purpose, code: m.code, content: m.text }),
      signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

/** The configured provider: the HTTP gateway when TMS_SMS_URL is set, else the log provider outside production, else none. */
export function smsProvider(config: AppConfig, log: { warn: (obj: object, msg: string) => void }): SmsProvider | null {
  if (config.sms.url) return new HttpSmsProvider({ url: config.sms.url, key: config.sms.key });
  return config.production ? null : new LogSmsProvider(log);
}

export type CodeCheck = { result: 'ok'; id: number } | { result: 'wrong' | 'expired' };

export class SmsCodes {
  /** test hooks only (TMS_TEST_HOOKS=1): the last code sent per purpose and mobile */
  private readonly outbox = new Map<string, string>();
  private readonly template: string;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secrets: Secrets,
    readonly provider: SmsProvider | null,
    private readonly o: { testHooks: boolean; template?: string | null; log: { warn: (obj: object, msg: string) => void } },
  ) {
    this.template = o.template || DEFAULT_TEMPLATE;
  }

  private hash(mobile: string, purpose: SmsPurpose, code: string): string {
    return this.secrets.sign(`sms:${purpose}:${mobile}:${code}`);
  }

  private async dailyCap(q: Queryable): Promise<number> {
    const r = await q.query<{ config_value: string }>(`select config_value from sys_config where config_key = 'sys.sms.dailyCap'`);
    const n = Number(r.rows[0]?.config_value);
    return Number.isInteger(n) && n > 0 ? n : SMS_RULES.dailyCap;
  }

  /**
   * Issues a code for a mobile. `deliver` false (nobody to send to, e.g. an unknown number asking for a
   * password reset) still counts against every limit and answers the same, so the answer tells nothing.
   */
  async issue(mobile: string, purpose: SmsPurpose, ip: string, deliver: boolean): Promise<void> {
    if (!this.provider) throw new AppError(503, 'messages.account.smsUnavailable');
    const now = this.clock.now();
    const code = String(randomInt(0, 10 ** SMS_RULES.codeLength)).padStart(SMS_RULES.codeLength, '0');
    const requestId = randomBytes(16).toString('hex');
    await this.db.tx(async (q) => {
      await q.query(`select pg_advisory_xact_lock(hashtext($1))`, [`sms:${mobile}`]);
      const day = new Date(now.getTime() - 86_400_000);
      const c = (
        await q.query<{ last: Date | null; today: number; addr: number }>(
          `select (select max(create_time) from sys_sms_code where mobile = $1 and purpose = $5 and create_time > $2 and failed_at is null) as last,
                  (select count(*) from sys_sms_code where mobile = $1 and create_time > $2)::int as today,
                  (select count(*) from sys_sms_code where ipaddr = $3 and create_time > $4)::int as addr`,
          [mobile, day, ip, new Date(now.getTime() - 3_600_000), purpose],
        )
      ).rows[0]!;
      const wait = c.last ? Math.ceil((c.last.getTime() + SMS_RULES.resendSeconds * 1000 - now.getTime()) / 1000) : 0;
      if (wait > 0) throw tooMany('messages.account.smsTooSoon', { seconds: wait });
      if (c.today >= (await this.dailyCap(q))) throw tooMany('messages.account.smsDailyCap');
      if (c.addr >= SMS_RULES.perAddressHour) throw tooMany();
      await q.query(
        `insert into sys_sms_code(request_id, mobile, purpose, code_hash, ipaddr, sent, create_time, expires_at) values ($1,$2,$3,$4,$5,$6,$7,$8)`,
        [requestId, mobile, purpose, this.hash(mobile, purpose, code), ip, deliver, now, new Date(now.getTime() + SMS_RULES.ttlMinutes * 60_000)],
      );
    });
    if (!deliver) return;
    try {
      await this.provider.send({ requestId, mobile, purpose, code, text: smsText(this.template, code) });
    } catch (e) {
      this.o.log.warn({ err: e, requestId }, 'SMS provider refused a message');
      await this.markFailed(requestId, String(e));
      throw new AppError(503, 'messages.account.smsSendFailed');
    }
    if (this.o.testHooks) this.outbox.set(`${purpose}:${mobile}`, code);
  }

  /**
   * Checks a code against the newest live code of the mobile and purpose. A wrong guess is counted
   * (committed at once, whatever the caller does next); the code is burnt at the limit. A right code is
   * not consumed here: the caller consumes it in its own transaction (`consume`).
   */
  async check(mobile: string, purpose: SmsPurpose, code: unknown): Promise<CodeCheck> {
    return this.db.tx(async (q) => {
      const r = await q.query<{ id: number; code_hash: string; expires_at: Date; attempts: number }>(
        `select id, code_hash, expires_at, attempts from sys_sms_code
          where mobile = $1 and purpose = $2 and used_at is null and failed_at is null order by id desc limit 1 for update`,
        [mobile, purpose],
      );
      const row = r.rows[0];
      if (!row || row.expires_at <= this.clock.now()) return { result: 'expired' } as const;
      if (typeof code === 'string' && SMS_CODE_PATTERN.test(code) && this.secrets.verify(`sms:${purpose}:${mobile}:${code}`, row.code_hash)) {
        return { result: 'ok', id: row.id } as const;
      }
      const burnt = row.attempts + 1 >= SMS_RULES.maxAttempts;
      await q.query(`update sys_sms_code set attempts = attempts + 1, used_at = case when $2 then $3::timestamptz else used_at end where id = $1`, [row.id, burnt, this.clock.now()]);
      return { result: 'wrong' } as const;
    });
  }

  /** Uses a checked code up, inside the caller's transaction; false when another request used it first. */
  async consume(q: Queryable, id: number): Promise<boolean> {
    const r = await q.query(`update sys_sms_code set used_at = $2 where id = $1 and used_at is null returning id`, [id, this.clock.now()]);
    return r.rowCount > 0;
  }

  /** The gateway reports a message undelivered: the code is void and the mobile may ask again at once. */
  async markFailed(requestId: string, error: string): Promise<boolean> {
    const r = await this.db.query(`update sys_sms_code set failed_at = $2, error = $3 where request_id = $1 and failed_at is null returning id`, [
      requestId,
      this.clock.now(),
      error.slice(0, 300),
    ]);
    return r.rowCount > 0;
  }

  /** Test hooks only: the last code sent to a mobile for a purpose. */
  testCode(mobile: string, purpose: SmsPurpose): string | null {
    return this.o.testHooks ? (this.outbox.get(`${purpose}:${mobile}`) ?? null) : null;
  }
}
