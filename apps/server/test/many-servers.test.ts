/**
 * Several API servers on one database (issue 20): what one server does, the other knows at once. A session
 * revoked on one is refused by the other on its very next request; rights changed on one apply on the other at
 * once (each server caches a user's rights under the database's auth version, migration 0045); an event raised on
 * one reaches a stream held open on the other; and a stream that broke gets what it missed, from any server, by
 * its Last-Event-ID (the realtime log, migration 0046), within its scope only; a write repeated with its
 * Idempotency-Key (migration 0047) on either server is applied once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, rand, startServer, type TestServer } from './helpers.ts';
import { DRIVER, driverLogin, makeShipment } from './driver-kit.ts';
import { openStream } from './sse.ts';
import { updatable } from './resource-kit.ts';
import { getResource } from '@tms/domain';

let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startServer();
  b = await startServer({ sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const ticketOn = async (s: TestServer, token: string) => (await s.api('POST', '/api/realtime/ticket', { token })).json.data.ticket as string;

describe('two servers on one database', () => {
  it('a session signed out on one server is refused by the other at once', async () => {
    const token = await a.login(ADMIN.user, ADMIN.password);
    expect((await b.api('GET', '/api/system/user/info', { token })).status).toBe(200);
    expect((await a.api('GET', '/api/system/user/info', { token })).status).toBe(200);
    expect((await b.api('POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await a.api('GET', '/api/system/user/info', { token })).status).toBe(401);
  });

  it('rights changed through one server apply on the other with the next request, both ways', async () => {
    const u = await createUser(a.db, { perms: ['system:dict:query', 'system:config:query'] });
    const token = await b.login(u.userName, u.password);
    const list = (s: TestServer) => s.api('GET', '/api/system/dict/type/list', { token });
    // both servers have the user's rights cached now
    expect((await a.api('GET', '/api/system/dict/type/list', { token })).status).toBe(200);
    expect((await list(b)).status).toBe(200);
    const admin = await a.login(ADMIN.user, ADMIN.password);
    // the role loses the dictionaries (keeps the configuration) through the administration screen of server a
    const keep = (await a.db.query<{ id: number }>(`select id from sys_menu where perms = 'system:config:query' order by id limit 1`)).rows.map((r) => r.id);
    const roleId = (await a.db.query<{ role_id: number }>(`select role_id from sys_user_role where user_id = $1`, [u.id])).rows[0]!.role_id;
    const role = (await a.api('GET', `/api/system/role/get/${roleId}`, { token: admin })).json.data;
    const saved = await a.api('POST', '/api/system/role/update', { token: admin, body: { ...updatable(getResource('role'), role), id: roleId, version: role.version, menuIds: keep } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect((await list(b)).status).toBe(403);
    expect((await list(a)).status).toBe(403);
    // disabling the user on b signs them out everywhere
    await b.db.query(`update sys_user set status = '1' where id = $1`, [u.id]);
    expect((await a.api('GET', '/api/system/user/info', { token })).status).toBe(401);
  });

  it('an event raised on one server reaches a stream open on the other; a reconnect gets what it missed', async () => {
    const admin = await a.login(ADMIN.user, ADMIN.password);
    const live = await openStream(a.url, await ticketOn(a, admin), 'shipment');
    await live.waitFor('ready');
    const driver = await driverLogin(b, DRIVER);
    const first = await makeShipment(a.db, { status: 'EFFECTIVE' });
    expect((await b.api('POST', `/api/driver/shipments/${first.id}/accept`, { token: driver })).status).toBe(200);
    const [heard] = await live.waitFor('shipment');
    expect(heard!.data).toMatchObject({ id: first.id, isReceive: 'ACCEPTED' });
    expect(heard!.id).toMatch(/^\d+$/);
    await live.close();

    // while no stream is open: two more dispatch orders are answered, one of another dispatch center
    const missed = await makeShipment(a.db, { status: 'EFFECTIVE' });
    const elsewhere = await makeShipment(a.db, { status: 'EFFECTIVE', center: 'BJ01' });
    expect((await b.api('POST', `/api/driver/shipments/${missed.id}/refuse`, { token: driver, body: { reason: 'flat tyre' } })).status).toBe(200);
    expect((await b.api('POST', `/api/driver/shipments/${elsewhere.id}/accept`, { token: driver })).status).toBe(200);

    // a new stream on the other server, naming the last event it got: the missed one of its center comes first
    const again = await openStream(b.url, await ticketOn(b, admin), 'shipment', heard!.id);
    await again.waitFor('ready');
    const replayed = await again.waitFor('shipment');
    expect(replayed.map((e) => e.data.id)).toEqual([missed.id]);
    expect(replayed[0]!.data.isReceive).toBe('REFUSED');
    // then it is live as any stream
    const later = await makeShipment(a.db, { status: 'EFFECTIVE' });
    expect((await a.api('POST', `/api/driver/shipments/${later.id}/accept`, { token: await driverLogin(a, DRIVER) })).status).toBe(200);
    await again.until('no live event after the replay', () => again.events.filter((e) => e.event === 'shipment').map((e) => e.data.id).join() === `${missed.id},${later.id}`);
    await again.close();

    // EventSource's own reconnect sends the Last-Event-ID header: same answer
    const byHeader = await openStream(a.url, await ticketOn(a, admin), 'shipment', undefined, { 'last-event-id': heard!.id! });
    const viaHeader = await byHeader.waitFor('shipment', 2);
    expect(viaHeader.map((e) => e.data.id)).toEqual([missed.id, later.id]);
    await byHeader.close();
  });

  it('a write sent again with its Idempotency-Key, to either server, is applied once and answers the first result', async () => {
    const admin = await a.login(ADMIN.user, ADMIN.password);
    const other = await b.login((await createUser(a.db, { perms: ['system:dict:add'] })).userName, 'test12345');
    const dictType = `idem_${rand(6)}`;
    const body = { dictName: 'Idempotent', dictType };
    const key = `k-${rand(10)}`;
    const send = (s: TestServer, token: string, b: unknown, k = key) => s.api('POST', '/api/system/dict/type/save', { token, body: b, headers: { 'idempotency-key': k } });
    const count = async () => Number((await a.db.query<{ n: string }>(`select count(*) n from sys_dict_type where dict_type = $1`, [dictType])).rows[0]!.n);

    const first = await send(a, admin, body);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    // the answer was lost: the same request goes to the other server
    const again = await send(b, admin, body);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(await count()).toBe(1);
    // the same key for another request is refused, in the caller's language; another user's same key is theirs
    const reused = await send(a, admin, { ...body, dictName: 'Other' });
    expect(reused.status).toBe(409);
    expect(reused.json.msg).toMatch(/幂等键已用于另一个请求/);
    const theirs = await send(b, other, { dictName: 'Theirs', dictType: `${dictType}_b` });
    expect(theirs.status, JSON.stringify(theirs.json)).toBe(200);
    // a refused write claims nothing: the corrected request may use the same key
    const k2 = `k-${rand(10)}`;
    expect((await send(a, admin, { dictName: '', dictType: `${dictType}_c` }, k2)).status).toBe(400);
    expect((await send(a, admin, { dictName: 'Fixed', dictType: `${dictType}_c` }, k2)).status).toBe(200);
    // a malformed key is named
    const bad = await withBadKey(a, admin);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors)).toEqual(['Idempotency-Key']);
  });

  it('two copies of one write arriving together on the two servers: one is applied, the other does not apply it again', async () => {
    const admin = await a.login(ADMIN.user, ADMIN.password);
    const dictType = `race_${rand(6)}`;
    const key = `k-${rand(10)}`;
    const send = (s: TestServer) => s.api('POST', '/api/system/dict/type/save', { token: admin, body: { dictName: 'Race', dictType }, headers: { 'idempotency-key': key } });
    const answers = await Promise.all([send(a), send(b)]);
    const statuses = answers.map((r) => r.status).sort();
    // the loser either waited for the winner's commit and replays it, or is told the first copy is in progress
    expect([['200', '200'].join(), ['200', '409'].join()]).toContain(statuses.join());
    expect(Number((await a.db.query<{ n: string }>(`select count(*) n from sys_dict_type where dict_type = $1`, [dictType])).rows[0]!.n)).toBe(1);
    const later = await send(a);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotency-replayed')).toBe('true');
  });
});

const withBadKey = (s: TestServer, token: string) =>
  s.api('POST', '/api/system/dict/type/save', { token, body: { dictName: 'x', dictType: `bad_${rand(6)}` }, headers: { 'idempotency-key': 'ünïcode' } });
