/**
 * Server foundations (spec §8): the structured log carries no password, token or secret; the seed
 * never overwrites what an administrator changed; a mutation and its operation-log row commit together.
 * The server logs through the product's logger options into a captured stream, at the most verbose level.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, rand, startServer, type Json, type TestServer } from './helpers.ts';
import { seed } from '../src/modules/system/seed.ts';

const lines: string[] = [];
let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer({ env: { LOG_LEVEL: 'trace' }, logStream: { write: (line) => void lines.push(line) } });
  admin = await s.login(ADMIN.user, ADMIN.password);
});
afterAll(async () => {
  await s?.close();
});

const ok = (r: { status: number; json: Json }) => {
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json;
};

describe('the structured log', () => {
  it('holds no password, token or secret after sign-ins, a password change, an API client and credentials in query strings', async () => {
    const secrets: Record<string, string> = {};
    const u = await createUser(s.db, { password: `Pw-${rand(10)}` });
    secrets.password = u.password;

    // a failed sign-in
    secrets.wrongPassword = `Wrong-${rand(8)}`;
    expect((await s.api('POST', '/api/auth/login', { body: { username: u.userName, password: secrets.wrongPassword } })).status).toBe(401);
    // a sign-in, then a password change, then a sign-in with the new password
    secrets.token = await s.login(u.userName, u.password);
    secrets.newPassword = `New-${rand(10)}`;
    ok(await s.api('POST', '/api/system/user/profile/updatePwd', { token: secrets.token, body: { oldPassword: u.password, newPassword: secrets.newPassword } }));
    secrets.token2 = await s.login(u.userName, secrets.newPassword);

    // an API client: its secret is shown once in the save answer; a token is issued for it
    const me = ok(await s.api('GET', '/api/system/user/info', { token: admin })).data;
    const client = ok(
      await s.api('POST', '/api/system/sysAuthClient/save', {
        token: admin,
        body: { clientId: `log_${rand(6)}`, clientName: 'log check', userId: me.id, scope: 'system:dict' },
      }),
    ).data;
    expect(typeof client.clientSecret).toBe('string');
    secrets.clientSecret = client.clientSecret;
    const issued = await s.api('POST', '/api/auth/oauth/token', {
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(issued.status, JSON.stringify(issued.json)).toBe(200);
    secrets.accessToken = issued.json.access_token;

    // credentials in query strings: a token a client put there, and the realtime stream's ticket
    ok(await s.api('GET', '/api/system/user/info', { token: secrets.token2, query: { token: secrets.token2, lang: 'en-US' } }));
    ok(await s.api('GET', '/api/system/dict/data/list', { token: secrets.accessToken, query: { dictType: 'sys_yes_no', access_token: secrets.accessToken } }));
    secrets.ticket = ok(await s.api('POST', '/api/realtime/ticket', { token: secrets.token2 })).data.ticket;
    secrets.ticketSignature = secrets.ticket.split('.').at(-1)!;
    const ctrl = new AbortController();
    const stream = await fetch(`${s.url}/api/realtime/stream?ticket=${encodeURIComponent(secrets.ticket)}`, { signal: ctrl.signal });
    expect(stream.status).toBe(200);
    ctrl.abort();
    await stream.body?.cancel().catch(() => undefined);

    // every line is structured; the requests above are in it, their credentials masked
    const entries = lines.map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string } });
    const urls = entries.map((e) => e.req?.url).filter((x): x is string => !!x);
    expect(urls).toContain('/api/auth/login');
    expect(urls).toContain('/api/system/user/profile/updatePwd');
    expect(urls).toContain('/api/auth/oauth/token');
    expect(urls).toContain('/api/system/user/info?token=[redacted]&lang=en-US');
    expect(urls).toContain('/api/system/dict/data/list?dictType=sys_yes_no&access_token=[redacted]');
    expect(urls).toContain('/api/realtime/stream?ticket=[redacted]');

    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThanOrEqual(8);
      const leaks = lines.filter((l) => l.includes(value) || l.includes(encodeURIComponent(value)));
      expect(leaks, `${name} appears in the log`).toEqual([]);
    }
  });
});

describe('the seed', () => {
  it('never overwrites what an administrator changed: the admin account, a removed dictionary value, a config value', async () => {
    // the admin's nickname and password
    const nickName = `管理员${rand(4)}`;
    const password = `Admin-${rand(8)}`;
    ok(await s.api('POST', '/api/system/user/profile/update', { token: admin, body: { nickName } }));
    ok(await s.api('POST', '/api/system/user/profile/updatePwd', { token: admin, body: { oldPassword: ADMIN.password, newPassword: password } }));
    // a seeded dictionary value removed
    const yesNo = ok(await s.api('GET', '/api/system/dict/data/list', { token: admin, query: { dictType: 'sys_yes_no', pageSize: 50 } })).rows as Json[];
    const no = yesNo.find((d) => d.dictValue === 'N');
    expect(no).toBeDefined();
    ok(await s.api('POST', '/api/system/dict/data/remove', { token: admin, body: { ids: [no.id] } }));
    // a seeded configuration value changed
    const cfgOf = async () =>
      (ok(await s.api('GET', '/api/system/config/list', { token: admin, query: { configKey: 'sys.map.tileUrl', pageSize: 50 } })).rows as Json[]).find(
        (c) => c.configKey === 'sys.map.tileUrl',
      );
    const cfg = await cfgOf();
    const tileUrl = `https://tiles-${rand(4)}.example.com/{z}/{x}/{y}.png`;
    ok(await s.api('POST', '/api/system/config/update', { token: admin, body: { id: cfg.id, version: cfg.version, configName: cfg.configName, configKey: cfg.configKey, configValue: tileUrl } }));

    // the seed runs again, as the server does at every start
    await seed(s.db);

    const me = ok(await s.api('GET', '/api/system/user/info', { token: admin })).data;
    expect(me.nickName).toBe(nickName);
    expect((await s.api('POST', '/api/auth/login', { body: { username: ADMIN.user, password: ADMIN.password } })).status).toBe(401);
    expect(typeof (await s.login(ADMIN.user, password))).toBe('string');
    const after = ok(await s.api('GET', '/api/system/dict/data/list', { token: admin, query: { dictType: 'sys_yes_no', pageSize: 50 } })).rows as Json[];
    expect(after.map((d) => d.dictValue)).toEqual(['Y']);
    expect((await cfgOf()).configValue).toBe(tileUrl);
  });
});

describe('the operation log', () => {
  const lastLogId = async () => Number((await s.db.query<{ id: string | null }>(`select max(id) as id from sys_oper_log`)).rows[0]!.id ?? 0);
  const logsSince = async (id: number) =>
    (await s.db.query<{ title: string; business_type: string; status: string; error_msg: string | null }>(`select title, business_type, status, error_msg from sys_oper_log where id > $1 order by id`, [id])).rows;
  const menuIds = async () => (await s.db.query<{ id: number }>(`select id from sys_menu where menu_type = 'C' order by id limit 2`)).rows.map((r) => Number(r.id));
  const MISSING_MENU = 2_000_000_000;

  it('a save that fails after writing its row leaves neither the row nor a success entry, only the failure', async () => {
    const [menu] = await menuIds();
    const roleKey = `atomic_${rand(6)}`;
    const before = await lastLogId();
    // the role row is inserted, then linking a menu that does not exist fails: one transaction
    const r = await s.api('POST', '/api/system/role/save', { token: admin, body: { roleKey, roleName: roleKey, menuIds: [menu, MISSING_MENU] } });
    expect(r.status).toBe(400);
    expect(r.json.errors).toHaveProperty('menuIds');
    expect((await s.db.query(`select 1 from sys_role where role_key = $1`, [roleKey])).rows).toEqual([]);
    expect(await logsSince(before)).toEqual([{ title: 'role', business_type: 'INSERT', status: '1', error_msg: 'messages.validationFailed' }]);

    // the same save with valid menus commits the row and its success entry together
    const good = ok(await s.api('POST', '/api/system/role/save', { token: admin, body: { roleKey, roleName: roleKey, menuIds: [menu] } }));
    expect(good.data.roleKey).toBe(roleKey);
    expect((await logsSince(before)).map((l) => l.status)).toEqual(['1', '0']);
  });

  it('an update that fails after its changes keeps every old value and writes no success entry', async () => {
    const [menuA, menuB] = await menuIds();
    const roleKey = `atomic_${rand(6)}`;
    const role = ok(await s.api('POST', '/api/system/role/save', { token: admin, body: { roleKey, roleName: 'before', menuIds: [menuA] } })).data;
    const before = await lastLogId();
    // the update renames the role and replaces its menus, then fails on the missing menu
    const r = await s.api('POST', '/api/system/role/update', {
      token: admin,
      body: { id: role.id, version: role.version, roleKey, roleName: 'after', menuIds: [menuB, MISSING_MENU] },
    });
    expect(r.status).toBe(400);
    const row = (await s.db.query<{ role_name: string; version: number }>(`select role_name, version from sys_role where id = $1`, [role.id])).rows[0]!;
    expect(row.role_name).toBe('before');
    expect(Number(row.version)).toBe(Number(role.version));
    const links = await s.db.query<{ menu_id: number }>(`select menu_id from sys_role_menu where role_id = $1`, [role.id]);
    expect(links.rows.map((x) => Number(x.menu_id))).toEqual([menuA]);
    expect((await logsSince(before)).map((l) => [l.business_type, l.status])).toEqual([['UPDATE', '1']]);
  });
});
