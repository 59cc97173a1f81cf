/**
 * The order rollup (issue 20, migration 0076): the order list's totals for the filters on its dimensions (client,
 * carrier, period, status, source, locked, within the data scope) come from tms_order_rollup, kept by triggers in
 * the same transaction. After every kind of write (create, edit, review, retract, lock, unlock, carrier route,
 * delete, import, a rolled-back action) the rollup equals the exact aggregate over the orders, and so do the
 * list's totals for those filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { translate } from '../src/platform/i18n.ts';
import { ADMIN, rand, startServer, type Json, type TestServer } from './helpers.ts';

let s: TestServer;
let admin: string;
const ref = { clients: new Map<string, number>(), stations: new Map<string, number>(), items: new Map<string, number>() };

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN.user, ADMIN.password);
  const master = await s.db.query<{ kind: keyof typeof ref; code: string; id: number }>(
    `select 'clients' as kind, code, id from base_client union all select 'stations', code, id from base_station union all select 'items', code, id from base_item`,
  );
  for (const m of master.rows) ref[m.kind].set(m.code, Number(m.id));
});
afterAll(async () => {
  await s?.close();
});

const api = (method: string, path: string, o: { body?: unknown; query?: Record<string, string | number> } = {}) =>
  s.api(method, `/api/order${path}`, { token: admin, body: o.body, query: o.query });

const DIMS = 'dispatch_center_id, client_id, carrier_id, order_date, status, source, is_lock';

/** Rows of the rollup that differ from the orders' exact aggregate (either way); none when it is right. */
async function drift(): Promise<Json[]> {
  const r = await s.db.query<Json>(`
    with exact as (select ${DIMS}, count(*)::int8 as orders, sum(total_weight) as w, sum(total_volume) as v, sum(total_quantity) as q from tms_order group by ${DIMS}),
         rolled as (select ${DIMS}, orders, total_weight as w, total_volume as v, total_quantity as q from tms_order_rollup where orders <> 0 or total_weight <> 0 or total_volume <> 0 or total_quantity <> 0)
    (select 'missing' as side, * from exact except select 'missing', * from rolled)
    union all
    (select 'extra', * from rolled except select 'extra', * from exact)`);
  // the month level (migration 0091) against the same orders by month
  const MDIMS = DIMS.replace('order_date', 'order_month');
  const m = await s.db.query<Json>(`
    with exact as (select ${MDIMS}, count(*)::int8 as orders, sum(total_weight) as w, sum(total_volume) as v, sum(total_quantity) as q
                     from (select *, date_trunc('month', order_date)::date as order_month from tms_order) o group by ${MDIMS}),
         rolled as (select ${MDIMS}, orders, total_weight as w, total_volume as v, total_quantity as q from tms_order_rollup_month where orders <> 0 or total_weight <> 0 or total_volume <> 0 or total_quantity <> 0)
    (select 'month missing' as side, * from exact except select 'month missing', * from rolled)
    union all
    (select 'month extra', * from rolled except select 'month extra', * from exact)`);
  return [...r.rows, ...m.rows];
}

