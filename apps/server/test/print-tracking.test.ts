/**
 * The public tracking link and its QR code on printed papers (issue 17, server portal/print-links.ts): an order
 * sheet whose template names {{trackingUrl}} / {{trackingQr}}, and the waybills of a dispatch sheet. The printed
 * address opens the public tracking answer of that very record; the QR code decodes (zxing) to the same address;
 * printing again reuses the valid link, a revoked one is replaced.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { getResource } from '@tms/domain';
import { checkDistributionKey, centerId, createUser, rand, type Json } from './helpers.ts';
import { call, ctx, useServer } from './resource-kit.ts';
import { makeShipment } from './driver-kit.ts';

// every statement its servers run names its dispatch center, or is listed (docs/scale-out.md "Past one machine")
checkDistributionKey();

useServer();

const one = async (sql: string, params: unknown[] = []) => (await ctx.s.db.query<{ id: number }>(sql, params)).rows[0]!.id;
const unescape = (s: string) => s.replace(/&#x2F;/g, '/').replace(/&#x3D;/g, '=').replace(/&amp;/g, '&');

/** The addresses and QR images a printed page carries (class "trk" / "qr" in the test templates). */
function printed(html: string): { urls: string[]; qrs: string[] } {
  return {
    urls: [...html.matchAll(/<p class="trk">([^<]*)<\/p>/g)].map((m) => unescape(m[1]!)),
    qrs: [...html.matchAll(/<img class="qr" src="([^"]*)"/g)].map((m) => unescape(m[1]!)),
  };
}

async function decodeQr(dataUrl: string): Promise<string> {
  const m = /^data:image\/png;base64,(.+)$/.exec(dataUrl);
  expect(m).toBeTruthy();
  const png = Buffer.from(m![1]!, 'base64');
  expect(png.length).toBeGreaterThan(300);
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const source = new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height);
  // the image is a computer-made code, square and unrotated: read it as such. zxing's general detector (made for
  // photos) misses the finder patterns of about 1 in 25 such codes at this size, which made this file fail now and then
  return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source)), new Map([[DecodeHintType.PURE_BARCODE, true]])).getText();
}

const track = (url: string) => ctx.s.api('GET', `/api/public/track/${encodeURIComponent(new URL(url).pathname.replace(/^\/track\//, ''))}`, { headers: { lang: 'en-US' } });

/** An order of a new client with one waybill on a confirmed dispatch order. */
async function order() {
  const client = await one(`insert into base_client(code, name, create_by) values ($1, $2, 'test') returning id`, [`PC${rand(6)}`, `print client ${rand(4)}`]);
  const [from, to] = (await ctx.s.db.query<{ id: number; code: string }>(`select id, code from base_station where code in ('S-SH-01', 'S-SZ-01') order by code`)).rows;
  const sh = await makeShipment(ctx.s.db, { status: 'CONFIRMED', stations: [from!.code, to!.code] });
  const center = await centerId(ctx.s.db, 'SH01');
  const code = `T-PT-${rand(8)}`;
  const orderId = await one(
    `insert into tms_order(dispatch_center_id, code, client_id, source_station_id, dest_station_id, status, total_weight, total_volume, total_quantity, create_by)
     values ($1, $2, $3, $4, $5, 'EFFECTIVE', 10, 0.5, 3, 'test') returning id`,
    [center, code, client, from!.id, to!.id],
  );
  const waybillId = await one(
    `insert into tms_waybill(dispatch_center_id, code, order_id, order_code, status, client_id, shipment_id, shipment_code, source_station_id, dest_station_id, create_by)
     values ($1, $2, $3, $4, 'REVIEWED', $5, $6, $7, $8, $9, 'test') returning id`,
    [center, `${code}-1`, orderId, code, client, sh.id, sh.code, from!.id, to!.id],
  );
  return { shipment: sh, orderId, code, waybillId, waybillCode: `${code}-1` };
}

