/**
 * Map building blocks for every screen (zones, stations, addresses, trajectories). `LazyBaseMap` loads
 * Leaflet on first use; layers passed as children come from react-leaflet in the caller's own (lazy) view.
 */
import { Suspense, type ReactNode } from 'react';
import { Skeleton } from 'antd';
import { lazyView } from '../../app/views-ui.tsx';
import type { BaseMapProps } from './BaseMap.tsx';

export type { BaseMapProps } from './BaseMap.tsx';
export { DEFAULT_CENTER, useMapConfig, type MapConfig } from './config.ts';

const BaseMap = lazyView(() => import('./BaseMap.tsx'));

export function LazyBaseMap(props: BaseMapProps & { fallback?: ReactNode }) {
  const { fallback, ...rest } = props;
  return (
    <Suspense fallback={fallback ?? <Skeleton.Node active style={{ width: '100%', height: rest.height ?? 360 }} />}>
      <BaseMap {...rest} />
    </Suspense>
  );
}
