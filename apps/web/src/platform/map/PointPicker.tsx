/**
 * Picks a point on the map: a click places the marker, dragging moves it. `FormPointPicker` binds it to
 * the longitude / latitude fields of an antd form (address and station forms); typing coordinates moves
 * the marker too.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Typography, type FormInstance } from 'antd';
import { Marker, useMapEvents } from 'react-leaflet';
import type { LeafletEventHandlerFnMap } from 'leaflet';
import BaseMap from './BaseMap.tsx';
import { pointOf, round6, type LatLng } from './shapes.ts';

export interface PointPickerProps {
  value: LatLng | null;
  onChange: (p: LatLng) => void;
  height?: number;
  testId?: string;
}

function ClickToPlace({ onChange }: { onChange: (p: LatLng) => void }) {
  useMapEvents({ click: (e) => onChange([round6(e.latlng.lat), round6(e.latlng.lng)]) });
  return null;
}

export function PointPicker({ value, onChange, height = 260, testId = 'point-picker' }: PointPickerProps) {
  // the view centres on the first point; later picks do not move the map under the cursor
  const [center] = useState(value);
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend: (e) => {
        const p = (e.target as L.Marker).getLatLng();
        onChange([round6(p.lat), round6(p.lng)]);
      },
    }),
    [onChange],
  );
  return (
    <BaseMap height={height} center={center ?? undefined} zoom={center ? 14 : 10} data-testid={testId}>
      <ClickToPlace onChange={onChange} />
      {value && <Marker position={value} draggable eventHandlers={handlers} />}
    </BaseMap>
  );
}

/** The picker bound to two numeric form fields (default `longitude` / `latitude`). */
export default function FormPointPicker({ form, lngField = 'longitude', latField = 'latitude' }: { form: FormInstance; lngField?: string; latField?: string }) {
  const { t } = useTranslation();
  const lng = Form.useWatch(lngField, form) as unknown;
  const lat = Form.useWatch(latField, form) as unknown;
  const value = pointOf({ lng, lat }, 'lng', 'lat');
  const onChange = useMemo(
    () => (p: LatLng) => {
      form.setFieldsValue({ [latField]: p[0], [lngField]: p[1] });
      void form.validateFields([lngField, latField]).catch(() => undefined);
    },
    [form, lngField, latField],
  );
  return (
    <div style={{ width: '100%', padding: '0 16px 12px 0' }}>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 6 }}>
        {t('map.pickHint')}
      </Typography.Text>
      <PointPicker value={value} onChange={onChange} />
    </div>
  );
}
