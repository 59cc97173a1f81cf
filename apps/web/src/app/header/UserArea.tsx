/** The user area (shown after 1.5 s, spec §2): avatar and nickname with account links and logout. */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { App, Avatar, Dropdown, Space } from 'antd';
import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useUserInfo } from '../../platform/queries.ts';
import { logout } from '../logout.ts';

export const USER_AREA_DELAY_MS = 1500;
export const DEFAULT_AVATAR = '/avatar2.jpg';

export function UserArea() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setShown(true), USER_AREA_DELAY_MS);
    return () => clearTimeout(id);
  }, []);
  if (!shown || !user) return <span style={{ display: 'inline-block', width: 24 }} />;
  return (
    <Dropdown
      placement="bottomRight"
      menu={{
        items: [
          { key: 'center', icon: <UserOutlined />, label: t('header.accountCenter') },
          { key: 'settings', icon: <SettingOutlined />, label: t('header.accountSettings') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'center') navigate('/account/center');
          else if (key === 'settings') navigate('/account/settings');
          else
            modal.confirm({
              title: t('header.logoutTitle'),
              content: t('header.logoutConfirm'),
              okText: t('common.yes'),
              cancelText: t('common.no'),
              onOk: () => logout(),
            });
        },
      }}
    >
      <Space size={6} style={{ cursor: 'pointer', padding: '0 8px' }} data-testid="user-area">
        <Avatar size="small" src={user.avatar || DEFAULT_AVATAR} alt={t('header.avatar')} icon={<UserOutlined />} />
        <span className="tms-user-name">{user.nickName || user.userName}</span>
      </Space>
    </Dropdown>
  );
}
