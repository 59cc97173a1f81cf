/**
 * One process instance as the workflow screens show it: its facts, the diagram with the passed elements
 * and the current node highlighted, the history (node, operator, action, comment, time) and the bound
 * business record.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Empty, Space, Spin, Table, Typography } from 'antd';
import { ProDescriptions, type ProDescriptionsItemProps } from '@ant-design/pro-components';
import { actInstance, allFields, inForm, WF_BUSINESS_RESOURCES, type FieldDef, type ResourceDef, type WfBusinessType } from '@tms/domain';
import { displayValue, fieldLabel, type Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { formatDateTime } from '../../platform/format.ts';
import type { HistoryRow, InstanceDetail } from './api.ts';

export const BpmnViewer = lazy(() => import('./diagram/BpmnViewer.tsx'));

/** The listed fields of a record, formatted like the generic detail. */
export function RecordDescriptions({ def, record, fields }: { def: ResourceDef; record: Row; fields: FieldDef[] }) {
  const ctx = useResourceContext();
  const columns: ProDescriptionsItemProps<Row>[] = fields.map((f) => ({
    title: fieldLabel(ctx.t, def, f.name),
    dataIndex: f.name,
    key: f.name,
    span: f.kind === 'text' ? 2 : 1,
    render: (_d, row) => displayValue(f, row[f.name], ctx, row) || '-',
  }));
  return <ProDescriptions<Row> column={2} bordered size="small" dataSource={record} columns={columns} />;
}

const actionField: FieldDef = { name: 'action', kind: 'dict', dict: 'wf_task_action' };

const INSTANCE_FIELDS = ['defName', 'defVersion', 'businessType', 'businessKey', 'applicant', 'status', 'result', 'currentNodes', 'createTime', 'endTime'];

function Legend() {
  const { t } = useTranslation();
  return (
    <Space size="large" style={{ fontSize: 12 }}>
      <span>
        <span className="wf-legend-dot" style={{ background: '#52c41a' }} />
        {t('workflow.instance.legendDone')}
      </span>
      <span>
        <span className="wf-legend-dot" style={{ background: '#fa8c16' }} />
        {t('workflow.instance.legendCurrent')}
      </span>
    </Space>
  );
}

export function HistoryTable({ rows }: { rows: HistoryRow[] }) {
  const ctx = useResourceContext();
  const { t } = ctx;
  return (
    <Table<HistoryRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      data-testid="wf-history"
      locale={{ emptyText: <Typography.Text>{t('workflow.instance.noHistory')}</Typography.Text> }}
      columns={[
        { title: t('workflow.instance.node'), dataIndex: 'nodeName', render: (_v, r) => r.nodeName ?? r.nodeId ?? '-' },
        { title: t('workflow.instance.operator'), dataIndex: 'operator', render: (v) => v ?? '-' },
        { title: t('workflow.instance.action'), dataIndex: 'action', render: (v) => displayValue(actionField, v, ctx) },
        { title: t('workflow.instance.comment'), dataIndex: 'comment', render: (v) => v ?? '-' },
        { title: t('workflow.instance.time'), dataIndex: 'endTime', render: (v) => formatDateTime(v, ctx.dateStyle) },
      ]}
    />
  );
}

export default function InstanceView({ detail }: { detail: InstanceDetail }) {
  const { t } = useTranslation();
  const bdef = detail.business ? WF_BUSINESS_RESOURCES[detail.business.type as WfBusinessType] : undefined;
  const instFields = INSTANCE_FIELDS.map((n) => allFields(actInstance).find((f) => f.name === n)!);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <RecordDescriptions def={actInstance} record={detail.instance} fields={instFields} />
      <Card size="small" title={t('workflow.instance.diagram')} extra={<Legend />}>
        {detail.xml ? (
          <Suspense fallback={<Spin />}>
            <BpmnViewer xml={detail.xml} done={detail.trail} current={detail.current} />
          </Suspense>
        ) : (
          <Empty />
        )}
      </Card>
      <Card size="small" title={t('workflow.instance.history')}>
        <HistoryTable rows={detail.history} />
      </Card>
      <Card size="small" title={t('workflow.instance.business')}>
        {bdef && detail.business?.record ? (
          <RecordDescriptions def={bdef} record={detail.business.record} fields={allFields(bdef).filter((f) => inForm(f) || f.name === 'status' || f.name === 'applyUser')} />
        ) : detail.business ? (
          <span>{detail.business.key}</span>
        ) : (
          <Empty description={t('workflow.instance.noBusiness')} />
        )}
      </Card>
    </Space>
  );
}
