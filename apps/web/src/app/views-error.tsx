/**
 * The error and "not available" views (antd Result): a lazy chunk, so the login route does not load
 * them (see views-ui.tsx for the wrappers and the plain fallback when even this chunk cannot load).
 */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from './views-ui.tsx';

export function ErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isChunkLoadError(error)) {
    return (
      <Result
        status="warning"
        title={t('views.chunkErrorTitle')}
        subTitle={t('views.chunkErrorDesc')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('views.reload')}
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status="500"
      title={t('views.errorTitle')}
      subTitle={error instanceof Error ? error.message : t('http.systemError')}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          {t('views.backHome')}
        </Button>
      }
    />
  );
}

export function RouteErrorView({ error }: { error: unknown }) {
  return (
    <div style={{ paddingTop: 48 }}>
      <ErrorView error={error} />
    </div>
  );
}

/** A menu entry whose component path has no view in this build. */
export function NotAvailableView({ component }: { component?: string | null }) {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('views.notAvailableTitle')}
      subTitle={t('views.notAvailableDesc', { component: component || '-' })}
      extra={
        <Button type="primary" href="/welcome">
          {t('views.backHome')}
        </Button>
      }
    />
  );
}
