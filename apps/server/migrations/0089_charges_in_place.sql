-- Rating (issue 14): a re-rating writes the open charges it prices again over in place (UPDATE) instead of deleting
-- them and inserting new ones, and leaves the ones whose figures did not change alone (payable.ts, replaceCharges).
-- What an update costs is kept small here:
-- - fin_charge keeps room on its pages (fillfactor): the new version of a charge goes on the same page and, as a
--   re-rating changes no indexed column (id, waybill, dispatch order), without new index entries (HOT update);
-- - fin_charge_unstated follows an updated charge in place (it was: its row deleted and filled again);
-- - the two composite keys of a charge to its basis (0085) are checked once per SQL statement over the rows it wrote
--   (transition tables) instead of once per row: the bases a statement names are a handful (one per contract, line
--   and lane), so they are locked (key share) and looked up once, where the row-level keys ran two look-ups per
--   charge (406,000 charges: ~9 s of a re-rating). Same guarantees: a charge names an existing basis of its contract,
--   charge type and line; a basis charges name cannot be deleted (a contract or charge type deleted with its bases is
--   refused, 23503 as before); a basis's line set null (the line deleted) sets its charges' line null.
alter table fin_charge set (fillfactor = 60);
alter table fin_charge_unstated set (fillfactor = 80);
alter table fin_waybill_rating set (fillfactor = 80);

create or replace function fin_charge_unstated_charges() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    delete from fin_charge_unstated u where u.charge_id in (select id from gone);
  elsif tg_op = 'INSERT' then
    insert into fin_charge_unstated(charge_id, dispatch_center_id, kind, contract_id, waybill_id, charge_type_code, currency, amount, tax_rate, source, create_time, rerate)
    select a.id, a.dispatch_center_id, a.kind, a.contract_id, a.waybill_id, a.charge_type_code, a.currency, a.amount, a.tax_rate, a.source, a.create_time,
           case when a.source = 'RERATE' then a.trace->'rerate' end
      from added a;
  else
    -- a charge's id never changes (fin_charge_id_fixed) nor does an update move it on or off a statement line: its
    -- row, when it has one, takes the new figures
    update fin_charge_unstated u
       set dispatch_center_id = a.dispatch_center_id, kind = a.kind, contract_id = a.contract_id, waybill_id = a.waybill_id, charge_type_code = a.charge_type_code,
           currency = a.currency, amount = a.amount, tax_rate = a.tax_rate, source = a.source, create_time = a.create_time,
           rerate = case when a.source = 'RERATE' then a.trace->'rerate' end
      from added a
     where u.charge_id = a.id
       and (u.dispatch_center_id, u.kind, u.contract_id, u.waybill_id, u.charge_type_code, u.currency, u.amount, u.tax_rate, u.source, u.create_time, u.rerate)
           is distinct from (a.dispatch_center_id, a.kind, a.contract_id, a.waybill_id, a.charge_type_code, a.currency, a.amount, a.tax_rate, a.source, a.create_time,
                             case when a.source = 'RERATE' then a.trace->'rerate' end);
  end if;
  return null;
end $$;

alter table fin_charge drop constraint fin_charge_basis_fkey;
alter table fin_charge drop constraint fin_charge_basis_line_fkey;

-- the charges written (inserted or updated) name a basis of their contract, charge type and line
create function fin_charge_basis_checked() returns trigger language plpgsql as $$
begin
  perform 1 from fin_charge_basis b where b.id in (select distinct basis_id from added) order by b.id for key share;
  if exists (select 1 from added a left join fin_charge_basis b on b.id = a.basis_id
              where b.id is null or b.contract_id <> a.contract_id or b.charge_type_id <> a.charge_type_id) then
    raise exception 'insert or update on table "fin_charge" violates foreign key constraint "fin_charge_basis_fkey"' using errcode = 'foreign_key_violation';
  end if;
  if exists (select 1 from added a join fin_charge_basis b on b.id = a.basis_id where a.rate_line_id is not null and b.rate_line_id is distinct from a.rate_line_id) then
    raise exception 'insert or update on table "fin_charge" violates foreign key constraint "fin_charge_basis_line_fkey"' using errcode = 'foreign_key_violation';
  end if;
  return null;
end $$;
create trigger fin_charge_basis_added after insert on fin_charge referencing new table as added
  for each statement execute function fin_charge_basis_checked();
create trigger fin_charge_basis_changed after update on fin_charge referencing new table as added
  for each statement execute function fin_charge_basis_checked();

-- a basis charges name is not deleted nor given another contract or charge type; its line set null (the line was
-- deleted) or changed is its charges' line
create function fin_charge_basis_refs() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    if exists (select 1 from fin_charge c where c.basis_id in (select id from gone)) then
      raise exception 'update or delete on table "fin_charge_basis" violates foreign key constraint "fin_charge_basis_fkey" on table "fin_charge"' using errcode = 'foreign_key_violation';
    end if;
  else
    if exists (select 1 from gone o join added n on n.id = o.id where (n.contract_id, n.charge_type_id) is distinct from (o.contract_id, o.charge_type_id))
       and exists (select 1 from fin_charge c join gone o on o.id = c.basis_id join added n on n.id = o.id
                    where (n.contract_id, n.charge_type_id) is distinct from (o.contract_id, o.charge_type_id)) then
      raise exception 'update or delete on table "fin_charge_basis" violates foreign key constraint "fin_charge_basis_fkey" on table "fin_charge"' using errcode = 'foreign_key_violation';
    end if;
    update fin_charge c set rate_line_id = n.rate_line_id
      from gone o join added n on n.id = o.id
     where n.rate_line_id is distinct from o.rate_line_id and c.basis_id = o.id and c.rate_line_id = o.rate_line_id;
  end if;
  return null;
end $$;
create trigger fin_charge_basis_gone after delete on fin_charge_basis referencing old table as gone
  for each statement execute function fin_charge_basis_refs();
create trigger fin_charge_basis_moved after update on fin_charge_basis referencing old table as gone new table as added
  for each statement execute function fin_charge_basis_refs();
-- a basis's id never changes (it was the key's target)
create trigger fin_charge_basis_id_fixed before update of id on fin_charge_basis for each row when (new.id <> old.id) execute function fin_statement_line_refs_fixed();
