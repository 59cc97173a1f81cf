/** API clients: the generic list; the secret is shown once after creating a client and after "reset secret". */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Input, Modal, Space } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { resourceByName, SystemApi } from '@tms/domain';
import { callData } from '../../../platform/api.ts';
import { useCan } from '../../../platform/queries.ts';
import ResourceTable from '../../../platform/resource/ResourceTable.tsx';
import type { FormExtension } from '../../../platform/resource/ResourceForm.tsx';
import { copyText } from '../common.tsx';
import { LinkButton } from '../../../platform/LinkButton.tsx';

const def = resourceByName.get('authClient')!;

export function SecretModal({ clientId, secret, onClose }: { clientId: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Modal
      open
      title={t('system.authClient.secretTitle')}
      maskClosable={false}
      closable={false}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('system.authClient.secretSaved')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Alert type="warning" showIcon message={t('system.authClient.shownOnce')} />
        <div>
          {t('system.authClient.clientId')}: <code>{clientId}</code>
        </div>
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={secret} data-testid="client-secret" style={{ fontFamily: 'monospace' }} />
          <Button
            icon={<CopyOutlined />}
            onClick={async () => ((await copyText(secret)) ? message.success(t('resource.copySuccess')) : message.error(t('resource.copyFailed')))}
          >
            {t('resource.copy')}
          </Button>
        </Space.Compact>
      </Space>
    </Modal>
  );
}

export default function AuthClientPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const can = useCan();
  const [shown, setShown] = useState<{ clientId: string; secret: string } | null>(null);
  const formExt = useMemo<FormExtension>(
    () => ({
      onSaved: (saved, created) => {
        if (created && typeof saved.clientSecret === 'string') setShown({ clientId: String(saved.clientId), secret: saved.clientSecret });
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
          can('system:authClient:edit')
            ? [
                <LinkButton
                  dialog="confirm"
                  key="reset"
                  onClick={() =>
                    modal.confirm({
                      title: t('resource.confirmTitle'),
                      content: t('system.authClient.resetConfirm', { name: row.clientId }),
                      okText: t('resource.ok'),
                      cancelText: t('resource.cancel'),
                      onOk: async () => {
                        const r = await callData(SystemApi.endpoints.resetClientSecret, { body: { id: row.id } });
                        setShown({ clientId: String(row.clientId), secret: r.clientSecret });
                      },
                    })
                  }
                >
                  {t('system.authClient.resetSecret')}
                </LinkButton>,
              ]
            : []
        }
      />
      {shown && <SecretModal clientId={shown.clientId} secret={shown.secret} onClose={() => setShown(null)} />}
    </>
  );
}
