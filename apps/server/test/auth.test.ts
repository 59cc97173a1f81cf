/** Login, slide captcha, login log, rate limits, token lifetime, logout, disabling, single sign-on. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/platform/i18n.ts';
import { ADMIN, createUser, startServer, type TestServer } from './helpers.ts';

const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('login without the captcha (TMS_CAPTCHA=off)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('logs in with user name and password only', async () => {
    const r = await s.api('POST', '/api/auth/login', { body: { username: ADMIN.user, password: ADMIN.password } });
    expect(r.status).toBe(200);
    expect(r.json.code).toBe(0);
    expect(typeof r.json.data.token).toBe('string');
    expect(r.json.data.token.length).toBeGreaterThanOrEqual(22);
    expect(Number.isNaN(Date.parse(r.json.data.expiresAt))).toBe(false);
    const info = await s.api('GET', '/api/system/user/info', { token: r.json.data.token });
    expect(info.status).toBe(200);
    expect(info.json.data.userName).toBe('admin');
  });

  it('missing fields → 400 naming each field', async () => {
    const r = await s.api('POST', '/api/auth/login', { body: {} });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.errors).sort()).toEqual(['password', 'username']);
  });

  it('bad credentials → 401, message in zh-CN by default and en-US on request', async () => {
    const u = await createUser(s.db);
    const zh = await s.api('POST', '/api/auth/login', { body: { username: u.userName, password: 'wrong-pass' } });
    expect(zh.status).toBe(401);
    expect(zh.json).toMatchObject({ code: 401, msg: '用户名或密码错误' });
    const en = await s.api('POST', '/api/auth/login', { body: { username: u.userName, password: 'wrong-pass' }, headers: { lang: 'en-US' } });
    expect(en.status).toBe(401);
    expect(en.json.msg).toBe('Wrong user name or password');
    // an unknown user answers the same
    const unknown = await s.api('POST', '/api/auth/login', { body: { username: 'nobody_here', password: 'whatever1' } });
    expect(unknown.status).toBe(401);
    expect(unknown.json.msg).toBe('用户名或密码错误');
  });

  it('GET accepts ?lang=en-US', async () => {
    const zh = await s.api('GET', '/api/system/user/info');
    expect(zh.status).toBe(401);
    expect(zh.json.msg).toBe('权限验证失败');
    const en = await s.api('GET', '/api/system/user/info', { query: { lang: 'en-US' } });
    expect(en.status).toBe(401);
    expect(en.json).toMatchObject({ code: 401, msg: 'permission verification failed' });
  });

  it('a disabled user → 403', async () => {
    const u = await createUser(s.db, { status: '1' });
    const r = await s.api('POST', '/api/auth/login', { body: { username: u.userName, password: u.password } });
    expect(r.status).toBe(403);
    expect(r.json.code).toBe(403);
    expect(r.json.msg).toBe(translate('zh-CN', 'messages.login.userDisabled'));
  });

  it('five failures for one account → 429, even with the right password', async () => {
    const u = await createUser(s.db);
    for (let i = 0; i < 5; i++) {
      const r = await s.api('POST', '/api/auth/login', { body: { username: u.userName, password: 'bad-' + i } });
      expect(r.status).toBe(401);
    }
    const locked = await s.api('POST', '/api/auth/login', { body: { username: u.userName, password: u.password } });
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe(429);
    // other accounts are not locked
    const other = await s.api('POST', '/api/auth/login', { body: { username: ADMIN.user, password: ADMIN.password } });
    expect(other.status).toBe(200);
  });

  it('writes login log rows with status, browser, os and message', async () => {
    const u = await createUser(s.db);
    await s.api('POST', '/api/auth/login', { body: { username: u.userName, password: 'nope-nope' }, headers: { 'user-agent': CHROME_UA } });
    await s.login(u.userName, u.password, { 'user-agent': CHROME_UA });
    const rows = (
      await s.db.query<{ status: string; browser: string; os: string; msg: string; ipaddr: string }>(
        `select status, browser, os, msg, ipaddr from sys_login_log where user_name = $1 order by id`,
        [u.userName],
      )
    ).rows;
    expect(rows.map((r) => r.status)).toEqual(['1', '0']);
    for (const r of rows) {
      expect(r.browser).toBe('Chrome 120');
      expect(r.os).toMatch(/^Windows/);
      expect(r.ipaddr).toMatch(/127\.0\.0\.1/);
    }
    expect(rows[0]!.msg).toBe('用户名或密码错误');
    expect(rows[1]!.msg).toBe('登录成功');
  });

  it('a token expires after 12 hours', async () => {
    const token = await s.login(ADMIN.user, ADMIN.password);
    try {
      s.clock.advance(11 * 3600_000);
      expect((await s.api('GET', '/api/system/user/info', { token })).status).toBe(200);
      s.clock.advance(3600_000 + 60_000);
      const r = await s.api('GET', '/api/system/user/info', { token });
      expect(r.status).toBe(401);
      expect(r.json.code).toBe(401);
    } finally {
      s.clock.reset();
    }
  });

  it('logout revokes the token at once', async () => {
    const token = await s.login(ADMIN.user, ADMIN.password);
    expect((await s.api('GET', '/api/system/user/info', { token })).status).toBe(200);
    const out = await s.api('POST', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
    expect((await s.api('GET', '/api/system/user/info', { token })).status).toBe(401);
    // logging out twice (or without a token) is harmless
    expect((await s.api('POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await s.api('POST', '/api/auth/logout')).status).toBe(200);
  });

  it('disabling a user ends their session on the very next request', async () => {
    const u = await createUser(s.db);
    const token = await s.login(u.userName, u.password);
    expect((await s.api('GET', '/api/system/user/info', { token })).status).toBe(200);
    await s.db.query(`update sys_user set status = '1' where id = $1`, [u.id]);
    expect((await s.api('GET', '/api/system/user/info', { token })).status).toBe(401);
    await s.db.query(`update sys_user set status = '0' where id = $1`, [u.id]);
  });

  it('single sign-on: a one-time code exchanges for a token once', async () => {
    const token = await s.login(ADMIN.user, ADMIN.password);
    expect((await s.api('POST', '/api/auth/sso/code')).status).toBe(401);
    const c = await s.api('POST', '/api/auth/sso/code', { token });
    expect(c.status).toBe(200);
    const code = c.json.data.code as string;
    const t = await s.api('POST', '/api/auth/getToken', { body: { code } });
    expect(t.status).toBe(200);
    const other = t.json.data as string;
    expect(typeof other).toBe('string');
    expect(other).not.toBe(token);
    const info = await s.api('GET', '/api/system/user/info', { token: other });
    expect(info.status).toBe(200);
    expect(info.json.data.userName).toBe('admin');
    const again = await s.api('POST', '/api/auth/getToken', { body: { code } });
    expect(again.status).toBe(401);
    expect((await s.api('POST', '/api/auth/getToken', { body: {} })).status).toBe(400);
  });

  it('an expired single sign-on code is refused', async () => {
    const token = await s.login(ADMIN.user, ADMIN.password);
    const c = await s.api('POST', '/api/auth/sso/code', { token });
    try {
      s.clock.advance(2 * 60_000);
      expect((await s.api('POST', '/api/auth/getToken', { body: { code: c.json.data.code } })).status).toBe(401);
    } finally {
      s.clock.reset();
    }
  });
});

describe('login with the slide captcha', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ captcha: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  const newCaptcha = async () => {
    const img = await s.api('GET', '/api/auth/captcha/captchaImage');
    expect(img.status).toBe(200);
    const token = img.json.data.token as string;
    const ans = await s.api('GET', '/api/auth/captcha/testAnswer', { query: { token } });
    return { token, x: ans.json.data.x as number, data: img.json.data };
  };
  const login = (body: Record<string, unknown>) => s.api('POST', '/api/auth/login/slide', { body: { username: ADMIN.user, password: ADMIN.password, ...body } });
  // captcha failures count against the account named (5 lock it), so failing attempts name a throw-away account
  let probes = 0;
  const probe = (body: Record<string, unknown>) =>
    s.api('POST', '/api/auth/login/slide', { body: { username: `probe_${++probes}`, password: 'whatever1', ...body } });

  it('captchaImage returns the background, the piece and a token', async () => {
    const { data, x } = await newCaptcha();
    expect(data.backgroundImage).toMatch(/^data:image\/(jpeg|png);base64,/);
    expect(data.pieceImage).toMatch(/^data:image\/png;base64,/);
    expect(typeof data.token).toBe('string');
    expect(typeof data.y).toBe('number');
    expect(data.enabled).toBe(true);
    // the answer never leaves the server in the image payload
    expect(JSON.stringify(data)).not.toContain(`"x":${x}`);
  });

  it('login without the captcha → 400', async () => {
    const r = await probe({});
    expect(r.status).toBe(400);
  });

  it('a wrong position → 400, and the captcha is spent', async () => {
    const c = await newCaptcha();
    const wrong = await probe({ captchaToken: c.token, x: c.x + 40 > 300 ? c.x - 40 : c.x + 40 });
    expect(wrong.status).toBe(400);
    expect(wrong.json.msg).toBe(translate('zh-CN', 'messages.login.captchaWrong'));
    const again = await probe({ captchaToken: c.token, x: c.x });
    expect(again.status).toBe(400);
  });

  it('the right position → token', async () => {
    const c = await newCaptcha();
    const r = await login({ captchaToken: c.token, x: c.x + 2 });
    expect(r.status).toBe(200);
    expect(typeof r.json.data.token).toBe('string');
    // the captcha is single use
    expect((await probe({ captchaToken: c.token, x: c.x })).status).toBe(400);
  });

  it('the check endpoint, then login with the same token works once', async () => {
    const c = await newCaptcha();
    const chk = await s.api('POST', '/api/auth/captcha/check', { body: { token: c.token, x: c.x } });
    expect(chk.status).toBe(200);
    expect(chk.json.data.verified).toBe(true);
    // a second check of the same captcha is refused
    expect((await s.api('POST', '/api/auth/captcha/check', { body: { token: c.token, x: c.x } })).status).toBe(400);
    const r = await login({ captchaToken: c.token, x: c.x });
    expect(r.status).toBe(200);
    expect((await probe({ captchaToken: c.token, x: c.x })).status).toBe(400);
  });

  it('a wrong check spends the captcha', async () => {
    const c = await newCaptcha();
    const chk = await s.api('POST', '/api/auth/captcha/check', { body: { token: c.token, x: c.x > 150 ? c.x - 50 : c.x + 50 } });
    expect(chk.status).toBe(400);
    expect((await probe({ captchaToken: c.token, x: c.x })).status).toBe(400);
  });

  it('an expired captcha (3 minutes) fails', async () => {
    const c = await newCaptcha();
    try {
      s.clock.advance(3 * 60_000);
      const r = await probe({ captchaToken: c.token, x: c.x });
      expect(r.status).toBe(400);
      expect(r.json.msg).toBe(translate('zh-CN', 'messages.login.captchaExpired'));
    } finally {
      s.clock.reset();
    }
  });

  it('the captcha can be switched off by the system config', async () => {
    await s.db.query(`update sys_config set config_value = 'false' where config_key = 'sys.account.captchaEnabled'`);
    try {
      expect((await login({})).status).toBe(200);
    } finally {
      await s.db.query(`update sys_config set config_value = 'true' where config_key = 'sys.account.captchaEnabled'`);
    }
  });
});

describe('sign-in request rate per address (TMS_AUTH_RATE_PER_MINUTE)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ env: { TMS_AUTH_RATE_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 429 in the envelope past the limit, successful sign-ins counted too; other routes go on', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await s.api('POST', '/api/auth/login', { body: { username: ADMIN.user, password: ADMIN.password } });
      expect(r.status).toBe(200);
      tokens.push(r.json.data.token);
    }
    const over = await s.api('POST', '/api/auth/login', { body: { username: ADMIN.user, password: ADMIN.password } });
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ code: 429, msg: translate('zh-CN', 'messages.rateLimited') });
    const token = await s.login(ADMIN.user, ADMIN.password).catch(() => null);
    expect(token).toBeNull();
    // signed-in work is not limited by it
    expect((await s.api('GET', '/api/system/user/info', { token: tokens[0] })).status).toBe(200);
  });

  it('refuses a limit that is not a positive whole number at start', async () => {
    const { loadConfig } = await import('../src/platform/config.ts');
    expect(() => loadConfig({ TMS_AUTH_RATE_PER_MINUTE: '0' })).toThrow(/TMS_AUTH_RATE_PER_MINUTE/);
    expect(() => loadConfig({ TMS_AUTH_RATE_PER_MINUTE: 'lots' })).toThrow(/TMS_AUTH_RATE_PER_MINUTE/);
    expect(loadConfig({}).authRatePerMinute).toBe(60);
  });
});
