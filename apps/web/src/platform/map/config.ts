/** The tile source of every map, from system config (GET /baseinfo/map/config), shared through TanStack Query. */
import { useQuery } from '@tanstack/react-query';
import { MiscApi } from '@tms/domain';
import { callData, type DataOf } from '../api.ts';

/** `tileUrl`: the Leaflet URL template ('' = no tiles: shapes on the plain grid); `attribution`: plain text shown in the corner */
export type MapConfig = DataOf<typeof MiscApi.endpoints.mapConfig>;

export function useMapConfig() {
  return useQuery({ queryKey: ['mapConfig'], queryFn: () => callData(MiscApi.endpoints.mapConfig, {}, { silent: true }), staleTime: 10 * 60_000 });
}

/** Shanghai: where the demo data lives and where an empty map opens. */
export const DEFAULT_CENTER: [number, number] = [31.23, 121.47];
