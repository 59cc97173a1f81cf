/** Component path (menu data) → lazy view of the receipt screens (the opinions page is the generic one). */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyView } from '../../app/views-ui.tsx';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazyView(async () => ({ default: (await load())[name] }));

export const epodViews: Record<string, LazyExoticComponent<ComponentType>> = {
  'epod/index': named(() => import('./EpodPages.tsx'), 'EpodPage'),
  'epod/check': named(() => import('./EpodPages.tsx'), 'EpodCheckPage'),
};
