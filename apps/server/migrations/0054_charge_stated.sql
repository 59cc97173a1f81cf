-- Statement generation (issue 15) reads the charges of a center and kind that are on no live statement line.
-- It found them by reading every charge of the center and looking each up in the statement lines: with
-- years of stated history that read grows with the history, not with the month. fin_charge_unstated holds
-- the ids of the charges on no live (not released) statement line, by center and kind: generation reads
-- those (the month's, and the ones whose billable event has not happened) and nothing of the history.
-- A narrow table of its own rather than a flag on fin_charge: stating 200 000 charges deletes 200 000 narrow
-- rows here; updating a flag rewrote 200 000 wide charge rows and their indexes (measured: +11 s on a 8 s
-- generation, bench/README.md).
-- Kept by statement-level triggers over the rows changed: a new charge is un-stated, a deleted one leaves;
-- a new live statement line states its charge; a line released (its statement voided) or deleted (lines
-- removed, a draft deleted) frees its charge unless another live line holds it. The unique index
-- fin_statement_line_charge (one live line a charge) still enforces "a charge line is in at most one statement".

create table fin_charge_unstated (
  charge_id bigint primary key,
  dispatch_center_id bigint not null,
  kind varchar(20) not null
);
create index fin_charge_unstated_center on fin_charge_unstated(dispatch_center_id, kind);
insert into fin_charge_unstated(charge_id, dispatch_center_id, kind)
  select c.id, c.dispatch_center_id, c.kind from fin_charge c
   where not exists (select 1 from fin_statement_line l where l.charge_id = c.id and not l.released);

create function fin_charge_unstated_sync() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'fin_charge' then
    if tg_op = 'INSERT' then
      insert into fin_charge_unstated(charge_id, dispatch_center_id, kind) select id, dispatch_center_id, kind from changed;
    else
      delete from fin_charge_unstated where charge_id in (select id from changed);
    end if;
  elsif tg_op = 'INSERT' then
    delete from fin_charge_unstated where charge_id in (select charge_id from changed where charge_id is not null and not released);
  else
    -- released or deleted lines: their charges are free again unless another live line holds them
    insert into fin_charge_unstated(charge_id, dispatch_center_id, kind)
      select c.id, c.dispatch_center_id, c.kind from fin_charge c
       where c.id in (select charge_id from changed where charge_id is not null)
         and not exists (select 1 from fin_statement_line l where l.charge_id = c.id and not l.released)
      on conflict (charge_id) do nothing;
  end if;
  return null;
end $$;
create trigger fin_charge_unstated_added after insert on fin_charge referencing new table as changed
  for each statement execute function fin_charge_unstated_sync();
create trigger fin_charge_unstated_gone after delete on fin_charge referencing old table as changed
  for each statement execute function fin_charge_unstated_sync();
create trigger fin_statement_line_states after insert on fin_statement_line referencing new table as changed
  for each statement execute function fin_charge_unstated_sync();
create trigger fin_statement_line_releases after update on fin_statement_line referencing new table as changed
  for each statement execute function fin_charge_unstated_sync();
create trigger fin_statement_line_frees after delete on fin_statement_line referencing old table as changed
  for each statement execute function fin_charge_unstated_sync();
