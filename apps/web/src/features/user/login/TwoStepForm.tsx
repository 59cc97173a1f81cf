/**
 * The second step of a login (spec §7 /auth/2step-code): the password was right and the account needs
 * an SMS code, which is on its way to the masked mobile shown. Loaded only when a login asks for it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form } from 'antd';
import { SMS_CODE_PATTERN, type TwoStepChallenge } from '@tms/domain';
import { HttpError } from '../../../platform/http.ts';
import { callAuth } from '../authCall.ts';
import { SmsCodeInput } from '../register/SmsCodeInput.tsx';
import { LinkButton } from '../../../platform/LinkButton.tsx';

export interface TwoStepFormProps {
  challenge: TwoStepChallenge;
  onToken: (token: string) => Promise<void>;
  onBack: () => void;
}

export default function TwoStepForm({ challenge, onToken, onBack }: TwoStepFormProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const fail = (e: unknown) => setError(e instanceof HttpError ? e.message || t('http.systemError') : t('http.systemError'));

  const resend = async () => {
    setError(null);
    try {
      setInfo((await callAuth('twoStep', { body: { ticket: challenge.ticket } }, { silent: true })).msg);
      return true;
    } catch (e) {
      fail(e);
      return false;
    }
  };

  const onFinish = async (v: { code: string }) => {
    setError(null);
    setSubmitting(true);
    try {
      const { data } = await callAuth('twoStep', { body: { ticket: challenge.ticket, code: v.code } }, { silent: true });
      // with a code the answer is the token (a code sent instead answers only without one)
      if ('token' in data) await onToken(data.token);
    } catch (e) {
      fail(e);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<{ code: string }> size="large" onFinish={onFinish} requiredMark={false} data-testid="two-step-form">
      <h3 style={{ marginTop: 0 }}>{t('login.twoStepTitle')}</h3>
      <Alert type="info" showIcon message={info ?? t('login.twoStepHint', { mobile: challenge.mobile })} style={{ marginBottom: 16 }} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="two-step-error" />}
      <Form.Item name="code" rules={[{ required: true, pattern: SMS_CODE_PATTERN, message: t('register.codeInvalid') }]}>
        <SmsCodeInput send={resend} sentAlready testId="two-step-code" placeholder={t('login.twoStepCode')} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="two-step-submit">
          {t('login.twoStepSubmit')}
        </Button>
      </Form.Item>
      <div style={{ textAlign: 'right', marginTop: -12, marginBottom: 12 }}>
        <LinkButton onClick={onBack}>{t('login.backToPassword')}</LinkButton>
      </div>
    </Form>
  );
}
