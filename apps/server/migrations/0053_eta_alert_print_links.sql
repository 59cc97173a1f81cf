-- An ETA past a stop's time window raises an alert (issue 17, modules/fleet/geofence.ts and alert/eta.ts): per dispatch
-- order and delivery station, whether its ETA is past the window's end (plus the rule's tolerance) — the one alert is
-- raised when it becomes so, and again only after the ETA came back inside the window.
alter table tms_shipment_geofence add column eta_late boolean not null default false;

-- the rule (alert rules, dict alert_rule_type ETA_LATE): an administrator disables it or tunes its tolerance
insert into base_alert_rule(code, name, type, tolerance_minutes, remark, effective, create_by)
values ('AR-ETA-LATE', '预计晚于时间窗', 'ETA_LATE', 15, '送货站点的预计到达时间晚于其时间窗（计划到达时间）超过容差分钟时告警', true, 'system')
on conflict (code) do nothing;

-- printed tracking links (portal/print-links.ts): the address visitors open; empty = the one the printing browser used
insert into sys_config(config_name, config_key, config_value, config_type, remark, create_by) values
  ('跟踪链接公网地址', 'tms.tracking.publicUrl', '', true, '打印在运单上的跟踪链接与二维码所用的地址（如 https://tms.example.com）；为空时使用打印时浏览器访问的地址', 'system')
on conflict (config_key) do nothing;
