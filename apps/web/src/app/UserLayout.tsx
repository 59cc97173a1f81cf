/**
 * The user layout (spec §2): a centred card with the product title, footer links and copyright.
 * It is the first screen of most visits, so it stays light: plain elements styled with the theme
 * tokens instead of Typography, and the language menu loaded when the pointer reaches it.
 */
import { lazy, Suspense, useRef, useState, type ComponentType } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Space, theme } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { normalizeLang, type Lang } from '@tms/domain';
import { changeLanguage } from '../platform/i18n.ts';
import type { LangDropdownProps } from './LangDropdown.tsx';

const LANGS: { lang: Lang; label: string }[] = [
  { lang: 'zh-CN', label: '简体中文' },
  { lang: 'en-US', label: 'English' },
];

// a failed load leaves the bare switch (no menu) rather than an error page
const LangDropdown = lazy(
  (): Promise<{ default: ComponentType<LangDropdownProps> }> =>
    import('./LangDropdown.tsx').catch(() => ({ default: ({ children }: LangDropdownProps) => <>{children}</> })),
);

function LangSwitch({ lang }: { lang: Lang }) {
  const [armed, setArmed] = useState(false);
  const hovering = useRef(false);
  const trigger = (
    <Space
      style={{ cursor: 'pointer' }}
      data-testid="login-lang"
      onPointerEnter={() => {
        hovering.current = true;
        setArmed(true);
      }}
      onPointerLeave={() => {
        hovering.current = false;
      }}
    >
      <TranslationOutlined />
      {LANGS.find((l) => l.lang === lang)?.label ?? lang}
    </Space>
  );
  if (!armed) return trigger;
  return (
    <Suspense fallback={trigger}>
      <LangDropdown lang={lang} langs={LANGS} onPick={(l) => void changeLanguage(l)} initiallyOpen={hovering.current}>
        {trigger}
      </LangDropdown>
    </Suspense>
  );
}

export function UserLayout() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const lang = normalizeLang(i18n.language);
  const footerLink = { color: token.colorTextDescription, textDecoration: 'none' } as const;
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
        <LangSwitch lang={lang} />
      </div>
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', padding: '24px 16px' }}>
        <Space align="center" size={12} style={{ marginBottom: 8 }}>
          <img src="/logo.svg" alt={t('userLayout.logo')} width={44} height={44} />
          <h2
            style={{
              margin: 0,
              color: token.colorTextHeading,
              fontSize: token.fontSizeHeading2,
              lineHeight: token.lineHeightHeading2,
              fontWeight: token.fontWeightStrong,
            }}
          >
            {t('app.title')}
          </h2>
        </Space>
        <span style={{ color: token.colorTextDescription, marginBottom: 24 }}>{t('app.fullTitle')}</span>
        <Outlet />
      </div>
      <footer style={{ textAlign: 'center', padding: '24px 16px', color: token.colorTextSecondary }}>
        <Space size={32} style={{ marginBottom: 8 }}>
          <Link style={footerLink} to="/user/help" data-testid="footer-help">
            {t('userLayout.help')}
          </Link>
          <Link style={footerLink} to="/user/privacy" data-testid="footer-privacy">
            {t('userLayout.privacy')}
          </Link>
          <Link style={footerLink} to="/user/terms" data-testid="footer-terms">
            {t('userLayout.terms')}
          </Link>
        </Space>
        <div>{t('userLayout.copyright', { year: new Date().getFullYear() })}</div>
      </footer>
    </div>
  );
}
