/**
 * The fleet monitor's drawing (issue 19): one canvas over the Leaflet map, redrawn in one animation frame when
 * something changed (data, live positions, pan, zoom) — no DOM element per vehicle. Zoomed out to
 * CLUSTER_MAX_ZOOM and below, the vehicles are clustered (supercluster, rebuilt at most once per data change and only
 * while clustering shows); each cluster is drawn in the colour of the state most of its vehicles are in, with its
 * count, and a red ring when one of them is in alarm. Zoomed in, every vehicle in view is a dot in its state's colour, with its plate when few
 * show. Dots of one colour are one path, filled once. A click picks the nearest dot or cluster (a cluster zooms in).
 */
import L from 'leaflet';
import Supercluster, { type PointFeature } from 'supercluster';

export type StateLetter = 'M' | 'S' | 'O' | 'A';
export interface MonitorVehicle {
  id: number;
  plate: string;
  carrierId: number | null;
  lng: number | null;
  lat: number | null;
  speed: number | null;
  direction: number | null;
  at: number | null;
  st: StateLetter;
  /** an open terminal alarm alert (the list's answer, then each live row's): alarm until it is handled */
  alarmOpen: boolean;
  /** JT/T 808 alarm flags of the last live report */
  alarm: number;
}

export const STATE_COLOURS: Record<StateLetter, string> = { M: '#389e0d', S: '#1677ff', O: '#8c8c8c', A: '#cf1322' };
export const CLUSTER_MAX_ZOOM = 11;
const DOT = 6;
const LABELS_UNDER = 300;

interface Props {
  A: number;
  M: number;
  S: number;
  O: number;
}
type Hit = { x: number; y: number; r: number; id?: number; cluster?: number; lng: number; lat: number };

export class FleetCanvas {
  private canvas: HTMLCanvasElement;
  private ctx: CanvasRenderingContext2D;
  private vehicles: MonitorVehicle[] = [];
  private index: Supercluster<{ i: number; st: StateLetter }, Props> | null = null;
  private indexStale = true;
  private frame = 0;
  private hits: Hit[] = [];
  private selected: number | null = null;
  /** what the last frame drew (for tests and tools, on the map's root) */
  stats = { dots: 0, clusters: 0, frames: 0 };

  constructor(
    private readonly map: L.Map,
    private readonly onPick: (id: number) => void,
    private readonly onDrawn?: (stats: { dots: number; clusters: number; frames: number }) => void,
  ) {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'tms-fleet-canvas';
    Object.assign(this.canvas.style, { position: 'absolute', left: '0', top: '0', zIndex: '450', pointerEvents: 'none' });
    map.getContainer().appendChild(this.canvas);
    this.ctx = this.canvas.getContext('2d')!;
    map.on('move resize moveend zoomend viewreset', this.request);
    map.on('zoomstart', this.hide);
    map.on('click', this.click);
    this.request();
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.map.off('move resize moveend zoomend viewreset', this.request);
    this.map.off('zoomstart', this.hide);
    this.map.off('click', this.click);
    this.canvas.remove();
  }

  /** a new set of vehicles (the list's answer) */
  setVehicles(vs: MonitorVehicle[]): void {
    this.vehicles = vs;
    this.changed();
  }

  /** positions or states changed in place */
  changed(): void {
    this.indexStale = true;
    this.request();
  }

  select(id: number | null): void {
    this.selected = id;
    this.request();
  }

  private hide = () => {
    this.canvas.style.visibility = 'hidden';
  };

