/** Component path (menu data) → lazy view of the workflow screens (issue 7). */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyView } from '../../app/views-ui.tsx';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazyView(async () => ({ default: (await load())[name] }));

export const workflowViews: Record<string, LazyExoticComponent<ComponentType>> = {
  'workflow/models/index': lazyView(() => import('./ModelsPage.tsx')),
  'workflow/process/index': lazyView(() => import('./ProcessPage.tsx')),
  'workflow/running/index': named(() => import('./InstancesPage.tsx'), 'RunningPage'),
  'workflow/finished/index': named(() => import('./InstancesPage.tsx'), 'FinishedPage'),
  'workflow/todo/index': named(() => import('./TasksPage.tsx'), 'TodoPage'),
  'workflow/done/index': named(() => import('./TasksPage.tsx'), 'DonePage'),
  'workflow/leave/index': named(() => import('./RequestsPage.tsx'), 'LeavePage'),
  'workflow/purchase/index': named(() => import('./RequestsPage.tsx'), 'PurchasePage'),
};
