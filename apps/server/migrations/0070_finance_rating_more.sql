-- Rating (issue 14), what was left: percentage charges, waiting time, declared value, lanes by district.
--   * rate lines: bases of 20 characters (PCT_FREIGHT: % of the freight charge, PCT_VALUE: % of the declared
--     value, HOUR: per hour of waiting), a free quantity deducted before pricing (the free waiting time), and a
--     period (valid from / to, both optional: a fuel surcharge per contract and period);
--   * orders and waybills: the declared value of the goods (insurance, allocation by declared value);
--   * stations: the district (county, or a city / province) they are in, so lanes by province / city / county
--     match; base_station_place gives each station its zone, county, city and province in one row.
alter table fin_rate_line
  alter column basis type varchar(20),
  add column free_qty numeric(14,3),
  add column valid_from date,
  add column valid_to date;

alter table tms_order add column declared_value numeric(14,2);
alter table tms_waybill add column declared_value numeric(14,2);

alter table base_station add column district_id bigint references sys_district(id);
create index base_station_district_id on base_station(district_id);

-- a station's lane points: its location's zone and its district's county (depth 3), city (2) and province (1)
create view base_station_place as
  select s.id as station_id, l.zone_id,
         case when d0.depth = 3 then d0.id when d1.depth = 3 then d1.id when d2.depth = 3 then d2.id end as county_id,
         case when d0.depth = 2 then d0.id when d1.depth = 2 then d1.id when d2.depth = 2 then d2.id when d3.depth = 2 then d3.id end as city_id,
         case when d0.depth = 1 then d0.id when d1.depth = 1 then d1.id when d2.depth = 1 then d2.id when d3.depth = 1 then d3.id end as province_id
    from base_station s
    left join base_location l on l.id = s.location_id
    left join sys_district d0 on d0.id = s.district_id
    left join sys_district d1 on d1.id = d0.parent_id
    left join sys_district d2 on d2.id = d1.parent_id
    left join sys_district d3 on d3.id = d2.parent_id;
