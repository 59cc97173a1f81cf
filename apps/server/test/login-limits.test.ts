/**
 * Sign-in limits (issue 13): one office behind one address is not locked out by one person's typos or one hostile
 * colleague. Past 30 failed sign-ins in 15 minutes from an address, unknown users and wrong passwords from it answer
 * 429, while a correct password of an account that is not itself locked still signs in (the administrator's too).
 * The per-account limit stays: 5 failures lock the account, whatever the password and the address.
 * Addresses are told apart by X-Forwarded-For (TMS_TRUST_PROXY=1, as behind the office's reverse proxy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/platform/i18n.ts';
import { ADMIN, createUser, startServer, type TestServer } from './helpers.ts';
import { LOGIN_LIMITS } from '../src/modules/system/auth-routes.ts';

let s: TestServer;
const before = process.env.TMS_TRUST_PROXY;

beforeAll(async () => {
  process.env.TMS_TRUST_PROXY = '1';
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
  if (before === undefined) delete process.env.TMS_TRUST_PROXY;
  else process.env.TMS_TRUST_PROXY = before;
});

const from = (address: string, username: string, password: string) =>
  s.api('POST', '/api/auth/login', { body: { username, password }, headers: { 'x-forwarded-for': address } });

describe('sign-in limits', () => {
  it('an address past its failures is throttled for wrong credentials, not locked for right ones', async () => {
    const OFFICE = '10.13.0.1';
    const colleague = await createUser(s.db);
    // someone in the office tries 30 unknown names (and one wrong password of a real account)
    for (let i = 0; i < LOGIN_LIMITS.perAddress - 1; i++) expect((await from(OFFICE, `nobody_${i}`, 'guess-guess')).status).toBe(401);
    expect((await from(OFFICE, colleague.userName, 'guess-guess')).status).toBe(401);
    // the address is over its limit now: the administrator and the colleague still sign in with their passwords
    const adm = await from(OFFICE, ADMIN.user, ADMIN.password);
    expect(adm.status, JSON.stringify(adm.json)).toBe(200);
    expect(adm.json.data.token).toBeTruthy();
    expect((await from(OFFICE, colleague.userName, colleague.password)).status).toBe(200);
    // wrong passwords and unknown users from it are throttled, and say why
    for (const [user, pw] of [
      [colleague.userName, 'guess-again'],
      ['nobody_x', 'guess-guess'],
    ] as const) {
      const r = await from(OFFICE, user, pw);
      expect(r.status).toBe(429);
      expect(r.json).toMatchObject({ code: 429, msg: translate('zh-CN', 'messages.login.addressThrottled', { minutes: LOGIN_LIMITS.windowMinutes }) });
    }
    // another address is not throttled
    expect((await from('10.13.0.2', 'nobody_y', 'guess-guess')).status).toBe(401);
  });

  it('the per-account limit stays: five failures lock the account, from any address, even with the right password', async () => {
    const u = await createUser(s.db);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect((await from(`10.14.0.${i + 1}`, u.userName, `bad-${i}`)).status).toBe(401);
    const locked = await from('10.14.1.1', u.userName, u.password);
    expect(locked.status).toBe(429);
    expect(locked.json.msg).toBe(translate('zh-CN', 'messages.login.userLocked', { minutes: LOGIN_LIMITS.windowMinutes }));
  });
});
