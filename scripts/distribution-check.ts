/**
 * The distribution-key check (docs/scale-out.md, "Past one machine") over the statements recorded by a run of API test
 * files: every statement on a table distributed by dispatch_center_id names its center, is run from code listed as
 * cross-center, or is on the list of statements still to key (apps/server/test/distribution-key-missing.json).
 *
 *   rm -rf /tmp/sql && mkdir /tmp/sql
 *   TMS_SQL_RECORD_DIR=/tmp/sql TEST_DATABASE_URL=postgres://… npx vitest run --project api [files…]
 *   npx tsx scripts/distribution-check.ts /tmp/sql            # lists the statements not on the list; exit 1 if any
 *   npx tsx scripts/distribution-check.ts /tmp/sql --write    # the list becomes what this recording found
 *
 * --write after a run of the whole API project (the list of record); a run of some files only would drop the entries
 * the others need (distribution-key.test.ts still fails on those of its own workload).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkRecorded, keyMissingJson, KEY_MISSING_FILE, type Recorded } from '../apps/server/test/distribution.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: tsx scripts/distribution-check.ts <folder of TMS_SQL_RECORD_DIR> [--write]');
  process.exit(2);
}
const recorded: Recorded = new Map();
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
for (const f of files) {
  for (const { sql, at } of JSON.parse(readFileSync(join(dir, f), 'utf8')) as { sql: string; at: string[] }[]) {
    const seen = recorded.get(sql) ?? new Set<string>();
    for (const w of at) if (seen.size < 5) seen.add(w);
    recorded.set(sql, seen);
  }
}
const { findings, added } = await checkRecorded(recorded);
console.log(`${files.length} servers recorded, ${recorded.size} distinct statements; without their key and not cross-center: ${findings.length}, of which not on the list: ${added.length}`);
const where = new Map<string, number>();
for (const f of added) for (const w of f.at) where.set(w, (where.get(w) ?? 0) + 1);
for (const [w, n] of [...where].sort((a, b) => b[1] - a[1])) console.log(`  ${n}  ${w}`);
if (process.argv.includes('--write')) {
  writeFileSync(KEY_MISSING_FILE, keyMissingJson(findings));
  console.log(`wrote ${findings.length} statements to ${KEY_MISSING_FILE.pathname}`);
} else if (added.length) {
  for (const f of added) console.log(`\n${f.tables.join(', ')} (${f.at.join('; ')}):\n  ${f.sql}`);
  process.exit(1);
}
