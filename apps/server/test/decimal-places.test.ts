/**
 * Issue 13, "totals ≠ sum of lines beyond 3 decimals": a decimal is stored with the scale its definition
 * gives (weight and volume: 3 places), so a value with more places would be rounded on storage while the
 * totals were summed before rounding. Rule: more decimals than stored are refused with 400 naming the field,
 * everywhere a decimal comes in (order lines on save and update, the master data of every resource, the
 * waybill split); values within the scale are summed exactly and the waybill copies the order's figures.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES, inForm, SERVER_OWNED, type FieldDef } from '@tms/domain';
import { translate } from '../src/platform/i18n.ts';
import { type ApiOptions, type Json } from './helpers.ts';
import { call, ctx, sample, useServer } from './resource-kit.ts';

useServer();

const api = (method: string, path: string, o: ApiOptions = {}) => ctx.s.api(method, path, { token: ctx.admin, ...o });
const LANGS = ['zh-CN', 'en-US', 'en-GB', 'zh-TW'] as const;
/** one more decimal place than the field keeps */
const tooPrecise = (scale: number) => Number((1 + 5 / 10 ** (scale + 1)).toFixed(scale + 1));

async function ids() {
  const one = async (sql: string, v: string) => (await ctx.s.db.query<{ id: number }>(sql, [v])).rows[0]!.id;
  return {
    client: await one('select id from base_client where code = $1', 'C001'),
    from: await one('select id from base_station where code = $1', 'S-SH-01'),
    to: await one('select id from base_station where code = $1', 'S-SH-02'),
    item: await one('select id from base_item where code = $1', 'I-XF-001'),
  };
}

describe('decimal places', () => {
  it('the message is translated in every language', () => {
    for (const lang of LANGS) {
      const text = translate(lang, 'validation.scale', { scale: 3 });
      expect(text, lang).toContain('3');
      expect(text, lang).not.toContain('validation.');
    }
  });

  it('order lines with more than 3 decimals of weight or volume are refused on save and update, naming each line field', async () => {
    const r = await ids();
    const body = (field: 'weight' | 'volume', v: number) => ({
      clientId: r.client,
      sourceStationId: r.from,
      destStationId: r.to,
      lines: [1, 2, 3].map(() => ({ itemId: r.item, quantity: 1, [field]: v })),
    });
    for (const field of ['weight', 'volume'] as const) {
      for (const lang of LANGS) {
        const res = await api('POST', '/api/order/order/save', { body: body(field, 0.0005), headers: { lang } });
        expect(res.status, JSON.stringify(res.json)).toBe(400);
        expect(Object.keys(res.json.errors).sort()).toEqual([0, 1, 2].map((i) => `lines[${i}].${field}`));
        expect(JSON.stringify(res.json.errors[`lines[0].${field}`])).toContain(translate(lang, 'validation.scale', { scale: 3 }));
      }
    }
    // within the scale: totals are exactly the sum of the stored lines, and the waybill copies them
    const made = await api('POST', '/api/order/order/save', { body: { ...body('weight', 0.001), lines: body('weight', 0.001).lines.map((l) => ({ ...l, volume: 0.001 })) } });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const id = made.json.data.id as number;
    const order = (await api('GET', `/api/order/order/get/${id}`)).json.data;
    const lines = await ctx.s.db.query<{ weight: number; volume: number }>('select weight, volume from tms_order_line where order_id = $1', [id]);
    const sum = (k: 'weight' | 'volume') => Math.round(lines.rows.reduce((s, l) => s + Number(l[k]) * 1000, 0)) / 1000;
    expect(order.totalWeight).toBe(0.003);
    expect(order.totalWeight).toBe(sum('weight'));
    expect(order.totalVolume).toBe(sum('volume'));
    // update: same rule
    const upd = await api('POST', '/api/order/order/update', { body: { id, version: order.version, ...body('volume', 1.2345) } });
    expect(upd.status).toBe(400);
    expect(Object.keys(upd.json.errors)).toContain('lines[0].volume');
    // the waybill copies the order's figures
    expect((await api('POST', '/api/order/order/review', { body: { ids: [id] } })).status).toBe(200);
    const w = await ctx.s.db.query<{ id: number }>('select id from tms_waybill where order_id = $1', [id]);
    const wb = (await api('GET', `/api/waybill/waybill/get/${w.rows[0]!.id}`)).json.data;
    expect([wb.totalWeight, wb.totalVolume, wb.totalQuantity]).toEqual([order.totalWeight, order.totalVolume, order.totalQuantity]);
  });

  it('every decimal field of every resource refuses more decimals than its scale (400 naming the field)', async () => {
    const fields = RESOURCES.flatMap((def) =>
      def.fields.filter((f): f is FieldDef & { scale: number } => f.kind === 'decimal' && f.scale !== undefined && inForm(f) && !SERVER_OWNED.has(f.name) && def.features?.create !== false).map((f) => ({ def, f })),
    );
    expect(fields.length).toBeGreaterThan(0);
    for (const { def, f } of fields) {
      const res = await call('POST', def, 'save', { body: { ...(await sample(def)), [f.name]: tooPrecise(f.scale) } });
      expect(res.status, `${def.name}.${f.name}: ${JSON.stringify(res.json)}`).toBe(400);
      expect(Object.keys(res.json.errors ?? {}), `${def.name}.${f.name}`).toContain(f.name);
    }
  });

  it('a waybill split refuses weight or volume with more than 3 decimals', async () => {
    const r = await ids();
    const made = await api('POST', '/api/order/order/save', {
      body: { clientId: r.client, sourceStationId: r.from, destStationId: r.to, lines: [{ itemId: r.item, quantity: 10, weight: 1, volume: 1 }] },
    });
    expect(made.status).toBe(200);
    expect((await api('POST', '/api/order/order/review', { body: { ids: [made.json.data.id] } })).status).toBe(200);
    const w = (await ctx.s.db.query<{ id: number }>('select id from tms_waybill where order_id = $1', [made.json.data.id])).rows[0]!;
    const line = (await ctx.s.db.query<{ id: number }>('select id from tms_waybill_line where waybill_id = $1', [w.id])).rows[0]!;
    for (const field of ['weight', 'volume']) {
      const res = await api('POST', '/api/waybill/waybill/split', { body: { id: w.id, version: 0, lines: [{ lineId: line.id, splitNum: 5, [field]: 0.0005 }] }, headers: { lang: 'en-US' } });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      const errors = res.json.errors as Record<string, Json>;
      expect(Object.keys(errors)).toEqual([`lines.0.${field}`]);
      expect(JSON.stringify(errors)).toContain(translate('en-US', 'validation.scale', { scale: 3 }));
    }
  });
});
