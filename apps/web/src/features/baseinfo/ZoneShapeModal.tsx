/**
 * The zone editor (issue 4 "Maps"): the zone's polygon or circle drawn and edited on the map, with the
 * other zones shown faintly for reference. Saved through POST /baseinfo/zone/shape (optimistic lock).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Descriptions, InputNumber, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Circle, Polygon, Tooltip } from 'react-leaflet';
import type { z } from 'zod';
import { BaseinfoApi, MAX_RADIUS_KM, resourceByName, resourceEndpoints } from '@tms/domain';
import { resourceCalls } from '../../platform/resource-calls.ts';
import { callData } from '../../platform/api.ts';
import ShapeEditor from '../../platform/map/ShapeEditor.tsx';
import { toGeoJson, zoneShape, type Shape } from '../../platform/map/shapes.ts';
import type { Row } from '../../platform/resource/columns.ts';
import { useSubmit } from './useSubmit.ts';
import { DataText } from '../../platform/DataText.tsx';

/** The body of POST /baseinfo/zone/shape for a shape (or none). */
export function zoneShapeBody(zone: Row, shape: Shape | null): z.input<typeof BaseinfoApi.ZoneShape> {
  const base = { id: zone.id, version: Number(zone.version) };
  if (!shape) return { ...base, shapeType: null };
  if (shape.type === 'POLYGON') return { ...base, shapeType: 'POLYGON', geometry: toGeoJson(shape.ring) };
  return { ...base, shapeType: 'CIRCLE', centerLongitude: shape.center[1], centerLatitude: shape.center[0], radius: shape.radiusKm };
}

/** The other zones, read-only, each with its name on hover. */
function OtherZones({ rows, except }: { rows: Row[]; except: number }) {
  const style = { color: '#8c8c8c', weight: 1, dashArray: '4 4', fillOpacity: 0.06, pmIgnore: true };
  return (
    <>
      {rows
        .filter((z) => z.id !== except)
        .map((z) => {
          const s = zoneShape(z);
          if (!s) return null;
          const tip = <Tooltip sticky>{String(z.name)}</Tooltip>;
          return s.type === 'CIRCLE' ? (
            <Circle key={z.id} center={s.center} radius={s.radiusKm * 1000} pathOptions={style}>
              {tip}
            </Circle>
          ) : (
            <Polygon key={z.id} positions={s.ring} pathOptions={style}>
              {tip}
            </Polygon>
          );
        })}
    </>
  );
}

export default function ZoneShapeModal({ id, onClose, onSaved }: { id: number; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const zone = useQuery({ queryKey: ['zoneShape', id], queryFn: () => callData(resourceEndpoints(resourceByName.get('zone')!).get, { params: { id } }), staleTime: 0 });
  const others = useQuery({ queryKey: ['zoneShapes'], queryFn: () => resourceCalls(resourceByName.get('zone')!).list({ pageSize: 500 }), staleTime: 0 });
  const [shape, setShape] = useState<Shape | null | undefined>(undefined);
  const [saving, submit] = useSubmit();
  useEffect(() => {
    // the record as it is now (not a cached copy): its shape and version are what the save builds on
    if (zone.data && zone.isFetchedAfterMount && shape === undefined) setShape(zoneShape(zone.data));
  }, [zone.data, zone.isFetchedAfterMount, shape]);

  const save = () =>
    zone.data
      ? submit(BaseinfoApi.endpoints.zoneShape, zoneShapeBody(zone.data, shape ?? null), () => {
          onSaved();
          onClose();
        })
      : undefined;

  return (
    <Modal
      open
      width={960}
      title={<DataText k="baseinfo.zone.shapeTitle" data={{ name: zone.data ? String(zone.data.name) : '' }} />}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: shape === undefined, ...({ 'data-testid': 'zone-shape-save' } as Record<string, string>) }}
      destroyOnHidden
      maskClosable={false}
    >
      <Spin spinning={shape === undefined}>
        {shape !== undefined && (
          <>
            <ShapeEditor value={shape} onChange={setShape} testId="zone-shape">
              <OtherZones rows={others.data?.rows ?? []} except={id} />
            </ShapeEditor>
            <Descriptions size="small" column={3} style={{ marginTop: 8 }} data-testid="zone-shape-summary">
              <Descriptions.Item label={t('baseinfo.zone.shape')}>
                {!shape ? t('baseinfo.zone.noShape') : shape.type === 'POLYGON' ? t('baseinfo.zone.polygon', { count: shape.ring.length }) : t('baseinfo.zone.circle')}
              </Descriptions.Item>
              {shape?.type === 'CIRCLE' && (
                <Descriptions.Item label={t('baseinfo.zone.radius')}>
                  <InputNumber
                    size="small"
                    min={0.001}
                    max={MAX_RADIUS_KM}
                    precision={3}
                    addonAfter={t('baseinfo.unit.km')}
                    value={shape.radiusKm}
                    onChange={(v) => v && setShape({ ...shape, radiusKm: Number(v) })}
                    data-testid="zone-radius"
                  />
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('baseinfo.zone.editing')}>{t('map.editHint')}</Descriptions.Item>
            </Descriptions>
          </>
        )}
      </Spin>
    </Modal>
  );
}
