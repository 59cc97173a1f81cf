/** Component path (menu data) → lazy view of the logistics accounts screen. */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyView } from '../../app/views-ui.tsx';

export const logisticsViews: Record<string, LazyExoticComponent<ComponentType>> = {
  'logistics/account/index': lazyView(() => import('./AccountPage.tsx')),
};
