-- The time the driver left the stop after the consignee signed (issue 16: the proof of delivery at each stop
-- records arrival and departure). Reported from the driver app's outbox after the receipt itself.
alter table tms_epod add column departure_time timestamptz;
