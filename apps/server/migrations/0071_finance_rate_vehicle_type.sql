-- Rating (issue 14): a rate line may be limited to a vehicle type (the dispatch order's main vehicle's type);
-- none = every vehicle. On the same lane a line for the vehicle's type beats one for any vehicle.
alter table fin_rate_line add column vehicle_type_id bigint references base_transport_means_type(id);
