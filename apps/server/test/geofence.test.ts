/**
 * Geofence arrival / departure and the live ETA (issue 17, server fleet/geofence.ts), driven through the real
 * ingestion: the driver app's position route. A truck on a shipped dispatch order drives from a pickup station
 * with a circle fence (1 km) to a delivery station with a polygon fence, jittering on both boundaries; batches
 * come shuffled, twice, and late. Each crossing is recorded once (timeline row, stop time, webhook), the ETA
 * follows the newest position, and the one 'arriving' event comes when it is under 30 minutes at 60 km/h.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { getResource } from '@tms/domain';
import { centerId, rand, type Json } from './helpers.ts';
import { call, ctx, useServer } from './resource-kit.ts';
import { driverLogin, makeShipment } from './driver-kit.ts';
import { clientUser } from './portal-kit.ts';

useServer();

const WAIT = { timeout: 15_000, interval: 50 };
const received: { path: string; body: Json }[] = [];
let receiver: Server;
let base = '';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  for (const [k, v] of [
    ['notify.webhook.allowHttp', 'true'],
    ['notify.webhook.allowPrivate', 'true'],
  ]) await ctx.s.db.query(`update sys_config set config_value = $2 where config_key = $1`, [k, v]);
});
afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
});

const one = async (sql: string, params: unknown[] = []) => (await ctx.s.db.query<{ id: number }>(sql, params)).rows[0]!.id;
const rows = async (sql: string, params: unknown[] = []) => (await ctx.s.db.query<Json>(sql, params)).rows;

/** A station of the client with its e-fence. */
async function station(clientId: number, lng: number, lat: number, fence: { km: number } | { polygon: [number, number][] }): Promise<{ id: number; code: string; name: string }> {
  const code = `GF${rand(6)}`;
  const name = `geofence ${code}`;
  const id = await one(
    `insert into base_station(code, name, client_id, longitude, latitude, fence_type, fence_distance, fence_geometry, create_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 'test') returning id`,
    'km' in fence
      ? [code, name, clientId, lng, lat, 'CIRCLE', fence.km, null]
      : [code, name, clientId, lng, lat, 'POLYGON', null, JSON.stringify({ type: 'Polygon', coordinates: [[...fence.polygon, fence.polygon[0]]] })],
  );
  return { id, code, name };
}

/** A shipped dispatch order of the seeded driver from `from` to `to`, carrying one waybill of the client's order. */
async function trip(clientId: number, from: { id: number; code: string }, to: { id: number; code: string }) {
  const sh = await makeShipment(ctx.s.db, { status: 'SHIPPED', stations: [from.code, to.code], atd: new Date() });
  const center = await centerId(ctx.s.db, 'SH01');
  const orderCode = `T-GF-${rand(8)}`;
  const orderId = await one(
    `insert into tms_order(dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, total_weight, total_volume, total_quantity, create_by)
     values ($1, $2, $3, $4, $5, 'EFFECTIVE', 10, 0.5, 3, 'test') returning id`,
    [center, orderCode, clientId, from.id, to.id],
  );
  const waybillCode = `${orderCode}-1`;
  const waybillId = await one(
    `insert into tms_waybill(dispatch_center_id, code, order_id, order_code, status, client_id, shipment_id, shipment_code, source_station_id, dest_station_id, create_by)
     values ($1, $2, $3, $4, 'REVIEWED', $5, $6, $7, $8, $9, 'test') returning id`,
    [center, waybillCode, orderId, orderCode, clientId, sh.id, sh.code, from.id, to.id],
  );
  return { ...sh, orderId, orderCode, waybillId, waybillCode };
}

// Around 31° N one degree of longitude is about 95.4 km: 0.0105° ≈ 1 km.
const LAT = 31;
const P = { lng: 121.0, lat: LAT }; // pickup: a circle of 1 km
const D = { lng: 121.5, lat: LAT }; // delivery: a square of ±0.01° (about 1 km × 1.1 km each way), 47.7 km east of P
const SQUARE: [number, number][] = [
  [121.49, 30.99],
  [121.51, 30.99],
  [121.51, 31.01],
  [121.49, 31.01],
];

