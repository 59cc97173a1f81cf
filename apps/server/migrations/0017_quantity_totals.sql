-- Totals hold what the validations allow (issue 13): a line carries up to 99,999,999 of each quantity and an
-- order up to 500 lines, and a dispatch order sums any number of waybills, so header totals were too small as
-- 32-bit integers (an order of 22 such lines failed with "value out of range for type integer").
-- Counted totals become bigint; weight and volume totals keep 3 decimals with room for 15 integer digits.
-- Line columns stay as they are: one line is limited to 99,999,999 by validation.
drop view tms_shipment_ros_v;

alter table tms_order
  alter column total_weight type numeric(18,3),
  alter column total_volume type numeric(18,3),
  alter column total_quantity type bigint,
  alter column total_cases type bigint,
  alter column total_pallets type bigint,
  alter column total_other type bigint;

alter table tms_waybill
  alter column total_weight type numeric(18,3),
  alter column total_volume type numeric(18,3),
  alter column total_quantity type bigint,
  alter column total_cases type bigint,
  alter column total_pallets type bigint,
  alter column total_other type bigint,
  alter column split_quantity type bigint,
  alter column real_weight type numeric(18,3),
  alter column real_volume type numeric(18,3),
  alter column real_cases type bigint,
  alter column real_pallets type bigint,
  alter column real_other type bigint;

alter table tms_shipment
  alter column total_weight type numeric(18,3),
  alter column total_volume type numeric(18,3),
  alter column total_quantity type bigint,
  alter column total_cases type bigint,
  alter column total_pallets type bigint,
  alter column total_other type bigint;

-- as in 0009, over the widened columns
create view tms_shipment_ros_v as
select w.id, w.dispatch_center_id, w.code, w.order_code, w.client_id, w.carrier_id, w.order_type_id, w.trans_type, w.load_mode, w.route_id,
       w.source_station_id, w.dest_station_id, w.etd, w.eta, w.total_weight, w.total_volume, w.total_quantity, w.total_cases, w.total_pallets,
       w.audit_by, w.audit_time, w.create_time
  from tms_waybill w
 where w.status = 'REVIEWED' and w.shipment_id is null;
