/**
 * A report (order, shipment, epod, vehicle check, margin, vehicle mileage): filters (period, dispatch center, client, carrier,
 * vehicle, status, grouping), a chart where a person would rather look than read, the table with its totals,
 * and the Excel export of exactly what is filtered. The vehicle check report drills down from a row's
 * figures to the checks behind them and to each check with its items and pictures (CheckDrillDown).
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Select, Space, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getResource, ReportApi, reportColumnTitle, REPORTS, type ReportColumn, type ReportGroupBy, type ReportName } from '@tms/domain';
import { HttpError, saveResponse } from '../../platform/http.ts';
import { resourceCalls } from '../../platform/resource-calls.ts';
import { call, callData } from '../../platform/api.ts';
import { useCan, useDict, useDispatchCenters } from '../../platform/queries.ts';
import { LazyChart } from '../../platform/chart/index.tsx';
import { chartOf } from './charts.ts';
import { formatCell } from './format.ts';
import CheckDrillDown, { useItemLabel, type CheckDrill } from './CheckDrillDown.tsx';
import { LinkButton } from '../../platform/LinkButton.tsx';

type Row = Record<string, string | number | null>;

interface Filters {
  period: [Dayjs, Dayjs];
  dispatchCenterId?: number;
  clientId?: number;
  carrierId?: number;
  vehicleId?: number;
  status?: string;
  groupBy?: ReportGroupBy;
}

const tz = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function toQuery(f: Filters): Record<string, string | number> {
  const q: Record<string, string | number> = { from: f.period[0].format('YYYY-MM-DD'), to: f.period[1].format('YYYY-MM-DD'), tz: tz() };
  for (const k of ['dispatchCenterId', 'clientId', 'carrierId', 'vehicleId', 'status', 'groupBy'] as const) if (f[k] !== undefined && f[k] !== null) q[k] = f[k]!;
  return q;
}

/** Options of a master-data list (clients, carriers, vehicles by plate) for a filter. */
function useOptions(resource: 'client' | 'carrier' | 'transportMeans', enabled: boolean, label = 'name') {
  return useQuery({
    queryKey: ['report-options', resource],
    queryFn: async () => (await resourceCalls(getResource(resource)).list({ pageNum: 1, pageSize: 500 })).rows.map((r) => ({ value: r.id, label: String(r[label] ?? r.id) })),
    enabled,
    staleTime: 300_000,
  });
}

