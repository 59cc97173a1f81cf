/**
 * Issue 4 "Print templates" in the browser: the editor shows the HTML beside a live preview filled with the
 * sample record of the template type; edits and inserted placeholders show at once; a broken template
 * says why; the preview is a sandboxed frame (scripts in a template do not run).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useAdminSession } from './support/admin-session.ts';
import { snap } from './support/snap.ts';

// the machine running the suite may be busy: allow slow renders
const s = useAdminSession({}, { timeout: 45_000 });
const errors: string[] = [];
beforeEach(() => {
  // the page errors of the test's own page
  errors.length = 0;
  s.page.on('pageerror', (e) => errors.push(String(e)));
});

describe('print template editor', () => {
  it('previews the template live on sample data and saves the edit', async () => {
    const page = s.page;
    const server = s.server;
    await page.goto(server.url + '/baseinfo/printTemplate');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { has: page.getByRole('cell', { name: 'TPL-ORDER', exact: true }) });
    await row.getByText('修改').first().click();
    const modal = page.locator('.ant-modal-content:visible').last();
    const editor = modal.getByTestId('template-editor');
    await editor.waitFor();
    expect(await modal.getByTestId('template-preview').getAttribute('sandbox')).toBe('');
    const preview = modal.frameLocator('[data-testid=template-preview]');
    await preview.getByText('OR20260318000001').waitFor();
    await preview.getByText('冷冻水饺 1kg').waitFor(); // a {{#lines}} row
    await preview.getByText('鲜丰食品有限公司').waitFor();

    const source = editor.getByTestId('template-source');
    const html = await source.inputValue();
    await source.fill(html.replace('</h2>', '</h2>\n<p class="probe">目的站：{{destStation}}</p><script>document.body.innerHTML = "pwned"</script>'));
    await preview.getByText('目的站：上海浦东门店').waitFor();
    expect(await preview.getByText('pwned').count()).toBe(0);

    // a click on a placeholder inserts it at the cursor
    await source.focus();
    await page.keyboard.press('Control+End');
    await editor.getByTestId('placeholder-clientName').click();
    expect(await source.inputValue()).toMatch(/\{\{clientName\}\}$/);
    await snap(page, 'baseinfo-print-template-editor');

    // an unclosed section: the preview says why
    await source.fill('{{#lines}}<p>{{itemName}}</p>');
    await modal.getByTestId('template-error').waitFor();
    await source.fill(html.replace('</h2>', '</h2>\n<p>目的站：{{destStation}}</p>'));
    await preview.getByText('目的站：上海浦东门店').waitFor();
    await modal.locator('.ant-modal-footer button.ant-btn-primary').click();
    await page.getByText('保存成功').first().waitFor();

    const token = await server.adminToken();
    const r = await server.api<{ rows: { code: string; content: string }[] }>('GET', '/api/baseinfo/printTemplate/list?code=TPL-ORDER', undefined, token);
    expect(r.json.rows.find((t) => t.code === 'TPL-ORDER')!.content).toContain('目的站：{{destStation}}');

    // the row's preview
    await row.getByTestId('template-preview-link').first().click();
    const view = page.locator('.ant-modal-content:visible').last();
    await view.frameLocator('[data-testid=template-preview]').getByText('目的站：上海浦东门店').waitFor();
    expect(errors).toEqual([]);
  });
});
