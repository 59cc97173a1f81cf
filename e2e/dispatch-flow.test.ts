/**
 * Dispatch from end to end on one fresh product, as the dispatcher meets it (issue 6), step by step;
 * each step starts from a dispatch order of its own, brought through the API (support/dispatch.ts) to
 * where the previous step of the story leaves one, so a step passes alone and in any order:
 *
 * 1. a reviewed waybill (through the API) becomes a dispatch order on the ready-to-dispatch page;
 * 2. the dispatcher schedules an open one (vehicle and driver from their selection modals, ETD / ETA)
 *    and takes it into effect. The planned departure is two hours ago, so the alert job, running on
 *    its own timer (TMS_JOBS=on, every 2 s here), finds it late to depart and raises a 'late
 *    departure' alert;
 * 3. the demo simulator (scripts/simulate.ts, a child process over HTTP, `--shipment` naming an
 *    order in effect) signs in as its driver, accepts it, has it shipped and drives it, reporting
 *    positions; the dispatcher sees it shipped in the list;
 * 4. the trajectory playback of a shipped order whose driver reported positions: start, pause,
 *    continue, stop; the track has the reported points and the vehicle marker moves while playing
 *    and stands still while paused;
 * 5. the driver of a shipped order reports the receipt with a shortage (driver API); on the receipt
 *    list it cannot be audited before it is checked and handled; handled and audited (UI), the API
 *    agrees;
 * 6. the late-departure alert of an order in effect past its ETD shows on the header bell and is
 *    handled from it with a reason and a remark (UI); the API no longer lists it and refuses to
 *    handle it twice.
 *
 * The orders are driven by 赵磊 with 浙A88888, each over a planned window of its own (a vehicle or
 * driver may not be on two unfinished orders whose windows overlap). Why not `--detour`: the e-fence
 * rule's tolerance is 5 minutes and the detour lasts 7, so the off-route alert needs more than 6
 * minutes of driving, where the late departure needs at most one tick of the job.
 */
import { describe, expect, it } from 'vitest';
import { sharedLocales } from '@tms/domain';
import { snap } from './support/snap.ts';
import { useAdminSession } from './support/admin-session.ts';
import { CREW, dispatchOrderIn, driverToken, futureWindow, openDispatchOrder, pastWindow, reportPositions, reviewedWaybill, runSimulator, shipmentOf, type Envelope } from './support/dispatch.ts';
import { pickerTime, ShipmentListPage } from './pages/shipment-page.ts';
import { EpodListPage } from './pages/epod-page.ts';
import { AlertBell } from './pages/alert-bell.ts';
import { Shell } from './pages/shell.ts';

// the alert job runs on its timer, as in production (tests default to ticks on demand)
const admin = useAdminSession({ TMS_JOBS: 'on', TMS_ALERT_EVERY_SECONDS: '2' }, { failureShots: (test) => `FAILED-dispatch-flow-${test.slice(0, 2).replace(/\D/g, '')}` });

const msg = sharedLocales['zh-CN'].messages;
const VEHICLE = '浙A88888'; // V004 of 顺达物流 (CR001), driven by 赵磊; the demo receipts' shipment has 沪A12345
const DRIVER = '赵磊';
const DRIVER_LOGIN = 'zhaolei';
const MIN = 60_000;

interface Alert {
  id: number;
  shipmentId: number | null;
  alertType: string | null;
  alertContent: string | null;
  field3: string | null;
}
interface Epod {
  id: number;
  code: string;
  status: string;
  isAbnormal: boolean;
  handleResult: string | null;
  lines: { id: number; shippedQuantity: number }[];
}

const token = () => admin.server.adminToken();
const openAlerts = async () => (await admin.server.api<Envelope<Alert[]>>('GET', '/api/shipment/shipmentAlert/getAlert?field1=N', undefined, await token())).json.data;
const statusOf = async (id: number) => (await admin.server.api<Envelope<{ status: string; isReceive: string | null }>>('GET', `/api/shipment/shipment/get/${id}`, undefined, await token())).json.data;

