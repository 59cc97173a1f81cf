/** The own avatar: shows it and uploads a new image (≤ 2 MB) to /system/user/profile/avatar. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Avatar, Button, Space, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { SystemApi } from '@tms/domain';
import { callData } from '../../../platform/api.ts';
import { HttpError } from '../../../platform/http.ts';
import { fetchUserInfo, queryClient, useUserInfo } from '../../../platform/queries.ts';

const MAX = 2 * 1024 * 1024;

export default function AvatarUpload() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: user } = useUserInfo();
  const [busy, setBusy] = useState(false);
  return (
    <Space direction="vertical" align="center" style={{ marginBottom: 24 }} data-testid="avatar-upload">
      <Avatar size={96} alt="" src={user?.avatar || '/avatar2.jpg'} icon={<UserOutlined />} />
      <Upload
        accept="image/*"
        showUploadList={false}
        beforeUpload={(file) => {
          if (!file.type.startsWith('image/')) {
            message.error(t('system.avatar.imageOnly'));
            return Upload.LIST_IGNORE;
          }
          if (file.size > MAX) {
            message.error(t('system.avatar.tooLarge'));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          const fd = new FormData();
          fd.append('file', file as Blob);
          setBusy(true);
          try {
            onSuccess?.(await callData(SystemApi.endpoints.avatar, { body: fd }, { silent: true, timeoutMs: 60_000 }));
            await queryClient.fetchQuery({ queryKey: ['userInfo'], queryFn: fetchUserInfo, staleTime: 0 });
            message.success(t('system.avatar.uploaded'));
          } catch (e) {
            onError?.(e as Error);
            message.error(e instanceof HttpError ? e.message : t('messages.systemError'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {t('system.avatar.change')}
        </Button>
      </Upload>
    </Space>
  );
}
