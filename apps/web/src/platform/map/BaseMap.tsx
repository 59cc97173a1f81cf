/**
 * The shared Leaflet base map (react-leaflet 5). Tiles come from the configured source; when they cannot
 * load (offline, blocked, no source configured) the map keeps a neutral grid background and every shape
 * and marker drawn as children still shows. Load it through `LazyBaseMap` (index.ts) so Leaflet stays
 * out of the main bundle.
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import L, { type LatLngBoundsExpression, type LatLngExpression, type Map as LeafletMap } from 'leaflet';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { DEFAULT_CENTER, useMapConfig } from './config.ts';
import './map.css';

// bundlers break Leaflet's own icon path detection: point the default marker at the bundled images
L.Icon.Default.mergeOptions({ iconUrl: markerIcon, iconRetinaUrl: markerIcon2x, shadowUrl: markerShadow });

// Leaflet 1.9 finishes a zoom animation from a 250 ms timer that removing the map does not cancel
// (Leaflet/Leaflet#9575, #6775): a modal closed right after a zoom threw "reading '_leaflet_pos'".
// A removed map has no pane left; its late transition end has nothing to do.
type ZoomEnd = { _mapPane?: HTMLElement; _onZoomTransitionEnd: () => void };
const mapProto = L.Map.prototype as unknown as ZoomEnd;
const finishZoom = mapProto._onZoomTransitionEnd;
mapProto._onZoomTransitionEnd = function (this: ZoomEnd) {
  if (this._mapPane) finishZoom.call(this);
};

export interface BaseMapProps {
  center?: LatLngExpression;
  zoom?: number;
  /** fit the view to these bounds whenever they change (e.g. the drawn shapes); wins over center / zoom */
  bounds?: LatLngBoundsExpression | null;
  height?: number | string;
  style?: CSSProperties;
  className?: string;
  /** react-leaflet layers: markers, polygons, polylines, controls */
  children?: ReactNode;
  /** the Leaflet map once created (imperative work: drawing tools, animation) */
  onReady?: (map: LeafletMap) => void;
  'data-testid'?: string;
}

/** After this many failed tiles with none loaded the tile layer is dropped: the grid alone is calmer. */
const OFFLINE_AFTER = 4;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function Tiles({ url, attribution, onOffline }: { url: string; attribution: string; onOffline: () => void }) {
  const stats = useRef({ loaded: 0, failed: 0 });
  const handlers = useMemo(
    () => ({
      tileload: () => void (stats.current.loaded += 1),
      tileerror: () => {
        stats.current.failed += 1;
        if (!stats.current.loaded && stats.current.failed >= OFFLINE_AFTER) onOffline();
      },
    }),
    [onOffline],
  );
  // attribution is configured text: Leaflet writes it as HTML, so escape it
  return <TileLayer url={url} attribution={escapeHtml(attribution)} eventHandlers={handlers} maxZoom={19} crossOrigin={false} />;
}

function Ready({ onReady, bounds }: { onReady?: (map: LeafletMap) => void; bounds?: LatLngBoundsExpression | null }) {
  const map = useMap();
  useEffect(() => {
    onReady?.(map);
    // the container may have been sized after mount (drawers, tabs): measure again
    const t = setTimeout(() => map.invalidateSize(), 200);
    return () => clearTimeout(t);
  }, [map, onReady]);
  const key = bounds ? JSON.stringify(bounds) : '';
  useEffect(() => {
    if (!bounds) return;
    const b = L.latLngBounds(bounds as L.LatLngBoundsLiteral);
    if (b.isValid()) map.fitBounds(b, { padding: [24, 24], maxZoom: 16 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- bounds by value
  }, [map, key]);
  return null;
}

export default function BaseMap({ center = DEFAULT_CENTER, zoom = 11, bounds, height = 360, style, className, children, onReady, ...rest }: BaseMapProps) {
  const { t } = useTranslation();
  const cfg = useMapConfig();
  const [offline, setOffline] = useState(false);
  const markOffline = useMemo(() => () => setOffline(true), []);
  const tileUrl = cfg.data?.tileUrl ?? '';
  const noTiles = cfg.isError || (cfg.isSuccess && !tileUrl) || offline;
  return (
    <div className="tms-basemap-wrap" data-testid={rest['data-testid'] ?? 'base-map'} data-tiles={noTiles ? 'off' : 'on'}>
      <MapContainer
        center={center}
        zoom={zoom}
        className={['tms-basemap', className].filter(Boolean).join(' ')}
        style={{ height, width: '100%', ...style }}
        scrollWheelZoom
        attributionControl
      >
        {!noTiles && tileUrl && <Tiles url={tileUrl} attribution={cfg.data?.attribution ?? ''} onOffline={markOffline} />}
        <Ready onReady={onReady} bounds={bounds} />
        {children}
      </MapContainer>
      {noTiles && cfg.isFetched && <div className="tms-basemap-offline">{t('map.noTiles')}</div>}
    </div>
  );
}
