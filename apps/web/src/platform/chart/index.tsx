/** `LazyChart`: ECharts loads with the first chart a screen shows. */
import { Suspense, lazy } from 'react';
import { Skeleton } from 'antd';
import type { EChartProps } from './EChart.tsx';

const EChart = lazy(() => import('./EChart.tsx'));

export function LazyChart(props: EChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 300 }} />}>
      <EChart {...props} />
    </Suspense>
  );
}
