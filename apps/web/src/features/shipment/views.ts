/** Component path (menu data) → lazy view of the shipment screens (lines, stops, logs and tracking are the generic pages). */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyView } from '../../app/views-ui.tsx';

export const shipmentViews: Record<string, LazyExoticComponent<ComponentType>> = {
  'shipment/index': lazyView(() => import('./ShipmentPage.tsx')),
  'shipment/ros': lazyView(() => import('./RosPage.tsx')),
  'shipment/trajectory': lazyView(() => import('./TrajectoryPage.tsx')),
  'shipment/vehicleHistory': lazyView(() => import('./VehicleHistoryPage.tsx')),
  'shipment/monitor': lazyView(() => import('./FleetMonitorPage.tsx')),
};
