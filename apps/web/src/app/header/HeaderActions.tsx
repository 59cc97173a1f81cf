/** Right side of the header (spec §2): dispatch center, alert bell, QR, language, user area. */
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Space } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { DispatchCenterSelect } from './DispatchCenterSelect.tsx';
import { QrWidget } from './QrWidget.tsx';
import { LangSwitch } from './LangSwitch.tsx';
import { UserArea } from './UserArea.tsx';
import { useShellIdle } from '../idle.ts';

// the bell's list, handling dialog and form load at the shell's idle moment, not for the first paint
const AlertBell = lazy(() => import('./AlertBell.tsx').then((m) => ({ default: m.AlertBell })));
const InboxBell = lazy(() => import('./InboxBell.tsx').then((m) => ({ default: m.InboxBell })));

/** The bell until its code is in: same size, no count yet. */
function BellPlaceholder() {
  const { t } = useTranslation();
  return <Button type="text" icon={<BellOutlined />} aria-label={t('alert.title')} />;
}

export function HeaderActions({ dark }: { dark?: boolean }) {
  const idle = useShellIdle();
  return (
    <Space size={4} align="center" className={dark ? 'tms-header-actions tms-header-dark' : 'tms-header-actions'}>
      <DispatchCenterSelect />
      {idle ? (
        <Suspense fallback={<BellPlaceholder />}>
          <AlertBell />
        </Suspense>
      ) : (
        <BellPlaceholder />
      )}
      {idle && (
        <Suspense fallback={null}>
          <InboxBell />
        </Suspense>
      )}
      <QrWidget />
      <LangSwitch />
      <UserArea />
    </Space>
  );
}
