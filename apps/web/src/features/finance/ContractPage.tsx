/**
 * Freight contracts (issue 14): the generic list and form (rate lines as the row's child table) with the
 * status actions — submit for approval, make effective, terminate — and "re-rate open charges". A new
 * version taking effect, or that action, re-rates the contract's open charges as a background job: its
 * progress shows above the list until it ends (POST /api/finance/contract/{submit,effect,terminate,rerate},
 * GET /api/finance/contract/rerate/:id). Submitting starts the approval process (its task in the approvers'
 * task lists); each submitted contract shows its approval progress (diagram, history).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Progress, Space } from 'antd';
import { CheckCircleOutlined, SendOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { FinanceApi, resourceByName, WorkflowApi } from '@tms/domain';
import { call, callData } from '../../platform/api.ts';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { LinkButton } from '../../platform/LinkButton.tsx';
import { InstanceDrawer } from '../workflow/InstancesPage.tsx';
import { requestProgress } from '../workflow/api.ts';

const contractDef = resourceByName.get('contract')!;
type Job = z.output<typeof FinanceApi.RerateJob>;
const ACTIONS = [
  { action: 'submit', icon: <SendOutlined /> },
  { action: 'effect', icon: <CheckCircleOutlined /> },
  { action: 'terminate', icon: <StopOutlined /> },
] as const;
const running = (j: Job | null) => !!j && (j.status === 'QUEUED' || j.status === 'RUNNING');

export default function ContractPage() {
  const { t, can } = useResourceContext();
  const { message, modal } = App.useApp();
  const [job, setJob] = useState<{ code: string; job: Job } | null>(null);
  const [progress, setProgress] = useState<Row | null>(null);
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);

  /** follows the contract's latest re-rating job until it ends (none: nothing shown) */
  const follow = async (contract: Row, api: TableApi) => {
    let j = await callData(FinanceApi.rerateJob, { params: { id: contract.id } });
    while (j && live.current) {
      setJob({ code: `${contract.code} v${contract.contractVersion}`, job: j });
      if (!running(j)) break;
      await new Promise((r) => setTimeout(r, 500));
      j = await callData(FinanceApi.rerateJob, { params: { id: contract.id } });
    }
    if (j?.status === 'DONE') api.reload();
  };

  const act = (action: (typeof ACTIONS)[number]['action'], api: TableApi) => {
    if (!api.selected.length) return void message.warning(t('resource.selectRows'));
    const rows = api.selected;
    modal.confirm({
      title: t(`finance.contract.${action}`),
      content: t(`finance.contract.confirm.${action}`, { count: rows.length }),
      okText: t('resource.ok'),
      cancelText: t('resource.cancel'),
      onOk: async () => {
        try {
          const r = await call(FinanceApi.contractActions[action], { body: { ids: rows.map((x) => x.id) } });
          message.success(r.msg);
          api.reload();
          // a new version taking effect re-rates the open charges of the versions before it
          if (action === 'effect') for (const row of rows) void follow(row, api);
        } catch {
          // the error notification carries the server's message
        }
      },
    });
  };

  const rerate = async (api: TableApi) => {
    const row = api.selected[0];
    if (!row || api.selected.length > 1) return void message.warning(t('finance.contract.selectOne'));
    try {
      const r = await call(FinanceApi.rerate, { body: { id: row.id } });
      message.success(r.msg);
      setJob({ code: `${row.code} v${row.contractVersion}`, job: r.data });
      void follow(row, api);
    } catch {
      // the error notification carries the server's message
    }
  };

  const toolbarExtra = (api: TableApi) => [
    ...ACTIONS.filter((a) => can(`finance:contract:${a.action}`)).map((a) => (
      <Button key={a.action} icon={a.icon} onClick={() => act(a.action, api)} data-testid={`contract-${a.action}`}>
        {t(`finance.contract.${a.action}`)}
      </Button>
    )),
    can('finance:contract:effect') && (
      <Button key="rerate" icon={<SyncOutlined />} onClick={() => void rerate(api)} data-testid="contract-rerate">
        {t('finance.contract.rerate')}
      </Button>
    ),
  ];

  const rowActions = useCallback(
    (row: Row) =>
      row.instanceId
        ? [
            <LinkButton dialog key="progress" data-testid="contract-progress" onClick={() => setProgress(row)}>
              {t('workflow.request.progress')}
            </LinkButton>,
          ]
        : [],
    [t],
  );

  const j = job?.job;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {job && j && (
        <Alert
          data-testid="contract-rerate-progress"
          type={j.status === 'FAILED' ? 'error' : j.status === 'DONE' ? 'success' : 'info'}
          closable={!running(j)}
          onClose={() => setJob(null)}
          message={t(`finance.contract.rerateStatus.${j.status}`, { code: job.code, records: j.recordCount, charges: j.chargeCount, done: j.progress.done, total: j.progress.total })}
          description={
            <>
              <Progress percent={j.status === 'DONE' ? 100 : Math.floor((j.progress.done * 100) / Math.max(1, j.progress.total))} status={j.status === 'FAILED' ? 'exception' : j.status === 'DONE' ? 'success' : 'active'} />
              {j.status === 'FAILED' && j.error}
            </>
          }
        />
      )}
      <ResourceTable resource={contractDef} syncUrl selectable toolbarExtra={toolbarExtra} rowActions={rowActions} />
      {progress && (
        <InstanceDrawer
          title={`${t('workflow.request.progress')} - ${String(progress.code)} v${String(progress.contractVersion)}`}
          queryKey={['contract', 'progress', progress.id]}
          load={() => requestProgress(WorkflowApi.endpoints.contractProgress, Number(progress.id))}
          onClose={() => setProgress(null)}
        />
      )}
    </Space>
  );
}
