/**
 * Online users, operation logs and login logs follow the roles' department data scope (issue 13), like the users
 * they are about: a person in department East with scope "own department" sees the sessions and log rows of East's
 * users only, "self" its own only, "all" everyone's. Forcing out a session, and cleaning a log, reach no further.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, rand, startServer, type Json, type TestServer } from './helpers.ts';

let s: TestServer;
let admin: string;

const PERMS = [
  'monitor:operlog:query', 'monitor:operlog:export', 'monitor:operlog:delete',
  'monitor:logininfor:query', 'monitor:logininfor:export', 'monitor:logininfor:delete',
  'monitor:online:query', 'monitor:online:forceLogout',
];
type Who = 'east' | 'eastSelf' | 'west' | 'all';
const people = {} as Record<Who, { id: number; userName: string; token: string; sessionId: number }>;
const tag = `T-${rand(6)}`;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  const root = (await s.db.query<{ id: number }>(`select id from sys_dept where parent_id = 0 order by id limit 1`)).rows[0]!.id;
  const dept = async (name: string) =>
    (await s.db.query<{ id: number }>(`insert into sys_dept(parent_id, ancestors, dept_name, create_by) values ($1, $2, $3, 'test') returning id`, [root, `0,${root}`, name])).rows[0]!.id;
  const east = await dept(`east ${tag}`);
  const west = await dept(`west ${tag}`);
  const roleOf = async (scope: string) => {
    const r = (await s.db.query<{ id: number }>(`insert into sys_role(role_key, role_name, data_scope, create_by) values ($1,$1,$2,'test') returning id`, [`r_${rand(8)}`, scope])).rows[0]!.id;
    await s.db.query(`insert into sys_role_menu(role_id, menu_id) select $1, id from sys_menu where perms = any($2)`, [r, PERMS]);
    return r;
  };
  const make = async (who: Who, deptId: number, scope: string) => {
    const u = await createUser(s.db, { role: false });
    await s.db.query(`update sys_user set dept_id = $2 where id = $1`, [u.id, deptId]);
    await s.db.query(`insert into sys_user_role(user_id, role_id) values ($1, $2)`, [u.id, await roleOf(scope)]);
    const token = await s.login(u.userName, u.password);
    const sessionId = (await s.db.query<{ id: number }>(`select id from sys_session where user_id = $1 and revoked_at is null order by id desc limit 1`, [u.id])).rows[0]!.id;
    // one operation of theirs in the log
    await s.db.query(`insert into sys_oper_log(title, business_type, oper_name, status, oper_time) values ($1, 'UPDATE', $2, '0', now())`, [tag, u.userName]);
    people[who] = { id: u.id, userName: u.userName, token, sessionId };
  };
  await make('east', east, '3');
  await make('eastSelf', east, '5');
  await make('west', west, '3');
  await make('all', west, '1');
});
afterAll(async () => {
  await s?.close();
});

/** whom each one sees: their own department, themselves, everyone */
const SEES: Record<Who, Who[]> = { east: ['east', 'eastSelf'], eastSelf: ['eastSelf'], west: ['west', 'all'], all: ['east', 'eastSelf', 'west', 'all'] };
const ours = (names: string[]) =>
  (Object.keys(people) as Who[]).filter((w) => names.includes(people[w].userName)).sort();

async function seen(token: string, path: string, field: string, query: Record<string, string | number> = {}): Promise<Who[]> {
  const r = await s.api('GET', path, { token, query: { pageSize: 500, ...query } });
  expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(200);
  return ours((r.json.rows as Json[]).map((x) => x[field] as string));
}

describe('logs and online users follow the department data scope', () => {
  it('lists: online users, operation logs, login logs', async () => {
    for (const who of Object.keys(people) as Who[]) {
      const token = people[who].token;
      const want = [...SEES[who]].sort();
      expect(await seen(token, '/api/monitor/online/list', 'userName'), `${who}: online users`).toEqual(want);
      expect(await seen(token, '/api/monitor/operlog/list', 'operName', { title: tag }), `${who}: operation log`).toEqual(want);
      expect(await seen(token, '/api/monitor/logininfor/list', 'userName'), `${who}: login log`).toEqual(want);
    }
    // the administrator sees everyone
    expect(await seen(admin, '/api/monitor/operlog/list', 'operName', { title: tag })).toEqual(['all', 'east', 'eastSelf', 'west']);
  });

  it('forcing out a session of a user outside the scope answers 404 and leaves it alive; inside it works', async () => {
    const alive = async (id: number) => (await s.db.query(`select 1 from sys_session where id = $1 and revoked_at is null`, [id])).rows.length === 1;
    const out = await s.api('POST', '/api/monitor/online/forceLogout', { token: people.east.token, body: { id: people.west.sessionId } });
    expect(out.status).toBe(404);
    expect(await alive(people.west.sessionId)).toBe(true);
    const inside = await s.api('POST', '/api/monitor/online/forceLogout', { token: people.east.token, body: { id: people.eastSelf.sessionId } });
    expect(inside.status, JSON.stringify(inside.json)).toBe(200);
    expect(await alive(people.eastSelf.sessionId)).toBe(false);
  });

  it('cleaning a log removes the rows of the users in scope only', async () => {
    const left = async (table: string, column: string, where = 'true') =>
      ours((await s.db.query<{ n: string }>(`select ${column} as n from ${table} where ${where}`)).rows.map((r) => r.n));
    expect((await s.api('POST', '/api/monitor/operlog/clean', { token: people.east.token })).status).toBe(200);
    expect((await s.api('POST', '/api/monitor/logininfor/clean', { token: people.east.token })).status).toBe(200);
    // (the clean-up itself is logged afterwards, as every operation)
    expect(await left('sys_oper_log', 'oper_name', `title = '${tag}'`)).toEqual(['all', 'west']);
    expect(await left('sys_login_log', 'user_name')).toEqual(['all', 'west']);
  });
});
