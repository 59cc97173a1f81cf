import pg from 'pg';
import { openPg } from '../../apps/server/src/platform/db.ts';
import { listOrders } from '../../apps/server/src/modules/order/list.ts';
import { systemCaller } from '../../apps/server/src/platform/domain-events.ts';
const db = await openPg(process.env.URL!, { max: 1 });
const center = Number((await db.query<{ id: number }>(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0]!.id);
const caller = { ...systemCaller('admin'), userId: 1, dispatchCenterId: center, isAdmin: true, dataScopes: ['1'] } as any;
let captured: [string, unknown[]] | null = null;
await listOrders({ query: async (sql: string, params: unknown[]) => { captured = [sql, params]; return db.query(sql, params); } } as any, caller, { pageNum: '1' }, 20, 0);
const [sql0, params] = captured!;
const c = new pg.Client({ connectionString: process.env.URL! }); await c.connect();
const pid = Number((await c.query('select pg_backend_pid() as p')).rows[0].p);
const { readFileSync } = await import('node:fs');
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8'); const x = f.slice(f.lastIndexOf(')') + 2).split(' '); return (Number(x[11]) + Number(x[12])) * 10; };
// limit / offset inlined (the last two parameters) so that a generic plan knows them
const n = params.length;
const sqlInl = sql0.replace(`limit $${n - 1} offset $${n}`, `limit ${params[n - 2]} offset ${params[n - 1]}`);
const pInl = params.slice(0, n - 2);
for (let round = 0; round < 2; round++)
  for (const [name, run] of [
    ['unnamed', () => c.query(sql0, params as any[])],
    ['named (limit as parameters)', () => c.query({ name: 'a', text: sql0, values: params as any[] })],
    ['named (limit inlined)', () => c.query({ name: 'b', text: sqlInl, values: pInl as any[] })],
  ] as const) {
    for (let i = 0; i < 50; i++) await run();
    const c0 = cpu(); const t0 = performance.now();
    for (let i = 0; i < 500; i++) await run();
    console.log(name, 'PG CPU ms/req', ((cpu() - c0) / 500).toFixed(3), 'wall', ((performance.now() - t0) / 500).toFixed(2));
  }
await c.end(); await db.close();
