/** Leaflet-Geoman's drawing and editing tools. Its bundle reads the global `L`, so Leaflet is exposed first. */
import './leaflet-global.ts';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
