/** The tile source of every map, from system config (GET /baseinfo/map/config), shared through TanStack Query. */
import { useQuery } from '@tanstack/react-query';
import { get } from '../http.ts';

export interface MapConfig {
  /** Leaflet URL template; '' = no tiles (shapes on the plain grid) */
  tileUrl: string;
  /** plain text shown in the corner */
  attribution: string;
}

export function useMapConfig() {
  return useQuery({ queryKey: ['mapConfig'], queryFn: () => get<MapConfig>('/baseinfo/map/config', undefined, { silent: true }), staleTime: 10 * 60_000 });
}

/** Shanghai: where the demo data lives and where an empty map opens. */
export const DEFAULT_CENTER: [number, number] = [31.23, 121.47];
