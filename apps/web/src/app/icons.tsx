/** Menu icons by name (the names used by the seeded menu; unknown names show no icon). */
import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CarOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  HomeOutlined,
  MonitorOutlined,
  NotificationOutlined,
  PartitionOutlined,
  ProfileOutlined,
  SettingOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';

const ICONS: Record<string, ReactNode> = {
  AccountBookOutlined: <AccountBookOutlined />,
  ApiOutlined: <ApiOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  AuditOutlined: <AuditOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  CarOutlined: <CarOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  HomeOutlined: <HomeOutlined />,
  MonitorOutlined: <MonitorOutlined />,
  NotificationOutlined: <NotificationOutlined />,
  PartitionOutlined: <PartitionOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  SettingOutlined: <SettingOutlined />,
  ToolOutlined: <ToolOutlined />,
  UserOutlined: <UserOutlined />,
};

/** Accepts 'CarOutlined', 'car' or 'Car'. */
export function menuIcon(name: string | null | undefined): ReactNode {
  if (!name) return undefined;
  if (ICONS[name]) return ICONS[name];
  const pascal = name.replace(/(^|[-_])(\w)/g, (_, __, c: string) => c.toUpperCase());
  return ICONS[`${pascal}Outlined`];
}