/** Waits for the alert job's next ticks to raise a late-departure alert on the dispatch order. */
async function lateDeparture(shipmentId: number): Promise<Alert> {
  let raised: Alert | undefined;
  await expect
    .poll(async () => (raised = (await openAlerts()).find((a) => a.shipmentId === shipmentId && a.alertType === 'LATE_DEPARTURE')) !== undefined, { timeout: 180_000, interval: 1_000 })
    .toBe(true);
  return raised!;
}

describe('dispatch from the waybill to the handled alert', () => {
  const list = () => new ShipmentListPage(admin.page, admin.server.url);

  it('1. a reviewed waybill becomes a dispatch order on the ready-to-dispatch page', async () => {
    const waybillCode = await reviewedWaybill(admin.server);
    await list().createFromRos(waybillCode, async () => (await admin.server.api('GET', `/api/shipment/ros/list?code=${waybillCode}`, undefined, await token())).json);
    expect((await shipmentOf(admin.server, waybillCode)).status).toBe('OPEN');
    await snap(admin.page, 'dispatch-flow-1-created');
  });

  it('2. scheduled and taken into effect; late to depart, the alert job raises an alert', { timeout: 240_000 }, async () => {
    const page = admin.page;
    const shipment = await openDispatchOrder(admin.server);
    const l = list();
    await l.open(shipment.shipmentCode);
    await l.tick();
    await l.openSchedule();
    await expect.poll(() => page.getByTestId('assign-carrierId').locator('input').inputValue()).toBe('顺达物流');
    await l.pick('vehicleIdMain', VEHICLE);
    await l.pick('driverIdMaster', DRIVER);
    const now = Date.now();
    await l.typeTime('etd', pickerTime(new Date(now - 120 * MIN)));
    await l.typeTime('eta', pickerTime(new Date(now + 240 * MIN)));
    await snap(page, 'dispatch-flow-2-schedule');
    await l.submitSchedule();
    await page.getByText(msg.shipment.scheduled).first().waitFor();
    await l.row(VEHICLE).waitFor();
    expect((await statusOf(shipment.id)).status).toBe('CONFIRMED');

    await l.tick();
    await l.effect();
    await page.getByText(msg.shipment.effectOk).first().waitFor();
    expect((await statusOf(shipment.id)).status).toBe('EFFECTIVE');

    // the job's next tick (every 2 s here, each whole minute by default) finds it two hours past its ETD, not shipped
    const alert = await lateDeparture(shipment.id);
    expect(alert.alertContent).toBe('晚点发车');
  });

  it('3. the simulator drives it: the driver accepts, it ships, positions are reported', { timeout: 300_000 }, async () => {
    const page = admin.page;
    // in effect, planned for a day ahead
    const shipment = await dispatchOrderIn(admin.server, 'EFFECTIVE', { crew: CREW.zhaolei, window: futureWindow() });
    const run = runSimulator(admin.server, ['--shipment', shipment.shipmentCode, '--trips', '1', '--minutes', '0.2', '--interval', '1', '--keep']);
    // meanwhile the dispatcher sees it accepted and shipped
    await expect.poll(async () => (await statusOf(shipment.id)).status, { timeout: 120_000, interval: 1_000 }).toBe('SHIPPED');
    expect((await statusOf(shipment.id)).isReceive).toBe('ACCEPTED');
    const l = list();
    await l.open(shipment.shipmentCode);
    await l.row(shipment.shipmentCode).getByText('已发运').waitFor();
    await snap(page, 'dispatch-flow-3-shipped');

    const { code, output } = await run;
    expect(code, output).toBe(0);
    expect(output).toContain(`${shipment.shipmentCode}: ${DRIVER_LOGIN} (${VEHICLE}) accepted and departed`);
    const arrived = /arrived after (\d+) positions/.exec(output);
    expect(arrived, output).not.toBeNull();
    expect(Number(arrived![1])).toBeGreaterThan(10);
    expect((await statusOf(shipment.id)).status).toBe('SHIPPED'); // --keep: no receipts, no finish
  });

  it('4. plays the trajectory back: start, pause, continue, stop', { timeout: 180_000 }, async () => {
    const page = admin.page;
    // shipped, its driver reported 20 positions 2 s apart on the straight way between the stations
    const shipment = await dispatchOrderIn(admin.server, 'SHIPPED', { crew: CREW.zhaolei, window: futureWindow(), shippedAt: new Date(Date.now() - 60_000) });
    const positionsSent = 20;
    await reportPositions(admin.server, DRIVER_LOGIN, shipment.id, positionsSent, 2_000);
    const l = list();
    await l.open(shipment.shipmentCode);
    // its detail says when it will arrive, from the newest position (issue 17's live ETA)
    await l.openDetail(shipment.shipmentCode);
    expect(await page.getByTestId('shipment-live-eta').innerText()).toMatch(/^实时预计到达 .+：\d{4}-\d\d-\d\d \d\d:\d\d/);
    await snap(page, 'shipment-live-eta');
    await page.keyboard.press('Escape');
    await page.getByTestId('shipment-detail').waitFor({ state: 'detached' });
    const player = await l.openTrajectory(shipment.shipmentCode);
    await expect.poll(async () => (await player.counts()).total, { timeout: 30_000 }).toBe(positionsSent);
    // drawn simplified for the zoom: the positions go straight between the stations
    expect((await player.counts()).shown).toBeGreaterThanOrEqual(2);
    await player.track().waitFor();
    // the map has fitted the track once: the marker (at the first point) stands still
    let start: string | null = null;
    await expect
      .poll(async () => {
        const before = await player.markerAt();
        await player.frames(20);
        start = await player.markerAt();
        return before !== null && before === start;
      })
      .toBe(true);

    await player.speed('2×');
    await player.start();
    await expect.poll(() => player.state()).toBe('playing');
    await expect.poll(() => player.markerAt()).not.toBe(start); // it moves along the track
    await player.now().waitFor();
    await player.pause();
    await expect.poll(() => player.state()).toBe('paused');
    const pausedAt = await player.markerAt();
    const pausedTime = await player.now().textContent();
    await player.frames(30);
    expect(await player.markerAt()).toBe(pausedAt);
    expect(await player.now().textContent()).toBe(pausedTime);
    await snap(page, 'dispatch-flow-4-trajectory-paused');

    await player.resume();
    await expect.poll(() => player.state()).toBe('playing');
    await expect.poll(() => player.markerAt()).not.toBe(pausedAt); // it goes on from there
    await player.stop();
    await expect.poll(() => player.state()).toBe('idle');
    await expect.poll(() => player.markerAt()).toBe(start); // back at the first point
    await player.close();
  });

  it('5. the driver reports the receipt with a shortage; it is checked, handled and audited', { timeout: 180_000 }, async () => {
    const page = admin.page;
    // shipped: one pending receipt for its waybill
    const shipment = await dispatchOrderIn(admin.server, 'SHIPPED', { crew: CREW.zhaolei, window: futureWindow(), shippedAt: new Date() });
    // the driver app (driver API): the trip's receipt, signed two short on its first line
    const driver = await driverToken(admin.server, DRIVER_LOGIN);
    const mine = await admin.server.api<Envelope<Epod[]>>('GET', `/api/driver/epods?shipmentId=${shipment.id}`, undefined, driver);
    expect(mine.status).toBe(200);
    expect(mine.json.data.map((e) => e.status)).toEqual(['PENDING']);
    const detail = await admin.server.api<Envelope<Epod>>('GET', `/api/driver/epods/${mine.json.data[0]!.id}`, undefined, driver);
    const epod = detail.json.data;
    const at = new Date().toISOString();
    const lines = epod.lines.map((line, i) => ({ lineId: line.id, signedQuantity: Number(line.shippedQuantity) - (i === 0 ? 2 : 0), shortage: i === 0 ? 2 : 0, damage: 0, remark: i === 0 ? '少两箱' : null }));
    const reported = await admin.server.api('POST', `/api/driver/epods/${epod.id}/report`, { arrivalTime: at, signTime: at, lines }, driver);
    expect(reported.status, JSON.stringify(reported.json)).toBe(200);

    const receipts = new EpodListPage(page, admin.server.url);
    await receipts.open();
    await receipts.row(epod.code).getByText('已回单').waitFor();
    // abnormal: the audit is refused until it is handled
    await receipts.tick(epod.code);
    await receipts.audit();
    await page.getByTestId('epod-action-error').getByText(msg.epod.handleBeforeAudit.replace('{{code}}', epod.code)).waitFor();
    await receipts.cancelDialog();

    await receipts.handle(epod.code, '接受差异', '司机反馈少两箱，客户已确认，接受差异');
    await page.getByText(msg.epod.handled).first().waitFor();
    await receipts.tick(epod.code);
    await receipts.audit();
    await page.getByText(msg.epod.audited).first().waitFor();
    await receipts.row(epod.code).getByText('已审核').waitFor();
    await snap(page, 'dispatch-flow-5-epod-audited');
    const after = await admin.server.api<Envelope<Epod & { handleRemark: string | null }>>('GET', `/api/epod/epod/get/${epod.id}`, undefined, await token());
    expect(after.json.data).toMatchObject({ status: 'AUDITED', isAbnormal: true, handleResult: 'ACCEPT', handleRemark: '司机反馈少两箱，客户已确认，接受差异' });
  });

  it('6. the alert shows on the bell and is handled there with a reason and a remark', { timeout: 240_000 }, async () => {
    const page = admin.page;
    // in effect and past its ETD (a window of ten days ago): the job raises its late-departure alert
    const shipment = await dispatchOrderIn(admin.server, 'EFFECTIVE', { crew: CREW.zhaolei, window: pastWindow() });
    const alert = await lateDeparture(shipment.id);
    await page.goto(`${admin.server.url}/welcome`);
    await new Shell(page).waitReady();
    const bell = new AlertBell(page);
    expect((await openAlerts()).map((a) => a.id)).toContain(alert.id);
    // the badge counts the open alerts of the center (the job may raise more meanwhile: it follows them)
    const badgeFollows = async () => (await bell.count()) === String((await openAlerts()).length || '');
    await expect.poll(badgeFollows, { timeout: 30_000 }).toBe(true);
    await bell.open();
    const item = bell.item(alert.id);
    await item.getByText('晚点发车').waitFor();
    await item.getByText(VEHICLE).waitFor();
    await item.getByText(DRIVER).waitFor();
    await snap(page, 'dispatch-flow-6-bell');

    await bell.handle(alert.id, '交通拥堵', '司机反馈出城高速拥堵，已通知收货方顺延');
    await page.getByText(msg.alert.handled).first().waitFor();
    await expect.poll(async () => (await openAlerts()).map((a) => a.id)).not.toContain(alert.id);
    await expect.poll(badgeFollows, { timeout: 30_000 }).toBe(true);
    await snap(page, 'dispatch-flow-6-bell-handled');
    // handled once: the API refuses a second handling
    const again = await admin.server.api<Envelope<null>>('POST', '/api/shipment/shipmentAlert/deal', { id: alert.id, alertReason: 'OTHER', alertRemark: '再次处理' }, await token());
    expect(again.status).toBe(409);
    expect(again.json.msg).toBe(msg.alert.alreadyHandled);
  });
});
