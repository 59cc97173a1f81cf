/** Component path (menu data) → lazy view of the order screens. */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyView } from '../../app/views-ui.tsx';

export const orderViews: Record<string, LazyExoticComponent<ComponentType>> = {
  'order/index': lazyView(() => import('./OrderPage.tsx')),
  'order/lines': lazyView(() => import('./OrderLinesPage.tsx')),
};
