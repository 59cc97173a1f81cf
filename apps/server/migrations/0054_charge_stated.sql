-- Statement generation (issue 15) reads the charges of a center and kind that are on no live statement line.
-- It found them by reading every charge of the center and looking each up in the statement lines: with
-- years of stated history that read grows with the history, not with the month. fin_charge.stated says
-- whether a charge is on a live (not released) statement line, and the partial index holds only the
-- un-stated charges: generation reads those (the month's, and the ones whose billable event has not happened).
-- The marker is kept by the statement lines themselves (statement-level triggers over the rows changed):
-- a new line states its charge; a line released (its statement voided) or deleted (lines removed, a draft
-- deleted) frees it unless another live line holds it. The unique index fin_statement_line_charge (one
-- live line a charge) still enforces "a charge line is in at most one statement".

alter table fin_charge add column stated boolean not null default false;
update fin_charge c set stated = true where exists (select 1 from fin_statement_line l where l.charge_id = c.id and not l.released);
create index fin_charge_unstated on fin_charge(dispatch_center_id, kind) where not stated;

create function fin_charge_stated_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update fin_charge c set stated = true
     where c.id in (select charge_id from changed where charge_id is not null and not released) and not c.stated;
  else
    update fin_charge c set stated = x.live
      from (select n.charge_id, exists (select 1 from fin_statement_line l where l.charge_id = n.charge_id and not l.released) as live
              from (select distinct charge_id from changed where charge_id is not null) n) x
     where c.id = x.charge_id and c.stated is distinct from x.live;
  end if;
  return null;
end $$;
create trigger fin_statement_line_states after insert on fin_statement_line referencing new table as changed
  for each statement execute function fin_charge_stated_sync();
create trigger fin_statement_line_restates after update on fin_statement_line referencing new table as changed
  for each statement execute function fin_charge_stated_sync();
create trigger fin_statement_line_unstates after delete on fin_statement_line referencing old table as changed
  for each statement execute function fin_charge_stated_sync();
