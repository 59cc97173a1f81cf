import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import { useT } from '../i18n.ts';
import { LANG_OPTIONS } from '../ui.tsx';
import { ApiError, login, NetworkError, type Me } from '../api.ts';

export function LoginPage({ notice, onSignedIn }: { notice: string | null; onSignedIn: (me: Me) => void }) {
  const { t, lang, setLang } = useT();
  const [loginName, setLoginName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!loginName.trim() || !password) return setError(t('login.required'));
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await login(loginName.trim(), password));
    } catch (e) {
      setError(e instanceof NetworkError ? t('login.offline') : e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="login"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h1>{t('login.title')}</h1>
      {notice && <div className="err" data-testid="login-notice">{notice}</div>}
      <div className="field">
        <label htmlFor="loginName">{t('login.loginName')}</label>
        <Input id="loginName" name="loginName" value={loginName} onChange={setLoginName} autoComplete="username" clearable />
      </div>
      <div className="field">
        <label htmlFor="password">{t('login.password')}</label>
        <Input id="password" name="password" type="password" value={password} onChange={setPassword} autoComplete="current-password" />
      </div>
      {error && <div className="err" role="alert">{error}</div>}
      <Button block color="primary" size="large" type="submit" loading={busy} style={{ marginTop: 16 }}>
        {t('login.submit')}
      </Button>
      <div style={{ marginTop: 28 }}>
        <Selector columns={2} options={LANG_OPTIONS} value={[lang]} onChange={(v) => v[0] && setLang(v[0])} />
      </div>
    </form>
  );
}
