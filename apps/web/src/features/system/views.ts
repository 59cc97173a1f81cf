/** Component path (menu data) → lazy view of the system administration and monitor screens. */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyView } from '../../app/views-ui.tsx';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazyView(async () => ({ default: (await load())[name] }));

export const systemViews: Record<string, LazyExoticComponent<ComponentType>> = {
  'system/user/index': lazyView(() => import('./user/UserPage.tsx')),
  'system/role/index': lazyView(() => import('./role/RolePage.tsx')),
  'system/menu/index': named(() => import('./tree/TreePages.tsx'), 'MenuPage'),
  'system/dept/index': named(() => import('./tree/TreePages.tsx'), 'DeptPage'),
  'system/districts/index': lazyView(() => import('./district/DistrictPage.tsx')),
  'system/oss/index': named(() => import('./oss/OssPages.tsx'), 'OssPage'),
  'system/oss/config': named(() => import('./oss/OssPages.tsx'), 'OssConfigPage'),
  'system/authClient/index': lazyView(() => import('./authClient/AuthClientPage.tsx')),
  'system/numberRule/index': lazyView(() => import('./numberRule/NumberRulePage.tsx')),
  'system/dataGroup/index': lazyView(() => import('./dataGroup/DataGroupPage.tsx')),
  'monitor/operlog/index': named(() => import('../monitor/LogPages.tsx'), 'OperLogPage'),
  'monitor/logininfor/index': named(() => import('../monitor/LogPages.tsx'), 'LoginLogPage'),
  'monitor/online/index': lazyView(() => import('../monitor/OnlinePage.tsx')),
  'monitor/server/index': lazyView(() => import('../monitor/ServerPage.tsx')),
};
