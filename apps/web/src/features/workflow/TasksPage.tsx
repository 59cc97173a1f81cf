/**
 * The signed-in user's tasks: to do (assigned to them, or offered to one of their roles) with claim,
 * approve and reject with a comment; done (what they completed). Each task opens its instance: diagram
 * with the current node, history and the business record.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Drawer, Input, Space, Spin, Tag } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import type { FieldDef } from '@tms/domain';
import { useCan, useUserInfo } from '../../platform/queries.ts';
import { formatDateTime } from '../../platform/format.ts';
import { DEFAULT_PAGE_SIZE, displayValue, PAGE_SIZES } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { claim, decide, taskDetail, taskList, type TaskRow } from './api.ts';
import InstanceView from './InstanceView.tsx';
import { LinkButton } from '../../platform/LinkButton.tsx';
import { DataText } from '../../platform/DataText.tsx';

const dict = (name: string, type: string): FieldDef => ({ name, kind: 'dict', dict: type });
const BUSINESS_TYPE = dict('businessType', 'wf_business_type');
const ACTION = dict('action', 'wf_task_action');

function TaskDrawer({ id, todo, onClose, onDone }: { id: number; todo: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const { data: me } = useUserInfo();
  const q = useQuery({ queryKey: ['actTask', id], queryFn: () => taskDetail(id), staleTime: 0 });
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const task = q.data?.task;
  const act = async (fn: () => Promise<unknown>, msg: string, close = true) => {
    setBusy(true);
    try {
      await fn();
      message.success(msg);
      onDone();
      if (close) onClose();
      else await q.refetch();
    } finally {
      setBusy(false);
    }
  };
  const open = todo && task?.status === 'OPEN';
  const footer = open && task && (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea rows={2} maxLength={500} showCount value={comment} onChange={(e) => setComment(e.target.value)} placeholder={t('workflow.task.commentPlaceholder')} data-testid="task-comment" />
      <Space>
        {!task.assignee && can('act:task:claim') && (
          <Button loading={busy} data-testid="task-claim" onClick={() => void act(() => claim(id), t('messages.workflow.claimed'), false)}>
            {t('workflow.task.claim')}
          </Button>
        )}
        {can('act:task:complete') && (task.assignee === me?.userName || !task.assignee) && (
          <>
            <Button type="primary" icon={<CheckOutlined />} loading={busy} data-testid="task-approve" onClick={() => void act(() => decide(id, true, comment || null), t('messages.workflow.approved'))}>
              {t('workflow.task.approve')}
            </Button>
            <Button danger icon={<CloseOutlined />} loading={busy} data-testid="task-reject" onClick={() => (comment.trim() ? void act(() => decide(id, false, comment), t('messages.workflow.rejected')) : void message.warning(t('messages.workflow.rejectNeedsComment')))}>
              {t('workflow.task.reject')}
            </Button>
          </>
        )}
      </Space>
    </Space>
  );
  return (
    <Drawer open width={960} onClose={onClose} destroyOnHidden title={<DataText k="workflow.task.handleTitle" data={{ name: task?.name ?? '' }} />} footer={footer || undefined} data-testid="task-drawer">
      {q.data ? <InstanceView detail={q.data.detail} /> : <Spin />}
    </Drawer>
  );
}

function TasksPage({ kind }: { kind: 'todo' | 'done' }) {
  const { t } = useTranslation();
  const ctx = useResourceContext();
  const ref = useRef<ActionType>(undefined);
  const [open, setOpen] = useState<number | null>(null);
  const f = (k: string) => t(`workflow.task.${k}`);
  const time = (v: string | null) => formatDateTime(v, ctx.dateStyle) || '-';
  const columns: ProColumns<TaskRow>[] = [
    { title: f('name'), dataIndex: 'name' },
    { title: f('defName'), dataIndex: 'defName', render: (_d, r) => `${r.defName} v${r.defVersion}` },
    { title: f('businessType'), dataIndex: 'businessType', search: false, render: (_d, r) => displayValue(BUSINESS_TYPE, r.businessType, ctx) || '-' },
    { title: f('businessKey'), dataIndex: 'businessKey' },
    { title: f('applicant'), dataIndex: 'applicant', search: false },
    kind === 'todo'
      ? { title: f('assignee'), dataIndex: 'assignee', search: false, render: (_d, r) => r.assignee ?? <Tag>{f('unclaimed')}</Tag> }
      : { title: f('action'), dataIndex: 'action', search: false, render: (_d, r) => displayValue(ACTION, r.action, ctx) || '-' },
    ...(kind === 'todo'
      ? [{ title: f('candidates'), dataIndex: 'candidateRoles', search: false, render: (_d: unknown, r: TaskRow) => (r.assignee ? '-' : r.candidateRoles.join(', ')) } as ProColumns<TaskRow>]
      : [{ title: f('comment'), dataIndex: 'comment', search: false, ellipsis: true, render: (_d: unknown, r: TaskRow) => r.comment ?? '-' } as ProColumns<TaskRow>]),
    { title: f('createTime'), dataIndex: 'createTime', search: false, render: (_d, r) => time(r.createTime) },
    ...(kind === 'done' ? [{ title: f('endTime'), dataIndex: 'endTime', search: false, render: (_d: unknown, r: TaskRow) => time(r.endTime) } as ProColumns<TaskRow>] : []),
    {
      title: t('resource.actions'),
      valueType: 'option',
      key: 'option',
      fixed: 'right',
      render: (_d, r) => [
        <LinkButton dialog key="open" data-testid={kind === 'todo' ? 'task-handle' : 'task-view'} onClick={() => setOpen(r.id)}>
          {f(kind === 'todo' ? 'handle' : 'view')}
        </LinkButton>,
      ],
    },
  ];
  return (
    <>
      <ProTable<TaskRow>
        rowKey="id"
        actionRef={ref}
        headerTitle={f(kind === 'todo' ? 'todoTitle' : 'doneTitle')}
        columns={columns}
        cardBordered
        scroll={{ x: 'max-content' }}
        search={{ labelWidth: 'auto' }}
        options={{ density: true, reload: true, setting: true, fullScreen: false }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true, pageSizeOptions: PAGE_SIZES, showTotal: (total) => t('resource.total', { total }) }}
        request={async (params) => {
          const { current, pageSize, name, defName, businessKey } = params as { current?: number; pageSize?: number; name?: string; defName?: string; businessKey?: string };
          const r = await taskList(kind, { pageNum: current, pageSize, name, defName, businessKey });
          return { data: r.rows, total: r.total, success: true };
        }}
      />
      {open !== null && <TaskDrawer id={open} todo={kind === 'todo'} onClose={() => setOpen(null)} onDone={() => void ref.current?.reload()} />}
    </>
  );
}

export const TodoPage = () => <TasksPage kind="todo" />;
export const DonePage = () => <TasksPage kind="done" />;
