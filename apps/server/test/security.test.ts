/** Cross-cutting safety: declared permissions, input hardening, mass assignment, headers, limits, logs, secrets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS, RESOURCES } from '@tms/domain';
import { request } from 'node:http';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { ADMIN, createUser, rand, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
});
afterAll(async () => {
  await s?.close();
});

const configBody = () => ({ configName: 'Test ' + rand(), configKey: 'test.' + rand(8), configValue: 'v' });

describe('routes', () => {
  it('every API route declares a permission, else the server refuses to start', async () => {
    const app = await buildApp({ db: s.db, config: loadConfig({ TMS_CAPTCHA: 'off', NODE_ENV: 'test' }), logger: false });
    await expect(
      (async () => {
        app.get('/api/undeclared', async () => ({ code: 0 }));
        await app.ready();
      })(),
    ).rejects.toThrow(/declares no permission/);
    await app.close().catch(() => undefined);
  });

  it('a route with a permission is accepted', async () => {
    const app = await buildApp({ db: s.db, config: loadConfig({ TMS_CAPTCHA: 'off', NODE_ENV: 'test' }), logger: false });
    app.get('/api/declared', { config: { permission: 'authenticated' } }, async () => ({ code: 0 }));
    await app.ready();
    const r = await app.inject({ method: 'GET', url: '/api/declared' });
    expect(r.statusCode).toBe(401);
    await app.close();
  });

  it('the OpenAPI document lists the routes', async () => {
    const r = await s.api('GET', '/api/docs/json');
    expect(r.status).toBe(200);
    expect(r.json.openapi).toMatch(/^3\./);
    const paths = Object.keys(r.json.paths);
    expect(paths).toContain('/api/auth/login');
    for (const def of RESOURCES) expect(paths).toContain(`/api${def.path}/list`);
  });
});

describe('input hardening', () => {
  it('orderByColumn with SQL → 400', async () => {
    for (const by of ['id; drop table x', 'id desc', '"id"', 'password_hash', 'nope']) {
      const r = await s.api('GET', '/api/system/config/list', { token: admin, query: { orderByColumn: by } });
      expect(r.status, by).toBe(400);
      expect(r.json.code).toBe(400);
    }
    expect((await s.api('GET', '/api/system/config/list', { token: admin, query: { orderByColumn: 'configKey', isAsc: 'sideways' } })).status).toBe(400);
    // the table is still there
    expect((await s.api('GET', '/api/system/config/list', { token: admin })).status).toBe(200);
  });

  it('bad page numbers → 400, never 500', async () => {
    for (const v of ['abc', '1e309', '-1', '0', '1.5', '100000']) {
      const r = await s.api('GET', '/api/system/config/list', { token: admin, query: { pageSize: v } });
      expect(r.status, `pageSize=${v}`).toBe(400);
      const p = await s.api('GET', '/api/system/config/list', { token: admin, query: { pageNum: v === '100000' ? '1e12' : v } });
      expect(p.status, `pageNum=${v}`).toBe(400);
    }
  });

  it('bad ids and filters → 400', async () => {
    expect((await s.api('GET', '/api/system/config/get/abc', { token: admin })).status).toBe(400);
    expect((await s.api('GET', '/api/system/config/get/1e400', { token: admin })).status).toBe(400);
    expect((await s.api('POST', '/api/system/config/remove', { token: admin, query: { ids: '1,abc' } })).status).toBe(400);
    expect((await s.api('POST', '/api/system/config/remove', { token: admin })).status).toBe(400);
    expect((await s.api('GET', '/api/system/config/list', { token: admin, query: { configType: 'maybe' } })).status).toBe(400);
    expect((await s.api('GET', '/api/system/config/list', { token: admin, query: { createTimeBegin: 'not a date' } })).status).toBe(400);
    // LIKE wildcards are literal
    const r = await s.api('GET', '/api/system/config/list', { token: admin, query: { configKey: '%' } });
    expect(r.status).toBe(200);
    expect(r.json.total).toBe(0);
  });

  it('malformed JSON → 400', async () => {
    const r = await s.api('POST', '/api/system/config/save', { token: admin, body: '{"configName":', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe(400);
  });

  it('mass assignment: server-owned fields in a body are ignored', async () => {
    const body = { ...configBody(), id: 999_999, createBy: 'mallory', createTime: '2000-01-01T00:00:00Z', version: 42, updateBy: 'mallory' };
    const r = await s.api('POST', '/api/system/config/save', { token: admin, body });
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d.id).not.toBe(999_999);
    expect(d.createBy).toBe('admin');
    expect(d.version).toBe(0);
    expect(new Date(d.createTime).getFullYear()).toBeGreaterThan(2020);
    // status of a resource with a status toggle is not settable through save / update
    const t = await s.api('POST', '/api/system/dict/type/save', { token: admin, body: { dictName: 'x', dictType: 'T_' + rand(), status: '1' } });
    expect(t.status).toBe(200);
    expect(t.json.data.status).toBe('0');
    const u = await s.api('POST', '/api/system/dict/type/update', {
      token: admin,
      body: { id: t.json.data.id, version: t.json.data.version, dictName: 'y', status: '1', createBy: 'mallory', dictType: 'CHANGED_' + rand() },
    });
    expect(u.status).toBe(200);
    expect(u.json.data).toMatchObject({ status: '0', createBy: 'admin', dictName: 'y', dictType: t.json.data.dictType, version: 1 });
    // updating another record by smuggling an id into save is not possible either
    const other = await s.api('POST', '/api/system/config/save', { token: admin, body: { ...configBody(), id: d.id } });
    expect(other.json.data.id).not.toBe(d.id);
  });
});

describe('HTTP', () => {
  it('security headers are present', async () => {
    for (const path of ['/api/health', '/api/system/user/info', '/api/nope']) {
      const r = await s.api('GET', path);
      expect(r.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('a body over the limit → 413 envelope', async () => {
    const big = JSON.stringify({ ...configBody(), remark: 'x'.repeat(3 * 1024 * 1024) });
    const r = await s.api('POST', '/api/system/config/save', { token: admin, body: big, headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ code: 413, msg: expect.any(String) });
  });

  it('an upload over the limit → 413 envelope, before the file is read', async () => {
    // node:http, not fetch: the server answers while the client is still sending, which fetch reports as a reset
    const boundary = 'x' + rand(12);
    const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.xlsx"\r\ncontent-type: application/octet-stream\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const size = 21 * 1024 * 1024;
    const r = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${s.url}/api/system/config/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + size + tail.length) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => {
          req.destroy(); // stop "uploading": an open request would keep the server from closing
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', (e) => reject(e));
      req.write(head);
      req.write(Buffer.alloc(64 * 1024)); // a little of the file; the rest never comes
    });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toMatchObject({ code: 413, msg: expect.any(String) });
    // the server is fine afterwards
    expect((await s.api('GET', '/api/health')).status).toBe(200);
  });

  it('every language answers in its own words', async () => {
    const msgs = new Set<string>();
    for (const lang of LANGS) {
      const r = await s.api('GET', '/api/nope', { headers: { lang } });
      expect(r.status).toBe(404);
      expect(r.json.msg, lang).not.toMatch(/^messages\./);
      msgs.add(r.json.msg);
    }
    expect(msgs.size).toBeGreaterThanOrEqual(3);
    // an unknown language falls back to zh-CN
    expect((await s.api('GET', '/api/nope', { headers: { lang: 'xx-YY' } })).json.msg).toBe('接口不存在');
  });

  it('an unknown content type → 4xx envelope', async () => {
    const r = await s.api('POST', '/api/system/config/save', { token: admin, body: 'a=b', headers: { 'content-type': 'text/x-weird' } });
    expect(r.status).toBe(415);
    expect(r.json.code).toBe(415);
  });
});

describe('concurrency', () => {
  it('concurrent updates with the same version: exactly one wins, the rest get 409', async () => {
    const saved = await s.api('POST', '/api/system/config/save', { token: admin, body: configBody() });
    const id = saved.json.data.id;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => s.api('POST', '/api/system/config/update', { token: admin, body: { ...configBody(), configKey: saved.json.data.configKey, configValue: `v${i}`, id, version: 0 } })),
    );
    const codes = results.map((r) => r.status).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const got = await s.api('GET', `/api/system/config/get/${id}`, { token: admin });
    expect(got.json.data.version).toBe(1);
    const winner = results.find((r) => r.status === 200)!;
    expect(got.json.data.configValue).toBe(winner.json.data.configValue);
  });

  it('concurrent saves of one unique key: one is stored, the others get 409', async () => {
    const body = configBody();
    const results = await Promise.all(Array.from({ length: 4 }, () => s.api('POST', '/api/system/config/save', { token: admin, body })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.json.code).toBe(409);
    const l = await s.api('GET', '/api/system/config/list', { token: admin, query: { configKey: body.configKey } });
    expect(l.json.total).toBe(1);
  });
});

describe('secrets and logs', () => {
  it('no password hash or token in any list, get or export', async () => {
    for (const def of RESOURCES) {
      const list = await s.api('GET', `/api${def.path}/list`, { token: admin, query: { pageSize: 500 } });
      expect(list.status, `${def.name} list`).toBe(200);
      const text = JSON.stringify(list.json);
      expect(text).not.toMatch(/argon2|password_?hash|token_?hash/i);
      if (list.json.rows[0]) {
        const one = await s.api('GET', `/api${def.path}/get/${list.json.rows[0].id}`, { token: admin });
        expect(JSON.stringify(one.json)).not.toMatch(/argon2|password_?hash/i);
      }
      if (def.features?.export === false) continue; // no export route
      const x = await s.api('GET', `/api${def.path}/export`, { token: admin });
      expect(x.status, `${def.name} export`).toBe(200);
      expect(x.body.toString('latin1')).not.toMatch(/argon2/);
    }
  });

  it('operation log: one row per mutation, failures marked, secrets masked', async () => {
    const count = async () => Number((await s.db.query<{ n: number }>(`select count(*)::int as n from sys_oper_log`)).rows[0]!.n);
    const before = await count();
    const body = { ...configBody(), password: 'hunter2-secret', userPassword: 'hunter3-secret', token: 'tok-secret-value' };
    const r = await s.api('POST', '/api/system/config/save', { token: admin, body });
    expect(r.status).toBe(200);
    expect(await count()).toBe(before + 1);
    const row = (
      await s.db.query<{ title: string; business_type: string; oper_name: string; oper_param: string; json_result: string; status: string; request_method: string; oper_url: string }>(
        `select * from sys_oper_log order by id desc limit 1`,
      )
    ).rows[0]!;
    expect(row).toMatchObject({ title: 'config', business_type: 'INSERT', oper_name: 'admin', status: '0', request_method: 'POST' });
    expect(row.oper_url).toContain('/api/system/config/save');
    expect(row.oper_param).toContain(body.configKey);
    expect(row.oper_param).not.toContain('hunter2');
    expect(row.oper_param).not.toContain('hunter3');
    expect(row.oper_param).not.toContain('tok-secret-value');
    expect(row.oper_param).toContain('******');
    // the stray fields were not stored either
    expect(JSON.stringify(r.json)).not.toContain('hunter2');

    // a failed mutation (duplicate key) writes a row marked '1'
    const dup = await s.api('POST', '/api/system/config/save', { token: admin, body: { ...configBody(), configKey: body.configKey } });
    expect(dup.status).toBe(409);
    expect(await count()).toBe(before + 2);
    const failed = (await s.db.query<{ status: string; error_msg: string }>(`select status, error_msg from sys_oper_log order by id desc limit 1`)).rows[0]!;
    expect(failed.status).toBe('1');
    expect(failed.error_msg).toBeTruthy();

    // update and remove log too
    const id = r.json.data.id;
    await s.api('POST', '/api/system/config/update', { token: admin, body: { ...configBody(), configKey: body.configKey, id, version: 0 } });
    await s.api('POST', '/api/system/config/remove', { token: admin, query: { ids: String(id) } });
    const types = (await s.db.query<{ business_type: string }>(`select business_type from sys_oper_log order by id desc limit 2`)).rows.map((x) => x.business_type);
    expect(types).toEqual(['DELETE', 'UPDATE']);
    // reads are not logged
    const n = await count();
    await s.api('GET', '/api/system/config/list', { token: admin });
    expect(await count()).toBe(n);
  });

  it('changing the own password logs neither password', async () => {
    const u = await createUser(s.db, { password: 'oldpass12' });
    const token = await s.login(u.userName, u.password);
    const r = await s.api('POST', '/api/system/user/profile/updatePwd', { token, body: { oldPassword: 'oldpass12', newPassword: 'newpass34' } });
    expect(r.status).toBe(200);
    const rows = (await s.db.query<{ oper_param: string; json_result: string }>(`select oper_param, json_result from sys_oper_log where oper_name = $1`, [u.userName])).rows;
    expect(rows.length).toBe(1);
    expect(rows[0]!.oper_param).not.toMatch(/oldpass12|newpass34/);
    const logs = (await s.db.query<{ msg: string }>(`select msg from sys_login_log`)).rows;
    expect(JSON.stringify(logs)).not.toMatch(/oldpass12|newpass34|admin123/);
  });

  it('sessions store only token hashes', async () => {
    const rows = (await s.db.query<{ token_hash: string }>(`select token_hash from sys_session`)).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === admin)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('configuration', () => {
  it('production refuses a default or short secret and test hooks', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow();
    expect(() => loadConfig({ NODE_ENV: 'production', TMS_SECRET: 'changeme' })).toThrow();
    expect(() => loadConfig({ NODE_ENV: 'production', TMS_SECRET: 'short-secret' })).toThrow();
    const secret = 'a'.repeat(16) + rand(16) + 'b'.repeat(8);
    expect(loadConfig({ NODE_ENV: 'production', TMS_SECRET: secret }).production).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', TMS_SECRET: secret, TMS_TEST_HOOKS: '1' })).toThrow();
  });

  it('the test hook route does not exist without TMS_TEST_HOOKS', async () => {
    const app = await buildApp({ db: s.db, config: loadConfig({ NODE_ENV: 'test' }), logger: false });
    const r = await app.inject({ method: 'GET', url: '/api/auth/captcha/testAnswer?token=x' });
    expect(r.statusCode).toBe(404);
    await app.close();
  });
});
