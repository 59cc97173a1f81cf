/**
 * JT/T 808 terminals over TCP (issue 19): registration, authentication, reports into the dispatch order's
 * trajectory and the vehicle's track, alarm flags → alerts, refusals, limits, malformed input, and the monthly
 * partitions of tms_position rolled over and dropped while positions are written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDistributionKey, ADMIN, centerId, rand, startServer, type Json, type TestServer } from './helpers.ts';
import { Jt808Terminal, type LocationIn } from '../src/modules/fleet/client.ts';
import { ALARM, encodeFrame, MSG, REGISTER_RESULT, RESULT } from '../src/modules/fleet/jt808.ts';
import { createPartitions, listPartitions, PARTITION_JOB } from '../src/modules/fleet/partitions.ts';

// every statement this file's servers run names its dispatch center, or is listed (docs/scale-out.md)
checkDistributionKey('jt808.test.ts');

let s: TestServer;
let admin: string;
let port: number;
/** the reports' clock: whole seconds (808 times have no milliseconds) */
let T0: number;

const terminal = (phone: string, version: 2013 | 2019 = 2013) => new Jt808Terminal({ host: '127.0.0.1', port, phone, version, timeoutMs: 15_000 });
const digits = () => String(Math.floor(Math.random() * 9e10) + 1e10); // 11 digits, like a SIM number

/** a vehicle of the seeded carrier with a terminal number, optionally on a dispatch order in progress */
async function vehicle(opts: { shipment?: boolean; version?: string } = {}): Promise<{ id: number; code: string; terminal: string; shipmentId: number | null }> {
  const terminalNumber = digits();
  const code = `T-V-${rand(8)}`;
  const v = (
    await s.db.query<{ id: number }>(
      `insert into base_transport_means(carrier_id, code, plate_number, terminal_number, terminal_protocol, effective)
       select id, $1, $2, $3, $4, true from base_carrier order by id limit 1 returning id`,
      [code, `沪T${rand(5)}`, terminalNumber, opts.version ?? '2013'],
    )
  ).rows[0]!;
  let shipmentId: number | null = null;
  if (opts.shipment) {
    const r = await s.db.query<{ id: number }>(
      `insert into tms_shipment(dispatch_center_id, shipment_code, status, carrier_id, vehicle_id_main, etd, atd, create_by)
       select $1, $2, 'SHIPPED', carrier_id, id, $3, $3, 'test' from base_transport_means where id = $4 returning id`,
      [await centerId(s.db, 'SH01'), `T-SHP-${rand(8)}`, s.clock.now(), v.id],
    );
    shipmentId = r.rows[0]!.id;
  }
  return { id: v.id, code, terminal: terminalNumber, shipmentId };
}

const here = (minutesAgo: number, extra: Partial<LocationIn> = {}): LocationIn => ({ lat: 31.2304 + minutesAgo / 1000, lng: 121.4737, speed: 62.5, direction: 90, altitude: 12, at: new Date(T0 - Math.round(minutesAgo * 60) * 1000), ...extra });
const rowsOf = async (vehicleId: number) =>
  (await s.db.query<Json>(`select shipment_id, source, lng, lat, speed, altitude, alarm, mileage, fuel, reported_at from tms_position where vehicle_id = $1 order by reported_at`, [vehicleId])).rows;

