/** Page object: the order list, its add form with item lines, its bulk actions and the detail drawer. */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

export class OrderPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(query = '') {
    await this.page.goto(`${this.baseUrl}/order/list${query}`);
    // a full load of the app: slow on a busy machine
    await this.page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 60_000 });
  }

  totals(): Locator {
    return this.page.getByTestId('order-totals');
  }

  row(text: string): Locator {
    return this.page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
  }

  async tick(text: string) {
    await this.row(text).locator('.ant-checkbox-input').check();
  }

  /** The open add / edit modal. */
  form(): Locator {
    return this.page.locator('.ant-modal-content:visible').first();
  }

  async openAdd() {
    await this.page.getByRole('button', { name: /新\s*增/ }).first().click();
    await this.form().getByTestId('order-lines').waitFor();
  }

  /** Waits until `n` modals are open (a selection modal opens over the form, and closes again). */
  private async modals(n: number): Promise<Locator> {
    const open = this.page.locator('.ant-modal-content:visible');
    await expect.poll(() => open.count(), { timeout: 15_000 }).toBe(n);
    return open.nth(n - 1);
  }

  /** Picks a record for a reference field of the form: its select button, then a double click on the row. */
  async pickRef(field: string, rowText: string) {
    const item = this.form().locator('.ant-form-item').filter({ has: this.page.locator(`label[for="${field}"]`) });
    await item.getByRole('button', { name: /选\s*择/ }).click();
    const modal = await this.modals(2);
    await modal.locator('.ant-table-tbody tr.ant-table-row', { hasText: rowText }).dblclick();
    await this.modals(1);
  }

  /** Adds items of the chosen client through the item selection (several ticked, then OK). */
  async addItems(codes: string[]) {
    await this.form().getByTestId('order-add-line').click();
    const modal = await this.modals(2);
    for (const code of codes) await modal.locator('.ant-table-tbody tr.ant-table-row', { hasText: code }).locator('.ant-checkbox-input').check();
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await this.modals(1);
  }

  lineInput(row: number, field: string): Locator {
    // antd puts the data-testid of an InputNumber on its <input>
    return this.form().getByTestId('order-lines').locator('.ant-table-tbody tr.ant-table-row').nth(row).locator(`input[data-testid="line-${field}"], [data-testid="line-${field}"] input`).first();
  }

  async submit() {
    await this.form().locator('.ant-modal-footer .ant-btn-primary').click();
  }

  /** A toolbar action on the ticked rows, confirmed in its dialog. */
  async bulk(testId: string) {
    await this.page.getByTestId(testId).click();
    const confirm = this.page.locator('.ant-modal-confirm').last();
    await confirm.waitFor();
    await confirm.locator('.ant-btn-primary').click();
  }

  /** The text of the latest error notification (spec §8: the server's message). */
  async notice(): Promise<string> {
    const n = this.page.locator('.ant-notification-notice').last();
    await n.waitFor();
    return (await n.innerText()).trim();
  }

  async closeNotices() {
    for (const close of await this.page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
    await this.page.locator('.ant-notification-notice').first().waitFor({ state: 'detached' }).catch(() => undefined);
  }
}
