/**
 * The typed API contract (issue 18): /api/docs/json describes every operation completely, lints clean
 * (Redocly's `recommended` rules through @redocly/openapi-core, the library behind `redocly lint`), and the
 * request validation answers in the envelope, naming the field in the request's language.
 * Every operation is declared through route() (platform/contract.ts): none may lack anything below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { clientUser } from './portal-kit.ts';
import { ADMIN, startServer, type Json, type TestServer } from './helpers.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const ERROR_REF = '#/components/schemas/ErrorEnvelope';

let s: TestServer;
let doc: Json;
let ops: { key: string; method: string; path: string; op: Json }[];

beforeAll(async () => {
  s = await startServer();
  const r = await s.api('GET', '/api/docs/json');
  expect(r.status).toBe(200);
  doc = r.json;
  ops = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, method: m, path, op: item[m] })),
  );
});
afterAll(() => s?.close());

describe('the OpenAPI document', () => {
  it('describes every operation completely', () => {
    const problems: string[] = [];
    const ids = new Map<string, string>();
    for (const { key, method, op } of ops) {
      const miss = (what: string) => problems.push(`${key}: ${what}`);
      if (!op.operationId) miss('no operationId');
      else if (ids.has(op.operationId)) miss(`operationId ${op.operationId} also on ${ids.get(op.operationId)}`);
      else ids.set(op.operationId, key);
      if (!op.summary) miss('no summary');
      if (!op.tags?.length) miss('no tags');
      const permission = op['x-permission'];
      if (!permission) miss('no x-permission');
      const says = permission === 'public' ? 'Public' : permission === 'authenticated' ? 'signed-in' : String(permission);
      if (!String(op.description ?? '').includes(says)) miss('no permission in the description');
      if (!Array.isArray(op.security)) miss('no security');
      else if (permission !== 'public' && !op.security.length) miss('no security requirement on a non-public operation');
      const errors = ['400', '404', '409', '429', ...(permission === 'public' ? [] : ['401', '403'])];
      for (const st of errors) if (op.responses?.[st]?.content?.['application/json']?.schema?.$ref !== ERROR_REF) miss(`no ${st} envelope`);
      const success = Object.entries((op.responses ?? {}) as Record<string, Json>).find(([st]) => st.startsWith('2'));
      if (!success || !Object.values((success[1].content ?? {}) as Record<string, Json>).some((c) => c.schema)) miss('no success-response schema');
      if (method !== 'get' && !Object.values((op.requestBody?.content ?? {}) as Record<string, Json>).some((c) => c.schema)) miss('no request-body schema');
    }
    expect(problems).toEqual([]);
  });

  it('lints with 0 errors (Redocly recommended)', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
  });

  it('states the security schemes: session token, API client credentials, driver token, stream ticket', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.apiClient).toMatchObject({ type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/api/auth/oauth/token' } } });
    const list = doc.paths['/api/system/config/list'].get;
    expect(list).toMatchObject({ operationId: 'config.list', 'x-permission': 'system:config:query', security: [{ session: [] }, { apiClient: [] }] });
    expect(list.description).toContain('system:config:query');
    // the list's query comes from the resource definition
    const names = (list.parameters as Json[]).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['pageNum', 'pageSize', 'orderByColumn', 'isAsc', 'configKey']));
  });
});

describe('request validation', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await s.login(ADMIN.user, ADMIN.password);
  });

  it('a refused query answers 400 in the envelope naming the field, translated (lang header, else Accept-Language)', async () => {
    const en = await s.api('GET', '/api/system/config/list', { token: admin, query: { pageSize: 'abc' }, headers: { 'accept-language': 'en-GB,en;q=0.8' } });
    expect(en.status).toBe(400);
    expect(en.json).toMatchObject({ code: 400, msg: 'Filter "pageSize" is not valid', errors: { pageSize: 'Please enter a whole number' } });
    const tw = await s.api('GET', '/api/system/config/list', { token: admin, query: { pageSize: 'abc' }, headers: { 'accept-language': 'zh-Hant-TW;q=0.9, fr;q=1' } });
    expect(tw.json.errors.pageSize).toBe('請輸入整數');
    // the lang header wins over Accept-Language; no language at all is zh-CN
    const zh = await s.api('GET', '/api/system/config/list', { token: admin, query: { pageSize: 'abc' }, headers: { lang: 'zh-CN', 'accept-language': 'en-US' } });
    expect(zh.json.errors.pageSize).toBe('请输入整数');
    expect((await s.api('GET', '/api/system/config/list', { token: admin, query: { pageSize: '0' } })).json.errors.pageSize).toBe('请输入整数');
  });

  it('a refused body names each field with the field\u2019s limit', async () => {
    const r = await s.api('POST', '/api/system/config/save', { token: admin, body: { configName: 'x'.repeat(500), configKey: 'k' }, headers: { lang: 'en-US' } });
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe('Please check the fields marked');
    expect(r.json.errors.configName).toMatch(/^Length must not exceed \d+$/);
  });

  it('a list or lookup that needs its parent answers 400 naming the parameter when it is missing (every GET with a required query parameter)', async () => {
    const needing = ops.filter((o) => o.method === 'get' && !o.path.includes('{')).flatMap((o) =>
      ((o.op.parameters ?? []) as Json[]).filter((p) => p.in === 'query' && p.required).map((p) => ({ path: o.path, name: p.name as string, permission: o.op['x-permission'] as string })),
    );
    // the portal's routes are a client user's (an administrator is refused them before any validation)
    const client = (await clientUser(s, ['C001'])).token;
    // e.g. GET /api/order/tracking/list without orderId, GET /api/act/node/list without definitionId
    expect(needing.map((n) => `${n.path}?${n.name}`)).toEqual(expect.arrayContaining(['/api/order/tracking/list?orderId', '/api/act/node/list?definitionId', '/api/system/role/allUser?roleId']));
    const wrong: string[] = [];
    for (const { path, name, permission } of needing) {
      const r = await s.api('GET', path, { token: permission.startsWith('portal:') ? client : admin, headers: { lang: 'en-US' } });
      if (r.status !== 400 || r.json.code !== 400 || !r.json.errors?.[name]) wrong.push(`${path} without ${name}: ${r.status} ${JSON.stringify(r.json)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('permission comes before validation: no token → 401, never a 400 about the input', async () => {
    const r = await s.api('GET', '/api/system/config/list', { query: { pageSize: 'abc' } });
    expect(r.status).toBe(401);
    expect((await s.api('POST', '/api/system/config/save', { body: [] })).status).toBe(401);
  });
});
