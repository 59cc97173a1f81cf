/**
 * An ETA past a stop's time window raises an alert (issue 17, server alert/eta.ts from fleet/geofence.ts), driven
 * through the real ingestion: the driver app's position route. A shipped dispatch order goes from a pickup station
 * to a delivery station 47.7 km east whose window ends at its planned arrival; at 60 km/h the positions put its ETA
 * past that end (plus the rule's 15 minutes) or inside it. One alert per stop until the ETA comes back inside; the
 * rule row (AR-ETA-LATE) turned ineffective raises none; the alert is on the bell and is an 'order.exception' event.
 */
import { describe, expect, it } from 'vitest';
import { getResource } from '@tms/domain';
import { centerId, rand, type Json } from './helpers.ts';
import { call, ctx, useServer } from './resource-kit.ts';
import { driverLogin, makeShipment } from './driver-kit.ts';

useServer();

const one = async (sql: string, params: unknown[] = []) => (await ctx.s.db.query<{ id: number }>(sql, params)).rows[0]!.id;
const LAT = 31;
const MIN = 60_000;

/** A shipped order from a pickup at 121.0° E to a delivery at 121.5° E (47.7 km), the delivery's window ending at `windowEnd`, with a waybill. */
async function trip(windowEnd: Date) {
  const client = await one(`insert into base_client(code, name, create_by) values ($1, $2, 'test') returning id`, [`EC${rand(6)}`, `eta client ${rand(4)}`]);
  const stations = [];
  for (const lng of [121.0, 121.5]) {
    const code = `EA${rand(6)}`;
    const id = await one(`insert into base_station(code, name, client_id, longitude, latitude, fence_type, fence_distance, create_by) values ($1, $2, $3, $4, $5, 'CIRCLE', 1, 'test') returning id`, [code, `eta ${code}`, client, lng, LAT]);
    stations.push({ id, code });
  }
  const sh = await makeShipment(ctx.s.db, { status: 'SHIPPED', stations: stations.map((s) => s.code), atd: new Date() });
  await ctx.s.db.query(`update tms_shipment_stop set eta = $2 where shipment_id = $1 and stop_type = 'UNLOAD'`, [sh.id, windowEnd]);
  const center = await centerId(ctx.s.db, 'SH01');
  const code = `T-EA-${rand(8)}`;
  const orderId = await one(
    `insert into tms_order(dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, total_weight, total_volume, total_quantity, create_by)
     values ($1, $2, $3, $4, $5, 'EFFECTIVE', 10, 0.5, 3, 'test') returning id`,
    [center, code, client, stations[0]!.id, stations[1]!.id],
  );
  await ctx.s.db.query(
    `insert into tms_waybill(dispatch_center_id, code, order_id, order_code, status, client_id, shipment_id, shipment_code, source_station_id, dest_station_id, eta, create_by)
     values ($1, $2, $3, $4, 'REVIEWED', $5, $6, $7, $8, $9, $10, 'test')`,
    [center, `${code}-1`, orderId, code, client, sh.id, sh.code, stations[0]!.id, stations[1]!.id, windowEnd],
  );
  return sh;
}

const alertsOf = async (shipmentId: number) => (await ctx.s.db.query<Json>(`select * from shipment_alert where shipment_id = $1 and alert_type = 'ETA_LATE' order by id`, [shipmentId])).rows;

