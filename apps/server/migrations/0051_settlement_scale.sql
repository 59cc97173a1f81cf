-- Statement lines come 200 000 at a time (the statements of a month, issue 15's bench): the three row-level
-- foreign keys of fin_statement_line (its statement, its charge, the line it adjusts) ran one query per line
-- each, three quarters of the generation's time. They become checks once per SQL statement, over the rows
-- it wrote (transition tables), with the same guarantees:
-- - the statement, charge and adjusted line of a new line exist; the statement and the adjusted line stay
--   locked (key share) until the line's transaction ends: a concurrent delete of one of them waits, then fails;
-- - a charge on a statement line (live or released) cannot be deleted, nor a line an adjustment line refers to.
--   Charges are not locked one by one (locking 200 000 wide rows costs as much as the foreign key did):
--   only generation states charges, under its advisory lock of the center and kind (settlement.ts,
--   'fin_statement_gen:<center>:<kind>'); deleting charges takes that lock shared before it looks for their
--   lines, so it waits for a running generation and then sees its lines;
-- - deleting a statement deletes its lines (was: on delete cascade);
-- - the references of a line, and the ids they point to, are never changed.
-- Errors keep the foreign-key error code (23503). The two indexes serve the delete checks; before, the
-- foreign-key check of each deleted charge (re-rating) and line (removing lines) scanned every statement
-- line, as the unique index on charge_id is partial.

alter table fin_statement_line
  drop constraint fin_statement_line_statement_id_fkey,
  drop constraint fin_statement_line_charge_id_fkey,
  drop constraint fin_statement_line_adjusts_line_id_fkey;
create index fin_statement_line_charge_ref on fin_statement_line(charge_id) where charge_id is not null;
create index fin_statement_line_adjusts on fin_statement_line(adjusts_line_id) where adjusts_line_id is not null;

create function fin_statement_line_refs_added() returns trigger language plpgsql as $$
begin
  perform 1 from fin_statement s where s.id in (select statement_id from added) for key share;
  if exists (select 1 from added a where not exists (select 1 from fin_statement s where s.id = a.statement_id)) then
    raise exception 'insert on table "fin_statement_line" violates foreign key constraint "fin_statement_line_statement_id_fkey"' using errcode = 'foreign_key_violation';
  end if;
  if exists (select 1 from added a where a.charge_id is not null and not exists (select 1 from fin_charge c where c.id = a.charge_id)) then
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
create trigger fin_statement_line_refs after insert on fin_statement_line referencing new table as added
  for each statement execute function fin_statement_line_refs_added();

create function fin_statement_line_refs_fixed() returns trigger language plpgsql as $$
begin
  raise exception 'the references of a statement line (%) are not changed', tg_table_name using errcode = 'foreign_key_violation';
end $$;
create trigger fin_statement_line_refs_fixed before update of statement_id, charge_id, adjusts_line_id on fin_statement_line for each row
  when (new.statement_id is distinct from old.statement_id or new.charge_id is distinct from old.charge_id or new.adjusts_line_id is distinct from old.adjusts_line_id)
  execute function fin_statement_line_refs_fixed();
create trigger fin_statement_id_fixed before update of id on fin_statement for each row when (new.id <> old.id) execute function fin_statement_line_refs_fixed();
create trigger fin_charge_id_fixed before update of id on fin_charge for each row when (new.id <> old.id) execute function fin_statement_line_refs_fixed();

create function fin_statement_line_refs_gone() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'fin_statement' then
    delete from fin_statement_line where statement_id in (select id from gone);
  elsif tg_table_name = 'fin_charge' then
    perform pg_advisory_xact_lock_shared(hashtext(k)) from (select distinct 'fin_statement_gen:' || dispatch_center_id || ':' || kind as k from gone order by 1) x;
    if exists (select 1 from fin_statement_line l where l.charge_id in (select id from gone)) then
      raise exception 'delete on table "fin_charge" violates foreign key constraint "fin_statement_line_charge_id_fkey" on table "fin_statement_line"' using errcode = 'foreign_key_violation';
    end if;
  elsif exists (select 1 from fin_statement_line l where l.adjusts_line_id in (select id from gone)) then
    raise exception 'delete on table "fin_statement_line" violates foreign key constraint "fin_statement_line_adjusts_line_id_fkey" on table "fin_statement_line"' using errcode = 'foreign_key_violation';
  end if;
  return null;
end $$;
create trigger fin_statement_lines_gone after delete on fin_statement referencing old table as gone
  for each statement execute function fin_statement_line_refs_gone();
create trigger fin_charge_stated_gone after delete on fin_charge referencing old table as gone
  for each statement execute function fin_statement_line_refs_gone();
create trigger fin_statement_line_adjusted_gone after delete on fin_statement_line referencing old table as gone
  for each statement execute function fin_statement_line_refs_gone();

-- The aging report reads the open invoices only (valid, not fully written off), by center and kind, with
-- what it sums: an index-only walk over the few open ones instead of every invoice of the years before.
create index fin_invoice_open on fin_invoice(dispatch_center_id, kind, party_id) include (invoice_date, amount, written_off, client_id, carrier_id)
  where status = 'VALID' and written_off < amount;
