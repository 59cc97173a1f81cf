-- Issue 15: statements of credits (a total below zero: manual credits, re-ratings down) are settled the way a
-- Chinese finance team does it:
-- - netting (下期抵扣): an ordinary (blue) invoice covers the credit statement together with a later statement of the
--   same party; its allocation to the credit statement is negative and the invoice's amount is the net, above zero;
-- - a red-letter invoice (红字发票): a negative invoice that names the original (blue) invoice it reverses
--   (red_of) and, for a special VAT invoice, the number of its red-letter information form / confirmation
--   (red_info_no). It covers credit statements only, and is applied at once against the original's open amount
--   (written_off of both moves by the red amount): the party owes that much less on the original.
alter table fin_invoice
  add column red_of bigint references fin_invoice(id),
  add column red_info_no varchar(40);
alter table fin_invoice drop constraint fin_invoice_amount_check;
alter table fin_invoice drop constraint fin_invoice_check;
alter table fin_invoice add constraint fin_invoice_color check ((red_of is null and amount > 0) or (red_of is not null and amount < 0));
alter table fin_invoice add constraint fin_invoice_written_off check (case when amount > 0 then written_off between 0 and amount else written_off between amount and 0 end);
create index fin_invoice_red_of on fin_invoice(red_of) where red_of is not null;

-- an allocation to a credit statement is negative
alter table fin_invoice_statement drop constraint fin_invoice_statement_amount_check;
alter table fin_invoice_statement add constraint fin_invoice_statement_amount check (amount <> 0);

-- invoiced and paid lie between 0 and the total, on its side of zero
alter table fin_statement drop constraint fin_statement_amounts;
alter table fin_statement add constraint fin_statement_amounts check (
  case when total_amount >= 0 then invoiced_amount between 0 and total_amount and paid_amount between 0 and invoiced_amount
       else invoiced_amount between total_amount and 0 and paid_amount between invoiced_amount and 0 end);
