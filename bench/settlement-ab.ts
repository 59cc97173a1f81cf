/**
 * Statement generation before and after migration 0083 in one run, on the database bench/settlement.ts kept
 * (`BENCH_KEEP=1 npx tsx bench/settlement.ts`, then `npx tsx bench/settlement-ab.ts`; BENCH_DB_NAME as there, ROUNDS
 * (3) pairs): the month after the bench's history is generated for every party with the product's generateStatements,
 * alternately before (0051's line triggers and charge index, without the generation's session settings) and after
 * (0083 and the settings), each in a transaction rolled back, so both see the same data and the same machine.
 * Prints each run with its slow steps and the load average, then the medians.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { openPg } from '../apps/server/src/platform/db.ts';
import { generateStatements } from '../apps/server/src/modules/finance/settlement.ts';
import { ADMIN_URL } from './kit.ts';

const url = new URL(ADMIN_URL);
url.pathname = '/' + (process.env.BENCH_DB_NAME ?? 'tms_bench_settlement');
const db = await openPg(url.toString(), { max: 2 });
/** 0051's functions and index, as 0083 found them */
const m51 = readFileSync(new URL('../apps/server/migrations/0051_settlement_scale.sql', import.meta.url), 'utf8');
const between = (from: string, to: string) => m51.slice(m51.indexOf(from), m51.indexOf(to)).replace('create function', 'create or replace function');
const BEFORE = [
  'drop index fin_statement_line_charge_released;',
  'create index fin_statement_line_charge_ref on fin_statement_line(charge_id) where charge_id is not null;',
  between('create function fin_statement_line_refs_added()', 'create trigger fin_statement_line_refs after insert'),
  between('create function fin_statement_line_refs_gone()', 'create trigger fin_statement_lines_gone'),
].join('\n');
const center = Number((await db.query<{ id: number }>(`select id from sys_dispatch_center where code = 'SH01'`)).rows[0]!.id);
const period = String((await db.query<{ p: string }>(`select max(period) as p from fin_statement where create_by = 'bench'`)).rows[0]!.p);
const next = (p: string) => { const [y, m] = p.split('-').map(Number); return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`; };
class Stop extends Error {}
const times: Record<string, number[]> = { before: [], after: [] };
for (let i = 0; i < Number(process.env.ROUNDS ?? 3); i++)
  for (const mode of ['before', 'after'] as const) {
    try {
      await db.tx(async (q) => {
        if (mode === 'before') await q.query(BEFORE);
        const skip = mode === 'before' ? /set local (work_mem|tms\.)/ : /^$/;
        const steps: string[] = [];
        const qq = { query: async (sql: string, params?: unknown[]) => { if (skip.test(sql)) return { rows: [], rowCount: 0 }; const t = performance.now(); const r = await q.query(sql, params); const ms = performance.now() - t; if (ms > 50) steps.push(`${sql.trim().split(/\s+/).slice(0, 3).join(' ')} ${ms.toFixed(0)}`); return r; } };
        const t0 = performance.now();
        const r = await generateStatements(qq as never, { jobId: 1, centerId: center, kind: 'RECEIVABLE', period: next(period), partyId: null, by: 'ab', parties: null });
        const ms = performance.now() - t0;
        times[mode]!.push(ms);
        console.log(`${mode} ${(ms / 1000).toFixed(2)} s (${r.created} statements, ${r.lines} lines; load ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}) ${steps.join(' · ')}`);
        throw new Stop();
      });
    } catch (e) { if (!(e instanceof Stop)) throw e; }
  }
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`median before ${(med(times.before!) / 1000).toFixed(2)} s, after ${(med(times.after!) / 1000).toFixed(2)} s`);
process.exit(0);
