import { Button, List, NavBar, Selector } from 'antd-mobile';
import { useT, LANGS } from '../i18n.ts';
import { logout, type Me } from '../api.ts';

export function MePage({ me, onSignedOut }: { me: Me; onSignedOut: () => void }) {
  const { t, lang, setLang } = useT();
  return (
    <>
      <NavBar className="bar" backIcon={false}>
        {t('me.title')}
      </NavBar>
      <List header={me.name}>
        <List.Item extra={me.code}>{me.loginName}</List.Item>
        <List.Item extra={me.carrierName ?? '—'}>{t('me.carrier')}</List.Item>
        <List.Item extra={me.mobile}>{t('me.mobile')}</List.Item>
      </List>
      <div className="card">
        <div className="muted" style={{ marginBottom: 8 }}>{t('me.language')}</div>
        <Selector columns={2} options={LANGS} value={[lang]} onChange={(v) => v[0] && setLang(v[0])} data-testid="lang" />
      </div>
      <div className="card">
        <Button block color="danger" fill="outline" onClick={() => void logout().then(onSignedOut)}>
          {t('me.signOut')}
        </Button>
      </div>
    </>
  );
}
