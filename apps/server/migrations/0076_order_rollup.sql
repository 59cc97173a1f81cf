-- Order totals at ten million orders (issue 20): the order list's totals (count, weight, volume, pieces) and the
-- order report read a rollup instead of aggregating every matching order on each request.
-- One row per (dispatch center, client, carrier, order day, status, source, locked); the columns keep the names of
-- tms_order's, so the list's WHERE (data scope + the filters on these columns) applies to either table unchanged.
-- Kept exact in the same transaction by statement-level triggers with transition tables: one grouped upsert per
-- statement, whatever the number of rows (a bulk review or an import of 100,000 orders is one statement each).
-- Rows whose counts fall to zero stay (they add nothing); the upserts take their rows in key order.

create table tms_order_rollup (
  dispatch_center_id bigint not null,
  client_id bigint not null,
  carrier_id bigint,
  order_date date not null,
  status varchar(20) not null,
  source varchar(20) not null,
  is_lock boolean not null,
  orders bigint not null,
  total_weight numeric not null,
  total_volume numeric not null,
  total_quantity numeric not null,
  constraint tms_order_rollup_key unique nulls not distinct (dispatch_center_id, client_id, order_date, status, source, is_lock, carrier_id)
);

-- the rows of a statement (new rows +1, old rows -1), grouped, added to the rollup; groups that net to nothing are skipped
create function tms_order_rollup_apply() returns trigger language plpgsql as $$
declare
  cols constant text := 'dispatch_center_id, client_id, carrier_id, order_date, status, source, is_lock';
  plus constant text := format('select %s, 1 as n, total_weight as w, total_volume as v, total_quantity as q from tms_order_new', cols);
  minus constant text := format('select %s, -1 as n, -total_weight as w, -total_volume as v, -total_quantity as q from tms_order_old', cols);
begin
  execute format(
    $q$insert into tms_order_rollup as r (%1$s, orders, total_weight, total_volume, total_quantity)
       select %1$s, sum(n), sum(w), sum(v), sum(q) from (%2$s) d
        group by %1$s
       having sum(n) <> 0 or sum(w) <> 0 or sum(v) <> 0 or sum(q) <> 0
        order by %1$s
       on conflict on constraint tms_order_rollup_key do update
          set orders = r.orders + excluded.orders, total_weight = r.total_weight + excluded.total_weight,
              total_volume = r.total_volume + excluded.total_volume, total_quantity = r.total_quantity + excluded.total_quantity$q$,
    cols,
    case tg_op when 'INSERT' then plus when 'DELETE' then minus else plus || ' union all ' || minus end);
  return null;
end $$;

create trigger tms_order_rollup_insert after insert on tms_order referencing new table as tms_order_new
  for each statement execute function tms_order_rollup_apply();
create trigger tms_order_rollup_update after update on tms_order referencing old table as tms_order_old new table as tms_order_new
  for each statement execute function tms_order_rollup_apply();
create trigger tms_order_rollup_delete after delete on tms_order referencing old table as tms_order_old
  for each statement execute function tms_order_rollup_apply();

create function tms_order_rollup_cleared() returns trigger language plpgsql as $$
begin
  delete from tms_order_rollup;
  return null;
end $$;
create trigger tms_order_rollup_truncate after truncate on tms_order for each statement execute function tms_order_rollup_cleared();

-- the rollup computed again from the orders (the backfill below; a bulk load that bypassed the triggers calls it)
create function tms_order_rollup_rebuild() returns void language plpgsql as $$
begin
  delete from tms_order_rollup;
  insert into tms_order_rollup (dispatch_center_id, client_id, carrier_id, order_date, status, source, is_lock, orders, total_weight, total_volume, total_quantity)
  select dispatch_center_id, client_id, carrier_id, order_date, status, source, is_lock, count(*), sum(total_weight), sum(total_volume), sum(total_quantity)
    from tms_order
   group by dispatch_center_id, client_id, order_date, status, source, is_lock, carrier_id;
end $$;

select tms_order_rollup_rebuild();
