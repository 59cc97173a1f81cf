/** The trajectory playback of one dispatch order in a drawer (from a list row). */
import { Suspense, lazy } from 'react';
import { Drawer, Spin } from 'antd';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';

const TrajectoryPlayback = lazy(() => import('./TrajectoryPlayback.tsx'));

export default function TrajectoryDrawer({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useResourceContext();
  return (
    <Drawer open width={1000} destroyOnHidden onClose={onClose} title={`${t('shipment.trajectory.playback')} - ${String(row.shipmentCode)}`}>
      <Suspense fallback={<Spin />}>
        <TrajectoryPlayback shipmentId={row.id} height={560} />
      </Suspense>
    </Drawer>
  );
}
