/**
 * Realtime events follow the REST scope (issue 13): every event about a record reaches a subscriber only when the
 * REST route of that record would show it to them (permission and data scope, per subscriber). Users of one dispatch
 * center with different data groups subscribe; drivers of two carriers report positions; each stream carries the
 * positions of exactly the dispatch orders its user reads over REST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, rand, startServer, type TestServer } from './helpers.ts';
import { DRIVER, OTHER_DRIVER, makeShipment } from './driver-kit.ts';
import { openStream } from './sse.ts';

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
});
afterAll(async () => {
  await s?.close();
});

/** A user's stream, with the position events of one dispatch order. */
async function listen(token: string) {
  const ticket = (await s.api('POST', '/api/realtime/ticket', { token })).json.data.ticket as string;
  const stream = await openStream(s.url, ticket);
  const positionsOf = (id: number) => stream.events.filter((e) => e.event === 'position' && e.data.shipmentId === id);
  await stream.waitFor('ready', 1, 15_000);
  /** waits until the stream has carried `n` position events of this dispatch order */
  const waitFor = (id: number, n: number) => stream.until(`no position of ${id}`, () => positionsOf(id).length >= n);
  return { ...stream, waitForEvent: stream.waitFor, positionsOf, waitFor };
}

/** A user of SH01 who may read dispatch orders, in a data group binding one carrier (or none). */
async function dispatcher(carrier: string | null): Promise<string> {
  const u = await createUser(s.db, { perms: ['shipment:shipment:query'], centers: ['SH01'] });
  if (carrier) {
    const g = (await s.db.query<{ id: number }>(`insert into sys_data_group(code, name, create_by) values ($1, $1, 'test') returning id`, [`DG_${rand(6)}`])).rows[0]!;
    await s.db.query(`insert into sys_data_group_bind(data_group_id, target_type, target_id) select $1, 'CARRIER', id from base_carrier where code = $2`, [g.id, carrier]);
    await s.db.query(`insert into sys_user_data_group(user_id, data_group_id) values ($1, $2)`, [u.id, g.id]);
  }
  return s.login(u.userName, u.password);
}

describe('the realtime stream', () => {
  it('delivers the positions of exactly the dispatch orders each subscriber reads over REST', async () => {
    // zhangwei drives for carrier CR001, liqiang for CR002
    const a = await makeShipment(s.db, { status: 'SHIPPED', driver: DRIVER.loginName });
    const b = await makeShipment(s.db, { status: 'SHIPPED', driver: OTHER_DRIVER.loginName });
    const carriers = await s.db.query<{ code: string }>(`select c.code from tms_shipment s join base_carrier c on c.id = s.carrier_id where s.id = any($1) order by s.id`, [[a.id, b.id]]);
    expect(carriers.rows.map((x) => x.code)).toEqual(['CR001', 'CR002']);

    const users = { cr001: await dispatcher('CR001'), cr002: await dispatcher('CR002'), all: await dispatcher(null), admin, noPermission: '' };
    const none = await createUser(s.db, { perms: ['system:dict:query'], centers: ['SH01'] });
    users.noPermission = await s.login(none.userName, none.password);
    // what REST shows each of them
    const reads: Record<string, number[]> = {};
    for (const [name, token] of Object.entries(users)) {
      reads[name] = [];
      for (const id of [a.id, b.id]) if ((await s.api('GET', `/api/shipment/shipment/get/${id}`, { token })).status === 200) reads[name]!.push(id);
    }
    expect(reads).toEqual({ cr001: [a.id], cr002: [b.id], all: [a.id, b.id], admin: [a.id, b.id], noPermission: [] });

    const streams = Object.fromEntries(await Promise.all(Object.entries(users).map(async ([n, t]) => [n, await listen(t)] as const)));
    try {
      const drivers = {
        [a.id]: (await s.api('POST', '/api/driver/login', { body: DRIVER })).json.data.token as string,
        [b.id]: (await s.api('POST', '/api/driver/login', { body: OTHER_DRIVER })).json.data.token as string,
      };
      const report = async (id: number, lng: number) => {
        const r = await s.api('POST', '/api/driver/positions', { token: drivers[id], body: { points: [{ shipmentId: id, lng, lat: 31.3, speed: 60, time: s.clock.now().toISOString() }] } });
        expect(r.status, JSON.stringify(r.json)).toBe(200);
      };
      // a, b, then a and b again: every stream has had its chance at the first two once it carries the last ones it may see
      await report(a.id, 121.1);
      await report(b.id, 121.2);
      await report(a.id, 121.3);
      await report(b.id, 121.4);
      for (const [name, stream] of Object.entries(streams)) {
        for (const id of reads[name]!) await stream.waitFor(id, 2);
      }
      // the user who reads nothing: its stream carries the other events in order, so the barrier is an event every stream hears
      await s.app.realtime.publish({ type: 'barrier', dispatchCenterId: null, data: {} });
      for (const stream of Object.values(streams)) await stream.waitForEvent('barrier', 1, 15_000);
      for (const [name, stream] of Object.entries(streams)) {
        const heard = [...new Set(stream.events.filter((e) => e.event === 'position').map((e) => e.data.shipmentId as number))].sort((x, y) => x - y);
        expect(heard, `${name} hears the positions of what it reads`).toEqual(reads[name]);
      }
      // what a stream carries of a position it may see
      expect(streams.cr001!.positionsOf(a.id).map((e) => e.data.lng)).toEqual([121.1, 121.3]);
    } finally {
      for (const stream of Object.values(streams)) await stream.close();
    }
  });
});
