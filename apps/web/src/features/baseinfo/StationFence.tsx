/**
 * The station's e-fence on the map (station detail tab): the station point (drag the marker, or click the
 * map while it has none) and its fence — a circle of the e-fence distance (km) around the point, or a
 * polygon. Saved through POST /baseinfo/station/fence.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Descriptions, InputNumber, Space, Typography } from 'antd';
import { Marker, useMapEvents } from 'react-leaflet';
import type { LeafletEventHandlerFnMap, Marker as LMarker } from 'leaflet';
import type { z } from 'zod';
import { BaseinfoApi, MAX_RADIUS_KM } from '@tms/domain';
import { useCan } from '../../platform/queries.ts';
import ShapeEditor from '../../platform/map/ShapeEditor.tsx';
import { pointOf, round6, stationFence, toGeoJson, type LatLng, type Shape } from '../../platform/map/shapes.ts';
import type { Row } from '../../platform/resource/columns.ts';
import { useSubmit } from './useSubmit.ts';

/** The body of POST /baseinfo/station/fence. */
export function fenceBody(station: Row, point: LatLng, fence: Shape): z.input<typeof BaseinfoApi.StationFence> {
  const base = { id: station.id, version: Number(station.version), longitude: point[1], latitude: point[0] };
  return fence.type === 'CIRCLE'
    ? { ...base, fenceType: 'CIRCLE', fenceDistance: fence.radiusKm }
    : { ...base, fenceType: 'POLYGON', fenceGeometry: toGeoJson(fence.ring), fenceDistance: typeof station.fenceDistance === 'number' ? station.fenceDistance : null };
}

/** Clicks on the map place the station while it has no point (and nothing is being drawn). */
function PlaceWhenMissing({ missing, onPlace }: { missing: boolean; onPlace: (p: LatLng) => void }) {
  const map = useMapEvents({
    click: (e) => {
      if (missing && !map.pm.globalDrawModeEnabled()) onPlace([round6(e.latlng.lat), round6(e.latlng.lng)]);
    },
  });
  return null;
}

export default function StationFence({ station, onSaved }: { station: Row; onSaved: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const editable = can('baseinfo:station:edit');
  const [point, setPoint] = useState<LatLng | null>(() => pointOf(station));
  const [fence, setFence] = useState<Shape | null>(() => stationFence(station));
  const [saving, submit] = useSubmit();

  // a circle fence is centred on the station: moving one moves the other
  const movePoint = (p: LatLng) => {
    setPoint(p);
    if (fence?.type === 'CIRCLE') setFence({ ...fence, center: p });
  };
  const changeFence = (s: Shape | null) => {
    setFence(s);
    if (s?.type === 'CIRCLE') setPoint(s.center);
  };
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend: (e) => {
        const p = (e.target as LMarker).getLatLng();
        movePoint([round6(p.lat), round6(p.lng)]);
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fence],
  );

  const save = () => (point && fence ? submit(BaseinfoApi.endpoints.stationFence, fenceBody(station, point, fence), onSaved) : undefined);

  return (
    <div data-testid="station-fence">
      {!point && <Typography.Text type="warning">{t('baseinfo.station.fence.noPoint')}</Typography.Text>}
      <ShapeEditor value={fence} onChange={changeFence} extraPoints={[point]} color="#fa541c" readOnly={!editable} testId="fence-shape" height={400}>
        <PlaceWhenMissing missing={!point && editable} onPlace={movePoint} />
        {point && <Marker position={point} draggable={editable} eventHandlers={handlers} />}
      </ShapeEditor>
      <Descriptions size="small" column={2} style={{ marginTop: 8 }} data-testid="station-fence-summary">
        <Descriptions.Item label={t('resources.station.fields.fenceType')}>
          {!fence ? t('baseinfo.station.fence.none') : fence.type === 'CIRCLE' ? t('baseinfo.station.fence.circle') : t('baseinfo.station.fence.polygon', { count: fence.ring.length })}
        </Descriptions.Item>
        <Descriptions.Item label={t('resources.station.fields.fenceDistance')}>
          {fence?.type === 'CIRCLE' ? (
            <InputNumber
              size="small"
              min={0.001}
              max={MAX_RADIUS_KM}
              precision={3}
              addonAfter={t('baseinfo.unit.km')}
              disabled={!editable}
              value={fence.radiusKm}
              onChange={(v) => v && setFence({ ...fence, radiusKm: Number(v) })}
              data-testid="fence-radius"
            />
          ) : (
            '-'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('resources.station.fields.longitude')}>{point ? point[1] : '-'}</Descriptions.Item>
        <Descriptions.Item label={t('resources.station.fields.latitude')}>{point ? point[0] : '-'}</Descriptions.Item>
      </Descriptions>
      {editable && (
        <Space style={{ marginTop: 8 }}>
          <Button type="primary" loading={saving} disabled={!point || !fence} onClick={() => void save()} data-testid="station-fence-save">
            {t('baseinfo.station.fence.save')}
          </Button>
          <Typography.Text type="secondary">{t('map.editHint')}</Typography.Text>
        </Space>
      )}
    </div>
  );
}
