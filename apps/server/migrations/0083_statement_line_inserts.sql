-- Issue 15, generation of a month's statements with stated history (bench/settlement.ts): the 200 000 lines of a
-- month cost as much to insert as the month's charges cost to find. Three costs of each inserted line go:
-- - the index fin_statement_line_charge_ref (charge_id, every line) served only the check that a deleted charge is
--   on no statement line, live or released. The unique index fin_statement_line_charge already holds the live lines'
--   charges; the released ones (voided statements, few) get a small index of their own, and the check asks both.
--   One index entry less per line.
-- - the lines' statements are locked and checked once per statement, not once per line;
-- - the check of the inserted lines' charges (that each exists) is skipped when the inserting transaction says it
--   read those charges itself under the generation's advisory lock (settlement.ts sets tms.lines_of_locked_charges):
--   deleting a charge takes that lock shared and then finds the lines (fin_statement_line_refs_gone), so no charge
--   can go between generation's read and its insert. Every other insert is checked as before.
drop index fin_statement_line_charge_ref;
create index fin_statement_line_charge_released on fin_statement_line(charge_id) where released and charge_id is not null;

create or replace function fin_statement_line_refs_added() returns trigger language plpgsql as $$
begin
  -- the statements of the lines, each once (a month's 200 000 lines are on 500 statements)
  perform 1 from fin_statement s where s.id in (select distinct statement_id from added) for key share;
  if exists (select 1 from (select distinct statement_id from added) a where not exists (select 1 from fin_statement s where s.id = a.statement_id)) then
    raise exception 'insert on table "fin_statement_line" violates foreign key constraint "fin_statement_line_statement_id_fkey"' using errcode = 'foreign_key_violation';
  end if;
  if coalesce(current_setting('tms.lines_of_locked_charges', true), '') <> 'on'
     and exists (select 1 from added a where a.charge_id is not null and not exists (select 1 from fin_charge c where c.id = a.charge_id)) then
    raise exception 'insert on table "fin_statement_line" violates foreign key constraint "fin_statement_line_charge_id_fkey"' using errcode = 'foreign_key_violation';
  end if;
  if exists (select 1 from added a where a.adjusts_line_id is not null) then
    perform 1 from fin_statement_line l where l.id in (select adjusts_line_id from added) for key share;
    if exists (select 1 from added a where a.adjusts_line_id is not null and not exists (select 1 from fin_statement_line l where l.id = a.adjusts_line_id)) then
      raise exception 'insert on table "fin_statement_line" violates foreign key constraint "fin_statement_line_adjusts_line_id_fkey"' using errcode = 'foreign_key_violation';
    end if;
  end if;
  return null;
end $$;

create or replace function fin_statement_line_refs_gone() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'fin_statement' then
    delete from fin_statement_line where statement_id in (select id from gone);
  elsif tg_table_name = 'fin_charge' then
    perform pg_advisory_xact_lock_shared(hashtext(k)) from (select distinct 'fin_statement_gen:' || dispatch_center_id || ':' || kind as k from gone order by 1) x;
    -- live lines through the unique index, released ones through their own
    if exists (select 1 from fin_statement_line l where l.charge_id in (select id from gone) and not l.released)
       or exists (select 1 from fin_statement_line l where l.charge_id in (select id from gone) and l.released and l.charge_id is not null) then
      raise exception 'delete on table "fin_charge" violates foreign key constraint "fin_statement_line_charge_id_fkey" on table "fin_statement_line"' using errcode = 'foreign_key_violation';
    end if;
  elsif exists (select 1 from fin_statement_line l where l.adjusts_line_id in (select id from gone)) then
    raise exception 'delete on table "fin_statement_line" violates foreign key constraint "fin_statement_line_adjusts_line_id_fkey" on table "fin_statement_line"' using errcode = 'foreign_key_violation';
  end if;
  return null;
end $$;
