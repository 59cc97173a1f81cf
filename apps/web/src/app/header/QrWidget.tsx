/** The QR widget (spec §2): the driver app (/driver/ of this site, issue 16) as a 100×100 QR code, plus the native app downloads. */
import { Suspense, lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Popover, Space } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { SessionApi } from '@tms/domain';
import { callData } from '../../platform/api.ts';

// the popover's content renders on first open: the QR code library loads then
const loadCode = () => import('./QrCode.tsx');
const QrCode = lazy(loadCode);

function Code({ value, label }: { value: string; label: string }) {
  return (
    <Suspense fallback={<div style={{ width: 100, height: 120 }} />}>
      <QrCode value={value} label={label} />
    </Suspense>
  );
}

export function QrWidget() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['appInfo'],
    queryFn: () => callData(SessionApi.endpoints.latestApps, {}, { silent: true }),
    staleTime: 10 * 60_000,
  });
  const apps = (data ?? []).flatMap((a) => (a.downloadUrl ? [{ ...a, downloadUrl: a.downloadUrl }] : []));
  const android = apps.find((a) => a.type.toLowerCase() === 'android');
  const ios = apps.find((a) => a.type.toLowerCase() === 'ios');
  return (
    <Popover
      placement="bottomRight"
      content={
        <Space size={16} align="start" data-testid="qr-popover">
          <Code value={`${window.location.origin}/driver/`} label={t('header.driverApp')} />
          {android && <Code value={android.downloadUrl} label={t('header.android')} />}
          {ios && <Code value={ios.downloadUrl} label={t('header.ios')} />}
        </Space>
      }
    >
      <Button type="text" icon={<QrcodeOutlined />} aria-label={t('header.qr')} data-testid="qr-button" onPointerEnter={() => void loadCode().catch(() => undefined)} />
    </Popover>
  );
}
