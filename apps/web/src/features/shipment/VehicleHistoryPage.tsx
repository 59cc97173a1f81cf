/**
 * Vehicle history (issue 19): pick a vehicle and any time range (a long one comes sampled), play its own track — every
 * position it reported, whichever dispatch order it was on — with the trajectory playback. The choice stays in
 * the URL (?vehicle=&from=&to=, times as epoch ms).
 */
import { Suspense, lazy, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, DatePicker, Empty, Form, Spin } from 'antd';
import dayjs from 'dayjs';
import RefInput from '../../platform/resource/RefInput.tsx';
import { useResourceContext } from '../../platform/resource/context.ts';

const TrajectoryPlayback = lazy(() => import('./TrajectoryPlayback.tsx'));
export default function VehicleHistoryPage() {
  const { t } = useResourceContext();
  const [sp, setSp] = useSearchParams();
  const id = Number(sp.get('vehicle')) || null;
  // without a range in the URL: today so far (fixed when the page opens, so the track is asked for once)
  const [today] = useState(() => ({ from: dayjs().startOf('day').valueOf(), to: dayjs().valueOf() }));
  const from = Number(sp.get('from')) || today.from;
  const to = Number(sp.get('to')) || today.to;
  const set = (v: { vehicle?: number | null; from?: number; to?: number }) => {
    const next = { vehicle: id, from, to, ...v };
    setSp(next.vehicle ? { vehicle: String(next.vehicle), from: String(next.from), to: String(next.to) } : {});
  };
  return (
    <Card title={t('shipment.trajectory.vehicleHistory')}>
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 12 }}>
        <Form.Item label={t('shipment.trajectory.vehicle')} data-testid="vehicle-history-pick">
          <div style={{ width: 240 }}>
            <RefInput refName="transportMeans" value={id} onChange={(v) => set({ vehicle: v ? Number(v) : null })} />
          </div>
        </Form.Item>
        <Form.Item label={t('shipment.trajectory.range')}>
          <DatePicker.RangePicker
            showTime
            allowClear={false}
            value={[dayjs(from), dayjs(to)]}
            onChange={(r) => r?.[0] && r[1] && set({ from: r[0].valueOf(), to: r[1].valueOf() })}
            data-testid="vehicle-history-range"
          />
        </Form.Item>
      </Form>
      {id ? (
        <Suspense fallback={<Spin />}>
          <TrajectoryPlayback key={`${id}-${from}-${to}`} vehicle={{ id, from: new Date(from).toISOString(), to: new Date(to).toISOString() }} height={600} />
        </Suspense>
      ) : (
        <Empty description={t('shipment.trajectory.vehicleHint')} />
      )}
    </Card>
  );
}
