-- The order list's totals within 5x of its page (issue 20): a coarser level of the order rollup (0076), per month.
-- tms_order_rollup_month holds the same sums per (dispatch center, client, carrier, order month, status, source,
-- locked), order_month being the first day of the month. A center's three years are ~200 rows here against ~6,600 in
-- the day level: the list sums the whole months of a request's period (all of them when it has none) from here and
-- only the partial months at the period's edges from the day level. Kept by the same statement-level triggers, in the
-- same transaction: one more grouped upsert per statement (a handful of rows for a review or an import).
-- The day level gains an index on (center, day): a period's edge days are read without walking the center's rows.

-- the day level's columns, the day as the first day of its month
create table tms_order_rollup_month (like tms_order_rollup including defaults);
alter table tms_order_rollup_month rename column order_date to order_month;
alter table tms_order_rollup_month
  add constraint tms_order_rollup_month_key unique nulls not distinct (dispatch_center_id, client_id, order_month, status, source, is_lock, carrier_id);

create index tms_order_rollup_center_day on tms_order_rollup (dispatch_center_id, order_date);

-- the rows of a statement (new rows +1, old rows -1), grouped, added to each level (the day, its month); groups
-- that net to nothing are skipped
create or replace function tms_order_rollup_apply() returns trigger language plpgsql as $$
declare
  cols constant text := 'dispatch_center_id, client_id, carrier_id, order_date, status, source, is_lock';
  plus constant text := format('select %s, 1 as n, total_weight as w, total_volume as v, total_quantity as q from tms_order_new', cols);
  minus constant text := format('select %s, -1 as n, -total_weight as w, -total_volume as v, -total_quantity as q from tms_order_old', cols);
  changes constant text := case tg_op when 'INSERT' then plus when 'DELETE' then minus else plus || ' union all ' || minus end;
  lvl record;
begin
  for lvl in select * from (values ('tms_order_rollup', 'order_date'), ('tms_order_rollup_month', 'order_month')) v(tbl, period) loop
    execute format(
      $q$insert into %1$I as r (%2$s, orders, total_weight, total_volume, total_quantity)
         select %2$s, sum(n), sum(w), sum(v), sum(q)
           from (select *, date_trunc('month', order_date)::date as order_month from (%3$s) x) d
          group by %2$s
         having sum(n) <> 0 or sum(w) <> 0 or sum(v) <> 0 or sum(q) <> 0
          order by %2$s
         on conflict on constraint %4$I do update
            set orders = r.orders + excluded.orders, total_weight = r.total_weight + excluded.total_weight,
                total_volume = r.total_volume + excluded.total_volume, total_quantity = r.total_quantity + excluded.total_quantity$q$,
      lvl.tbl, replace(cols, 'order_date', lvl.period), changes, lvl.tbl || '_key');
  end loop;
  return null;
end $$;

create or replace function tms_order_rollup_cleared() returns trigger language plpgsql as $$
begin
  delete from tms_order_rollup;
  delete from tms_order_rollup_month;
  return null;
end $$;

-- the month level computed again from the day level (exact already: no need to read the orders)
create function tms_order_rollup_months() returns void language plpgsql as $$
begin
  delete from tms_order_rollup_month;
  insert into tms_order_rollup_month (dispatch_center_id, client_id, carrier_id, order_month, status, source, is_lock, orders, total_weight, total_volume, total_quantity)
  select dispatch_center_id, client_id, carrier_id, date_trunc('month', order_date)::date, status, source, is_lock, sum(orders), sum(total_weight), sum(total_volume), sum(total_quantity)
    from tms_order_rollup
   group by 1, 2, 3, 4, 5, 6, 7;
end $$;

-- both levels computed again from the orders (a bulk load that bypassed the triggers calls it): 0076's day level, then the months
alter function tms_order_rollup_rebuild() rename to tms_order_rollup_rebuild_days;
create function tms_order_rollup_rebuild() returns void language plpgsql as $$
begin
  perform tms_order_rollup_rebuild_days();
  perform tms_order_rollup_months();
end $$;

select tms_order_rollup_months();
