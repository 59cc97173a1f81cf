-- Geofence arrival / departure and the live ETA of dispatch orders (issue 17, modules/fleet/geofence.ts).
-- One row per dispatch order and station of its pickup / delivery stops: whether the positions put the vehicle
-- inside the station's e-fence, the reported time of the newest position applied (older or repeated ones are
-- ignored), and the arrival and departure recorded, each once.
create table tms_shipment_geofence (
  shipment_id bigint not null references tms_shipment(id) on delete cascade,
  station_id bigint not null references base_station(id) on delete cascade,
  inside boolean not null default false,
  last_at timestamptz,
  arrived_at timestamptz,
  departed_at timestamptz,
  primary key (shipment_id, station_id)
);

-- The ETA to the next delivery station from the newest position (straight line at the configured average
-- speed), and when the one 'arriving' event of the dispatch order was raised.
create table tms_shipment_eta (
  shipment_id bigint primary key references tms_shipment(id) on delete cascade,
  station_id bigint references base_station(id) on delete set null,
  position_at timestamptz,
  distance_km double precision,
  eta timestamptz,
  arriving_at timestamptz,
  update_time timestamptz not null default now()
);

insert into sys_config(config_name, config_key, config_value, config_type, remark, create_by) values
  ('电子围栏离开余量（米）', 'tms.geofence.marginMeters', '100', true, '车辆进入站点围栏即到达；离开围栏超过此距离才算离开（边界抖动不会反复到达 / 离开）', 'system'),
  ('预计到达平均车速（公里/小时）', 'tms.eta.speedKmh', '60', true, '预计到达时间 = 最新位置到送货站的直线距离 ÷ 此车速', 'system'),
  ('即将到达提醒（分钟）', 'tms.eta.arrivingMinutes', '30', true, '预计到达时间少于此分钟数时发出一次“即将到达”通知', 'system')
on conflict (config_key) do nothing;
