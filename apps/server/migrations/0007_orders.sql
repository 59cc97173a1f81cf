-- Orders at scale (bench/orders.ts, 1,000,000 orders × 3 lines): the foreign-key checks of deletes
-- need an index on the referencing column, else each deleted row scans the referencing table.
-- Retracting orders deletes their waybills (self reference of split parts); editing or deleting an
-- order deletes its lines (referenced by the waybill lines copied from them).
create index tms_waybill_parent on tms_waybill(parent_waybill_id) where parent_waybill_id is not null;
create index tms_waybill_line_order_line on tms_waybill_line(order_line_id);
