-- Issue 4 maps: zone shapes (polygon or circle) and station e-fences drawn on the map.
-- Zone: shape_type POLYGON → geometry holds a GeoJSON Polygon ([lng, lat] rings);
--       shape_type CIRCLE  → center_longitude / center_latitude and radius (km).
alter table base_zone
  add column shape_type varchar(10) check (shape_type in ('POLYGON', 'CIRCLE')),
  add column center_longitude numeric(16,6),
  add column center_latitude numeric(16,6),
  add column radius numeric(13,3);

-- Station e-fence: CIRCLE = fence_distance (km) around the station's longitude / latitude;
-- POLYGON = fence_geometry, a GeoJSON Polygon drawn around the station.
alter table base_station
  add column fence_type varchar(10) not null default 'CIRCLE' check (fence_type in ('POLYGON', 'CIRCLE')),
  add column fence_geometry jsonb;
