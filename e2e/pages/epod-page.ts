/** Page object: the receipt list (menu epod/index) with its toolbar actions, row links and dialogs. */
import type { Page } from 'playwright-core';

export class EpodListPage {
  constructor(
    private readonly page: Page,
    private readonly base: string,
  ) {}

  async open(path = '/epod/list') {
    await this.page.goto(`${this.base}${path}?pageSize=100`);
    await this.page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 60_000 }); // the first visit loads the list chunks
  }

  row(code: string) {
    return this.page.locator('.ant-table-tbody tr.ant-table-row', { hasText: code });
  }

  async tick(code: string) {
    await this.row(code).locator('.ant-checkbox-input').check();
  }

  /** A toolbar action on the ticked rows (data-testid of the button). */
  async action(testId: string) {
    await this.page.getByTestId(testId).click();
  }

  /** Audits the ticked rows: the toolbar button, then the dialog's OK. */
  async audit() {
    await this.action('epod-audit');
    await this.page.getByTestId('epod-audit-form').waitFor();
    await this.page.getByTestId('epod-action-ok').click();
  }

  /** Check and handle of an abnormal receipt: its row link, a result from the dictionary, a remark, OK. */
  async handle(code: string, resultLabel: string, remark: string) {
    await this.row(code).getByTestId('epod-handle-link').click();
    const form = this.page.getByTestId('epod-handle-form');
    await form.getByTestId('epod-handle-result').click();
    await this.page.locator('.ant-select-dropdown:visible').getByText(resultLabel).click();
    await form.getByTestId('epod-handle-remark').fill(remark);
    await this.page.getByTestId('epod-action-ok').click();
  }

  async view(code: string) {
    await this.row(code).getByTestId('row-view').click();
    await this.page.getByTestId('epod-detail').waitFor();
  }

  async cancelDialog() {
    const m = this.page.locator('.ant-modal-content:visible').last();
    await m.locator('.ant-modal-footer button').first().click();
    await m.waitFor({ state: 'detached' }).catch(() => undefined);
  }
}
