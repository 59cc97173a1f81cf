/**
 * Master-data import benchmark (issue 4: 50 000 rows in under a minute). Run: `npx tsx bench/import.ts`
 * (a PostgreSQL server: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh
 * database `tms_bench_import` each run). Prints a Markdown table for bench/README.md ("Import").
 *
 * The file: BENCH_IMPORT_ROWS (default 50 000) items of the three demo clients (the client named by its
 * code, as people fill the template), with name, temperature layer (a dictionary label), group, weight,
 * volume and dimensions — the template's columns in Chinese. Timed over HTTP, as the web sends it:
 * the preview (POST /import) and the commit (POST /import?commit=true), each reading the whole file.
 */
import pg from 'pg';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { openPg } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { seed } from '../apps/server/src/modules/system/seed.ts';
import { serveAdmin } from './kit.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'tms_bench_import';
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function database(): Promise<string> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(`drop database if exists ${DB_NAME} with (force)`);
  await c.query(`create database ${DB_NAME}`);
  await c.end();
  const u = new URL(ADMIN_URL);
  u.pathname = '/' + DB_NAME;
  return u.toString();
}

/** The item sheet, written with exceljs's streaming writer (shared strings off, as most tools write). */
async function itemWorkbook(rows: number): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('物料');
  ws.addRow(['货主', '物料编码', '物料名称', '温层', '物料组', '重量', '体积', '长', '宽', '高']).commit();
  const clients = ['C001', 'C002', 'C003'];
  const layers = ['常温', '冷藏', '冷冻'];
  for (let i = 1; i <= rows; i++) {
    ws.addRow([clients[i % 3], `BENCH-${String(i).padStart(6, '0')}`, `压测物料 ${i}`, layers[i % 3], `G${i % 20}`, (i % 50) / 10 + 0.5, (i % 30) / 1000 + 0.001, 40, 30, 20 + (i % 10)]).commit();
  }
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

async function main() {
  const url = await database();
  const appDb = await openPg(url);
  await migrate(appDb);
  await seed(appDb);
  const { app, base, token } = await serveAdmin(appDb);

  const t0 = performance.now();
  const file = await itemWorkbook(ROWS);
  const genMs = performance.now() - t0;
  const send = async (commit: boolean) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type: XLSX }), 'items.xlsx');
    const t = performance.now();
    const r = await fetch(`${base}/api/baseinfo/item/import${commit ? '?commit=true' : ''}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await r.json()) as { code: number; msg: string; data: { total: number; errors: number; committed: boolean; rows: { rowNum: number; errors: object }[] } };
    if (r.status !== 200) throw new Error(`${r.status} ${body.msg} ${JSON.stringify(body.data).slice(0, 500)}`);
    return { ms: performance.now() - t, ...body.data };
  };
  const preview = await send(false);
  if (preview.errors) throw new Error(`preview: ${JSON.stringify(preview.rows.filter((r) => Object.keys(r.errors).length).slice(0, 5))}`);
  const rss0 = process.memoryUsage().rss;
  const commit = await send(true);
  const rss = process.memoryUsage().rss;
  const stored = Number((await appDb.query<{ n: string }>(`select count(*) as n from base_item where code like 'BENCH-%'`)).rows[0]!.n);
  if (stored !== ROWS || !commit.committed || commit.errors) throw new Error(`expected ${ROWS} committed rows, found ${stored}`);

  const s = (n: number) => `${(n / 1000).toFixed(1)} s`;
  const out: [string, string, string][] = [
    [`File: ${ROWS.toLocaleString('en')} items × 10 columns (.xlsx, ${(file.length / 1024 / 1024).toFixed(1)} MB, written in ${s(genMs)})`, '', ''],
    ['Preview (upload, read, validate every row, references, duplicates against the table)', s(preview.ms), ''],
    ['Commit (the same checks again, then batched multi-row inserts in one transaction)', s(commit.ms), '< 60 s'],
    ['Server process RSS after the commit', `${(rss / 1024 / 1024).toFixed(0)} MB (${((rss - rss0) / 1024 / 1024).toFixed(0)} MB more than before it)`, ''],
  ];
  console.log('| figure | measured | target |\n| --- | --- | --- |');
  for (const [a, b, c] of out) console.log(`| ${a} | ${b} | ${c} |`);
  await app.close();
  await appDb.close();
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(`drop database if exists ${DB_NAME} with (force)`);
  await c.end();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
