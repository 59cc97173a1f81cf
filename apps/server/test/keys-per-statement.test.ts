/**
 * The keys checked once per statement (migration 0096, issue 20): the waybills, their lines, the orders' tracking, the
 * paper receipts, the outbox's events and a rating's contract keep the guarantees of their foreign keys — every key, read from the triggers
 * that hold it, refuses a row naming a missing row (inserted or updated, 23503 with the key's name); deleting a waybill
 * takes its lines and paper receipt with it; deleting or re-keying a row that others name is refused.
 */
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../src/platform/db.ts';
import { rand } from './helpers.ts';
import { ctx, useServer } from './resource-kit.ts';
import { makeWaybill } from './waybills-fixtures.ts';
import { one } from './finance-kit.ts';

useServer();

/** the arguments of the triggers `name` (tms_keys_written: column, table, key; tms_keys_gone: table, column, action, key) per table */
async function keyTriggers(name: string, per: number): Promise<{ table: string; args: string[] }[]> {
  const rows = (
    await ctx.s.db.query<{ table: string; args: string }>(
      `select tgrelid::regclass::text as table, encode(tgargs, 'escape') as args from pg_trigger where tgname = $1 order by 1`,
      [name],
    )
  ).rows;
  return rows.flatMap((r) => {
    const a = r.args.split('\\000').filter((x, i, all) => i < all.length - 1 || x !== '');
    return Array.from({ length: a.length / per }, (_, k) => ({ table: r.table, args: a.slice(k * per, k * per + per) }));
  });
}

/** runs fn in a transaction always rolled back; answers fn's error (or null) */
async function rolledBack(fn: (q: Queryable) => Promise<unknown>): Promise<{ code?: string; message?: string } | null> {
  let error: { code?: string; message?: string } | null = null;
  await ctx.s.db
    .tx(async (q) => {
      try {
        await fn(q);
      } catch (e) {
        error = e as { code?: string; message?: string };
      }
      throw new Error('rollback');
    })
    .catch((e) => {
      if ((e as Error).message !== 'rollback') throw e;
    });
  return error;
}

