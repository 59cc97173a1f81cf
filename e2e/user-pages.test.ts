/**
 * The user layout's footer links in Chromium: help, privacy and terms open real pages inside the
 * layout (translated, the language switch applies), and each leads back to the sign-in page.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/admin-session.ts';
import { shot } from './support/browser.ts';

const s = useBrowserSession();

describe('the footer pages of the user layout', () => {
  it('help, privacy and terms open from the login page, in the chosen language, and lead back', async () => {
    const { page } = s;
    await page.goto(s.server.url + '/user/login');
    for (const [name, path, heading] of [
      ['help', '/user/help', '帮助'],
      ['privacy', '/user/privacy', '隐私说明'],
      ['terms', '/user/terms', '使用条款'],
    ] as const) {
      await page.getByTestId(`footer-${name}`).click();
      await page.waitForURL((u) => u.pathname === path);
      const article = page.getByTestId(`user-info-${name}`);
      await expect.poll(async () => (await article.locator('h1').textContent()) ?? '').toBe(heading);
      expect(await article.locator('h2').count()).toBeGreaterThanOrEqual(5);
      // the layout stays around the page: title, language switch, footer
      expect(await page.getByTestId('login-lang').isVisible()).toBe(true);
      if (name === 'help') await shot(page, 'user-help');
      await page.getByTestId('user-info-back').click();
      await page.waitForURL((u) => u.pathname === '/user/login');
      await page.getByTestId('captcha-bg').waitFor();
    }

    // in English: the footer and the page switch without a reload
    await page.getByTestId('footer-terms').click();
    await page.waitForURL((u) => u.pathname === '/user/terms');
    await page.getByTestId('login-lang').hover();
    await page.getByRole('menuitem', { name: 'English' }).click();
    const terms = page.getByTestId('user-info-terms');
    await expect.poll(async () => (await terms.locator('h1').textContent()) ?? '').toBe('Terms of use');
    expect(await page.getByTestId('footer-privacy').textContent()).toBe('Privacy');
    expect(await terms.textContent()).toContain('Back to sign-in');
  });

  it('a footer page opened directly (a bookmark) shows without signing in', async () => {
    const { page } = s;
    await page.goto(s.server.url + '/user/privacy');
    const article = page.getByTestId('user-info-privacy');
    await article.waitFor();
    expect(page.url()).toBe(s.server.url + '/user/privacy');
    expect(await article.locator('h2').count()).toBe(6);
  });
});
