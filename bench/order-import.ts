/**
 * Order import benchmark (issue 20: 100,000 orders from Excel in ≤ 30 s with the preview). Run:
 * `npx tsx bench/order-import.ts` (PostgreSQL at BENCH_DATABASE_URL; a fresh database `tms_bench_order_import` or BENCH_DB,
 * dropped at the end unless BENCH_KEEP=1). BENCH_IMPORT_ORDERS orders (default 100,000), one sheet row (one line)
 * each, of the three demo clients with their stations and items, the template's columns in Chinese. Timed over
 * HTTP as the web sends it: the preview (POST /import) and the commit (POST /import/commit with the preview's token and
 * the same file). BENCH_TRACE=1 prints the statements' times of each (summed by their first words).
 */
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { translate } from '../apps/server/src/platform/i18n.ts';
import type { Db, Queryable } from '../apps/server/src/platform/db.ts';
import { closeBench, demoRefs, freshBenchDb, serveAdmin } from './kit.ts';

const DB_NAME = process.env.BENCH_DB ?? 'tms_bench_order_import';
const ORDERS = Number(process.env.BENCH_IMPORT_ORDERS ?? 100_000);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEAD = ['customerOrderNo', 'clientCode', 'sourceStationCode', 'destStationCode', 'orderDate', 'refNo', 'itemCode', 'quantity', 'weight'];

async function workbook(refs: { client: string; src: string; dst: string; item: string }[]): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('orders');
  ws.addRow(HEAD.map((h) => translate('zh-CN', `resources.orderImport.fields.${h}`))).commit();
  for (let i = 1; i <= ORDERS; i++) {
    const r = refs[i % refs.length]!;
    ws.addRow([`BI${String(i).padStart(8, '0')}`, r.client, r.src, r.dst, '2026-11-20', `REF-${i}`, r.item, 1 + (i % 40), (1 + (i % 40)) * 2.5]).commit();
  }
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

/** BENCH_TRACE=1: the time of each statement, summed by its first words, printed at the end (where the database time goes). */
function traced(db: Db): Map<string, { n: number; ms: number }> {
  const sums = new Map<string, { n: number; ms: number }>();
  const timed = (q: Queryable): Queryable => ({
    ...q,
    async query<T>(sql: string, params?: unknown[]) {
      const t = performance.now();
      try {
        return await q.query<T>(sql, params);
      } finally {
        const k = sql.replace(/\s+/g, ' ').trim().slice(0, 90);
        const s = sums.get(k) ?? { n: 0, ms: 0 };
        s.n += 1;
        s.ms += performance.now() - t;
        sums.set(k, s);
      }
    },
  });
  const query = db.query.bind(db);
  const tx = db.tx.bind(db);
  db.query = timed({ query, exec: db.exec.bind(db) }).query;
  db.tx = (fn) => tx((q) => fn(timed(q)));
  return sums;
}

async function main() {
  const { appDb } = await freshBenchDb(DB_NAME);
  const sums = process.env.BENCH_TRACE === '1' ? traced(appDb) : null;
  const refs = await demoRefs(appDb, 'code');
  const { app, base, token } = await serveAdmin(appDb);
  const t0 = performance.now();
  const file = await workbook(refs);
  const genMs = performance.now() - t0;
  const send = async (path: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type: XLSX }), 'orders.xlsx');
    const t = performance.now();
    const r = await fetch(`${base}/api/order/order/${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await r.json()) as { msg: string; data: { total: number; errors: number; committed: boolean; token?: string; rows: { errors: object }[] } };
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${body.msg} ${JSON.stringify(body.data).slice(0, 500)}`);
    return { ms: performance.now() - t, ...body.data };
  };
  const dump = (phase: string) => {
    if (!sums) return;
    console.log(`statements of the ${phase}:`);
    for (const [k, v] of [...sums].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20)) console.log(`${v.ms.toFixed(0).padStart(7)} ms ${String(v.n).padStart(5)}× ${k}`);
    sums.clear();
  };
  sums?.clear();
  const preview = await send('import');
  dump('preview');
  if (preview.errors) throw new Error(`preview: ${JSON.stringify(preview.rows.filter((r) => Object.keys(r.errors).length).slice(0, 3))}`);
  // the commit names its preview, as the web app does (the server then does not read the file again)
  const commit = await send(`import/commit${preview.token ? `?token=${preview.token}` : ''}`);
  dump('commit');
  const stored = Number((await appDb.query<{ n: string }>(`select count(*) as n from tms_order where customer_order_no like 'BI%'`)).rows[0]!.n);
  if (stored !== ORDERS || !commit.committed) throw new Error(`expected ${ORDERS} orders, found ${stored}`);
  const s = (n: number) => `${(n / 1000).toFixed(1)} s`;
  await app.close();
  await appDb.close();
  await closeBench(DB_NAME, [
    [`File: ${ORDERS.toLocaleString('en')} orders, one line each (.xlsx, ${(file.length / 1024 / 1024).toFixed(1)} MB, written in ${s(genMs)})`, '', ''],
    ['Preview (upload, read, check every row and its codes, group into orders)', s(preview.ms), ''],
    ['Commit (the orders the preview built, by its token: the orders, lines and tracking set-based in one transaction)', s(commit.ms), ''],
    ['Preview + commit', s(preview.ms + commit.ms), '≤ 30 s'],
  ]);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
