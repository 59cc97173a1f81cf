-- Rating (issue 14, session 15): an update of charges (a re-rating writes its open charges over in place, payable.ts
-- replaceCharges) no longer keeps the rows as they were for fin_charge_unstated's trigger. Its UPDATE branch reads only
-- the new rows (a charge's id never changes, fin_charge_id_fixed); with `referencing old table` PostgreSQL copied every
-- updated charge, trace included, a second time into a transition table (446,380 charges re-rated: ~160 MB more
-- spilled to disk and read for nothing). The trigger's function is the same (0089): deletes still read `gone`.
drop trigger fin_charge_unstated_changed on fin_charge;
create trigger fin_charge_unstated_changed after update on fin_charge referencing new table as added
  for each statement execute function fin_charge_unstated_charges();