/** The path, one point a minute from `t0`: [lng, what it is]. */
const PATH: [number, string][] = [
  [120.97, 'west of the pickup fence'],
  [120.995, 'inside the pickup fence: ARRIVE'],
  [121.0, 'at the pickup station'],
  [121.01, 'inside, 0.95 km from the centre'],
  [121.0112, 'outside by about 70 m: within the margin'],
  [121.0101, 'inside again'],
  [121.0113, 'outside by about 80 m again'],
  [121.02, 'outside by 0.9 km: DEPART'],
  [121.2, 'on the road: 28.6 km to go, 28.6 minutes: ARRIVING'],
  [121.3, 'on the road: 19 km to go'],
  [121.4895, 'outside the square by about 50 m'],
  [121.4905, 'inside the square by about 50 m: ARRIVE'],
  [121.4894, 'outside by about 60 m: within the margin'],
  [121.4906, 'inside again'],
  [121.5, 'at the delivery station'],
  [121.5115, 'east of the square by about 140 m: DEPART'],
  [121.52, 'gone'],
];

describe('geofence arrival and departure through the driver position route', () => {
  it('records one arrival and one departure per station, never flaps, ignores repeats and late points, and raises one arriving', async () => {
    const client = await one(`insert into base_client(code, name, create_by) values ($1, $2, 'test') returning id`, [`GC${rand(6)}`, `geofence client ${rand(4)}`]);
    const pickup = await station(client, P.lng, P.lat, { km: 1 });
    const delivery = await station(client, D.lng, D.lat, { polygon: SQUARE });
    const t = await trip(client, pickup, delivery);
    const path = `/geofence/${rand(6)}`;
    const hook = await call('POST', getResource('webhookEndpoint'), 'save', { body: { clientId: client, name: `geofence ${rand(4)}`, url: `${base}${path}`, events: 'order.arriving,order.arrived,order.left' } });
    expect(hook.status, JSON.stringify(hook.json)).toBe(200);

    const driver = await driverLogin(ctx.s);
    const t0 = Date.now() - 3 * 3_600_000;
    const at = (i: number) => new Date(t0 + i * 60_000).toISOString();
    const points = PATH.map(([lng], i) => ({ shipmentId: t.id, lng, lat: LAT, speed: 50, time: at(i) }));
    const post = async (list: typeof points) => {
      const r = await ctx.s.api('POST', '/api/driver/positions', { token: driver, body: { points: list } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    };
    const timeline = async () =>
      (await rows(`select operation_type, related_code, remark, operation_time from tms_order_tracking where shipment_id = $1 and operation_type in ('SHIPMENT_ARRIVE', 'SHIPMENT_DEPART', 'SHIPMENT_ARRIVING') order by operation_time, id`, [t.id])).map(
        (r) => [r.operation_type, r.related_code, (r.operation_time as Date).toISOString()],
      );
    const detail = async () => {
      const r = await ctx.s.api('GET', `/api/shipment/shipment/get/${t.id}`, { token: ctx.admin });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return r.json.data as Json;
    };

    // the way to the pickup station and the jitter at its edge, shuffled; then the same batch again
    const first = points.slice(0, 7);
    await post([...first].reverse());
    await post(first);
    expect(await timeline()).toEqual([['SHIPMENT_ARRIVE', pickup.code, at(1)]]);
    let eta = (await detail()).liveEta as Json;
    expect(eta).toMatchObject({ stationId: delivery.id, stationName: delivery.name, positionAt: at(6), arrivingAt: null });
    expect(eta.distanceKm).toBeGreaterThan(45);

    // out of the pickup fence and on the road: one departure, and the ETA under 30 minutes once
    await post(points.slice(7, 10));
    expect(await timeline()).toEqual([
      ['SHIPMENT_ARRIVE', pickup.code, at(1)],
      ['SHIPMENT_DEPART', pickup.code, at(7)],
      ['SHIPMENT_ARRIVING', delivery.code, at(8)],
    ]);
    eta = (await detail()).liveEta as Json;
    expect(eta).toMatchObject({ stationId: delivery.id, positionAt: at(9), arrivingAt: at(8) });
    expect(eta.distanceKm).toBeCloseTo(19.1, 0);
    // the straight line at 60 km/h: a minute a kilometre
    expect((new Date(eta.eta as string).getTime() - new Date(at(9)).getTime()) / 60_000).toBeCloseTo(eta.distanceKm as number, 0);

    // a late point from the pickup (older than what was seen) changes nothing, nor does the ETA go back to it
    await post([{ shipmentId: t.id, lng: 121.0, lat: LAT, speed: 0, time: new Date(t0 + 7.5 * 60_000).toISOString() }]);
    expect(await timeline()).toHaveLength(3);
    expect(((await detail()).liveEta as Json).positionAt).toBe(at(9));

    // the delivery square, jittering at its west edge, then out past its east edge; sent twice
    const rest = points.slice(10);
    await post(rest);
    await post([...rest].reverse());
    expect(await timeline()).toEqual([
      ['SHIPMENT_ARRIVE', pickup.code, at(1)],
      ['SHIPMENT_DEPART', pickup.code, at(7)],
      ['SHIPMENT_ARRIVING', delivery.code, at(8)],
      ['SHIPMENT_ARRIVE', delivery.code, at(11)],
      ['SHIPMENT_DEPART', delivery.code, at(15)],
    ]);
    // the stops' actual times, and no delivery station left to head for
    const stops = await rows(`select station_id, ata, atd from tms_shipment_stop where shipment_id = $1 order by seq`, [t.id]);
    expect(stops.map((s) => [Number(s.station_id), (s.ata as Date).toISOString(), (s.atd as Date).toISOString()])).toEqual([
      [pickup.id, at(1), at(7)],
      [delivery.id, at(11), at(15)],
    ]);
    const after = await detail();
    expect(after.liveEta).toMatchObject({ stationId: null, eta: null, positionAt: at(16), arrivingAt: at(8) });
    expect((after.tracking as Json[]).filter((r) => r.operationType === 'SHIPMENT_ARRIVE').map((r) => r.remark)).toEqual([pickup.name, delivery.name]);

    // the client's webhook: each event once, in its part, with the waybill
    await expect.poll(() => received.filter((r) => r.path === path).length, WAIT).toBe(5);
    const got = received.filter((r) => r.path === path).map((r) => r.body);
    expect(got.map((b) => [b.type, (b.data as Json).stationRole ?? null]).sort()).toEqual(
      [
        ['order.arrived', 'PICKUP'],
        ['order.left', 'PICKUP'],
        ['order.arriving', null],
        ['order.arrived', 'DELIVERY'],
        ['order.left', 'DELIVERY'],
      ].sort(),
    );
    for (const b of got) expect(b).toMatchObject({ clientId: client, data: { waybillCode: t.waybillCode, orderCode: t.orderCode, shipmentCode: t.code } });
    expect(got.find((b) => b.type === 'order.arrived' && (b.data as Json).stationRole === 'DELIVERY')!.data).toMatchObject({ stationName: delivery.name, arrivedAt: at(11) });
    expect(got.find((b) => b.type === 'order.arriving')!.data).toMatchObject({ stationName: delivery.name, stationId: delivery.id });
    expect(new Set(got.map((b) => b.id)).size).toBe(5);
  });

  it('the ETA follows the vehicle\'s recent road speed: forty minutes at 30 km/h bring it near 30 km/h, not the configured 60', async () => {
    const client = await one(`insert into base_client(code, name, create_by) values ($1, $2, 'test') returning id`, [`GS${rand(6)}`, `geofence client ${rand(4)}`]);
    const pickup = await station(client, P.lng, P.lat, { km: 1 });
    const delivery = await station(client, D.lng, D.lat, { polygon: SQUARE });
    const t = await trip(client, pickup, delivery);
    const driver = await driverLogin(ctx.s);
    const t0 = Date.now() - 2 * 3_600_000;
    // from 4.8 km east of the pickup, 0.5 km a minute (0.005236° of longitude at 31°)
    const points = Array.from({ length: 41 }, (_, i) => ({ shipmentId: t.id, lng: 121.05 + i * 0.005236, lat: LAT, speed: 30, time: new Date(t0 + i * 60_000).toISOString() }));
    for (const batch of [points.slice(0, 20), points.slice(20)]) {
      const r = await ctx.s.api('POST', '/api/driver/positions', { token: driver, body: { points: batch } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
    const eta = ((await ctx.s.api('GET', `/api/shipment/shipment/get/${t.id}`, { token: ctx.admin })).json.data as Json).liveEta as Json;
    // 40 one-minute steps at 30 km/h from the configured 60: 30 + 30·e^(−2) ≈ 34 km/h (the two batches make one history)
    expect(eta.speedKmh).toBe(34);
    const hours = (new Date(eta.eta as string).getTime() - new Date(eta.positionAt as string).getTime()) / 3_600_000;
    expect((eta.distanceKm as number) / hours).toBeGreaterThan(33);
    expect((eta.distanceKm as number) / hours).toBeLessThan(35);
  });

  it('shows the live ETA and the arrivals at its stations on the public tracking page', async () => {
    const code = `GP${rand(6)}`;
    const client = await one(`insert into base_client(code, name, create_by) values ($1, $2, 'test') returning id`, [code, `geofence client ${code}`]);
    const pickup = await station(client, P.lng, P.lat, { km: 1 });
    const delivery = await station(client, D.lng, D.lat, { polygon: SQUARE });
    const t = await trip(client, pickup, delivery);
    const driver = await driverLogin(ctx.s);
    const t0 = Date.now() - 2 * 3_600_000;
    const at = (i: number) => new Date(t0 + i * 60_000).toISOString();
    const r = await ctx.s.api('POST', '/api/driver/positions', {
      token: driver,
      body: { points: [121.0, 121.03, 121.3].map((lng, i) => ({ shipmentId: t.id, lng, lat: LAT, time: at(i) })) },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);

    const user = await clientUser(ctx.s, [code]);
    const link = await ctx.s.api('POST', `/api/portal/orders/${t.orderId}/trackingLinks`, { token: user.token, body: {} });
    expect(link.status, JSON.stringify(link.json)).toBe(200);
    const page = await ctx.s.api('GET', `/api/public/track/${encodeURIComponent(link.json.data.token as string)}`, { headers: { lang: 'en-US' } });
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    const data = page.json.data as Json;
    expect(data.progress).toBe('IN_TRANSIT');
    expect(data.liveEta).toMatchObject({ distanceKm: 19, positionAt: at(2) });
    expect((new Date((data.liveEta as Json).eta as string).getTime() - new Date(at(2)).getTime()) / 60_000).toBeCloseTo(19.1, 0);
    const events = (data.timeline as Json[]).map((e) => [e.event, e.label]);
    expect(events).toContainEqual(['SHIPMENT_ARRIVE', 'Arrived at a station (geofence)']);
    expect(events).toContainEqual(['SHIPMENT_DEPART', 'Left a station (geofence)']);
    expect(events).toContainEqual(['SHIPMENT_ARRIVING', 'Arriving soon (ETA)']);
    // no station names, people or positions finer than the city
    expect(JSON.stringify(data)).not.toContain(pickup.name);

    // the client's portal shows the same live ETA, marked live, on its in-transit map and in the order's waybills
    const transit = await ctx.s.api('GET', '/api/portal/transit', { token: user.token });
    expect(transit.status, JSON.stringify(transit.json)).toBe(200);
    expect((transit.json.data as Json[]).find((r) => r.orderId === t.orderId)).toMatchObject({ eta: (data.liveEta as Json).eta, etaLive: true });
    const detail = await ctx.s.api('GET', `/api/portal/orders/${t.orderId}`, { token: user.token });
    expect(detail.json.data.waybills[0]).toMatchObject({ eta: (data.liveEta as Json).eta, etaLive: true });
  });
});
