/**
 * Running and finished process instances: the generic list of instances fixed to their states, with
 * the instance detail (diagram with the current node, history, business record) and terminate.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Drawer, Form, Input, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { actInstance } from '@tms/domain';
import { useCan } from '../../platform/queries.ts';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { instanceDetail, terminate, type InstanceDetail } from './api.ts';
import InstanceView from './InstanceView.tsx';
import { LinkButton } from '../../platform/LinkButton.tsx';
import { DataText } from '../../platform/DataText.tsx';

/** A drawer showing one instance, loaded by the given query. */
export function InstanceDrawer({ title, queryKey, load, onClose }: { title: ReactNode; queryKey: unknown[]; load: () => Promise<InstanceDetail | null>; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey, queryFn: load, staleTime: 0 });
  return (
    <Drawer open width={960} onClose={onClose} title={title} destroyOnHidden data-testid="wf-instance-drawer">
      {q.isLoading ? <Spin /> : q.data ? <InstanceView detail={q.data} /> : <span>{t('workflow.request.noProgress')}</span>}
    </Drawer>
  );
}

function TerminateModal({ row, onClose, onDone }: { row: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  return (
    <Modal
      open
      title={t('workflow.instance.terminateTitle')}
      okText={t('resource.ok')}
      okButtonProps={{ danger: true }}
      cancelText={t('resource.cancel')}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        await terminate([Number(row.id)], v.reason || null);
        message.success(t('messages.workflow.terminated'));
        onDone();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('workflow.instance.reason')} rules={[{ max: 500, message: t('validation.maxLength', { max: 500 }) }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function InstancesPage({ running }: { running: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const [detail, setDetail] = useState<Row | null>(null);
  const [ending, setEnding] = useState<{ row: Row; api: TableApi } | null>(null);
  const rowActions = useCallback(
    (row: Row, api: TableApi) => {
      const out = [
        <LinkButton dialog key="detail" data-testid="instance-detail" onClick={() => setDetail(row)}>
          {t('workflow.instance.detail')}
        </LinkButton>,
      ];
      if (running && can('act:instance:terminate'))
        out.push(
          <LinkButton dialog danger key="terminate" onClick={() => setEnding({ row, api })}>
            {t('workflow.instance.terminate')}
          </LinkButton>,
        );
      return out;
    },
    [t, can, running],
  );
  return (
    <>
      <ResourceTable
        resource={actInstance}
        syncUrl
        fixed={{ status: running ? 'RUNNING' : 'COMPLETED,TERMINATED' }}
        headerTitle={t(running ? 'menu.actRunning' : 'menu.actFinished')}
        rowActions={rowActions}
      />
      {detail && (
        <InstanceDrawer
          title={<DataText k="workflow.instance.detailTitle" data={{ name: String(detail.defName) }} />}
          queryKey={['actInstance', detail.id]}
          load={() => instanceDetail(Number(detail.id))}
          onClose={() => setDetail(null)}
        />
      )}
      {ending && (
        <TerminateModal
          row={ending.row}
          onClose={() => setEnding(null)}
          onDone={() => {
            setEnding(null);
            ending.api.reload();
          }}
        />
      )}
    </>
  );
}

export const RunningPage = () => <InstancesPage running />;
export const FinishedPage = () => <InstancesPage running={false} />;
