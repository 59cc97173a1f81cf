/** Right side of the header (spec §2): dispatch center, alert bell, QR, language, user area. */
import { Space } from 'antd';
import { DispatchCenterSelect } from './DispatchCenterSelect.tsx';
import { AlertBell } from './AlertBell.tsx';
import { QrWidget } from './QrWidget.tsx';
import { LangSwitch } from './LangSwitch.tsx';
import { UserArea } from './UserArea.tsx';

export function HeaderActions({ dark }: { dark?: boolean }) {
  return (
    <Space size={4} align="center" className={dark ? 'tms-header-actions tms-header-dark' : 'tms-header-actions'}>
      <DispatchCenterSelect />
      <AlertBell />
      <QrWidget />
      <LangSwitch />
      <UserArea />
    </Space>
  );
}
