/**
 * The known view families of spec §2 (forms, lists, profiles) open from the menu with the product's
 * own data, and the basic form really records an opinion.
 */
import { describe, expect, it } from 'vitest';
import { useAdminSession } from './support/admin-session.ts';
import { shot } from './support/browser.ts';

const admin = useAdminSession();

const PAGES: [path: string, shows: string][] = [
  ['/views/list/card', '.ant-card-head-title'],
  ['/views/list/search/projects', '.ant-card-head-title'],
  ['/views/list/search/applications', '.ant-card-head-title'],
  ['/views/list/search/articles', '.ant-list'],
  ['/views/list/basic', '.ant-list-item'],
  ['/views/list/table', '.ant-table-row'],
  ['/views/profile/basic', '.ant-descriptions-item-content'],
  ['/views/profile/advanced', '.ant-steps'],
  ['/views/form/step', '.ant-steps'],
  ['/views/form/advanced', 'form'],
  ['/views/form/editor', 'textarea'],
];

describe('view families', () => {
  it('open from their menu paths with data', async () => {
    const page = admin.page;
    for (const [path, selector] of PAGES) {
      await page.goto(admin.server.url + path);
      await page.locator(selector).first().waitFor();
      expect(await page.getByText('暂未开放').count(), path).toBe(0);
    }
    await shot(page, 'view-editor');
  });

  it('records an opinion through the basic form', async () => {
    const page = admin.page;
    await page.goto(admin.server.url + '/views/form/base');
    await page.getByTestId('demo-reporter').fill('张三');
    await page.getByTestId('demo-function').fill('订单导入');
    await page.locator('textarea').fill('导入预览很好用');
    await page.getByTestId('demo-submit').click();
    await page.locator('.ant-result-success').waitFor();
    const token = await admin.server.adminToken();
    const r = await admin.server.api<{ rows: { reporter: string; remark: string }[] }>('GET', '/api/system/feedback/list?reporter=%E5%BC%A0%E4%B8%89', undefined, token);
    expect(r.json.rows.map((x) => x.remark)).toContain('导入预览很好用');
  });
});