beforeAll(async () => {
  s = await startServer({ env: { TMS_JT808_PORT: '0', TMS_JT808_MAX_PER_ADDRESS: '8', TMS_JT808_FRAMES_PER_SECOND: '40', TMS_POSITION_RETENTION_MONTHS: '12' } });
  port = s.app.jt808!.port()!;
  admin = await s.login(ADMIN.user, ADMIN.password);
  T0 = Math.floor(s.clock.now().getTime() / 1000) * 1000 - 60_000;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('registration and authentication', () => {
  it('refuses a terminal number no vehicle carries with "no such terminal", and reports before authentication', async () => {
    const t = terminal(digits());
    await t.connect();
    expect(await t.register()).toEqual({ result: REGISTER_RESULT.NO_TERMINAL, authCode: null });
    expect(await t.report(here(0))).toBe(RESULT.FAILURE);
    expect(await t.heartbeat()).toBe(RESULT.FAILURE);
    expect(await t.authenticate('guess')).toBe(RESULT.FAILURE);
    await t.close();

    // a known terminal, registered but not (or wrongly) authenticated: its reports are refused too
    const v = await vehicle();
    const u = terminal(v.terminal);
    await u.connect();
    const reg = await u.register();
    expect(reg.result).toBe(REGISTER_RESULT.OK);
    expect(reg.authCode).toMatch(/^[0-9a-f]{24}$/);
    expect(await u.report(here(0))).toBe(RESULT.FAILURE);
    expect(await u.authenticate('not-the-code')).toBe(RESULT.FAILURE);
    expect(await u.batch([here(1), here(0)])).toBe(RESULT.FAILURE);
    expect(await rowsOf(v.id)).toEqual([]);
    // the code is kept as a hash only
    const stored = (await s.db.query<{ auth_hash: string }>(`select auth_hash from tms_terminal where vehicle_id = $1`, [v.id])).rows[0]!;
    expect(stored.auth_hash).not.toContain(reg.authCode);
    expect(await u.authenticate(reg.authCode!)).toBe(RESULT.OK);
    expect(await u.heartbeat()).toBe(RESULT.OK);
    await u.close();
  });
});

describe('reports', () => {
  it("a 2013 terminal on a dispatch order in progress: its positions join the order's trajectory and the vehicle's track", async () => {
    const v = await vehicle({ shipment: true });
    const t = terminal('0' + v.terminal); // the header pads the number with zeros
    await t.connect();
    await t.signIn();
    expect(await t.report(here(3, { mileage: 1234.5, fuel: 56.7 }))).toBe(RESULT.OK);
    // a batch upload of blind-area data in split packets
    expect(await t.batch([here(2), here(1), here(0.5)], 40)).toBe(RESULT.OK);
    const rows = await rowsOf(v.id);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({ shipment_id: v.shipmentId, source: 'JT808', lng: 121.4737, speed: 62.5, altitude: 12, mileage: 1234.5, fuel: expect.closeTo(56.7, 4), alarm: 0 });
    expect(rows.every((r) => r.shipment_id === v.shipmentId)).toBe(true);

    const traj = await s.api('GET', `/api/shipment/shipment/trajectory/${v.shipmentId}`, { token: admin });
    expect(traj.status).toBe(200);
    expect(traj.json.data.total).toBe(4);
    expect(traj.json.data.points[0]).toEqual([121.4737, 31.2334, here(3).at.getTime(), 62.5]);

    const track = await s.api('GET', `/api/fleet/track/${v.id}`, { token: admin, query: { from: here(60).at.toISOString(), to: s.clock.now().toISOString() } });
    expect(track.status).toBe(200);
    expect(track.json.data).toMatchObject({ vehicle: { id: v.id, code: v.code }, total: 4 });
    await t.close();
  });

  it("a 2019 terminal on no dispatch order: its positions join the vehicle's track only", async () => {
    const v = await vehicle({ version: '2019' });
    const t = terminal(v.terminal, 2019);
    await t.connect();
    await t.signIn();
    expect(await t.report(here(1, { lat: -33.8688, lng: -70.6693 }))).toBe(RESULT.OK);
    expect(await rowsOf(v.id)).toMatchObject([{ shipment_id: null, lat: -33.8688, lng: -70.6693 }]);
    const track = await s.api('GET', `/api/fleet/track/${v.id}`, { token: admin, query: { from: here(60).at.toISOString(), to: s.clock.now().toISOString(), zoom: 12 } });
    expect(track.json.data.points).toHaveLength(1);
    const bad = await s.api('GET', `/api/fleet/track/${v.id}`, { token: admin, query: { from: s.clock.now().toISOString(), to: here(60 * 24 * 40).at.toISOString() } });
    expect(bad.status).toBe(400);
    await t.close();
  });

  it('alarm flags raise one alert per dispatch order and alarm, on its center bell', async () => {
    const v = await vehicle({ shipment: true });
    const t = terminal(v.terminal);
    await t.connect();
    await t.signIn();
    expect(await t.report(here(2, { alarm: ALARM.EMERGENCY | ALARM.OVERSPEED, speed: 121 }))).toBe(RESULT.OK);
    // the bell's event is logged in the transaction of the two alerts it opened (a stream reopened on another server
    // replays it), before the next reports update them
    const announced = await s.db.query<{ n: number }>(
      `select count(*)::int as n from shipment_alert a join sys_realtime_event e on e.xmin::text = a.xmin::text and e.type = 'alert' where a.shipment_id = $1`,
      [v.shipmentId],
    );
    expect(announced.rows[0]!.n).toBe(2);
    expect(await t.report(here(1, { alarm: ALARM.EMERGENCY, speed: 80 }))).toBe(RESULT.OK);
    expect(await t.report(here(0))).toBe(RESULT.OK);
    const alerts = (await s.db.query<Json>(`select alert_type, status, vehicle_id_main_number_plates as plate, start_time, end_time from shipment_alert where shipment_id = $1 order by alert_type`, [v.shipmentId])).rows;
    expect(alerts.map((a) => a.alert_type)).toEqual(['TERMINAL_EMERGENCY', 'TERMINAL_OVERSPEED']);
    expect(alerts[0]!.end_time.getTime()).toBe(here(1).at.getTime());
    expect(alerts[0]!.plate).toMatch(/^沪T/);
    const bell = await s.api('GET', '/api/shipment/shipmentAlert/getAlert', { token: admin, headers: { lang: 'en-US' } });
    const mine = bell.json.data.filter((a: { shipmentId: number }) => a.shipmentId === v.shipmentId);
    expect(mine.map((a: { field3: string }) => a.field3).sort()).toEqual([
      'Emergency alarm from the vehicle terminal (80 km/h at 31.231400, 121.473700)',
      'Overspeed alarm from the vehicle terminal (121 km/h at 31.232400, 121.473700)',
    ]);
    await t.close();
  });
});

describe('malformed input and limits', () => {
  it('a malformed frame closes that connection, a half frame then a close leaves nothing; the others go on', async () => {
    const v = await vehicle();
    const good = terminal(v.terminal);
    await good.connect();
    await good.signIn();

    const garbage = terminal(digits());
    await garbage.connect();
    garbage.write(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    await garbage.closed;

    const badCheck = terminal(digits());
    await badCheck.connect();
    const f = encodeFrame({ msgId: MSG.HEARTBEAT, version: 2013, phone: '1', serial: 1 });
    f[f.length - 2] ^= 0xff;
    badCheck.write(f);
    await badCheck.closed;

    // a location body cut short, in a well-formed frame, from an authenticated terminal
    const cut = terminal(v.terminal);
    await cut.connect();
    await cut.signIn();
    cut.write(encodeFrame({ msgId: MSG.LOCATION, version: 2013, phone: v.terminal, serial: 9 }, Buffer.alloc(10)));
    await cut.closed;

    const half = terminal(digits());
    await half.connect();
    half.write(encodeFrame({ msgId: MSG.HEARTBEAT, version: 2013, phone: '1', serial: 1 }).subarray(0, 8));
    await half.close();

    expect(await good.report(here(0))).toBe(RESULT.OK);
    await good.close();
  });

  it('too many connections from one address, too many frames per second', async () => {
    await expect.poll(() => s.app.jt808!.connections()).toBe(0);
    const open: Jt808Terminal[] = [];
    for (let i = 0; i < 8; i++) {
      const t = terminal(digits());
      await t.connect();
      open.push(t);
    }
    const ninth = terminal(digits());
    await ninth.connect();
    await ninth.closed; // refused at once
    for (const t of open) await t.close();

    const v = await vehicle();
    const flood = terminal(v.terminal);
    await flood.connect();
    await flood.signIn();
    const beats = Array.from({ length: 200 }, (_, i) => encodeFrame({ msgId: MSG.HEARTBEAT, version: 2013, phone: v.terminal, serial: 100 + i }));
    flood.write(Buffer.concat(beats));
    await flood.closed;
    // the server still answers
    const ok = terminal(v.terminal);
    await ok.connect();
    await ok.signIn();
    await ok.close();
  });
});

describe('retention', () => {
  it('months roll over and old months are dropped whole while terminals write, losing no position', async () => {
    const v = await vehicle();
    const t = terminal(v.terminal);
    await t.connect();
    await t.signIn();
    const month = (y: number, m: number) => `tms_position_${y}${String(m).padStart(2, '0')}`;
    // a month long gone: its reports wait in the default partition until its month is created (they move there)
    const old = new Date(Date.UTC(2023, 0, 15));
    expect(await t.batch([{ lat: 30, lng: 120, at: old }, { lat: 30, lng: 120.1, at: new Date(old.getTime() + 60_000) }])).toBe(RESULT.OK);
    expect(await createPartitions(s.db, old, 0)).toEqual([month(2023, 1)]);
    expect((await s.db.query(`select count(*)::int as n from ${month(2023, 1)} where vehicle_id = $1`, [v.id])).rows[0]!.n).toBe(2);

    // the hourly job, while reports keep coming: creates the months ahead, drops the months past the 12 kept
    const now = s.clock.now();
    let sent = 0;
    const writing = (async () => {
      for (let i = 0; i < 30; i++) {
        expect(await t.report(here(0.01 * i))).toBe(RESULT.OK);
        sent++;
      }
    })();
    const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2)); // next month: one more month ahead
    expect(await s.app.jobs.runScheduled(PARTITION_JOB, due)).toBe(true);
    await writing;
    const names = (await listPartitions(s.db)).map((p) => p.name);
    const ahead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1));
    expect(names).toContain(month(ahead.getUTCFullYear(), ahead.getUTCMonth() + 1));
    expect(names).not.toContain(month(2023, 1));
    const kept = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1));
    expect(names.every((n) => n >= month(kept.getUTCFullYear(), kept.getUTCMonth() + 1))).toBe(true);
    const rows = await rowsOf(v.id);
    expect(rows).toHaveLength(sent);
    expect(rows.every((r) => r.reported_at.getTime() > T0 - 3_600_000)).toBe(true);
    await t.close();
  });
});
