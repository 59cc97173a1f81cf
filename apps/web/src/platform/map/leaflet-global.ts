/** Exposes Leaflet as the global `L` for plugins built as browser scripts (Leaflet-Geoman). */
import L from 'leaflet';

(globalThis as unknown as { L: typeof L }).L = L;
