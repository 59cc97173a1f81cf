-- Rating (issue 14, session 16): the keys of a charge and of a waybill's rating to their waybill (and its dispatch
-- center), a charge's to its dispatch order and a rating's to its client are checked once per SQL statement over the
-- rows it wrote, instead of once per row. Reviewing 10,000 orders writes 40,000 charges and 10,000 ratings: their six
-- row-level keys to tms_waybill, sys_dispatch_center, tms_shipment and base_client cost ~1.0–1.2 s of the rating's
-- 2.4 s (EXPLAIN ANALYZE, bench/README.md "Rating, session 16"; the dispatch order's key 0.04–0.13 s for nothing: a
-- receivable charge has none): a row-level key costs a trigger call and a look-up per row. The same guarantees, held
-- as a key holds them:
-- - a charge or rating names an existing waybill OF ITS CENTER (before: an existing waybill and an existing center,
--   not necessarily the waybill's; the center exists as tms_waybill's own key says), a charge's dispatch order, when it
--   has one, and a rating's client exist: checked after each INSERT over its rows (transition table), each row named
--   once, locked `for key share` as a key's check locks it (not deleted nor re-keyed until the writer commits); an
--   UPDATE that changes one of these columns is checked per row (`when` the key changed: a re-rating's update of
--   400,000 charges changes none); refused with 23503 naming the key (fin_charge_waybill_fkey,
--   fin_charge_dispatch_order_fkey, fin_waybill_rating_waybill_fkey, fin_waybill_rating_client_id_fkey);
-- - deleting a waybill deletes its charges and rating, deleting a dispatch order its charges (on delete cascade as
--   before, once per statement); changing the id or center of a waybill, or the id of a dispatch order or client, that
--   a charge or rating names, or deleting such a client, is refused (23503).
-- A rating's contract keeps its row-level key (a re-rating moves 100,000 ratings to a new version: checked then only).
-- The waybill's key includes the distribution key (docs/scale-out.md): a charge and its waybill are on one shard.
-- apps/server/test/finance-rating.test.ts ("the keys of charges and ratings") proves each refusal and cascade.

alter table fin_charge
  drop constraint fin_charge_waybill_id_fkey,
  drop constraint fin_charge_dispatch_center_id_fkey,
  drop constraint fin_charge_dispatch_order_id_fkey;
alter table fin_waybill_rating
  drop constraint fin_waybill_rating_waybill_id_fkey,
  drop constraint fin_waybill_rating_dispatch_center_id_fkey,
  drop constraint fin_waybill_rating_client_id_fkey;

-- the waybills (with their center) and dispatch orders the rows of `added` name exist: locked key share, else 23503.
-- Each (waybill, center) named once: the rows of a statement name a few per waybill (a review: 4 charges a waybill).
create function fin_rating_keys_added() returns trigger language plpgsql as $$
declare
  named bigint;
  present bigint;
begin
  with k as materialized (select distinct a.waybill_id, a.dispatch_center_id from added a),
       l as (select w.id from tms_waybill w join k on w.id = k.waybill_id and w.dispatch_center_id = k.dispatch_center_id order by w.id for key share of w)
  select (select count(*) from k), (select count(*) from l) into named, present;
  if named <> present then
    raise exception 'insert or update on table "%" violates foreign key constraint "%_waybill_fkey"', tg_table_name, tg_table_name using errcode = 'foreign_key_violation';
  end if;
  if tg_table_name = 'fin_charge' then
    with k as materialized (select distinct a.dispatch_order_id as id from added a where a.dispatch_order_id is not null),
         l as (select s.id from tms_shipment s join k on s.id = k.id order by s.id for key share of s)
    select (select count(*) from k), (select count(*) from l) into named, present;
    if named <> present then
      raise exception 'insert or update on table "fin_charge" violates foreign key constraint "fin_charge_dispatch_order_fkey"' using errcode = 'foreign_key_violation';
    end if;
  else
    -- a rating's client (its contract keeps its row-level key: a re-rating moves 100,000 ratings to a new version, a
    -- key checked only then, per row)
    with k as materialized (select distinct a.client_id as id from added a),
         l as (select c.id from base_client c join k on c.id = k.id order by c.id for key share of c)
    select (select count(*) from k), (select count(*) from l) into named, present;
    if named <> present then
      raise exception 'insert or update on table "fin_waybill_rating" violates foreign key constraint "fin_waybill_rating_client_id_fkey"' using errcode = 'foreign_key_violation';
    end if;
  end if;
  return null;
end $$;
create trigger fin_charge_keys_added after insert on fin_charge referencing new table as added
  for each statement execute function fin_rating_keys_added();