export default function ReportPage({ name }: { name: ReportName }) {
  const spec = REPORTS[name];
  const can = useCan();
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const initial: Filters = { period: [dayjs().subtract(29, 'day'), dayjs()], groupBy: spec.groupBys?.[0] };
  const [filters, setFilters] = useState<Filters>(initial);
  const centers = useDispatchCenters();
  const clients = useOptions('client', spec.filters.includes('client'));
  const carriers = useOptions('carrier', spec.filters.includes('carrier'));
  const vehicles = useOptions('transportMeans', spec.filters.includes('vehicle'), 'plateNumber');
  const statuses = useDict(spec.statusDict);
  const query = toQuery(filters);
  const data = useQuery({ queryKey: ['report', name, query], queryFn: () => callData(ReportApi.reportEndpoints(name).data, { query }) });
  const itemLabel = useItemLabel();
  const option = useMemo(() => (data.data ? chartOf(name, data.data.rows, t, itemLabel) : null), [data.data, name, t, itemLabel]);
  const [drill, setDrill] = useState<CheckDrill | null>(null);
  /** the check report: item names, and the figures that open the checks behind them */
  const renderCheck = (c: ReportColumn, v: unknown, r: Row) => {
    if (c.key === 'itemCode') return itemLabel(v);
    if ((c.key === 'checks' || c.key === 'failed') && Number(v) > 0)
      return (
        // a button (a link without an address takes no focus: the keyboard could not drill down), that opens a drawer
        <LinkButton dialog onClick={() => setDrill({ itemCode: String(r.itemCode), failedOnly: c.key === 'failed' })} data-testid={`check-drill-${c.key}-${String(r.itemCode)}`}>
          {formatCell(c, v, i18n.language)}
        </LinkButton>
      );
    return formatCell(c, v, i18n.language);
  };
  const columns = spec.columns.map((c) => ({
    title: t(reportColumnTitle(spec, c.key, data.data?.filters.groupBy ?? filters.groupBy)),
    dataIndex: c.key,
    key: c.key,
    align: c.kind === 'text' || c.kind === 'date' ? ('left' as const) : ('right' as const),
    render: (v: unknown, r: Row) => (name === 'check' ? renderCheck(c, v, r) : formatCell(c, v, i18n.language)),
  }));
  const exportXlsx = () =>
    call(ReportApi.reportEndpoints(name).export, { query })
      .then((res) => saveResponse(res, `${t(`reports.${name}.title`)}.xlsx`))
      .catch((e: unknown) => void message.error(e instanceof HttpError ? e.message : t('http.systemError')));

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid={`report-${name}`}>
      <Card>
        <Form form={form} layout="inline" initialValues={initial} onFinish={(v) => setFilters({ ...initial, ...v })} style={{ rowGap: 12 }}>
          <Form.Item name="period" label={t('reportPage.period')} rules={[{ required: true }]}>
            <DatePicker.RangePicker allowClear={false} data-testid="report-period" />
          </Form.Item>
          <Form.Item name="dispatchCenterId" label={t('reportPage.center')}>
            <Select allowClear style={{ width: 160 }} placeholder={t('reportPage.currentCenter')} options={(centers.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
          {spec.filters.includes('client') && (
            <Form.Item name="clientId" label={t('reportPage.client')}>
              <Select allowClear showSearch optionFilterProp="label" style={{ width: 180 }} options={clients.data ?? []} data-testid="report-client" />
            </Form.Item>
          )}
          {spec.filters.includes('carrier') && (
            <Form.Item name="carrierId" label={t('reportPage.carrier')}>
              <Select allowClear showSearch optionFilterProp="label" style={{ width: 180 }} options={carriers.data ?? []} />
            </Form.Item>
          )}
          {spec.filters.includes('vehicle') && (
            <Form.Item name="vehicleId" label={t('reportPage.vehicle')}>
              <Select allowClear showSearch optionFilterProp="label" style={{ width: 160 }} options={vehicles.data ?? []} data-testid="report-vehicle" />
            </Form.Item>
          )}
          {spec.filters.includes('status') && (
            <Form.Item name="status" label={t('reportPage.status')}>
              <Select allowClear style={{ width: 140 }} options={statuses.map((d) => ({ value: d.dictValue, label: d.dictLabel }))} data-testid="report-status" />
            </Form.Item>
          )}
          {spec.filters.includes('groupBy') && (
            <Form.Item name="groupBy" label={t('reportPage.groupBy')}>
              <Select style={{ width: 160 }} options={(spec.groupBys ?? []).map((g) => ({ value: g, label: t(`reports.groupBy.${g}`) }))} data-testid="report-group-by" />
            </Form.Item>
          )}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="report-search">
                {t('reportPage.search')}
              </Button>
              {can(REPORTS[name].exportPermission) && (
                <Button onClick={exportXlsx} icon={<DownloadOutlined />} data-testid="report-export">
                  {t('reportPage.export')}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Form>
      </Card>
      {option && data.data!.rows.length > 0 && (
        <Card title={t(`reportPage.chart.${name}`)}>
          <LazyChart option={option} height={300} testId="report-chart" />
        </Card>
      )}
      <Card
        title={t(`reports.${name}.title`)}
        extra={
          // read on a replica that is behind: say how old the figures may be
          data.data?.lagSeconds ? (
            <Typography.Text type="secondary" data-testid="report-lag">
              {t('reportPage.lagNote', { seconds: data.data.lagSeconds })}
            </Typography.Text>
          ) : null
        }
      >
        <Table<Row>
          rowKey={(r) => spec.columns.map((c) => String(r[c.key] ?? '')).join('|')}
          size="small"
          loading={data.isLoading}
          dataSource={data.data?.rows ?? []}
          columns={columns}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          summary={() =>
            data.data && data.data.rows.length ? (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  {spec.columns.map((c, i) => (
                    <Table.Summary.Cell key={c.key} index={i} align={c.kind === 'text' || c.kind === 'date' ? 'left' : 'right'}>
                      <Typography.Text strong>{i === 0 ? t('reports.total') : c.kind === 'text' || c.kind === 'date' ? '' : formatCell(c, data.data!.totals[c.key], i18n.language)}</Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Card>
      {drill && <CheckDrillDown drill={drill} query={query} onClose={() => setDrill(null)} />}
    </Space>
  );
}
