/**
 * The per-request authentication (issue 20): the caller's session and rights, as every API request loads them.
 * Run: `npx tsx bench/auth.ts` — on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
 * a fresh database is made and dropped) and on embedded PGlite. Interleaves, in one run, the former lookup (one
 * query aggregating the user's roles, menus and data scopes on every request) with today's (the session and the
 * auth version in one indexed lookup; the rights from the per-server cache of that version), and prints their
 * mean times and ratio as a Markdown table for bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDb, type Db } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { seed } from '../apps/server/src/modules/system/seed.ts';
import { createSession, hashToken, loadCaller } from '../apps/server/src/platform/auth.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = 20;
const PER_ROUND = 50;

/** The lookup as it was before the rights cache (session 4's platform/auth.ts). */
const FORMER = `select s.id as session_id, u.id as user_id, u.user_name, s.dispatch_center_id, u.dept_id,
    (select array_agg(r.role_key) from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = u.id and r.status = '0') as roles,
    (select array_agg(distinct m.perms) from sys_user_role ur join sys_role r on r.id = ur.role_id and r.status = '0'
       join sys_role_menu rm on rm.role_id = r.id join sys_menu m on m.id = rm.menu_id and m.status = '0'
      where ur.user_id = u.id and m.perms is not null and m.perms <> '') as perms,
    s.scopes, c.access_ips,
    (select array_agg(distinct r.data_scope) from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = u.id and r.status = '0') as data_scopes
  from sys_session s join sys_user u on u.id = s.user_id left join sys_auth_client c on c.client_id = s.client_id
  where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and u.status = '0' and (s.client_id is null or c.status = '0')`;

async function measure(db: Db): Promise<{ former: number; now: number }> {
  await migrate(db);
  await seed(db);
  const clock = { now: () => new Date() };
  const { token } = await createSession(db, clock, 1, null, {});
  const hash = hashToken(token);
  for (let i = 0; i < 100; i++) await Promise.all([db.query(FORMER, [hash, new Date()]), loadCaller(db, clock, token)]);
  let former = 0;
  let now = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let t = performance.now();
    for (let i = 0; i < PER_ROUND; i++) await db.query(FORMER, [hash, new Date()]);
    former += performance.now() - t;
    t = performance.now();
    for (let i = 0; i < PER_ROUND; i++) await loadCaller(db, clock, token);
    now += performance.now() - t;
  }
  const n = ROUNDS * PER_ROUND;
  return { former: former / n, now: now / n };
}

const rows: string[] = [];
const name = `tms_bench_auth_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
try {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDb({ url: url.toString(), dataDir: null });
  const r = await measure(db);
  await db.close();
  rows.push(`| PostgreSQL 15 | ${r.former.toFixed(2)} ms | ${r.now.toFixed(2)} ms | **${(r.now / r.former).toFixed(2)}×** |`);
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
const dir = mkdtempSync(join(tmpdir(), 'tms-bench-auth-'));
try {
  const db = await openDb({ url: null, dataDir: join(dir, 'pg') });
  const r = await measure(db);
  await db.close();
  rows.push(`| embedded PGlite | ${r.former.toFixed(2)} ms | ${r.now.toFixed(2)} ms | **${(r.now / r.former).toFixed(2)}×** |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log('| database | former lookup (rights aggregated per request) | session + cached rights | now / former |');
console.log('| --- | --- | --- | --- |');
for (const r of rows) console.log(r);
process.exit(0);
