/**
 * Two-step login (spec §7 /auth/2step-code): users named in config `sys.account.twoStepUsers`, or holding
 * a role named in `sys.account.twoStepRoles`, get an SMS code after the right password instead of a
 * token; POST /auth/2step-code with the ticket and the code finishes the login.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { AuthApi, SMS_RULES, maskMobile, type TwoStepChallenge } from '@tms/domain';
import { legacyErrors, route } from '../../platform/contract.ts';
import type { Db } from '../../platform/db.ts';
import type { Clock } from '../../platform/config.ts';
import { AppError, badRequest, tooMany } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { writeLoginLog } from '../../platform/audit.ts';
import { translate } from '../../platform/i18n.ts';
import { openLoginSession } from '../../platform/login-session.ts';
import type { SmsCodes } from '../../platform/sms.ts';
import { LOGIN_LIMITS } from '../system/auth-routes.ts';
import { ACCOUNT_CONFIG, configList, configValues } from './settings.ts';

/** What the login route asks of the second factor. */
export interface SecondFactor {
  /** null: the password is enough; else the challenge answered instead of a token (the code is on its way) */
  challenge(req: FastifyRequest, user: { id: number; userName: string }): Promise<TwoStepChallenge | null>;
}

const hashTicket = (t: string) => createHash('sha256').update(t).digest('hex');

export class TwoStep implements SecondFactor {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sms: SmsCodes,
  ) {}

  async required(userId: number): Promise<boolean> {
    const cfg = await configValues(this.db, [ACCOUNT_CONFIG.twoStepUsers, ACCOUNT_CONFIG.twoStepRoles]);
    const users = configList(cfg.get(ACCOUNT_CONFIG.twoStepUsers));
    const roles = configList(cfg.get(ACCOUNT_CONFIG.twoStepRoles));
    if (!users.length && !roles.length) return false;
    const r = await this.db.query(
      `select 1 from sys_user u where u.id = $1 and (u.user_name = any($2)
          or exists (select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id and r.status = '0' where ur.user_id = u.id and r.role_key = any($3)))`,
      [userId, users, roles],
    );
    return r.rowCount > 0;
  }

  async challenge(req: FastifyRequest, user: { id: number; userName: string }): Promise<TwoStepChallenge | null> {
    if (!(await this.required(user.id))) return null;
    const mobile = (await this.db.query<{ mobile: string | null }>(`select mobile from sys_user where id = $1`, [user.id])).rows[0]?.mobile;
    if (!mobile) {
      await writeLoginLog(this.db, req, user.userName, '1', translate(req.lang, 'messages.account.twoStepNoMobile'), this.clock.now());
      throw new AppError(403, 'messages.account.twoStepNoMobile');
    }
    await this.send(mobile, req.ip, true);
    const ticket = randomBytes(24).toString('base64url');
    const now = this.clock.now();
    await this.db.query(`insert into sys_login_ticket(token_hash, user_id, mobile, create_time, expires_at) values ($1,$2,$3,$4,$5)`, [
      hashTicket(ticket),
      user.id,
      mobile,
      now,
      new Date(now.getTime() + SMS_RULES.ttlMinutes * 60_000),
    ]);
    return { twoStep: true, ticket, mobile: maskMobile(mobile) };
  }

  /** Sends a login code; a code sent less than a minute ago is still the live one, so a quick retry keeps it. */
  private async send(mobile: string, ip: string, keepRecent: boolean): Promise<void> {
    try {
      await this.sms.issue(mobile, 'LOGIN', ip, true);
    } catch (e) {
      if (!(keepRecent && e instanceof AppError && e.key === 'messages.account.smsTooSoon')) throw e;
    }
  }

  register(app: FastifyInstance): void {
    route(app, { ...AuthApi.endpoints.twoStep, config: { rateLimit: { max: 60, timeWindow: '1 minute' } }, body: legacyErrors(AuthApi.TwoStep) }, async (req) => {
      const b = req.body;
      const now = this.clock.now();
      const t = (
        await this.db.query<{ user_id: number; mobile: string; user_name: string; status: string }>(
          `select t.user_id, t.mobile, u.user_name, u.status from sys_login_ticket t join sys_user u on u.id = t.user_id
            where t.token_hash = $1 and t.used = false and t.expires_at > $2`,
          [hashTicket(b.ticket), now],
        )
      ).rows[0];
      if (!t) throw new AppError(401, 'messages.account.twoStepExpired');
      // the login's per-account lock counts wrong codes too
      const since = new Date(now.getTime() - LOGIN_LIMITS.windowMinutes * 60_000);
      const fails = await this.db.query<{ n: number }>(`select count(*)::int as n from sys_login_log where status = '1' and user_name = $1 and login_time > $2`, [t.user_name, since]);
      if (fails.rows[0]!.n >= LOGIN_LIMITS.perAccount) throw tooMany('messages.login.userLocked', { minutes: LOGIN_LIMITS.windowMinutes });
      if (b.code === undefined || b.code === null || b.code === '') {
        await this.send(t.mobile, req.ip, false);
        return ok(req, { mobile: maskMobile(t.mobile) }, 'messages.account.twoStepSent', { mobile: maskMobile(t.mobile) });
      }
      const checked = await this.sms.check(t.mobile, 'LOGIN', b.code);
      if (checked.result !== 'ok') {
        const key = checked.result === 'wrong' ? 'messages.account.smsCodeWrong' : 'messages.account.smsCodeExpired';
        await writeLoginLog(this.db, req, t.user_name, '1', translate(req.lang, key), now);
        throw badRequest(key, { code: { key } });
      }
      if (t.status !== '0') throw new AppError(403, 'messages.login.userDisabled');
      // ticket and code are used up together, or neither (a concurrent request won)
      await this.db.tx(async (q) => {
        const r = await q.query(`update sys_login_ticket set used = true where token_hash = $1 and used = false returning user_id`, [hashTicket(b.ticket)]);
        if (!r.rowCount || !(await this.sms.consume(q, checked.id))) throw new AppError(401, 'messages.account.twoStepExpired');
      });
      const s = await openLoginSession(this.db, this.clock, req, t.user_id, t.user_name);
      return ok(req, { token: s.token, expiresAt: s.expiresAt.toISOString() }, 'messages.login.success');
    });
  }
}
