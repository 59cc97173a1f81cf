/** Page object: the waybill list (filtered by order code through the URL), its rows and bulk actions. */
import type { Page } from 'playwright-core';

export class WaybillPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  /** The list of one order's waybills (the list keeps its filters in the URL). */
  async open(orderCode: string) {
    await this.page.goto(`${this.baseUrl}/waybill/list?orderCode=${encodeURIComponent(orderCode)}`);
    // a full load of the app: slow on a busy machine
    await this.page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 60_000 });
  }

  row(code: string) {
    return this.page.locator('.ant-table-tbody tr.ant-table-row', { hasText: code });
  }

  async tick(code: string) {
    await this.row(code).locator('.ant-checkbox-input').check();
  }

  /** A toolbar action on the ticked rows, confirmed in its dialog. */
  async bulk(testId: 'waybill-review' | 'waybill-retract') {
    await this.page.getByTestId(testId).click();
    const confirm = this.page.locator('.ant-modal-confirm').last();
    await confirm.waitFor();
    // the outcome is a short-lived message: the caller waits for it right away
    await confirm.locator('.ant-btn-primary').click();
  }

  /** Closes the error notifications so the next one is read alone. */
  async closeNotices() {
    for (const close of await this.page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
    await this.page.locator('.ant-notification-notice').first().waitFor({ state: 'detached' }).catch(() => undefined);
  }
}
