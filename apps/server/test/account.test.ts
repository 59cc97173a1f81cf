/**
 * Self-service accounts: SMS codes (expiry, single use, per-minute and daily limits, delivery reports),
 * registration (off by config, disabled until enabled, neutral answers, rate limit), forgotten password
 * (revokes tokens) and the two-step login for configured users and roles.
 */
import { createServer, type Server } from 'node:http';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMS_RULES } from '@tms/domain';
import { translate } from '../src/platform/i18n.ts';
import { smsProvider } from '../src/platform/sms.ts';
import { loadConfig } from '../src/platform/config.ts';
import { smsReportSignature } from '../src/modules/account/routes.ts';
import { ADMIN, createUser, startServer, type TestServer } from './helpers.ts';

const zh = (key: string, params?: Record<string, unknown>) => translate('zh-CN', key, params);
const newMobile = () => `13${randomInt(100_000_000, 999_999_999)}`;
const MINUTE = 60_000;

function kit(get: () => TestServer) {
  const s = () => get();
  return {
    sms: (mobile: string, purpose = 'register') => s().api('POST', '/api/account/sms', { body: { mobile, purpose } }),
    code: async (mobile: string, purpose = 'register'): Promise<string | null> =>
      (await s().api('GET', '/api/account/sms/testCode', { query: { mobile, purpose } })).json.data.code,
    config: (key: string, value: string) => s().db.query(`update sys_config set config_value = $2 where config_key = $1`, [key, value]),
    register: (body: Record<string, unknown>) => s().api('POST', '/api/auth/register', { body }),
    /** a new mobile with a register code on it (the clock moves a minute on, so the next code is allowed) */
    async registerCode(mobile = newMobile()): Promise<{ mobile: string; code: string }> {
      const r = await s().api('POST', '/api/account/sms', { body: { mobile, purpose: 'register' } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const code = (await s().api('GET', '/api/account/sms/testCode', { query: { mobile, purpose: 'register' } })).json.data.code as string;
      s().clock.advance(MINUTE + 1000);
      return { mobile, code };
    },
    clearAttempts: () => s().db.query(`delete from sys_account_attempt`),
  };
}

const person = (over: Record<string, unknown> = {}) => ({
  userName: `reg_${randomInt(1e6, 9e6)}`,
  email: 'someone@example.com',
  password: 'secret123',
  confirmPassword: 'secret123',
  ...over,
});

describe('SMS codes', () => {
  let s: TestServer;
  const k = kit(() => s);
  beforeAll(async () => {
    s = await startServer();
    await k.config('sys.account.registerUser', 'true');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a code is 6 digits; a second one within a minute is refused, after the minute it is sent', async () => {
    const m = newMobile();
    const r = await k.sms(m);
    expect(r.status).toBe(200);
    expect(r.json.msg).toBe(zh('messages.account.smsSent', { minutes: 5 }));
    expect(r.json.data.resendSeconds).toBe(60);
    expect(await k.code(m)).toMatch(/^\d{6}$/);
    const again = await k.sms(m);
    expect(again.status).toBe(429);
    expect(again.json.msg).toMatch(/请 \d+ 秒后再试/);
    // the minute is per purpose: a code for another purpose is not held up
    expect((await k.sms(m, 'forget')).status).toBe(200);
    expect((await k.sms(m, 'forget')).status).toBe(429);
    expect((await k.sms(newMobile())).status).toBe(200);
    s.clock.advance(MINUTE + 1000);
    expect((await k.sms(m)).status).toBe(200);
  });

  it('daily cap per mobile (config sys.sms.dailyCap), over 24 hours', async () => {
    await k.config('sys.sms.dailyCap', '3');
    const m = newMobile();
    for (let i = 0; i < 3; i++) {
      expect((await k.sms(m)).status).toBe(200);
      s.clock.advance(MINUTE + 1000);
    }
    const capped = await k.sms(m);
    expect(capped.status).toBe(429);
    expect(capped.json.msg).toBe(zh('messages.account.smsDailyCap'));
    s.clock.advance(24 * 3600_000);
    expect((await k.sms(m)).status).toBe(200);
    await k.config('sys.sms.dailyCap', '10');
  });

  it('refuses a bad mobile or purpose (400), and a LOGIN code cannot be asked for here', async () => {
    expect((await k.sms('0123456')).status).toBe(400);
    expect((await k.sms('1391234567890')).status).toBe(400);
    const p = await k.sms(newMobile(), 'login');
    expect(p.status).toBe(400);
    expect(Object.keys(p.json.errors)).toEqual(['purpose']);
  });

  it('a code expires after 5 minutes', async () => {
    await k.clearAttempts();
    const { mobile, code } = await k.registerCode();
    s.clock.advance(SMS_RULES.ttlMinutes * MINUTE);
    const r = await k.register(person({ mobile, smsCaptcha: code }));
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe(zh('messages.account.smsCodeExpired'));
    expect(Object.keys(r.json.errors)).toEqual(['smsCaptcha']);
  });

  it('a code is single use', async () => {
    await k.clearAttempts();
    const { mobile, code } = await k.registerCode();
    expect((await k.register(person({ mobile, smsCaptcha: code }))).status).toBe(200);
    const again = await k.register(person({ mobile, smsCaptcha: code }));
    expect(again.status).toBe(400);
    expect(again.json.msg).toBe(zh('messages.account.smsCodeExpired'));
  });

  it('five wrong guesses burn the code; only the newest code counts', async () => {
    await k.clearAttempts();
    const { mobile, code } = await k.registerCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_RULES.maxAttempts; i++) {
      const r = await k.register(person({ mobile, smsCaptcha: wrong }));
      expect(r.status).toBe(400);
      expect(r.json.msg).toBe(zh('messages.account.smsCodeWrong'));
    }
    expect((await k.register(person({ mobile, smsCaptcha: code }))).json.msg).toBe(zh('messages.account.smsCodeExpired'));
    await k.clearAttempts();
    // a newer code replaces an older one
    const first = await k.registerCode();
    const second = await k.registerCode(first.mobile);
    if (first.code !== second.code) expect((await k.register(person({ mobile: first.mobile, smsCaptcha: first.code }))).status).toBe(400);
    expect((await k.register(person({ mobile: first.mobile, smsCaptcha: second.code }))).status).toBe(200);
  });

  it('the delivery report route is closed without an HTTP gateway', async () => {
    expect((await s.api('POST', '/api/account/sms_err', { body: { requestId: 'x', timestamp: String(Date.now()) } })).status).toBe(404);
  });

  it('without a gateway, production has no provider (codes are never only logged there)', () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    const log = { warn: () => undefined };
    expect(smsProvider({ ...base, production: true }, log)).toBeNull();
    expect(smsProvider(base, log)?.name).toBe('log');
    expect(smsProvider({ ...base, production: true, sms: { url: 'http://127.0.0.1:9/x', key: 'k', template: null } }, log)?.name).toBe('http');
  });
});

