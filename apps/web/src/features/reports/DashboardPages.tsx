/** Analysis, workplace and monitor dashboards: real figures of the current dispatch center. */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, List, Row, Statistic, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ReportApi, type Endpoint } from '@tms/domain';
import { callData } from '../../platform/api.ts';
import { useDicts } from '../../platform/queries.ts';
import { formatDateTime } from '../../platform/format.ts';
import { LazyChart } from '../../platform/chart/index.tsx';

const tz = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A dashboard of ReportApi.dashboards, read again every minute. */
function useDashboard<R extends z.ZodType>(e: Endpoint<undefined, typeof ReportApi.CenterQuery, undefined, R>) {
  return useQuery({ queryKey: ['dashboard', e.operationId], queryFn: () => callData(e, { query: { tz: tz() } }), refetchInterval: 60_000 });
}

/** label of a dictionary value, as the rest of the product shows it */
function useDictLabel(): (type: string, value: string | null) => string {
  const dicts = useDicts();
  return (type, value) => dicts.data?.[type]?.find((d) => d.dictValue === value)?.dictLabel ?? value ?? '-';
}

function Figure({ title, value, suffix, testId }: { title: string; value: number | string | null; suffix?: string; testId?: string }) {
  return (
    <Card>
      <Statistic title={title} value={value ?? '-'} suffix={value === null ? undefined : suffix} valueStyle={{ fontSize: 28 }} data-testid={testId} />
    </Card>
  );
}

/** read on a replica that is behind (platform/replica.ts on the server): how old the figures may be */
function LagNote({ seconds }: { seconds?: number }) {
  const { t } = useTranslation();
  if (!seconds) return null;
  return (
    <Col span={24}>
      <Typography.Text type="secondary" data-testid="dashboard-lag">
        {t('reportPage.lagNote', { seconds })}
      </Typography.Text>
    </Col>
  );
}

