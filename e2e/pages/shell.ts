/** Page object: the signed-in shell (side menu, tab bar, header widgets, settings drawer). */
import type { Page } from 'playwright-core';

export class Shell {
  constructor(private readonly page: Page) {}

  /** The shell is settled once the user area shows (it appears after 1.5 s and shifts the header icons). */
  async waitReady() {
    await this.page.getByTestId('tab-bar').waitFor();
    await this.page.getByTestId('user-area').waitFor();
  }

  menu() {
    return this.page.locator('.ant-pro-sider-menu, .ant-pro-top-nav-header-menu, .ant-pro-base-menu-horizontal').first();
  }

  async openMenu(catalogue: string, item: string) {
    const m = this.page.locator('.ant-pro-sider-menu');
    const entry = m.getByText(item, { exact: true });
    if (!(await entry.isVisible())) {
      await m.getByText(catalogue, { exact: true }).click();
      await entry.waitFor(); // no slide to wait for: the browser asks for reduced motion (support/browser.ts)
    }
    await entry.click();
  }

  tab(path: string) {
    return this.page.getByTestId(`tab-${path}`);
  }

  async tabMenu(path: string, action: string | RegExp) {
    await this.tab(path).click({ button: 'right' });
    const item = this.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last().getByRole('menuitem', { name: action });
    await item.click();
    await this.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'detached' }).catch(() => undefined);
  }

  async tabKeys(): Promise<string[]> {
    return this.page.locator('[data-testid^="tab-/"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(4)));
  }

  async openSettings() {
    await this.page.locator('.ant-pro-setting-drawer-handle').click();
    await this.page.locator('.ant-drawer-content').waitFor();
  }

  async switchLanguage(label: RegExp) {
    await this.waitReady();
    await this.page.getByTestId('lang-switch').hover();
    await this.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: label }).click();
  }

  async logout(menuLabel: RegExp) {
    await this.waitReady();
    await this.page.getByTestId('user-area').hover();
    await this.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: menuLabel }).click();
  }
}
