/** The user layout (spec §2): a centred card with the product title, footer links and copyright. */
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dropdown, Space, Typography, theme } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { normalizeLang, type Lang } from '@tms/domain';
import { changeLanguage } from '../platform/i18n.ts';

const LANGS: { lang: Lang; label: string }[] = [
  { lang: 'zh-CN', label: '简体中文' },
  { lang: 'en-US', label: 'English' },
];

export function UserLayout() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const lang = normalizeLang(i18n.language);
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 55%)`,
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '12px 24px' }}>
        <Dropdown
          menu={{
            selectable: true,
            selectedKeys: [lang],
            items: LANGS.map((l) => ({ key: l.lang, label: l.label })),
            onClick: ({ key }) => void changeLanguage(key as Lang),
          }}
        >
          <Space style={{ cursor: 'pointer' }} data-testid="login-lang">
            <TranslationOutlined />
            {LANGS.find((l) => l.lang === lang)?.label ?? lang}
          </Space>
        </Dropdown>
      </div>
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', padding: '24px 16px' }}>
        <Space align="center" size={12} style={{ marginBottom: 8 }}>
          <img src="/logo.svg" alt="logo" width={44} height={44} />
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('app.title')}
          </Typography.Title>
        </Space>
        <Typography.Text type="secondary" style={{ marginBottom: 24 }}>
          {t('app.fullTitle')}
        </Typography.Text>
        <Outlet />
      </div>
      <footer style={{ textAlign: 'center', padding: '24px 16px', color: token.colorTextSecondary }}>
        <Space size={32} style={{ marginBottom: 8 }}>
          <Typography.Link type="secondary" href="#help">
            {t('userLayout.help')}
          </Typography.Link>
          <Typography.Link type="secondary" href="#privacy">
            {t('userLayout.privacy')}
          </Typography.Link>
          <Typography.Link type="secondary" href="#terms">
            {t('userLayout.terms')}
          </Typography.Link>
        </Space>
        <div>{t('userLayout.copyright', { year: new Date().getFullYear() })}</div>
      </footer>
    </div>
  );
}
