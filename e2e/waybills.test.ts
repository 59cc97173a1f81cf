/**
 * Issue 5 (waybills) in the browser: an order with lines is created and reviewed (through the API),
 * its waybill shows in the list; a refused withdraw shows the spec's message; the waybill is split in
 * the modal (with its confirm step showing both parts); both parts are reviewed (a second review is
 * refused with the spec's message); the detail shows its sections; both go to a new dispatch order
 * through the to-dispatch dialog; a waybill of another carrier is bound to that dispatch order after
 * the carrier-mismatch question. Last, the English texts of a refusal.
 *
 * Each test starts from waybills of its own, brought through the API to the state it begins in (an
 * order reviewed, its waybill split, the parts reviewed, a dispatch order, a binding), and drives
 * through the UI only the step it is about.
 */
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.ts';
import { useAdminSession } from './support/admin-session.ts';
import { Shell } from './pages/shell.ts';
import { WaybillPage } from './pages/waybill-page.ts';
import { adminCall, dispatchOrderIn, reviewedWaybillOf } from './support/dispatch.ts';

const session = useAdminSession();

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The id of a seeded master-data record by its code. */
async function idOf(resource: 'client' | 'carrier' | 'station' | 'item', code: string): Promise<number> {
  const r = await session.server.api<{ rows: { id: number }[] }>('GET', `/api/baseinfo/${resource}/list?code=${code}`, undefined, await session.server.adminToken());
  return r.json.rows[0]!.id;
}

/** An order with lines, saved and reviewed through the order API; answers its code. */
async function reviewedOrder(carrier: string, lines: { item: string; quantity: number; weight: number; volume: number; cases: number }[]): Promise<string> {
  const token = await session.server.adminToken();
  const body = {
    clientId: await idOf('client', 'C001'),
    sourceStationId: await idOf('station', 'S-SH-01'),
    destStationId: await idOf('station', 'S-SH-02'),
    isSplitAllowed: true,
    lines: await Promise.all(lines.map(async (l) => ({ itemId: await idOf('item', l.item), quantity: l.quantity, weight: l.weight, volume: l.volume, cases: l.cases, pallets: 0, other: 0 }))),
  };
  const saved = await session.server.api<Envelope<{ id: number; code: string }>>('POST', '/api/order/order/save', body, token);
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  // the carrier comes with a carrier route (the order's "assign carrier route" action)
  const routes = await session.server.api<{ rows: { id: number }[] }>('GET', `/api/baseinfo/carrierRoute/list?carrierId=${await idOf('carrier', carrier)}`, undefined, token);
  const assigned = await session.server.api<Envelope<unknown>>('POST', '/api/order/order/assignCarrierRoute', { ids: [saved.json.data.id], carrierRouteId: routes.json.rows[0]!.id }, token);
  expect(assigned.status, JSON.stringify(assigned.json)).toBe(200);
  const reviewed = await session.server.api<Envelope<unknown>>('POST', '/api/order/order/review', { ids: [saved.json.data.id] }, token);
  expect(reviewed.status, JSON.stringify(reviewed.json)).toBe(200);
  return saved.json.data.code;
}

async function waybillsOf(orderCode: string) {
  const r = await session.server.api<{ rows: { id: number; code: string; status: string; shipmentId: number | null; shipmentCode: string | null; totalQuantity: number }[] }>(
    'GET',
    `/api/waybill/waybill/list?orderCode=${orderCode}&orderByColumn=id&isAsc=asc`,
    undefined,
    await session.server.adminToken(),
  );
  return r.json.rows;
}

type Waybill = Awaited<ReturnType<typeof waybillsOf>>[number];

/** The two lines of the order the split tests start from: 10 of I-XF-001 and 6 of I-XF-002. */
const TWO_LINES = [
  { item: 'I-XF-001', quantity: 10, weight: 52, volume: 0.12, cases: 10 },
  { item: 'I-XF-002', quantity: 6, weight: 6.3, volume: 0.018, cases: 6 },
];

/**
 * A reviewed order of CR001 with TWO_LINES whose waybill was split through the API as the split modal
 * splits it (4 of line 1 and line 2 whole to the new part): the order code and the two parts (6 and 10),
 * both open, or reviewed when `reviewed`.
 */
async function splitWaybill(reviewed: boolean): Promise<{ orderCode: string; parts: Waybill[] }> {
  const orderCode = await reviewedOrder('CR001', TWO_LINES);
  const [original] = await waybillsOf(orderCode);
  const w = await adminCall<{ version: number; lines: { id: number; quantity: number }[] }>(session.server, 'GET', `/api/waybill/waybill/get/${original!.id}`);
  const [l1, l2] = w.data.lines;
  await adminCall(session.server, 'POST', '/api/waybill/waybill/split', { id: original!.id, version: w.data.version, lines: [{ lineId: l1!.id, splitNum: 4 }, { lineId: l2!.id, splitNum: 6 }] });
  const parts = await waybillsOf(orderCode);
  expect(parts.map((p) => p.totalQuantity)).toEqual([6, 10]);
  if (reviewed) await adminCall(session.server, 'POST', '/api/waybill/waybill/review', { ids: parts.map((p) => p.id) });
  return { orderCode, parts };
}

