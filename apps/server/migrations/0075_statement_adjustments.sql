-- Issue 15: approved manual adjustments (fin_adjustment) and re-rating differences become statement lines.
-- - An approved adjustment is stated once: a line of type ADJUSTMENT that names it (adjustment_id), at most one
--   live line per adjustment (unique index, as for charges).
-- - A re-rating that changes a charge already stated keeps the stated charge as it was and writes the
--   difference as a new charge (fin_charge.source = 'RERATE', its trace names the statement, the before and
--   after amounts); generation states it on the next statement as an ADJUSTMENT line that says where it came
--   from (origin, origin_statement_code, before_amount, after_amount).
alter table fin_statement_line
  add column adjustment_id bigint,
  add column origin varchar(20),                         -- dict fin_statement_line_origin: RERATE | MANUAL (null: a charge or an accepted dispute)
  add column origin_statement_id bigint,
  add column origin_statement_code varchar(40),
  add column before_amount numeric(18,2),
  add column after_amount numeric(18,2);
create unique index fin_statement_line_adjustment on fin_statement_line(adjustment_id) where adjustment_id is not null and not released;

-- the approved adjustments not yet stated are found by center and kind
create index fin_adjustment_approved on fin_adjustment(dispatch_center_id, kind, approve_time) where status = 'APPROVED';

-- a statement of credits only (a re-rating down, a manual credit) totals below zero: it is not invoiced, and
-- nothing is invoiced or paid beyond its total otherwise
alter table fin_statement drop constraint fin_statement_check;
alter table fin_statement add constraint fin_statement_amounts check ((invoiced_amount = 0 or invoiced_amount <= total_amount) and paid_amount <= invoiced_amount);