describe('SMS through the HTTP gateway', () => {
  let s: TestServer;
  let gateway: Server;
  const got: Record<string, unknown>[] = [];
  let status = 200;
  const KEY = 'gateway-key-123';
  const k = kit(() => s);
  beforeAll(async () => {
    gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push({ auth: req.headers.authorization, ...(JSON.parse(body) as Record<string, unknown>) });
        res.statusCode = status;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const port = (gateway.address() as { port: number }).port;
    s = await startServer({ env: { TMS_SMS_URL: `http://127.0.0.1:${port}/send`, TMS_SMS_KEY: KEY, TMS_SMS_TEMPLATE: 'Code {code}, {minutes} min' } });
    await k.config('sys.account.registerUser', 'true');
  });
  afterAll(async () => {
    await s?.close();
    await new Promise((r) => gateway?.close(r));
  });

  it('posts the message with the key and the template filled in', async () => {
    const m = newMobile();
    expect((await k.sms(m)).status).toBe(200);
    const last = got.at(-1)!;
    expect(last).toMatchObject({ auth: `Bearer ${KEY}`, mobile: m, purpose: 'REGISTER' });
    expect(last.content).toBe(`Code ${last.code as string}, 5 min`);
    expect(await k.code(m)).toBe(last.code);
  });

  it('a gateway refusal answers 503 and does not hold the mobile for a minute', async () => {
    const m = newMobile();
    status = 500;
    const r = await k.sms(m);
    status = 200;
    expect(r.status).toBe(503);
    expect(r.json.msg).toBe(zh('messages.account.smsSendFailed'));
    expect((await k.sms(m)).status).toBe(200);
  });

  it('a signed delivery report voids the code and frees the mobile; a bad signature is refused', async () => {
    const m = newMobile();
    expect((await k.sms(m)).status).toBe(200);
    const { requestId, code } = got.at(-1) as { requestId: string; code: string };
    const ts = String(s.clock.now().getTime());
    const bad = await s.api('POST', '/api/account/sms_err', {
      body: { requestId, timestamp: ts, error: 'UNDELIVERED' },
      headers: { 'x-sms-signature': smsReportSignature('wrong-key', ts, requestId, 'UNDELIVERED') },
    });
    expect(bad.status).toBe(401);
    // a stale report with a good signature is refused too
    const oldTs = String(s.clock.now().getTime() - 3600_000);
    const stale = await s.api('POST', '/api/account/sms_err', {
      body: { requestId, timestamp: oldTs, error: 'UNDELIVERED' },
      headers: { 'x-sms-signature': smsReportSignature(KEY, oldTs, requestId, 'UNDELIVERED') },
    });
    expect(stale.status).toBe(401);
    const good = await s.api('POST', '/api/account/sms_err', {
      body: { requestId, timestamp: ts, error: 'UNDELIVERED' },
      headers: { 'x-sms-signature': smsReportSignature(KEY, ts, requestId, 'UNDELIVERED') },
    });
    expect(good.status).toBe(200);
    expect(good.json.data.updated).toBe(true);
    const row = (await s.db.query<{ error: string }>(`select error from sys_sms_code where request_id = $1`, [requestId])).rows[0]!;
    expect(row.error).toBe('UNDELIVERED');
    expect((await k.register(person({ mobile: m, smsCaptcha: code }))).status).toBe(400);
    expect((await k.sms(m)).status).toBe(200);
  });
});

