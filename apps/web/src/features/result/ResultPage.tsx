/** Result pages: /result/success and /result/error. */
import { Button, Card, Result, Typography } from 'antd';
import { CloseCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function ResultPage({ status }: { status: 'success' | 'error' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <Result
        status={status}
        title={t(`result.${status}.title`)}
        subTitle={t(`result.${status}.desc`)}
        extra={[
          <Button type="primary" key="home" onClick={() => navigate('/welcome')}>
            {t('views.backHome')}
          </Button>,
          <Button key="back" onClick={() => navigate(-1)}>
            {t('result.back')}
          </Button>,
        ]}
      >
        {status === 'error' && (
          <Typography.Paragraph>
            <CloseCircleOutlined style={{ color: 'red' }} /> {t('result.error.hint')}
          </Typography.Paragraph>
        )}
      </Result>
    </Card>
  );
}
