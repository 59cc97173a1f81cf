-- Issue 20, reports over ten million orders: the shipment report of a year read every dispatch order of its center
-- (bench/shipment-report.ts: 167,004 of 3.3 M dispatch orders, 1.4 s), because its period was a condition on the local
-- day of coalesce(etd, create_time), which no index answers, and each center's rows lie on every page of the table.
-- The reports now bound a timestamp's period by the two instants of its local midnights (the same rows), and this
-- index answers that range per center holding every column the report reads (an index-only scan: a year of a center
-- is its index entries, not a heap page per row). The receipts' and the vehicle checks' reports use the same range.
create index tms_shipment_center_day on tms_shipment(dispatch_center_id, (coalesce(etd, create_time)))
  include (carrier_id, status, etd, create_time, atd, eta, ata, total_weight);
create index tms_epod_center_created on tms_epod(dispatch_center_id, create_time);
create index tms_vehicle_check_center_time on tms_vehicle_check(dispatch_center_id, check_time);
