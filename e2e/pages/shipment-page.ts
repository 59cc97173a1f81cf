/**
 * Page objects of dispatch: the ready-to-dispatch page (a reviewed waybill becomes a dispatch order)
 * and the dispatch order list (filtered to one order through the URL) with its toolbar actions, the
 * scheduling and in-transit reassignment modals and the row links; the detail drawer (tabs, binding
 * and unbinding of waybills) and the trajectory playback.
 */
import type { Locator, Page } from 'playwright-core';

const ROWS = '.ant-table-tbody tr.ant-table-row';

/** A local date-time as the pickers take it (YYYY-MM-DD HH:mm). */
export function pickerTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export class ShipmentListPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  rows(): Locator {
    return this.page.locator(ROWS);
  }

  row(text: string): Locator {
    return this.page.locator(ROWS, { hasText: text });
  }

  /** The ready-to-dispatch page of one waybill: tick it, create, confirm; the new code shows. */
  async createFromRos(waybillCode: string, listed: () => Promise<unknown>) {
    await this.page.goto(`${this.baseUrl}/shipment/ros?code=${waybillCode}`);
    await this.row(waybillCode)
      .waitFor({ timeout: 60_000 })
      .catch(async (e: unknown) => {
        // say what the page showed instead, and what the server lists for the same filter
        const shown = (await this.page.locator('body').innerText().catch(() => '')).slice(0, 1500);
        throw new Error(`${String(e)}\nURL ${this.page.url()}\nserver: ${JSON.stringify(await listed()).slice(0, 600)}\npage: ${shown}`);
      });
    await this.tick();
    await this.page.getByTestId('ros-create').click();
    await this.page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await this.page.getByText(/SP\d+/).first().waitFor();
  }

  /** The list of one dispatch order (the list keeps its filters in the URL). */
  async open(shipmentCode: string) {
    await this.page.goto(`${this.baseUrl}/shipment/list?shipmentCode=${shipmentCode}`);
    // a full load of the app: slow on a busy machine
    await this.row(shipmentCode).waitFor({ timeout: 60_000 });
  }

  /** Ticks the first row (the list is filtered to one dispatch order). */
  async tick() {
    await this.rows().first().locator('.ant-checkbox-input').check();
  }

  async closeNotices() {
    for (const close of await this.page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
    await this.page.locator('.ant-notification-notice').first().waitFor({ state: 'detached' }).catch(() => undefined);
  }

  /** Picks a record in a ref field's selection modal of the scheduling modal by a text of its row. */
  async pick(field: string, text: string) {
    await this.page.getByTestId(`assign-${field}`).getByRole('button').click();
    const modal = this.page.locator('.ant-modal').filter({ has: this.page.locator('.ant-table') }).last();
    await modal.locator(ROWS, { hasText: text }).first().dblclick();
    await modal.waitFor({ state: 'hidden' });
  }

  async typeTime(field: string, value: string) {
    const input = this.page.getByTestId(`assign-${field}`).locator('input');
    await input.click();
    await input.fill(value);
    await input.press('Enter');
  }

  assignModal(): Locator {
    return this.page.getByTestId('shipment-assign-modal');
  }

  /** Opens the scheduling modal of the ticked dispatch order. */
  async openSchedule() {
    await this.page.getByTestId('shipment-schedule').click();
    await this.page.getByTestId('assign-vehicleIdMain').waitFor();
  }

  async submitSchedule() {
    await this.assignModal().locator('.ant-btn-primary').click();
  }

  /** Take effect on the ticked dispatch order, confirmed in its dialog. */
  async effect() {
    await this.page.getByTestId('shipment-effect').click();
    await this.page.locator('.ant-modal-confirm .ant-btn-primary').click();
  }

  /** A time action (ship / finish) on the ticked dispatch order: the button, the time (now unless given, YYYY-MM-DD HH:mm), OK. */
  async timeAction(testId: 'shipment-ship' | 'shipment-finish', time?: string) {
    await this.page.getByTestId(testId).click();
    const modal = this.page.getByTestId('shipment-time-modal');
    if (time) {
      const input = modal.locator('.ant-picker input');
      await input.click();
      await input.fill(time);
      await input.press('Enter');
    }
    await modal.locator('.ant-btn-primary').click();
  }

  /** An action of the "more" menu on the ticked dispatch order (e.g. 'reassignTransit'). */
  async more(key: string) {
    // the menu opens on a click (or Enter), as a keyboard user opens it
    await this.page.getByTestId('shipment-more').click();
    await this.page.getByTestId(`shipment-${key}`).click();
  }

  /** Opens the in-transit reassignment modal of the ticked dispatch order (from the "more" menu). */
  async openTransit() {
    await this.more('reassignTransit');
    await this.page.getByTestId('assign-handoverPlace').waitFor();
  }

  /** Fills the handover place of the in-transit reassignment modal. */
  async handoverPlace(place: string) {
    await this.page.getByTestId('assign-handoverPlace').locator('input').fill(place);
  }

  /** Opens the detail drawer of a row. */
  async openDetail(text: string): Promise<ShipmentDetailDrawer> {
    await this.row(text).getByTestId('row-view').click();
    const detail = new ShipmentDetailDrawer(this.page);
    await detail.root().waitFor();
    return detail;
  }

  /** Opens the trajectory playback of a row (a drawer). */
  async openTrajectory(shipmentCode: string): Promise<TrajectoryPlayer> {
    await this.row(shipmentCode).getByTestId('shipment-trajectory-link').click();
    const player = new TrajectoryPlayer(this.page);
    await player.root().waitFor();
    return player;
  }
}

