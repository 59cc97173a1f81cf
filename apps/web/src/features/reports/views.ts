/** Component path (menu data) → lazy view of the reports and dashboards. */
import { createElement, type ComponentType, type LazyExoticComponent } from 'react';
import { REPORT_NAMES } from '@tms/domain';
import { lazyView } from '../../app/views-ui.tsx';

const ReportPage = lazyView(() => import('./ReportPage.tsx'));
const dash = (name: 'AnalysisDashboard' | 'WorkplaceDashboard' | 'MonitorDashboard') => lazyView(async () => ({ default: (await import('./DashboardPages.tsx'))[name] }));

export const reportViews: Record<string, ComponentType | LazyExoticComponent<ComponentType>> = {
  ...Object.fromEntries(REPORT_NAMES.map((n) => [`reports/${n}`, () => createElement(ReportPage, { name: n })])),
  'dashboard/analysis': dash('AnalysisDashboard'),
  'dashboard/workplace': dash('WorkplaceDashboard'),
  'dashboard/monitor': dash('MonitorDashboard'),
};
