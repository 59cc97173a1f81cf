/** Self-registration is not open yet: placeholders under the user layout. */
import { Button, Card, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <Card style={{ width: 420, maxWidth: '100%' }}>
      <Result
        status="info"
        title={t('register.title')}
        subTitle={t('register.notOpen')}
        extra={
          <Link to="/user/login">
            <Button type="primary">{t('register.backToLogin')}</Button>
          </Link>
        }
      />
    </Card>
  );
}

export function RegisterResultPage() {
  const { t } = useTranslation();
  return (
    <Card style={{ width: 420, maxWidth: '100%' }}>
      <Result
        status="info"
        title={t('register.resultTitle')}
        subTitle={t('register.notOpen')}
        extra={
          <Link to="/user/login">
            <Button type="primary">{t('register.backToLogin')}</Button>
          </Link>
        }
      />
    </Card>
  );
}
