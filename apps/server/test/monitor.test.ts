/**
 * Monitor (issue 3): the online-users list and force-logout, the server and database monitor that replaces
 * the original's Druid screen, and the clean-up of the operation and login logs, over HTTP on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, startServer, type Json, type TestServer } from './helpers.ts';
import { hashToken } from '../src/platform/auth.ts';

let s: TestServer;
let admin: string;

const online = (token: string, userName: string) => s.api('GET', '/api/monitor/online/list', { token, query: { userName, pageSize: 50 } });
const operLogs = async (where: string, params: unknown[] = []) =>
  (await s.db.query<Json>(`select title, business_type, oper_name, oper_url, status, oper_param, json_result from sys_oper_log where ${where} order by id`, params)).rows;
const count = async (table: string) => Number((await s.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n);

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('online users', () => {
  it('lists every live session of a user, a second login included, without any token value', async () => {
    const u = await createUser(s.db, { perms: ['system:dict:query'] });
    const first = await s.login(u.userName, u.password);
    let r = await online(admin, u.userName);
    expect(r.status).toBe(200);
    expect(r.json.total).toBe(1);

    const second = await s.login(u.userName, u.password, { 'user-agent': 'Mozilla/5.0 second-device' });
    r = await online(admin, u.userName);
    expect(r.json.total).toBe(2);
    expect(r.json.rows).toHaveLength(2);
    // newest first: the second login, with where it came from
    expect(r.json.rows[0]).toMatchObject({ userName: u.userName, ipaddr: '127.0.0.1', userAgent: 'Mozilla/5.0 second-device', dispatchCenterName: expect.any(String) });
    expect(Date.parse(r.json.rows[0].loginTime)).not.toBeNaN();
    expect(Date.parse(r.json.rows[0].expiresAt)).toBeGreaterThan(Date.parse(r.json.rows[0].loginTime));

    const text = r.body.toString();
    for (const t of [first, second, admin]) {
      expect(text).not.toContain(t);
      expect(text).not.toContain(hashToken(t));
    }
    for (const row of r.json.rows) expect(Object.keys(row).filter((k) => /token|hash|secret|password/i.test(k))).toEqual([]);
  });

  it('force-logout ends that session at its next call, leaves the others, and is logged', async () => {
    const u = await createUser(s.db, { perms: ['system:dict:query'] });
    const a = await s.login(u.userName, u.password, { 'user-agent': 'device-a' });
    const b = await s.login(u.userName, u.password, { 'user-agent': 'device-b' });
    const rows = (await online(admin, u.userName)).json.rows as Json[];
    const target = rows.find((x) => x.userAgent === 'device-a');
    expect(target).toBeTruthy();
    expect((await s.api('GET', '/api/system/user/info', { token: a })).status).toBe(200);

    const out = await s.api('POST', '/api/monitor/online/forceLogout', { token: admin, body: { id: target.id } });
    expect(out.status, JSON.stringify(out.json)).toBe(200);
    expect((await s.api('GET', '/api/system/user/info', { token: a })).status).toBe(401);
    expect((await s.api('GET', '/api/system/dict/type/list', { token: a })).status).toBe(401);
    expect((await s.api('GET', '/api/system/user/info', { token: b })).status).toBe(200);

    const left = (await online(admin, u.userName)).json.rows as Json[];
    expect(left.map((x) => x.userAgent)).toEqual(['device-b']);
    // an ended session cannot be forced again
    expect((await s.api('POST', '/api/monitor/online/forceLogout', { token: admin, body: { id: target.id } })).status).toBe(404);

    const logged = await operLogs(`oper_url like '%forceLogout%' and status = '0'`);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ title: 'online', business_type: 'FORCE', oper_name: 'admin' });
    expect(JSON.stringify(logged)).not.toContain(a);
  });

  it("refuses to force out the caller's own session, and needs the force-logout button", async () => {
    const op = await createUser(s.db, { perms: ['monitor:online:query', 'monitor:online:forceLogout'] });
    const t = await s.login(op.userName, op.password);
    const mine = (await online(t, op.userName)).json.rows as Json[];
    expect(mine).toHaveLength(1);
    const self = await s.api('POST', '/api/monitor/online/forceLogout', { token: t, body: { id: mine[0].id }, headers: { lang: 'en-US' } });
    expect(self.status).toBe(409);
    expect(self.json.msg).toBe('You cannot force your own session out; log out instead');
    expect((await s.api('GET', '/api/system/user/info', { token: t })).status).toBe(200);

    const viewer = await createUser(s.db, { perms: ['monitor:online:query'] });
    const vt = await s.login(viewer.userName, viewer.password);
    expect((await online(vt, op.userName)).status).toBe(200);
    expect((await s.api('POST', '/api/monitor/online/forceLogout', { token: vt, body: { id: mine[0].id } })).status).toBe(403);
    expect((await s.api('GET', '/api/system/user/info', { token: t })).status).toBe(200);
  });
});

describe('server and database monitor', () => {
  it('answers the process, host and database figures', async () => {
    const u = await createUser(s.db, { perms: ['monitor:server:query'] });
    const t = await s.login(u.userName, u.password);
    const r = await s.api('GET', '/api/monitor/server', { token: t });
    expect(r.status).toBe(200);
    const d = r.json.data;

    expect(d.process.uptimeSec).toBeGreaterThanOrEqual(0);
    expect(d.process.rssBytes).toBeGreaterThan(0);
    expect(d.process.heapUsedBytes).toBeGreaterThan(0);
    expect(d.process.heapTotalBytes).toBeGreaterThanOrEqual(d.process.heapUsedBytes);
    for (const k of ['mean', 'p99', 'max']) expect(typeof d.process.eventLoopDelayMs[k]).toBe('number');
    expect(d.process.requests).toBeGreaterThan(0);
    expect(typeof d.process.requestsPerMinute).toBe('number');
    expect(d.process.node).toBe(process.version);
    expect(d.host.cpus).toBeGreaterThan(0);

    expect(d.database.kind).toBe(s.dbKind);
    expect(Number(d.database.sizeBytes)).toBeGreaterThan(0);
    // this very request holds a connection of its database
    expect(d.database.connections.length).toBeGreaterThan(0);
    expect(d.database.connections.reduce((n: number, c: Json) => n + Number(c.n), 0)).toBeGreaterThan(0);
    const tables = d.database.tables as Json[];
    expect(tables.length).toBeGreaterThan(0);
    expect(tables.map((x) => x.table)).toContain('sys_menu');
    for (const x of tables) expect(Number(x.bytes)).toBeGreaterThan(0);
    expect(Array.isArray(d.database.slowest)).toBe(true);

    // only with the monitor's permission
    const other = await createUser(s.db, { perms: ['monitor:online:query'] });
    expect((await s.api('GET', '/api/monitor/server', { token: await s.login(other.userName, other.password) })).status).toBe(403);
  });

  it('says explicitly whether the slowest statements are available (pg_stat_statements)', async () => {
    const usable = await s.db
      .query(`select 1 from pg_stat_statements limit 1`)
      .then(() => true)
      .catch(() => false);
    const d = (await s.api('GET', '/api/monitor/server', { token: admin })).json.data;
    expect(d.database.slowestAvailable).toBe(usable);
    if (!usable) expect(d.database.slowest).toEqual([]);
  });
});

describe('log clean-up', () => {
  it('the operation log is emptied only by a permitted user, and the clean itself stays logged', async () => {
    // something to clean: a logged change
    await s.api('POST', '/api/system/dict/type/save', { token: admin, body: { dictName: 'clean me', dictType: `clean_${Date.now()}` } });
    const before = await count('sys_oper_log');
    expect(before).toBeGreaterThan(0);

    const reader = await createUser(s.db, { perms: ['monitor:operlog:query'] });
    const rt = await s.login(reader.userName, reader.password);
    expect((await s.api('POST', '/api/monitor/operlog/clean', { token: rt })).status).toBe(403);
    expect(await count('sys_oper_log')).toBe(before);

    const cleaner = await createUser(s.db, { perms: ['monitor:operlog:delete'] });
    const ct = await s.login(cleaner.userName, cleaner.password);
    const r = await s.api('POST', '/api/monitor/operlog/clean', { token: ct });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.removed).toBe(before);
    // what remains is the record of the clean: who, when, what
    const rows = await operLogs('true');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'sys_oper_log', business_type: 'CLEAN', oper_name: cleaner.userName, oper_url: '/api/monitor/operlog/clean', status: '0' });
    expect(JSON.parse(rows[0].json_result)).toBe(before);
    const listed = await s.api('GET', '/api/monitor/operlog/list', { token: admin });
    expect(listed.json.rows.map((x: Json) => x.businessType)).toEqual(['CLEAN']);
  });

  it('the login log is emptied only by a permitted user, and the clean is written to the operation log', async () => {
    const before = await count('sys_login_log');
    expect(before).toBeGreaterThan(0); // every login of this file

    const reader = await createUser(s.db, { perms: ['monitor:logininfor:query', 'monitor:operlog:delete'] });
    const rt = await s.login(reader.userName, reader.password);
    expect((await s.api('POST', '/api/monitor/logininfor/clean', { token: rt })).status).toBe(403);
    expect(await count('sys_login_log')).toBe(before + 1);

    const cleaner = await createUser(s.db, { perms: ['monitor:logininfor:delete'] });
    const ct = await s.login(cleaner.userName, cleaner.password);
    const n = await count('sys_login_log');
    const r = await s.api('POST', '/api/monitor/logininfor/clean', { token: ct });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.removed).toBe(n);
    expect(await count('sys_login_log')).toBe(0);
    const logged = await operLogs(`oper_url = '/api/monitor/logininfor/clean'`);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ title: 'sys_login_log', business_type: 'CLEAN', oper_name: cleaner.userName, status: '0' });
    // the refused attempt changed nothing and left no success behind
    expect((await operLogs(`oper_name = $1`, [reader.userName])).filter((x) => x.business_type === 'CLEAN')).toEqual([]);
  });
});
