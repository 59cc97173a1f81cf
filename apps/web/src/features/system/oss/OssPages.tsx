/** Object storage: the file list with upload and open / download; the storage configs with "set default" and "test connection". */
import { useTranslation } from 'react-i18next';
import { App, Button, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { resourceByName, SystemApi } from '@tms/domain';
import { call, callData } from '../../../platform/api.ts';
import { HttpError } from '../../../platform/http.ts';
import { useCan } from '../../../platform/queries.ts';
import ResourceTable from '../../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../../platform/resource/columns.ts';
import { LinkButton } from '../../../platform/LinkButton.tsx';

const ossDef = resourceByName.get('oss')!;
const configDef = resourceByName.get('ossConfig')!;

export function OssPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const open = async (row: Row) => {
    const r = await callData(SystemApi.endpoints.ossUrl, { params: { id: row.id } });
    window.open(r.url, '_blank', 'noopener');
  };
  return (
    <ResourceTable
      resource={ossDef}
      syncUrl
      rowActions={(row) => [
        <LinkButton key="open" onClick={() => void open(row)}>
          {t('system.oss.open')}
        </LinkButton>,
      ]}
      toolbarExtra={(api) =>
        can('system:oss:upload')
          ? [
              <Upload
                key="upload"
                showUploadList={false}
                customRequest={async ({ file, onSuccess, onError }) => {
                  const fd = new FormData();
                  fd.append('file', file as Blob);
                  try {
                    onSuccess?.(await callData(SystemApi.endpoints.ossUpload, { body: fd }, { timeoutMs: 120_000 }));
                    message.success(t('system.oss.uploaded'));
                    api.reload();
                  } catch (e) {
                    onError?.(e as Error);
                  }
                }}
              >
                <Button type="primary" icon={<UploadOutlined />}>
                  {t('system.oss.upload')}
                </Button>
              </Upload>,
            ]
          : []
      }
    />
  );
}

export function OssConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  return (
    <ResourceTable
      resource={configDef}
      syncUrl
      rowActions={(row, api) => {
        const out = [];
        if (row.isDefault) out.push(<Tag key="default" color="blue">{t('system.oss.isDefault')}</Tag>);
        else if (can('system:oss:edit'))
          out.push(
            <LinkButton
              key="default"
              onClick={async () => {
                await callData(SystemApi.endpoints.ossSetDefault, { body: { id: row.id } });
                message.success(t('system.oss.defaultSet'));
                api.reload();
              }}
            >
              {t('system.oss.setDefault')}
            </LinkButton>,
          );
        // the connection test reaches out to the store: it needs the edit button
        if (can('system:oss:edit'))
          out.push(
            <LinkButton
              key="test"
              onClick={async () => {
                const hide = message.loading(t('system.oss.testing'), 0);
                try {
                  const r = await call(SystemApi.endpoints.ossTest, { body: { id: row.id } }, { silent: true, timeoutMs: 30_000 });
                  message.success(r.msg || t('system.oss.testOk'));
                } catch (e) {
                  message.error(e instanceof HttpError ? e.message : t('messages.systemError'));
                } finally {
                  hide();
                }
              }}
            >
              {t('system.oss.test')}
            </LinkButton>,
          );
        return out;
      }}
    />
  );
}