create trigger fin_waybill_rating_keys_added after insert on fin_waybill_rating referencing new table as added
  for each statement execute function fin_rating_keys_added();

-- an update that changes a key column: that row checked (as a row-level key does only then)
create function fin_rating_keys_changed() returns trigger language plpgsql as $$
begin
  perform 1 from tms_waybill w where w.id = new.waybill_id and w.dispatch_center_id = new.dispatch_center_id for key share;
  if not found then
    raise exception 'insert or update on table "%" violates foreign key constraint "%_waybill_fkey"', tg_table_name, tg_table_name using errcode = 'foreign_key_violation';
  end if;
  if tg_table_name = 'fin_charge' then
    if new.dispatch_order_id is not null then
      perform 1 from tms_shipment s where s.id = new.dispatch_order_id for key share;
      if not found then
        raise exception 'insert or update on table "fin_charge" violates foreign key constraint "fin_charge_dispatch_order_fkey"' using errcode = 'foreign_key_violation';
      end if;
    end if;
  else
    perform 1 from base_client c where c.id = new.client_id for key share;
    if not found then
      raise exception 'insert or update on table "fin_waybill_rating" violates foreign key constraint "fin_waybill_rating_client_id_fkey"' using errcode = 'foreign_key_violation';
    end if;
  end if;
  return null;
end $$;
create trigger fin_charge_keys_changed after update on fin_charge for each row
  when (new.waybill_id is distinct from old.waybill_id or new.dispatch_center_id is distinct from old.dispatch_center_id or new.dispatch_order_id is distinct from old.dispatch_order_id)
  execute function fin_rating_keys_changed();
create trigger fin_waybill_rating_keys_changed after update on fin_waybill_rating for each row
  when (new.waybill_id is distinct from old.waybill_id or new.dispatch_center_id is distinct from old.dispatch_center_id
        or new.client_id is distinct from old.client_id)
  execute function fin_rating_keys_changed();

-- the referenced side: deleting cascades (once per statement), re-keying what is named is refused
create function fin_rating_refs_gone() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'tms_waybill' then
    delete from fin_charge c where c.waybill_id in (select g.id from gone g);
    delete from fin_waybill_rating r where r.waybill_id in (select g.id from gone g);
  else
    delete from fin_charge c where c.dispatch_order_id in (select g.id from gone g);
  end if;
  return null;
end $$;
create trigger fin_rating_refs_gone after delete on tms_waybill referencing old table as gone
  for each statement execute function fin_rating_refs_gone();
create trigger fin_rating_refs_gone after delete on tms_shipment referencing old table as gone
  for each statement execute function fin_rating_refs_gone();

create function fin_rating_refs_fixed() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'tms_waybill' then
    if exists (select 1 from fin_charge c where c.waybill_id = old.id and c.dispatch_center_id = old.dispatch_center_id)
       or exists (select 1 from fin_waybill_rating r where r.waybill_id = old.id and r.dispatch_center_id = old.dispatch_center_id) then
      raise exception 'update or delete on table "tms_waybill" violates foreign key constraint "fin_charge_waybill_fkey"' using errcode = 'foreign_key_violation';
    end if;
  elsif exists (select 1 from fin_charge c where c.dispatch_order_id = old.id) then
    raise exception 'update or delete on table "tms_shipment" violates foreign key constraint "fin_charge_dispatch_order_fkey"' using errcode = 'foreign_key_violation';
  end if;
  return new;
end $$;
-- a client that ratings name is not deleted nor re-keyed (as its key refused it, 23503)
create function fin_rating_clients_named() returns trigger language plpgsql as $$
begin
  if exists (select 1 from fin_waybill_rating r where r.client_id in (select g.id from gone g)) then
    raise exception 'update or delete on table "base_client" violates foreign key constraint "fin_waybill_rating_client_id_fkey" on table "fin_waybill_rating"' using errcode = 'foreign_key_violation';
  end if;
  return null;
end $$;
create trigger fin_rating_clients_named after delete on base_client referencing old table as gone
  for each statement execute function fin_rating_clients_named();
create trigger fin_rating_clients_fixed before update of id on base_client for each row when (new.id <> old.id) execute function fin_statement_line_refs_fixed();

create trigger fin_rating_refs_fixed before update of id, dispatch_center_id on tms_waybill for each row
  when (new.id <> old.id or new.dispatch_center_id <> old.dispatch_center_id) execute function fin_rating_refs_fixed();
create trigger fin_rating_refs_fixed before update of id on tms_shipment for each row
  when (new.id <> old.id) execute function fin_rating_refs_fixed();