describe('registration', () => {
  let s: TestServer;
  let admin: string;
  const k = kit(() => s);
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login(ADMIN.user, ADMIN.password);
  });
  beforeEach(async () => {
    await k.clearAttempts();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is off by default: the route says so and refuses codes and registrations', async () => {
    expect((await s.api('GET', '/api/auth/register')).json.data).toEqual({ open: false });
    const sms = await k.sms(newMobile());
    expect(sms.status).toBe(409);
    expect(sms.json.msg).toBe(zh('messages.account.registerClosed'));
    const r = await k.register(person({ mobile: newMobile(), smsCaptcha: '123456' }));
    expect(r.status).toBe(409);
    expect(r.json.msg).toBe(zh('messages.account.registerClosed'));
    await k.config('sys.account.registerUser', 'true');
    expect((await s.api('GET', '/api/auth/register')).json.data).toEqual({ open: true });
  });

  it('a registered account is disabled, has no roles, and signs in once an administrator enables it', async () => {
    const { mobile, code } = await k.registerCode();
    const body = person({ mobile, smsCaptcha: code });
    const r = await k.register(body);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.msg).toBe(zh('messages.account.registered'));
    const u = (
      await s.db.query<{ id: number; status: string; mobile: string; email: string; roles: number; centers: number }>(
        `select id, status, mobile, email, (select count(*) from sys_user_role where user_id = u.id)::int as roles,
                (select count(*) from sys_user_dispatch_center where user_id = u.id)::int as centers from sys_user u where user_name = $1`,
        [body.userName],
      )
    ).rows[0]!;
    expect(u).toMatchObject({ status: '1', mobile, email: body.email, roles: 0, centers: 0 });
    const refused = await s.api('POST', '/api/auth/login', { body: { username: body.userName, password: body.password } });
    expect(refused.status).toBe(403);
    expect((await s.api('POST', '/api/system/user/status', { token: admin, body: { id: u.id, status: '0' } })).status).toBe(200);
    const login = await s.api('POST', '/api/auth/login', { body: { username: body.userName, password: body.password } });
    expect(login.status).toBe(200);
    const info = await s.api('GET', '/api/system/user/info', { token: login.json.data.token });
    expect(info.json.data.roles).toEqual([]);
  });

  it('a taken user name (any case) or mobile gets one neutral answer, and the code keeps for another try', async () => {
    const first = await k.registerCode();
    const taken = person({ mobile: first.mobile, smsCaptcha: first.code });
    expect((await k.register(taken)).status).toBe(200);
    // the same name in other case, with a fresh mobile
    const second = await k.registerCode();
    const byName = await k.register(person({ userName: String(taken.userName).toUpperCase(), mobile: second.mobile, smsCaptcha: second.code }));
    expect(byName.status).toBe(409);
    expect(byName.json.msg).toBe(zh('messages.account.registerRejected'));
    // a taken mobile: asking for a code answers exactly as for a new one
    const smsTaken = await k.sms(first.mobile);
    const smsNew = await k.sms(newMobile());
    expect(smsTaken.status).toBe(200);
    expect(smsTaken.json).toEqual(smsNew.json);
    s.clock.advance(MINUTE + 1000);
    const byMobile = await k.register(person({ mobile: first.mobile, smsCaptcha: await k.code(first.mobile) }));
    expect(byMobile.status).toBe(409);
    expect(byMobile.json.msg).toBe(byName.json.msg);
    expect(byMobile.json.errors).toEqual(byName.json.errors);
    // the refused code was not used up: with a free name it registers
    expect((await k.register(person({ mobile: second.mobile, smsCaptcha: second.code }))).status).toBe(200);
  });

  it('validates every field (400 naming each)', async () => {
    const r = await k.register({ userName: 'bad name!', mobile: '0123', email: 'nope', password: '123', confirmPassword: '1234' });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.errors).sort()).toEqual(['confirmPassword', 'email', 'mobile', 'password', 'smsCaptcha', 'userName']);
    const long = await k.register(person({ mobile: newMobile(), password: 'x'.repeat(17), confirmPassword: 'x'.repeat(17), smsCaptcha: '123456' }));
    expect(long.status).toBe(400);
    expect(long.json.errors.password).toBe(zh('validation.passwordLength'));
  });

  it('is rate limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await k.register(person({ mobile: newMobile(), smsCaptcha: '123456' }))).status);
    expect(statuses.slice(0, 10).every((x) => x === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    s.clock.advance(3600_000 + 1000);
    expect((await k.register(person({ mobile: newMobile(), smsCaptcha: '123456' }))).status).toBe(400);
  });
});

