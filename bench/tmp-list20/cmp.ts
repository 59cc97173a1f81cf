import pg from 'pg';
import { openPg } from '../../apps/server/src/platform/db.ts';
import { listOrders } from '../../apps/server/src/modules/order/list.ts';
import { systemCaller } from '../../apps/server/src/platform/domain-events.ts';
const { listOrders: before } = await import('/tmp/list20-before/apps/server/src/modules/order/list.ts');
const db = await openPg(process.env.URL!, { max: 1 });
const center = Number((await db.query<{ id: number }>(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0]!.id);
const caller = { ...systemCaller('admin'), userId: 1, dispatchCenterId: center, isAdmin: true, dataScopes: ['1'] } as any;
const pid = Number((await db.query<{ p: number }>('select pg_backend_pid() as p')).rows[0]!.p);
const { readFileSync } = await import('node:fs');
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8'); const x = f.slice(f.lastIndexOf(')') + 2).split(' '); return (Number(x[11]) + Number(x[12])) * 10; };
const q = Object.fromEntries(new URLSearchParams(process.env.QS ?? 'pageNum=1&pageSize=20'));
for (let round = 0; round < 3; round++)
  for (const [name, fn] of [['before', before], ['after', listOrders]] as const) {
    for (let i = 0; i < 50; i++) await fn(db, caller, q, 20, 0);
    const c0 = cpu(); const u0 = process.cpuUsage(); const t0 = performance.now();
    for (let i = 0; i < 500; i++) await fn(db, caller, q, 20, 0);
    console.log(name, 'PG CPU ms/req', ((cpu() - c0) / 500).toFixed(3), 'node CPU ms/req', (process.cpuUsage(u0).user / 1000 / 500).toFixed(3), 'wall', ((performance.now() - t0) / 500).toFixed(2));
  }
await db.close();
