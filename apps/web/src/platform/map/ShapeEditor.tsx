/**
 * One editable shape on the base map — a polygon or a circle — drawn and edited with Leaflet-Geoman:
 * draw with the toolbar buttons, drag vertices / the centre / the radius handle, clear. Every change goes
 * out through onChange in the API's units (see shapes.ts). Other layers (markers, neighbouring shapes)
 * come as children and are only shown.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Space, Tooltip } from 'antd';
import { BorderOutlined, ClearOutlined, RadiusSettingOutlined } from '@ant-design/icons';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import './geoman.ts';
import BaseMap from './BaseMap.tsx';
import { boundsOf, roundKm, round6, type LatLng, type Shape } from './shapes.ts';

export type ShapeKind = Shape['type'];
type DrawMode = 'Polygon' | 'Circle' | null;

export interface ShapeEditorProps {
  value: Shape | null;
  onChange: (shape: Shape | null) => void;
  /** the kinds that may be drawn (default both) */
  kinds?: ShapeKind[];
  height?: number;
  /** points the first view also shows (e.g. the station) */
  extraPoints?: (LatLng | null)[];
  color?: string;
  readOnly?: boolean;
  /** read-only layers drawn under the shape (react-leaflet) */
  children?: ReactNode;
  testId?: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function readLayer(layer: L.Layer): Shape | null {
  if (layer instanceof L.Circle) {
    const c = layer.getLatLng();
    return { type: 'CIRCLE', center: [round6(c.lat), round6(c.lng)], radiusKm: roundKm(layer.getRadius() / 1000) };
  }
  if (layer instanceof L.Polygon) {
    const rings = layer.getLatLngs() as L.LatLng[][];
    const ring = (rings[0] ?? []).map((p) => [round6(p.lat), round6(p.lng)] as LatLng);
    return ring.length >= 3 ? { type: 'POLYGON', ring } : null;
  }
  return null;
}

function makeLayer(shape: Shape, color: string): L.Layer {
  const style = { color, weight: 2, fillOpacity: 0.18 };
  return shape.type === 'CIRCLE' ? L.circle(shape.center, { ...style, radius: shape.radiusKm * 1000 }) : L.polygon(shape.ring, style);
}

/** The imperative half: keeps one Leaflet layer in step with `value`, and turns draw / edit events into onChange. */
function EditableShape({ value, onChange, mode, onDrawn, color, readOnly }: { value: Shape | null; onChange: (s: Shape | null) => void; mode: DrawMode; onDrawn: () => void; color: string; readOnly: boolean }) {
  const map = useMap();
  const { i18n } = useTranslation();
  const layer = useRef<L.Layer | null>(null);
  /** the value this component last reported: when it comes back as `value` the layer already shows it */
  const emitted = useRef<Shape | null | undefined>(undefined);
  const change = useRef(onChange);
  change.current = onChange;

  const adopt = (l: L.Layer) => {
    if (layer.current) map.removeLayer(layer.current);
    layer.current = l;
    if (!map.hasLayer(l)) l.addTo(map);
    if (readOnly) return;
    (l as L.Path).pm.enable({ allowSelfIntersection: false, snappable: false });
    const report = () => {
      const s = readLayer(l);
      emitted.current = s;
      change.current(s);
    };
    l.on('pm:edit', report);
  };

  useEffect(() => {
    map.pm.setLang(i18n.language.startsWith('zh') ? 'zh' : 'en');
  }, [map, i18n.language]);

  // value → layer, unless it is what the layer reported itself
  useEffect(() => {
    if (emitted.current !== undefined && same(emitted.current, value)) return;
    emitted.current = undefined;
    if (layer.current) map.removeLayer(layer.current);
    layer.current = null;
    if (value) adopt(makeLayer(value, color));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, value, color, readOnly]);

  // drawing: the new layer replaces the old one
  useEffect(() => {
    if (!mode) return;
    const created = (e: { layer: L.Layer }) => {
      adopt(e.layer);
      (e.layer as L.Path).setStyle?.({ color, weight: 2, fillOpacity: 0.18 });
      const s = readLayer(e.layer);
      emitted.current = s;
      change.current(s);
      onDrawn();
    };
    map.on('pm:create', created);
    map.pm.enableDraw(mode, { snappable: false, pathOptions: { color }, templineStyle: { color }, hintlineStyle: { color, dashArray: [5, 5] } } as L.PM.DrawModeOptions);
    return () => {
      map.off('pm:create', created as L.LeafletEventHandlerFn);
      map.pm.disableDraw();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, mode]);

  useEffect(
    () => () => {
      if (layer.current) map.removeLayer(layer.current);
    },
    [map],
  );
  return null;
}

export default function ShapeEditor({ value, onChange, kinds = ['POLYGON', 'CIRCLE'], height = 420, extraPoints = [], color = '#1677ff', readOnly = false, children, testId = 'shape-editor' }: ShapeEditorProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<DrawMode>(null);
  // the view fits the shape when the editor opens; later edits do not move the map
  const [bounds] = useState(() => boundsOf(value, extraPoints));
  const toggle = (m: Exclude<DrawMode, null>) => setMode((cur) => (cur === m ? null : m));
  return (
    <div data-testid={testId}>
      {!readOnly && (
        <Space wrap style={{ marginBottom: 8 }}>
          {kinds.includes('POLYGON') && (
            <Button icon={<BorderOutlined />} type={mode === 'Polygon' ? 'primary' : 'default'} onClick={() => toggle('Polygon')} data-testid="shape-draw-polygon">
              {t('map.drawPolygon')}
            </Button>
          )}
          {kinds.includes('CIRCLE') && (
            <Button icon={<RadiusSettingOutlined />} type={mode === 'Circle' ? 'primary' : 'default'} onClick={() => toggle('Circle')} data-testid="shape-draw-circle">
              {t('map.drawCircle')}
            </Button>
          )}
          <Tooltip title={t('map.clearHint')}>
            <Button icon={<ClearOutlined />} disabled={!value} onClick={() => { setMode(null); onChange(null); }} data-testid="shape-clear">
              {t('map.clear')}
            </Button>
          </Tooltip>
        </Space>
      )}
      {mode && <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t(mode === 'Polygon' ? 'map.polygonHint' : 'map.circleHint')} data-testid="shape-draw-hint" />}
      <BaseMap height={height} bounds={bounds} data-testid={`${testId}-map`}>
        {children}
        <EditableShape value={value} onChange={onChange} mode={mode} onDrawn={() => setMode(null)} color={color} readOnly={readOnly} />
      </BaseMap>
    </div>
  );
}
