-- Data groups reach the tracking rows (menus "order tracking" and "business log", the workplace's recent
-- operations): a row is seen where the records it tells of are. scope_client_id is the client of its waybill
-- or order, null for a row of a shipment alone (shipments have no client); scope_carrier_id the carrier of its
-- shipment or waybill, null for a row of an order alone (orders are not kept per carrier). A record that is
-- gone, or has no client / carrier, counts as 0: no data group holds it.
create or replace view tms_order_tracking_v as
select t.id, t.dispatch_center_id, t.order_id, o.code as order_code, t.waybill_id, w.code as waybill_code, t.shipment_id, s.shipment_code,
       s.carrier_id, t.operation_type, t.related_code, t.operator_id, t.operator_name, t.operation_time, t.driver_id, t.remark,
       case when t.waybill_id is not null or t.order_id is not null then coalesce(w.client_id, o.client_id, 0) end as scope_client_id,
       case when t.shipment_id is not null then coalesce(s.carrier_id, 0) when t.waybill_id is not null then coalesce(w.carrier_id, 0) end as scope_carrier_id
  from tms_order_tracking t
  left join tms_order o on o.id = t.order_id
  left join tms_waybill w on w.id = t.waybill_id
  left join tms_shipment s on s.id = t.shipment_id;

create or replace view tms_shipment_log_v as
select * from tms_order_tracking_v where shipment_id is not null;
