/**
 * The user layout's footer pages (spec §2): /user/help, /user/privacy and /user/terms — static,
 * translated texts (locales.ts) in the layout's plain card, with a way back to the sign-in page.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { theme } from 'antd';

export type InfoPageName = 'help' | 'privacy' | 'terms';

const SECTIONS: Record<InfoPageName, string[]> = {
  help: ['signIn', 'failures', 'password', 'register', 'session', 'language', 'support'],
  privacy: ['account', 'logs', 'passwords', 'browser', 'thirdParty', 'contact'],
  terms: ['purpose', 'account', 'data', 'conduct', 'availability', 'changes'],
};

export default function InfoPage({ page }: { page: InfoPageName }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const base = `userInfo.${page}`;
  return (
    <article
      style={{
        width: 720,
        maxWidth: '100%',
        boxSizing: 'border-box',
        padding: '24px 32px',
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        lineHeight: token.lineHeightLG,
      }}
      data-testid={`user-info-${page}`}
    >
      <h1 style={{ marginTop: 0, fontSize: token.fontSizeHeading3, color: token.colorTextHeading }}>{t(`${base}.title`)}</h1>
      <p style={{ color: token.colorTextSecondary }}>{t(`${base}.intro`)}</p>
      {SECTIONS[page].map((s) => (
        <section key={s}>
          <h2 style={{ fontSize: token.fontSizeHeading5, color: token.colorTextHeading, marginBottom: 4 }}>{t(`${base}.sections.${s}.heading`)}</h2>
          <p style={{ marginTop: 0 }}>{t(`${base}.sections.${s}.body`)}</p>
        </section>
      ))}
      <Link to="/user/login" data-testid="user-info-back">
        {t('userInfo.back')}
      </Link>
    </article>
  );
}
