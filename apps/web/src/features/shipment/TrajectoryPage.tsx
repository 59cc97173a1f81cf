/** The trajectory menu page (spec §2 "app trajectory", "map driving"): pick a dispatch order, play its track. The choice stays in the URL (?id=). */
import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Empty, Form, Spin } from 'antd';
import RefInput from '../../platform/resource/RefInput.tsx';
import { useResourceContext } from '../../platform/resource/context.ts';

const TrajectoryPlayback = lazy(() => import('./TrajectoryPlayback.tsx'));

export default function TrajectoryPage() {
  const { t } = useResourceContext();
  const [sp, setSp] = useSearchParams();
  const id = Number(sp.get('id')) || null;
  return (
    <Card title={t('shipment.trajectory.playback')}>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('shipment.trajectory.pick')} data-testid="trajectory-pick">
          <div style={{ width: 320 }}>
            <RefInput refName="shipment" value={id} onChange={(v) => setSp(v ? { id: String(v) } : {})} />
          </div>
        </Form.Item>
      </Form>
      {id ? (
        <Suspense fallback={<Spin />}>
          <TrajectoryPlayback key={id} shipmentId={id} height={600} />
        </Suspense>
      ) : (
        <Empty description={t('shipment.trajectory.pickHint')} />
      )}
    </Card>
  );
}
