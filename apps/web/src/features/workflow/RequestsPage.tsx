/**
 * The demo requests (leave, purchase): the generic list and form of the applicant's records, plus
 * "submit for approval after saving", submit, withdraw and the approval progress of each request.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import { ProFormSwitch } from '@ant-design/pro-components';
import { WF_BUSINESS_RESOURCES, WorkflowApi, type ResourceDef } from '@tms/domain';
import { useCan } from '../../platform/queries.ts';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import type { FormExtension } from '../../platform/resource/ResourceForm.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { cancelRequests, requestProgress, submitRequests } from './api.ts';
import { InstanceDrawer } from './InstancesPage.tsx';
import { LinkButton } from '../../platform/LinkButton.tsx';
import { LabelWithData } from '../../platform/DataText.tsx';

/** States in which a request may be edited and submitted (again). */
const OPEN_STATES = ['DRAFT', 'REJECTED', 'CANCELED'];

function RequestsPage({ def }: { def: ResourceDef }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const [progress, setProgress] = useState<Row | null>(null);
  const canSubmit = can(`${def.permission}:submit`);
  const label = (row: Row) => String(row[def.labelField] ?? row.id);

  const confirm = useCallback(
    (row: Row, api: TableApi, submit: boolean) =>
      modal.confirm({
        title: t('resource.confirmTitle'),
        content: t(submit ? 'workflow.request.submitConfirm' : 'workflow.request.cancelConfirm', { label: label(row) }),
        okText: t('resource.ok'),
        cancelText: t('resource.cancel'),
        onOk: async () => {
          await (submit ? submitRequests : cancelRequests)(def, [Number(row.id)]);
          message.success(t(submit ? 'messages.workflow.submitted' : 'messages.workflow.canceled'));
          api.reload();
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, modal, message, def],
  );

  const rowActions = useCallback(
    (row: Row, api: TableApi) => {
      const status = String(row.status);
      const out = [];
      if (OPEN_STATES.includes(status) && canSubmit)
        out.push(
          <LinkButton dialog="confirm" key="submit" data-testid="request-submit" onClick={() => confirm(row, api, true)}>
            {t('workflow.request.submit')}
          </LinkButton>,
        );
      if (status === 'RUNNING' && can(`${def.permission}:cancel`))
        out.push(
          <LinkButton dialog="confirm" key="cancel" data-testid="request-cancel" onClick={() => confirm(row, api, false)}>
            {t('workflow.request.cancel')}
          </LinkButton>,
        );
      if (row.instanceId)
        out.push(
          <LinkButton dialog key="progress" data-testid="request-progress" onClick={() => setProgress(row)}>
            {t('workflow.request.progress')}
          </LinkButton>,
        );
      return out;
    },
    [t, can, canSubmit, confirm, def],
  );

  // "save and submit" in one request: the server starts the process in the same transaction
  const form = useMemo<FormExtension>(
    () => ({
      extra: ({ record }) =>
        canSubmit && (!record || OPEN_STATES.includes(String(record.status))) ? (
          <ProFormSwitch name="submit" label={t('workflow.request.submitNow')} colProps={{ span: 24 }} fieldProps={{ 'data-testid': 'request-submit-now' } as object} />
        ) : null,
      beforeSubmit: (body, values) => ({ ...body, ...(values.submit === true ? { submit: true } : {}) }),
    }),
    [t, canSubmit],
  );

  return (
    <>
      <ResourceTable resource={def} syncUrl rowActions={rowActions} form={form} />
      {progress && (
        <InstanceDrawer
          title={<LabelWithData label={t('workflow.request.progress')} data={label(progress)} />}
          queryKey={[def.name, 'progress', progress.id]}
          load={() => requestProgress(WorkflowApi.requestEndpoints(def).progress, Number(progress.id))}
          onClose={() => setProgress(null)}
        />
      )}
    </>
  );
}

export const LeavePage = () => <RequestsPage def={WF_BUSINESS_RESOURCES.LEAVE!} />;
export const PurchasePage = () => <RequestsPage def={WF_BUSINESS_RESOURCES.PURCHASE!} />;