/** The list's totals for filters the rollup answers, against the exact aggregate of the same orders. */
async function listAgrees(clientId: number, day: string) {
  const queries: Record<string, string | number>[] = [
    {},
    { clientId },
    { clientId, orderDateBegin: day, orderDateEnd: day },
    { status: 'EFFECTIVE' },
    { clientId, status: 'OPEN', isLock: 'false' },
    { source: 'IMPORT' },
    // periods over whole months (month level) and partial ones at their edges (day level), open either way
    { orderDateBegin: '2026-01-15', orderDateEnd: '2026-03-10' },
    { orderDateBegin: '2026-02-01', orderDateEnd: '2026-02-28' },
    { clientId, orderDateBegin: '2026-02-04' },
    { orderDateEnd: '2026-02-04' },
    { status: 'OPEN', orderDateBegin: '2025-12-01', orderDateEnd: '2026-02-03' },
  ];
  for (const query of queries) {
    const r = await api('GET', '/order/list', { query: { ...query, pageSize: 1 } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const conds = ['dispatch_center_id = (select id from sys_dispatch_center where code = $1)'];
    const params: unknown[] = ['SH01'];
    const add = (col: string, op: string, v: unknown) => {
      params.push(v);
      conds.push(`${col} ${op} $${params.length}`);
    };
    const q = query;
    if (q.clientId) add('client_id', '=', q.clientId);
    if (q.orderDateBegin) add('order_date', '>=', q.orderDateBegin);
    if (q.orderDateEnd) add('order_date', '<=', q.orderDateEnd);
    if (q.status) add('status', '=', q.status);
    if (q.isLock) add('is_lock', '=', q.isLock === 'true');
    if (q.source) add('source', '=', q.source);
    const e = (
      await s.db.query<Json>(
        `select count(*)::int8 as n, coalesce(sum(total_weight), 0) as w, coalesce(sum(total_volume), 0) as v, coalesce(sum(total_quantity), 0)::int8 as q
           from tms_order where ${conds.join(' and ')}`,
        params,
      )
    ).rows[0];
    expect([r.json.total, r.json.summary], JSON.stringify(query)).toEqual([Number(e.n), { totalWeight: Number(e.w), totalVolume: Number(e.v), totalQuantity: Number(e.q) }]);
  }
}

function body(extra: Record<string, unknown> = {}) {
  return {
    clientId: ref.clients.get('C001'),
    sourceStationId: ref.stations.get('S-SH-01'),
    destStationId: ref.stations.get('S-SH-02'),
    refNo: `RU-${rand(8)}`,
    orderDate: '2026-02-03',
    lines: [
      { itemId: ref.items.get('I-XF-001'), quantity: 10, weight: 52.5, volume: 0.12, cases: 1 },
      { itemId: ref.items.get('I-XF-002'), quantity: 5, weight: 5.255, volume: 0.015, pallets: 1 },
    ],
    ...extra,
  };
}

async function create(extra: Record<string, unknown> = {}): Promise<Json> {
  const r = await api('POST', '/order/save', { body: body(extra) });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
}

const act = async (name: string, ids: number[], extra: Record<string, unknown> = {}, status = 200) => {
  const r = await api('POST', `/order/${name}`, { body: { ids, ...extra } });
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  return r.json;
};

async function importSheet(rows: unknown[][]) {
  const head = ['customerOrderNo', 'clientCode', 'sourceStationCode', 'destStationCode', 'orderDate', 'itemCode', 'quantity', 'weight'];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('orders');
  ws.addRow(head.map((h) => translate('zh-CN', `resources.orderImport.fields.${h}`)));
  for (const r of rows) ws.addRow(r);
  const fd = new FormData();
  fd.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'orders.xlsx');
  return s.api('POST', '/api/order/order/import/commit', { token: admin, body: fd });
}

describe('order rollup', () => {
  it('starts equal to the seeded orders (the migration backfills it)', async () => {
    expect(await drift()).toEqual([]);
    await listAgrees(ref.clients.get('C001')!, '2026-02-03');
  });

  it('stays exact through create, edit, review, retract, lock, unlock, carrier route, delete and import', async () => {
    const c001 = ref.clients.get('C001')!;
    const check = async (step: string) => {
      expect(await drift(), step).toEqual([]);
      await listAgrees(c001, '2026-02-03');
    };
    const a = await create();
    const b = await create({ orderDate: '2026-02-04' });
    const c = await create({ clientId: ref.clients.get('C002'), sourceStationId: ref.stations.get('S-SZ-01'), destStationId: ref.stations.get('S-SZ-02'), lines: [{ itemId: ref.items.get('I-SH-001'), quantity: 3, weight: 1.5 }] });
    await check('create');

    // edit: another day, other quantities (the totals move between rollup rows)
    const edit = await api('POST', '/order/update', {
      body: { ...body({ orderDate: '2026-02-05', lines: [{ itemId: ref.items.get('I-XF-001'), quantity: 7, weight: 7.007, volume: 0.7 }] }), id: a.id, version: a.version },
    });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    await check('edit');

    await act('review', [a.id, b.id]);
    await check('review');
    await act('retract', [a.id]);
    await check('retract');
    await act('lock', [b.id], { reason: 'rollup test' });
    await check('lock');
    await act('unlock', [b.id]);
    await check('unlock');
    const cr = (await s.db.query<Json>(`select id from base_carrier_route order by id limit 1`)).rows[0];
    await act('assignCarrierRoute', [a.id], { carrierRouteId: Number(cr.id) });
    await check('carrier route');
    const { carrier_id: carrierId, dispatch_center_id: centerId } = (await s.db.query<Json>(`select carrier_id, dispatch_center_id from tms_order where id = $1`, [a.id])).rows[0];
    const byCarrier = await api('GET', '/order/list', { query: { carrierId: Number(carrierId) } });
    const carried = (await s.db.query<Json>(`select count(*)::int8 as n from tms_order where dispatch_center_id = $1 and carrier_id = $2`, [centerId, carrierId])).rows[0];
    expect(byCarrier.json.total).toBe(Number(carried.n));
    await act('remove', [c.id]);
    await check('delete');

    // a refused bulk action changes nothing (its transaction rolls back with the rollup's rows)
    await act('review', [a.id, b.id], {}, 409);
    await check('refused review');

    const key = `RUI-${rand(6)}`;
    const imported = await importSheet([
      [`${key}-1`, 'C001', 'S-SH-01', 'S-SH-02', '2026-02-03', 'I-XF-001', 10, 50],
      [`${key}-1`, 'C001', 'S-SH-01', 'S-SH-02', '2026-02-03', 'I-XF-002', 4, 2.25],
      [`${key}-2`, 'C001', 'S-SH-01', 'S-SH-02', '2026-02-06', 'I-XF-001', 1, 0.001],
    ]);
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);
    await check('import');
  });

  it('is what the list reads for those filters, and the exact aggregate answers the others', async () => {
    // a rollup row of a day no order has: a filter on that day sees it, a filter the rollup cannot answer does not
    const center = Number((await s.db.query<Json>(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0].id);
    const c001 = ref.clients.get('C001')!;
    await s.db.query(
      `insert into tms_order_rollup (dispatch_center_id, client_id, carrier_id, order_date, status, source, is_lock, orders, total_weight, total_volume, total_quantity)
       values ($1, $2, null, '2001-01-01', 'OPEN', 'MANUAL', false, 7, 7.5, 0.25, 70)`,
      [center, c001],
    );
    try {
      const day = { orderDateBegin: '2001-01-01', orderDateEnd: '2001-01-01' };
      const viaRollup = await api('GET', '/order/list', { query: day });
      expect([viaRollup.json.total, viaRollup.json.summary]).toEqual([7, { totalWeight: 7.5, totalVolume: 0.25, totalQuantity: 70 }]);
      const exact = await api('GET', '/order/list', { query: { ...day, refNo: 'RU-' } });
      expect([exact.json.total, exact.json.summary]).toEqual([0, { totalWeight: 0, totalVolume: 0, totalQuantity: 0 }]);
    } finally {
      await s.db.query(`delete from tms_order_rollup where order_date = '2001-01-01'`);
    }
    expect(await drift()).toEqual([]);
  });

  it('answers the totals of the whole filtered set on a keyset page', async () => {
    const first = await api('GET', '/order/list', { query: { pageSize: 1 } });
    const next = await api('GET', '/order/list', { query: { pageSize: 1, afterId: first.json.rows[0].id } });
    expect(next.json.rows[0].id).toBeLessThan(first.json.rows[0].id);
    expect([next.json.total, next.json.summary]).toEqual([first.json.total, first.json.summary]);
  });
});
