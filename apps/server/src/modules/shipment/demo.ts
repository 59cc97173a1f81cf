/**
 * Demo trajectories (seeded once): every shipped demo dispatch order gets a track from its first to its
 * last stop, one position a minute over its first hours, so the trajectory playback shows something.
 */
import type { Queryable } from '../../platform/db.ts';
import { refreshLastPositions } from '../fleet/ingest.ts';

export async function seedShipmentDemo(q: Queryable): Promise<void> {
  await q.query(
    `insert into tms_position(dispatch_center_id, shipment_id, vehicle_id, driver_id, lng, lat, speed, direction, reported_at, source)
     select s.dispatch_center_id, s.id, s.vehicle_id_main, s.driver_id_master,
            a.longitude + (b.longitude - a.longitude) * g / 240.0 + 0.01 * sin(g / 30.0),
            a.latitude + (b.latitude - a.latitude) * g / 240.0 + 0.006 * sin(g / 45.0),
            45 + 20 * abs(sin(g / 17.0)), 90, coalesce(s.atd, now()) + g * interval '1 minute', 'APP'
       from tms_shipment s
       join lateral (select st.longitude, st.latitude from tms_shipment_stop p join base_station st on st.id = p.station_id
                      where p.shipment_id = s.id and st.longitude is not null order by p.seq limit 1) a on true
       join lateral (select st.longitude, st.latitude from tms_shipment_stop p join base_station st on st.id = p.station_id
                      where p.shipment_id = s.id and st.longitude is not null order by p.seq desc limit 1) b on true
       cross join generate_series(0, 240) g
      where s.status in ('SHIPPED', 'COMPLETED') and not exists (select 1 from tms_position x where x.shipment_id = s.id)`,
  );
  // the fleet monitor's newest position of each vehicle
  await refreshLastPositions(q);
}
