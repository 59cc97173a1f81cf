-- Live fleet monitor (issue 19): the newest position of every vehicle, kept by the ingestion path's batch
-- statement (fleet/ingest.ts) so the monitor never looks for it in the partitioned tms_position.
-- No foreign key: a position of a vehicle removed since must not fail the batch; readers join the vehicles.
create table tms_vehicle_last_position (
  vehicle_id bigint primary key,
  shipment_id bigint,
  driver_id bigint,
  lng double precision not null,
  lat double precision not null,
  speed real,                  -- km/h
  direction real,              -- degrees
  alarm int,                   -- JT/T 808 alarm flags of that report
  reported_at timestamptz not null,
  received_at timestamptz not null,
  source varchar(40) not null
);

insert into tms_vehicle_last_position(vehicle_id, shipment_id, driver_id, lng, lat, speed, direction, alarm, reported_at, received_at, source)
  select distinct on (vehicle_id) vehicle_id, shipment_id, driver_id, lng, lat, speed, direction, alarm, reported_at, received_at, source
    from tms_position where vehicle_id is not null and reported_at <= received_at + interval '10 minutes' order by vehicle_id, reported_at desc, id desc;

-- "a vehicle belongs to a dispatch center when it ran a dispatch order of that center": one index probe per vehicle
create index tms_shipment_vehicle_center on tms_shipment(vehicle_id_main, dispatch_center_id);

insert into sys_config(config_name, config_key, config_value, config_type, remark, create_by) values
  ('车辆监控离线判定（分钟）', 'tms.monitor.offlineMinutes', '10', true, '车辆监控中，超过此分钟数没有位置上报的车辆显示为离线', 'system')
on conflict (config_key) do nothing;
