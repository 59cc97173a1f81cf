/**
 * Issue 7 code generator in the browser: pick a table, relabel a column, preview the generated
 * definition and translations, and download the zip.
 */
import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { readFileSync } from 'node:fs';
import { useAdminSession } from './support/admin-session.ts';
import { shot } from './support/browser.ts';

const admin = useAdminSession();

describe('code generator', () => {
  it('configures a table, previews the generated files and downloads them', async () => {
    const page = admin.page;
    await page.goto(admin.server.url + '/tool/gen');
    await page.getByTestId('gen-table-filter').fill('base_contact');
    await page.getByTestId('gen-table-filter').press('Enter');
    await page.getByTestId('gen-pick-base_contact').click();
    const label = page.getByTestId('gen-label-wechat');
    await label.fill('微信号');
    await page.getByTestId('gen-list-email').uncheck();
    await page.getByTestId('gen-preview-btn').click();
    const pre = page.locator('.ant-tabs-tabpane-active [data-testid="gen-preview"]');
    await expect.poll(() => pre.textContent()).toContain("table: 'base_contact'");
    expect(await pre.textContent()).toContain("name: 'email', kind: 'string', max: 60, list: false");
    await page.getByRole('tab', { name: 'contact.zh-CN.json' }).click();
    await expect.poll(() => pre.textContent()).toContain('微信号');
    await shot(page, 'generator-preview');

    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('gen-download-btn').click()]);
    const zip = await JSZip.loadAsync(readFileSync((await dl.path())!));
    const def = await zip.file('packages/domain/src/resources/contact.ts')!.async('string');
    expect(def).toContain("export const contact: ResourceDef");
  });
});
