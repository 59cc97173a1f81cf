/** Component path (menu data) → lazy view of the settlement screens (issue 15); statement lines and settlement terms are the generic pages. */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyView } from '../../app/views-ui.tsx';

export const settlementViews: Record<string, LazyExoticComponent<ComponentType>> = {
  'finance/statement/index': lazyView(() => import('./StatementPage.tsx')),
  'finance/paperReceipt/index': lazyView(() => import('./ReceiptPage.tsx')),
  'finance/aging': lazyView(() => import('./AgingPage.tsx')),
  'finance/invoice/index': lazyView(() => import('./InvoicePage.tsx')),
  'finance/payment/index': lazyView(() => import('./PaymentPage.tsx')),
};
