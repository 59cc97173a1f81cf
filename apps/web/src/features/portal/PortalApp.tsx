/**
 * The client portal (issue 17): a client user's own small app under /portal — its orders (list, export, place,
 * detail with the status timeline, waybills, proofs of delivery, public tracking links), the map of what is
 * in transit, and its statements (confirm or dispute). Staff never land here (the server refuses them every portal route); a client user lands nowhere else.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Layout, Menu, Space, Typography } from 'antd';
import { AccountBookOutlined, EnvironmentOutlined, LogoutOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { PortalApi } from '@tms/domain';
import type { z } from 'zod';
import { queryClient } from '../../platform/queries.ts';
import { HttpError } from '../../platform/http.ts';
import { callData } from '../../platform/api.ts';
import { LangSwitch } from '../../app/header/LangSwitch.tsx';
import { logout } from '../../app/logout.ts';
import { PageLoading } from '../../app/views-ui.tsx';
import { NewOrderPage, OrderDetailPage, OrdersPage, TransitMapPage } from './pages.tsx';
import { StatementPage, StatementsPage } from './statements.tsx';

export type Me = z.output<typeof PortalApi.PortalMe>;

function Shell() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const loc = useLocation();
  const [leaving, setLeaving] = useState(false);
  const me = useQuery({ queryKey: ['portalMe'], queryFn: () => callData(PortalApi.endpoints.me, {}, { silent: true }), staleTime: Infinity, retry: false });
  // a staff user who opened /portal goes back to the back office
  if (me.error instanceof HttpError && me.error.status === 403) return <Navigate to="/welcome" replace />;
  if (!me.data) return <PageLoading full />;
  const selected = loc.pathname.startsWith('/portal/map') ? 'map' : loc.pathname.startsWith('/portal/statements') ? 'statements' : loc.pathname === '/portal/orders/new' ? 'new' : 'orders';
  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="portal">
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24, background: '#fff', borderBottom: '1px solid #f0f0f0', paddingInline: 24 }}>
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'nowrap' }}>
          {t('portal.title')}
        </Typography.Title>
        <Menu
          mode="horizontal"
          selectedKeys={[selected]}
          style={{ flex: 1, borderBottom: 'none', minWidth: 0 }}
          items={[
            { key: 'orders', icon: <UnorderedListOutlined />, label: t('portal.menu.orders'), onClick: () => nav('/portal/orders') },
            { key: 'new', icon: <PlusOutlined />, label: t('portal.menu.newOrder'), onClick: () => nav('/portal/orders/new') },
            { key: 'map', icon: <EnvironmentOutlined />, label: t('portal.menu.map'), onClick: () => nav('/portal/map') },
            { key: 'statements', icon: <AccountBookOutlined />, label: t('portal.menu.statements'), onClick: () => nav('/portal/statements') },
          ]}
          data-testid="portal-menu"
        />
        <Space>
          <Typography.Text data-testid="portal-user">
            {me.data.nickName} · {me.data.clients.map((c) => c.name).join('、')}
          </Typography.Text>
          <LangSwitch />
          <Button
            type="text"
            icon={<LogoutOutlined />}
            loading={leaving}
            onClick={() => {
              setLeaving(true);
              void logout();
            }}
          >
            {t('portal.logout')}
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        {!me.data.clients.length && <Alert type="warning" showIcon message={t('portal.noClient')} style={{ marginBottom: 16 }} />}
        <Routes>
          <Route path="orders" element={<OrdersPage me={me.data} />} />
          <Route path="orders/new" element={<NewOrderPage me={me.data} />} />
          <Route path="orders/:id" element={<OrderDetailPage />} />
          <Route path="map" element={<TransitMapPage />} />
          <Route path="statements" element={<StatementsPage />} />
          <Route path="statements/:id" element={<StatementPage />} />
          <Route path="*" element={<Navigate to="/portal/orders" replace />} />
        </Routes>
      </Layout.Content>
    </Layout>
  );
}

export default function PortalApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AntApp style={{ minHeight: '100%' }}>
        <Shell />
      </AntApp>
    </QueryClientProvider>
  );
}
