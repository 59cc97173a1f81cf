/** Webhook endpoints: the generic list and form; the signing secret is shown once after creating one; a test send per row. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Input, Modal, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { NotifyApi, resourceByName } from '@tms/domain';
import { call } from '../../platform/api.ts';
import { useCan } from '../../platform/queries.ts';
import ResourceTable from '../../platform/resource/ResourceTable.tsx';
import type { FormExtension } from '../../platform/resource/ResourceForm.tsx';
import { copyText } from '../system/common.tsx';
import { LinkButton } from '../../platform/LinkButton.tsx';

const def = resourceByName.get('webhookEndpoint')!;

function WebhookSecret({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => ((await copyText(secret)) ? message.success(t('resource.copySuccess')) : message.error(t('resource.copyFailed')));
  return (
    <Modal open title={`${t('notify.secretTitle')} — ${name}`} maskClosable={false} closable={false} onCancel={onClose} width={620} footer={<Button type="primary" onClick={onClose}>{t('notify.secretSaved')}</Button>}>
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Alert type="warning" showIcon message={t('notify.shownOnce')} />
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={secret} data-testid="webhook-secret" style={{ fontFamily: 'monospace' }} />
          <Button icon={<CopyOutlined />} onClick={copy}>
            {t('resource.copy')}
          </Button>
        </Space.Compact>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('notify.howToVerify')}
        </Typography.Paragraph>
      </Space>
    </Modal>
  );
}

export default function WebhookPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useCan();
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const formExt = useMemo<FormExtension>(
    () => ({
      onSaved: (saved, created) => {
        if (created && typeof saved.secret === 'string') setShown({ name: String(saved.name), secret: saved.secret });
      },
    }),
    [],
  );
  return (
    <>
      <ResourceTable
        resource={def}
        syncUrl
        form={formExt}
        rowActions={(row) =>
          can('notify:webhook:test')
            ? [
                <LinkButton
                  dialog="confirm"
                  key="test"
                  data-testid="webhook-test"
                  onClick={() =>
                    modal.confirm({
                      title: t('resource.confirmTitle'),
                      content: t('notify.testConfirm', { name: row.name }),
                      okText: t('resource.ok'),
                      cancelText: t('resource.cancel'),
                      onOk: async () => {
                        const r = await call(NotifyApi.webhookTest, { body: { id: row.id } });
                        message.success(r.msg);
                      },
                    })
                  }
                >
                  {t('notify.test')}
                </LinkButton>,
              ]
            : []
        }
      />
      {shown && <WebhookSecret name={shown.name} secret={shown.secret} onClose={() => setShown(null)} />}
    </>
  );
}
