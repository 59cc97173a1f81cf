/**
 * Self-service account calls (spec §7): SMS codes (/account/sms, /account/sms_err), registration
 * (/auth/register) and the forgotten password (/auth/forge-password). Answers never tell whether a
 * user name or mobile number is known beyond one neutral message.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AuthApi as C, okOf, SMS_RULES, fieldByName, getResource, validateField, type FieldDef, type SmsPurpose } from '@tms/domain';
import type { Db, Queryable } from '../../platform/db.ts';
import type { AppConfig, Clock } from '../../platform/config.ts';
import { AppError, badRequest, conflict, notFound, type FieldMessage } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { route } from '../../platform/contract.ts';
import { mutate } from '../../platform/audit.ts';
import { hashPassword } from '../../platform/auth.ts';
import { translate } from '../../platform/i18n.ts';
import type { SmsCodes } from '../../platform/sms.ts';
import { countAttempt, registrationOpen } from './settings.ts';

const userDef = getResource('user');
const FIELDS: Record<string, FieldDef> = {
  userName: { ...fieldByName(userDef, 'userName')!, required: true },
  mobile: { ...fieldByName(userDef, 'mobile')!, required: true },
  email: { ...fieldByName(userDef, 'email')!, required: true },
  password: { name: 'password', kind: 'password', required: true },
};

type Body = Record<string, unknown>;

/** Validates the named fields of a body; 400 naming every bad field. */
function validate(body: Body, names: (keyof typeof FIELDS)[], extra: Record<string, FieldMessage> = {}): void {
  const errors: Record<string, FieldMessage> = {};
  for (const n of names) {
    const e = validateField(FIELDS[n]!, typeof body[n] === 'string' && n !== 'password' ? (body[n] as string).trim() : body[n]);
    if (e) errors[n] = e;
  }
  if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) errors.confirmPassword = { key: 'validation.passwordMismatch' };
  Object.assign(errors, extra);
  if (Object.keys(errors).length) throw badRequest('messages.validationFailed', errors);
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

const PURPOSES: Record<string, SmsPurpose> = { register: 'REGISTER', forget: 'FORGET' };

/** Checks an SMS code; a wrong or stale one answers 400 under the code field. */
async function checkCode(sms: SmsCodes, mobile: string, purpose: SmsPurpose, code: unknown): Promise<number> {
  const c = await sms.check(mobile, purpose, code);
  if (c.result === 'ok') return c.id;
  const key = c.result === 'wrong' ? 'messages.account.smsCodeWrong' : 'messages.account.smsCodeExpired';
  throw badRequest(key, { smsCaptcha: { key } });
}

/** A missing SMS code is named with the other field errors. */
const codeGiven = (b: Body): Record<string, FieldMessage> => (typeof b.smsCaptcha === 'string' && b.smsCaptcha ? {} : { smsCaptcha: { key: 'validation.smsCode' } });

/** Uses the checked code up in the mutation's transaction (a concurrent request may have used it first). */
async function consumeCode(q: Queryable, sms: SmsCodes, id: number): Promise<void> {
  if (!(await sms.consume(q, id))) throw badRequest('messages.account.smsCodeExpired', { smsCaptcha: { key: 'messages.account.smsCodeExpired' } });
}

/** Users holding a mobile number (a password reset needs exactly one). */
async function usersByMobile(db: Pick<Db, 'query'>, mobile: string): Promise<number[]> {
  return (await db.query<{ id: number }>(`select id from sys_user where mobile = $1`, [mobile])).rows.map((r) => r.id);
}

/** HMAC-SHA256 (hex) of a delivery report, with the gateway's key. */
export function smsReportSignature(key: string, timestamp: string, requestId: string, error: string): string {
  return createHmac('sha256', key).update(`${timestamp}.${requestId}.${error}`).digest('hex');
}