describe('forgotten password', () => {
  let s: TestServer;
  const k = kit(() => s);
  beforeAll(async () => {
    s = await startServer();
  });
  beforeEach(async () => {
    await k.clearAttempts();
  });
  afterAll(async () => {
    await s?.close();
  });

  const withMobile = async () => {
    const u = await createUser(s.db);
    const mobile = newMobile();
    await s.db.query(`update sys_user set mobile = $1 where id = $2`, [mobile, u.id]);
    return { ...u, mobile };
  };
  const forge = (body: Record<string, unknown>) => s.api('POST', '/api/auth/forge-password', { body });

  it('answers the same for known and unknown numbers; only a known one gets a code', async () => {
    const u = await withMobile();
    const unknown = newMobile();
    const a = await k.sms(u.mobile, 'forget');
    const b = await k.sms(unknown, 'forget');
    expect(a.status).toBe(200);
    expect(a.json).toEqual(b.json);
    expect(a.json.msg).toBe(zh('messages.account.smsSentIfKnown', { minutes: 5 }));
    expect(await k.code(u.mobile, 'forget')).toMatch(/^\d{6}$/);
    expect(await k.code(unknown, 'forget')).toBeNull();
    const r = await forge({ mobile: unknown, smsCaptcha: '123456', password: 'newpass1' });
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe(zh('messages.account.smsCodeWrong'));
  });

  it('sets a new password and revokes the user\'s tokens', async () => {
    const u = await withMobile();
    const token = await s.login(u.userName, u.password);
    expect((await s.api('GET', '/api/system/user/info', { token })).status).toBe(200);
    await k.sms(u.mobile, 'forget');
    const code = await k.code(u.mobile, 'forget');
    const short = await forge({ mobile: u.mobile, smsCaptcha: code, password: '123' });
    expect(short.status).toBe(400);
    expect(Object.keys(short.json.errors)).toEqual(['password']);
    const wrong = await forge({ mobile: u.mobile, smsCaptcha: code === '000000' ? '111111' : '000000', password: 'newpass1' });
    expect(wrong.status).toBe(400);
    const r = await forge({ mobile: u.mobile, smsCaptcha: code, password: 'newpass1', confirmPassword: 'newpass1' });
    expect(r.status).toBe(200);
    expect(r.json.msg).toBe(zh('messages.account.passwordReset'));
    expect((await s.api('GET', '/api/system/user/info', { token })).status).toBe(401);
    expect((await s.api('POST', '/api/auth/login', { body: { username: u.userName, password: u.password } })).status).toBe(401);
    expect((await s.api('POST', '/api/auth/login', { body: { username: u.userName, password: 'newpass1' } })).status).toBe(200);
    // the code was used
    expect((await forge({ mobile: u.mobile, smsCaptcha: code, password: 'newpass2' })).status).toBe(400);
  });

  it('a number shared by two accounts resets nothing', async () => {
    const a = await withMobile();
    const b = await createUser(s.db);
    await s.db.query(`update sys_user set mobile = $1 where id = $2`, [a.mobile, b.id]);
    expect((await k.sms(a.mobile, 'forget')).status).toBe(200);
    expect(await k.code(a.mobile, 'forget')).toBeNull();
  });
});

