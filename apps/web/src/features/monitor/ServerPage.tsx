/** Server and database monitor (replaces the original's Druid screen): process, host and database figures, refreshed every 10 s. */
import { useTranslation } from 'react-i18next';
import { Alert, Card, Col, Progress, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SystemApi } from '@tms/domain';
import { callData } from '../../platform/api.ts';

export function bytes(n: number): string {
  const v = Number(n) || 0;
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let x = v;
  while (x >= 1024 && i < units.length - 1) {
    x /= 1024;
    i++;
  }
  return `${x.toFixed(i ? 1 : 0)} ${units[i]}`;
}

export function duration(sec: number, t: (k: string, o?: Record<string, unknown>) => string): string {
  const d = Math.floor(sec / 86400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((sec % 86400) / 3600))}:${pad(Math.floor((sec % 3600) / 60))}:${pad(sec % 60)}`;
  return d ? `${t('system.server.days', { d })} ${hms}` : hms;
}

export default function ServerPage() {
  const { t } = useTranslation();
  const tt = (k: string, o?: Record<string, unknown>) => String(t(k, o ?? {}));
  const q = useQuery({ queryKey: ['monitorServer'], queryFn: () => callData(SystemApi.endpoints.serverState), refetchInterval: 10_000, staleTime: 0 });
  const d = q.data;
  const f = (k: string) => t(`system.server.${k}`);
  if (!d) return <Card loading={q.isLoading}>{q.error ? <Alert type="error" message={(q.error as Error).message} /> : null}</Card>;
  const usedMem = d.host.totalMemBytes - d.host.freeMemBytes;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="server-monitor">
      <Typography.Text type="secondary">
        {t('system.server.autoRefresh')} · {t('system.server.updatedAt', { time: new Date(q.dataUpdatedAt).toLocaleTimeString() })}
      </Typography.Text>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={6}>
          <Card>
            <Statistic title={f('uptime')} value={duration(d.process.uptimeSec, tt)} />
            <Typography.Text type="secondary">Node {d.process.node}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card>
            <Statistic title={f('rss')} value={bytes(d.process.rssBytes)} />
            <Typography.Text type="secondary">{t('system.server.heap', { used: bytes(d.process.heapUsedBytes), total: bytes(d.process.heapTotalBytes) })}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card>
            <Statistic title={f('eventLoop')} value={d.process.eventLoopDelayMs.mean} precision={2} suffix="ms" />
            <Typography.Text type="secondary">
              p99 {d.process.eventLoopDelayMs.p99} ms · max {d.process.eventLoopDelayMs.max} ms
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card>
            <Statistic title={f('requestsPerMinute')} value={d.process.requestsPerMinute} precision={1} />
            <Typography.Text type="secondary">{t('system.server.requests', { n: d.process.requests })}</Typography.Text>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={f('host')} size="small">
            <Space direction="vertical" style={{ width: '100%' }}>
              <div>
                {f('platform')}: {d.host.platform} · {t('system.server.cpus', { n: d.host.cpus })}
              </div>
              <div>
                {f('load')}: {d.host.loadavg.map((x) => x.toFixed(2)).join(' / ')}
              </div>
              <div>
                {f('memory')}: {bytes(usedMem)} / {bytes(d.host.totalMemBytes)}
                <Progress aria-label={String(f('memory'))} percent={Math.round((usedMem / Math.max(1, d.host.totalMemBytes)) * 100)} size="small" />
              </div>
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={f('database')} size="small">
            <Space direction="vertical" style={{ width: '100%' }}>
              <div>
                {f('dbKind')}: <Tag>{d.database.kind}</Tag> {f('dbSize')}: {bytes(d.database.sizeBytes)}
              </div>
              <div>
                {f('connections')}:{' '}
                {d.database.connections.length
                  ? d.database.connections.map((c) => (
                      <Tag key={c.state ?? 'none'}>
                        {c.state ?? f('background')}: {c.n}
                      </Tag>
                    ))
                  : '-'}
              </div>
            </Space>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={f('tables')} size="small">
            <Table
              size="small"
              rowKey="table"
              pagination={false}
              dataSource={d.database.tables}
              columns={[
                { title: f('table'), dataIndex: 'table' },
                { title: f('rows'), dataIndex: 'rows', align: 'right' },
                { title: f('size'), dataIndex: 'bytes', align: 'right', render: (v: number) => bytes(v) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={f('slowest')} size="small">
            <Table
              size="small"
              rowKey={(r) => r.query}
              pagination={false}
              dataSource={d.database.slowest}
              // a sentence the user must read, not a placeholder: the text colour, not the table's faint placeholder grey
              locale={{ emptyText: <Typography.Text>{f(d.database.slowestAvailable === false ? 'noStatementsExtension' : 'noStatements')}</Typography.Text> }}
              columns={[
                { title: f('query'), dataIndex: 'query', ellipsis: true },
                { title: f('calls'), dataIndex: 'calls', align: 'right', width: 90 },
                { title: f('meanMs'), dataIndex: 'meanMs', align: 'right', width: 110 },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
