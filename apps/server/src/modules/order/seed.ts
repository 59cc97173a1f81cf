/**
 * Demo orders, seeded once in the Shanghai dispatch center from the demo master data: some open
 * (one locked), some effective with their waybills, one with a carrier route, and an order print
 * template with a line block.
 */
import type { Queryable } from '../../platform/db.ts';
import type { Caller } from '../../platform/auth.ts';
import { createOrder, type LineInput } from './save.ts';
import * as actions from './actions.ts';

type Once = (q: Queryable, key: string, fn: () => Promise<void>) => Promise<void>;

const LINES_TEMPLATE = `<div style="font-family:sans-serif;padding:16px">
  <h2 style="text-align:center">订单 {{code}}</h2>
  <p>货主：{{clientName}}　发货：{{sourceStation}}　收货：{{destStation}}　订单日期：{{orderDate}}</p>
  <table style="width:100%;border-collapse:collapse" border="1" cellpadding="6">
    <tr><th>#</th><th>物料编码</th><th>物料名称</th><th>件数</th><th>重量(kg)</th><th>体积(m3)</th></tr>
    {{#lines}}<tr><td>{{index}}</td><td>{{itemCode}}</td><td>{{itemName}}</td><td>{{quantity}}</td><td>{{weight}}</td><td>{{volume}}</td></tr>{{/lines}}
    <tr><th colspan="3">合计</th><th>{{quantity}}</th><th>{{weight}}</th><th>{{volume}}</th></tr>
  </table>
  <p>备注：{{remark}}</p>
  <p style="text-align:right">打印人：{{printBy}}　打印时间：{{printTime}}　打印机：{{printerName}}</p>
</div>`;

const ids = async (q: Queryable, table: string, codes: string[]) => {
  const r = await q.query<{ id: number; code: string }>(`select id, code from ${table} where code = any($1::text[])`, [codes]);
  return new Map(r.rows.map((x) => [x.code, x.id]));
};

export async function seedOrders(q: Queryable, once: Once): Promise<void> {
  await once(q, 'demo-orders', async () => {
    const sh = (await q.query<{ id: number }>(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0]?.id;
    const admin = (await q.query<{ id: number }>(`select id from sys_user where user_name = 'admin'`)).rows[0]?.id;
    const clients = await ids(q, 'base_client', ['C001', 'C002', 'C003']);
    if (!sh || !admin || clients.size < 3) return; // the demo master data was removed
    const stations = await ids(q, 'base_station', ['S-SH-01', 'S-SH-02', 'S-SZ-01', 'S-SZ-02', 'S-HZ-01', 'S-HZ-02']);
    const items = await ids(q, 'base_item', ['I-XF-001', 'I-XF-002', 'I-SH-001', 'I-SH-002', 'I-HW-001', 'I-HW-002']);
    const types = await ids(q, 'base_order_type', ['NORMAL']);
    const system: Caller = {
      userId: admin, userName: 'admin', sessionId: 0, dispatchCenterId: sh, roles: ['admin'], perms: new Set(), isAdmin: true,
      deptId: null, dataScopes: ['1'], scopes: null, allowedIps: null,
    };
    const now = new Date();
    const day = (d: number) => new Date(now.getTime() + d * 86_400_000);
    const line = (item: string, quantity: number, weight: number, volume: number, cases = 0): LineInput => ({ itemId: items.get(item)!, quantity, weight, volume, cases, pallets: 0, other: 0 });
    const demo: [client: string, from: string, to: string, ref: string, lines: LineInput[]][] = [
      ['C001', 'S-SH-01', 'S-SH-02', 'XF-2026-0001', [line('I-XF-001', 120, 624, 1.44, 10), line('I-XF-002', 300, 315, 0.9, 25)]],
      ['C001', 'S-SH-01', 'S-SH-02', 'XF-2026-0002', [line('I-XF-002', 80, 84, 0.24, 7)]],
      ['C002', 'S-SZ-01', 'S-SZ-02', 'SH-2026-0001', [line('I-SH-001', 200, 440, 0.5, 17), line('I-SH-002', 240, 204, 0.24, 20)]],
      ['C002', 'S-SZ-01', 'S-SZ-02', 'SH-2026-0002', [line('I-SH-001', 60, 132, 0.15, 5)]],
      ['C003', 'S-HZ-01', 'S-HZ-02', 'HW-2026-0001', [line('I-HW-001', 40, 412, 0.6, 40), line('I-HW-002', 100, 210, 0.4, 9)]],
      ['C003', 'S-HZ-01', 'S-HZ-02', 'HW-2026-0002', [line('I-HW-002', 50, 105, 0.2, 5)]],
    ];
    const created: number[] = [];
    for (const [i, [client, from, to, ref, lines]] of demo.entries()) {
      const values = {
        clientId: clients.get(client), orderTypeId: types.get('NORMAL') ?? null, sourceStationId: stations.get(from), destStationId: stations.get(to),
        refNo: ref, customerOrderNo: ref, transType: 'ROAD', loadMode: i % 2 ? 'LTL' : 'FTL', etd: day(1 + i).toISOString(), eta: day(2 + i).toISOString(),
        prepDate: day(i).toISOString().slice(0, 10), remark: i === 0 ? '易碎品，轻拿轻放' : null,
      };
      created.push((await createOrder(q, system, values, lines, { source: 'MANUAL', now })).id as number);
    }
    const ctx = { q, caller: system, now };
    const cr = (await q.query<{ id: number }>(`select id from base_carrier_route order by id limit 1`)).rows[0];
    if (cr) await actions.assignCarrierRoute(ctx, [created[0]!, created[2]!], cr.id);
    await actions.review(ctx, [created[0]!, created[2]!, created[4]!]);
    await actions.lock(ctx, [created[5]!], '客户要求暂缓发货');
    await q.query(`insert into base_print_template(code, name, type, is_default, content, create_by) values ('TPL-ORDER-LINES', '订单明细模板', 'ORDER', false, $1, 'system') on conflict (code) do nothing`, [LINES_TEMPLATE]);
  });
}
