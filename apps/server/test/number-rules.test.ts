/** Codes from number rules stay unique when many creators ask at once (on PostgreSQL: real concurrency). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startServer();
  token = await s.login(ADMIN.user, ADMIN.password);
});
afterAll(async () => {
  await s?.close();
});

describe('number rules', () => {
  it('gives 20 concurrent creators 20 different consecutive codes', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.api('POST', '/api/system/numberRule/next', { token, body: { refType: 'WAYBILL' } })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const codes = answers.map((a) => a.json.data.code as string);
    expect(new Set(codes).size).toBe(20);
    const serials = codes.map((c) => Number(c.slice(-6))).sort((a, b) => a - b);
    // consecutive (the demo seed's reviews may have used the first waybill numbers already)
    expect(serials).toEqual(Array.from({ length: 20 }, (_, i) => serials[0]! + i));
    expect(codes[0]).toMatch(/^WB\d{8}\d{6}$/);
  });

  it('shows a live example of a rule being edited', async () => {
    const r = await s.api('GET', '/api/system/numberRule/example', { token, query: { prefix: 'OR', timestampEnabled: 'false', serialLength: 4 } });
    expect(r.json.data.example).toBe('OR0001');
  });

  it('refuses a reference type without a rule', async () => {
    const r = await s.api('POST', '/api/system/numberRule/next', { token, body: { refType: 'NOPE' } });
    expect(r.status).toBe(409);
  });
});
