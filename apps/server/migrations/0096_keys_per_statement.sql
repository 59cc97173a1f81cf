-- Review of many orders (issue 20): the keys of the rows a review writes in bulk — waybills (13 keys), their lines (4),
-- the orders' tracking, the paper receipts, the outbox's events, a rating's contract — are checked once per SQL
-- statement over the rows it wrote, instead of once per row. Reviewing 10,000 orders at 1M orders spent ~1.6 s of its 3.6 s in these row-level
-- keys (EXPLAIN ANALYZE: 120,000 checks on the 30,000 waybill lines 0.8 s of their 1.4 s, 130,000 on the waybills
-- 0.46 s of 0.68 s; bench/README.md "Keys per statement"). A row-level key costs a trigger call and a look-up per row;
-- checked per statement, each distinct value is looked up once, in one join. The same guarantees, held as a key holds
-- them (0095 did the same for charges and ratings):
-- - after an INSERT, every value the statement wrote in a key column names an existing row of the referenced table,
--   locked `for key share` as a key's check locks it (not deleted nor re-keyed until the writer commits), in the order
--   of its id; else 23503 with the key's name and message;
-- - an UPDATE that changes a key column: that row checked (`when` the key changed, as a key checks only then); a
--   rating's contract (fin_waybill_rating, which a re-rating moves to a new version 100,000 rows at a time): once per
--   UPDATE statement over the rows it wrote (0095 had kept that key per row: 10,000 checks cost 62 ms of a review's
--   rating);
-- - deleting a referenced row deletes its referencing rows where the key cascaded (a waybill's lines and paper receipt),
--   once per statement, and is refused (23503, the key's message) where it did not; changing a referenced id is refused
--   when it is referenced.
-- The keys are named by their constraint; the triggers are made from the catalogue before the keys are dropped, so each
-- keeps its column, table, action and name. apps/server/test/keys-per-statement.test.ts proves each refusal and cascade.

-- the keys (TG_ARGV: column, referenced table, key name; repeated) of the rows a statement wrote (transition table `added`)
create function tms_keys_written() returns trigger language plpgsql as $$
declare
  i int := 0;
  named bigint;
  present bigint;
begin
  while i < tg_nargs loop
    execute format(
      'with k as materialized (select distinct a.%1$I as id from added a where a.%1$I is not null),
            l as (select p.id from %2$I p join k on p.id = k.id order by p.id for key share of p)
       select (select count(*) from k), (select count(*) from l)', tg_argv[i], tg_argv[i + 1]) into named, present;
    if named <> present then
      raise exception 'insert or update on table "%" violates foreign key constraint "%"', tg_table_name, tg_argv[i + 2]
        using errcode = 'foreign_key_violation', constraint = tg_argv[i + 2], table = tg_table_name;
    end if;
    i := i + 3;
  end loop;
  return null;
end $$;

-- an updated row whose key columns (same arguments) changed: each changed value checked and locked
create function tms_keys_changed() returns trigger language plpgsql as $$
declare
  i int := 0;
  n jsonb := to_jsonb(new);
  o jsonb := to_jsonb(old);
  hit bigint;
begin
  while i < tg_nargs loop
    if n->>tg_argv[i] is not null and n->>tg_argv[i] is distinct from o->>tg_argv[i] then
      execute format('select p.id from %I p where p.id = $1 for key share', tg_argv[i + 1]) into hit using (n->>tg_argv[i])::bigint;
      if hit is null then
        raise exception 'insert or update on table "%" violates foreign key constraint "%"', tg_table_name, tg_argv[i + 2]
          using errcode = 'foreign_key_violation', constraint = tg_argv[i + 2], table = tg_table_name;
      end if;
    end if;
    i := i + 3;
  end loop;
  return null;
end $$;

-- the referenced side (TG_ARGV: referencing table, its column, CASCADE or RESTRICT, key name; repeated): the rows a
-- statement deleted (transition table `gone`) take their referencing rows with them, or the statement is refused; a
-- row whose id changes (row-level, before the update) is refused when a row names it
create function tms_keys_named() returns trigger language plpgsql as $$
declare
  i int := 0;
  named boolean;
begin
  while i < tg_nargs loop
    if tg_op = 'UPDATE' then
      execute format('select exists (select 1 from %I c where c.%I = $1)', tg_argv[i], tg_argv[i + 1]) into named using old.id;
    elsif tg_argv[i + 2] = 'CASCADE' then
      execute format('delete from %I c where c.%I in (select g.id from gone g)', tg_argv[i], tg_argv[i + 1]);
      named := false;
    else
      execute format('select exists (select 1 from %I c where c.%I in (select g.id from gone g))', tg_argv[i], tg_argv[i + 1]) into named;
    end if;
    if named then
      raise exception 'update or delete on table "%" violates foreign key constraint "%" on table "%"', tg_table_name, tg_argv[i + 3], tg_argv[i]
        using errcode = 'foreign_key_violation', constraint = tg_argv[i + 3], table = tg_argv[i];
    end if;
    i := i + 4;
  end loop;
  return case when tg_op = 'UPDATE' then new end;
end $$;

do $$
declare
  keys text[] := array[
    'tms_waybill_actual_carrier_id_fkey', 'tms_waybill_carrier_id_fkey', 'tms_waybill_client_id_fkey', 'tms_waybill_dest_location_id_fkey',
    'tms_waybill_dest_station_id_fkey', 'tms_waybill_dispatch_center_id_fkey', 'tms_waybill_order_id_fkey', 'tms_waybill_order_type_id_fkey',
    'tms_waybill_parent_waybill_id_fkey', 'tms_waybill_route_id_fkey', 'tms_waybill_shipment_id_fkey', 'tms_waybill_source_location_id_fkey',
    'tms_waybill_source_station_id_fkey',
    'tms_waybill_line_dispatch_center_id_fkey', 'tms_waybill_line_item_id_fkey', 'tms_waybill_line_order_line_id_fkey', 'tms_waybill_line_waybill_id_fkey',
    'tms_order_tracking_dispatch_center_id_fkey',
    'fin_paper_receipt_client_id_fkey', 'fin_paper_receipt_dispatch_center_id_fkey', 'fin_paper_receipt_waybill_id_fkey',
    'ntf_event_client_id_fkey',
    'fin_waybill_rating_contract_id_fkey'];
  -- a rating's contract: a re-rating moves 100,000 ratings to a new version (the key changes on every row), so its
  -- updates are checked once per statement too, over all the rows the statement wrote
  updated_per_statement text[] := array['fin_waybill_rating'];
  r record;
begin
  create temp table tms_key_list on commit drop as
  select c.conname::text as name, c.conrelid::regclass::text as child, a.attname::text as col, c.confrelid::regclass::text as parent,
         case c.confdeltype when 'c' then 'CASCADE' when 'a' then 'RESTRICT' when 'r' then 'RESTRICT' end as action
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
   where c.contype = 'f' and c.conname = any(keys) and cardinality(c.conkey) = 1 and pa.attname = 'id'
     and not c.condeferrable and c.confupdtype in ('a', 'r');
  if (select count(*) from tms_key_list where action is not null) <> cardinality(keys) then
    raise exception 'keys per statement: % of % keys found as expected', (select count(*) from tms_key_list where action is not null), cardinality(keys);
  end if;
  for r in select child, string_agg(format('%L, %L, %L', col, parent, name), ', ' order by name) as args,
                  string_agg(format('new.%1$I is distinct from old.%1$I', col), ' or ' order by name) as changed,
                  string_agg(format('%I', col), ', ' order by name) as cols
             from tms_key_list group by child loop
    execute format('create trigger tms_keys_written after insert on %I referencing new table as added for each statement execute function tms_keys_written(%s)', r.child, r.args);
    if r.child = any(updated_per_statement) then
      execute format('create trigger tms_keys_changed after update on %I referencing new table as added for each statement execute function tms_keys_written(%s)', r.child, r.args);
    else
      execute format('create trigger tms_keys_changed after update of %s on %I for each row when (%s) execute function tms_keys_changed(%s)', r.cols, r.child, r.changed, r.args);
    end if;
  end loop;
  for r in select parent, string_agg(format('%L, %L, %L, %L', child, col, action, name), ', ' order by name) as args from tms_key_list group by parent loop
    execute format('create trigger tms_keys_gone after delete on %I referencing old table as gone for each statement execute function tms_keys_named(%s)', r.parent, r.args);
    execute format('create trigger tms_keys_fixed before update of id on %I for each row when (new.id <> old.id) execute function tms_keys_named(%s)', r.parent, r.args);
  end loop;
  for r in select child, name from tms_key_list loop
    execute format('alter table %I drop constraint %I', r.child, r.name);
  end loop;
end $$;
