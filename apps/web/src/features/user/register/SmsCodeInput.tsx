/** A 6-digit SMS code input with its "get code" button and the resend countdown (spec §7 /account/sms). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Space } from 'antd';
// the input itself, not antd's Input barrel
import Input from 'antd/es/input/Input';
import { SafetyOutlined } from '@ant-design/icons';
import { SMS_RULES } from '@tms/domain';

export interface SmsCodeInputProps {
  value?: string;
  onChange?: (v: string) => void;
  /** asks for a code; resolves true when one is on its way (the countdown starts) */
  send: () => Promise<boolean>;
  /** a code was just sent elsewhere (the two-step login): start counting at once */
  sentAlready?: boolean;
  testId: string;
  placeholder?: string;
}

export function SmsCodeInput({ value, onChange, send, sentAlready = false, testId, placeholder }: SmsCodeInputProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(sentAlready ? SMS_RULES.resendSeconds : 0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        prefix={<SafetyOutlined />}
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, SMS_RULES.codeLength))}
        placeholder={placeholder ?? t('register.smsCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        data-testid={testId}
      />
      <Button
        style={{ minWidth: 128 }}
        disabled={left > 0}
        loading={sending}
        data-testid={`${testId}-send`}
        onClick={async () => {
          setSending(true);
          try {
            if (await send()) setLeft(SMS_RULES.resendSeconds);
          } finally {
            setSending(false);
          }
        }}
      >
        {left > 0 ? t('register.resendIn', { seconds: left }) : t('register.getCode')}
      </Button>
    </Space.Compact>
  );
}
