/**
 * Issue 4 "Maps" in the browser: the zone editor round trip (a polygon drawn, saved and shown again), the
 * station e-fence (circle radius, then a polygon), the address point picker, all on a map without tiles
 * (the tile source switched off, as on an offline installation: shapes and markers still show).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { useAdminSession } from './support/admin-session.ts';
import { snap } from './support/snap.ts';

// the machine running the suite may be busy: allow slow renders
const s = useAdminSession({}, { timeout: 45_000 });
const errors: string[] = [];
beforeEach(() => {
  // the page errors of the test's own page
  errors.length = 0;
  s.page.on('pageerror', (e) => errors.push(String(e.stack ?? e)));
});
let token: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function getRow(path: string, query: string): Promise<Json> {
  const r = await s.server.api<{ rows: Json[] }>('GET', `/api/${path}/list?${query}`, undefined, token);
  return r.json.rows[0]!;
}

/** Clicks at fractions of the map's box (0..1). */
async function clickMap(map: Locator, fx: number, fy: number) {
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await map.page().mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

async function drawSquare(map: Locator) {
  const pts: [number, number][] = [
    [0.35, 0.3],
    [0.65, 0.3],
    [0.65, 0.7],
    [0.35, 0.7],
  ];
  // each click is taken as a vertex before the next (the drawing's vertex markers; not its cursor marker)
  const vertices = map.locator('.leaflet-marker-pane .marker-icon:not(.cursor-marker)');
  const before = await vertices.count(); // markers already on the map (a station's own)
  for (const [i, [x, y]] of pts.entries()) {
    await clickMap(map, x, y);
    await expect.poll(() => vertices.count()).toBe(before + i + 1);
  }
  await clickMap(map, pts[0]![0], pts[0]![1]); // the first vertex closes the ring
}

let tileBefore = '';
beforeAll(async () => {
  token = await s.server.adminToken();
  // an offline installation: no tile source; maps draw on the neutral grid
  const cfg = await getRow('system/config', 'configKey=sys.map.tileUrl');
  tileBefore = String(cfg.configValue);
  const up = await s.server.api('POST', '/api/system/config/update', { ...cfg, configValue: 'none' }, token);
  expect(up.status).toBe(200);
});
// the worker's next file shares the server: the tile source as it was
afterAll(async () => {
  const cfg = await getRow('system/config', 'configKey=sys.map.tileUrl');
  expect((await s.server.api('POST', '/api/system/config/update', { ...cfg, configValue: tileBefore }, token)).status).toBe(200);
});

describe('maps', () => {
  it('draws a zone polygon, saves it and shows it again', async () => {
    const page = s.page;
    const server = s.server;
    await page.goto(server.url + '/baseinfo/zone');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '上海' }).first();
    await row.getByTestId('zone-shape-link').click();
    const modal = page.locator('.ant-modal-content:visible').last();
    const map = modal.getByTestId('zone-shape-map');
    await map.locator('.leaflet-container').waitFor();
    await expect.poll(() => map.getAttribute('data-tiles'), { timeout: 30_000 }).toBe('off');
    await modal.getByText('底图不可用，仅显示图形').waitFor();
    await modal.getByTestId('shape-draw-polygon').click();
    await modal.getByTestId('shape-draw-hint').waitFor();
    await drawSquare(map.locator('.leaflet-container'));
    await modal.getByTestId('zone-shape-summary').getByText('多边形，4 个顶点').waitFor();
    await snap(page, 'baseinfo-zone-editor');
    await modal.getByTestId('zone-shape-save').click();
    await page.getByText('保存成功').first().waitFor();

    const zone = await getRow('baseinfo/zone', 'code=SH');
    expect(zone.shapeType).toBe('POLYGON');
    const ring = zone.geometry.coordinates[0] as [number, number][];
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    expect(ring[0]![0]).toBeGreaterThan(120);
    expect(ring[0]![0]).toBeLessThan(123);

    // reopened: the stored polygon is drawn again
    await row.getByTestId('zone-shape-link').click();
    const again = page.locator('.ant-modal-content:visible').last();
    await again.getByTestId('zone-shape-summary').getByText('多边形，4 个顶点').waitFor();
    expect(await again.locator('.leaflet-overlay-pane path').count()).toBeGreaterThanOrEqual(1);
    await again.getByRole('button', { name: /取\s*消/ }).click();
  });

  it('edits a station e-fence: the circle radius, then a polygon', async () => {
    const page = s.page;
    const server = s.server;
    // a station of its own where 上海浦东门店 is (S-SH-02 is where the other files' trucks arrive: its fence stays as seeded)
    const seeded = await getRow('baseinfo/station', 'code=S-SH-02');
    const code = `S-E2E-${Date.now().toString(36).toUpperCase()}`;
    const name = `围栏测试站 ${code}`;
    const made = await server.api('POST', '/api/baseinfo/station/save', { code, name, clientId: seeded.clientId, longitude: seeded.longitude, latitude: seeded.latitude, fenceDistance: 0.8 }, token);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    await page.goto(`${server.url}/baseinfo/station?code=${code}`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
    await row.getByTestId('station-detail-link').click();
    const drawer = page.locator('.ant-drawer-content:visible');
    await drawer.getByRole('tab', { name: /电子围栏/ }).click();
    const fence = drawer.getByTestId('station-fence');
    await fence.locator('.leaflet-container').waitFor();
    await fence.getByText('圆形（以站点为圆心）').waitFor();
    expect(await fence.locator('.leaflet-overlay-pane path').count()).toBeGreaterThanOrEqual(1);
    expect(await fence.locator('.leaflet-marker-icon').count()).toBeGreaterThanOrEqual(1);
    const radius = fence.locator('input[data-testid=fence-radius], [data-testid=fence-radius] input').first();
    await radius.fill('1.5');
    await radius.blur();
    await snap(page, 'baseinfo-station-fence-circle');
    await fence.getByTestId('station-fence-save').click();
    await page.getByText('保存成功').first().waitFor();
    let st = await getRow('baseinfo/station', `code=${code}`);
    expect(st.fenceType).toBe('CIRCLE');
    expect(Number(st.fenceDistance)).toBe(1.5);

    await fence.getByTestId('shape-draw-polygon').click();
    await drawSquare(fence.locator('.leaflet-container'));
    await fence.getByText('多边形，4 个顶点').waitFor();
    await snap(page, 'baseinfo-station-fence-polygon');
    await fence.getByTestId('station-fence-save').click();
    await expect.poll(async () => (await getRow('baseinfo/station', `code=${code}`)).fenceType, { timeout: 30_000 }).toBe('POLYGON');
    st = await getRow('baseinfo/station', `code=${code}`);
    expect(st.fenceGeometry.coordinates[0]).toHaveLength(5);
    await page.keyboard.press('Escape');
  });

  it('picks an address point on the map', async () => {
    const page = s.page;
    const server = s.server;
    await page.goto(server.url + '/baseinfo/address');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const m = page.locator('.ant-modal-content:visible').last();
    const map = m.getByTestId('point-picker');
    await map.locator('.leaflet-container').waitFor();
    await m.locator('input#code').fill('AD-MAP-1');
    await m.locator('input#address1').fill('地图选点路 1 号');
    await clickMap(map.locator('.leaflet-container'), 0.5, 0.5);
    await expect.poll(() => m.locator('input#longitude').inputValue(), { timeout: 20_000 }).not.toBe('');
    const lng = Number(await m.locator('input#longitude').inputValue());
    const lat = Number(await m.locator('input#latitude').inputValue());
    expect(lng).toBeGreaterThan(120);
    expect(lat).toBeGreaterThan(30);
    expect(await map.locator('.leaflet-marker-icon').count()).toBe(1);
    await snap(page, 'baseinfo-address-picker');
    await m.locator('.ant-modal-footer button.ant-btn-primary').click();
    await page.getByText('保存成功').first().waitFor();
    const a = await getRow('baseinfo/address', 'code=AD-MAP-1');
    expect(Number(a.longitude)).toBeCloseTo(lng, 5);
    expect(Number(a.latitude)).toBeCloseTo(lat, 5);
    expect(errors).toEqual([]);
  });
});
