-- Driver app outbox (issue 16): every write of the driver app carries an idempotency key; the
-- server applies each key once per driver and keeps the first answer, returned again on a repeat.
-- A PENDING row is a key being applied now (a concurrent repeat waits); DONE holds the answer
-- (status and body), refusals (4xx) included, so the dispatcher can see what the phone was refused.
create table tms_driver_applied (
  driver_id bigint not null references base_driver(id) on delete cascade,
  idem_key varchar(100) not null,
  route varchar(120) not null,
  state varchar(10) not null default 'PENDING',         -- PENDING | DONE
  status_code int,
  response text,
  create_time timestamptz not null default now(),
  finish_time timestamptz,
  primary key (driver_id, idem_key)
);
create index tms_driver_applied_refused on tms_driver_applied(driver_id, create_time desc) where status_code >= 400;