describe('keys checked once per statement (0096)', () => {
  it('every key refuses a row naming a missing row, inserted or updated, by its name; valid rows of many at once pass', async () => {
    const db = ctx.s.db;
    const w = await makeWaybill(db, { lines: [{ quantity: 2, weight: 10 }, { quantity: 3, weight: 12 }] });
    const center = await one(`select dispatch_center_id as id from tms_waybill where id = $1`, [w.waybillId]);
    const clientId = await one(`select client_id as id from tms_waybill where id = $1`, [w.waybillId]);
    // a row of each table the keys are on: the waybill and its lines (the review's statements), a tracking row, a paper receipt, an event
    await db.query(
      `insert into tms_order_tracking (dispatch_center_id, order_id, waybill_id, operation_type, related_code, operator_id, operator_name, operation_time)
       values ($1, $2, $3, 'WAYBILL_CREATE', $4, 1, 'admin', now()), ($1, $2, $3, 'ORDER_REVIEW', $4, 1, 'admin', now())`,
      [center, w.orderId, w.waybillId, w.code],
    );
    await db.query(`insert into fin_paper_receipt(dispatch_center_id, waybill_id, waybill_code, client_id, create_by) values ($1, $2, $3, $4, 'test')`, [center, w.waybillId, w.code, clientId]);
    await db.query(`insert into ntf_event(event_id, event_type, client_id, subject_code, payload, occurred_at) values ($1, 'waybill.created', $2, $3, '{}', now())`, [`keys-${rand(12)}`, clientId, w.code]);
    const contractId = await one(
      `insert into fin_contract(dispatch_center_id, code, name, kind, client_id, valid_from, valid_to, status, create_by)
       values ($1, $2, 'keys', 'RECEIVABLE', $3, '2020-01-01', '2099-12-31', 'EFFECTIVE', 'test') returning id`,
      [center, `KS${rand(8)}`, clientId],
    );
    // (a rating of another waybill: a waybill with a rating is not moved to another center, 0095)
    const rated = await makeWaybill(db);
    await db.query(
      `insert into fin_waybill_rating (dispatch_center_id, waybill_id, waybill_code, client_id, state, contract_id, contract_code, contract_version, currency, rated_time, create_by)
       select $1, $2, $3, $4, 'NO_RATE', c.id, c.code, c.contract_version, c.currency, now(), 'test' from fin_contract c where c.id = $5`,
      [center, rated.waybillId, rated.code, clientId, contractId],
    );
    const rowOf: Record<string, string> = {
      tms_waybill: `select id from tms_waybill where id = ${w.waybillId}`,
      tms_waybill_line: `select id from tms_waybill_line where waybill_id = ${w.waybillId} order by id limit 1`,
      tms_order_tracking: `select id from tms_order_tracking where waybill_id = ${w.waybillId} order by id limit 1`,
      fin_paper_receipt: `select id from fin_paper_receipt where waybill_id = ${w.waybillId}`,
      ntf_event: `select id from ntf_event where subject_code = '${w.code}' order by id desc limit 1`,
      fin_waybill_rating: `select id from fin_waybill_rating where waybill_id = ${rated.waybillId}`,
    };
    // the values that must stay unique in a copied row
    const unique: Record<string, string> = { tms_waybill: `'code', 'KEYS-' || md5(random()::text)`, ntf_event: `'event_id', 'keys-' || md5(random()::text)` };
    const keys = await keyTriggers('tms_keys_written', 3);
    expect(keys.map((k) => k.args[2]).sort()).toEqual(
      [
        'fin_paper_receipt_client_id_fkey', 'fin_paper_receipt_dispatch_center_id_fkey', 'fin_paper_receipt_waybill_id_fkey', 'ntf_event_client_id_fkey',
        'tms_order_tracking_dispatch_center_id_fkey', 'tms_waybill_actual_carrier_id_fkey', 'tms_waybill_carrier_id_fkey', 'tms_waybill_client_id_fkey',
        'tms_waybill_dest_location_id_fkey', 'tms_waybill_dest_station_id_fkey', 'tms_waybill_dispatch_center_id_fkey', 'tms_waybill_line_dispatch_center_id_fkey',
        'tms_waybill_line_item_id_fkey', 'tms_waybill_line_order_line_id_fkey', 'tms_waybill_line_waybill_id_fkey', 'tms_waybill_order_id_fkey',
        'tms_waybill_order_type_id_fkey', 'tms_waybill_parent_waybill_id_fkey', 'tms_waybill_route_id_fkey', 'tms_waybill_shipment_id_fkey',
        'tms_waybill_source_location_id_fkey', 'tms_waybill_source_station_id_fkey', 'fin_waybill_rating_contract_id_fkey',
      ].sort(),
    );
    for (const { table, args: [column, , key] } of keys) {
      const id = await one(rowOf[table]!, []);
      // an update naming a missing row
      expect(await rolledBack((q) => q.query(`update ${table} set ${column} = -1 where id = $1`, [id])), `${key} (update)`).toMatchObject({ code: '23503', message: expect.stringContaining(key!) });
      // two rows inserted by one statement, one of them naming a missing row (its copy: the one it was made from freed first, for its unique values)
      const copy = (value: string, n = 1) =>
        `select (jsonb_populate_record(null::${table}, to_jsonb(t) || jsonb_build_object('id', t.id + ${n} * 100000000, '${column}', ${value}${unique[table] ? `, ${unique[table]}` : ''}))).* from keys_row t`;
      const freed = async (q: Queryable) => {
        await q.query(`create temp table keys_row on commit drop as select * from ${table} where id = $1`, [id]);
        await q.query(`delete from ${table} where id = $1`, [id]);
      };
      // (a paper receipt and a rating are one per waybill: one row)
      const single = table === 'fin_paper_receipt' || table === 'fin_waybill_rating';
      expect(
        await rolledBack(async (q) => {
          await freed(q);
          await q.query(`insert into ${table} overriding system value ${single ? '' : `${copy(`t.${column}`)} union all `}${copy('-1', 2)}`);
        }),
        `${key} (insert)`,
      ).toMatchObject({ code: '23503', message: expect.stringContaining(key!) });
      // the same two rows, both naming existing rows: inserted
      expect(
        await rolledBack(async (q) => {
          await freed(q);
          const rows = await q.query(`insert into ${table} overriding system value ${copy(`t.${column}`)}${single ? '' : ` union all ${copy(`t.${column}`, 2)}`}`);
          expect(rows.rowCount).toBe(single ? 1 : 2);
          throw new Error('inserted');
        }),
        `${key} (valid insert)`,
      ).toMatchObject({ message: 'inserted' });
    }
  });

  it('deleting a waybill deletes its lines and paper receipt; deleting or re-keying a row that others name is refused', async () => {
    const db = ctx.s.db;
    const w = await makeWaybill(db);
    const center = await one(`select dispatch_center_id as id from tms_waybill where id = $1`, [w.waybillId]);
    const clientId = await one(`select client_id as id from tms_waybill where id = $1`, [w.waybillId]);
    await db.query(`insert into fin_paper_receipt(dispatch_center_id, waybill_id, waybill_code, client_id, create_by) values ($1, $2, $3, $4, 'test')`, [center, w.waybillId, w.code, clientId]);
    const count = async (q: Queryable, sql: string) => Number((await q.query<{ n: number }>(`select count(*)::int as n from ${sql}`, [w.waybillId])).rows[0]!.n);
    expect(await count(db, 'tms_waybill_line where waybill_id = $1')).toBe(1);
    // cascades, once per statement
    expect(
      await rolledBack(async (q) => {
        await q.query(`delete from tms_waybill where id = $1`, [w.waybillId]);
        expect(await count(q, 'tms_waybill_line where waybill_id = $1')).toBe(0);
        expect(await count(q, 'fin_paper_receipt where waybill_id = $1')).toBe(0);
        throw new Error('deleted');
      }),
    ).toMatchObject({ message: 'deleted' });
    // a waybill split off from it names it: the waybill is not deleted while its part is there (deleted together: both go)
    const part = await one(
      `insert into tms_waybill overriding system value
       select (jsonb_populate_record(null::tms_waybill, to_jsonb(t) || jsonb_build_object('id', t.id + 100000000, 'code', t.code || '-1', 'parent_waybill_id', t.id))).* from tms_waybill t where t.id = $1 returning id`,
      [w.waybillId],
    );
    expect(await rolledBack((q) => q.query(`delete from tms_waybill where id = $1`, [w.waybillId]))).toMatchObject({ code: '23503', message: expect.stringContaining('tms_waybill_parent_waybill_id_fkey') });
    expect(await rolledBack((q) => q.query(`delete from tms_waybill where id = any($1::bigint[])`, [[w.waybillId, part]]))).toBeNull();
    await db.query(`delete from tms_waybill where id = $1`, [part]);
    // every referenced table: a row that a kept row names is not re-keyed
    const refs = await keyTriggers('tms_keys_gone', 4);
    expect(new Set(refs.map((r) => r.table))).toEqual(
      new Set(['fin_contract', 'sys_dispatch_center', 'tms_order', 'tms_order_line', 'tms_waybill', 'tms_shipment', 'base_client', 'base_carrier', 'base_station', 'base_location', 'base_route', 'base_order_type', 'base_item']),
    );
    const named = await db.query<{ v: number }>(`select order_id as v from tms_waybill where id = $1`, [w.waybillId]);
    expect(await rolledBack((q) => q.query(`update tms_order set id = -id where id = $1`, [named.rows[0]!.v]))).toMatchObject({ code: '23503', message: expect.stringContaining('tms_waybill_order_id_fkey') });
    const item = await one(`select item_id as id from tms_waybill_line where waybill_id = $1`, [w.waybillId]);
    expect(await rolledBack((q) => q.query(`update base_item set id = -id where id = $1`, [item]))).toMatchObject({ code: '23503', message: expect.stringContaining('tms_waybill_line_item_id_fkey') });
    // a station that a waybill (and its order) names is not deleted
    const station = await one(`select source_station_id as id from tms_waybill where id = $1`, [w.waybillId]);
    expect(await rolledBack((q) => q.query(`delete from base_station where id = $1`, [station]))).toMatchObject({ code: '23503' });
  });
});
