/**
 * The map point picker as an add / edit form extension: address and station forms set their longitude /
 * latitude by clicking or dragging on the map (Leaflet is loaded when the form opens).
 */
import { Suspense, lazy } from 'react';
import { Col } from 'antd';
import type { FormExtension } from '../../platform/resource/ResourceForm.tsx';

const FormPointPicker = lazy(() => import('../../platform/map/PointPicker.tsx'));

export const pointPickerExtension: FormExtension = {
  extra: ({ form }) => (
    <Col span={24} key="point-picker">
      <Suspense fallback={null}>
        <FormPointPicker form={form} />
      </Suspense>
    </Col>
  ),
};
