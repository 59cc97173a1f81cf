-- The order list's totals within 5x of its page (issue 20): a coarser level of the order rollup (0076), per month.
-- tms_order_rollup_month holds the same sums per (dispatch center, client, carrier, order month, status, source,
-- locked), order_month being the first day of the month. A center's three years are ~200 rows here against ~6,600 in
-- the day level: the list sums the whole months of a request's period (all of them when it has none) from here and
-- only the partial months at the period's edges from the day level. Kept by the same statement-level triggers, in the
-- same transaction: one more grouped upsert per statement (a handful of rows for a review or an import).
-- The day level gains an index on (center, day): a period's edge days are read without walking the center's rows.

create table tms_order_rollup_month (
  dispatch_center_id bigint not null,
  client_id bigint not null,
  carrier_id bigint,
  order_month date not null,
  status varchar(20) not null,
  source varchar(20) not null,
  is_lock boolean not null,
  orders bigint not null,
  total_weight numeric not null,
  total_volume numeric not null,
  total_quantity numeric not null,
  constraint tms_order_rollup_month_key unique nulls not distinct (dispatch_center_id, client_id, order_month, status, source, is_lock, carrier_id)
);

create index tms_order_rollup_center_day on tms_order_rollup (dispatch_center_id, order_date);

-- the rows of a statement (new rows +1, old rows -1), grouped, added to both levels; groups that net to nothing are skipped
create or replace function tms_order_rollup_apply() returns trigger language plpgsql as $$
declare
  cols constant text := 'dispatch_center_id, client_id, carrier_id, order_date, status, source, is_lock';
  mcols constant text := 'dispatch_center_id, client_id, carrier_id, order_month, status, source, is_lock';
  plus constant text := format('select %s, 1 as n, total_weight as w, total_volume as v, total_quantity as q from tms_order_new', cols);
  minus constant text := format('select %s, -1 as n, -total_weight as w, -total_volume as v, -total_quantity as q from tms_order_old', cols);
  rows_of text := case tg_op when 'INSERT' then plus when 'DELETE' then minus else plus || ' union all ' || minus end;
  sums constant text := 'orders = r.orders + excluded.orders, total_weight = r.total_weight + excluded.total_weight,
              total_volume = r.total_volume + excluded.total_volume, total_quantity = r.total_quantity + excluded.total_quantity';
begin
  execute format(
    $q$insert into tms_order_rollup as r (%1$s, orders, total_weight, total_volume, total_quantity)
       select %1$s, sum(n), sum(w), sum(v), sum(q) from (%2$s) d
        group by %1$s
       having sum(n) <> 0 or sum(w) <> 0 or sum(v) <> 0 or sum(q) <> 0
        order by %1$s
       on conflict on constraint tms_order_rollup_key do update set %3$s$q$,
    cols, rows_of, sums);
  execute format(
    $q$insert into tms_order_rollup_month as r (%1$s, orders, total_weight, total_volume, total_quantity)
       select %1$s, sum(n), sum(w), sum(v), sum(q) from (select *, date_trunc('month', order_date)::date as order_month from (%2$s) x) d
        group by %1$s
       having sum(n) <> 0 or sum(w) <> 0 or sum(v) <> 0 or sum(q) <> 0
        order by %1$s
       on conflict on constraint tms_order_rollup_month_key do update set %3$s$q$,
    mcols, rows_of, sums);
  return null;
end $$;

create or replace function tms_order_rollup_cleared() returns trigger language plpgsql as $$
begin
  delete from tms_order_rollup;
  delete from tms_order_rollup_month;
  return null;
end $$;

-- both levels computed again from the orders (the backfill below; a bulk load that bypassed the triggers calls it)
create or replace function tms_order_rollup_rebuild() returns void language plpgsql as $$
begin
  delete from tms_order_rollup;
  insert into tms_order_rollup (dispatch_center_id, client_id, carrier_id, order_date, status, source, is_lock, orders, total_weight, total_volume, total_quantity)
  select dispatch_center_id, client_id, carrier_id, order_date, status, source, is_lock, count(*), sum(total_weight), sum(total_volume), sum(total_quantity)
    from tms_order
   group by dispatch_center_id, client_id, order_date, status, source, is_lock, carrier_id;
  delete from tms_order_rollup_month;
  insert into tms_order_rollup_month (dispatch_center_id, client_id, carrier_id, order_month, status, source, is_lock, orders, total_weight, total_volume, total_quantity)
  select dispatch_center_id, client_id, carrier_id, date_trunc('month', order_date)::date, status, source, is_lock, sum(orders), sum(total_weight), sum(total_volume), sum(total_quantity)
    from tms_order_rollup
   group by 1, 2, 3, 4, 5, 6, 7;
end $$;

-- the month level from the day level (exact already; no need to read the orders again)
insert into tms_order_rollup_month (dispatch_center_id, client_id, carrier_id, order_month, status, source, is_lock, orders, total_weight, total_volume, total_quantity)
select dispatch_center_id, client_id, carrier_id, date_trunc('month', order_date)::date, status, source, is_lock, sum(orders), sum(total_weight), sum(total_volume), sum(total_quantity)
  from tms_order_rollup
 group by 1, 2, 3, 4, 5, 6, 7;
