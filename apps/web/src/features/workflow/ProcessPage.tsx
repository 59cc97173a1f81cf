/**
 * Process definitions: the generic list plus the diagram (bpmn-js Viewer), suspend / activate, node
 * configuration (the assignee of each user task: a user, a role or the applicant) and starting a
 * process for a business key.
 */
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Empty, Form, Input, Modal, Select, Spin, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { actDefinition } from '@tms/domain';
import { useCan, useDict } from '../../platform/queries.ts';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { definitionXml, nodeConfig, saveNodeConfig, setSuspended, startForBusiness, type NodeConfig } from './api.ts';
import { BpmnViewer } from './InstanceView.tsx';
import { LinkButton } from '../../platform/LinkButton.tsx';
import { DataText } from '../../platform/DataText.tsx';

const title = (row: Row) => ({ name: String(row.name), version: Number(row.defVersion) });

function DiagramModal({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['actDefinitionXml', row.id], queryFn: () => definitionXml(Number(row.id)) });
  return (
    <Modal open width={1000} footer={null} onCancel={onClose} title={<DataText k="workflow.process.diagramTitle" data={title(row)} />} destroyOnHidden>
      {q.data ? (
        <Suspense fallback={<Spin />}>
          <BpmnViewer xml={q.data.xml} height={480} />
        </Suspense>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

function NodesModal({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const types = useDict('wf_assignee_type');
  const q = useQuery({ queryKey: ['actNodes', row.id], queryFn: () => nodeConfig(Number(row.id)), staleTime: 0 });
  const [nodes, setNodes] = useState<NodeConfig[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setNodes(q.data ?? []), [q.data]);
  const change = (i: number, patch: Partial<NodeConfig>) => setNodes((ns) => ns.map((n, j) => (j === i ? { ...n, ...patch } : n)));
  const save = async () => {
    setSaving(true);
    try {
      await saveNodeConfig(Number(row.id), nodes);
      message.success(t('messages.workflow.nodesSaved'));
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open width={760} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText={t('resource.ok')} cancelText={t('resource.cancel')} title={<DataText k="workflow.process.nodesTitle" data={title(row)} />} destroyOnHidden>
      <Table<NodeConfig>
        rowKey="taskKey"
        size="small"
        loading={q.isLoading}
        pagination={false}
        dataSource={nodes}
        locale={{ emptyText: <Empty description={t('workflow.process.noTasks')} /> }}
        data-testid="wf-nodes"
        columns={[
          { title: t('workflow.process.taskName'), dataIndex: 'taskName', render: (_v, n) => `${n.taskName ?? ''} (${n.taskKey})` },
          {
            title: t('workflow.process.assigneeType'),
            dataIndex: 'assigneeType',
            width: 190,
            render: (_v, n, i) => (
              <Select
                style={{ width: '100%' }}
                allowClear
                aria-label={`${t('workflow.process.assigneeType')}: ${n.taskName ?? n.taskKey}`}
                placeholder={t('workflow.process.byDefault')}
                value={n.assigneeType ?? undefined}
                options={types.map((d) => ({ value: d.dictValue, label: d.dictLabel }))}
                onChange={(v) => change(i, { assigneeType: (v ?? null) as NodeConfig['assigneeType'], assignee: v === 'APPLICANT' ? null : n.assignee })}
              />
            ),
          },
          {
            title: t('workflow.process.assignee'),
            dataIndex: 'assignee',
            width: 220,
            render: (_v, n, i) =>
              n.assigneeType === 'USER' || n.assigneeType === 'ROLE' ? (
                <Input value={n.assignee ?? ''} aria-label={`${t('workflow.process.assignee')}: ${n.taskName ?? n.taskKey}`} placeholder={t(n.assigneeType === 'USER' ? 'workflow.process.user' : 'workflow.process.role')} onChange={(e) => change(i, { assignee: e.target.value })} />
              ) : (
                '-'
              ),
          },
        ]}
      />
    </Modal>
  );
}

function StartModal({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ businessKey: string }>();
  return (
    <Modal
      open
      onCancel={onClose}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      title={<DataText k="workflow.process.startTitle" data={{ name: String(row.name) }} />}
      onOk={async () => {
        const v = await form.validateFields();
        await startForBusiness(String(row.defKey), v.businessKey);
        message.success(t('messages.workflow.started'));
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="businessKey" label={t('workflow.process.businessKey')} rules={[{ required: true, message: t('validation.required') }, { max: 64, message: t('validation.maxLength', { max: 64 }) }]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function ProcessPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const [open, setOpen] = useState<{ kind: 'diagram' | 'nodes' | 'start'; row: Row } | null>(null);

  const toggle = useCallback(
    (row: Row, api: TableApi) => {
      const suspend = row.suspended !== true;
      modal.confirm({
        title: t('resource.confirmTitle'),
        content: t(suspend ? 'workflow.process.suspendConfirm' : 'workflow.process.activateConfirm', title(row)),
        okText: t('resource.ok'),
        cancelText: t('resource.cancel'),
        onOk: async () => {
          await setSuspended([Number(row.id)], suspend);
          message.success(t(suspend ? 'messages.workflow.suspended' : 'messages.workflow.activated'));
          api.reload();
        },
      });
    },
    [t, modal, message],
  );

  const rowActions = useCallback(
    (row: Row, api: TableApi) => {
      const out = [
        <LinkButton dialog key="diagram" onClick={() => setOpen({ kind: 'diagram', row })}>
          {t('workflow.process.diagram')}
        </LinkButton>,
      ];
      const suspend = row.suspended !== true;
      if (can(suspend ? 'act:process:suspend' : 'act:process:activate'))
        out.push(
          <LinkButton dialog="confirm" key="toggle" data-testid="process-toggle" onClick={() => toggle(row, api)}>
            {t(suspend ? 'workflow.process.suspend' : 'workflow.process.activate')}
          </LinkButton>,
        );
      if (can('act:process:node'))
        out.push(
          <LinkButton dialog key="nodes" data-testid="process-nodes" onClick={() => setOpen({ kind: 'nodes', row })}>
            {t('workflow.process.nodes')}
          </LinkButton>,
        );
      if (can('act:process:start') && suspend)
        out.push(
          <LinkButton dialog key="start" onClick={() => setOpen({ kind: 'start', row })}>
            {t('workflow.process.start')}
          </LinkButton>,
        );
      return out;
    },
    [t, can, toggle],
  );

  const close = () => setOpen(null);
  return (
    <>
      <ResourceTable resource={actDefinition} syncUrl rowActions={rowActions} />
      {open?.kind === 'diagram' && <DiagramModal row={open.row} onClose={close} />}
      {open?.kind === 'nodes' && <NodesModal row={open.row} onClose={close} />}
      {open?.kind === 'start' && <StartModal row={open.row} onClose={close} />}
    </>
  );
}