describe('tracking link and QR code on printed papers', () => {
  it("an order sheet carries the order's tracking address and QR; printing again reuses the link, a revoked one is replaced", async () => {
    const o = await order();
    const tpl = await call('POST', getResource('printTemplate'), 'save', {
      body: { code: `T_PT_${rand(6)}`, name: `tracking ${rand(4)}`, type: 'ORDER', content: '<h1>{{code}}</h1><p class="trk">{{trackingUrl}}</p><img class="qr" src="{{trackingQr}}">' },
    });
    expect(tpl.status, JSON.stringify(tpl.json)).toBe(200);
    const printer = await one(`select id from sys_printer where status = '0' order by id limit 1`);
    const print = (resetReason?: string) => ctx.s.api('POST', '/api/order/order/print', { token: ctx.admin, body: { ids: [o.orderId], templateId: tpl.json.data.id, printerId: printer, resetReason } });
    const first = await print();
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const { urls, qrs } = printed(first.json.data.html as string);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^https?:\/\/[^/]+\/track\/[\w-]+\.\d+\.[\w-]+$/);
    expect(await decodeQr(qrs[0]!)).toBe(urls[0]);
    const page = await track(urls[0]!);
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    expect(page.json.data).toMatchObject({ kind: 'ORDER', code: o.code, progress: 'CONFIRMED' });
    // the link has the default life (30 days) and is reused by the next print
    const links = (await ctx.s.db.query<{ id: number; expires_at: Date; create_time: Date }>(`select id, expires_at, create_time from tms_tracking_link where order_id = $1`, [o.orderId])).rows;
    expect(links).toHaveLength(1);
    expect((links[0]!.expires_at.getTime() - links[0]!.create_time.getTime()) / 86_400_000).toBeCloseTo(30, 3);
    const again = await print('reprint');
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(printed(again.json.data.html as string).urls).toEqual(urls);
    // revoked: the old address answers 410, the next print makes a new one
    await ctx.s.db.query(`update tms_tracking_link set revoked_at = now() where order_id = $1`, [o.orderId]);
    expect((await track(urls[0]!)).status).toBe(410);
    const third = printed((await print('revoked')).json.data.html as string).urls;
    expect(third[0]).not.toBe(urls[0]);
    expect((await track(third[0]!)).status).toBe(200);
  });

  it("each waybill of a dispatch sheet carries its own tracking address and QR, opening the waybill's page", async () => {
    const o = await order();
    const tpl = (await ctx.s.db.query<{ id: number; content: string }>(`select id, content from base_print_template where type = 'DISPATCH' and status = '0' order by is_default desc nulls last, id limit 1`)).rows[0]!;
    await ctx.s.db.query(`update base_print_template set content = $2 where id = $1`, [tpl.id, `${tpl.content}{{#waybills}}<p class="trk">{{trackingUrl}}</p><img class="qr" src="{{trackingQr}}">{{/waybills}}`]);
    try {
      const r = await ctx.s.api('POST', '/api/shipment/shipment/print', { token: ctx.admin, body: { ids: [o.shipment.id] } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const { urls, qrs } = printed(r.json.data.html as string);
      expect(urls).toHaveLength(1);
      expect(await decodeQr(qrs[0]!)).toBe(urls[0]);
      const page = await track(urls[0]!);
      expect(page.status, JSON.stringify(page.json)).toBe(200);
      expect(page.json.data).toMatchObject({ kind: 'WAYBILL', code: o.waybillCode });
      expect(await one(`select count(*)::int as id from tms_tracking_link where waybill_id = $1`, [o.waybillId])).toBe(1);
    } finally {
      await ctx.s.db.query(`update base_print_template set content = $2 where id = $1`, [tpl.id, tpl.content]);
    }
  });

  it("a waybill printed with the seeded waybill template carries its client, lines and its own tracking QR; outside the scope it is 404", async () => {
    const o = await order();
    await ctx.s.db.query(
      `insert into tms_waybill_line(dispatch_center_id, waybill_id, pos_no, item_code, item_name, quantity, create_by) select dispatch_center_id, id, 1, 'IT-PT', '打印物料', 3, 'test' from tms_waybill where id = $1`,
      [o.waybillId],
    );
    const options = await ctx.s.api('GET', '/api/waybill/waybill/printOptions', { token: ctx.admin });
    expect(options.status, JSON.stringify(options.json)).toBe(200);
    const tpl = options.json.data.templates[0];
    expect(tpl).toMatchObject({ code: 'TPL-WAYBILL', isDefault: true });
    const printer = options.json.data.printers[0].id as number;
    const print = (token: string, templateId: number) => ctx.s.api('POST', '/api/waybill/waybill/print', { token, body: { ids: [o.waybillId], templateId, printerId: printer } });
    const r = await print(ctx.admin, tpl.id);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const html = r.json.data.html as string;
    expect(r.json.data.printed).toBe(1);
    expect(html).toContain(o.waybillCode);
    expect(html).toContain('print client');
    expect(html).toContain('打印物料');
    const qr = unescape(/<img src="(data:image&#x2F;png;base64,[^"]+)"/.exec(html)![1]!);
    const url = await decodeQr(qr);
    expect(html).toContain(url.replace(/\//g, '&#x2F;').replace(/=/g, '&#x3D;'));
    const page = await track(url);
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    expect(page.json.data).toMatchObject({ kind: 'WAYBILL', code: o.waybillCode });

    // an order template is not a waybill template: 400 naming it
    const orderTpl = await one(`select id from base_print_template where type = 'ORDER' and status = '0' order by id limit 1`);
    const wrong = await print(ctx.admin, orderTpl);
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.json.errors)).toEqual(['templateId']);
    // a printing user of another dispatch center does not see the waybill
    const other = await createUser(ctx.s.db, { perms: ['waybill:waybill:print'], centers: ['BJ01'] });
    expect((await print(await ctx.s.login(other.userName, other.password), tpl.id)).status).toBe(404);
  });

  it('a template without the placeholders makes no link', async () => {
    const o = await order();
    const r = await ctx.s.api('POST', '/api/shipment/shipment/print', { token: ctx.admin, body: { ids: [o.shipment.id] } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(await one(`select count(*)::int as id from tms_tracking_link where waybill_id = $1`, [o.waybillId])).toBe(0);
  });
});
