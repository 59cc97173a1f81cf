/**
 * Object-storage configuration (issue 3): saving a configuration (spec §7 `POST /system/oss/saveConfig`),
 * the connection test (local folder answers; an unreachable S3 endpoint is refused with its reason),
 * and the default configuration that every upload goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, rand, startServer, type Json, type TestServer } from './helpers.ts';

let s: TestServer;
let admin: string;
/** may edit storage configurations (system:oss:edit) and add them */
let editor: string;
let localId: number;

const EN = { lang: 'en-US' };
const testConfig = (token: string, id: number) => s.api('POST', '/api/system/oss/config/test', { token, body: { id }, headers: EN });
const saveConfig = (token: string, body: Record<string, unknown>) => s.api('POST', '/api/system/oss/saveConfig', { token, body, headers: EN });
const defaults = async () => (await s.db.query<{ config_key: string }>(`select config_key from sys_oss_config where is_default order by id`)).rows.map((r) => r.config_key);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const upload = (token: string) => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'dot.png');
  return s.api('POST', '/api/system/oss/upload', { token, body: f, headers: EN });
};

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  const u = await createUser(s.db, { perms: ['system:oss:query', 'system:oss:add', 'system:oss:edit', 'system:oss:upload'] });
  editor = await s.login(u.userName, u.password);
  localId = (await s.db.query<{ id: number }>(`select id from sys_oss_config where config_key = 'local'`)).rows[0]!.id;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('POST /api/system/oss/saveConfig', () => {
  it('creates a configuration without an id and updates one with id + version; the secret key is write-only', async () => {
    const key = `s3${rand(6)}`;
    const secretKey = `sk-${rand(12)}`;
    const created = await saveConfig(editor, { configKey: key, storageType: 'S3', endpoint: 'minio.example.test', port: 9000, useSsl: false, bucketName: 'tms', accessKey: 'ak', secretKey });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.data.id as number;
    expect(created.json.data).toMatchObject({ configKey: key, storageType: 'S3', endpoint: 'minio.example.test', port: 9000, isDefault: false });
    expect(created.body.toString()).not.toContain(secretKey);
    const stored = (await s.db.query<{ enc: string }>(`select secret_key_enc as enc from sys_oss_config where id = $1`, [id])).rows[0]!.enc;
    expect(stored).toBeTruthy();
    expect(stored).not.toContain(secretKey);

    const cur = (await s.api('GET', `/api/system/oss/config/get/${id}`, { token: editor })).json.data;
    const updated = await saveConfig(editor, { ...cur, endpoint: 'minio2.example.test', secretKey: '' });
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    expect(updated.json.data).toMatchObject({ id, endpoint: 'minio2.example.test', version: cur.version + 1 });
    // an empty secret keeps the stored one
    expect((await s.db.query<{ enc: string }>(`select secret_key_enc as enc from sys_oss_config where id = $1`, [id])).rows[0]!.enc).toBe(stored);
    // a stale version is refused
    expect((await saveConfig(editor, { ...cur, endpoint: 'minio3.example.test' })).status).toBe(409);

    const logged = (await s.db.query<Json>(`select title, business_type, oper_param from sys_oper_log where oper_url = '/api/system/oss/saveConfig' and status = '0' order by id`)).rows;
    expect(logged.map((x) => [x.title, x.business_type])).toEqual([
      ['ossConfig', 'INSERT'],
      ['ossConfig', 'UPDATE'],
    ]);
    expect(JSON.stringify(logged)).not.toContain(secretKey);
  });

  it('needs the edit permission, and the add permission too for a new configuration', async () => {
    const body = { configKey: `l${rand(6)}`, storageType: 'LOCAL' };
    const query = await createUser(s.db, { perms: ['system:oss:query'] });
    expect((await saveConfig(await s.login(query.userName, query.password), body)).status).toBe(403);
    const adder = await createUser(s.db, { perms: ['system:oss:query', 'system:oss:add'] });
    expect((await saveConfig(await s.login(adder.userName, adder.password), body)).status).toBe(403);
    const editOnly = await createUser(s.db, { perms: ['system:oss:query', 'system:oss:edit'] });
    const et = await s.login(editOnly.userName, editOnly.password);
    expect((await saveConfig(et, body)).status).toBe(403);
    expect((await s.db.query(`select 1 from sys_oss_config where config_key = $1`, [body.configKey])).rows).toEqual([]);
    // … while it may update an existing one
    const cur = (await s.api('GET', `/api/system/oss/config/get/${localId}`, { token: et })).json.data;
    const r = await saveConfig(et, { ...cur, remark: 'updated by an editor' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.remark).toBe('updated by an editor');
  });

  it('validates like the configuration form', async () => {
    const r = await saveConfig(editor, { configKey: '', storageType: 'LOCAL' });
    expect(r.status).toBe(400);
    expect(r.json.errors.configKey).toBeTruthy();
  });
});

describe('POST /api/system/oss/config/test', () => {
  it('answers ok for the local folder', async () => {
    const r = await testConfig(editor, localId);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({ ok: true });
    expect(r.json.msg).toBe('The storage answered: connection works');
  });

  it('refuses an unreachable S3 endpoint with the reason, not a server error', async () => {
    const saved = await saveConfig(editor, { configKey: `dead${rand(6)}`, storageType: 'S3', endpoint: '127.0.0.1', port: 1, useSsl: false, bucketName: 'tms-bucket', accessKey: 'ak', secretKey: 'sk' });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const r = await testConfig(editor, saved.json.data.id);
    expect(r.status).toBe(409);
    expect(r.json.msg).toMatch(/^Storage connection failed: .*ECONNREFUSED/);

    // an endpoint written as a URL is refused with its reason as well
    const url = await saveConfig(editor, { configKey: `url${rand(6)}`, storageType: 'S3', endpoint: 'http://127.0.0.1:1', bucketName: 'tms-bucket', accessKey: 'ak', secretKey: 'sk' });
    expect(url.status, JSON.stringify(url.json)).toBe(200);
    const r2 = await testConfig(editor, url.json.data.id);
    expect(r2.status).toBe(409);
    expect(r2.json.msg).toMatch(/^Storage connection failed: .*endPoint/i);
  });

  it('needs the edit permission (it makes outbound calls with the stored keys); an unknown id is 404', async () => {
    const viewer = await createUser(s.db, { perms: ['system:oss:query'] });
    expect((await testConfig(await s.login(viewer.userName, viewer.password), localId)).status).toBe(403);
    expect((await testConfig(editor, 999999)).status).toBe(404);
  });
});

describe('POST /api/system/oss/config/setDefault', () => {
  it('makes one configuration the default, which uploads then go through', async () => {
    const key = `local${rand(6)}`;
    const saved = await saveConfig(editor, { configKey: key, storageType: 'LOCAL' });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const id = saved.json.data.id as number;

    const r = await s.api('POST', '/api/system/oss/config/setDefault', { token: editor, body: { id } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(await defaults()).toEqual([key]);
    expect((await s.api('GET', '/api/system/oss/config', { token: editor })).json.data).toEqual({ configKey: key, storageType: 'LOCAL' });
    const listed = (await s.api('GET', '/api/system/oss/config/list', { token: editor, query: { pageSize: 100 } })).json.rows as Json[];
    expect(listed.filter((x) => x.isDefault).map((x) => x.configKey)).toEqual([key]);

    const up = await upload(editor);
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    const file = (await s.db.query<{ config_key: string }>(`select config_key from sys_oss where id = $1`, [up.json.data.id])).rows[0]!;
    expect(file.config_key).toBe(key);
    const served = await s.api('GET', up.json.data.url);
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body, PNG)).toBe(0);

    // an unknown id changes nothing
    expect((await s.api('POST', '/api/system/oss/config/setDefault', { token: editor, body: { id: 999999 } })).status).toBe(404);
    expect(await defaults()).toEqual([key]);

    // only with the edit permission
    const viewer = await createUser(s.db, { perms: ['system:oss:query'] });
    const vt = await s.login(viewer.userName, viewer.password);
    expect((await s.api('POST', '/api/system/oss/config/setDefault', { token: vt, body: { id: localId } })).status).toBe(403);
    expect(await defaults()).toEqual([key]);

    const back = await s.api('POST', '/api/system/oss/config/setDefault', { token: admin, body: { id: localId } });
    expect(back.status).toBe(200);
    expect(await defaults()).toEqual(['local']);
  });

  it('an unreachable default store refuses an upload with the reason and records no file', async () => {
    const saved = await saveConfig(editor, { configKey: `down${rand(6)}`, storageType: 'S3', endpoint: '127.0.0.1', port: 1, useSsl: false, bucketName: 'tms-bucket', accessKey: 'ak', secretKey: 'sk' });
    expect(saved.status).toBe(200);
    const files = async () => Number((await s.db.query<{ n: number }>(`select count(*)::int as n from sys_oss`)).rows[0]!.n);
    const before = await files();
    expect((await s.api('POST', '/api/system/oss/config/setDefault', { token: editor, body: { id: saved.json.data.id } })).status).toBe(200);
    try {
      const up = await upload(editor);
      expect(up.status, JSON.stringify(up.json)).toBe(409);
      expect(up.json.msg).toMatch(/^Storage connection failed: .*ECONNREFUSED/);
      expect(await files()).toBe(before);
    } finally {
      await s.api('POST', '/api/system/oss/config/setDefault', { token: admin, body: { id: localId } });
    }
    expect(await defaults()).toEqual(['local']);
  });
});