async function post(shipmentId: number, points: [number, Date][]) {
  const token = await driverLogin(ctx.s);
  const r = await ctx.s.api('POST', '/api/driver/positions', { token, body: { points: points.map(([lng, at]) => ({ shipmentId, lng, lat: LAT, speed: 60, time: at.toISOString() })) } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

const t0 = new Date(Date.now() - 3 * 3_600_000);
const at = (min: number) => new Date(t0.getTime() + min * MIN);

describe('ETA past the time window', () => {
  it('raises one alert per stop while late, on the bell and as an order.exception event, and again only after coming back inside', async () => {
    const sh = await trip(at(20)); // window end t0+20; tolerance 15 → late when the ETA is after t0+35
    await post(sh.id, [[121.1, at(0)]]); // 38.2 km → ETA t0+38
    const [a, ...more] = await alertsOf(sh.id);
    expect(more).toHaveLength(0);
    expect(a).toMatchObject({ status: 'NEW', alert_content: '预计晚于时间窗', field3: expect.stringMatching(/^预计到达 eta EA\w+ 的时间晚于时间窗 18 分钟$/) });
    // later positions, still late: still the one alert
    await post(sh.id, [[121.12, at(1)], [121.13, at(2)]]);
    await post(sh.id, [[121.14, at(3)]]);
    expect(await alertsOf(sh.id)).toHaveLength(1);
    // the bell shows it in the reader's language
    const bell = await ctx.s.api('GET', '/api/shipment/shipmentAlert/getAlert', { token: ctx.admin, query: { field1: 'N' }, headers: { lang: 'en-US' } });
    expect((bell.json.data as Json[]).find((x) => x.id === a!.id)).toMatchObject({ shipmentId: sh.id, field3: expect.stringMatching(/^Expected at eta EA\w+ \d+ minutes after its time window$/) });
    // the notifications hear it as an exception of the order
    const ev = await ctx.s.db.query<Json>(`select payload from ntf_event where event_type = 'order.exception' and payload->>'alertId' = $1`, [String(a!.id)]);
    expect(ev.rows.length).toBeGreaterThan(0);
    // staff handle it; the ETA comes back inside (4.8 km at t0+4), then late again: a new alert
    const dealt = await ctx.s.api('POST', '/api/shipment/shipmentAlert/deal', { token: ctx.admin, body: { id: a!.id, alertReason: (await ctx.s.db.query<{ v: string }>(`select dict_value as v from sys_dict_data where dict_type = 'shipment_alert_reason' and status = '0' limit 1`)).rows[0]!.v, alertRemark: 'on it' } });
    expect(dealt.status, JSON.stringify(dealt.json)).toBe(200);
    await post(sh.id, [[121.1, at(4)]]); // still late: the stop stays marked, nothing new
    expect(await alertsOf(sh.id)).toHaveLength(1);
    await post(sh.id, [[121.45, at(5)]]);
    expect(await alertsOf(sh.id)).toHaveLength(1);
    await post(sh.id, [[121.05, at(6)]]); // 43 km → ETA t0+49: late again
    expect((await alertsOf(sh.id)).map((x) => x.status)).toEqual(['HANDLED', 'NEW']);
  });

  it('raises nothing while the rule is ineffective', async () => {
    const rule = getResource('alertRule');
    const id = await one(`select id from base_alert_rule where code = 'AR-ETA-LATE'`);
    expect((await call('POST', rule, 'uneffect', { body: { ids: [id] } })).status).toBe(200);
    try {
      const sh = await trip(at(20));
      await post(sh.id, [[121.1, at(0)], [121.12, at(1)]]);
      expect(await alertsOf(sh.id)).toHaveLength(0);
    } finally {
      expect((await call('POST', rule, 'effect', { body: { ids: [id] } })).status).toBe(200);
    }
  });

  it('raises nothing while the ETA is inside the window (with the tolerance)', async () => {
    const sh = await trip(at(25)); // late only after t0+40
    await post(sh.id, [[121.1, at(0)], [121.12, at(1)], [121.3, at(10)]]); // ETA t0+38, t0+37, t0+29
    expect(await alertsOf(sh.id)).toHaveLength(0);
    const eta = await ctx.s.api('GET', `/api/shipment/shipment/get/${sh.id}`, { token: ctx.admin });
    expect((eta.json.data as Json).liveEta).toMatchObject({ distanceKm: expect.any(Number) });
  });
});
