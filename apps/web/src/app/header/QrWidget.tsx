/** The QR widget (spec §2): the site address as a 100×100 QR code, plus the driver app downloads. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Popover, Space, Typography } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { QRCodeSVG } from 'qrcode.react';
import { get } from '../../platform/http.ts';

interface AppInfo {
  type: string;
  downloadUrl: string;
  versionName?: string;
}

export const QR_SIZE = 100;

function Code({ value, label }: { value: string; label: string }) {
  return (
    <Space direction="vertical" align="center" size={4}>
      <QRCodeSVG value={value} size={QR_SIZE} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
    </Space>
  );
}

export function QrWidget() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['appInfo'],
    queryFn: () => get<AppInfo[]>('/shipment/appInfo/getLatestAppInfo', undefined, { silent: true }),
    staleTime: 10 * 60_000,
  });
  const apps = (data ?? []).filter((a) => a.downloadUrl);
  const android = apps.find((a) => a.type.toLowerCase() === 'android');
  const ios = apps.find((a) => a.type.toLowerCase() === 'ios');
  return (
    <Popover
      placement="bottomRight"
      content={
        <Space size={16} align="start" data-testid="qr-popover">
          <Code value={window.location.origin} label={t('header.siteQr')} />
          {android && <Code value={android.downloadUrl} label={t('header.android')} />}
          {ios && <Code value={ios.downloadUrl} label={t('header.ios')} />}
        </Space>
      }
    >
      <Button type="text" icon={<QrcodeOutlined />} aria-label={t('header.qr')} data-testid="qr-button" />
    </Popover>
  );
}
