-- Foreign keys of receipts that deletes of waybill lines and orders check: without an index each
-- such delete scans the receipt tables (found by the order bench: retracting 10,000 orders).
create index if not exists tms_epod_line_waybill_line on tms_epod_line(waybill_line_id);
create index if not exists tms_epod_order on tms_epod(order_id);
create index if not exists tms_epod_waybill on tms_epod(waybill_id);