export function AnalysisDashboard() {
  const { t } = useTranslation();
  const label = useDictLabel();
  const { data } = useDashboard(ReportApi.dashboards.analysis);
  if (!data) return <Card loading />;
  return (
    <Row gutter={[16, 16]} data-testid="dashboard-analysis">
      <LagNote seconds={data.lagSeconds} />
      <Col xs={24} md={12} xl={6}>
        <Figure title={t('dashboard.ordersToday')} value={data.ordersToday.orders} testId="dash-orders-today" />
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Figure title={t('dashboard.weightToday')} value={data.ordersToday.weight} suffix="kg" />
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Figure title={t('dashboard.onTimeDeparture')} value={data.onTimeDepartureRate} suffix="%" />
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Figure title={t('dashboard.alertsOpen')} value={data.alertsOpen} testId="dash-alerts-open" />
      </Col>
      <Col xs={24} xl={16}>
        <Card title={t('dashboard.ordersPerDay')}>
          {data.ordersPerDay.length ? (
            <LazyChart
              testId="dash-orders-chart"
              option={{
                tooltip: { trigger: 'axis' },
                grid: { left: 40, right: 16, top: 24, bottom: 24 },
                xAxis: { type: 'category', data: data.ordersPerDay.map((d) => d.day) },
                yAxis: { type: 'value' },
                series: [{ type: 'bar', name: t('reports.col.orders'), data: data.ordersPerDay.map((d) => d.orders) }],
              }}
            />
          ) : (
            <Empty />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('dashboard.shipmentsByStatus')}>
          {data.shipmentsByStatus.length ? (
            <LazyChart
              option={{
                tooltip: { trigger: 'item' },
                legend: { bottom: 0 },
                series: [{ type: 'pie', radius: ['40%', '70%'], data: data.shipmentsByStatus.map((s) => ({ name: label('shipment_status', s.status), value: s.count })) }],
              }}
            />
          ) : (
            <Empty />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('dashboard.topCarriers')}>
          <Table
            size="small"
            rowKey="carrierName"
            pagination={false}
            dataSource={data.topCarriers}
            columns={[
              { title: t('reports.col.carrierName'), dataIndex: 'carrierName' },
              { title: t('reports.col.shipments'), dataIndex: 'shipments', align: 'right' },
              { title: t('reports.col.weight'), dataIndex: 'weight', align: 'right' },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Figure title={t('dashboard.onTimeArrival')} value={data.onTimeArrivalRate} suffix="%" />
      </Col>
    </Row>
  );
}

const TODO_LINKS: Record<string, string> = {
  ordersToReview: '/order/list',
  waybillsToReview: '/waybill/list',
  waybillsToDispatch: '/shipment/ros',
  shipmentsToSchedule: '/shipment/list',
  shipmentsToRelease: '/shipment/list',
  shipmentsInTransit: '/shipment/list',
  epodsToAudit: '/epod/list',
  alertsOpen: '/shipment/alert',
};

export function WorkplaceDashboard() {
  const { t } = useTranslation();
  const label = useDictLabel();
  const { data } = useDashboard(ReportApi.dashboards.workplace);
  if (!data) return <Card loading />;
  return (
    <Row gutter={[16, 16]} data-testid="dashboard-workplace">
      <LagNote seconds={data.lagSeconds} />
      {Object.entries(data.todo).map(([k, v]) => (
        <Col xs={12} md={8} xl={6} key={k}>
          <Link to={TODO_LINKS[k] ?? '/welcome'}>
            <Figure title={t(`dashboard.todo.${k}`)} value={v} testId={`todo-${k}`} />
          </Link>
        </Col>
      ))}
      <Col span={24}>
        <Card title={t('dashboard.recent')}>
          <List
            dataSource={data.recent}
            locale={{ emptyText: <Empty /> }}
            renderItem={(r) => (
              <List.Item>
                <Typography.Text>
                  <Tag>{label('tracking_operation', r.operationType)}</Tag>
                  {r.relatedCode} · {r.operatorName}
                </Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(r.operationTime)}</Typography.Text>
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}

export function MonitorDashboard() {
  const { t } = useTranslation();
  const label = useDictLabel();
  const { data } = useDashboard(ReportApi.dashboards.monitor);
  if (!data) return <Card loading />;
  const cell = (n: ReactNode) => n ?? '-';
  return (
    <Row gutter={[16, 16]} data-testid="dashboard-monitor">
      <LagNote seconds={data.lagSeconds} />
      <Col xs={24} md={8}>
        <Figure title={t('dashboard.inProgress')} value={data.inProgress.length} testId="dash-in-progress" />
      </Col>
      <Col xs={24} md={8}>
        <Figure title={t('dashboard.positionsLastHour')} value={data.positionsLastHour} />
      </Col>
      <Col xs={24} md={8}>
        <Card title={t('dashboard.alertsByType')} size="small">
          {data.alertsByType.length ? data.alertsByType.map((a) => <Tag key={a.type ?? '-'}>{`${label('alert_rule_type', a.type)}: ${a.count}`}</Tag>) : <Empty />}
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('dashboard.shipmentsInProgress')}>
          <Table
            size="small"
            rowKey="id"
            dataSource={data.inProgress}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { title: t('dashboard.shipmentCode'), dataIndex: 'shipmentCode' },
              { title: t('reportPage.status'), dataIndex: 'status', render: (v: string) => label('shipment_status', v) },
              { title: t('reports.col.carrierName'), dataIndex: 'carrierName', render: cell },
              { title: t('dashboard.lastReport'), dataIndex: 'lastReport', render: (v: string | null) => (v ? formatDateTime(v) : <Tag color="orange">{t('dashboard.noPosition')}</Tag>) },
              { title: t('dashboard.openAlerts'), dataIndex: 'openAlerts', render: (v: number) => (v ? <Tag color="red">{v}</Tag> : 0) },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
