/** The route of a dispatch order on a Leaflet map: its stops in order, numbered, joined by a line. */
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Stop } from './data.ts';

export default function RouteMap({ stops }: { stops: Stop[] }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current || !stops.length) return;
    const map = L.map(el.current, { attributionControl: false, zoomControl: true });
    if (navigator.onLine) L.tileLayer('https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}', { subdomains: '1234', maxZoom: 18 }).addTo(map);
    const pts = stops.map((s) => L.latLng(s.lat, s.lng));
    L.polyline(pts, { color: '#1677ff', weight: 4 }).addTo(map);
    stops.forEach((s, i) =>
      L.circleMarker(pts[i]!, { radius: 9, color: '#fff', weight: 2, fillColor: i === 0 ? '#1677ff' : '#00b578', fillOpacity: 1 })
        .bindTooltip(`${s.seq}. ${s.name}`, { permanent: true, direction: 'right' })
        .addTo(map),
    );
    map.fitBounds(L.latLngBounds(pts).pad(0.3), { maxZoom: 13 });
    return () => void map.remove();
  }, [stops]);
  return <div className="map" ref={el} data-testid="route-map" />;
}
