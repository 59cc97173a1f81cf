/** Component path (menu data) → lazy view of the waybill screens (the lines page is the generic one). */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyView } from '../../app/views-ui.tsx';

export const waybillViews: Record<string, LazyExoticComponent<ComponentType>> = {
  'waybill/index': lazyView(() => import('./WaybillPage.tsx')),
};