/** Page object: the detail drawer of a dispatch order: its tabs, its waybills (bind / unbind) and its tables. */
export class ShipmentDetailDrawer {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('shipment-detail');
  }

  async tab(name: string) {
    await this.root().getByRole('tab', { name }).click();
  }

  /** The open tab's panel. */
  panel(): Locator {
    return this.root().locator('.ant-tabs-tabpane-active');
  }

  /** The rows of a table of the detail by its test id (shipment-waybills, shipment-abnormal, shipment-legs, …). */
  rows(testId: string): Locator {
    return this.page.getByTestId(testId).locator(ROWS);
  }

  /** The value of a field of the open tab's sections, by its label. */
  field(label: string): Locator {
    const exact = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
    return this.panel().locator('.ant-descriptions-item-label', { hasText: exact }).locator('xpath=following-sibling::td[1]');
  }

  /** Bind: the button, then the waybill ticked in the ready-to-dispatch selection modal (several may be), OK. */
  async bind(waybillCode: string) {
    await this.page.getByTestId('shipment-bind').click();
    const modal = this.page.locator('.ant-modal').filter({ has: this.page.locator('.ant-table') }).last();
    await modal.locator(ROWS, { hasText: waybillCode }).first().locator('.ant-checkbox-input').check();
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await modal.waitFor({ state: 'hidden' });
  }

  /** Unbind: the waybill ticked in the waybill table, then the button. */
  async unbind(waybillCode: string) {
    await this.rows('shipment-waybills').filter({ hasText: waybillCode }).locator('.ant-checkbox-input').check();
    await this.page.getByTestId('shipment-unbind').click();
  }

  /** The open confirmation dialog. */
  confirmDialog(): Locator {
    return this.page.locator('.ant-modal-confirm');
  }

  async confirm() {
    const dialog = this.confirmDialog();
    await dialog.locator('.ant-btn-primary').click();
    await dialog.waitFor({ state: 'detached' });
  }

  async close() {
    await this.page.locator('.ant-drawer').filter({ has: this.root() }).locator('.ant-drawer-close').click();
    await this.root().waitFor({ state: 'detached' });
  }
}

/** Page object: the trajectory playback (start, pause, continue, stop, speed, map driving) and its vehicle marker. */
export class TrajectoryPlayer {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('trajectory-playback');
  }

  async state(): Promise<string | null> {
    return this.root().getAttribute('data-state');
  }

  /** Positions reported in all, and the ones drawn at this zoom. */
  async counts(): Promise<{ total: number; shown: number }> {
    return { total: Number(await this.root().getAttribute('data-total')), shown: Number(await this.root().getAttribute('data-points')) };
  }

  /** The drawn track (a canvas or SVG path of the map). */
  track(): Locator {
    return this.page.getByTestId('trajectory-map').locator('path.leaflet-interactive, canvas').first();
  }

  /** Where the vehicle marker is drawn: its SVG path (the amber circle) changes as it moves. */
  async markerAt(): Promise<string | null> {
    return this.page.getByTestId('trajectory-map').locator('path[fill="#faad14"]').getAttribute('d');
  }

  now(): Locator {
    return this.page.getByTestId('trajectory-now');
  }

  async speed(label: string) {
    await this.page.getByTestId('trajectory-speed').getByText(label, { exact: true }).click();
  }

  /** What the map draws, as the playback states it: speed, driving view, track legs and planned route points. */
  async drawn(): Promise<{ speed: number; driving: boolean; legs: number; planned: number }> {
    const r = this.root();
    return {
      speed: Number(await r.getAttribute('data-speed')),
      driving: (await r.getAttribute('data-driving')) === 'true',
      legs: Number(await r.getAttribute('data-legs')),
      planned: Number(await r.getAttribute('data-planned')),
    };
  }

  /** Where the playback is (track time, ms) and the animation frame (its timestamp) that put it there, read together. */
  async playhead(): Promise<{ time: number; frame: number }> {
    return this.root().evaluate((el: HTMLElement) => ({ time: Number(el.dataset.time), frame: Number(el.dataset.frame) }));
  }

  /** Switches the map driving view (the planned route between the stops) on or off. */
  async toggleDriving() {
    await this.page.getByTestId('trajectory-driving').click();
  }

  async start() {
    await this.page.getByTestId('trajectory-start').click();
  }

  async pause() {
    await this.page.getByTestId('trajectory-pause').click();
  }

  async resume() {
    await this.page.getByTestId('trajectory-resume').click();
  }

  async stop() {
    await this.page.getByTestId('trajectory-stop').click();
  }

  /** Closes the drawer the playback opened in (from a list row). */
  async close() {
    await this.page.locator('.ant-drawer').filter({ has: this.root() }).locator('.ant-drawer-close').click();
    await this.root().waitFor({ state: 'detached' });
  }

  /** Lets the page draw `n` frames (what a paused playback must survive unchanged). */
  async frames(n: number) {
    await this.page.evaluate(
      (count) =>
        new Promise<void>((resolve) => {
          let left = count;
          const next = () => (--left <= 0 ? resolve() : requestAnimationFrame(next));
          requestAnimationFrame(next);
        }),
      n,
    );
  }
}
