/** The planned stops of shipments with their stations' coordinates and e-fences, in route order. */
import type { Queryable } from '../../platform/db.ts';
import { DEFAULT_FENCE_KM, type Stop } from './rules.ts';

export interface StationStop extends Stop {
  stationId: number;
}

/** Stop rows in order; a shipment without stop rows uses its waybills' source stations, then their destinations. */
export async function shipmentStops(q: Queryable, ids: number[]): Promise<Map<number, StationStop[]>> {
  const out = new Map<number, StationStop[]>();
  if (!ids.length) return out;
  const r = await q.query<{ shipment_id: number; station_id: number; name: string; lng: number; lat: number; fence: number | null }>(
    `with stops as (
       select p.shipment_id, p.seq::bigint as ord, p.station_id from tms_shipment_stop p where p.shipment_id = any($1::bigint[])
       union all
       select w.shipment_id, x.ord, x.station_id
         from tms_waybill w cross join lateral (values (w.id * 2, w.source_station_id), (1000000000000 + w.id * 2, w.dest_station_id)) x(ord, station_id)
        where w.shipment_id = any($1::bigint[]) and not exists (select 1 from tms_shipment_stop p where p.shipment_id = w.shipment_id)
     )
     select st.shipment_id, b.id as station_id, b.name, b.longitude::float8 as lng, b.latitude::float8 as lat, b.fence_distance::float8 as fence
       from stops st join base_station b on b.id = st.station_id
      where b.longitude is not null and b.latitude is not null
      order by st.shipment_id, st.ord`,
    [ids],
  );
  for (const row of r.rows) {
    const list = out.get(row.shipment_id) ?? [];
    // the same station twice in a row (two waybills from one place) is one stop
    if (list.at(-1)?.stationId !== row.station_id) list.push({ stationId: row.station_id, name: row.name, lng: row.lng, lat: row.lat, fence: row.fence ?? DEFAULT_FENCE_KM });
    out.set(row.shipment_id, list);
  }
  return out;
}
