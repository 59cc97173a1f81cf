-- The live ETA from the vehicle's recent speed (issue 17, fleet/geofence.ts): the smoothed road speed of each dispatch
-- order in progress and the position it was last updated from.
alter table tms_shipment_eta add column speed_kmh float8;
alter table tms_shipment_eta add column last_lng float8;
alter table tms_shipment_eta add column last_lat float8;
