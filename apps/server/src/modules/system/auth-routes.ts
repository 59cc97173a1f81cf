/** Login (slide captcha), logout, captcha, single-sign-on code exchange. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AuthApi as C, okOf } from '@tms/domain';
import { legacyErrors as L, route, type TypedRequest } from '../../platform/contract.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db.ts';
import type { AppConfig, Clock } from '../../platform/config.ts';
import { AppError, badRequest, tooMany } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { bearer, createSession, hashPassword, hashToken, requireCaller, verifyPassword } from '../../platform/auth.ts';
import { openLoginSession } from '../../platform/login-session.ts';
import type { SecondFactor } from '../account/index.ts';
import { captchaAnswer, checkCaptcha, consumeCaptcha, createCaptcha } from '../../platform/captcha.ts';
import { writeLoginLog } from '../../platform/audit.ts';
import { translate } from '../../platform/i18n.ts';

export const LOGIN_LIMITS = { windowMinutes: 15, perAccount: 5, perAddress: 30 } as const;

export async function captchaEnabled(db: Db, config: AppConfig): Promise<boolean> {
  if (!config.captcha) return false;
  const r = await db.query<{ config_value: string }>(`select config_value from sys_config where config_key = 'sys.account.captchaEnabled'`);
  return r.rows[0]?.config_value !== 'false';
}

let dummyHash: Promise<string> | null = null;

/** `secondFactor`: users it names sign in with an SMS code after the password (modules/account). */
export function registerAuthRoutes(app: FastifyInstance, db: Db, config: AppConfig, clock: Clock, secondFactor?: SecondFactor): void {
  const limited = { rateLimit: { max: config.authRatePerMinute, timeWindow: '1 minute' } };

  const tags = ['auth'];
  route(app, { ...C.endpoints.captcha, config: limited }, async (req) => {
    return ok(req, { ...(await createCaptcha(db, clock)), enabled: await captchaEnabled(db, config) });
  });

  route(app, { ...C.endpoints.checkCaptcha, config: limited }, async (req) => {
    const b = req.body ?? {};
    const r = await checkCaptcha(db, clock, b.token, b.x);
    if (r !== 'ok') throw badRequest(r === 'expired' ? 'messages.login.captchaExpired' : 'messages.login.captchaWrong');
    return ok(req, { verified: true });
  });

  if (config.testHooks) {
    route(app, { method: 'GET', url: '/api/auth/captcha/testAnswer', operationId: 'auth.captchaTestAnswer', summary: 'Test hook: the answer of a captcha (only with TMS test hooks on)', tags, permission: 'public', querystring: C.CaptchaTestQuery, response: okOf(z.object({ x: z.number().nullable() })) }, async (req) => {
      const token = String(req.query.token ?? '');
      return ok(req, { x: await captchaAnswer(db, token) });
    });
  }

  const LoginBody = L(C.Login, true);
  const login = async (req: TypedRequest<undefined, undefined, typeof LoginBody>) => {
    const b = req.body;
    const { username, password } = b;
    const now = clock.now();
    const fail = async (status: number, key: string, params?: Record<string, unknown>) => {
      await writeLoginLog(db, req, username, '1', translate(req.lang, key, params), now);
      return new AppError(status, key, params);
    };
    // rate limits: per account and per address, counted from the login log
    const since = new Date(now.getTime() - LOGIN_LIMITS.windowMinutes * 60_000);
    const counts = await db.query<{ acct: number; addr: number }>(
      `select count(*) filter (where user_name = $1)::int as acct, count(*) filter (where ipaddr = $2)::int as addr
         from sys_login_log where status = '1' and login_time > $3 and (user_name = $1 or ipaddr = $2)`,
      [username, req.ip, since],
    );
    const c = counts.rows[0]!;
    // an account with too many failures is locked, whatever the password
    if (c.acct >= LOGIN_LIMITS.perAccount) throw tooMany('messages.login.userLocked', { minutes: LOGIN_LIMITS.windowMinutes });
    // an address with too many failures (an office behind one NAT, a proxy) is throttled, not locked out: unknown users and
    // wrong passwords from it answer 429 (and go on counting against their accounts), a correct password still signs in
    const addressThrottled = c.addr >= LOGIN_LIMITS.perAddress;

    if (await captchaEnabled(db, config)) {
      if (b.captchaToken === undefined) throw await fail(400, 'messages.login.captchaRequired');
      const r = await consumeCaptcha(db, clock, b.captchaToken, typeof b.x === 'string' ? Number(b.x) : b.x);
      if (r !== 'ok') throw await fail(400, r === 'expired' ? 'messages.login.captchaExpired' : 'messages.login.captchaWrong');
    }

    const u = (
      await db.query<{ id: number; password_hash: string; status: string }>(`select id, password_hash, status from sys_user where user_name = $1`, [username])
    ).rows[0];
    // verify against a dummy hash when the user does not exist, so timing does not tell
    dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
    const good = await verifyPassword(u?.password_hash ?? (await dummyHash), password);
    if ((!u || !good) && addressThrottled) throw await fail(429, 'messages.login.addressThrottled', { minutes: LOGIN_LIMITS.windowMinutes });
    if (!u || !good) throw await fail(401, 'messages.login.badCredentials');
    if (u.status !== '0') throw await fail(403, 'messages.login.userDisabled');

    // a second step: no token yet, a ticket for POST /auth/2step-code and an SMS code on its way
    const challenge = await secondFactor?.challenge(req, { id: u.id, userName: username });
    if (challenge) return ok(req, challenge, 'messages.account.twoStepSent', { mobile: challenge.mobile });
    const s = await openLoginSession(db, clock, req, u.id, username);
    return ok(req, { token: s.token, expiresAt: s.expiresAt.toISOString() }, 'messages.login.success');
  };

  route(app, { ...C.endpoints.login, config: limited, body: LoginBody }, login);
  route(app, { ...C.endpoints.loginPlain, config: limited, body: LoginBody }, login);

  route(app, C.endpoints.logout, async (req) => {
    const token = bearer(req);
    if (token) {
      const r = await db.query<{ user_name: string }>(
        `update sys_session s set revoked_at = $2 from sys_user u where u.id = s.user_id and s.token_hash = $1 and s.revoked_at is null returning u.user_name`,
        [hashToken(token), clock.now()],
      );
      if (r.rows[0]) await writeLoginLog(db, req, r.rows[0].user_name, '0', translate(req.lang, 'messages.login.logout'), clock.now());
    }
    return ok(req, null, 'messages.login.logout');
  });

  // Single sign-on: a signed-in application asks for a one-time code; the other exchanges it for a token.
  route(app, C.endpoints.ssoCode, async (req) => {
    const caller = requireCaller(req);
    const code = randomBytes(24).toString('base64url');
    await db.query(`insert into sys_sso_code(code_hash, user_id, dispatch_center_id, expires_at) values ($1,$2,$3,$4)`, [
      createHash('sha256').update(code).digest('hex'),
      caller.userId,
      caller.dispatchCenterId,
      new Date(clock.now().getTime() + 60_000),
    ]);
    return ok(req, { code });
  });

  route(app, { ...C.endpoints.ssoToken, config: limited, body: L(C.SsoExchange) }, async (req) => {
    const { code } = req.body;
    const out = await db.tx(async (q) => {
      const r = await q.query<{ user_id: number; dispatch_center_id: number | null }>(
        `update sys_sso_code c set used = true from sys_user u
          where c.code_hash = $1 and c.used = false and c.expires_at > $2 and u.id = c.user_id and u.status = '0'
          returning c.user_id, c.dispatch_center_id`,
        [createHash('sha256').update(code).digest('hex'), clock.now()],
      );
      const row = r.rows[0];
      if (!row) return null;
      return createSession(q, clock, row.user_id, row.dispatch_center_id, { ip: req.ip, userAgent: req.headers['user-agent'] });
    });
    if (!out) throw new AppError(401, 'messages.login.tokenExpired');
    return ok(req, out.token);
  });
}
