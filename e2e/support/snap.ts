/** A screenshot in the test artifacts, and also in TMS_E2E_SHOTS when set (to look at while developing). */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { shot } from './browser.ts';

export async function snap(page: Page, name: string): Promise<void> {
  await shot(page, name);
  const dir = process.env.TMS_E2E_SHOTS;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/${name}.png` });
  }
}
