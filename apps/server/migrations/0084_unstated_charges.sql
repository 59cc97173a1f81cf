-- Issue 15, generation of a month's statements (bench/settlement.ts): finding the candidate charges read every charge
-- of the center and kind (fin_charge, ~1 kB a row with its rating trace: 810 MB at 3 months of stated history) and
-- looked each up in the live statement lines, to keep the month's few hundred thousand un-stated ones.
-- fin_charge_unstated is a narrow copy of what generation reads of a charge (no trace; the re-rating's origin
-- fields only), one row per charge on no live statement line, kept exact in the same transaction by the triggers
-- below:
-- - a charge inserted: its row; deleted: its row goes; updated: its row follows (charges are not updated today);
-- - a live line inserted (generation, manual lines): its charge's row goes;
-- - a line released (its statement voided) or deleted: its charge's row comes back when the charge exists and is on
--   no other live line.
-- The rule "a charge is on at most one live statement line" stays the unique index fin_statement_line_charge;
-- this table only tells generation where to look. Distributed by dispatch_center_id like fin_charge.
create table fin_charge_unstated (
  charge_id bigint primary key,
  dispatch_center_id bigint not null,
  kind varchar(20) not null,
  contract_id bigint not null,
  waybill_id bigint not null,
  charge_type_code varchar(30) not null,
  currency varchar(3) not null,
  amount numeric(14,2) not null,
  tax_rate numeric(5,2) not null,
  source varchar(10) not null,
  create_time timestamptz not null,
  -- trace->'rerate' of a re-rating difference (source RERATE), else null
  rerate jsonb
);
create index fin_charge_unstated_center on fin_charge_unstated(dispatch_center_id, kind);

create function fin_charge_unstated_fill(ids bigint[]) returns void language sql as $$
  insert into fin_charge_unstated(charge_id, dispatch_center_id, kind, contract_id, waybill_id, charge_type_code, currency, amount, tax_rate, source, create_time, rerate)
  select c.id, c.dispatch_center_id, c.kind, c.contract_id, c.waybill_id, c.charge_type_code, c.currency, c.amount, c.tax_rate, c.source, c.create_time,
         case when c.source = 'RERATE' then c.trace->'rerate' end
    from fin_charge c
   where c.id = any(ids)
     and not exists (select 1 from fin_statement_line l where l.charge_id = c.id and not l.released)
  on conflict (charge_id) do nothing
$$;

create function fin_charge_unstated_charges() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    delete from fin_charge_unstated u where u.charge_id in (select id from gone);
  end if;
  if tg_op = 'INSERT' then
    insert into fin_charge_unstated(charge_id, dispatch_center_id, kind, contract_id, waybill_id, charge_type_code, currency, amount, tax_rate, source, create_time, rerate)
    select a.id, a.dispatch_center_id, a.kind, a.contract_id, a.waybill_id, a.charge_type_code, a.currency, a.amount, a.tax_rate, a.source, a.create_time,
           case when a.source = 'RERATE' then a.trace->'rerate' end
      from added a;
  elsif tg_op = 'UPDATE' then
    perform fin_charge_unstated_fill(array(select id from added));
  end if;
  return null;
end $$;
create trigger fin_charge_unstated_added after insert on fin_charge referencing new table as added
  for each statement execute function fin_charge_unstated_charges();
create trigger fin_charge_unstated_changed after update on fin_charge referencing old table as gone new table as added
  for each statement execute function fin_charge_unstated_charges();
create trigger fin_charge_unstated_gone after delete on fin_charge referencing old table as gone
  for each statement execute function fin_charge_unstated_charges();

create function fin_charge_unstated_lines() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    -- a month's 200 000 lines at once: one join
    delete from fin_charge_unstated u using added a where u.charge_id = a.charge_id and not a.released;
  elsif tg_op = 'UPDATE' then
    delete from fin_charge_unstated u using added a where u.charge_id = a.charge_id and not a.released;
    perform fin_charge_unstated_fill(array(select charge_id from added where released and charge_id is not null));
  else
    perform fin_charge_unstated_fill(array(select charge_id from gone where not released and charge_id is not null));
  end if;
  return null;
end $$;
create trigger fin_charge_unstated_lines_added after insert on fin_statement_line referencing new table as added
  for each statement execute function fin_charge_unstated_lines();
create trigger fin_charge_unstated_lines_changed after update on fin_statement_line referencing old table as gone new table as added
  for each statement execute function fin_charge_unstated_lines();
create trigger fin_charge_unstated_lines_gone after delete on fin_statement_line referencing old table as gone
  for each statement execute function fin_charge_unstated_lines();

insert into fin_charge_unstated(charge_id, dispatch_center_id, kind, contract_id, waybill_id, charge_type_code, currency, amount, tax_rate, source, create_time, rerate)
select c.id, c.dispatch_center_id, c.kind, c.contract_id, c.waybill_id, c.charge_type_code, c.currency, c.amount, c.tax_rate, c.source, c.create_time,
       case when c.source = 'RERATE' then c.trace->'rerate' end
  from fin_charge c
 where not exists (select 1 from fin_statement_line l where l.charge_id = c.id and not l.released);
