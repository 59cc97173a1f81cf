-- Rating (issue 14, session 15): fin_charge_unstated (0084) no longer copies the figures a re-rating changes. A
-- re-rating writes its open charges over in place (payable.ts replaceCharges: contract, line, amount, tax rate, trace,
-- time); the copy of each in fin_charge_unstated followed it, row by row: 14–15 s of a re-rating of 446,380 charges on
-- the shared machine (load 11–14), a third of the charges' update. The copy keeps what marks an un-stated charge and
-- what does not change when it is re-rated (its center, kind, waybill, charge type, source, and a re-rating
-- difference's origin); statement generation (settlement.ts) reads the contract, currency, amount, tax rate and time
-- of its candidates from fin_charge by primary key. An update of charges now changes the copy only where one of its
-- own fields changed: none in a re-rating.
alter table fin_charge_unstated drop column contract_id, drop column currency, drop column amount, drop column tax_rate, drop column create_time;

create or replace function fin_charge_unstated_fill(ids bigint[]) returns void language sql as $$
  insert into fin_charge_unstated(charge_id, dispatch_center_id, kind, waybill_id, charge_type_code, source, rerate)
  select c.id, c.dispatch_center_id, c.kind, c.waybill_id, c.charge_type_code, c.source, case when c.source = 'RERATE' then c.trace->'rerate' end
    from fin_charge c
   where c.id = any(ids)
     and not exists (select 1 from fin_statement_line l where l.charge_id = c.id and not l.released)
  on conflict (charge_id) do nothing
$$;

create or replace function fin_charge_unstated_charges() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    delete from fin_charge_unstated u where u.charge_id in (select id from gone);
  elsif tg_op = 'INSERT' then
    insert into fin_charge_unstated(charge_id, dispatch_center_id, kind, waybill_id, charge_type_code, source, rerate)
    select a.id, a.dispatch_center_id, a.kind, a.waybill_id, a.charge_type_code, a.source, case when a.source = 'RERATE' then a.trace->'rerate' end
      from added a;
  else
    -- a charge's id never changes (fin_charge_id_fixed) nor does an update move it on or off a statement line: its
    -- row, when it has one, takes the new values of its own fields (a re-rating changes none of them)
    update fin_charge_unstated u
       set dispatch_center_id = a.dispatch_center_id, kind = a.kind, waybill_id = a.waybill_id, charge_type_code = a.charge_type_code, source = a.source,
           rerate = case when a.source = 'RERATE' then a.trace->'rerate' end
      from added a
     where u.charge_id = a.id
       and (u.dispatch_center_id, u.kind, u.waybill_id, u.charge_type_code, u.source, u.rerate)
           is distinct from (a.dispatch_center_id, a.kind, a.waybill_id, a.charge_type_code, a.source, case when a.source = 'RERATE' then a.trace->'rerate' end);
  end if;
  return null;
end $$;