describe('waybills', () => {
  const wb = () => new WaybillPage(session.page, session.server.url);

  it('a reviewed order’s waybill is listed; withdrawing it while open is refused; the split modal splits it after its confirm step', async () => {
    const page = session.page;
    const orderCode = await reviewedOrder('CR001', TWO_LINES);
    const [original] = await waybillsOf(orderCode);
    expect(original).toMatchObject({ status: 'OPEN', totalQuantity: 16 });

    // the order's waybill is in the list
    await wb().open(orderCode);
    await wb().row(original!.code).waitFor();
    await shot(page, 'waybill-list');

    // withdrawing an open waybill is refused with the spec's message
    await wb().tick(original!.code);
    await wb().bulk('waybill-retract');
    await page.getByText('撤回失败，请选择审核状态的运单！').first().waitFor();
    await wb().closeNotices();

    // split: 4 of line 1 and line 2 whole; the confirm step shows both parts
    await wb().row(original!.code).getByTestId('waybill-split-link').click();
    const modal = page.getByTestId('split-modal');
    await modal.getByTestId('split-num-1').fill('4');
    await modal.getByTestId('split-num-2').fill('6');
    await shot(page, 'waybill-split-entry');
    await page.getByTestId('split-next').click();
    const keep = page.getByTestId('split-part-original');
    const moved = page.getByTestId('split-part-new');
    await keep.getByText('数量 6，重量 31.2 kg').waitFor();
    await moved.getByText('数量 10，重量 27.1 kg').waitFor();
    await shot(page, 'waybill-split-confirm');
    await page.getByTestId('split-confirm').click();
    await page.getByText(/拆分成功，新运单为 WB/).first().waitFor();

    const parts = await waybillsOf(orderCode);
    expect(parts.map((p) => p.totalQuantity)).toEqual([6, 10]);
    await wb().row(parts[1]!.code).waitFor();
  });

  it('both parts are reviewed; a second review is refused; the detail shows its sections and lines', async () => {
    const page = session.page;
    const { orderCode, parts } = await splitWaybill(false);
    await wb().open(orderCode);
    await wb().row(parts[1]!.code).waitFor();
    await wb().tick(parts[0]!.code);
    await wb().tick(parts[1]!.code);
    await wb().bulk('waybill-review');
    await page.getByText('已审核 2 个运单').first().waitFor();
    await wb().tick(parts[0]!.code);
    await wb().bulk('waybill-review');
    await page.getByText('审核失败，请选择打开状态的运单！').first().waitFor();
    await wb().closeNotices();
    expect((await waybillsOf(orderCode)).map((p) => p.status)).toEqual(['REVIEWED', 'REVIEWED']);

    // the detail: its sections and the item lines with real loaded and split quantities
    await wb().row(parts[0]!.code).getByTestId('row-view').click();
    const detail = page.getByTestId('waybill-detail');
    for (const section of ['基本信息', '发货信息', '收货信息', '系统信息', '物料明细', '拆分出的运单']) await detail.getByText(section, { exact: true }).waitFor();
    await detail.getByTestId('waybill-lines').getByRole('columnheader', { name: '实装重量' }).waitFor();
    await detail.getByText(parts[1]!.code).waitFor();
    await shot(page, 'waybill-detail');
    // the part split off is a button: reached from the keyboard, Enter opens it in the drawer
    await detail.getByRole('button', { name: parts[1]!.code }).scrollIntoViewIfNeeded();
    await shot(page, 'waybill-detail-parts');
    await detail.getByRole('button', { name: parts[1]!.code }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.ant-drawer-title').getByText(parts[1]!.code).waitFor();
    await page.locator('.ant-drawer-close').click();
  });

  it('to dispatch: both parts go on a new dispatch order', async () => {
    const page = session.page;
    const { orderCode, parts } = await splitWaybill(true);
    await wb().open(orderCode);
    await wb().row(parts[1]!.code).waitFor();
    await wb().tick(parts[0]!.code);
    await wb().tick(parts[1]!.code);
    await page.getByTestId('waybill-to-ros').click();
    await page.getByTestId('to-ros-modal').waitFor();
    await shot(page, 'waybill-to-ros');
    await page.getByTestId('to-ros-ok').click();
    await page.getByText(/运单已加入调度单/).first().waitFor();
    const sent = await waybillsOf(orderCode);
    expect(sent[0]!.shipmentId).toBeTruthy();
    expect(sent[1]!.shipmentId).toBe(sent[0]!.shipmentId);
  });

  it('another carrier’s waybill is bound to that dispatch order after the spec’s carrier question', async () => {
    const page = session.page;
    // an open dispatch order of CR001, and a reviewed waybill of CR002
    const { shipmentCode } = await dispatchOrderIn(session.server, 'OPEN');
    const otherOrder = await reviewedOrder('CR002', [{ item: 'I-XF-001', quantity: 3, weight: 15.6, volume: 0.036, cases: 3 }]);
    const other = (await waybillsOf(otherOrder))[0]!;
    const token = await session.server.adminToken();
    expect((await session.server.api('POST', '/api/waybill/waybill/review', { ids: [other.id] }, token)).status).toBe(200);
    await wb().open(otherOrder);
    await wb().tick(other.code);
    await page.getByTestId('waybill-to-ros').click();
    await page.getByTestId('to-ros-bind').click();
    const pick = page.getByTestId('to-ros-modal').locator('.ant-table-row', { hasText: shipmentCode });
    await pick.click();
    await page.getByTestId('to-ros-ok').click();
    const question = page.locator('.ant-modal-confirm', { hasText: '调度单的承运商与运单的承运商不一致，是否继续绑定？' });
    await question.waitFor();
    await shot(page, 'waybill-carrier-mismatch');
    await question.locator('.ant-btn-primary').click();
    await page.getByText(`运单已加入调度单 ${shipmentCode}`).first().waitFor();
    expect((await waybillsOf(otherOrder))[0]!.shipmentCode).toBe(shipmentCode);
  });

  it('a waybill prints on the default template with its tracking QR code, and the printed link opens its tracking page', async () => {
    const page = session.page;
    const waybill = await reviewedWaybillOf(session.server, 'CR001', 4);
    const orderCode = (await adminCall<{ orderCode: string }>(session.server, 'GET', `/api/waybill/waybill/get/${waybill.id}`)).data.orderCode;
    await wb().open(orderCode);
    await wb().tick(waybill.code);
    await page.getByTestId('waybill-print').click();
    await page.getByTestId('waybill-print-modal').waitFor();
    // the defaults are chosen: the waybill template and the default printer
    await expect.poll(() => page.getByTestId('waybill-print-modal').innerText()).toContain('运单模板');
    await shot(page, 'waybill-print-dialog');
    const [sheet] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('waybill-print-modal-ok').click()]);
    await expect.poll(() => sheet.locator('body').innerText()).toContain(waybill.code);
    const qr = sheet.locator('img[alt="运单跟踪二维码"]');
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
    const url = /https?:\/\/\S+\/track\/\S+/.exec(await sheet.locator('body').innerText())![0];
    await shot(sheet, 'waybill-print-sheet');
    await sheet.close();
    // a consignee opens it: the waybill's own tracking page, nobody signed in
    const visitor = await page.context().browser()!.newContext();
    try {
      const v = await visitor.newPage();
      await v.goto(url);
      await expect.poll(() => v.getByTestId('track-code').innerText()).toBe(waybill.code);
    } finally {
      await visitor.close();
    }
  });

  it('a bound waybill cannot be withdrawn; in English the spec’s review refusal reads as written', async () => {
    const page = session.page;
    // a reviewed waybill of CR002 bound to an open dispatch order of CR001 (the carrier question answered yes)
    const target = await dispatchOrderIn(session.server, 'OPEN');
    const bound = await reviewedWaybillOf(session.server, 'CR002', 3);
    await adminCall(session.server, 'POST', '/api/shipment/shipment/bind', { id: target.id, waybillIds: [bound.id], confirmCarrierMismatch: true });
    const otherOrder = (await adminCall<{ orderCode: string }>(session.server, 'GET', `/api/waybill/waybill/get/${bound.id}`)).data.orderCode;
    const other = (await waybillsOf(otherOrder))[0]!;
    const shipmentCode = target.shipmentCode;
    expect(other.shipmentCode).toBe(shipmentCode);

    await wb().open(otherOrder);
    await wb().tick(other.code);
    await wb().bulk('waybill-retract');
    await page.getByText(`撤回失败：运单 ${other.code} 已在调度单 ${shipmentCode} 上，请先解绑`).first().waitFor();
    await wb().closeNotices();
    await new Shell(page).switchLanguage(/English/);
    await wb().open(otherOrder);
    await wb().tick(other.code);
    await wb().bulk('waybill-review');
    await page.getByText('Failed to audit, please select the open waybill!').first().waitFor();
    await shot(page, 'waybill-refused-en');
  });
});
