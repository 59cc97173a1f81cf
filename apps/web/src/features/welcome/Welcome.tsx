/** The landing page: greeting, current dispatch center, shortcuts to the user's screens, dashboards. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar, Card, Col, Empty, Row, Space, Statistic, Tag, Typography } from 'antd';
import { ApartmentOutlined, AppstoreOutlined, BarChartOutlined, DashboardOutlined, FundOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useDispatchCenters, useUserInfo } from '../../platform/queries.ts';
import { leafScreens, normalizePath } from '../../app/menu.ts';
import { useMenuMeta } from '../../app/useMenuMeta.ts';
import { menuIcon } from '../../app/icons.tsx';
import { formatDateTime } from '../../platform/format.ts';
import { afterShellIdle } from '../../app/idle.ts';

type LookupView = typeof import('../../app/views.ts').lookupView;
let knownLookup: LookupView | undefined;

/**
 * The view registry (every resource definition, ~35 KB gzip) is not needed for the first paint: it loads
 * at the shell's idle moment, with the list-page code; until then the shortcuts keep the menu's order.
 */
function useLookupView(): LookupView | undefined {
  const [lookup, setLookup] = useState(() => knownLookup);
  useEffect(() => {
    if (lookup) return;
    let live = true;
    afterShellIdle()
      .then(() => import('../../app/views.ts'))
      .then((m) => {
        knownLookup = m.lookupView;
        if (live) setLookup(() => m.lookupView);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [lookup]);
  return lookup;
}

const DASHBOARDS = [
  { path: '/dashboard/analysis', key: 'menu.dashboardAnalysis', icon: <BarChartOutlined /> },
  { path: '/dashboard/workplace', key: 'menu.dashboardWorkplace', icon: <DashboardOutlined /> },
  { path: '/dashboard/monitor', key: 'menu.dashboardMonitor', icon: <FundOutlined /> },
];

function greetingKey(hour: number): string {
  if (hour < 6) return 'welcome.night';
  if (hour < 12) return 'welcome.morning';
  if (hour < 18) return 'welcome.afternoon';
  return 'welcome.evening';
}

export default function Welcome() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const { data: centers } = useDispatchCenters();
  const { menus, menuName } = useMenuMeta();
  const lookupView = useLookupView();
  const center = centers?.find((c) => c.current);
  // screens that exist in this version come first
  const screens = leafScreens(menus).filter((m) => !m.path.startsWith('/dashboard'));
  const shortcuts = (lookupView ? [...screens.filter((m) => lookupView(m.component)), ...screens.filter((m) => !lookupView(m.component))] : screens).slice(0, 8);
  const parentIcon = new Map<number, string | null | undefined>(menus.map((m) => [m.id, m.icon]));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="welcome">
      <Card variant="borderless">
        <Row gutter={[24, 16]} align="middle">
          <Col flex="none">
            <Avatar size={64} alt="" src={user?.avatar || '/avatar2.jpg'} icon={<UserOutlined />} />
          </Col>
          <Col flex="auto">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t(greetingKey(dayjs().hour()), { name: user?.nickName || user?.userName || '' })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('welcome.today', { date: formatDateTime(new Date(), 'YYYY-MM-DD dddd') })}
            </Typography.Text>
          </Col>
          <Col flex="none">
            <Space size={32}>
              <Statistic
                title={
                  <Space size={4}>
                    <ApartmentOutlined />
                    {t('welcome.currentCenter')}
                  </Space>
                }
                valueRender={() => (
                  <Space size={6}>
                    <span data-testid="welcome-center">{center?.name ?? '-'}</span>
                    {center?.isDefault === '1' && <Tag color="blue">{t('header.defaultCenter')}</Tag>}
                  </Space>
                )}
              />
              <Statistic title={t('welcome.roles')} value={user?.roles.join(', ') || '-'} valueStyle={{ fontSize: 20 }} />
            </Space>
          </Col>
        </Row>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Card
            title={
              <Space>
                <AppstoreOutlined />
                {t('welcome.shortcuts')}
              </Space>
            }
            variant="borderless"
          >
            {shortcuts.length === 0 ? (
              <Empty description={t('welcome.noShortcuts')} />
            ) : (
              <Row gutter={[12, 12]}>
                {shortcuts.map((m) => (
                  <Col key={m.id} xs={12} md={8} xl={6}>
                    <Link to={normalizePath(m.path)} data-testid={`shortcut-${m.menuKey}`}>
                      <Card size="small" hoverable>
                        <Space>
                          <span style={{ fontSize: 18 }}>{menuIcon(m.icon ?? parentIcon.get(m.parentId)) ?? <AppstoreOutlined />}</span>
                          <Typography.Text ellipsis>{menuName(m)}</Typography.Text>
                        </Space>
                      </Card>
                    </Link>
                  </Col>
                ))}
              </Row>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            title={
              <Space>
                <DashboardOutlined />
                {t('welcome.dashboards')}
              </Space>
            }
            variant="borderless"
          >
            <Space direction="vertical" style={{ width: '100%' }}>
              {DASHBOARDS.map((d) => (
                <Link key={d.path} to={d.path}>
                  <Card size="small" hoverable>
                    <Space>
                      {d.icon}
                      {t(d.key)}
                    </Space>
                  </Card>
                </Link>
              ))}
            </Space>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
