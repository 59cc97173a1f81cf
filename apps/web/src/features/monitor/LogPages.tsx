/** Operation and login logs: the generic lists with a "clear" button; the operation log has a request / result detail. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Descriptions, Modal, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { resourceByName, SystemApi, type ResourceDef } from '@tms/domain';
import { callData } from '../../platform/api.ts';
import { useCan } from '../../platform/queries.ts';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { LinkButton } from '../../platform/LinkButton.tsx';

function useClearButton(def: ResourceDef, clean: typeof SystemApi.endpoints.cleanOperLog | typeof SystemApi.endpoints.cleanLoginLog) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useCan();
  return (api: TableApi) =>
    can(`${def.permission}:delete`)
      ? [
          <Button
            key="clean"
            danger
            icon={<ClearOutlined />}
            aria-haspopup="dialog"
            data-dialog="confirm"
            onClick={() =>
              modal.confirm({
                title: t('resource.confirmTitle'),
                content: t('system.log.cleanConfirm'),
                okText: t('resource.ok'),
                okButtonProps: { danger: true },
                cancelText: t('resource.cancel'),
                onOk: async () => {
                  await callData(clean);
                  message.success(t('system.log.cleaned'));
                  api.reload();
                },
              })
            }
          >
            {t('system.log.clean')}
          </Button>,
        ]
      : [];
}

/** Pretty JSON when the text is JSON, the text itself otherwise. */
function pretty(v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  const s = String(v);
  try {
    return JSON.stringify(JSON.parse(s), null, 2);
  } catch {
    return s;
  }
}

const pre = { margin: 0, maxHeight: 240, overflow: 'auto', background: 'rgba(0,0,0,0.04)', padding: 8, borderRadius: 4, whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/** A long text in a box that scrolls: it takes the focus, so the keyboard scrolls it (WCAG 2.1.1), named by its field. */
function ScrollText({ label, color, testId, children }: { label: string; color?: string; testId?: string; children: string }) {
  return (
    <pre style={color ? { ...pre, color } : pre} tabIndex={0} role="region" aria-label={label} data-testid={testId}>
      {children}
    </pre>
  );
}

function OperLogDetail({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const f = (n: string) => t(`resources.operLog.fields.${n}`);
  return (
    <Modal open title={t('system.log.detailTitle')} width={760} footer={null} onCancel={onClose}>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={f('title')}>{String(row.title ?? '-')}</Descriptions.Item>
        <Descriptions.Item label={f('operName')}>{String(row.operName ?? '-')}</Descriptions.Item>
        <Descriptions.Item label={f('operUrl')} span={2}>
          <Typography.Text code>
            {String(row.requestMethod ?? '')} {String(row.operUrl ?? '')}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={f('operIp')}>{String(row.operIp ?? '-')}</Descriptions.Item>
        <Descriptions.Item label={f('operLocation')}>{String(row.operLocation ?? '-')}</Descriptions.Item>
        <Descriptions.Item label={f('operParam')} span={2}>
          <ScrollText label={f('operParam')} testId="operlog-param">{pretty(row.operParam)}</ScrollText>
        </Descriptions.Item>
        <Descriptions.Item label={f('jsonResult')} span={2}>
          <ScrollText label={f('jsonResult')}>{pretty(row.jsonResult)}</ScrollText>
        </Descriptions.Item>
        {row.errorMsg ? (
          <Descriptions.Item label={f('errorMsg')} span={2}>
            <ScrollText label={f('errorMsg')} color="#cf1322">{String(row.errorMsg)}</ScrollText>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Modal>
  );
}

const operDef = resourceByName.get('operLog')!;
const loginDef = resourceByName.get('loginLog')!;

export function OperLogPage() {
  const { t } = useTranslation();
  const clear = useClearButton(operDef, SystemApi.endpoints.cleanOperLog);
  const [row, setRow] = useState<Row | null>(null);
  return (
    <>
      <ResourceTable
        resource={operDef}
        syncUrl
        toolbarExtra={clear}
        rowActions={(r) => [
          <LinkButton dialog key="detail" onClick={() => setRow(r)}>
            {t('system.log.detail')}
          </LinkButton>,
        ]}
      />
      {row && <OperLogDetail row={row} onClose={() => setRow(null)} />}
    </>
  );
}

export function LoginLogPage() {
  const clear = useClearButton(loginDef, SystemApi.endpoints.cleanLoginLog);
  return <ResourceTable resource={loginDef} syncUrl toolbarExtra={clear} />;
}
