/** Component path (menu data) → lazy view of the notification screens (subscriptions are the generic page). */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyView } from '../../app/views-ui.tsx';

export const notifyViews: Record<string, LazyExoticComponent<ComponentType>> = {
  'notify/webhook/index': lazyView(() => import('./WebhookPage.tsx')),
  'notify/delivery/index': lazyView(() => import('./DeliveryPage.tsx')),
};
