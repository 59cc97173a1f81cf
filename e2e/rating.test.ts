/**
 * Issue 14 (rating) in the browser: a client contract with weight breaks (its lines through the API) is
 * made effective on Finance → Contracts, its "re-rate open charges" shows the job's progress to the end;
 * an order of the client reviewed, the waybill's detail explains the charge in words. A contract submitted on its
 * screen is approved in the to-do list (the BPMN approval) and shows its approval progress.
 */
import { describe, expect, it } from 'vitest';
import { snap } from './support/snap.ts';
import { useAdminSession } from './support/admin-session.ts';
import { adminCall, idOf, reviewedWaybillOf } from './support/dispatch.ts';

// a server of its own: it makes an effective contract for client C001, as reports, settlement and portal do (one per party and period)
const session = useAdminSession({}, { ownServer: true });

describe('rating', () => {
  it('make a contract with breaks effective on its screen, re-rate it, read the explained charge of a reviewed waybill', async () => {
    const { server, page } = session;
    const code = `E2R${Date.now() % 100000}`;
    const contract = await adminCall<{ id: number }>(server, 'POST', '/api/finance/contract/save', { code, name: 'e2e rating', kind: 'RECEIVABLE', clientId: await idOf(server, 'client', 'C001'), validFrom: '2020-01-01', validTo: '2099-12-31' });
    const freight = await server.api<{ rows: { id: number }[] }>('GET', '/api/finance/chargeType/list?code=FREIGHT', undefined, await server.adminToken());
    await adminCall(server, 'POST', '/api/finance/rateLine/save', { contractId: contract.data.id, chargeTypeId: freight.json.rows[0]!.id, basis: 'KG', breaks: '0-100:40 flat; 100-:0.8', roundingStep: 1 });

    await page.goto(`${server.url}/finance/contract?code=${code}`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: code });
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('contract-effect').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /OK|确\s*定/ }).click();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('生效');
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('contract-rerate').click();
    await expect.poll(() => page.getByTestId('contract-rerate-progress').textContent(), { timeout: 15_000 }).toContain('已重新计费');
    await snap(page, 'rating-contract-rerated');

    // the quote page prices a lane against the same card (no party, no lane: every matching contract): 62.4 kg,
    // rounded up to 63 kg, in the break 0–100, flat 40, explained
    await page.goto(`${server.url}/finance/quote`);
    await page.getByTestId('quote-weight').fill('62.4');
    await page.getByTestId('quote-run').click();
    const quoted = page.getByTestId('quote-results').locator('tr.ant-table-row', { hasText: `${code} v1` });
    await expect.poll(() => quoted.textContent()).toContain('40.00 CNY');
    expect(await page.getByTestId('quote-results').textContent()).toContain('区间 0–100：整票 40');

    // 12 pieces × 5.2 kg = 62.4 kg, rounded up to 63 kg: in the break 0–100, flat 40
    const waybill = await reviewedWaybillOf(server);
    await page.goto(`${server.url}/waybill/list?code=${waybill.code}`);
    await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: waybill.code }).getByTestId('row-view').click();
    const charges = page.getByTestId('waybill-charges');
    await expect.poll(() => charges.textContent(), { timeout: 10_000 }).toContain('区间 0–100：整票 40');
    expect(await charges.textContent()).toContain(`合同 ${code} 第 1 版`);
    await snap(page, 'rating-waybill-explained');
  });

  it("submits a contract for approval on its screen, approves its task in the to-do list, reads the contract's approval progress", async () => {
    const { server, page } = session;
    const code = `E2A${Date.now() % 100000}`;
    // a period no other contract of the client has
    await adminCall(server, 'POST', '/api/finance/contract/save', { code, name: 'e2e approval', kind: 'RECEIVABLE', clientId: await idOf(server, 'client', 'C002'), validFrom: '2090-01-01', validTo: '2090-12-31' });
    // submitted in en-US: the confirmation says where the approval goes
    await page.context().addCookies([{ name: 'lang', value: 'en-US', url: server.url }]);
    await page.goto(`${server.url}/finance/contract?code=${code}`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: code });
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('contract-submit').click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect.poll(() => confirm.textContent()).toContain("The approval task goes to the approvers' task list");
    await snap(page, 'rating-contract-submit-en-US');
    await confirm.getByRole('button', { name: /OK|确\s*定/ }).click();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('In approval');
    await page.context().addCookies([{ name: 'lang', value: 'zh-CN', url: server.url }]);

    // the finance approval waits in the to-do list, with the contract as its business key
    await page.goto(`${server.url}/workflow/todo`);
    const task = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: `CONTRACT-${code}-v1` });
    await task.getByTestId('task-handle').click();
    await page.locator('.wf-diagram .djs-element.wf-current[data-element-id="financeApprove"]').waitFor();
    await snap(page, 'rating-contract-approval-task');
    await page.getByTestId('task-comment').fill('运价已核对');
    await page.getByTestId('task-approve').click();
    await task.waitFor({ state: 'detached' });

    // approved: effective, its progress (diagram to the end, the approval in the history) on the contract screen
    await page.goto(`${server.url}/finance/contract?code=${code}`);
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('生效');
    await row.getByTestId('contract-progress').click();
    const drawer = page.getByTestId('wf-instance-drawer');
    await expect.poll(() => drawer.textContent(), { timeout: 10_000 }).toContain('运价已核对');
    await page.locator('.wf-diagram .djs-element[data-element-id="approvedEnd"]').waitFor();
    await snap(page, 'rating-contract-approval-progress');
  });

  it('the rate line form offers the vehicle type, the free quantity and the period, the station form its district, in zh-CN and en-US', async () => {
    const { server, page } = session;
    const form = page.locator('.ant-modal-content, .ant-drawer-content').last();
    const langs = [
      { lang: 'zh-CN', labels: ['车型', '免费数量', '适用开始日期', '适用结束日期'], basis: '运费百分比', district: '所在区县' },
      { lang: 'en-US', labels: ['Vehicle type', 'Free quantity', 'Applies from', 'Applies to'], basis: '% of declared value', district: 'District' },
    ];
    for (const { lang, labels, basis, district } of langs) {
      await page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);
      await page.goto(`${server.url}/finance/rateLine`);
      await page.locator('.ant-btn-primary', { has: page.locator('.anticon-plus') }).first().click();
      await form.waitFor({ state: 'visible' });
      for (const label of labels) await expect.poll(() => form.textContent()).toContain(label);
      // the unit price is in yuan, and a percentage on a percentage basis
      const priceUnit = form.locator('.ant-input-number-group-wrapper', { has: page.locator('#unitPrice') }).locator('.ant-input-number-group-addon');
      await expect.poll(() => priceUnit.textContent()).toBe('yuan');
      await form.locator('.ant-select', { has: page.locator('#basis') }).click();
      const options = page.locator('.ant-select-dropdown').last();
      await expect.poll(() => options.textContent()).toContain(basis);
      await options.getByText(basis).click();
      await expect.poll(() => priceUnit.textContent()).toBe('%');
      await form.getByText(labels[1]!).scrollIntoViewIfNeeded();
      await snap(page, `rating-rate-line-form-${lang}`);
      await page.keyboard.press('Escape');
      // a station names the district it is in (lanes by province / city / county match it)
      await page.goto(`${server.url}/baseinfo/station`);
      await page.locator('.ant-btn-primary', { has: page.locator('.anticon-plus') }).first().click();
      await form.waitFor({ state: 'visible' });
      await form.getByText(district, { exact: true }).scrollIntoViewIfNeeded();
      await snap(page, `rating-station-form-${lang}`);
      await page.keyboard.press('Escape');
    }
    await page.context().addCookies([{ name: 'lang', value: 'zh-CN', url: server.url }]);
  });
});
