/**
 * Issue 4 in the browser: the station detail drawer (profile, site restrictions, delivery time windows,
 * extra receiving windows, bound location); a time window that overlaps another is refused with the
 * reason under the field, a free one is added to the station.
 */
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.ts';
import { useAdminSession } from './support/admin-session.ts';

const admin = useAdminSession();

describe('station detail', () => {
  it('shows the tabs of a seeded station and adds a delivery time window, refusing an overlapping one', async () => {
    const { page, server } = admin;
    await page.goto(server.url + '/baseinfo/station');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '上海浦东门店' });
    await row.getByTestId('station-detail-link').click();
    const drawer = page.locator('.ant-drawer-content:visible');
    await drawer.getByText('站点详情 - 上海浦东门店').waitFor();
    for (const tab of ['基本信息', '站点限制', '送货时间窗', '额外收货窗口', '绑定地点']) await drawer.getByRole('tab', { name: new RegExp(tab) }).waitFor();
    await drawer.getByText('0.8 km').waitFor();

    await drawer.getByRole('tab', { name: /绑定地点/ }).click();
    await drawer.locator('.ant-tabs-tabpane-active').getByText('L-SH-PD').waitFor();

    await drawer.getByRole('tab', { name: /送货时间窗/ }).click();
    const pane = drawer.locator('.ant-tabs-tabpane-active');
    await pane.getByText('11:30').first().waitFor();
    expect(await pane.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(10);

    await pane.getByRole('button', { name: /新\s*增/ }).click();
    const m = page.locator('.ant-modal-content:visible').last();
    await m.locator('input#weekday').fill('1');
    await m.locator('input#startTime').fill('11:00');
    await m.locator('input#endTime').fill('12:00');
    await m.locator('.ant-modal-footer button.ant-btn-primary').click();
    await m.getByText(/重叠/).waitFor();
    await shot(page, 'baseinfo-time-window-overlap');

    await m.locator('input#startTime').fill('18:00');
    await m.locator('input#endTime').fill('19:00');
    await m.locator('.ant-modal-footer button.ant-btn-primary').click();
    await page.getByText('保存成功').first().waitFor();
    await pane.getByText('19:00').waitFor();

    const token = await server.adminToken();
    const list = await server.api<{ rows: { id: number }[] }>('GET', '/api/baseinfo/station/list?code=S-SH-02', undefined, token);
    const detail = await server.api<{ data: { timeWindows: { weekday: number; startTime: string }[] } }>('GET', `/api/baseinfo/station/detail/${list.json.rows[0]!.id}`, undefined, token);
    expect(detail.json.data.timeWindows.filter((w) => w.weekday === 1).map((w) => w.startTime)).toEqual(['08:00', '14:00', '18:00']);
    await shot(page, 'baseinfo-station-detail');
  });
});
