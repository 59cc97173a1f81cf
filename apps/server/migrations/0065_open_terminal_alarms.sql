-- Fleet monitor (issue 19): every batch of positions asks which of its vehicles have an open terminal alarm alert
-- (fleet/ingest.ts OPEN_ALARM_FROM), so the live 'fleet' rows carry the vehicle's alarm state. The open terminal
-- alarms are few among all alerts: a partial index finds them without reading the handled ones.
create index shipment_alert_open_terminal on shipment_alert(shipment_id)
  where status = 'NEW' and alert_type in ('TERMINAL_EMERGENCY', 'TERMINAL_OVERSPEED', 'TERMINAL_FATIGUE');