export function registerAccountRoutes(app: FastifyInstance, db: Db, config: AppConfig, clock: Clock, sms: SmsCodes): void {
  const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  const tags = ['account'];
  route(app, { ...C.endpoints.sendSms, config: limited }, async (req) => {
    const b = (req.body ?? {}) as Body;
    const purpose = PURPOSES[str(b.purpose).toLowerCase()];
    validate(b, ['mobile'], purpose ? {} : { purpose: { key: 'validation.invalid' } });
    const mobile = str(b.mobile);
    if (purpose === 'REGISTER' && !(await registrationOpen(db))) throw conflict('messages.account.registerClosed');
    // a reset code goes out only to a number that identifies one account; the answer is the same either way
    const deliver = purpose === 'REGISTER' || (await usersByMobile(db, mobile)).length === 1;
    await sms.issue(mobile, purpose!, req.ip, deliver);
    const key = purpose === 'REGISTER' ? 'messages.account.smsSent' : 'messages.account.smsSentIfKnown';
    return ok(req, { resendSeconds: SMS_RULES.resendSeconds }, key, { minutes: SMS_RULES.ttlMinutes });
  });

  // Delivery reports of the HTTP gateway: a message it could not deliver. Signed with the gateway's key.
  route(app, { method: 'POST', url: '/api/account/sms_err', operationId: 'account.smsReport', summary: 'Delivery report of the SMS gateway: a message it could not deliver (signed)', tags, permission: 'public', config: limited, body: C.SmsReport, response: okOf(z.object({ updated: z.unknown() })) }, async (req) => {
    const b = (req.body ?? {}) as Body;
    if (!config.sms.url || !config.sms.key) throw notFound();
    const ts = str(b.timestamp);
    const requestId = str(b.requestId);
    const error = typeof b.error === 'string' ? b.error : '';
    const sig = String(req.headers['x-sms-signature'] ?? '');
    const want = Buffer.from(smsReportSignature(config.sms.key, ts, requestId, error));
    const fresh = Math.abs(clock.now().getTime() - Number(ts)) <= SMS_RULES.ttlMinutes * 60_000;
    if (!fresh || want.length !== Buffer.byteLength(sig) || !timingSafeEqual(want, Buffer.from(sig))) {
      req.log.warn({ requestId, ip: req.ip }, 'SMS delivery report with a bad signature refused');
      throw new AppError(401, 'messages.account.smsReportBad');
    }
    return ok(req, { updated: await sms.markFailed(requestId, error || 'undelivered') });
  });

  if (config.testHooks) {
    route(app, { method: 'GET', url: '/api/account/sms/testCode', operationId: 'account.smsTestCode', summary: 'Test hook: the last SMS code of a number (only with TMS test hooks on)', tags, permission: 'public', querystring: C.SmsTestQuery, response: okOf(z.object({ code: z.string().nullable() })) }, async (req) => {
      const q = req.query;
      return ok(req, { code: sms.testCode(str(q.mobile), PURPOSES[str(q.purpose).toLowerCase()] ?? 'LOGIN') });
    });
  }

  route(app, C.endpoints.registrationOpen, async (req) => ok(req, { open: await registrationOpen(db) }));

  route(app, { ...C.endpoints.register, config: limited }, async (req) => {
    const b = (req.body ?? {}) as Body;
    if (!(await registrationOpen(db))) throw conflict('messages.account.registerClosed');
    await db.tx((q) => countAttempt(q, clock, 'REGISTER', req.ip));
    validate(b, ['userName', 'mobile', 'email', 'password'], codeGiven(b));
    const userName = str(b.userName);
    const mobile = str(b.mobile);
    const codeId = await checkCode(sms, mobile, 'REGISTER', b.smsCaptcha);
    const hash = await hashPassword(String(b.password));
    await mutate(db, req, { title: 'register', businessType: 'INSERT' }, async (q) => {
      await q.query(`select pg_advisory_xact_lock(hashtext('tms-register'))`);
      const taken = await q.query(`select 1 from sys_user where lower(user_name) = lower($1) or mobile = $2 limit 1`, [userName, mobile]);
      // one neutral answer for a taken name or number
      if (taken.rowCount) throw conflict('messages.account.registerRejected');
      await consumeCode(q, sms, codeId);
      // disabled, without roles or dispatch centers, until an administrator enables it
      await q.query(
        `insert into sys_user(user_name, nick_name, password_hash, email, mobile, status, remark, create_by) values ($1,$1,$2,$3,$4,'1',$5,'register')`,
        [userName, hash, str(b.email), mobile, translate(req.lang, 'messages.account.selfRegistered')],
      );
      return { userName };
    });
    return ok(req, { userName, status: '1' as const }, 'messages.account.registered');
  });

  route(app, { ...C.endpoints.forgetPassword, config: limited }, async (req) => {
    const b = (req.body ?? {}) as Body;
    await db.tx((q) => countAttempt(q, clock, 'FORGET', req.ip));
    validate(b, ['mobile', 'password'], codeGiven(b));
    const mobile = str(b.mobile);
    const codeId = await checkCode(sms, mobile, 'FORGET', b.smsCaptcha);
    const hash = await hashPassword(String(b.password));
    await mutate(db, req, { title: 'forgePassword', businessType: 'UPDATE' }, async (q) => {
      const ids = await usersByMobile(q, mobile);
      if (ids.length !== 1) throw conflict('messages.account.resetRejected');
      await consumeCode(q, sms, codeId);
      await q.query(`update sys_user set password_hash = $1, update_by = 'forge-password', update_time = $2, version = version + 1 where id = $3`, [hash, clock.now(), ids[0]]);
      // every signed-in session of the user ends (API-client tokens are the client secret's, not the password's)
      await q.query(`update sys_session set revoked_at = $1 where user_id = $2 and revoked_at is null and client_id is null`, [clock.now(), ids[0]]);
      return { reset: true };
    });
    return ok(req, null, 'messages.account.passwordReset');
  });
}
