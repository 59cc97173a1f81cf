/**
 * Each server keeps the callers of the sessions it served (issue 20: no session, user and rights read per request),
 * and forgets them when anything about a caller changes, on whichever server or straight in the database (a notice
 * on channel tms_auth, migration 0078, with a barrier before a remembered caller is used: platform/auth.ts). Here a
 * caller is remembered (two answered requests) on the server that is then asked right after the change: the same one,
 * or another server on the same database (on PostgreSQL a pool and a listening connection of its own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, startServer, type TestServer } from './helpers.ts';
import { hashToken } from '../src/platform/auth.ts';

let a: TestServer;
let b: TestServer;
let admin: string;

beforeAll(async () => {
  a = await startServer();
  b = await startServer({ sameDatabaseAs: a });
  admin = await a.login(ADMIN.user, ADMIN.password);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const info = (s: TestServer, token: string) => s.api('GET', '/api/system/user/info', { token });
const dicts = (s: TestServer, token: string) => s.api('GET', '/api/system/dict/type/list', { token });
const sessionOf = async (token: string) => (await a.db.query<{ id: number }>(`select id from sys_session where token_hash = $1`, [hashToken(token)])).rows[0]!.id;

/** a user signed in on `on`, remembered there (two answered requests) */
async function remembered(on: TestServer, perms: string[] = ['system:dict:query']) {
  const u = await createUser(a.db, { perms });
  const token = await on.login(u.userName, u.password);
  for (let i = 0; i < 2; i++) expect((await dicts(on, token)).status).toBe(200);
  return { ...u, token };
}

describe.each([
  ['the same server', () => a],
  ['another server on the same database', () => b],
])('a change made through one server is refused at once by %s', (_name, asked) => {
  it('a session ended by an administrator (force logout)', async () => {
    const u = await remembered(asked());
    const out = await a.api('POST', '/api/monitor/online/forceLogout', { token: admin, body: { id: await sessionOf(u.token) } });
    expect(out.status, JSON.stringify(out.json)).toBe(200);
    expect((await dicts(asked(), u.token)).status).toBe(401);
  });

  it('a password reset ends the sessions', async () => {
    const u = await remembered(asked());
    expect((await a.api('POST', '/api/system/user/resetPwd', { token: admin, body: { id: u.id, password: 'other12345' } })).status).toBe(200);
    expect((await info(asked(), u.token)).status).toBe(401);
  });

  it('the user signs out', async () => {
    const u = await remembered(asked());
    expect((await a.api('POST', '/api/auth/logout', { token: u.token })).status).toBe(200);
    expect((await info(asked(), u.token)).status).toBe(401);
  });

  it('the user disabled straight in the database', async () => {
    const u = await remembered(asked());
    await a.db.query(`update sys_user set status = '1' where id = $1`, [u.id]);
    expect((await info(asked(), u.token)).status).toBe(401);
    // and enabled again: the same session works again, at once
    await a.db.query(`update sys_user set status = '0' where id = $1`, [u.id]);
    expect((await info(asked(), u.token)).status).toBe(200);
  });

  it('a permission taken from the role, then given back', async () => {
    const u = await remembered(asked(), ['system:dict:query', 'system:config:query']);
    const roleId = (await a.db.query<{ role_id: number }>(`select role_id from sys_user_role where user_id = $1`, [u.id])).rows[0]!.role_id;
    const dictMenus = await a.db.query<{ menu_id: number }>(`delete from sys_role_menu where role_id = $1 and menu_id in (select id from sys_menu where perms = 'system:dict:query') returning menu_id`, [roleId]);
    expect((await dicts(asked(), u.token)).status).toBe(403);
    expect((await info(asked(), u.token)).status).toBe(200);
    await a.db.query(`insert into sys_role_menu(role_id, menu_id) select $1, x from unnest($2::int8[]) x`, [roleId, dictMenus.rows.map((r) => r.menu_id)]);
    expect((await dicts(asked(), u.token)).status).toBe(200);
  });

  it('the session switched to another dispatch center', async () => {
    const u = await createUser(a.db, { perms: ['system:dict:query'], centers: ['SH01', 'BJ01'] });
    const token = await asked().login(u.userName, u.password);
    const center = async () => (await info(asked(), token)).json.data.dispatchCenterId as number;
    const first = await center();
    expect(await center()).toBe(first);
    const other = (await a.db.query<{ id: number }>(`select id from sys_dispatch_center where code = 'BJ01'`)).rows[0]!.id;
    const switched = await a.api('GET', '/api/system/user/updateUserRights', { token, query: { dispatchCenterId: other } });
    expect(switched.status, JSON.stringify(switched.json)).toBe(200);
    expect(await center()).toBe(other);
  });

  it('a session past its expiry, though remembered', async () => {
    const u = await remembered(asked());
    await a.db.query(`update sys_session set expires_at = now() - interval '1 second' where token_hash = $1`, [hashToken(u.token)]);
    expect((await info(asked(), u.token)).status).toBe(401);
  });
});

it('a remembered session ends on the clock of the server, with no change in the database', async () => {
  const u = await remembered(b);
  b.clock.advance(13 * 3600_000);
  try {
    expect((await dicts(b, u.token)).status).toBe(401);
  } finally {
    b.clock.reset();
  }
});
