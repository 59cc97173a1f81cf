/**
 * The login page: user name, password and the slide captcha (spec §7 POST /auth/login/slide).
 * After login the user returns to the page they wanted (?redirect=) or /welcome.
 */
import { Suspense, lazy, useState } from 'react';
import { useNavigate, useSearchParams, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, theme } from 'antd';
// the input itself, not antd's Input barrel (which brings TextArea, Search and OTP along)
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { HttpError } from '../../../platform/http.ts';
import { callAuth } from '../authCall.ts';
import { setToken } from '../../../platform/session.ts';
import { SlideCaptcha, type CaptchaState } from './SlideCaptcha.tsx';
import type { TwoStepChallenge } from '@tms/domain';

// the second step is rare: its code loads only when a login asks for it
const TwoStepForm = lazy(() => import('./TwoStepForm.tsx'));

/** Only same-site paths are followed after login (no open redirect). */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/user/login')) return '/welcome';
  return raw;
}

interface LoginForm {
  username: string;
  password: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [captcha, setCaptcha] = useState<CaptchaState>({ enabled: true, token: null, x: 0, verified: false });
  const [reloadSignal, setReloadSignal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<TwoStepChallenge | null>(null);

  const signedIn = async (token: string) => {
    setToken(token);
    // the server-state cache comes with the signed-in code (needed next anyway); nothing of another user may remain
    (await import('../../../platform/queries.ts')).queryClient.clear();
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };

  const onFinish = async (v: LoginForm) => {
    setError(null);
    if (captcha.enabled && (!captcha.verified || !captcha.token)) {
      setError(t('login.captchaNeeded'));
      return;
    }
    setSubmitting(true);
    try {
      const body = captcha.enabled ? { username: v.username, password: v.password, captchaToken: captcha.token, x: captcha.x } : { username: v.username, password: v.password };
      const { data } = await callAuth('login', { body }, { silent: true });
      // an account that needs an SMS code gets a ticket instead of a token
      if ('twoStep' in data) setChallenge(data);
      else await signedIn(data.token);
    } catch (e) {
      if (e instanceof HttpError) setError(e.status === 429 && !e.body?.msg ? t('login.rateLimited') : e.message || t('http.systemError'));
      else setError(t('http.systemError'));
      // a captcha is good for one login attempt
      setReloadSignal((n) => n + 1);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    // a plain card (antd's Card would bring Tabs and more into the login page's code)
    <div
      style={{
        width: 380,
        maxWidth: '100%',
        boxSizing: 'border-box',
        padding: '28px 32px 12px',
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
      data-testid="login-card"
    >
      {challenge ? (
        <Suspense fallback={null}>
          <TwoStepForm
            challenge={challenge}
            onToken={signedIn}
            onBack={() => {
              setChallenge(null);
              setReloadSignal((n) => n + 1);
            }}
          />
        </Suspense>
      ) : (
        <Form<LoginForm> size="large" onFinish={onFinish} autoComplete="on" requiredMark={false}>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 20 }} data-testid="login-error" />}
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" data-testid="login-username" maxLength={60} />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" data-testid="login-password" maxLength={200} />
          </Form.Item>
          <SlideCaptcha onChange={setCaptcha} reloadSignal={reloadSignal} />
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Form.Item>
          <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: -12, marginBottom: 12 }}>
            <Link to="/user/forget-password" data-testid="login-forgot">
              {t('login.forgot')}
            </Link>
            <Link to="/user/register" data-testid="login-register">
              {t('login.register')}
            </Link>
          </div>
        </Form>
      )}
    </div>
  );
}
