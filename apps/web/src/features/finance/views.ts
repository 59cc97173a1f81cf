/** Component path (menu data) → lazy view of the finance screens (contracts, rate lines, charge types and ratings are generic pages). */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyView } from '../../app/views-ui.tsx';

export const financeViews: Record<string, LazyExoticComponent<ComponentType>> = {
  'finance/quote/index': lazyView(() => import('./QuotePage.tsx')),
  'finance/contract/index': lazyView(() => import('./ContractPage.tsx')),
};
