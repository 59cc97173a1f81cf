/**
 * Self-service account pages under the user layout (spec §2): /user/register (user name, mobile,
 * e-mail, password twice, SMS code), /user/register-result (what happens next: an administrator
 * enables the account) and /user/forget-password (a new password by mobile and SMS code).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Result, Spin, theme, type FormInstance } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { SMS_CODE_PATTERN, rules } from '@tms/domain';
import { HttpError } from '../../../platform/http.ts';
import { callAuth } from '../authCall.ts';
import { SmsCodeInput } from './SmsCodeInput.tsx';

/** The user layout's card (a plain box, like the login page's). */
function Card({ children, testId, width = 400 }: { children: ReactNode; testId: string; width?: number }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        width,
        maxWidth: '100%',
        boxSizing: 'border-box',
        padding: '24px 32px 8px',
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Link to="/user/login">
      <Button type="primary">{t('register.backToLogin')}</Button>
    </Link>
  );
}

type Notice = { type: 'success' | 'error' | 'info'; text: string } | null;

/** Field rules of spec §5, with the texts of the login route (the full texts are not loaded here). */
function useRules() {
  const { t } = useTranslation();
  const req: Rule = { required: true, whitespace: true, message: t('register.required') };
  return {
    userName: [req, { pattern: rules.code.pattern, max: 30, message: t('register.userNameInvalid') }] as Rule[],
    mobile: [req, { pattern: rules.mobile.pattern, message: t('register.mobileInvalid') }] as Rule[],
    email: [req, { pattern: rules.email.pattern, max: 60, message: t('register.emailInvalid') }] as Rule[],
    password: [req, { min: 6, max: 16, message: t('register.passwordLength') }] as Rule[],
    confirm: [
      req,
      ({ getFieldValue }: FormInstance) => ({
        validator: async (_r: unknown, v: unknown) => {
          if (v && v !== getFieldValue('password')) throw new Error(t('register.passwordMismatch'));
        },
      }),
    ] as Rule[],
    code: [req, { pattern: SMS_CODE_PATTERN, message: t('register.codeInvalid') }] as Rule[],
  };
}

/**
 * The state of an account form: its notice, the "get code" action (checks the mobile field, then asks
 * the server) and the submit (server field errors land under their fields, the message on top).
 */
function useAccountForm<T extends Record<string, unknown>>(purpose: 'register' | 'forget', route: 'register' | 'forgetPassword', fields: (keyof T & string)[], onDone: (v: T) => void) {
  const { t } = useTranslation();
  // untyped: the form's names are checked by the page's Form<T>; antd's generic name paths do not resolve for a type parameter
  const [form] = Form.useForm();
  const [notice, setNotice] = useState<Notice>(null);
  const [submitting, setSubmitting] = useState(false);
  const failed = (e: unknown) => {
    if (e instanceof HttpError) {
      const errs = Object.entries(e.fieldErrors).filter(([name]) => (fields as string[]).includes(name));
      if (errs.length) form.setFields(errs.map(([name, msg]) => ({ name, errors: [msg] })));
    }
    setNotice({ type: 'error', text: e instanceof HttpError ? e.message || t('http.systemError') : t('http.systemError') });
  };
  const sendCode = async (): Promise<boolean> => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return false;
    }
    try {
      const r = await callAuth('sendSms', { body: { mobile: form.getFieldValue('mobile'), purpose } }, { silent: true });
      setNotice({ type: 'info', text: r.msg });
      return true;
    } catch (e) {
      failed(e);
      return false;
    }
  };
  const onFinish = async (v: T) => {
    setNotice(null);
    setSubmitting(true);
    try {
      await callAuth(route, { body: v }, { silent: true });
      onDone(v);
    } catch (e) {
      failed(e);
    } finally {
      setSubmitting(false);
    }
  };
  return { form, notice, submitting, sendCode, onFinish };
}

