/** Page object: the header alert bell (unhandled alerts of the dispatch center) and its handling modal. */
import type { Locator, Page } from 'playwright-core';

export class AlertBell {
  constructor(private readonly page: Page) {}

  /** The badge's count as it reads ('' when there is none). */
  async count(): Promise<string> {
    const badge = this.page.getByTestId('alert-bell').locator('.ant-badge-count');
    return (await badge.count()) ? ((await badge.getAttribute('title')) ?? '') : '';
  }

  /** Waits, as long as the test lets it, until the bell's realtime stream is open and subscribed (its 'ready' event arrived). */
  async waitLive() {
    await this.page.locator('[data-testid="alert-bell"][data-live="true"]').waitFor({ timeout: 0 });
  }

  async open() {
    await this.page.getByTestId('alert-bell').click();
    await this.list().waitFor();
  }

  list(): Locator {
    return this.page.getByTestId('alert-list');
  }

  /** The handle buttons of the listed alerts. */
  handles(): Locator {
    return this.page.locator('[data-testid^="alert-handle-"]:not([data-testid="alert-handle-ok"])');
  }

  /** One alert of the open list. */
  item(id: number): Locator {
    return this.list().locator('.ant-list-item').filter({ has: this.page.getByTestId(`alert-handle-${id}`) });
  }

  /** Handles an alert of the open list: its button, a reason from the dictionary, a remark, OK. */
  async handle(id: number, reasonLabel: string, remark: string) {
    await this.page.getByTestId(`alert-handle-${id}`).click();
    const modal = this.page.locator('.ant-modal-content').filter({ has: this.page.getByTestId('alert-handle-ok') });
    await modal.waitFor();
    await modal.getByTestId('alert-reason').click();
    await this.page.locator('.ant-select-dropdown:visible').getByText(reasonLabel, { exact: true }).click();
    await modal.getByTestId('alert-remark').fill(remark);
    await this.page.getByTestId('alert-handle-ok').click();
  }
}