  request = () => {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.draw());
  };

  private click = (e: L.LeafletMouseEvent) => {
    let best: Hit | null = null;
    let bestD = Infinity;
    for (const h of this.hits) {
      const d = Math.hypot(h.x - e.containerPoint.x, h.y - e.containerPoint.y);
      if (d <= h.r + 4 && d < bestD) [best, bestD] = [h, d];
    }
    if (!best) return;
    if (best.id !== undefined) this.onPick(best.id);
    else if (best.cluster !== undefined && this.index) this.map.setView([best.lat, best.lng], Math.min(this.index.getClusterExpansionZoom(best.cluster), CLUSTER_MAX_ZOOM + 1));
  };

  private buildIndex(): void {
    const features: PointFeature<{ i: number; st: StateLetter }>[] = [];
    this.vehicles.forEach((v, i) => {
      if (v.lng !== null && v.lat !== null) features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [v.lng, v.lat] }, properties: { i, st: v.st } });
    });
    this.index = new Supercluster<{ i: number; st: StateLetter }, Props>({
      // radius in screen pixels: Leaflet's tiles are 256 px
      radius: 60,
      extent: 256,
      maxZoom: CLUSTER_MAX_ZOOM,
      map: (p) => ({ A: +(p.st === 'A'), M: +(p.st === 'M'), S: +(p.st === 'S'), O: +(p.st === 'O') }),
      reduce: (acc, p) => {
        acc.A += p.A;
        acc.M += p.M;
        acc.S += p.S;
        acc.O += p.O;
      },
    }).load(features);
    this.indexStale = false;
  }

  private draw(): void {
    this.frame = 0;
    const size = this.map.getSize();
    const dpr = window.devicePixelRatio || 1;
    const c = this.canvas;
    if (c.width !== Math.round(size.x * dpr) || c.height !== Math.round(size.y * dpr)) {
      c.width = Math.round(size.x * dpr);
      c.height = Math.round(size.y * dpr);
      c.style.width = `${size.x}px`;
      c.style.height = `${size.y}px`;
    }
    const ctx = this.ctx;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, size.x, size.y);
    c.style.visibility = 'visible';
    const zoom = this.map.getZoom();
    const b = this.map.getBounds().pad(0.05);
    const hits: Hit[] = [];
    const paths: Record<StateLetter, Path2D> = { M: new Path2D(), S: new Path2D(), O: new Path2D(), A: new Path2D() };
    let dots = 0;
    let clusters = 0;
    const dot = (v: MonitorVehicle) => {
      const p = this.map.latLngToContainerPoint([v.lat!, v.lng!]);
      paths[v.st].moveTo(p.x + DOT, p.y);
      paths[v.st].arc(p.x, p.y, DOT, 0, Math.PI * 2);
      hits.push({ x: p.x, y: p.y, r: DOT, id: v.id, lng: v.lng!, lat: v.lat! });
      dots++;
      return p;
    };
    const labels: { x: number; y: number; text: string }[] = [];
    if (zoom <= CLUSTER_MAX_ZOOM) {
      if (this.indexStale || !this.index) this.buildIndex();
      const found = this.index!.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], Math.round(zoom));
      const bubbles: { x: number; y: number; r: number; n: number; colour: string; alarm: boolean }[] = [];
      for (const f of found) {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        const props = f.properties as Partial<Props> & { cluster?: boolean; cluster_id?: number; point_count?: number; i?: number };
        if (props.cluster) {
          const n = props.point_count!;
          const p = this.map.latLngToContainerPoint([lat, lng]);
          const r = Math.min(26, 11 + Math.log2(n) * 2);
          const st = (['M', 'S', 'O', 'A'] as StateLetter[]).reduce((a, b) => ((props[b] ?? 0) > (props[a] ?? 0) ? b : a));
          bubbles.push({ x: p.x, y: p.y, r, n, colour: STATE_COLOURS[st], alarm: (props.A ?? 0) > 0 });
          hits.push({ x: p.x, y: p.y, r, cluster: props.cluster_id!, lng, lat });
          clusters++;
        } else {
          const v = this.vehicles[props.i!];
          if (v && v.lat !== null) dot(v);
        }
      }
      this.fillDots(paths);
      ctx.font = '600 11px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (const u of bubbles) {
        ctx.beginPath();
        ctx.arc(u.x, u.y, u.r, 0, Math.PI * 2);
        ctx.fillStyle = u.colour;
        ctx.globalAlpha = 0.85;
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.lineWidth = u.alarm ? 3 : 2;
        ctx.strokeStyle = u.alarm ? STATE_COLOURS.A : '#fff';
        ctx.stroke();
        ctx.fillStyle = '#fff';
        ctx.fillText(String(u.n), u.x, u.y);
      }
    } else {
      for (const v of this.vehicles) {
        if (v.lat === null || v.lng === null || !b.contains([v.lat, v.lng])) continue;
        const p = dot(v);
        labels.push({ x: p.x, y: p.y, text: v.plate });
      }
      this.fillDots(paths);
      if (labels.length < LABELS_UNDER) {
        ctx.font = '12px system-ui, sans-serif';
        ctx.textAlign = 'left';
        ctx.textBaseline = 'middle';
        ctx.lineWidth = 3;
        ctx.strokeStyle = 'rgba(255,255,255,0.9)';
        ctx.fillStyle = '#1f1f1f';
        for (const l of labels) {
          ctx.strokeText(l.text, l.x + DOT + 3, l.y);
          ctx.fillText(l.text, l.x + DOT + 3, l.y);
        }
      }
    }
    const sel = this.selected === null ? undefined : this.vehicles.find((v) => v.id === this.selected);
    if (sel && sel.lat !== null && sel.lng !== null) {
      const p = this.map.latLngToContainerPoint([sel.lat, sel.lng]);
      ctx.beginPath();
      ctx.arc(p.x, p.y, DOT + 5, 0, Math.PI * 2);
      ctx.lineWidth = 3;
      ctx.strokeStyle = '#faad14';
      ctx.stroke();
    }
    this.hits = hits;
    this.stats = { dots, clusters, frames: this.stats.frames + 1 };
    this.onDrawn?.(this.stats);
  }

  private fillDots(paths: Record<StateLetter, Path2D>): void {
    const ctx = this.ctx;
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = '#fff';
    for (const st of ['O', 'S', 'M', 'A'] as StateLetter[]) {
      ctx.fillStyle = STATE_COLOURS[st];
      ctx.fill(paths[st]);
      ctx.stroke(paths[st]);
    }
  }
}
