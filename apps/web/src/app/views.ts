/**
 * The view registry: menu component path → lazy view (spec §2: views are loaded by the component
 * path in the menu data). Every registered resource maps to the generic resource page; the known
 * view families of the shell map to their screens. Anything else shows the "not available" view.
 */
import { createElement, type ComponentType } from 'react';
import { RESOURCES, type ResourceDef } from '@tms/domain';
import { lazyView } from './views-ui.tsx';
import { systemViews } from '../features/system/views.ts';
import { reportViews } from '../features/reports/views.ts';
import { demoViews } from '../features/demo/views.ts';
import { baseinfoViews } from '../features/baseinfo/views.ts';
import { logisticsViews } from '../features/logistics/views.ts';
import { workflowViews } from '../features/workflow/views.ts';
import { waybillViews } from '../features/waybill/views.ts';
import { orderViews } from '../features/order/views.ts';
import { epodViews } from '../features/epod/views.ts';
import { shipmentViews } from '../features/shipment/views.ts';
import { settlementViews } from '../features/settlement/views.ts';
import { financeViews } from '../features/finance/views.ts';
import { notifyViews } from '../features/notify/views.ts';

const GenPage = lazyView(() => import('../features/generator/GenPage.tsx'));
const ResourcePage = lazyView(() => import('../platform/resource/ResourcePage.tsx'));
const Welcome = lazyView(() => import('../features/welcome/Welcome.tsx'), { coreTextsOnly: true });
const AccountCenter = lazyView(() => import('../features/account/AccountCenter.tsx'));
const AccountSettings = lazyView(() => import('../features/account/AccountSettings.tsx'));
const ExceptionPage = lazyView(() => import('../features/exception/ExceptionPage.tsx'), { coreTextsOnly: true });
const ResultPage = lazyView(() => import('../features/result/ResultPage.tsx'), { coreTextsOnly: true });

function resourceView(def: ResourceDef): ComponentType {
  const View = () => createElement(ResourcePage, { resource: def });
  View.displayName = `ResourceView(${def.name})`;
  return View;
}

export const views = new Map<string, ComponentType>([
  ['dashboard/welcome', Welcome],
  ['welcome', Welcome],
  ['tool/gen/index', GenPage],
  ['account/center', AccountCenter],
  ['account/settings', AccountSettings],
  ['account/settings/index', AccountSettings],
  ['result/success', () => createElement(ResultPage, { status: 'success' })],
  ['result/error', () => createElement(ResultPage, { status: 'error' })],
  ['exception/403', () => createElement(ExceptionPage, { status: '403' })],
  ['exception/404', () => createElement(ExceptionPage, { status: '404' })],
  ['exception/500', () => createElement(ExceptionPage, { status: '500' })],
]);
for (const def of RESOURCES) views.set(def.component, resourceView(def));
// the system administration screens extend the generic pages of their resources
for (const [component, view] of Object.entries(systemViews)) views.set(component, view);
for (const [component, view] of Object.entries(reportViews)) views.set(component, view);
for (const [component, view] of Object.entries(demoViews)) views.set(component, view);
for (const [component, view] of Object.entries(baseinfoViews)) views.set(component, view);
for (const [component, view] of Object.entries(logisticsViews)) views.set(component, view);
for (const [component, view] of Object.entries(workflowViews)) views.set(component, view);
for (const [component, view] of Object.entries(waybillViews)) views.set(component, view);
for (const [component, view] of Object.entries(orderViews)) views.set(component, view);
for (const [component, view] of Object.entries(epodViews)) views.set(component, view);
for (const [component, view] of Object.entries(shipmentViews)) views.set(component, view);
for (const [component, view] of Object.entries(settlementViews)) views.set(component, view);
for (const [component, view] of Object.entries(financeViews)) views.set(component, view);
for (const [component, view] of Object.entries(notifyViews)) views.set(component, view);

/** The view of a component path ('/system/dict/index', 'system/dict/index.vue' and 'system/dict' are the same). */
export function lookupView(component: string | null | undefined): ComponentType | undefined {
  if (!component) return undefined;
  const c = component.replace(/^\/+/, '').replace(/\.(vue|tsx?|jsx?)$/, '');
  return views.get(c) ?? views.get(`${c}/index`) ?? views.get(c.replace(/\/index$/, ''));
}
