/**
 * Reports read a replica when one is set and close enough behind (issue 20, platform/replica.ts): the "replica" here
 * is the test's own database (DATABASE_REPLICA_URL on PostgreSQL, the same handle on PGlite), and its lag is forced
 * through the measure. A replica too far behind or failing sends the read to the primary, without an error; the
 * answer says how old figures read on a replica may be (the report screen shows it).
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ADMIN, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer({ replicaOfItself: true });
  token = await s.login(ADMIN.user, ADMIN.password);
});
afterAll(async () => {
  await s?.close();
});
const real = () => s.app.reads.measureLag;
let measure: typeof s.app.reads.measureLag;
beforeEach(() => {
  measure ??= real();
  s.app.reads.measureLag = measure;
  s.app.reads.reset();
});

const report = () => s.api('GET', '/api/reports/order/data', { token, query: { tz: 'UTC' } });
const where = async (read: () => Promise<{ status: number; json: { data: { lagSeconds?: number } } }>) => {
  const before = { ...s.app.reads.counts };
  const r = await read();
  expect(r.status).toBe(200);
  return { lag: r.json.data.lagSeconds, replica: s.app.reads.counts.replica - before.replica, primary: s.app.reads.counts.primary - before.primary };
};

it('reads a replica that is not behind (a database not in recovery has no lag)', async () => {
  expect(await where(report)).toEqual({ lag: 0, replica: 1, primary: 0 });
});

it('says how far behind a lagging replica is, up to the limit (30 s)', async () => {
  s.app.reads.measureLag = async () => 12.4;
  expect(await where(report)).toEqual({ lag: 12, replica: 1, primary: 0 });
  // the export reads there too
  const before = s.app.reads.counts.replica;
  expect((await s.api('GET', '/api/reports/order/export', { token, query: { tz: 'UTC' } })).status).toBe(200);
  expect(s.app.reads.counts.replica).toBe(before + 1);
});

it('reads the primary when the replica is further behind than the limit', async () => {
  s.app.reads.measureLag = async () => 31;
  expect(await where(report)).toEqual({ lag: undefined, replica: 0, primary: 1 });
});

it('reads the primary, without an error, when the replica cannot be reached, and leaves it alone a while', async () => {
  let tried = 0;
  s.app.reads.measureLag = async () => {
    tried++;
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:15433'), { code: 'ECONNREFUSED' });
  };
  expect(await where(report)).toEqual({ lag: undefined, replica: 0, primary: 1 });
  expect(await where(report)).toEqual({ lag: undefined, replica: 0, primary: 1 });
  expect(tried).toBe(1);
});

it('list exports read the replica and say how far behind it is; the primary when it is too far behind or down', async () => {
  const exported = async (path: string) => {
    const before = { ...s.app.reads.counts };
    const r = await s.api('GET', path, { token });
    expect(r.status, path).toBe(200);
    expect(r.headers.get('content-type'), path).toContain('spreadsheetml');
    return { lag: r.headers.get('x-replica-lag-seconds'), replica: s.app.reads.counts.replica - before.replica, primary: s.app.reads.counts.primary - before.primary };
  };
  // the order list's own export and a list of the generic engine (waybills)
  for (const path of ['/api/order/order/export', '/api/waybill/waybill/export']) {
    s.app.reads.reset();
    s.app.reads.measureLag = async () => 7.2;
    expect(await exported(path)).toEqual({ lag: '7', replica: 1, primary: 0 });
    s.app.reads.reset();
    s.app.reads.measureLag = async () => 45;
    expect(await exported(path)).toEqual({ lag: null, replica: 0, primary: 1 });
    s.app.reads.reset();
    s.app.reads.measureLag = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:15433'), { code: 'ECONNREFUSED' });
    };
    expect(await exported(path)).toEqual({ lag: null, replica: 0, primary: 1 });
  }
});

it('dashboards read the replica and say how far behind it is; the primary when it is too far behind or down', async () => {
  for (const name of ['analysis', 'workplace', 'monitor']) {
    const dash = () => s.api('GET', `/api/dashboard/${name}`, { token, query: { tz: 'UTC' } });
    s.app.reads.reset();
    s.app.reads.measureLag = async () => 3.4;
    expect(await where(dash), name).toEqual({ lag: 3, replica: 1, primary: 0 });
    s.app.reads.reset();
    s.app.reads.measureLag = async () => 31;
    expect(await where(dash), name).toEqual({ lag: undefined, replica: 0, primary: 1 });
    s.app.reads.reset();
    s.app.reads.measureLag = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:15433'), { code: 'ECONNREFUSED' });
    };
    expect(await where(dash), name).toEqual({ lag: undefined, replica: 0, primary: 1 });
  }
});
