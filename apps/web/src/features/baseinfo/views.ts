/** Component path (menu data) → lazy view of the master-data screens that extend the generic pages. */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyView } from '../../app/views-ui.tsx';

export const baseinfoViews: Record<string, LazyExoticComponent<ComponentType>> = {
  'baseinfo/station/index': lazyView(() => import('./StationPage.tsx')),
  'baseinfo/zone/index': lazyView(() => import('./ZonePage.tsx')),
  'baseinfo/address/index': lazyView(() => import('./AddressPage.tsx')),
  'baseinfo/printTemplate/index': lazyView(() => import('./PrintTemplatePage.tsx')),
  'baseinfo/transportMeans/index': lazyView(() => import('./TransportMeansPage.tsx')),
};
