-- The time the driver left the stop after the consignee signed (issue 16: the proof of delivery at each stop
-- records arrival and departure). Reported from the driver app's outbox after the receipt itself.
alter table tms_epod add column departure_time timestamptz;

-- The abnormal-check screen's view lists the receipt's columns as they were when it was made (a view's `e.*` is
-- expanded once): made again so it has the new one too.
drop view tms_epod_check;
create view tms_epod_check as
  select e.*, (e.handle_time is not null) as is_handled from tms_epod e where e.is_abnormal;