type RegisterForm = {
  userName: string;
  mobile: string;
  email: string;
  password: string;
  confirmPassword: string;
  smsCaptcha: string;
};

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<boolean | null>(null);
  const r = useRules();
  const { form, notice, submitting, sendCode, onFinish } = useAccountForm<RegisterForm>(
    'register',
    'register',
    ['userName', 'mobile', 'email', 'password', 'confirmPassword', 'smsCaptcha'],
    (v) => navigate(`/user/register-result?account=${encodeURIComponent(v.userName)}`, { replace: true }),
  );

  useEffect(() => {
    callAuth('registrationOpen', {}, { silent: true })
      .then((r) => setOpen(r.data.open))
      .catch(() => setOpen(false));
  }, []);

  if (open === null) return <Spin />;
  if (!open)
    return (
      <Card testId="register-card">
        <div data-testid="register-closed">
          <Result status="info" title={t('register.title')} subTitle={t('register.notOpen')} extra={<BackToLogin />} />
        </div>
      </Card>
    );

  return (
    <Card testId="register-card">
      <h3 style={{ marginTop: 0, marginBottom: 20 }}>{t('register.title')}</h3>
      {notice && <Alert type={notice.type} showIcon message={notice.text} style={{ marginBottom: 16 }} data-testid="register-notice" />}
      <Form<RegisterForm> form={form} size="large" onFinish={onFinish} requiredMark={false} autoComplete="off">
        <Form.Item name="userName" rules={r.userName}>
          <Input prefix={<UserOutlined />} placeholder={t('register.userName')} maxLength={30} data-testid="register-username" />
        </Form.Item>
        <Form.Item name="mobile" rules={r.mobile}>
          <Input prefix={<MobileOutlined />} placeholder={t('register.mobile')} maxLength={11} inputMode="tel" data-testid="register-mobile" />
        </Form.Item>
        <Form.Item name="email" rules={r.email}>
          <Input prefix={<MailOutlined />} placeholder={t('register.email')} maxLength={60} data-testid="register-email" />
        </Form.Item>
        <Form.Item name="password" rules={r.password}>
          <Password prefix={<LockOutlined />} placeholder={t('register.password')} maxLength={16} autoComplete="new-password" data-testid="register-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" dependencies={['password']} rules={r.confirm}>
          <Password prefix={<LockOutlined />} placeholder={t('register.confirmPassword')} maxLength={16} autoComplete="new-password" data-testid="register-confirm" />
        </Form.Item>
        <Form.Item name="smsCaptcha" rules={r.code}>
          <SmsCodeInput send={sendCode} testId="register-sms" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="register-submit">
            {t('register.submit')}
          </Button>
        </Form.Item>
        <div style={{ textAlign: 'right', marginTop: -12, marginBottom: 12 }}>
          <Link to="/user/login">{t('register.haveAccount')}</Link>
        </div>
      </Form>
    </Card>
  );
}

export function RegisterResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const name = params.get('account');
  return (
    <Card testId="register-result" width={520}>
      <Result
        status={name ? 'success' : 'info'}
        title={name ? t('register.resultDone', { name }) : t('register.resultTitle')}
        subTitle={t('register.resultNext')}
        extra={<BackToLogin />}
      />
    </Card>
  );
}

type ForgetForm = {
  mobile: string;
  smsCaptcha: string;
  password: string;
  confirmPassword: string;
};

export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const r = useRules();
  const { form, notice, submitting, sendCode, onFinish } = useAccountForm<ForgetForm>(
    'forget',
    'forgetPassword',
    ['mobile', 'smsCaptcha', 'password', 'confirmPassword'],
    () => setDone(true),
  );

  if (done)
    return (
      <Card testId="forget-card">
        <div data-testid="forget-done">
          <Result status="success" title={t('register.resetDone')} subTitle={t('register.resetDoneDesc')} extra={<BackToLogin />} />
        </div>
      </Card>
    );

  return (
    <Card testId="forget-card">
      <h3 style={{ marginTop: 0, marginBottom: 20 }}>{t('register.forgetTitle')}</h3>
      {notice && <Alert type={notice.type} showIcon message={notice.text} style={{ marginBottom: 16 }} data-testid="forget-notice" />}
      <Form<ForgetForm> form={form} size="large" onFinish={onFinish} requiredMark={false} autoComplete="off">
        <Form.Item name="mobile" rules={r.mobile}>
          <Input prefix={<MobileOutlined />} placeholder={t('register.mobile')} maxLength={11} inputMode="tel" data-testid="forget-mobile" />
        </Form.Item>
        <Form.Item name="smsCaptcha" rules={r.code}>
          <SmsCodeInput send={sendCode} testId="forget-sms" />
        </Form.Item>
        <Form.Item name="password" rules={r.password}>
          <Password prefix={<LockOutlined />} placeholder={t('register.newPassword')} maxLength={16} autoComplete="new-password" data-testid="forget-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" dependencies={['password']} rules={r.confirm}>
          <Password prefix={<LockOutlined />} placeholder={t('register.confirmPassword')} maxLength={16} autoComplete="new-password" data-testid="forget-confirm" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="forget-submit">
            {t('register.reset')}
          </Button>
        </Form.Item>
        <div style={{ textAlign: 'right', marginTop: -12, marginBottom: 12 }}>
          <Link to="/user/login">{t('register.backToLogin')}</Link>
        </div>
      </Form>
    </Card>
  );
}
