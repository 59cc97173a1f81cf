/** Exception pages 403 / 404 / 500 (antd Result). */
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export type ExceptionStatus = '403' | '404' | '500';

export default function ExceptionPage({ status, standalone }: { status: ExceptionStatus; standalone?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={standalone ? { paddingTop: 80 } : undefined} data-testid={`exception-${status}`}>
      <Result
        status={status}
        title={status}
        subTitle={t(`exception.${status}`)}
        extra={
          <Button type="primary" onClick={() => navigate('/welcome')}>
            {t('views.backHome')}
          </Button>
        }
      />
    </div>
  );
}