describe('two-step login', () => {
  let s: TestServer;
  const k = kit(() => s);
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  const login = (username: string, password: string) => s.api('POST', '/api/auth/login', { body: { username, password } });
  const step = (ticket: string, code?: string | null) => s.api('POST', '/api/auth/2step-code', { body: { ticket, code } });
  const withMobile = async (opts: Parameters<typeof createUser>[1] = {}) => {
    const u = await createUser(s.db, opts);
    const mobile = newMobile();
    await s.db.query(`update sys_user set mobile = $1 where id = $2`, [mobile, u.id]);
    return { ...u, mobile };
  };

  it('users not configured sign in with the password alone', async () => {
    const u = await withMobile();
    const r = await login(u.userName, u.password);
    expect(r.status).toBe(200);
    expect(typeof r.json.data.token).toBe('string');
  });

  it('a configured user gets a ticket and an SMS code instead of a token; the code finishes the login once', async () => {
    const u = await withMobile();
    await k.config('sys.account.twoStepUsers', `someone_else, ${u.userName}`);
    const r = await login(u.userName, u.password);
    expect(r.status).toBe(200);
    expect(r.json.data.token).toBeUndefined();
    expect(r.json.data).toMatchObject({ twoStep: true, mobile: `${u.mobile.slice(0, 3)}****${u.mobile.slice(-4)}` });
    const code = (await k.code(u.mobile, 'login'))!;
    const wrong = await step(r.json.data.ticket, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.json.msg).toBe(zh('messages.account.smsCodeWrong'));
    const good = await step(r.json.data.ticket, code);
    expect(good.status).toBe(200);
    expect((await s.api('GET', '/api/system/user/info', { token: good.json.data.token })).json.data.userName).toBe(u.userName);
    // the ticket is used up
    expect((await step(r.json.data.ticket, code)).status).toBe(401);
    // a wrong password never reaches the second step
    expect((await login(u.userName, 'wrong-pass')).status).toBe(401);
    await k.config('sys.account.twoStepUsers', 'none');
  });

  it('a configured role requires it too; a resend waits a minute and replaces the code; the ticket expires', async () => {
    const u = await withMobile();
    const role = (await s.db.query<{ role_key: string }>(`select role_key from sys_role where id = $1`, [u.roleId])).rows[0]!.role_key;
    await k.config('sys.account.twoStepRoles', role);
    const r = await login(u.userName, u.password);
    expect(r.json.data.twoStep).toBe(true);
    const first = (await k.code(u.mobile, 'login'))!;
    expect((await step(r.json.data.ticket)).status).toBe(429);
    s.clock.advance(MINUTE + 1000);
    const resent = await step(r.json.data.ticket);
    expect(resent.status).toBe(200);
    const second = (await k.code(u.mobile, 'login'))!;
    if (first !== second) expect((await step(r.json.data.ticket, first)).status).toBe(400);
    s.clock.advance(SMS_RULES.ttlMinutes * MINUTE);
    const late = await step(r.json.data.ticket, second);
    expect(late.status).toBe(401);
    expect(late.json.msg).toBe(zh('messages.account.twoStepExpired'));
    await k.config('sys.account.twoStepRoles', 'none');
  });

  it('a configured user without a mobile cannot sign in (403)', async () => {
    const u = await createUser(s.db);
    await k.config('sys.account.twoStepUsers', u.userName);
    const r = await login(u.userName, u.password);
    expect(r.status).toBe(403);
    expect(r.json.msg).toBe(zh('messages.account.twoStepNoMobile'));
    await k.config('sys.account.twoStepUsers', 'none');
  });
});
