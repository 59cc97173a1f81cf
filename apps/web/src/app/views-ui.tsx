/**
 * Lazy-view plumbing shared by every route: a suspense fallback, an error boundary that tells a
 * chunk load failure (spec §8: ChunkLoadError / CSS chunk load error) from other errors, and the
 * "not available" view for menu entries whose screen does not exist.
 */
import { Component, Suspense, lazy, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { Spin } from 'antd';
import { useRouteError } from 'react-router';
import { LIMITS } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { ensureFullTexts } from '../platform/i18n.ts';
import { trackLoad } from './progress.ts';

/** spec §7 / §9: lazy script and stylesheet chunks time out after 120 s */
export const CHUNK_TIMEOUT_MS = LIMITS.chunkTimeoutMs;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function isChunkLoadError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  return (
    e.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed|error loading dynamically/i.test(e.message)
  );
}

/**
 * Loads a view's chunk with the 120 s time-out; failures become ChunkLoadError. The view is ready once
 * every text is loaded (platform/i18n.ts), unless `coreTextsOnly` says the shell's texts are all it uses.
 */
export function loadView<M>(factory: () => Promise<M>, opts: { coreTextsOnly?: boolean } = {}): Promise<M> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${CHUNK_TIMEOUT_MS} ms`)), CHUNK_TIMEOUT_MS);
  });
  const load = opts.coreTextsOnly ? factory() : Promise.all([factory(), ensureFullTexts()]).then(([m]) => m);
  return trackLoad(Promise.race([load, timeout]))
    .catch((e: unknown) => {
      if (isChunkLoadError(e)) throw e instanceof ChunkLoadError ? e : new ChunkLoadError((e as Error).message);
      throw e;
    })
    .finally(() => clearTimeout(timer));
}

/** React.lazy over loadView. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- lazy() itself is typed with ComponentType<any>
export function lazyView<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>, opts: { coreTextsOnly?: boolean } = {}): LazyExoticComponent<T> {
  return lazy(() => loadView(factory, opts));
}

export function PageLoading({ full }: { full?: boolean }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', padding: 48, height: full ? '100vh' : undefined }}>
      <Spin size="large" />
    </div>
  );
}

interface BoundaryState {
  error: unknown;
}
export class ViewErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, BoundaryState> {
  override state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  override render() {
    return this.state.error ? <ErrorView error={this.state.error} /> : this.props.children;
  }
}

/** Renders a lazy component inside a suspense fallback and an error boundary. */
export function LazyView<P extends object>({ component: C, props }: { component: ComponentType<P>; props?: P }) {
  return (
    <ViewErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <C {...((props ?? {}) as P)} />
      </Suspense>
    </ViewErrorBoundary>
  );
}


const ErrorViews = () => import('./views-error.tsx');
const LazyErrorView = lazy(() => ErrorViews().then((m) => ({ default: m.ErrorView })));
const LazyRouteErrorView = lazy(() => ErrorViews().then((m) => ({ default: m.RouteErrorView })));
const LazyNotAvailableView = lazy(() => ErrorViews().then((m) => ({ default: m.NotAvailableView })));

/**
 * Single sign-on failed (app/sso.ts): why, and that the sign-in page follows (the redirect is already
 * scheduled). Plain elements: this shows before any view chunk has loaded.
 */
export function SsoFailedView({ reason, loginUrl }: { reason: string; loginUrl: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="sso-failed" style={{ padding: 48, textAlign: 'center' }}>
      <h3>{t('sso.failedTitle')}</h3>
      <p data-testid="sso-failed-reason">{reason}</p>
      <p>
        {t('sso.redirecting')} <a href={loginUrl}>{t('sso.goNow')}</a>
      </p>
    </div>
  );
}

/** Shown when even the error view's chunk cannot load (the network is gone): plain elements only. */
function PlainChunkError() {
  const { t } = useTranslation();
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <h3>{t('views.chunkErrorTitle')}</h3>
      <p>{t('views.chunkErrorDesc')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('views.reload')}
      </button>
    </div>
  );
}

class ErrorViewBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }
  override render() {
    return this.state.error ? <PlainChunkError /> : this.props.children;
  }
}

function errorChunk(node: ReactNode) {
  return (
    <ErrorViewBoundary>
      <Suspense fallback={<PageLoading />}>{node}</Suspense>
    </ErrorViewBoundary>
  );
}

export function ErrorView({ error }: { error: unknown }) {
  return errorChunk(<LazyErrorView error={error} />);
}

/** errorElement of the router. */
export function RouteErrorView() {
  const error = useRouteError();
  return errorChunk(<LazyRouteErrorView error={error} />);
}

/** A menu entry whose component path has no view in this build. */
export function NotAvailableView({ component }: { component?: string | null }) {
  return errorChunk(<LazyNotAvailableView component={component} />);
}
